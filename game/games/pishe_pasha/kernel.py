"""Pishe Pasha's rules of a move (RULES.md §2, §2.1, §3), written once, as small pure functions.

In the style of KPatience's ``checkAdd``: each rule is a function of plain values (the
card the seat to move holds, ``-1`` for none; the piles, bottom first; the fit mask and
the adjacency table below). :func:`legal_moves` lists the moves a position allows and
:func:`refusal` says why any other is refused, both from the same rules (:func:`fits`,
:func:`loads`, :func:`up_plays`, :func:`skipped`); the engine, its Stop rule, the
rollouts and the coach ask these. A test holds :func:`legal_moves` to :func:`refusal`
for every action over many positions, and the engine's and the rollouts' fast paths to
both.

The tables (fit mask, adjacency) are the rules precomputed for the hot loops: a random
hand is hundreds of moves, and the AI plays thousands of them per decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.types import Action, Refusal
from game.games.pishe_pasha.kinds import FOUNDATION, TURN, ActionKinds, Codes, PileKinds
from game.games.pishe_pasha.moves import D_FOUND, D_LOAD, T_DISCARD, T_FOUND, T_LOAD

KING0 = 12  # rank index of a king (rank - 1)
TURN_LIMIT = 2000  # §2: a hand that reaches 2,000 ended turns is stopped as a draw
Moves = tuple[Action, ...]


# ------------------------------------------------------------------ cards
def adjacent(a: int, b: int, circular: bool) -> bool:
    """Ranks one apart, suits ignored; ``circular`` makes the ace touch the king too."""
    d = abs(a % 13 - b % 13)
    return d == 1 or (circular and d == 12)


def loads(card: int, onto: int | None, circular: bool) -> bool:
    """``card`` may be loaded onto a discard pile whose top is ``onto`` (None: empty pile)."""
    return onto is not None and adjacent(card, onto, circular)


def fits_suits(card: int, piles: Sequence[Sequence[int]]) -> bool:
    """Four suit foundations (C D H S): an ace, or one above the top of its suit's pile."""
    return card % 13 == len(piles[card // 13])


def fits_single(card: int, pile: Sequence[int]) -> bool:
    """One foundation of any suit: starts with an ace, then the next rank, K wraps to A."""
    if not pile:
        return card % 13 == 0
    return card % 13 == (pile[-1] % 13 + 1) % 13


def fits(card: int, piles: Sequence[Sequence[int]], single: bool) -> bool:
    """RULES.md "fits a foundation" for either foundation layout."""
    return fits_single(card, piles[0]) if single else fits_suits(card, piles)


def adjacency_table(circular: bool) -> tuple[bytes, ...]:
    """``table[a][b]`` is 1 when card ``a`` loads onto a top card ``b``."""
    return tuple(bytes(adjacent(a, b, circular) for b in range(52)) for a in range(52))


ADJ_CLASSIC = adjacency_table(False)
ADJ_CIRCULAR = adjacency_table(True)


def fit_mask(piles: Sequence[Sequence[int]], single: bool) -> bytearray:
    """``mask[c]`` is 1 when card ``c`` fits now: :func:`fits` for every card at once."""
    mask = bytearray(52)
    if single:
        rank = (piles[0][-1] % 13 + 1) % 13 if piles[0] else 0
        mask[rank::13] = b"\1\1\1\1"
    else:
        for suit, pile in enumerate(piles):
            if len(pile) < 13:
                mask[13 * suit + len(pile)] = 1
    return mask


NEXT_RANK = tuple((r + 1) % 13 for r in range(13))
NONE_FITS, ALL_FIT = bytes(4), bytes((1, 1, 1, 1))  # a rank's four cards in a fit mask


def update_fit_mask(mask: bytearray, card: int, single: bool) -> None:
    """Keep ``mask`` right after ``card`` went onto a foundation."""
    if single:
        r = card % 13
        mask[r::13] = NONE_FITS
        mask[NEXT_RANK[r] :: 13] = ALL_FIT
    else:
        mask[card] = 0
        if card % 13 != KING0:
            mask[card + 1] = 1


def play_up(card: int, piles: list[list[int]], mask: bytearray, single: bool) -> None:
    """``card`` onto the foundation it fits (its suit's, or the one), the mask kept right:
    the engine and the playouts both play a card up so."""
    piles[0 if single else card // 13].append(card)
    update_fit_mask(mask, card, single)


def next_up(piles: Sequence[Sequence[int]], card: int, single: bool) -> int | None:
    """A card that fits the foundation ``card`` would go to, the one it takes next (of
    that foundation's suit, or, for the one foundation, of any: the clubs'); None once
    a suit's foundation is full."""
    if single:
        pile = piles[0]
        return (pile[-1] % 13 + 1) % 13 if pile else 0
    pile = piles[card // 13]
    return None if len(pile) == 13 else 13 * (card // 13) + len(pile)


# ------------------------------------------------------------------ a move
HELD_UP = (T_FOUND,)
_UP = {(True, False): HELD_UP, (False, True): (D_FOUND,), (True, True): (T_FOUND, D_FOUND)}


def up_plays(held: int, top: int, fit: Sequence[int]) -> Moves:
    """The foundation plays open now, the held card's first: compulsory (§2 free rule 1,
    holding rules 1 and 4). Any other move while one is open is a fault (§2.1)."""
    held_fits = held >= 0 and bool(fit[held])
    top_fits = top >= 0 and bool(fit[top])
    return _UP[held_fits, top_fits] if held_fits or top_fits else ()


def load_targets(card: int, opponents: Sequence[int], discards: Sequence[Sequence[int]],
                 adj: Sequence[bytes]) -> int:  # fmt: skip
    """The ``opponents`` ``card`` loads onto, as a bit mask of seats."""
    row = adj[card]
    mask = 0
    for n in opponents:
        pile = discards[n]
        if pile and row[pile[-1]]:
            mask |= 1 << n
    return mask


def _by_mask(moves: Sequence[Action], last: Action) -> tuple[Moves, ...]:
    """For each mask of target seats, those loads in seat order and then ``last``."""
    return tuple((*(m for n, m in enumerate(moves) if mask >> n & 1), last) for mask in range(8))


def _both(moves: Sequence[Moves]) -> tuple[tuple[Moves, Moves], ...]:
    return tuple((m, m) for m in moves)


HOLDING = _by_mask(T_LOAD, T_DISCARD)  # holding, nothing fits: the loads, then the discard
FREE = _by_mask(D_LOAD, TURN)  # free, nothing fits: the loads, then the turn
# the same moves as faults after a compulsory play (Stop rule on): holding, the discard first
HOLDING_FAULTS = tuple((T_DISCARD, *m[:-1]) for m in HOLDING)
_HOLDING2, _FREE2, _UP2 = _both(HOLDING), _both(FREE), {k: (v, v) for k, v in _UP.items()}


def legal_moves(held: int, own: Sequence[int], opponents: Sequence[int],
                discards: Sequence[Sequence[int]], fit: Sequence[int], adj: Sequence[bytes],
                stop: bool) -> tuple[Moves, Moves]:  # fmt: skip
    """(the legal moves, those of them that are no fault) of the seat to move, outside a
    Stop window: it holds ``held`` (-1: nothing), its discard pile is ``own``.

    In order: the compulsory foundation plays (:func:`up_plays`); then, holding, the
    loads of the held card (:func:`load_targets`) and its discard, free, the loads of the
    top discard and the turn; with the Stop rule on those are faults after a compulsory
    play, the discard first. (:func:`up_plays` is written out here again, for speed.)"""
    if held >= 0:
        held_fits = fit[held]
        top_fits = own and fit[own[-1]]
        if held_fits or top_fits:
            ups = _UP[bool(held_fits), bool(top_fits)]
            if not stop:
                return ups, ups
            return ups + HOLDING_FAULTS[load_targets(held, opponents, discards, adj)], ups
        card, moves = held, _HOLDING2
    elif own:
        card = own[-1]
        if fit[card]:
            if not stop:
                return _UP2[False, True]
            return (D_FOUND, *FREE[load_targets(card, opponents, discards, adj)]), (D_FOUND,)
        moves = _FREE2
    else:
        return _FREE2[0]
    return moves[load_targets(card, opponents, discards, adj)]


def skipped(action: Action, held: int, top: int, fit: Sequence[int]) -> int:
    """The card ``action`` leaves behind that had to go to a foundation (-1: none; a
    legal move that leaves one is a fault, §2.1)."""
    kind = action.kind
    if (kind is not ActionKinds.TURN and kind is not ActionKinds.MOVE) or action.dst is FOUNDATION:
        return -1
    if kind is ActionKinds.MOVE and action.src is PileKinds.TURNED and held >= 0 and fit[held]:
        return held
    return top if top >= 0 and fit[top] else -1


def load_refusal(card: int, onto: int, seat: int, discards: Sequence[Sequence[int]],
                 adj: Sequence[bytes], single: bool) -> Refusal | None:  # fmt: skip
    """Why ``card`` may not be loaded onto seat ``onto``'s discard pile; None: it may."""
    if not 0 <= onto < len(discards):
        return Refusal(Codes.NO_SUCH_SEAT, seat=onto)
    if onto == seat:
        return Refusal(Codes.LOAD_OWN)
    pile = discards[onto]
    if not pile:
        return Refusal(Codes.LOAD_EMPTY, seat=onto)
    if adj[card][pile[-1]]:
        return None
    if not single and {card % 13, pile[-1] % 13} == {0, KING0}:
        return Refusal(Codes.NOT_ADJACENT_ACE_KING, card=card, onto=pile[-1])
    return Refusal(Codes.NOT_ADJACENT, card=card, onto=pile[-1])


def refusal(action: Action, seat: int, held: int, discards: Sequence[Sequence[int]],
            fit: Sequence[int], adj: Sequence[bytes], single: bool,
            stop: bool) -> Refusal | None:  # fmt: skip
    """Why the seat to move may not make ``action`` outside a Stop window; None: it may.

    The full check, rule by rule, naming the first one broken."""
    kind = action.kind
    if kind is not ActionKinds.TURN and kind is not ActionKinds.MOVE:
        return Refusal(Codes.NOT_A_MOVE, text=action.text)
    own = discards[seat]
    top = own[-1] if own else -1
    ups = up_plays(held, top, fit)
    fault = bool(ups) and not stop
    if kind is ActionKinds.TURN:
        if held >= 0:
            return Refusal(Codes.HOLDING, card=held)
        return Refusal(Codes.FOUNDATION_FIRST, card=top) if fault else None
    if action.src is PileKinds.TURNED:
        return _turned_refusal(action, seat, held, discards, fit, adj, single, fault, ups)
    return _discard_refusal(action, seat, held, discards, fit, adj, single, fault)


def _turned_refusal(action: Action, seat: int, held: int, discards: Sequence[Sequence[int]],
                    fit: Sequence[int], adj: Sequence[bytes], single: bool, fault: bool,
                    ups: Moves) -> Refusal | None:  # fmt: skip
    """Why the turned card may not go where ``action`` sends it (None: it may)."""
    if held < 0:
        return Refusal(Codes.NO_TURNED)
    if action.dst is FOUNDATION:
        return None if fit[held] else _no_fit(held, single)
    if action.whose is not None:
        why = load_refusal(held, action.whose, seat, discards, adj, single)
        if why:
            return why
    if not fault:
        return None
    if ups[0] is T_FOUND:
        return Refusal(Codes.TURNED_FITS, card=held)
    own = discards[seat]
    return Refusal(Codes.DISCARD_FITS_FIRST, card=own[-1] if own else -1)


def _discard_refusal(action: Action, seat: int, held: int, discards: Sequence[Sequence[int]],
                     fit: Sequence[int], adj: Sequence[bytes], single: bool,
                     fault: bool) -> Refusal | None:  # fmt: skip
    """Why the top of the seat's discard pile may not go where ``action`` sends it."""
    own = discards[seat]
    top = own[-1] if own else -1
    if top < 0:
        return Refusal(Codes.DISCARD_EMPTY)
    if action.dst is FOUNDATION:
        return None if fit[top] else _no_fit(top, single)
    if held >= 0:
        return Refusal(Codes.HOLDING_NO_DISCARD_MOVE, card=held)
    if action.whose is None:
        return Refusal(Codes.LOAD_OWN)
    why = load_refusal(top, action.whose, seat, discards, adj, single)
    if why:
        return why
    return Refusal(Codes.FOUNDATION_FIRST, card=top) if fault else None


def _no_fit(card: int, single: bool) -> Refusal:
    return Refusal(Codes.NO_FIT_SINGLE if single else Codes.NO_FIT, card=card)
