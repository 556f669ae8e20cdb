"""The table's ways come from the piles' roles in each game's design and from its spec's
hooks, never from a game's kinds: what a click, a drop or a double-click means, which
empty places are outlined, how a pile is read aloud, and what a hint says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui_support import open_table, settle

from game.core.cards import parse_card
from game.core.design import PileRole
from game.core.types import PileId, PileKind
from game.games import SPECS, spec_of
from game.text import say
from game.text.names import Namer
from game.text.spoken import pile_words
from game.ui.table.model.layout import seat_positions

ROOT = Path(__file__).resolve().parents[2]
GAME_FREE = (
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game/ui/table").rglob("*.py")),
    "game/ui/scenes/table.py",
    "game/ui/scenes/lesson.py",
    "game/ui/scenes/replay.py",
    "game/text/spoken.py",
    "game/core/design.py",
    "game/core/spec.py",
    "game/cli/arena.py",
    "game/cli/smoke.py",
)
GAMES_WORDS = re.compile(  # a game's kinds, and its call's words and key
    r"pisti|pişti|pishe|book|PISTI|JACK_PISTI|FLIP|LOAD|STOP|[Ss]top|FOUNDATION|TURNED"
    r"|force_btn|end_btn|end_turn|K_s\b"
)
NOT_A_GAME = re.compile(r"pasha-pisti|PASHA_PISTI_HOME|phrasebook")  # the app, the words


def designs(game: str):
    """Every table ``game`` can lay out: each player count and menu choice it smoke-tests."""
    spec = spec_of(game)
    for choices in spec.smoke:
        players = choices.get("players", spec.players[0])
        pos = seat_positions(spec, players, 0)
        options = spec.engine_options(choices)
        yield pos, spec.design(pos, options, {s: s for s in range(players)})


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_design_pile_sends_a_double_clicked_card_only_to_piles_of_its_table(game):
    for _pos, design in designs(game):
        for pid in design.piles:
            assert all(target in design.piles for target in design.role(pid).sends), pid


def test_pishe_pasha_sends_a_double_clicked_card_from_the_players_piles_to_the_foundations():
    for pos, design in designs("pishe-pasha"):
        founds = tuple(p for p in design.piles if design.role(p).told == "built")
        for pid in design.piles:
            sends = design.role(pid).sends
            if pid.kind is not PileKind.STOCK and pid.seat in pos:
                assert sends == founds, pid
                assert founds, pid
            else:
                assert sends == (), pid


def test_a_pile_is_read_aloud_as_its_role_says_not_as_its_kind_would():
    namer = Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})
    cards = [parse_card("AH"), parse_card("2H")]
    built = PileRole(speech="speech.pile.foundation", told="built")
    table = PileId(PileKind.TABLE)
    assert pile_words(table, cards, namer, built) == say(
        "speech.pile.foundation", suit=say("suit.H"), rank=say("rank.2")
    )
    assert pile_words(table, [], namer, built) == say("speech.pile.foundation.empty")
    assert pile_words(table, cards, namer) != pile_words(table, cards, namer, built)


@pytest.mark.parametrize(
    ("game", "choices"), [("pisha-pasha-book", {"players": 2}), ("pishe-pasha", {"players": 2})]
)
def test_a_move_made_by_clicking_its_clickable_pile_lights_no_target(app, game, choices):
    table = open_table(app, game, choices)
    settle(app, table)
    model = table.model
    clicked = [
        a for a in model.my_actions() if model.layout.role(model.state.where(a).src).clickable
    ]
    assert clicked
    for action in clicked:
        marks = model.hint_marks(action)
        assert marks.src == model.state.where(action).src
        assert marks.target is None


def test_the_table_and_the_tools_name_no_games_kinds():
    for name in GAME_FREE:
        for n, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1):
            assert not GAMES_WORDS.search(NOT_A_GAME.sub("", line)), f"{name}:{n}: {line}"
    for path in (ROOT / "game").rglob("*.py"):
        if "games" not in path.relative_to(ROOT / "game").parts[:1]:
            assert not re.search(r"getattr\([^)]*stop_window", path.read_text(encoding="utf-8"))


def test_every_game_folder_fills_in_the_hooks_its_table_uses():
    """A game whose moves are clicks on a pile (a move taking a card nobody can know yet,
    such as a stock's or a pack's top) has that pile clickable in its design."""
    for game, spec in SPECS.items():
        for _pos, design in designs(game):
            state = spec.new_hand(len(_pos), spec.engine_options({}), 1)
            for action in state.legal_actions():
                where = state.where(action)
                if where.src is not None and where.card is None:
                    assert design.role(where.src).clickable, (game, action)


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_count_label_counts_the_pile_its_design_names(game):
    for _pos, design in designs(game):
        for name, area in design.areas.items():
            if area.shows in ("pile_count", "pack_count"):
                assert area.counts in design.piles, (game, name)


def test_the_players_own_piles_are_read_in_the_second_person_in_turkish():
    from game.text.phrasebook import set_language

    stock, discard = PileId(PileKind.STOCK, 0), PileId(PileKind.DISCARD, 0)
    cards = [parse_card("7H"), parse_card("8S")]
    try:
        set_language("tr")
        namer = Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})
        assert pile_words(stock, cards, namer).startswith("Desten, 2 kart")
        assert pile_words(discard, cards, namer).startswith("Iskartan, 2 kart")
        assert pile_words(PileId(PileKind.STOCK, 1), cards, namer).startswith("Kuzey")
        set_language("en")
        namer = Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})
        assert pile_words(stock, cards, namer).startswith("Your stock, 2 cards")
    finally:
        set_language("en")
