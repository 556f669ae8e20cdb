"""Table features checked through the real loop with posted events, headless: the Expert's
hint, the deal, the pişti banner and sound, the Stop window's countdown, labelled won
piles, F11, and the engine's values worded with the players' names."""

from __future__ import annotations

import random
import re
import threading

import pygame
import pytest
from ui_support import (
    DT,
    Prefers,
    centre,
    click,
    faulty_opponent_table,
    history,
    holding_2h,
    join,
    key,
    make_app,
    open_table,
    pid,
    rest_of_deck,
    set_agent,
    settle,
    until,
)

from game.core.agents import SeatView
from game.core.cards import CARD_TEXT, packets, parse_card
from game.core.types import DECK, Action, Event
from game.games.book.rules import BookGame
from game.games.pishe_pasha import kinds as pishe
from game.games.pishe_pasha.rules import PishePasha
from game.games.pisti.rules import Pisti
from game.text.names import Namer
from game.text.words import event_line, outcome_line, refusal_text
from game.ui import theme
from game.ui.table.model import says
from game.ui.table.model.hints import HintGiver


def wait_for_hint(app, table, limit: float = 20.0) -> None:
    until(app, lambda: table.model.thinker.hint_pending is None, limit, what="the hint")
    app.step(DT)
    assert table.model.hint is not None, table.model.message


def pisti_deck(table: list[str], hand0: list[str], hand1: list[str]) -> list[str]:
    """A two-player deck: the table's four cards, then each seat's first packet, then the rest
    (the shown bottom card last, never a jack)."""
    rest = rest_of_deck(*table, *hand0, *hand1)
    rest.sort(key=lambda c: c.startswith("J"))
    rest.reverse()
    return [*table, *hand0, *hand1, *rest]


def hand_card(table, name: str) -> tuple[int, int]:
    hand = table.model.shown.get(pid("hand0"))
    return centre(table, "hand0", hand.index(parse_card(name)))


# ----------------------------------------------------------------- the pişti itself
def test_pisti_made_by_mouse_shows_the_banner_and_plays_the_pisti_sound(app):
    sounds: list[str] = []
    app.audio.play = sounds.append
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    table.model.sound = sounds.append
    table.model.hooks.sound = sounds.append
    set_agent(table, 1, Prefers("9D", name="plays"))
    settle(app, table)
    click(app, hand_card(table, "5C"))
    settle(app, table)
    assert history(table) == ["5C", "9D"]
    assert "fanfare" not in sounds
    click(app, hand_card(table, "9S"))
    app.step(DT)
    assert table.state.report()["pisti"] == [1, 0]
    assert "fanfare" in sounds
    assert [b.text for b in table.model.hooks.banners] == ["PİŞTİ!"]
    assert table.model.hooks.banners[0].sub == "You +10"
    assert any(line == "Pişti! You score 10" for line in table.model.log_words)


# ----------------------------------------------------------------- the Stop window
class TurnsInsteadOfPlaying:
    """A Stop-rule fault that keeps the turn: turning a card while the top discard fits."""

    name = "faulty"

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if view.observation().piles.get(pid("turned1")):
            return next((a for a in legal if str(a) == "turned>D"), legal[0])
        return next(a for a in legal if str(a) == "turn")

    def call(self, view: SeatView):
        return None


def stop_rule_fault_table(app):
    rest = rest_of_deck("AH", "2H")
    state = PishePasha.from_piles(
        [rest[:24], rest[24:49]],
        discards=[[], [rest[49], "2H"]],
        foundations=[[], [], ["AH"], []],
        to_move=1,
        options={"stop_rule": True},
    )
    app.settings.call_window = 0.6
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    set_agent(table, 1, TurnsInsteadOfPlaying())
    for _ in range(300):
        app.step(DT)
        if table.state.history and table.model.window.open:
            return table
        join(app)  # the worker's and the voice's work done: the next frame sees it
    raise AssertionError("the computer never faulted")


def test_stop_window_waits_while_the_pointer_is_over_the_stop_button(app):
    table = stop_rule_fault_table(app)
    assert history(table) == ["turn"]
    button = table.controls.call_btns[0]
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.step(DT)
    held = table.model.window.seconds
    for _ in range(100):  # two seconds, over three times the window
        app.step(DT)
    assert table.model.window.seconds == held > 0
    assert history(table) == ["turn"], "the faulting computer waited for the human"
    assert button.progress is not None


def test_stop_window_runs_out_and_the_computer_plays_on(app):
    table = stop_rule_fault_table(app)
    away = table.model.layout.areas["message"].center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(200):
        app.step(DT)
        if len(table.state.history) > 1:
            break
        join(app)  # the worker's and the voice's work done: the next frame sees it
    assert history(table)[:2] == ["turn", "turned>D"]
    assert not any(a.startswith("stop") for a in history(table))
    assert any("fault went unnoticed" in line for line in table.model.log_words)


def test_stop_window_counts_down_on_the_humans_turn_too(app):
    table = stop_rule_fault_table(app)
    settle(app, table)
    assert table.state.to_move == table.human
    for _ in range(60):
        app.step(DT)
    assert not table.model.window.open
    assert table.controls.call_btns[0].progress is None


# ----------------------------------------------------------------- the hint
def capture_table(app):
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    settle(app, table)
    return table


def test_hint_key_lights_the_capturing_card_and_the_pile(app):
    table = capture_table(app)
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert str(table.model.hint.action) == "5C"
    assert table.model.hint.text.startswith(
        "Hint: play the 5 of clubs: it takes the pile (4 cards). "
    )
    card, target = table.view.hint_rects()
    index = table.model.shown.get(pid("hand0")).index(parse_card("5C"))
    assert card == dict(table.view.card_rects(pid("hand0")))[index]
    assert target == table.view.pile_top_rect(pid("table"))
    for _ in range(5):
        app.step(0.5)  # past the first pulse: the ring is drawn in the plain hint colour
    grow = max(3, table.model.layout.card[0] // 22)
    ring_at = (card.centerx, card.top - grow + 1)
    assert app.screen.get_at(ring_at)[:3] == theme.HINT
    other = dict(table.view.card_rects(pid("hand0")))[(index + 1) % 4]
    assert app.screen.get_at((other.centerx, other.top - grow + 1))[:3] != theme.HINT
    line = app.screen.subsurface(table.model.layout.areas["message"])
    assert any(
        line.get_at((x, y))[:3] == theme.HINT
        for x in range(0, line.get_width(), 2)
        for y in range(line.get_height())
    ), "the message line shows the hint in its colour"


def test_hint_button_asks_too_and_the_hint_clears_when_the_human_moves(app):
    table = capture_table(app)
    click(app, table.controls.hint_btn.rect.center)
    wait_for_hint(app, table)
    assert str(table.model.hint.action) == "5C"
    click(app, hand_card(table, "5C"))
    assert history(table)[0] == "5C"
    assert table.model.hint is None
    assert table.view.hint_rects() == (None, None)


def test_hint_in_pishe_pasha_names_the_card_and_its_foundation(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert str(table.model.hint.action) == "turned>F"
    assert table.model.hint.text == (
        "Hint: play the 2 of hearts onto the foundation. It is your only move."
    )
    card, target = table.view.hint_rects()
    assert card == table.view.pile_top_rect(pid("turned0"))
    assert target == table.view.pile_top_rect(pid("found2"))


def test_hint_after_a_computer_fault_says_to_press_stop_only_when_faults_are_shown(app):
    """RULES §2.1 in the game: noticing a fault is the game, so the hint keeps quiet
    about it unless the player switched "show faults" on."""
    table = faulty_opponent_table(app)
    settle(app, table)
    assert table.state.stop_window() == (1, [0])
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert table.model.hint.action.kind.value != "call"
    assert "STOP" not in table.model.hint.text
    app.settings.show_faults = True
    table.model.hints.shown = None
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert str(table.model.hint.action) in ("stop 0 force", "stop 0 end")
    assert table.model.hint.text.startswith("Hint: press STOP! and choose")
    assert table.model.hint.text.endswith("North skipped a foundation play.")
    assert table.view.hint_rects() == (None, None)
    for _ in range(5):
        app.step(0.5)
    box = table.controls.call_btns[0].rect.inflate(10, 10)
    assert app.screen.get_at((box.centerx, box.top + 1))[:3] == theme.HINT


class _Slow:
    """A computer seat that thinks until the test lets it move."""

    name = "slow"

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, view: SeatView) -> Action:
        self.go.wait(5)
        return pishe.ACTIONS.parse("turn")

    def call(self, view: SeatView):
        return None


def test_hint_is_refused_when_it_is_not_the_humans_turn(app):
    rest = rest_of_deck()
    state = PishePasha.from_piles([rest[:26], rest[26:]], to_move=1)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    slow = _Slow()
    set_agent(table, 1, slow)
    app.step(DT)
    app.step(DT)
    assert not table.model.human_may_act()
    key(app, pygame.K_h)
    assert table.model.thinker.hint_pending is None
    assert table.model.hint is None
    assert table.model.message == "Hints are for your turn."
    slow.go.set()
    settle(app, table)


# ----------------------------------------------------------------- the deal
def test_deal_packets_are_two_then_three_at_a_time_seat_zero_first():
    two = packets(2, 26)
    assert two[:4] == [(0, 2), (1, 2), (0, 3), (1, 3)]
    assert all(k == 3 for _, k in two[2:])
    three = packets(3, 17)
    assert three[:3] == [(0, 2), (1, 2), (2, 2)]
    for players, each, plan in ((2, 26, two), (3, 17, three)):
        assert [sum(k for s, k in plan if s == seat) for seat in range(players)] == [each] * players


@pytest.mark.parametrize(("players", "each"), [(2, 26), (3, 17)])
def test_pishe_pasha_deal_flies_every_card_from_the_deck(tmp_path, monkeypatch, players, each):
    app = make_app(tmp_path, monkeypatch, pace="fast")
    try:
        table = open_table(app, "pishe-pasha", {"players": players})
        m = table.model
        assert m.dealing
        assert DECK in m.layout.spots
        stocks = [pid(f"stock{s}") for s in range(players)]
        seen_flying, last = 0, [0] * players
        for _ in range(4000):
            app.step(DT)
            if not m.dealing:
                break
            counts = [len(m.shown.get(p)) for p in stocks]
            assert all(c >= b for c, b in zip(counts, last, strict=True)), "a stock shrank"
            last = counts
            air = [f for f in m.show.flights() if not f.landed and not f.hidden]
            seen_flying = max(seen_flying, len(air))
            landed = [f for f in m.show.flights() if f.landed]
            lying = len(m.shown.get(DECK)) + sum(counts) + len(m.shown.get(pid("found0")))
            assert lying + len(air) + len(landed) == 52
        assert not m.dealing
        assert DECK not in m.layout.spots
        assert seen_flying >= 1
        app.step(DT)
        assert [len(m.shown.get(p)) for p in stocks] == [each] * players
        if players == 3:
            assert m.shown.get(pid("found0")) == [table.state.foundation_piles()[0][0]]
        settle(app, table)
        assert m.human_may_act()
    finally:
        app.scene.leave()


def test_the_book_deal_is_shown_too(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, pace="fast")
    try:
        table = open_table(app, "pisha-pasha-book", {})
        assert table.model.dealing
        settle(app, table)
        assert [len(table.model.shown.get(pid(f"stock{s}"))) for s in (0, 1)] == [26, 26]
    finally:
        app.scene.leave()


def test_instant_pace_deals_without_animation(app):
    table = open_table(app, "pishe-pasha", {"players": 2})
    assert not table.model.dealing
    app.step(DT)
    assert [len(table.model.shown.get(pid(f"stock{s}"))) for s in (0, 1)] == [26, 26]
    assert table.model.human_may_act()


# ----------------------------------------------------------------- won piles and F11
@pytest.mark.parametrize(
    ("players", "words"),
    [
        (2, {"Yours", "North's"}),
        (3, {"Yours", "East's", "West's"}),
        (4, {"You & North", "East & West"}),
    ],
)
def test_pisti_won_piles_say_whose_they_are(app, players, words):
    table = open_table(app, "pisti", {"players": players})
    m = table.model
    owners = {n: s for n, (what, s) in m.layout.shows.items() if what == "owner"}
    assert len(owners) == len(words)
    assert {says.won_owner(m, side) for side in owners.values()} == words
    for name, side in owners.items():
        pile, label = m.layout.spots[pid(f"won{side}")].rect, m.layout.areas[name]
        assert label.top >= pile.bottom
        assert abs(label.centerx - pile.centerx) <= 2


def test_f11_toggles_fullscreen_and_the_table_follows(app):
    table = open_table(app, "pisti", {"players": 4})
    settle(app, table)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert table.model.layout.size == app.size
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen
    assert table.model.layout.size == app.size == (1280, 800)
    settle(app, table)


# ----------------------------------------------------------------- the engine's values in words
GAMES = [
    (Pisti, 2, {}),
    (Pisti, 3, {}),
    (Pisti, 4, {}),
    (PishePasha, 2, {}),
    (PishePasha, 2, {"stop_rule": True}),
    (PishePasha, 2, {"foundations": "single"}),
    (PishePasha, 3, {}),
    (BookGame, 2, {}),
]
BAD_YOU = re.compile(r"\byou(?:'s| (?:plays|has|holds|wins|is|does|scores|loads|turns))\b", re.I)
POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "right", "top", "left"),
}


def _shapes(state) -> list[str]:
    """Every action of the game's shape, most of them illegal now."""
    if state.game == "pisti":
        return list(CARD_TEXT)
    if state.game == "pishe-pasha":
        return ["turn", "turned>F", "turned>D", "discard>F", "turned>0", "turned>1",
                "turned>5", "discard>0", "discard>1", "discard>7", "stop 1 force", "stop 6 end",
                "accept"]  # fmt: skip
    return ["flip", "turn", "play"]


def _namers(state) -> list[Namer]:
    out = []
    for human in range(state.players):
        pos = {
            s: POSITIONS[state.players][(s - human) % state.players] for s in range(state.players)
        }
        sides = {s: state.side_of(s) for s in range(state.players)}
        out.append(Namer.for_table(pos, human, sides))
    return out


@pytest.mark.parametrize(("cls", "players", "options"), GAMES,
                         ids=[f"{c.game}-{n}-{o}" for c, n, o in GAMES])  # fmt: skip
def test_every_refusal_and_event_reads_with_names(cls, players, options):
    rng = random.Random(players * 7 + len(options))
    refusals = set()
    events: list[Event] = []
    for seed in range(12):
        state = cls.new(players, options, seed)
        for _ in range(rng.choice((0, 1, 3, 10, 60, 400))):
            if state.is_over:
                break
            events.extend(state.apply(rng.choice(state.legal_actions())))
        legal = {str(a) for a in state.legal_actions()}
        refusals |= {state.check(a) for a in _shapes(state) if a not in legal} - {None}
        while not state.is_over and len(state.history) < 3000:
            events.extend(state.apply(rng.choice(state.legal_actions())))
    assert refusals
    for namer in _namers(state):
        lines = [refusal_text(r, namer) for r in refusals]
        lines += [outcome_line(e.outcome, namer, cls.game) for e in events if e.outcome]
        lines += [event_line(e, namer, True, cls.game) or "" for e in events]
        for line in lines:
            assert "seat " not in line.lower(), line
            assert "side " not in line.lower(), line
            assert "someone" not in line.lower(), line
            assert "{" not in line, line
            assert "}" not in line, line
            assert not BAD_YOU.search(line), line
            assert "(1 cards)" not in line, line


def test_seat_sentences_get_names_and_grammar():
    two = Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1})
    from game.core.types import Code, Refusal

    assert refusal_text(Refusal(Code.NOT_YOUR_TURN, seat=0, mover=1), two) == (
        "It is not your turn: North plays now."
    )
    assert refusal_text(Refusal(Code.NOT_YOUR_TURN, seat=1, mover=0), two) == (
        "It is not North's turn: you play now."
    )
    assert refusal_text(Refusal(pishe.Codes.LOAD_EMPTY, seat=1), two) == (
        "North's discard pile is empty: there is nothing to load onto."
    )
    assert refusal_text(Refusal(Code.NO_SUCH_SEAT, seat=5), two) == (
        "There is no such player in this game."
    )
    four = Namer.for_table({0: "bottom", 1: "right", 2: "top", 3: "left"}, 0,
                           {0: 0, 1: 1, 2: 0, 3: 1})  # fmt: skip
    from game.core.types import Outcome, Reason

    assert outcome_line(Outcome(1, Reason.POINTS, (12, 30)), four) == (
        "East & West win the hand with 30 points (30–12)"
    )
    assert outcome_line(Outcome(0, Reason.POINTS, (30, 12)), four) == (
        "You & North win the hand with 30 points (30–12)"
    )


class _Model(HintGiver):
    """Just enough of a table for the hint's words: the state, its game's spec, names and
    what is shown (plain values in place of the model's properties)."""

    state = namer = shown = None

    def __init__(self, state) -> None:
        from game.games import spec_of
        from game.ui.table.model.shown_piles import ShownTable

        self.state = state
        self.spec = spec_of(state.game)
        self.human = state.to_move
        pos = {s: POSITIONS[state.players][(s - self.human) % state.players]
               for s in range(state.players)}  # fmt: skip
        self.namer = Namer.for_table(pos, self.human, {s: s for s in range(state.players)})
        self.shown = ShownTable.of(state, self.human)


def test_pisti_hint_words_agree_with_the_engines_score():
    """A hint promises a pişti exactly when the engine scores one (last card excepted), and
    counts the pile it takes as the move log does."""
    rng = random.Random(4)
    seen = {"pisti": 0, "take": 0, "play": 0}
    for _ in range(60):
        state = Pisti.new(2, rng=rng)
        while not state.is_over:
            for action in state.legal_actions():
                text = _Model(state).hint_text(action)
                after = state.clone()
                events = after.apply(action)
                before, now = state.report(), after.report()
                jack = now["jack_pisti"] != before["jack_pisti"]
                pisti = now["pisti"] != before["pisti"] or jack
                taken = sum(now["captured"]) > sum(before["captured"])
                assert ("jack pişti" in text) == jack, text
                assert ("pişti" in text) == pisti, text
                if not pisti:
                    seen["take" if "takes the pile" in text else "play"] += 1
                    if "takes the pile" in text:
                        assert taken, text
                        namer = Namer.for_table({0: "bottom", 1: "top"}, state.to_move,
                                                {0: 0, 1: 1})  # fmt: skip
                        log = [event_line(e, namer) for e in events if e.kind.value == "capture"]
                        number = re.search(r"\((\d+) cards?\)", text)[1]
                        assert f"({number} card" in log[0], (text, log)
                else:
                    seen["pisti"] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert all(seen.values()), seen


def test_pisti_hint_never_promises_a_pisti_with_the_last_card():
    """RULES §5: the very last card of the hand never scores a pişti; the hint says so too."""
    rng = random.Random(5)
    cases = 0
    for _ in range(3000):
        state = Pisti.new(2, rng=rng)
        while len(state.history) < 47:
            state.apply(rng.choice(state.legal_actions()))
        (last,) = state.legal_actions()
        table = state.observation(state.to_move).piles[pid("table")]
        if len(table) == 1 and table[0] is not None and table[0] % 13 == last.card % 13:
            cases += 1
            text = _Model(state).hint_text(last)
            assert "pişti" not in text, text
            assert "takes the pile (1 card)" in text, text
    assert cases >= 5, cases
