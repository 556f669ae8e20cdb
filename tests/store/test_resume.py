"""A game you come back to: the match saved after every move and restored
exactly, statistics that add up, take-backs that round-trip, numbered deals, replays."""

from __future__ import annotations

import json

import pytest
from conftest import registered_tables
from store_support import a_record, counts, hand_row, put_rows, put_save

from game.core.agents import SeatView
from game.core.referee import Awaiting
from game.games import SPECS
from game.session import Session, replay_record
from game.stats import Line
from game.store.hands import Hand, StatsKey, key_of
from game.store.keeper import Keeper

GAMES = [(game, choices) for game, choices, _ in registered_tables()]
FIRSTS = [(g, c) for i, (g, c) in enumerate(GAMES) if g not in dict(GAMES[:i])]  # a table each


def levels(game: str) -> tuple[str, str]:
    """Two of the game's own levels, quick to play: its default and the first it offers."""
    spec = SPECS[game]
    return spec.default_level, (spec.levels or (spec.default_level,))[0]


def person_move(session: Session, agent) -> None:
    """The person's move, made by a stand-in agent from what the person sees."""
    ref = session.referee
    seat = session.human
    view = SeatView(ref.state, seat)
    if ref.awaiting is Awaiting.CALLS and ref.person_may_call:
        call = agent.call(view)
        if call is not None:
            ref.apply(call, seat)
            return
        ref.close_window()
        return
    ref.apply(agent.choose(view), seat)


def advance(session: Session, agent) -> bool:
    """One step of the hand: a computer's answer or the person's move; False at the end."""
    ref = session.referee
    if ref.state.is_over:
        return False
    q = ref.question()
    if q is not None:
        ref.answer(q, q.answer())
    elif not ref.state.is_over:
        person_move(session, agent)
    return True


@pytest.mark.parametrize(("game", "choices"), GAMES, ids=[f"{g}-{c}" for g, c in GAMES])
def test_resume_at_every_move_gives_the_same_hand_as_playing_straight_through(game, choices):
    default, other = levels(game)
    straight = Session.start(game, choices, other, seed=41)
    stand_in = straight.spec.make_agent(default, 5)
    while advance(straight, stand_in):
        pass
    resumed = Session.start(game, choices, other, seed=41)
    steps = 0
    while True:
        data = json.loads(json.dumps(resumed.to_save()))
        resumed = Session.from_save(data)
        assert resumed.state.record() == data["hand"], "the save holds the hand exactly"
        if not advance(resumed, stand_in):
            break
        steps += 1
    assert steps > 20
    assert resumed.state.record() == straight.state.record()
    assert resumed.state.report() == straight.state.report()


def test_a_saved_match_keeps_its_totals_hand_number_and_next_deal(tmp_path):
    told: list[str] = []
    keeper = Keeper(told.append, tmp_path)
    session = Session.start("pisti", {"players": 2, "target": 101}, "easy", seed=7)
    stand_in = session.spec.make_agent("easy", 1)
    while advance(session, stand_in):
        pass
    keeper.match_changed(session)  # the hand ends: counted, and the next one saved with it
    ahead = session.to_save(advance=True)
    assert Keeper(told.append, tmp_path).load_match().to_save()["match"] == ahead["match"]
    session.next_hand()
    for _ in range(5):
        advance(session, stand_in)
    keeper.match_changed(session)
    loaded = Keeper(told.append, tmp_path).load_match()
    assert told == []
    assert loaded.match.hand_no == 1
    assert loaded.match.totals == session.match.totals
    assert loaded.match.deal_no == session.match.deal_no == ahead["match"]["deal_no"]
    assert loaded.state.record() == session.state.record()
    assert loaded.summary()["hand"] == 2
    assert counts(tmp_path) == (1, 1)


def test_a_save_from_another_version_is_set_aside_with_a_message(tmp_path):
    put_save(tmp_path, json.dumps({"version": 0, "game": "pisti"}))
    told: list[str] = []
    keeper = Keeper(told.append, tmp_path)
    assert keeper.load_match() is None
    assert keeper.saved_match() is None
    assert told
    assert told[0].code == "save_broken"
    assert "version" in told[0].detail
    aside = keeper.store.read("SELECT save FROM match_aside")
    assert json.loads(aside[0][0]) == {"version": 0, "game": "pisti"}, "kept, never lost"


def test_a_save_whose_hand_no_longer_replays_is_set_aside(tmp_path):
    session = Session.start("pisti", {"players": 2}, "easy", seed=8)
    data = session.to_save()
    data["hand"]["actions"] = ["QZ"]
    put_save(tmp_path, json.dumps(data))
    told: list[str] = []
    assert Keeper(told.append, tmp_path).load_match() is None
    assert told


@pytest.mark.parametrize(("game", "choices"), FIRSTS)
def test_the_same_deal_number_deals_the_same_cards_whatever_the_match(game, choices):
    default, other = levels(game)
    a = Session.start(game, choices, default, seed=1, deal_no=123456)
    b = Session.start(game, choices, other, seed=99, deal_no=123456)
    c = Session.start(game, choices, default, seed=1, deal_no=123457)
    assert a.state.setup() == b.state.setup() != c.state.setup()
    assert a.match.deal_no == 123456


def test_statistics_add_up_over_a_scripted_match(tmp_path):
    keeper = Keeper(lambda code: None, tmp_path)
    session = Session.start("pisti", {"players": 2, "target": 101}, "easy", seed=3)
    stand_in = session.spec.make_agent("hard", 2)
    hands, points, won, pisti = 0, 0, 0, 0
    while True:
        while advance(session, stand_in):
            pass
        keeper.match_changed(session)  # counted the moment it ends
        st, m = session.state, session.match
        side = st.side_of(session.human)
        mine = m.history[-1][m.team_of(0)]
        hands += 1
        points += mine
        won += st.winner == side
        pisti += st.report()["pisti"][side]
        if m.is_over:
            break
        session.next_hand()
    key = key_of(session)
    line = keeper.statistics()[key]
    assert line.hands == hands
    assert line.points == points
    assert line.won == won
    assert line.won + line.lost + line.drawn == hands
    assert line.matches == 1
    assert line.matches_won == (session.match.winner == 0)
    assert line.counts.get("pisti", 0) == pisti
    assert line.last[-hands:] == line.last
    assert len(line.last) == hands
    assert Keeper(lambda code: None, tmp_path).statistics() == {key: line}
    assert counts(tmp_path) == (hands, hands)
    assert keeper.saved_match() is None, "the match is over: nothing to continue"


def _hand(result: int, **changes) -> Hand:
    return Hand(StatsKey("k", 2, "easy"), 0, result, 10, **changes)


def test_a_hand_with_take_backs_is_counted_apart_and_keeps_the_streak():
    line = Line(streak=3)
    line.add(_hand(1, took_back=True))
    assert line.hands == 0
    assert line.takeback_hands == 1
    assert line.streak == 3
    assert line.takeback_won == 1


def test_a_hand_given_up_counts_as_lost():
    session = Session.start("pisti", {"players": 2}, "easy", seed=4)
    hand = Hand.of(session, given_up=True)
    assert hand.result == -1
    assert hand.points == 0
    line = Line(streak=2)
    line.add(hand)
    assert line.hands == 1
    assert line.lost == 1
    assert line.streak == 0
    assert line.points == 0


@pytest.mark.parametrize(("game", "choices"), GAMES, ids=[f"{g}-{c}" for g, c in GAMES])
def test_undo_and_redo_round_trip_to_identical_states(game, choices):
    session = Session.start(game, choices, levels(game)[0], seed=12)
    stand_in = session.spec.make_agent(levels(game)[0], 3)
    snapshots = []
    for _ in range(400):
        ref = session.referee
        if ref.state.is_over:
            break
        if ref.question() is None and ref.state.to_move == session.human:
            snapshots.append((len(ref.state.history), ref.state.report(), ref.state.to_move))
        advance(session, stand_in)
    end = (session.state.report(), [str(a) for a in session.state.history])
    ref = session.referee
    mine = sum(1 for snap in ref.past if snap.by == session.human and not snap.action.is_call)
    undone = 0
    while ref.undo(session.human):
        undone += 1
        here = (len(ref.state.history), ref.state.report(), ref.state.to_move)
        assert here in snapshots
    assert undone == mine > 0
    while ref.can_redo():
        ref.redo(session.human)
    assert (ref.state.report(), [str(a) for a in ref.state.history]) == end


def test_history_keeps_every_hand_not_the_last_200(tmp_path):
    record = a_record(seed=5)
    put_rows(tmp_path, *(hand_row(record, score=json.dumps([i, 0]), deal=i) for i in range(230)))
    keeper = Keeper(lambda code: None, tmp_path)
    entries = keeper.entries()
    assert len(entries) == 230
    assert entries[0].score == (229, 0), "newest first"
    assert entries[-1].score == (0, 0), "newest first"
    spec = Session.start("pisti", {"players": 2}, "easy", seed=5).spec
    assert (
        replay_record(spec, keeper.record(entries[-1].id)).setup()
        == replay_record(spec, record).setup()
    )
