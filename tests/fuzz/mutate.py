"""Mutations of a valid JSON document, as the bytes of a broken file.

Two layers, like real damage: changes to the document's values (wrong types, nulls,
NaN and Infinity, huge numbers, deep nesting, huge arrays, duplicate keys, missing
and unknown keys, odd strings), then, sometimes, damage to the bytes (truncation,
byte flips, invalid UTF-8, a BOM, UTF-16, NUL bytes, garbage appended). Everything
is drawn from the ``random.Random`` given, so a seed replays a case exactly.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from typing import Any


class Raw(str):
    """Text written into the JSON as it is (huge literals, deep nesting, NaN spellings)."""


class Pairs(list):
    """An object written as these (key, value) pairs, duplicate keys included."""


# ----------------------------------------------------------------- writing
def dumps(obj: Any, ascii_only: bool = True, indent: bool = False) -> str:
    """JSON text of ``obj`` that may hold what ``json.dumps`` refuses to write."""
    sep = ",\n" if indent else ","

    def enc(o: Any) -> str:
        if isinstance(o, Raw):
            return str(o)
        if isinstance(o, Pairs):
            return "{" + sep.join(_key(k) + ":" + enc(v) for k, v in o) + "}"
        if isinstance(o, dict):
            return "{" + sep.join(_key(k) + ":" + enc(v) for k, v in o.items()) + "}"
        if isinstance(o, (list, tuple)):
            return "[" + sep.join(enc(x) for x in o) + "]"
        if isinstance(o, float):
            if math.isnan(o):
                return "NaN"
            if math.isinf(o):
                return "Infinity" if o > 0 else "-Infinity"
            return repr(o)
        if isinstance(o, str):
            return json.dumps(o, ensure_ascii=ascii_only)
        return json.dumps(o)

    def _key(k: Any) -> str:
        return json.dumps(k if isinstance(k, str) else str(k), ensure_ascii=ascii_only)

    return enc(obj)


# ----------------------------------------------------------------- finding nodes
def paths(obj: Any, limit: int = 5000) -> list[tuple]:
    """Paths (tuples of keys and indexes) to every node, the root included."""
    out: list[tuple] = [()]
    todo: list[tuple[tuple, Any]] = [((), obj)]
    while todo and len(out) < limit:
        path, node = todo.pop()
        if isinstance(node, dict):
            children = node.items()
        elif isinstance(node, list) and not isinstance(node, Pairs):
            children = enumerate(node)
        else:
            children = ()
        for k, v in children:
            out.append((*path, k))
            todo.append(((*path, k), v))
    return out


def get(obj: Any, path: tuple) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def put(obj: Any, path: tuple, value: Any) -> Any:
    """``obj`` with the node at ``path`` replaced (the root too)."""
    if not path:
        return value
    get(obj, path[:-1])[path[-1]] = value
    return obj


# ----------------------------------------------------------------- value mutations
ODD_STRINGS = (
    "", " ", "x", "ş", "Pişti", "\x00", "\u202e", "\ud800", "null", "true", "false", "NaN",
    "1e309", "-0", "0x10", "🂡", "AS", "10D", "1O", "T", "turn", "flip", "accept",
    "turned>F", "discard>1", "stop 1 force", "stop 0 end", "discard>-1", "turned>99",
    "stop 10 force", "s" * 41, "a" * 5000,
)  # fmt: skip


def wrong_value(rng: random.Random) -> Any:
    """A value of any JSON type, often an edge of its type."""
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            -1,
            1,
            2,
            3,
            4,
            9,
            10,
            -(2**63),
            2**63,
            10**29,
            0.5,
            -0.0,
            1e300,
            -1e300,
            5e-324,
            float("nan"),
            float("inf"),
            float("-inf"),
            "",
            rng.choice(ODD_STRINGS),
            [],
            {},
            [None],
            {"": None},
            [[[]]],
        ]
    )


def huge_number(rng: random.Random) -> Raw:
    n = rng.choice((31, 40, 400, 4301, 5000, 100_000))
    sign = rng.choice(("", "-"))
    return Raw(
        rng.choice(
            (
                sign + "9" * n,
                sign + "1" + "0" * n,
                sign + "1e" + "9" * min(n, 400),
                sign + "0." + "0" * n + "1",
                sign + "1" * min(n, 60) + "." + "5" * min(n, 60),
                sign + "1e309",
                sign + "1E-400",
            )
        )
    )


def deep(rng: random.Random, node: Any) -> Raw:
    d = rng.choice((39, 41, 64, 1000, 5000, 100_000))
    open_, close = rng.choice((("[", "]"), ('{"a":', "}"), ('[{"a":', "}]")))
    inner = dumps(node) if rng.random() < 0.5 else "0"
    if rng.random() < 0.2:
        return Raw(open_ * d)  # never closed
    return Raw(open_ * d + inner + close * d)


def huge_array(rng: random.Random, node: Any) -> Raw:
    n = rng.choice((1000, 100_001, 300_000))
    item = dumps(node) if len(dumps(node)) < 20 else "1"
    return Raw("[" + ",".join([item] * n) + "]")


def mutate_string(rng: random.Random, s: str) -> str:
    """Small edits of a text (an action, a card, an option name)."""
    choice = rng.randrange(10)
    if choice == 0:
        return s.upper() if rng.random() < 0.5 else s.lower()
    if choice == 1:
        return " " + s + " \t"
    if choice == 2 and s:
        i = rng.randrange(len(s))
        return s[:i] + s[i + 1 :]
    if choice == 3:
        i = rng.randrange(len(s) + 1)
        return s[:i] + rng.choice("0123456789>ş \x00\ud800") + s[i:]
    if choice == 4:
        digits = "9" * rng.choice((2, 4, 10, 31, 400, 5000))
        return rng.choice(
            (f"discard>{digits}", f"turned>{digits}", f"stop {digits} force", f"stop {digits} end")
        )
    if choice == 5:
        return s * rng.choice((2, 10, 1000))
    if choice == 6:
        return rng.choice(ODD_STRINGS)
    if choice == 7:
        return s[::-1]
    if choice == 8:
        return s.replace("1", "-1").replace("0", "00")
    return "".join(chr(rng.randrange(0x20, 0x250)) for _ in range(rng.randrange(1, 8)))


def mutate_value(rng: random.Random, doc: Any) -> Any:
    """One change somewhere in ``doc`` (a deep copy is changed and returned).

    A kind whose node does not fit it (a list where a dict is wanted) puts a wrong value
    there instead; the random calls stay in one order, so a case number finds its case again.
    """
    doc = copy.deepcopy(doc)
    all_paths = paths(doc)
    containers = [p for p in all_paths if isinstance(get(doc, p), (dict, list))]
    path = rng.choice(containers if containers and rng.random() < 0.35 else all_paths)
    node = get(doc, path)
    change = VALUE_CHANGES.get(rng.randrange(16))
    value = change(rng, node, doc, all_paths) if change else NOTHING
    if value is NOTHING:
        value = wrong_value(rng)
    return doc if value is IN_PLACE else put(doc, path, value)


NOTHING, IN_PLACE = object(), object()  # "this kind does not fit", "changed where it is"


def _doubled_key(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if not (isinstance(node, dict) and node):
        return NOTHING
    key = rng.choice(list(node))
    pairs = Pairs(node.items())
    pairs.insert(rng.randrange(len(pairs) + 1), (key, wrong_value(rng)))
    return pairs


def _key_dropped(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if not (isinstance(node, dict) and node):
        return NOTHING
    del node[rng.choice(list(node))]
    return IN_PLACE


def _key_added(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if not isinstance(node, dict):
        return NOTHING
    node[rng.choice(("extra", "", "version", "game", "ş", "__proto__"))] = wrong_value(rng)
    return IN_PLACE


def _list_changed(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if not (isinstance(node, list) and node):
        return NOTHING
    op = rng.randrange(4)
    i = rng.randrange(len(node))
    if op == 0:
        del node[i]
    elif op == 1:
        node.insert(i, copy.deepcopy(node[rng.randrange(len(node))]))
    elif op == 2:
        rng.shuffle(node)
    else:
        del node[i:]
    return IN_PLACE


def _number_changed(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if not isinstance(node, (int, float)) or isinstance(node, bool):
        return NOTHING
    return rng.choice((-node, node + 1, node - 1, node * 1000, 0, str(node)))


def _bool_changed(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if not isinstance(node, bool):
        return NOTHING
    return rng.choice(("false", "true", 0, 1, None, str(node).lower()))


def _copied_from_elsewhere(rng: random.Random, node: Any, doc: Any, all_paths: list) -> Any:
    if len(all_paths) <= 2:
        return NOTHING
    return copy.deepcopy(get(doc, rng.choice(all_paths)))


VALUE_CHANGES: dict[int, Callable[[random.Random, Any, Any, list], Any]] = {
    3: lambda rng, *_: rng.choice((float("nan"), float("inf"), float("-inf"))),
    4: lambda rng, *_: huge_number(rng),
    5: lambda rng, node, *_: deep(rng, node),
    6: lambda rng, node, *_: huge_array(rng, node),
    7: _doubled_key,
    8: _key_dropped,
    9: _key_added,
    10: _list_changed,
    11: lambda rng, node, *_: mutate_string(rng, node) if isinstance(node, str) else NOTHING,
    12: _number_changed,
    13: _bool_changed,
    14: _copied_from_elsewhere,
}


# ----------------------------------------------------------------- moves of a record
def action_texts() -> list[str]:
    """Every spelling of a move the games know, and near misses."""
    from game.core.cards import CARD_TEXT

    out = ["turn", "flip", "accept", "turned>F", "turned>D", "discard>F", "discard>D"]
    out += [f"{src}>{n}" for src in ("turned", "discard") for n in range(5)]
    out += [f"stop {n} {how}" for n in range(5) for how in ("force", "end")]
    out += [*list(CARD_TEXT), "TURN", " turn ", "7h", "Th", "turned > f", "stop  1  force"]
    return out


def mutate_actions(rng: random.Random, record: dict) -> dict:
    """A record whose moves are changed but still look like moves: the replay runs until
    the rules refuse one (exit 1) or plays on (exit 0), through every rule on the way."""
    record = copy.deepcopy(record)
    actions = record.get("actions")
    if not isinstance(actions, list):
        return record
    texts = action_texts()
    for _ in range(rng.choice((1, 1, 2, 5))):
        op = rng.randrange(6)
        i = rng.randrange(len(actions) + 1)
        if op == 0 and actions:
            actions[min(i, len(actions) - 1)] = rng.choice(texts)
        elif op == 1:
            actions.insert(i, rng.choice(texts))
        elif op == 2 and actions:
            del actions[min(i, len(actions) - 1)]
        elif op == 3:
            del actions[i:]
        elif op == 4:
            actions.extend(rng.choice(texts) for _ in range(rng.choice((1, 10, 500))))
        else:
            actions[i:i] = actions[i : i + rng.randrange(1, 5)]
    return record


# ----------------------------------------------------------------- byte damage
def damage(rng: random.Random, data: bytes) -> bytes:
    """Damage the bytes of a file the way disks, editors and copies do."""
    kind = rng.randrange(12)
    if data or kind not in NEEDS_BYTES:
        hurt = DAMAGES.get(kind)
        if hurt is not None:
            return hurt(rng, data)
    return b"\xef\xbb\xbf" + data[: max(0, len(data) - 1)]


def _bits_flipped(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 8))):
        out[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(out)


def _bad_utf8(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    bad = rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80"))
    return data[:i] + bad + data[i:]


def _nul_inside(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + b"\x00" + data[i:]


def _span_doubled(rng: random.Random, data: bytes) -> bytes:
    i, j = sorted((rng.randrange(len(data)), rng.randrange(len(data))))
    return data[:j] + data[i:j] + data[j:]


def _noise_inside(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data))
    return data[:i] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 16))) + data[i:]


def _other_encoding(rng: random.Random, data: bytes) -> bytes:
    text = data.decode("utf-8", "replace")
    return text.encode(rng.choice(("utf-16", "utf-16-le", "utf-32")))


NEEDS_BYTES = {0, 1, 8, 9}  # kinds that pick a place inside the data
DAMAGES: dict[int, Callable[[random.Random, bytes], bytes]] = {
    0: lambda rng, data: data[: rng.randrange(len(data))],  # truncated
    1: _bits_flipped,
    2: _bad_utf8,
    3: lambda rng, data: b"\xef\xbb\xbf" + data,
    4: _other_encoding,
    5: lambda rng, data: rng.choice(
        (b"", b" ", b"\n", b"\x00" * 64, b"null", b"[]", b"{}", b"0", b'""')
    ),
    6: _nul_inside,
    7: lambda rng, data: data + rng.choice((b"x", b"}", b"]", b"\x00", b",", b" {}", data[:20])),
    8: _span_doubled,
    9: _noise_inside,
    10: lambda rng, data: data.replace(b'"', b"'", rng.randrange(1, 4)),
}


def mutant(rng: random.Random, doc: Any) -> bytes:
    """The bytes of a broken copy of ``doc``: value changes, byte damage or both."""
    roll = rng.random()
    changed = doc
    if roll < 0.8:
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            changed = mutate_value(rng, changed)
    ascii_only = rng.random() < 0.5
    text = dumps(changed, ascii_only=ascii_only, indent=rng.random() < 0.2)
    data = text.encode("utf-8", "surrogatepass")
    if roll >= 0.6:
        data = damage(rng, data)
    return data
