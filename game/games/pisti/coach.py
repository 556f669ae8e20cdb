"""What the coach says about a Pişti move: the search's verdict and, in words, why.

:func:`evaluate` weighs one card of each (rank, points) class with the Expert's own search
(:func:`game.games.pisti.search.evaluate`: the same deals, weights, batches and rollouts,
so the same values) and only watches it (:class:`Onlooker`): in every deal it plays, what
follows each card: whether it takes the pile, what the next seat's reply takes (a pişti on
a lone card, another pile), whether the seat's own next card takes the pile, and, when a
jack is in hand, how big a pile the jack takes later.
:func:`reason` names the biggest difference the search saw between the card played and
the better one; only when it saw none does it fall back on what the
seat could see (its hand, the pile, every card shown so far). Pure Python.
"""

from __future__ import annotations

import random

from game.core.agents import SeatView
from game.core.spec import Coach, Phrase, Seen, Verdict
from game.core.state import GameState, Observation
from game.core.types import TABLE, Action
from game.games.pisti.ai import card_classes
from game.games.pisti.hints import bonus
from game.games.pisti.kernel import JACK0, RANK0, TAKES
from game.games.pisti.model import Sim
from game.games.pisti.search import PLAY, Budget, Play, Watch, class_key
from game.games.pisti.search import evaluate as search


def evaluate(view: SeatView, acts: list[Action], rng: random.Random,
             budget: float) -> Verdict:  # fmt: skip
    """Expected points of each card in hand (cards of one class share a value) and what
    the search saw after each."""
    options = card_classes([_card(a) for a in acts])
    if len(options) < 2:
        return Verdict()
    values, seen = watched_search(view.observation(), options, rng, PLAY.scaled(budget))
    by_key = {class_key(c): c for c in options}
    return Verdict(
        {a: values[by_key[class_key(_card(a))]] for a in acts},
        {a: seen[by_key[class_key(_card(a))]] for a in acts},
    )


def _card(action: Action) -> int:
    """The card a move plays: every Pişti move plays one."""
    card = action.card
    assert card is not None
    return card


def watched_search(obs: Observation, options: list[int], rng: random.Random,
                   budget: Budget = PLAY) -> tuple[dict[int, float], dict[int, Seen]]:  # fmt: skip
    """The Expert's search, watched: the values of each option and what followed it."""
    onlooker = Onlooker(options)
    return search(obs, options, rng, budget, onlooker), onlooker.seen


class Onlooker(Watch):
    """Watches the Expert's search: after each card, what its next seat's reply took, what
    the seat's own next play took and, with a jack kept back, how big a pile it took."""

    def __init__(self, options: list[int]) -> None:
        self.seen = {c: Seen() for c in options}
        self.look = Seen()
        self.me = self.mine = 0
        self.weight = 1.0
        self.first = self.reply = self.follow_jack = False

    def start(self, sim: Sim, card: int, weight: float, solved: bool) -> None:
        self.look = self.seen[card]
        self.look.runs += weight
        self.look.deals += 1
        self.weight = weight
        self.me = sim.turn
        self.mine = 0  # the seat's plays after ``card``
        self.first = self.reply = True
        jack_in_hand = any(RANK0[c] == JACK0 for c in sim.hands[sim.turn])
        self.follow_jack = not solved and jack_in_hand and RANK0[card] != JACK0

    def played(self, sim: Sim, play: Play) -> bool:
        look, weight = self.look, self.weight
        if self.first:  # the candidate itself
            self.first = False
            if play.taken:
                look.note("took", weight=weight)
                look.note("took_points", weight=weight * play.points)
                if RANK0[play.card] == JACK0:
                    look.note("jack_pile", weight=weight * play.taken)
        elif play.mover != self.me:
            if self.reply and play.taken and play.lone is not None:
                if RANK0[play.card] == RANK0[play.lone]:
                    look.note("pisti_given", play.mover, play.lone, weight=weight)
                else:
                    self._pile_given(play)
            elif self.reply and play.taken:
                self._pile_given(play)
            self.reply = False
        else:
            self.mine += 1
            if self.mine == 1 and play.taken:
                look.note("next_took", weight=weight)
            if self.follow_jack and RANK0[play.card] == JACK0:
                look.note("jack_pile", weight=weight * play.taken)
                self.follow_jack = False
        return self.mine == 0 or self.follow_jack

    def _pile_given(self, play: Play) -> None:
        self.look.note("pile_given", play.mover, weight=self.weight)
        self.look.note("given_points", weight=self.weight * play.points)


def unseen_of_rank(state: GameState, seat: int, card: int) -> int:
    """How many cards of ``card``'s rank the seat has not seen (so others may hold)."""
    obs = state.observation(seat)
    info = obs.info
    seen = [c for pile in obs.piles.values() for c in pile if c is not None]
    seen += info["played"] + info["start_face_up"] + info["shown_bottom"]
    ranks = {c for c in seen if RANK0[c] == RANK0[card]}
    return 4 - len(ranks)


def reason(state: GameState, seat: int, played: Action, better: Action,
           seen: dict[Action, Seen] | None = None) -> Phrase:  # fmt: skip
    """Why ``better`` beats ``played`` for ``seat`` (to move in ``state``), in a phrase:
    from what the search saw after each (``seen``), else from what the seat could see."""
    if seen and played in seen and better in seen:
        why = seen_reason(state, seat, played, better, seen[played], seen[better])
        if why is not None:
            return why
    return table_reason(state, seat, played, better)


def seen_reason(state: GameState, seat: int, played: Action, better: Action, p: Seen,
                b: Seen) -> Phrase | None:  # fmt: skip
    """The biggest difference, in points, between the two cards' continuations, in words;
    None when they did not differ in anything a player would name."""
    table = state.observation(seat).piles[TABLE]
    found: list[tuple[float, Phrase]] = []
    if b.rate("took") - p.rate("took") >= 0.5:
        points = 1.0 + b.rate("took_points") - p.rate("took_points")
        found.append((points, capture(state, better, len(table))))
    pisti = p.rate("pisti_given") - b.rate("pisti_given")
    if pisti >= 0.05:
        nxt, _ = p.most("pisti_given")
        lone = Phrase("coach.why.lone_card", {"card": played.card, "seat": nxt})
        found.append((10.0 * pisti, lone))
    given = p.rate("given_points") - b.rate("given_points")
    piles = p.rate("pile_given") - b.rate("pile_given")
    if given >= 0.5 or piles >= 0.15:
        (nxt,) = p.most("pile_given")
        pct = round(100 * p.rate("pile_given"))
        words = {"card": played.card, "seat": nxt, "pct": pct}
        found.append((given + piles, Phrase("coach.why.pile_taken", words)))
    later = b.rate("next_took") - p.rate("next_took")
    if later >= 0.15:
        pcts = {
            "played": round(100 * p.rate("next_took")),
            "better": round(100 * b.rate("next_took")),
        }
        found.append((2.0 * later, Phrase("coach.why.next_take", pcts)))
    bigger = b.rate("jack_pile") - p.rate("jack_pile")
    if RANK0[_card(played)] == JACK0 and RANK0[_card(better)] != JACK0 and bigger >= 0.5:
        found.append((0.2 * bigger, Phrase("coach.why.jack_later")))
    return max(found, key=lambda f: f[0])[1] if found else None


def capture(state: GameState, better: Action, n: int) -> Phrase:
    """The pile ``better`` would have taken (``n`` cards), named a pişti when it is one."""
    kind = bonus(state, better)
    if kind:
        return Phrase(f"coach.why.{kind}", {"card": better.card})
    return Phrase("coach.why.capture", {"card": better.card, "n": n})


def table_reason(state: GameState, seat: int, played: Action, better: Action) -> Phrase:
    """The fallback: why ``better`` beats ``played`` from what the seat could see."""
    table = state.observation(seat).piles[TABLE]
    top = table[-1] if table else None
    p, b = _card(played), _card(better)
    nxt = (seat + 1) % state.players

    def takes(card: int) -> bool:
        return top is not None and TAKES[card][top]

    if takes(b) and not takes(p):
        return capture(state, better, len(table))
    if takes(p) and RANK0[p] == JACK0 and RANK0[b] != JACK0:
        return Phrase("coach.why.jack_later")
    if not takes(p) and unseen_of_rank(state, seat, p) > unseen_of_rank(state, seat, b):
        key = "coach.why.lone_card" if not table else "coach.why.gives_pile"
        return Phrase(key, {"card": p, "seat": nxt})
    return Phrase("coach.why.search")


# The largest loss the coach charged the Expert's own moves was 1.01 points (benchmarks/
# coach_noise.py): a smaller loss cannot be told from the Expert's play, so it is not asked.
COACH = Coach(evaluate, reason, quiet=2.0)
