"""List the English phrases a catalogue has not translated yet, in the English file's order,
each with the key it goes after, so adding a language's missing entries is mechanical.

    python build/missing_keys.py            # every language's catalogues
    python build/missing_keys.py de         # only German's
    python build/missing_keys.py --check    # exit 1 if any catalogue lacks a key

Every ``locale/en/LC_MESSAGES/*.po`` under ``game/`` (the shared one and any game's own) is
compared with the same file of each other language beside it. A key a language has that
English lacks is listed too (a key renamed or dropped in English). Babel reads the files.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Gap:
    """A catalogue's missing or extra key, with the English text and the key before it."""

    po: Path
    key: str
    english: str
    after: str | None
    extra: bool = False


def texts(po: Path) -> dict[str, tuple[str, ...]]:
    """Each key of ``po`` in the file's order, with its text (a plural entry's forms)."""
    with po.open("rb") as f:
        catalogue = read_po(f)
    out = {}
    for message in catalogue:
        if message.id:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            text = message.string
            out[key] = tuple(text) if isinstance(text, tuple) else (text,)
    return out


def catalogues(langs: list[str]) -> list[tuple[Path, Path]]:
    """(English file, the other language's file) for every English catalogue in ``game/``."""
    pairs = []
    for english in sorted(ROOT.glob("game/**/locale/en/LC_MESSAGES/*.po")):
        base = english.parents[2]
        for folder in sorted(p for p in base.iterdir() if p.is_dir() and p.name != "en"):
            if not langs or folder.name in langs:
                pairs.append((english, folder / "LC_MESSAGES" / english.name))
    return pairs


def gaps(english: Path, other: Path) -> list[Gap]:
    """What ``other`` lacks of ``english``, in English order, then what it has beyond it."""
    want = texts(english)
    have = texts(other) if other.exists() else {}
    found, before = [], None
    for key, forms in want.items():
        if key not in have:
            found.append(Gap(other, key, forms[-1], before))
        before = key
    found += [Gap(other, key, "", None, extra=True) for key in have if key not in want]
    return found


def main(argv: list[str]) -> int:
    check = "--check" in argv
    langs = [a for a in argv if not a.startswith("-")]
    total = 0
    for english, other in catalogues(langs):
        found = gaps(english, other)
        total += len(found)
        if found:
            print(f"{other.relative_to(ROOT)}: {len(found)} to do")
        for gap in found:
            if gap.extra:
                print(f"  not in English (drop or rename): {gap.key}")
            else:
                print(f"  {gap.key}  (after {gap.after})\n      en: {gap.english!r}")
    if not total:
        print("every catalogue has every English key")
    return 1 if check and total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
