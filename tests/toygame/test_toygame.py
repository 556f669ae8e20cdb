"""A game that lives only in the tests goes everywhere a game goes: the referee, the
table by mouse and by keys, the summary, statistics, history and a replay, the arena, the
smoke check and the record checker. It joins through the registry alone, brings its own
words in both languages, and nothing outside its folder mentions it."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pygame
import pytest
from conftest import assert_agents_never_peek, registered_tables
from hypothesis import given, settings
from hypothesis import strategies as st
from store_support import records
from ui_support import (
    assert_offers_what_it_declares,
    key,
    keys_for,
    open_table,
    play_hand,
    play_hand_by_mouse,
    settle,
)

from game import games, record
from game.cli import arena, smoke
from game.core.design import default_role
from game.core.referee import Referee
from game.core.spec import Phrase
from game.core.types import DRAW, PACK, PLAYS, Code, EventKind, PileId, PileKind, Refusal
from game.text import say, say_n, set_language
from game.text.names import Namer, card_params
from game.ui.table.model.hints import HintGiver
from game.ui.table.model.shown_piles import ShownTable

from .rules import DRAW_PASS, POOL, Codes, Duel
from .spec import ID, SHARED_PACK, SPEC, THE_POOL

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def a_finished_hand(seed: int):
    state = SPEC.new_hand(2, {}, seed)
    agents = [SPEC.make_agent("sharp", 1), SPEC.make_agent("novice", 2)]
    return Referee(state, agents).play_out()


def test_the_duel_joins_through_the_registry_and_brings_its_own_words(duel):
    assert games.spec_of(ID) is SPEC
    assert say(f"game.{ID}") == "Hi-card duel"
    set_language("tr")
    assert say(f"game.{ID}") == "Yüksek-kart düellosu"
    assert say("game.pisti") == "Pişti"  # the shared catalogue still answers first


def left_over(state) -> int:
    """The cards nobody took: still held, on the table or in the pack."""
    return sum(len(p) for pid, p in state.reveal().items() if pid.kind is not PileKind.WON)


def test_the_referee_plays_a_duel_to_the_end_with_every_card_accounted_for(duel):
    state = a_finished_hand(5)
    assert state.is_over, "a draw was made"
    assert any(a.card is None for a in state.history), "a draw was made"
    assert sum(state.score) + left_over(state) == len(Duel.CARDS)
    assert sorted(state.all_cards()) == sorted(Duel.CARDS)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_duel_ends_with_every_card_of_its_pack_and_the_scores_adding_up(seed):
    state = SPEC.new_hand(2, {}, seed)
    rng = random.Random(seed)
    while not state.is_over:
        assert sorted(state.all_cards()) == sorted(Duel.CARDS)
        state.apply(rng.choice(state.legal_actions()))
    assert sum(state.score) + left_over(state) == len(Duel.CARDS)
    assert state.winner == (DRAW if state.score[0] == state.score[1] else
                            int(state.score[1] > state.score[0]))  # fmt: skip


def test_the_duel_joins_the_registered_tables_and_its_players_never_peek(duel):
    """The tests that loop over games take them from the registry: the duel registered is
    among them, and the no-peeking check holds for each of its computer players."""
    tables = [t for t in registered_tables() if t[0] == ID]
    assert tables == [(ID, {}, len(registered_tables()))]
    for table in tables:
        assert_agents_never_peek(*table)


def test_the_duel_offers_its_own_levels_hint_and_no_lessons_or_review(duel, app):
    assert SPEC.levels
    assert not SPEC.lessons
    assert SPEC.coach is None
    assert_offers_what_it_declares(app, SPEC)


def test_the_lessons_checks_of_every_game_hold_for_the_duel_which_has_none(duel, monkeypatch):
    """A game without lessons passes the tests that loop over games' lessons."""
    monkeypatch.syspath_prepend(str(HERE.parent / "core"))  # where the lessons' tests lie
    import test_lessons

    assert not SPEC.lessons
    test_lessons.test_lessons_are_a_games_own_and_each_opens_with_words_for_a_newcomer()


def test_the_leader_may_draw_from_the_shared_pack_and_pass_so_a_hand_grows(duel):
    state = SPEC.new_hand(2, {}, 12)
    for seat in (0, 1, 0, 1, 0):
        assert state.to_move == seat
        assert DRAW_PASS in state.legal_actions()
        events = state.apply(DRAW_PASS)
        assert [e.kind for e in events] == [EventKind.DEAL, EventKind.PASS]
        assert events[0].src == PACK
        assert events[0].dst == PileId(PileKind.HAND, seat)
    assert [len(h) for h in (state.reveal()[PileId(PileKind.HAND, s)] for s in (0, 1))] == [7, 6]
    state.apply(state.legal_actions()[0])  # seat 1 leads: seat 0 answers and may not draw
    assert DRAW_PASS not in state.legal_actions()
    assert state.check(DRAW_PASS) == Refusal(Codes.NO_DRAW)
    assert say(SPEC.hint(state, DRAW_PASS, 0).key) == "Hint: draw from the pack and pass the lead."


@pytest.mark.slow
def test_a_duel_is_played_on_the_table_by_mouse_and_ends_in_its_summary(duel, app):
    table = open_table(app, ID, {})
    moves = play_hand_by_mouse(app, table)
    assert moves > 0, "a draw by a click"
    assert any(a.card is None for a in table.state.history), "a draw by a click"
    assert app.scene.name == "summary", "no coach"
    assert not app.scene.review_btn.visible, "no coach"
    lines = app.scene.lines()
    assert any("took" in line for line in lines), lines


@pytest.mark.slow
def test_a_duel_is_played_on_the_table_by_keys(duel, app):
    """Number keys for cards; the shared pack's draw by Space, or Tab to it and Enter."""
    table = open_table(app, ID, {})

    def show_the_focus(moves: int) -> None:
        if moves == 3 and table.controller.focus is None:
            key(app, pygame.K_TAB)

    assert play_hand(app, table, keys_for, after=show_the_focus) > 0
    assert any(a.card is None for a in table.state.history)


@pytest.mark.slow
def test_statistics_history_and_a_replay_follow_a_finished_duel(duel, tmp_path, monkeypatch):
    from ui_support import make_app

    app = make_app(tmp_path, monkeypatch, keep=True)
    try:
        table = open_table(app, ID, {})
        play_hand_by_mouse(app, table)
        keeper = app.keeper
        assert [k for k in keeper.statistics() if k.game == ID]
        entry = keeper.entries()[0]
        assert entry.key.game == ID
        assert keeper.record(entry.id)["game"] == ID
        assert records(tmp_path)[-1]["game"] == ID
        history = app.goto("history")
        history.open_selected()
        replay = app.scene
        assert replay.name == "replay"
        assert replay.model is not None
        replay.jump(len(replay.actions))
        assert replay.model.state.is_over
        app.goto("stats")
        app.step(0.02)
    finally:
        app.scene.leave()


def test_the_arena_measures_the_duel(duel, capsys):
    argv = ["--game", ID, "--a", "sharp", "--b", "novice", "--deals", "6", "--seed", "4"]
    assert arena.main(argv) == 0
    out = capsys.readouterr().out
    assert ID in out
    assert "margin" in out


def test_the_arena_pits_the_duels_strongest_level_by_default(duel, capsys):
    """Side A's default is the game's own strongest level (the last it offers), not a
    level named "expert" that the duel does not have."""
    assert arena.main(["--game", ID, "--deals", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert f"A {SPEC.levels[-1]} " in out
    assert f"B {SPEC.baseline} " in out


def test_the_smoke_check_opens_the_duels_table_and_plays(duel, app):
    assert (ID, ID, {}) in smoke.tables()
    table = smoke.open_table(app, ID, {}, seed=1)
    assert smoke.play_a_few_moves(app, table, ID) >= smoke.MOVES_WANTED
    settle(app, table)


def test_the_record_checker_replays_a_duel(duel, tmp_path, capsys):
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(a_finished_hand(8).record()), encoding="utf-8")
    assert record.main([str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"]
    assert report["over"]
    assert 0 < sum(report["score"]) <= len(Duel.CARDS)


def test_no_file_outside_the_toy_games_folder_mentions_the_game():
    """Neither its name nor, outside the docs that walk through it, its folder: nothing
    else imports it, lists it or branches on it; its registry line is in its folder
    (the ``duel`` fixture)."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True)  # fmt: skip
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    found = []
    for name in listed.stdout.splitlines():
        path = ROOT / name
        if path.is_relative_to(HERE) or not path.is_file():
            continue
        data = path.read_bytes().lower()
        names = (ID.encode(), b"hi-card") + ((HERE.name.encode(),) if path.suffix != ".md" else ())
        if any(n in data for n in names):
            found.append(name)
    assert found == []


def test_a_pile_its_game_gives_no_role_gets_the_generic_role_of_its_kind():
    """The duel names the roles of its shared pack (a click draws) and of its pool (a pile of
    a kind of its own) and still gets a working table from the generic roles of the others."""
    design = SPEC.design({0: "bottom", 1: "top"}, {}, {0: 0, 1: 1})
    assert design.roles == {PACK: SHARED_PACK, POOL: THE_POOL}
    assert SHARED_PACK.clickable
    for pid in (p for p in design.piles if p not in (PACK, POOL)):
        assert design.role(pid) == default_role(pid)
    table = PileId(PileKind.TABLE)
    assert design.role(table).drop
    assert not design.role(table).clickable
    assert not design.role(PileId(PileKind.HAND, 0)).slot


class _HintModel(HintGiver):
    """Enough of a table for the hint: a state, a spec, names and what is shown (plain
    values in place of the model's properties)."""

    state = namer = shown = None

    def __init__(self, state, spec) -> None:
        self.state, self.spec, self.human = state, spec, state.to_move
        self.namer = Namer.for_table({0: "bottom", 1: "top"}, self.human, {0: 0, 1: 1})
        self.shown = ShownTable.of(state, self.human)


def test_the_hint_words_come_from_the_games_spec_hook():
    state = SPEC.new_hand(2, {}, 3)
    action = state.legal_actions()[0]
    card = card_params(state.where(action).card)
    captures = [e for e in state.clone().apply(action) if e.kind is EventKind.CAPTURE]
    generic = {say("hint.play_empty", **card), say("hint.play_pile", **card)}
    generic |= {say_n("hint.play_capture", len(e.cards) - 1, **card) for e in captures}
    assert _HintModel(state, SPEC).hint_text(action) in generic  # the default: no hook
    hinted = Phrase("hint.to_foundation", {"card": state.where(action).card})

    class Worded(type(SPEC)):
        def hint(self, state, action, seat):
            return hinted

    assert _HintModel(state, Worded()).hint_text(action) == say("hint.to_foundation", **card)


def test_the_duel_makes_its_own_kinds_the_way_every_game_does():
    """Its moves are its own (a card); another game's move is no move of the duel; its
    refusal of a card not held is the same kind as any game's made with that text."""
    assert SPEC.parse_action("7h") is SPEC.parse_action("7H") is PLAYS[32]
    with pytest.raises(ValueError, match="is not a move"):
        SPEC.parse_action("turned>F")
    state = SPEC.new_hand(2, {}, 4)
    assert state.check("turn").code is Code.NOT_A_MOVE
    held = {a.card for a in state.legal_actions()}
    other = next(c for c in Duel.CARDS if c not in held)
    assert state.check(PLAYS[other]).code is Codes.NOT_HELD is Code.parse("not_held")
