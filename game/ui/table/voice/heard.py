"""What the table says for the ear beyond its moves: the table and the hand when they start,
a new deal, the player's choice with the moves it offers, and a backlog of moves shortened
when the voice has fallen behind. Worded from the catalogues; piles by their roles and
moves by the game's own phrases, so nothing here names a game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.core.types import PACK, Action, EventKind, PileId, PileKind
from game.speech.speaker import Utterance
from game.text import say, say_n
from game.text.log_lines import LogLine
from game.text.names import card_name
from game.text.spoken import pile_words, sentences
from game.text.words import move_phrase, phrase
from game.ui.table.model import says

if TYPE_CHECKING:
    from game.ui.table.input.controller import KeyPath
    from game.ui.table.model.reading import TableReading

KEPT = 2  # the last moves of a backlog said as they are; the earlier ones counted


def hand_words(m: TableReading, table: bool) -> str:
    """A hand starting: "Hand 2"; with ``table`` (the first hand at this table) the game, its
    variant and who plays first: "Pişti, 2 players, against North. Hand 1". The deal's
    number is left out (the I key says it). A lesson says its own title."""
    if m.director.caption is not None:
        return says.title(m)
    hand = say("speech.hand", n=m.match.hand_no + 1)
    if not table:
        return hand
    variant = m.spec.variant(m.state)  # None: the game is played one way only
    parts = [say(m.spec.title_key), phrase(variant, m.namer) if variant else "", seats_words(m)]
    return say("speech.table", table=", ".join(p for p in parts if p), hand=hand)


def seats_words(m: TableReading) -> str:
    """Whom the player plays with and against: "against North", "with North, against East
    and West"."""
    st, human = m.state, m.human
    side = st.side_of(human)
    partners = [m.namer.who(s) for s in range(st.players) if s != human and st.side_of(s) == side]
    others = [m.namer.who(s) for s in range(st.players) if st.side_of(s) != side]
    against = say_n("speech.table.against", len(others), others=listed(others, "speech.and"))
    if not partners:
        return against
    return say("speech.table.partner", partner=listed(partners, "speech.and"), against=against)


def listed(items: list[str], last: str = "speech.or") -> str:
    """ "a, b or c" (``last``: the phrase that joins the last two, "or" or "and")."""
    if len(items) < 2:
        return "".join(items)
    return say(last, a=", ".join(items[:-1]), b=items[-1])


def deal_words(m: TableReading) -> str:
    """A new deal in the hand: how many cards the pack has left ("the last deal" at none)."""
    if PACK not in m.layout.spots:
        return say("speech.new_deal.plain")
    return say_n("speech.new_deal", len(m.shown.get(PACK)))


def choice_words(m: TableReading, keys: Callable[[Action], KeyPath | None] | None = None) -> str:
    """The player's choice with the moves it offers. Cards played from the player's hand
    onto one pile: the hand and that pile ("Your hand: …. The middle pile, 3 cards, top
    …"); else each move as the game words it, the stock's last, each with the keys that
    make it (``keys``: the controller's paths): "Your choices: 7♥ onto North's pile (Enter
    twice), or turning a card from your stock (Tab to “Your stock”, then Enter)"."""
    st, acts = m.state, m.my_actions()
    wheres = [st.where(a) for a in acts]
    hand = PileId(PileKind.HAND, m.human)
    targets = {w.dst for w in wheres}
    if acts and all(w.src == hand for w in wheres) and len(targets) == 1:
        (target,) = targets
        piles = [hand] if target is None else [hand, target]
        return sentences(_pile(m, p) for p in piles)
    order = sorted(
        range(len(acts)),
        key=lambda i: (src := wheres[i].src) is not None and m.layout.role(src).clickable,
    )
    moves = [_with_keys(m, move_phrase(st, acts[i], m.namer, m.spec), acts[i], keys) for i in order]
    if len(moves) == 1:
        return say("speech.choice.one", move=moves[0])
    return say("speech.choices", moves=listed(moves))


def _with_keys(m: TableReading, move: str, action: Action, keys) -> str:
    path = keys(action) if keys is not None else None
    return move if path is None else f"{move} ({keys_words(m, path)})"


def keys_words(m: TableReading, path: KeyPath) -> str:
    """A move's keys for the ear: "key 2"; "Enter twice"; "Tab to “Your stock”, then
    Enter"; "Enter, then Tab to “Your pile” and Enter". A place is quoted as the focus
    names it when Tab reaches it, so the player knows it when they hear it."""
    if path.letter is not None:
        return say("speech.keys.letter", key=path.letter.upper())
    if path.number is not None:
        return say("speech.keys.number", n=path.number)
    if path.twice:
        words = say("speech.keys.enter_twice")
    elif path.dst is not None:
        words = say("speech.keys.enter_then", dst=place(m, path.dst))
    else:
        words = say("speech.keys.enter")
    if path.tab and path.src is not None:
        words = say("speech.keys.tab", place=place(m, path.src), keys=words)
    return words


def place(m: TableReading, pid: PileId) -> str:
    """A pile as the focus's words begin ("Your turned card", "North's pile", "Foundation
    of hearts"), without its count or its top card: quoted, what the player listens for."""
    words = pile_words(pid, m.shown.get(pid), m.namer, m.layout.role(pid))
    return re.split(r"[,:]", words, maxsplit=1)[0]


def _pile(m: TableReading, pid: PileId) -> str:
    return pile_words(pid, m.shown.get(pid), m.namer, m.layout.role(pid))


@dataclass(frozen=True)
class Matter:
    """A move the player must hear of even in a shortened backlog: cards put on one of
    their piles (``cards`` and who put them: grouped, "North loaded 3 cards onto your pile:
    …"), or a capture or a fault (``cards`` empty: said as the log words it)."""

    who: str = ""
    cards: tuple[int, ...] = ()


def matter(m: TableReading, line: LogLine) -> Matter | None:
    """What of ``line`` matters to the player in a catch-up, or None (counted only)."""
    ev = line.event
    if ev is None:
        return Matter() if line.key == "log.fault_unnoticed" else None
    if ev.kind.fault or ev.kind is EventKind.CAPTURE:
        return Matter()
    onto_mine = ev.dst is not None and ev.dst.seat == m.human and ev.dst.kind is not PileKind.HAND
    if onto_mine and ev.kind is not EventKind.DEAL and ev.seat not in (None, m.human):
        return Matter(m.namer.who(ev.seat), tuple(c for c in ev.cards if c is not None))
    return None


def summary(
    backlog: list[Utterance], said_first: set[str], matters: dict[str, Matter] | None = None
) -> list[Utterance]:
    """A backlog of moves shortened: the last two as they are, the ones before counted by
    who made them ("Earlier: North, 4 moves. Then: …") but for what matters to the player
    (``matters``, by the sentence said: cards put on their piles, grouped by who put them,
    captures and faults), all in one sentence (so a second shortening leaves it as it is).
    Turns are out of date, and ``said_first`` (the player's turn, the hand's start) is said
    by the urgent prompt this summary follows."""
    matters = matters or {}
    said = [u for u in backlog if not u.turn and u.text not in said_first]
    if len(said) <= KEPT + 1:  # (counting one would save nothing)
        return said
    earlier, last = said[:-KEPT], said[-KEPT:]
    counts: dict[str, int] = {}
    for u in earlier:
        if u.subject and u.text not in matters:
            counts[u.subject] = counts.get(u.subject, 0) + 1
    parts = [say_n("speech.backlog.who", n, who=who) for who, n in counts.items()]
    head = [say("speech.backlog", moves=listed(parts, "speech.and"))] if parts else []
    told = _told([u for u in earlier if u.text in matters], matters)
    text = " ".join(_ended(t) for t in [*head, *told, *(u.text for u in last)])
    return [replace(last[-1], text=text, subject="", turn=False, parts=())]


def _told(said: list[Utterance], matters: dict[str, Matter]) -> list[str]:
    """The moves that matter, in order: a run of cards one player put on the player's
    piles as one sentence, a capture or a fault as the log words it."""
    out: list[str] = []
    run: list[int] = []
    who = ""
    for u in [*said, None]:
        what = matters[u.text] if u is not None else None
        if run and (what is None or what.who != who or not what.cards):
            out.append(say_n("speech.backlog.loaded", len(run), who=who, cards=_cards(run)))
            run = []
        if u is None or what is None:
            continue
        if what.cards:
            who, run = what.who, run + list(what.cards)
        else:
            out.append(u.text)
    return out


def _cards(cards: list[int]) -> str:
    return listed([card_name(c) for c in cards], "speech.and")


def _ended(text: str) -> str:
    return text if text[-1:] in ".!?…:" else text + "."
