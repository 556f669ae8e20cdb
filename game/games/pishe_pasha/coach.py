"""What the coach says about a Pishe Pasha move: the search's verdict and, in words, why.

:func:`evaluate` runs the Expert's own search (:meth:`ExpertPasha.values
<game.games.pishe_pasha.ai.ExpertPasha.values>`, over its most deals: the same deals,
the same nested rollouts) and only watches it (:class:`Onlooker`): each continuation's
points, and from the candidate move to the seat's next turn the Stop calls a fault
opens, the loads made either way, the cards played to the foundations, and at the end
who won. :func:`reason` names the biggest difference the search saw between the move
played and the better one; only when it saw none does it fall back on the open piles (a
foundation play skipped, a discard that gives an opponent a load, a load missed, a card
loaded away one short of its foundation). Pure Python.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from game.core.agents import SeatView
from game.core.spec import Coach, Phrase, Seen, Verdict
from game.core.state import GameState
from game.core.types import Action
from game.games.pishe_pasha.ai import EXPERT_DEALS, ExpertPasha, Points
from game.games.pishe_pasha.kernel import fits, loads, next_up
from game.games.pishe_pasha.kinds import FOUNDATION, ActionKinds, load_seat

if TYPE_CHECKING:
    from game.games.pishe_pasha.rules import PishePasha

WATCH_CAP = 200  # moves watched after a candidate, at most (a turn is a few moves)


def evaluate(view: SeatView, acts: list[Action], rng: random.Random,
             budget: float) -> Verdict:  # fmt: skip
    """Expected points of each move (points won minus points conceded), as the Expert's
    search values them over ``budget`` times its most deals, and what it saw after each."""
    if len(acts) < 2:
        return Verdict()
    onlooker = Onlooker(view.seat, acts)
    ExpertPasha().values(view, acts, rng, EXPERT_DEALS.most(budget), onlooker)
    return Verdict(onlooker.means(), onlooker.seen)


class Onlooker(Points):
    """Watches the Expert's search: each continuation's points and, from the candidate
    move to the seat's next turn, what happened in it."""

    def __init__(self, me: int, acts: list[Action]) -> None:
        super().__init__(me)
        self.seen = {a: Seen() for a in acts}
        self.look = Seen()
        self.missed: int | None = None
        self.left = False
        self.watched = 0

    def start(self, state: PishePasha, option: Action) -> None:
        super().start(state, option)
        self.look = self.seen[option]
        self.look.runs += 1
        self.look.deals += 1
        self.missed = state.skipped(option)
        self.left = False
        self.watched = 0
        _note_move(state, option, self.me, self.look)

    def stopped(self, state: PishePasha) -> None:
        self.look.note("stopped", self.missed, (self.me + 1) % state.players)

    def move(self, state: PishePasha, action: Action) -> bool:
        seat = state.to_move
        self.left = self.left or seat != self.me
        if (self.left and seat == self.me) or self.watched >= WATCH_CAP:
            return False
        self.watched += 1
        _note_move(state, action, self.me, self.look)
        return True

    def end(self, state: PishePasha) -> None:
        super().end(state)
        if state.winner == self.me:
            self.look.note("won")


def _note_move(state: PishePasha, action: Action, me: int, look: Seen) -> None:
    """Note a move about to be made: a load onto or by ``me``, a card ``me`` plays up."""
    if action.kind is not ActionKinds.MOVE:
        return
    seat = state.to_move
    card = state.where(action).card
    onto = load_seat(action)
    if onto is not None and onto == me and seat != me:
        look.note("loaded_on_me", seat, card)
    elif onto is not None and seat == me:
        look.note("my_loads", onto, card)
    elif action.dst is FOUNDATION and seat == me:
        look.note("my_up", card)


def _top(state: PishePasha, seat: int) -> int | None:
    pile = state.discard_pile(seat)
    return pile[-1] if pile else None


def _loads_given(state: PishePasha, seat: int, action: Action) -> list[tuple[int, int]]:
    """After ``action``, the (opponent, card) pairs whose open top card loads onto the
    seat's discard pile; empty for a turn (its card is not known yet)."""
    if action.kind is not ActionKinds.MOVE:
        return []
    after = state.clone()
    after.apply(action)
    mine = _top(after, seat)
    if mine is None:
        return []
    tops = {opp: _top(after, opp) for opp in range(state.players) if opp != seat}
    return [
        (opp, card)
        for opp, card in tops.items()
        if card is not None and loads(card, mine, after.options["foundations"] == "single")
    ]


def reason(state: GameState, seat: int, played: Action, better: Action,
           seen: dict[Action, Seen] | None = None) -> Phrase:  # fmt: skip
    """Why ``better`` beats ``played`` for ``seat`` (to move in ``state``), in a phrase:
    from what the search saw after each (``seen``), else from the open piles."""
    own = cast("PishePasha", state)  # the coach of this game is asked about its hands
    if seen and played in seen and better in seen:
        why = seen_reason(own, played, better, seen[played], seen[better])
        if why is not None:
            return why
    return pile_reason(own, seat, played, better)


def seen_reason(state: PishePasha, played: Action, better: Action, p: Seen,
                b: Seen) -> Phrase | None:  # fmt: skip
    """The biggest difference between the two moves' continuations, in words; None when
    they did not differ in anything a player would name."""
    found: list[tuple[float, Phrase]] = []
    if p.rate("stopped") - b.rate("stopped") >= 0.5:
        card, caller = p.most("stopped")
        found.append((10.0, Phrase("coach.why.foundation", {"card": card, "seat": caller})))
    given = p.rate("loaded_on_me") - b.rate("loaded_on_me")
    shown = _face_up(state)
    if given >= 0.25 and (seen_load := _most(p, "loaded_on_me", lambda _, c: c in shown)):
        opp, card = seen_load
        # a load received is a card more for the seat and one less for the loader, whose
        # turn goes on: it weighs twice a load of the seat's own
        found.append((4.0 * given, _gives_load(state, played, opp, card)))
    missed = b.rate("my_loads") - p.rate("my_loads")
    if missed >= 0.5 and (open_load := _load_now(state, better, b)):
        onto, card = open_load
        key = "coach.why.turn_early" if played.kind is ActionKinds.TURN else "coach.why.missed_load"
        found.append((2.0 * missed, Phrase(key, {"card": card, "whose": onto})))
    up = b.rate("my_up") - p.rate("my_up")
    if up >= 0.5:
        n = max(1, round(up))
        found.append((1.5 * up, Phrase("coach.why.more_up", {"n": n})))
    if found:
        return max(found, key=lambda f: f[0])[1]
    if b.rate("won") - p.rate("won") >= 0.1:
        wins = {"played": round(100 * p.rate("won")), "better": round(100 * b.rate("won"))}
        return Phrase("coach.why.wins_more", wins)
    return None


def _gives_load(state: PishePasha, played: Action, opp: int, card: int) -> Phrase:
    """``opp`` gets a load onto the seat's discard pile: ``card`` fits there; the card the
    seat just moved, loaded straight back, is said so."""
    moved = state.where(played).card if played.kind is ActionKinds.MOVE else None
    key = "coach.why.loads_back" if card == moved else "coach.why.gives_load"
    return Phrase(key, {"seat": opp, "card": card})


def _face_up(state: PishePasha) -> set[int]:
    """The cards face up at this position: every discard pile, the foundations, the card
    turned. A reason names only these: a continuation's stock cards are a sampled deal's."""
    cards = {c for s in range(state.players) for c in state.discard_pile(s)}
    cards.update(c for pile in state.foundation_piles() for c in pile)
    if state.turned is not None:
        cards.add(state.turned)
    return cards


def _most(seen: Seen, fact: str, keep: Callable[[int, int], bool]) -> tuple[int, ...]:
    """What ``fact`` was most often about among the (seat, card) pairs ``keep`` allows
    (ties: the smallest); () if none was."""
    pairs = {k: w for k, w in seen.about.get(fact, {}).items() if keep(*k)}
    return min(pairs, key=lambda k: (-pairs[k], k)) if pairs else ()


def _load_now(state: PishePasha, better: Action, b: Seen) -> tuple[int, ...]:
    """The load ``better`` gives the chance of, as (onto, card), open at this position:
    ``better`` itself when it is a load, else the load its continuations made most whose
    card is in hand now and fits the target's top now; () if there is none."""
    onto = load_seat(better)
    if onto is not None:
        card = state.where(better).card  # a load's card is face up
        return () if card is None else (onto, card)
    single = state.options["foundations"] == "single"
    held, me = state.turned, state.to_move
    if held is not None:
        mine = {held}
    else:
        mine = set(state.discard_pile(me)[-1:]) if me is not None else set()
    return _most(b, "my_loads", lambda seat, c: c in mine and loads(c, _top(state, seat), single))


def pile_reason(state: PishePasha, seat: int, played: Action, better: Action) -> Phrase:
    """The fallback: why ``better`` beats ``played`` from the open piles alone."""
    nxt = (seat + 1) % state.players
    missed = state.skipped(played)  # only a fault leaves one behind (Stop rule on)
    if missed is not None:
        return Phrase("coach.why.foundation", {"card": missed, "seat": nxt})
    given = set(_loads_given(state, seat, played)) - set(_loads_given(state, seat, better))
    if given:
        opp, card = min(given)
        return _gives_load(state, played, opp, card)
    onto = load_seat(better)
    if onto is not None and load_seat(played) is None:
        loaded = state.where(better).card
        key = "coach.why.turn_early" if played.kind is ActionKinds.TURN else "coach.why.missed_load"
        return Phrase(key, {"card": loaded, "whose": onto})
    moved = state.where(played).card if load_seat(played) is not None else None
    if moved is not None and load_seat(better) is None and _one_short(state, moved):
        return Phrase("coach.why.keep", {"card": moved})
    return Phrase("coach.why.search")


def _one_short(state: PishePasha, card: int) -> bool:
    """Whether ``card`` would fit its foundation once one more card is played there."""
    piles = [list(p) for p in state.foundation_piles()]
    single = len(piles) == 1
    nxt = next_up(piles, card, single)
    if nxt is None or fits(card, piles, single):
        return False
    piles[0 if single else card // 13].append(nxt)
    return fits(card, piles, single)


# The largest loss the coach charged the Expert's own moves was 3.03 points (benchmarks/
# coach_noise.py): a smaller loss cannot be told from the Expert's play, so it is not asked.
COACH = Coach(evaluate, reason, quiet=4.0)
