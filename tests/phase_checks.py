"""What "the screen agrees with the table's phase" means, frame by frame: the
header says "Your turn" exactly when the phase says the move is the player's, the lit seat
is the one whose turn the phase shows, the hint line speaks of what can be done now, and
the buttons are enabled only when they can be used.

Imported by the UI test files as a plain module (test files never import each other).
"""

from __future__ import annotations

from game.text import say
from game.ui.table.model import says
from game.ui.table.model.phase import Doing
from game.ui.table.model.takebacks import ACTS_IN
from game.ui.table.rig import TableRig


def disagreements(rig: TableRig) -> list[str]:
    """Each way the table's words and buttons disagree with its phase now (none: agreed)."""
    m, ph = rig.model, rig.model.phase
    return [*_labels(m, ph), *_lines(m, ph), *_buttons(rig, ph)]


def _labels(m, ph) -> list[str]:
    """The header, the seats' labels and the lit seat against the phase."""
    out = []
    header = says.status(m, ph)
    if (header == say("status.your_turn")) != ph.mine:
        out.append(f"header {header!r} in {ph}")
    your_turn = say("label.your_turn")
    for seat in range(m.state.players):
        label = says.seat_label(m, seat, phase=ph)
        if label.endswith(your_turn) and not (ph.mine and seat == m.human):
            out.append(f"seat {seat} label {label!r} in {ph}")
        if says.lit(m, seat, ph) and seat != ph.seat:
            out.append(f"seat {seat} lit in {ph}")
    return out


PROMPTED = {Doing.CALLING, Doing.THINKING, Doing.SHOWING, Doing.FORCED, Doing.DECIDING}


def _lines(m, ph) -> list[str]:
    """The hint line and the note against the phase."""
    out = []
    line, _ = says.message_line(m)
    prompt = says.prompt(m, ph)
    if ph.doing is Doing.PAUSED and line:
        out.append(f"hint line {line!r} under an overlay")
    if line == say("message.hurry_hint") and (ph.seat == m.human or ph.mine):
        out.append(f"hurry hint in {ph}")
    prompted = line and line == prompt and line != m.message
    if prompted and ph.doing is not Doing.CHOOSING and ph.doing not in PROMPTED:
        out.append(f"prompt {line!r} in {ph}")
    if m.message and (m.note is None or m.note.doing is not ph.doing):
        out.append(f"note {m.message!r} from another phase in {ph}")
    return out


def _buttons(rig: TableRig, ph) -> list[str]:
    """The buttons enabled only when they can be used."""
    m, c = rig.model, rig.controls
    out = []
    c.refresh()
    if c.hint_btn.enabled and not ph.mine:
        out.append(f"Hint enabled in {ph}")
    if c.flip_btn.visible and c.flip_btn.enabled and not ph.mine:
        out.append(f"Flip enabled in {ph}")
    undo_may = ph.doing in ACTS_IN or (ph.doing is Doing.SHOWING and m.state.to_move == m.human)
    if c.undo_btn.enabled and not undo_may:
        out.append(f"Undo enabled in {ph}")
    for btn in c.call_btns:
        if (btn.progress is not None) != m.window.open:
            out.append(f"a call's bar {btn.progress} with the window open={m.window.open}")
        if btn.enabled != m.window.open:
            out.append(
                f"a call's button enabled={btn.enabled} with the window open={m.window.open}"
            )
    return out
