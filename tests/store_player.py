"""A player as a process for the store's kill and two-process tests: the real keeper and
sessions, without a window. It continues the saved match (or starts the next one) and
plays Pişti to 151 as fast as it can, saving after every move as the table does, and
prints what it kept, one line each, after it is committed:

- ``saving ID HAND MOVES`` before a move's save, ``saved ID HAND MOVES`` once it is
  committed (the match ``ID``, its hand number, the hand's moves);
- ``ending ID HAND`` before a hand's count, ``ended ID HAND NEXT`` once it is committed
  with the match's next state (``NEXT``: the next hand's number, or ``over``).

``python tests/store_player.py SEED [HANDS]`` with ``PASHA_PISTI_HOME`` set; with
``HANDS`` it starts a match of its own, stops after that many hands, and before each
hand's end it prints ``ready``
and waits for a line on stdin (so two players end their hands at the same moment);
without, it plays until killed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.agents import SeatView
from game.session import Session
from game.store.keeper import Keeper


def main(seed: int, hands: int | None) -> int:
    keeper = Keeper(lambda notice: print("told", notice.code, notice.detail, flush=True))
    saved = keeper.load_match() if hands is None else None  # Continue, when played to a kill
    session = saved or Session.start("pisti", {"players": 2}, "easy", seed)
    agents = [session.spec.make_agent("easy", seed + p) for p in range(2)]
    ended = 0
    while hands is None or ended < hands:
        st, m = session.state, session.match
        if st.is_over:  # (a match continued where its last move was never counted)
            keeper.match_changed(session)
        elif _move(session, agents):
            if hands is not None:  # "go": the other player ends its hand at this moment too
                print("ready", flush=True)
                sys.stdin.readline()
            print("ending", session.id, m.hand_no, flush=True)
            keeper.match_changed(session)
            after = "over" if m.is_over else m.hand_no + 1
            print("ended", session.id, m.hand_no, after, flush=True)
            ended += 1
            continue
        else:
            print("saving", session.id, m.hand_no, len(st.history), flush=True)
            keeper.match_changed(session)
            print("saved", session.id, m.hand_no, len(st.history), flush=True)
            continue
        session = _next(session, seed)
    keeper.close()
    return 0


def _move(session: Session, agents: list) -> bool:
    """One move of the seat to move; True when it ends the hand."""
    st = session.state
    st.apply(agents[st.to_move].choose(SeatView(st, st.to_move)))
    return st.is_over


def _next(session: Session, seed: int) -> Session:
    if session.match.is_over:
        return Session.start("pisti", {"players": 2}, "easy", seed + session.match.hand_no)
    session.next_hand()
    return session


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else None))
