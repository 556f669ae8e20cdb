"""Whole games by ear, from the main menu, on the spoken lines alone, in English and Türkçe:
a Pishe Pasha match to 50 (the Match row set by listening to the menu, hand after hand, the
summary's "Enter: Next hand" followed until "Enter: New match"), and a whole Stop-rule hand
in which the player catches North's fault: hearing North put a card on a pile, they press T,
hear from the foundations that the card fitted one, press S and choose with Tab and Enter
from the choices said."""

from __future__ import annotations

import re

import pygame
import pytest
from test_ui_play_by_ear import SEED, Ear
from ui_support import DT, make_app

from game.core.cards import RANK_TEXT, SUITS
from game.speech import FileBackend
from game.text import phrasebook, say
from game.text.names import card_name
from game.text.spoken import spoken
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

ROWS = {  # the menu's rows and the values the player listens for
    "en": {"match": ("Match", "To 50"), "stop": ("Stop rule", "On"),
           "level": ("Opponents", "Easy")},
    "tr": {"match": ("Maç", "50 puan"), "stop": ("Stop kuralı", "Açık"),
           "level": ("Rakipler", "Kolay")},
}  # fmt: skip
CALL_WINDOW = 1.0  # seconds: the player's time to call once the move has been said
HANDS = 4  # hands played at most for one with a fault in it
LOOK = 0.4  # seconds the player waits after hearing a move before asking for the table


@pytest.fixture(params=list(ROWS))
def lang(request):
    yield request.param
    phrasebook.set_language("en")


class MatchEar(Ear):
    """The player of :class:`Ear`, who also sets the menu's rows, follows the summary from
    hand to hand and listens for North's faults."""

    def set_row(self, which: str) -> None:
        row, value = ROWS[self.lang][which]
        self.until(pygame.K_TAB, lambda said: said.startswith(f"{row}."))
        said = self.heard[-1]
        for _ in range(6):
            if said == value or said.startswith(f"{row}. {value}."):
                return
            said = self.press(pygame.K_RIGHT)
        raise AssertionError(f"{row} never said {value}: {self.heard[-4:]}")

    def start_with(self, *rows: str) -> None:
        """Pishe Pasha (the menu's last game) with ``rows`` set, then Start."""
        self.listen()
        for which in rows:
            self.set_row(which)
        self.until(pygame.K_TAB, lambda said: said.startswith(self.words["start"]))
        self.press(pygame.K_RETURN)

    def play_hand(self, table, watch=None) -> int:
        """The hand's decisions, each from what was said (``watch``: every line heard,
        before the choice it precedes is made); the decisions made."""
        decisions = 0
        while (prompt := self.wait_for_choice(table, watch)) is not None:
            before = len(table.state.history)
            self.choose(prompt)
            assert len(table.state.history) > before, self.heard[-6:]
            self.heard_out()
            decisions += 1
        return decisions

    def wait_for_choice(self, table, watch=None) -> str | None:
        seen = len(self.heard)
        for _ in range(20000):
            self.listen()
            while watch is not None and seen < len(self.heard):
                seen += 1
                if watch(self.heard[seen - 1]):
                    seen = len(self.heard)  # (what its keys said is not North's move)
            found = self._prompt(table)
            if found is not False:
                return found
            self.app.step(DT)
        raise AssertionError(f"no choice heard: {self.heard[-5:]}")

    def _prompt(self, table):
        said = "\n".join(self.heard[self.mark :])
        if self.app.scene is not table:
            return None
        for marker in self.words["choices"]:
            if marker in said:
                self.mark = len(self.heard)
                return said[said.rindex(marker) :]
        return False

    def next_hand(self, any_next: bool = False) -> bool:
        """On the summary: Enter for the next hand (True), or the match is over (False;
        ``any_next``: Enter for a new one all the same)."""
        for _ in range(200):
            said = " ".join(self.heard[-3:])
            if f"Enter: {say('button.new_match')}" in said and not any_next:
                return False
            if any_next and f"Enter: {say('button.new_match')}" in said:
                self.press(pygame.K_RETURN)
                return True
            if f"Enter: {say('button.next_hand')}" in said:
                self.press(pygame.K_RETURN)
                return True
            self.app.step(DT)
            self.listen()
        raise AssertionError(f"the summary never said what Enter does: {self.heard[-3:]}")


def listening(tmp_path, monkeypatch, lang) -> tuple:
    said = tmp_path / "said.txt"
    app = make_app(tmp_path, monkeypatch, language=lang, auto_play=True, keep=True,
                   last_game="pishe-pasha", lessons_offered=True)  # fmt: skip
    app.voice.use(FileBackend(said))
    app.voice.on = True
    app.goto("menu", seed=SEED)
    return app, MatchEar(app, said, lang)


@pytest.mark.slow
def test_a_whole_pishe_pasha_match_to_50_played_by_ear(tmp_path, monkeypatch, lang):
    app, ear = listening(tmp_path, monkeypatch, lang)
    ear.start_with("match")
    hands = 0
    while True:
        table = app.scene
        assert isinstance(table, TableScene)
        assert table.match.target == 50
        assert ear.play_hand(table) >= 5
        hands += 1
        assert isinstance(app.scene, SummaryScene)
        if not ear.next_hand():
            break
        assert hands < 12, "a match to 50 ends"
    assert table.match.is_over
    assert max(table.match.totals) >= 50
    told = " ".join(ear.heard[-4:]).lower()
    for total in table.match.totals:  # the match's score, said as it ends
        assert str(total) in told, ear.heard[-4:]


class FaultEar:
    """What tells a fault by ear: a card North has just put on a pile (said first in North's
    line) that T then reads on top of a pile while a foundation could take it."""

    def __init__(self, ear: MatchEar) -> None:
        self.ear = ear
        names = {card_name(c).casefold(): c for c in range(52)}
        by_length = sorted(names, key=len, reverse=True)
        self.card = re.compile("|".join(map(re.escape, by_length)), re.IGNORECASE)
        self.names = names
        self.caught = 0

    def north_moved(self, line: str) -> int | None:
        """The card of North's last move said in ``line`` (a voice says sentences that come
        together as one line): a computer's move is heard card first, its player named."""
        north = self.ear.app.scene.model.namer.who(1)
        moved = None
        for sentence in re.split(r"(?<=[.!?…])\s+", line):
            found = self.card.match(sentence)
            if found is not None and north in sentence:
                moved = self.names[found[0].casefold()]
        return moved

    def tops(self, table_words: str) -> dict[int, int]:
        """Suit -> the rank on its foundation, as T said it (-1: empty ones, counted)."""
        out: dict[int, int] = {}
        for s, suit in enumerate(SUITS):
            for r, rank in enumerate(RANK_TEXT):
                words = say("speech.pile.foundation", suit=say(f"suit.{suit}"),
                            rank=say(f"rank.{rank}"))  # fmt: skip
                if spoken(words) + "." in table_words + ".":
                    out[s] = r
        out[-1] = table_words.count(spoken(say("speech.pile.foundation.empty")))
        return out

    def fits(self, card: int, tops: dict[int, int]) -> bool:
        suit, rank = divmod(card, 13)
        return (rank == 0 and tops[-1] > 0) or tops.get(suit, -2) == rank - 1

    def __call__(self, line: str) -> bool:
        """A line heard: True once keys were pressed about it (T, and S for a fault),
        whose answers are not North's moves."""
        ear = self.ear
        card = self.north_moved(line)
        if card is None:
            return False
        for _ in range(int(LOOK / DT)):  # a moment for the card to land, as a player waits
            ear.app.step(DT)
        table = ear.press(pygame.K_t)
        on_top = say("speech.top", card=card_name(card)) in table
        if not (on_top and self.fits(card, self.tops(table))):
            return True
        asked = ear.press(pygame.K_s)
        end_turn = spoken(say("button.end_turn"))
        assert end_turn in asked, asked  # the call's choices, said
        ear.until(pygame.K_TAB, lambda said: said.startswith(end_turn))
        ear.press(pygame.K_RETURN)
        self.caught += 1
        return True


@pytest.mark.slow
def test_a_whole_stop_rule_hand_with_a_fault_caught_by_ear(tmp_path, monkeypatch, lang):
    """Hands are played by ear until one has had a fault of North's (an easy North faults
    often, yet not in every hand): the player catches it, and the hand's record has the
    call."""
    app, ear = listening(tmp_path, monkeypatch, lang)
    app.settings.call_window = CALL_WINDOW
    ear.start_with("match", "stop", "level")  # (a match's hands are dealt from its seed)
    watch = FaultEar(ear)
    for _ in range(HANDS):
        table = app.scene
        assert isinstance(table, TableScene)
        assert table.state.options.get("stop_rule")
        assert ear.play_hand(table, watch) >= 5
        assert isinstance(app.scene, SummaryScene)
        assert table.state.is_over
        if watch.caught:
            break
        ear.next_hand(any_next=True)
    assert watch.caught >= 1, f"North made no fault the player heard in {HANDS} hands"
    calls = [a for a in table.state.history if a.is_call and a.actor == table.human]
    assert len(calls) == watch.caught, "each call the player made is in the hand's record"
