"""Fit the Pişti Expert's model of play (game/games/pisti/infer.py) to the levels' plays.

Plays hands between two levels, and for every play of a complete deal takes
the hand its player really held and the public position it saw (as the
Expert's reader rebuilds it). For a grid of temperatures and noise shares it
prints the mean log-likelihood per play (higher is better; a uniform guess
among the hand's classes is the floor), for the plays of each level, and how
often greedy and the rollout policy pick the class each level played (the
Expert rolls a seat out greedily only where greedy foretells it better).

    python benchmarks/pisti_model_fit.py [hands] [--players 2] [--levels hard,pimc]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.agents import SeatView
from game.games import make_agent, new_hand
from game.games.pisti.infer import (
    FEATURES,
    WEIGHTS,
    class_features,
    current_deal,
    foretold,
    play_logp,
)
from game.games.pisti.kernel import POINTS, RANK0
from game.games.pisti.model import knowledge

NOISES = (0.0, 0.01, 0.02, 0.04, 0.08, 0.15)
RIDGE = 1.0  # L2 penalty on the weights, so rare features stay modest


def collect(levels: list[str], players: int, hands: int, seed: int) -> dict[str, list]:
    """(hand held, position seen) for every play of the deals' first 4n-1 plays, by level."""
    out: dict[str, list] = {lv: [] for lv in levels}
    per = 4 * players
    for h in range(hands):
        state = new_hand("pisti", players, None, seed + h)
        seat_levels = [levels[(s + h) % len(levels)] for s in range(players)]
        agents = [make_agent("pisti", lv, seed + 31 * h + s) for s, lv in enumerate(seat_levels)]
        while not state.is_over:
            seat = state.to_move
            if len(state.history) % per == per - 1:
                obs = state.observation(seat)
                k = knowledge(obs)
                for p in current_deal(obs, k):
                    if p.seat != seat:
                        out[seat_levels[p.seat]].append(((p.card, *p.later), p))
            state.apply(agents[seat].choose(SeatView(state, seat)))
    return out


def uniform(samples: list) -> float:
    total = 0.0
    for hand, _ in samples:
        total -= math.log(len({(RANK0[c], POINTS[c]) for c in hand}))
    return total / max(1, len(samples))


def design(samples: list) -> list[tuple[list[list[float]], int]]:
    """Per play: the feature rows of the hand's classes and the index of the class played."""
    rows = []
    for hand, p in samples:
        feats = class_features(hand, p)
        keys = list(feats)
        chosen = keys.index((RANK0[p.card], POINTS[p.card]))
        if len(keys) > 1:
            rows.append(([feats[k] for k in keys], chosen))
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (no numpy in the test environment)."""
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list, start: tuple[float, ...], steps: int = 25) -> tuple[float, ...]:
    """Maximum likelihood weights of the multinomial logit (Newton's method, ridge)."""
    w = list(start)
    d = len(w)
    for _ in range(steps):
        grad = [-RIDGE * x for x in w]
        hess = [[-RIDGE * (i == j) for j in range(d)] for i in range(d)]
        for feats, chosen in rows:
            logits = [sum(wi * xi for wi, xi in zip(w, f, strict=True)) for f in feats]
            top = max(logits)
            ex = [math.exp(v - top) for v in logits]
            z = sum(ex)
            probs = [e / z for e in ex]
            mean = [sum(probs[k] * feats[k][i] for k in range(len(feats))) for i in range(d)]
            for i in range(d):
                grad[i] += feats[chosen][i] - mean[i]
            for k, f in enumerate(feats):
                dev = [f[i] - mean[i] for i in range(d)]
                pk = probs[k]
                for i in range(d):
                    if dev[i]:
                        row = hess[i]
                        for j in range(d):
                            row[j] -= pk * dev[i] * dev[j]
        step = solve(hess, [-g for g in grad])
        base = objective(rows, w)
        scale = 1.0
        while scale > 1e-4:
            trial = [wi + scale * si for wi, si in zip(w, step, strict=True)]
            if objective(rows, trial) >= base:
                break
            scale /= 2
        else:
            break
        w = trial
        if max(abs(scale * s) for s in step) < 1e-5:
            break
    return tuple(w)


def objective(rows: list, w: list[float]) -> float:
    """Penalised log-likelihood of the plays."""
    total = -0.5 * RIDGE * sum(x * x for x in w)
    for feats, chosen in rows:
        logits = [sum(wi * xi for wi, xi in zip(w, f, strict=True)) for f in feats]
        top = max(logits)
        total += logits[chosen] - top - math.log(sum(math.exp(v - top) for v in logits))
    return total


def mean_ll(samples: list, weights: tuple[float, ...], noise: float) -> float:
    return sum(play_logp(h, p, weights, noise) for h, p in samples) / max(1, len(samples))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hands", type=int, nargs="?", default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--levels", default="hard,pimc")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    data = collect(args.levels.split(","), args.players, args.hands, args.seed)
    pooled = [x for samples in data.values() for x in samples]
    weights = fit(design(pooled), WEIGHTS)
    print("fitted on every level's plays together:")
    print("  WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    print("  " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(FEATURES, weights, strict=True)))
    own = {}
    for level, samples in data.items():
        own[level] = fit(design(samples), weights)
        print(f"{level}: {len(samples)} plays, uniform {uniform(samples):+.3f} per play")
        for name, w in (("current", WEIGHTS), ("pooled", weights), ("own", own[level])):
            lls = " ".join(f"{e}:{mean_ll(samples, w, e):+.3f}" for e in NOISES)
            print(f"  {name:<8} {lls}")
    print("each level's plays under each level's own model (mean log-likelihood, noise 0.04):")
    for level, samples in data.items():
        row = " ".join(f"{m}:{mean_ll(samples, w, 0.04):+.3f}" for m, w in own.items())
        print(f"  {level:<8} {row}")
    print("how often the Expert's two rollout players pick the class each level played:")
    for level, samples in data.items():
        hits = [foretold(p) for _, p in samples]
        greedy, policy = (sum(h[i] for h in hits) / max(1, len(hits)) for i in (0, 1))
        print(f"  {level:<8} greedy {greedy:6.1%}  rollout policy {policy:6.1%}")
    print("MODELS = {")
    for level, w in own.items():
        print(f'    "{level}": (' + ", ".join(f"{x:.3f}" for x in w) + "),")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
