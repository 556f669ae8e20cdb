"""A deck that agrees with one seat's Pişti observation (for the AI's search).

The deck is rebuilt from public facts only: which seat played which card in
which deal (the history), the cards turned at the start, the observer's own
hand, the shown bottom card(s) and the face-down cards if the observer's side
took them. Every other slot gets a random unknown card. The result depends on
nothing but the observation and the rng, so an AI cannot learn hidden cards
through it.

Within a packet the order of cards does not matter to the game (hands are kept
sorted), so packets are laid out known cards first. Two public facts need care:
the shown bottom card(s) go back to the end of the deck, and the original
bottom card of the deck is never a jack (the cut), so a non-jack goes there.
"""

from __future__ import annotations

import random

from game.core.state import Observation
from game.core.types import HANDS, PACK, TABLE, WONS
from game.games.pisti.kernel import IS_JACK

_STREAM = 48


def _packets(obs: Observation) -> list[list[int | None]]:
    """The 48 dealt cards as packets of four in dealing order, None where unknown."""
    n, seat, info = obs.players, obs.seat, obs.info
    per = 4 * n
    played: list[int] = info["played"]
    pack = obs.piles[PACK]
    dealt_rounds = (_STREAM - len(pack)) // per
    out: list[list[int | None]] = []
    for r in range(_STREAM // per):
        for s in range(n):
            if r >= dealt_rounds:
                base = (r * n + s) * 4
                out.append([pack[_STREAM - 1 - base - j] for j in range(4)])
                continue
            got: list[int | None] = list(played[r * per + s : (r + 1) * per : n])
            if r == dealt_rounds - 1:
                if s == seat:
                    got += obs.piles[HANDS[s]]
                elif s == n - 1:
                    got += info["dealer_known"]
                got += [None] * (4 - len(got))
            if len(got) != 4:
                raise ValueError(f"observation is inconsistent: seat {s} got {len(got)} cards")
            out.append(got)
    return out


def _face_down(obs: Observation) -> list[int | None]:
    """The original face-down cards, as far as the observer knows them."""
    nfd = obs.info["face_down"]
    first = obs.info["first_capturer"]
    if first is None:
        return list(obs.piles[TABLE][:nfd])
    return list(obs.piles[WONS[first]][:nfd])


def sample_deck(obs: Observation, rng: random.Random) -> tuple[int, ...]:
    """A full deck in dealing order that reproduces ``obs`` when its history is replayed."""
    info = obs.info
    moved: list[int] = info["moved_jacks"]
    up: list[int] = info["start_face_up"]
    packets = _packets(obs)
    fd = _face_down(obs)
    known = {c for p in packets for c in p if c is not None}
    known.update(c for c in fd if c is not None)
    known.update(up)
    pool = [c for c in range(52) if c not in known]
    slots = sum(p.count(None) for p in packets) + fd.count(None)
    if slots != len(pool):
        raise ValueError("observation is inconsistent: unknown slots and unseen cards differ")

    shown: list[int] = info["shown_bottom"]
    bottom_packet = packets[(_STREAM - 1 - len(moved)) // 4]
    needs_nonjack = not shown or bool(moved)
    if needs_nonjack and not any(
        c is not None and not IS_JACK[c] and c not in shown for c in bottom_packet
    ):
        nonjacks = [c for c in pool if not IS_JACK[c]]
        pick = nonjacks[rng.randrange(len(nonjacks))]
        pool.remove(pick)
        bottom_packet[bottom_packet.index(None)] = pick
    rng.shuffle(pool)
    it = iter(pool)
    down = [c if c is not None else next(it) for c in fd]
    stream = [c if c is not None else next(it) for p in packets for c in p]

    rest = [c for c in stream if c not in shown]
    if needs_nonjack:
        for i in range(len(rest) - 1, len(rest) - 5, -1):
            if not IS_JACK[rest[i]]:
                rest[i], rest[-1] = rest[-1], rest[i]
                break
    if moved:
        return tuple(down + moved + up + rest)
    return tuple(down + up[::-1] + rest + shown)
