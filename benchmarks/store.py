"""The store's costs, through the real keeper on a real disk: a move's save (what
the table does after every move, on the frame loop: the save made, one transaction, the
menu's summary), a finished hand's transaction (its row and the match's next state,
synced), the database's size after many hands, and reading them back (the Statistics and
History screens opening).

    python benchmarks/store.py [--moves 3000] [--hands 300] [--size-hands 10000] [--dir D]
                               [--history 100 200000] [--history-hands 30]

Milliseconds as median and 99th percentile. ``--dir`` puts the database on another disk
(the default is a temporary folder; /tmp may be memory)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.agents import SeatView
from game.session import Session
from game.store import hands as rows
from game.store.db import FILE_NAME
from game.store.keeper import PAGE, Keeper


def ms(times: list[float]) -> str:
    times = sorted(t * 1000 for t in times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms ({len(times):,} runs)"


def play(keeper: Keeper, moves: int, hands: int, seed: int) -> tuple[list[float], list[float]]:
    """Pişti matches played as the table plays them; the keeper's time for each change."""
    saves: list[float] = []
    ends: list[float] = []
    session = Session.start("pisti", {"players": 2}, "easy", seed)
    agents = [session.spec.make_agent("easy", seed + p) for p in range(2)]
    while len(saves) < moves or len(ends) < hands:
        st = session.state
        st.apply(agents[st.to_move].choose(SeatView(st, st.to_move)))
        start = time.perf_counter()
        keeper.match_changed(session)
        (ends if st.is_over else saves).append(time.perf_counter() - start)
        if st.is_over:
            if session.match.is_over:
                seed += 1
                session = Session.start("pisti", {"players": 2}, "easy", seed)
            else:
                session.next_hand()
    return saves, ends


def pool(n: int) -> list[rows.Hand]:
    """``n`` played hands of different games, as the keeper writes them."""
    games = [("pisti", {"players": 2}), ("pisti", {"players": 4}), ("pishe-pasha", {"players": 2})]
    out = []
    for i in range(n):
        game, choices = games[i % len(games)]
        session = Session.start(game, choices, "medium", seed=i)
        rng = random.Random(i)
        while not session.state.is_over:
            session.state.apply(rng.choice(session.state.legal_actions()))
        session.match.finish_hand()
        out.append(rows.Hand.of(session))
    return out


def size_after(folder: Path, n: int) -> str:
    keeper = Keeper(lambda code: None, folder)
    played = pool(min(n, 600))
    for start in range(0, n, 500):  # (the size does not depend on how they are grouped)
        batch = [replace(played[i % len(played)], match=(f"m{i}", 0))  # (each its own hand)
                 for i in range(start, min(n, start + 500))]  # fmt: skip
        with keeper.store.change() as c:
            c.executemany(rows.INSERT, [h.row() for h in batch])
    keeper.close()
    size = (folder / FILE_NAME).stat().st_size
    keeper = Keeper(lambda code: None, folder)
    start = time.perf_counter()
    lines = keeper.statistics()
    fold = time.perf_counter() - start
    start = time.perf_counter()
    listed = keeper.entries()
    listing = time.perf_counter() - start
    keeper.close()
    assert sum(line.hands for line in lines.values()) == len(listed) == n
    return (
        f"after {n:,} hands: {size / 1e6:.1f} MB ({size / n:,.0f} bytes a hand); "
        f"statistics folded in {fold * 1000:.0f} ms, every hand listed (as an export lists "
        f"them) in {listing * 1000:.0f} ms"
    )


def filled(folder: Path, n: int) -> None:
    """A database of ``n`` counted hands (each its own), written as the keeper writes them."""
    keeper = Keeper(lambda code: None, folder)
    played = pool(min(n, 600))
    for start in range(0, n, 2000):
        batch = [replace(played[i % len(played)], match=(f"m{i}", 0))
                 for i in range(start, min(n, start + 2000))]  # fmt: skip
        with keeper.store.change() as c:
            c.executemany(rows.INSERT, [h.row() for h in batch])
    keeper.close()


def hand_ends(folder: Path, hands: int, seed: int) -> tuple[float, list[float], float, float]:
    """A window opened on ``folder``: how long the opening's fold of the statistics takes
    on its own thread (a player's first hand lasts longer), then ``hands`` hands' ends as
    the table has them on the UI thread (the hand's transaction, then the summary's
    statistics line), then the Statistics screen's read and History's first page."""
    start = time.perf_counter()
    keeper = Keeper(lambda code: None, folder)
    keeper.warm_up()  # (as the app asks, once its first frame is drawn)
    assert keeper._warm is not None
    keeper._warm._thread.join()
    first = time.perf_counter() - start
    session = Session.start("pisti", {"players": 2}, "easy", seed)
    agents = [session.spec.make_agent("easy", seed + p) for p in range(2)]
    ends: list[float] = []
    while len(ends) < hands:
        st = session.state
        st.apply(agents[st.to_move].choose(SeatView(st, st.to_move)))
        if not st.is_over:
            continue
        start = time.perf_counter()
        keeper.match_changed(session)
        keeper.stats_line(session)
        ends.append(time.perf_counter() - start)
        session = Session.start("pisti", {"players": 2}, "easy", seed := seed + 1)
    start = time.perf_counter()
    keeper.statistics()
    screen = time.perf_counter() - start
    start = time.perf_counter()
    found, _ = keeper.page(None, PAGE)  # what History reads as it opens
    keeper.pars_of(found[-1].id, found[0].id)
    listing = time.perf_counter() - start
    keeper.close()
    return first, ends, screen, listing


def history_costs(folder: Path, sizes: list[int], hands: int) -> None:
    """What a hand's end costs on the UI thread with a short and a long history, side by
    side in one run."""
    for n in sizes:
        where = folder / f"history-{n}"
        filled(where, n)
        first, ends, screen, listing = hand_ends(where, hands, seed=4000)
        worst = max(ends) * 1000
        print(f"with {n:,} hands: the opening's fold (its own thread) {first * 1000:.0f} ms; "
              f"a hand's end {ms(ends)}, worst {worst:.2f} ms; "
              f"the Statistics screen's read {screen * 1000:.1f} ms; "
              f"History's first page {listing * 1000:.1f} ms")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=3000)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--size-hands", type=int, default=10_000)
    ap.add_argument("--dir", type=Path, default=None, help="the folder to work in")
    ap.add_argument("--history", type=int, nargs="*", default=[100, 200_000],
                    help="history sizes a hand's end is timed at, side by side")  # fmt: skip
    ap.add_argument("--history-hands", type=int, default=30)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        keeper = Keeper(lambda code: print("told:", code), folder / "play")
        saves, ends = play(keeper, args.moves, args.hands, seed=2033)
        keeper.close()
        print(f"a move's save: {ms(saves)}")
        print(f"a finished hand's transaction (synced): {ms(ends)}")
        print(f"the database {size_after(folder / 'size', args.size_hands)}")
        history_costs(folder, args.history, args.history_hands)


if __name__ == "__main__":
    main()
