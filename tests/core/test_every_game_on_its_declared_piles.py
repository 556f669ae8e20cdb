"""Every registered game declares its piles and who sees each, and the core derives from
them what a seat sees, every card as it lies and every card of the pack once: no game
writes its own ``observation``, ``reveal`` or ``all_cards``, and what each derives holds
over whole hands of every table it opens."""

from __future__ import annotations

import random

import pytest
from conftest import registered_tables
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.piles import DeclaredPiles, PiledState, Seen
from game.games import SPECS

DERIVED = ("observation", "reveal", "all_cards")
TABLES = [(game, choices) for game, choices, _ in registered_tables()]


def own_overrides(cls: type) -> set[str]:
    """The derived members a game's state class (or a mixin of its own) writes itself."""
    core = {DeclaredPiles, PiledState, *DeclaredPiles.__mro__}
    return {name for k in cls.__mro__ if k not in core for name in DERIVED if name in vars(k)}


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_games_state_derives_what_is_seen_from_its_declared_piles(game):
    state_class = SPECS[game].state
    assert issubclass(state_class, DeclaredPiles)
    assert own_overrides(state_class) == set()


def test_a_game_writing_its_own_view_is_caught():
    class Peeks(PiledState):
        def observation(self, seat):
            return super().observation(seat)

    assert own_overrides(Peeks) == {"observation"}


def played(game: str, choices: dict, seed: int, moves: int):
    spec = SPECS[game]
    players = choices.get("players", spec.players[0])
    state, rng = spec.new_hand(players, spec.engine_options(choices), seed), random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions() or [c for c in state.calls()]))
    return state


@pytest.mark.parametrize(("game", "choices"), TABLES, ids=str)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 400))
def test_a_seat_sees_each_declared_pile_as_it_lies_but_for_the_cards_face_down_to_it(
    game, choices, seed, moves
):
    state = played(game, choices, seed, moves)
    declared = state.declared()
    lying = state.reveal()
    assert list(lying) == [p.pid for p in declared]
    assert sorted(state.all_cards()) == sorted(state.CARDS)
    for seat in range(state.players):
        seen = state.observation(seat).piles
        assert list(seen) == list(lying)
        for pile in declared:
            cards, shown = lying[pile.pid], seen[pile.pid]
            assert len(shown) == len(cards)
            assert all(s is None or s == c for s, c in zip(shown, cards, strict=True))
            down = state.face_down(pile, seat)
            assert [i for i, s in enumerate(shown) if s is None] == list(down)
            if pile.seen is Seen.OWNER and pile.pid.seat != seat:
                assert shown == [None] * len(cards)


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_seat_out_of_the_game_has_no_view(game):
    state = played(game, {}, 1, 0)
    for seat in (-1, state.players, "0"):
        with pytest.raises(ValueError, match="seat"):
            state.observation(seat)
