"""What the panel, the labels, the badges and the log say follows the cards the player sees,
frame by frame through a deal and a capture: while cards fly the piles as shown are the
one source (a count changes as its card lifts off and as it lands, never ahead of it),
once they have landed the rules' position; a move's line comes as its card starts to move.
One function (``Stage.counted``) for every count. Headless, at a pace where cards fly."""

from __future__ import annotations

import pytest
from ui_support import drawn_words, open_table, pisti_deck, settle

from game.core.types import PACK, TABLE, PileKind
from game.games.pisti.rules import Pisti
from game.text import say_n
from game.text.words import phrase
from game.ui.table.model import says


@pytest.fixture
def app_options() -> dict:
    return {"pace": "slow"}


def panel_words(m, piles) -> list[tuple[str, str]]:
    """The panel's cards rows as they read from ``piles``."""
    rows = []
    for seat in says.playing_order(m):
        counts = m.spec.panel_counts(piles, seat, m.state.side_of(seat))
        rows.append((says.seat_name(m, seat), ", ".join(phrase(p, m.namer) for p in counts)))
    return rows


def agrees_with_the_cards(m) -> None:
    """Every count reads the cards as the screen shows them while they fly, the rules'
    piles at rest."""
    moving = m.dealing or m.show.busy
    piles = m.shown.piles if moving else m.stage.seen_piles()
    assert m.stage.counted() == piles
    assert list(says.seat_counts(m)) == panel_words(m, piles)
    if not m.dealing:
        for seat in range(m.state.players):
            n = m.spec.seat_cards(piles, seat)
            assert f"{n} card" in says.seat_label(m, seat)
    for pid in m.layout.spots:
        assert m.stage.count(pid) == len(piles.get(pid, ()))


def test_counts_follow_the_cards_frame_by_frame_through_the_deal(app, monkeypatch):
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    m = table.model
    assert m.dealing
    seen_packs, frames = set(), 0
    while m.dealing and frames < 3000:
        words = drawn_words(app, monkeypatch)  # one frame, and the words it drew
        frames += 1
        agrees_with_the_cards(m)
        pack = len(m.shown.get(PACK))
        if m.layout.areas.get("pack_count") is not None and m.dealing:
            said = [w for w in words if w.startswith("Pack")]
            assert not said or said[0].startswith(say_n("label.pack", pack).split()[0])
        seen_packs.add(pack)
        hand = m.shown.get(m.layout.spots and next(p for p in m.layout.spots
                                                     if p.kind is PileKind.HAND))  # fmt: skip
        assert len(hand) <= 4
    assert frames > 10, "the pack's count went down as cards left it"
    assert len(seen_packs) > 2, "the pack's count went down as cards left it"
    settle(app, table)
    agrees_with_the_cards(m)
    assert m.stage.counted() == m.stage.seen_piles(), "at rest: the rules' position"


def capture_table(app):
    """You hold 5♣ over a pile topped by 5♥ (its three cards below lie face down): the
    first move takes the pile, the face-down cards shown first."""
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    settle(app, table)
    return table


def test_counts_and_the_line_follow_a_capture_frame_by_frame(app, monkeypatch):
    table = capture_table(app)
    m = table.model
    five = next(a for a in m.my_actions() if str(a) == "5C")
    m.perform(five)
    lines = len(m.log.lines)
    table_counts, said_at = [], None
    frames = 0
    while (m.show.busy or m.hooks.peeks) and frames < 2000:
        words = drawn_words(app, monkeypatch)
        frames += 1
        agrees_with_the_cards(m)
        n = len(m.shown.get(TABLE))
        table_counts.append(n)
        assert say_n("label.pile", n) in words or (n == 0 and say_n("label.pile", 0) in words)
        for line in m.log.lines[lines:]:
            ev = line.event
            if ev is None or not ev.cards or ev.src is None:
                continue
            flying = [f for f in m.show.flights() if f.card in ev.cards]
            assert not flying or any(f.started for f in flying), f"{line.words(m.namer)!r} early"
            if ev.kind is ev.kind.CAPTURE and said_at is None:
                said_at = frames
        lines = len(m.log.lines)
    assert said_at is not None, "the capture's line waited for the peek"
    assert said_at > 10, "the capture's line waited for the peek"
    # the pile's four cards; five once 5♣ lands on them (not while it flies); none once
    # they are lifted off to be taken
    top = table_counts.index(5)
    assert set(table_counts[:top]) == {4}, table_counts
    assert table_counts[-1] == 0, table_counts
    after = table_counts[top:]
    assert after == sorted(after, reverse=True), table_counts
    settle(app, table)
    agrees_with_the_cards(m)
