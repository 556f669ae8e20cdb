"""A game you come back to (issue 12): the match saved after every move and restored
exactly, statistics that add up, take-backs that round-trip, numbered deals, replays."""

from __future__ import annotations

import json

import pytest

from game.core.agents import SeatView
from game.core.referee import Phase
from game.session import Session, replay_record
from game.store import saves, stats
from game.store.history import History

GAMES = [
    ("pisti", {"players": 2}),
    ("pisti", {"players": 4}),
    ("pishe-pasha", {"players": 2}),
    ("pishe-pasha", {"players": 2, "stop_rule": True}),
    ("pishe-pasha", {"players": 3}),
    ("pisha-pasha-book", {}),
]


def person_move(session: Session, agent) -> None:
    """The person's move, made by a stand-in agent from what the person sees."""
    ref = session.referee
    seat = session.human
    view = SeatView(ref.state, seat)
    if ref.phase is Phase.CALLS and ref.person_may_call:
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
    straight = Session.start(game, choices, "hard", seed=41)
    stand_in = straight.spec.make_agent("medium", 5)
    while advance(straight, stand_in):
        pass
    resumed = Session.start(game, choices, "hard", seed=41)
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


def test_a_saved_match_keeps_its_totals_hand_number_and_next_deal(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    session = Session.start("pisti", {"players": 2, "target": 101}, "easy", seed=7)
    stand_in = session.spec.make_agent("easy", 1)
    while advance(session, stand_in):
        pass
    session.match.finish_hand()
    saves.save_match(session)
    ahead = session.to_save(advance=True)
    session.next_hand()
    for _ in range(5):
        advance(session, stand_in)
    saves.save_match(session)
    loaded, problem = saves.load_match()
    assert problem is None
    assert loaded.match.hand_no == 1 and loaded.match.totals == session.match.totals
    assert loaded.match.deal_no == session.match.deal_no == ahead["match"]["deal_no"]
    assert loaded.state.record() == session.state.record()
    assert loaded.summary()["hand"] == 2


def test_a_save_from_another_version_is_set_aside_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    (tmp_path / "match.json").write_text(json.dumps({"version": 0, "game": "pisti"}))
    session, problem = saves.load_match()
    assert session is None and problem and "version" in problem
    assert not (tmp_path / "match.json").exists()
    assert list(tmp_path.glob("match.json.broken-*"))


def test_a_save_whose_hand_no_longer_replays_is_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    session = Session.start("pisti", {"players": 2}, "easy", seed=8)
    data = session.to_save()
    data["hand"]["actions"] = ["QZ"]
    (tmp_path / "match.json").write_text(json.dumps(data))
    loaded, problem = saves.load_match()
    assert loaded is None and problem


@pytest.mark.parametrize(("game", "choices"), GAMES[:3])
def test_the_same_deal_number_deals_the_same_cards_whatever_the_match(game, choices):
    a = Session.start(game, choices, "easy", seed=1, deal_no=123456)
    b = Session.start(game, choices, "expert", seed=99, deal_no=123456)
    c = Session.start(game, choices, "easy", seed=1, deal_no=123457)
    assert a.state.setup() == b.state.setup() != c.state.setup()
    assert a.match.deal_no == 123456


def test_statistics_add_up_over_a_scripted_match(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    book = stats.Stats()
    session = Session.start("pisti", {"players": 2, "target": 101}, "easy", seed=3)
    stand_in = session.spec.make_agent("hard", 2)
    hands, points, won, pisti = 0, 0, 0, 0
    while True:
        while advance(session, stand_in):
            pass
        st, m = session.state, session.match
        side = st.side_of(session.human)
        mine = m.finish_hand()[m.team_of(0)]
        key = stats.key_of("pisti", st.options, 2, "easy", type(st))
        book.count_hand(key, st, side, session.human, False, mine)
        hands += 1
        points += mine
        won += st.winner == side
        pisti += st.report()["pisti"][side] + 0 * st.report()["jack_pisti"][side]
        if m.is_over:
            book.count_match(key, m.winner == m.team_of(0))
            break
        session.next_hand()
    line = book.lines[key]
    assert line.hands == hands and line.points == points and line.won == won
    assert line.won + line.lost + line.drawn == hands
    assert line.matches == 1 and line.matches_won == (session.match.winner == 0)
    assert line.counts.get("pisti", 0) == pisti
    assert line.last[-hands:] == line.last and len(line.last) == hands
    book.save()
    again, problem = stats.Stats.load()
    assert problem is None and again.lines[key] == line


def test_a_hand_with_take_backs_is_counted_apart_and_keeps_the_streak():
    book = stats.Stats()
    session = Session.start("pisti", {"players": 2}, "easy", seed=4)
    stand_in = session.spec.make_agent("hard", 2)
    while advance(session, stand_in):
        pass
    key = "k|{}|2|easy"
    book.line(key).streak = 3
    book.count_hand(key, session.state, 0, 0, True, 10)
    line = book.lines[key]
    assert line.hands == 0 and line.takeback_hands == 1 and line.streak == 3


def test_a_hand_given_up_counts_as_lost():
    book = stats.Stats()
    session = Session.start("pisti", {"players": 2}, "easy", seed=4)
    book.count_hand("k|{}|2|easy", session.state, 0, 0, False, 0, abandoned=True)
    line = book.lines["k|{}|2|easy"]
    assert line.hands == 1 and line.lost == 1 and line.streak == 0


@pytest.mark.parametrize(("game", "choices"), GAMES, ids=[f"{g}-{c}" for g, c in GAMES])
def test_undo_and_redo_round_trip_to_identical_states(game, choices):
    session = Session.start(game, choices, "medium", seed=12)
    stand_in = session.spec.make_agent("medium", 3)
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


def test_history_keeps_the_last_200_hands(tmp_path, monkeypatch):
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    book = History()
    session = Session.start("pisti", {"players": 2}, "easy", seed=5)
    record = session.state.record()
    for i in range(230):
        book.add(History.entry(record, "pisti", 2, "easy", 0, 1, [i, 0], i))
    book.save()
    again, problem = History.load()
    assert problem is None and len(again.entries) == 200
    assert again.entries[-1].score == [229, 0] and again.entries[0].score == [30, 0]
    assert replay_record(session.spec, again.entries[0].record).setup() == session.state.setup()
