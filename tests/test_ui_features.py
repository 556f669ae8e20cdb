"""Table features checked through the real loop with posted events, headless:
the Expert's hint, the Pishe Pasha deal, the pişti banner and sound, the Stop
window's countdown, labelled won piles, F11, and engine sentences with names."""

from __future__ import annotations

import random
import re
import time

import pygame
import pytest
from test_ui_play import (
    DT,
    centre,
    click,
    faulty_opponent_table,
    holding_2h,
    open_table,
    rest_of_deck,
    settle,
)

from game.ai.base import SeatView
from game.cards import CARD_TEXT, parse_card
from game.rules import BookGame, PishePasha, Pisti
from game.rules.pishe_events import ACTIONS
from game.settings import Settings
from game.ui import table_view, theme
from game.ui.app import App
from game.ui.deal import DECK, packets
from game.ui.describe import Namer, describe, over_text
from game.ui.layout import SEAT_NAMES, seat_positions
from game.ui.scenes.table import TableScene


def make_app(tmp_path, monkeypatch, **settings) -> App:
    monkeypatch.setenv("PASHA_PISTI_HOME", str(tmp_path))
    base = {"pace": "instant", "stop_window": 0.05, "sound": False}
    return App((1280, 800), settings=Settings(**{**base, **settings}))


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    a.scene.leave()


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)


def wait_for_hint(app: App, table: TableScene, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while table.opponents.hint_pending is not None and time.monotonic() < end:
        app.step(DT)
        time.sleep(0.002)
    app.step(DT)
    assert table.hint is not None, table.message


class Plays:
    """A computer seat that plays the named cards (Pişti) when it can, else its first move."""

    name = "plays"

    def __init__(self, *cards: str) -> None:
        self.cards = list(cards)

    def choose(self, view: SeatView) -> str:
        legal = view.legal_actions()
        return next((c for c in self.cards if c in legal), legal[0])

    def stop_call(self, view: SeatView) -> str | None:
        return None


def pisti_deck(table: list[str], hand0: list[str], hand1: list[str]) -> list[str]:
    """A two-player deck: the table's four cards, then each seat's first packet, then the rest
    (the shown bottom card last, never a jack)."""
    rest = rest_of_deck(*table, *hand0, *hand1)
    rest.sort(key=lambda c: c.startswith("J"))
    rest.reverse()
    return [*table, *hand0, *hand1, *rest]


# ----------------------------------------------------------------- the pişti itself
def test_pisti_made_by_mouse_shows_the_banner_and_plays_the_pisti_sound(app):
    sounds: list[str] = []
    app.audio.play = sounds.append
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    table.opponents.agents[1] = Plays("9D")
    settle(app, table)
    click(app, centre(table, "hand0", table.shown.get("hand0").index(parse_card("5C"))))
    settle(app, table)
    assert table.state.history == ["5C", "9D"]
    assert "pisti" not in sounds
    click(app, centre(table, "hand0", table.shown.get("hand0").index(parse_card("9S"))))
    app.step(DT)
    assert table.state.report()["pisti"] == [1, 0]
    assert "pisti" in sounds
    assert [b.text for b in table.hooks.banners] == ["PİŞTİ!"]
    assert table.hooks.banners[0].sub == "You +10"
    assert any(line == "Pişti! You score 10" for line in table.log)


# ----------------------------------------------------------------- the Stop window
class TurnsInsteadOfPlaying:
    """A Stop-rule fault that keeps the turn: turning a card while the top discard fits."""

    name = "faulty"

    def choose(self, view: SeatView) -> str:
        legal = [a for a in view.legal_actions() if not a.startswith("stop ")]
        if view.observation().piles.get("turned1"):
            return "turned>D" if "turned>D" in legal else legal[0]
        return "turn"

    def stop_call(self, view: SeatView) -> str | None:
        return None


def stop_rule_fault_table(app: App) -> TableScene:
    rest = rest_of_deck("AH", "2H")
    state = PishePasha.from_piles(
        [rest[:24], rest[24:49]],
        discards=[[], [rest[49], "2H"]],
        foundations=[[], [], ["AH"], []],
        to_move=1,
        options={"stop_rule": True},
    )
    app.settings.stop_window = 0.6
    table = open_table(app, "pishe-pasha", {"players": 2, "stop_rule": True}, state)
    table.opponents.agents[1] = TurnsInsteadOfPlaying()
    for _ in range(300):
        app.step(DT)
        if table.state.history and table.stop_wait > 0:
            return table
        time.sleep(0.001)
    raise AssertionError("the computer never faulted")


def test_stop_window_waits_while_the_pointer_is_over_the_stop_button(app):
    table = stop_rule_fault_table(app)
    assert table.state.history == ["turn"]
    button = table.controls.stop_btn
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.step(DT)
    held = table.stop_wait
    for _ in range(100):  # two seconds, over three times the window
        app.step(DT)
    assert table.stop_wait == held > 0
    assert table.state.history == ["turn"], "the faulting computer waited for the human"
    assert button.progress is not None


def test_stop_window_runs_out_and_the_computer_plays_on(app):
    table = stop_rule_fault_table(app)
    away = table.layout.areas["message"].center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(200):
        app.step(DT)
        if len(table.state.history) > 1:
            break
        time.sleep(0.001)
    assert table.state.history[:2] == ["turn", "turned>D"]
    assert not any(a.startswith("stop") for a in table.state.history)


def test_stop_window_counts_down_on_the_humans_turn_too(app):
    table = stop_rule_fault_table(app)
    settle(app, table)
    assert table.state.to_move == table.human
    for _ in range(60):
        app.step(DT)
    assert table.stop_wait == 0
    assert table.controls.stop_btn.progress is None


# ----------------------------------------------------------------- the hint
def capture_table(app: App) -> TableScene:
    deck = pisti_deck(["2C", "3D", "4S", "5H"], ["5C", "9S", "KD", "QH"], ["9D", "6C", "7C", "8C"])
    state = Pisti.from_setup({"players": 2, "deck": deck}, {})
    table = open_table(app, "pisti", {"players": 2}, state)
    settle(app, table)
    return table


def test_hint_key_lights_the_capturing_card_and_the_pile(app):
    table = capture_table(app)
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert table.hint.action == "5C"
    assert table.hint.text == "Hint: play the 5 of clubs: it takes the pile (4 cards)."
    card, target = table_view.hint_rects(table)
    index = table.shown.get("hand0").index(parse_card("5C"))
    assert card == dict(table_view.card_rects(table, "hand0"))[index]
    assert target == table_view.pile_top_rect(table, "table")
    for _ in range(5):
        app.step(0.5)  # past the first pulse: the ring is drawn in the plain hint colour
    grow = max(3, table.layout.card[0] // 22)
    ring_at = (card.centerx, card.top - grow + 1)
    assert app.screen.get_at(ring_at)[:3] == theme.HINT
    other = dict(table_view.card_rects(table, "hand0"))[(index + 1) % 4]
    assert app.screen.get_at((other.centerx, other.top - grow + 1))[:3] != theme.HINT
    line = app.screen.subsurface(table.layout.areas["message"])
    assert any(
        line.get_at((x, y))[:3] == theme.HINT
        for x in range(0, line.get_width(), 2)
        for y in range(line.get_height())
    ), "the message line shows the hint in its colour"


def test_hint_button_asks_too_and_the_hint_clears_when_the_human_moves(app):
    table = capture_table(app)
    click(app, table.controls.hint_btn.rect.center)
    wait_for_hint(app, table)
    assert table.hint.action == "5C"
    click(app, centre(table, "hand0", table.shown.get("hand0").index(parse_card("5C"))))
    assert table.state.history[0] == "5C"
    assert table.hint is None
    assert table_view.hint_rects(table) == (None, None)


def test_hint_in_pishe_pasha_names_the_card_and_its_foundation(app):
    table = open_table(app, "pishe-pasha", {"players": 2}, holding_2h())
    settle(app, table)
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert table.hint.action == "turned>F"
    assert table.hint.text == "Hint: play the 2 of hearts onto the foundation."
    card, target = table_view.hint_rects(table)
    assert card == table_view.pile_top_rect(table, "turned0")
    assert target == table_view.pile_top_rect(table, "found2")


def test_hint_in_the_book_version_says_to_flip_and_lights_the_stock(app):
    table = open_table(app, "pisha-pasha-book", {})
    settle(app, table)
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert table.hint.action == "flip"
    assert table.hint.text.startswith("Hint: flip")
    card, target = table_view.hint_rects(table)
    assert card == table_view.pile_top_rect(table, "stock0")
    assert target is None


def test_hint_after_a_computer_fault_says_to_press_stop(app):
    table = faulty_opponent_table(app)
    settle(app, table)
    assert table.state.stop_window() == (1, [0])
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert table.hint.action in ("stop 0 force", "stop 0 end")
    assert table.hint.text.startswith("Hint: press STOP! and choose")
    assert table.hint.text.endswith("North skipped a foundation play.")
    assert table_view.hint_rects(table) == (None, None)
    for _ in range(5):
        app.step(0.5)
    box = table.controls.stop_btn.rect.inflate(10, 10)
    assert app.screen.get_at((box.centerx, box.top + 1))[:3] == theme.HINT


def test_hint_is_refused_when_it_is_not_the_humans_turn(app):
    rest = rest_of_deck()
    state = PishePasha.from_piles([rest[:26], rest[26:]], to_move=1)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    table.opponents.agents[1] = _Slow()
    app.step(DT)
    assert not table.human_may_act()
    key(app, pygame.K_h)
    assert table.opponents.hint_pending is None
    assert table.hint is None
    assert table.message == "Hints are for your turn."
    table.opponents.agents[1].go = True
    settle(app, table)


class _Slow:
    """A computer seat that thinks until the test lets it move."""

    name = "slow"
    go = False

    def choose(self, view: SeatView) -> str:
        end = time.monotonic() + 5
        while not self.go and time.monotonic() < end:
            time.sleep(0.005)
        return "turn"

    def stop_call(self, view: SeatView) -> str | None:
        return None


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
        assert table.dealing and DECK in table.layout.spots
        stocks = [f"stock{s}" for s in range(players)]
        seen_flying, last = 0, [0] * players
        for _ in range(2000):
            app.step(DT)
            if not table.dealing:
                break
            counts = [len(table.shown.get(p)) for p in stocks]
            assert all(c >= b for c, b in zip(counts, last, strict=True)), "a stock shrank"
            last = counts
            air = [f for f in table.show.flights() if not f.landed and not f.hidden]
            seen_flying = max(seen_flying, len(air))
            lying = len(table.shown.get(DECK)) + sum(counts) + len(table.shown.get("found0"))
            assert lying + len(air) == 52
        assert not table.dealing and DECK not in table.layout.spots
        assert seen_flying >= 1
        assert [len(table.shown.get(p)) for p in stocks] == [each] * players
        if players == 3:
            assert table.shown.get("found0") == [table.state.foundation_piles()[0][0]]
        assert table.human_may_act()
    finally:
        app.scene.leave()


def test_instant_pace_deals_without_animation(app):
    table = open_table(app, "pishe-pasha", {"players": 2})
    assert not table.dealing
    app.step(DT)
    assert [len(table.shown.get(f"stock{s}")) for s in (0, 1)] == [26, 26]
    assert table.human_may_act()


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
    labels = {n for n in table.layout.areas if n.startswith("won_label")}
    assert len(labels) == len(words)
    assert {table_view.won_owner(table, int(n[9:])) for n in labels} == words
    for name in labels:
        side = int(name[9:])
        pile, label = table.layout.spots[f"won{side}"].rect, table.layout.areas[name]
        assert label.top >= pile.bottom and abs(label.centerx - pile.centerx) <= 2


def test_f11_toggles_fullscreen_and_the_table_follows(app):
    table = open_table(app, "pisti", {"players": 4})
    settle(app, table)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert table.layout.size == app.size
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen
    assert table.layout.size == app.size == (1280, 800)
    settle(app, table)


# ----------------------------------------------------------------- engine sentences
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


BAD_YOU = re.compile(r"\byou(?:'s| (?:plays|has|holds|wins|is|does))\b", re.IGNORECASE)


def _shapes(state) -> list[str]:
    """Every action of the game's shape, most of them illegal now."""
    if state.game == "pisti":
        return list(CARD_TEXT)
    if state.game == "pishe-pasha":
        return [*ACTIONS, "turned>5", "discard>7", "stop 6 end"]
    return ["flip", "turn", "play"]


def _namers(state) -> list[Namer]:
    out = []
    for human in range(state.players):
        pos = seat_positions(state.game, state.players, human)
        sides = {s: state.side_of(s) for s in range(state.players)}
        out.append(Namer({s: SEAT_NAMES[p] for s, p in pos.items()}, human, sides))
    return out


@pytest.mark.parametrize(
    ("cls", "players", "options"), GAMES, ids=[f"{c.game}-{n}-{o}" for c, n, o in GAMES]
)
def test_every_refusal_and_end_note_reads_with_names(cls, players, options):
    rng = random.Random(players * 7 + len(options))
    sentences: set[str] = set()
    notes: list = []
    for seed in range(12):
        state = cls.new(players, options, seed)
        for _ in range(rng.choice((0, 1, 3, 10, 60, 400))):
            if state.is_over:
                break
            notes.extend(state.apply(rng.choice(state.legal_actions())))
        legal = set(state.legal_actions())
        sentences |= {state.check(a) for a in _shapes(state) if a not in legal} - {None}
        while not state.is_over and len(state.history) < 3000:
            notes.extend(state.apply(rng.choice(state.legal_actions())))
    assert sentences
    for namer in _namers(state):
        words = [namer.humanize(s) for s in sentences]
        words += [over_text(e.note, namer) for e in notes if e.kind == "over"]
        words += [describe(e, namer) or "" for e in notes if e.kind != "deal"]
        for line in words:
            assert "seat " not in line.lower(), line
            assert "side " not in line.lower(), line
            assert "Someone" not in line, line
            assert not BAD_YOU.search(line), line


def test_seat_sentences_get_names_and_grammar():
    namer = Namer({0: "You", 1: "North"}, 0)
    assert namer.humanize("It is not seat 0's turn: seat 1 plays now.") == (
        "It is not your turn: North plays now."
    )
    assert namer.humanize("It is not seat 1's turn: seat 0 plays now.") == (
        "It is not North's turn: you play now."
    )
    assert namer.humanize("Seat 1's discard pile is empty.") == "North's discard pile is empty."
    assert (
        namer.humanize("There is no seat 5 in this game.")
        == "There is no such player in this game."
    )
    assert namer.humanize("Seat 0 has no cards left: seat 1 wins.") == (
        "You have no cards left: North wins."
    )
    four = Namer({0: "You", 1: "East", 2: "North", 3: "West"}, 0, {0: 0, 1: 1, 2: 0, 3: 1})
    assert over_text("Side 1 wins 12-30", four) == "East & West win the hand with 30 points (12-30)"
    assert over_text("Side 0 wins 30-12", four) == "You & North win the hand with 30 points (30-12)"


def test_pisti_hint_words_agree_with_the_engines_score():
    """A hint promises a pişti exactly when the engine scores one (last card excepted)."""
    from game.ui.hint import hint_text

    namer = Namer({0: "You", 1: "North"}, 0)
    rng = random.Random(4)
    seen = {"pisti": 0, "take": 0, "play": 0}
    for _ in range(60):
        state = Pisti.new(2, rng=rng)
        while not state.is_over:
            for action in state.legal_actions():
                text = hint_text(state, state.to_move, action, namer)
                after = state.clone()
                after.apply(action)
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
                else:
                    seen["pisti"] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert all(seen.values()), seen


def test_pisti_hint_never_promises_a_pisti_with_the_last_card():
    """RULES §5: the very last card of the hand never scores a pişti; the hint says so too."""
    from game.ui.hint import hint_text

    namer = Namer({0: "You", 1: "North"}, 0)
    rng = random.Random(5)
    cases = 0
    for _ in range(3000):
        state = Pisti.new(2, rng=rng)
        while len(state.history) < 47:
            state.apply(rng.choice(state.legal_actions()))
        (last,) = state.legal_actions()
        table = state.observation(state.to_move).piles["table"]
        if len(table) == 1 and table[0] is not None and table[0] % 13 == parse_card(last) % 13:
            cases += 1
            text = hint_text(state, state.to_move, last, namer)
            assert "pişti" not in text and "takes the pile (1 card)" in text, text
    assert cases >= 5, cases
