"""Play without looking (issue 39): a whole Pişti hand and a whole Pishe Pasha hand played by
keys from the main menu by a player who decides only on what the voice said, in English,
Türkçe and Deutsch (where the voice names a card with its article and in its case: "den
Herz-Buben auf die Ablage von Nord laden"). The player reads the lines the voice spoke (its
log), and nothing else: it finds the game and Start by listening to the menu, waits to hear
its choice ("Your turn. Your hand: …", "Your choices: …"), picks a move from the words
heard, and makes it with the number keys, or with Tab (listening for "You can play here",
then for where the picked card can go) and Enter."""

from __future__ import annotations

import re

import pygame
import pytest
from ui_support import DT, key, make_app

from game.core.cards import RANK_TEXT
from game.speech import FileBackend
from game.text import phrasebook
from game.text.names import card_name
from game.text.phrasebook import LANGUAGES
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

# What the player knows of each language: the words they listen for.
EAR = {
    "en": {
        "game": "Game",
        "start": "Start",
        "turn": "Your turn",
        "hand": "Your hand: ",
        "choices": ("Your choices: ", "Your only move: "),
        "or": " or ",
        "can_play": "You can play here",
        "can_go": "It can go here",
        "pile_top": "top ",
        "stock_move": "turning a card from your stock",
        "my_stock": "Your stock",
        "to_foundation": " to the foundation",
        "foundation": ("Foundation", "Empty foundation"),
        "to_discard": " to your discard pile",
        "my_pile": "Your pile",
        "picked": "Picked up ",
        "load": r"^(?P<card>{card}) onto (?P<whose>.+) pile$",
        "pile_of": "{whose} pile",
        "result": ("you win", "wins the hand", "draw"),
    },
    "tr": {
        "game": "Oyun",
        "start": "Başla",
        "turn": "Sıra sende",
        "hand": "Elin: ",
        "choices": ("Seçeneklerin: ", "Tek hamlen: "),
        "or": " ya da ",
        "can_play": "Buradan hamle yapabilirsin",
        "can_go": "Buraya konabilir",
        "pile_top": "üstte ",
        "stock_move": "destenden kart açmak",
        "my_stock": "Desten",
        "to_foundation": " temele koymak",
        "foundation": ("temeli", "Boş temel"),
        "to_discard": " ıskartana atmak",
        "my_pile": "Iskartan",
        "picked": " alındı: ",
        "load": r"^(?P<card>{card}) (?P<whose>\S+) ıskartasına yüklemek$",
        "pile_of": "{whose} ıskartası",
        "result": ("kazandın", "kazandı", "berabere"),
    },
    "de": {
        "game": "Spiel",
        "start": "Starten",
        "turn": "Du bist dran",
        "hand": "Deine Hand: ",
        "choices": ("Deine Möglichkeiten: ", "Dein einziger Zug: "),
        "or": " oder ",
        "can_play": "Hier kannst du spielen",
        "can_go": "Passt hierhin",
        "pile_top": "oben ",
        "stock_move": "eine Karte aus deinem Vorrat aufdecken",
        "my_stock": "Dein Vorrat",
        "to_foundation": " auf den Grundstapel legen",
        "foundation": ("Grundstapel", "Leerer Grundstapel"),
        "to_discard": " auf deine Ablage legen",
        "my_pile": "Deine Ablage",
        "picked": " aufgenommen: ",
        "load": r"^(?P<card>{card}) auf die Ablage von (?P<whose>.+) laden$",
        "pile_of": "Ablage von {whose}",
        "result": ("du gewinnst", "gewinnt", "gewinnen", "unentschieden"),
        "article": r"(?:der|die|das|den|dem|des) ",  # a card is said with its article,
        "declined": {"Buben": "Bube"},  # its noun in its case
    },
}
SEED = 1  # the deals played: the same every run
NAMES = {"pisti": dict.fromkeys(EAR, "Pişti"), "pishe-pasha": dict.fromkeys(EAR, "Pishe Pasha")}


class Ear:
    """The player: hears the voice's log line by line and presses keys."""

    def __init__(self, app, said, lang: str) -> None:
        self.app, self.said, self.lang = app, said, lang
        self.words = EAR[lang]
        self.heard: list[str] = []
        self.mark = 0  # the lines heard before this are the choices already made
        self.keys = 0
        names = {card_name(c) for c in range(52)}
        declined = self.words.get("declined", {})
        names |= {n.replace(plain, said) for n in names for said, plain in declined.items()}
        article = self.words.get("article", "")
        ordered = sorted(names, key=len, reverse=True)
        self.card = f"{article and f'(?:{article})?'}(?:" + "|".join(map(re.escape, ordered)) + ")"

    def named(self, said: str) -> str:
        """A card as the voice said it, as its name: "den Herz-Buben" -> "Herz-Bube"."""
        said = re.sub(f"^{self.words['article']}", "", said) if "article" in self.words else said
        for form, plain in self.words.get("declined", {}).items():
            said = re.sub(f"{form}$", plain, said)
        return said

    def listen(self) -> str:
        """What the voice said since the player last listened."""
        assert self.app.voice.flush(10)
        lines = self.said.read_text("utf-8").splitlines() if self.said.exists() else []
        new = [line.split("\t", 2)[2] for line in lines[len(self.heard) :]]
        self.heard += new
        return "\n".join(new)

    def press(self, k: int) -> str:
        """A key, and what the voice said to it."""
        self.keys += 1
        key(self.app, k)
        return self.listen()

    def until(self, k: int, heard, most: int = 60) -> str:
        """Press ``k`` until the voice says what ``heard(words)`` looks for."""
        for _ in range(most):
            words = self.press(k)
            if heard(words):
                return words
        raise AssertionError(f"never heard it: {self.heard[-5:]}")

    # ----------------------------------------------------------------- the menu
    def start(self, game: str) -> None:
        w = self.words
        self.listen()
        self.until(pygame.K_TAB, lambda said: said.startswith(w["game"] + "."))
        name = NAMES[game][self.lang]
        said = self.heard[-1]
        while not said.startswith(f"{w['game']}. {name}.") and said != name:
            said = self.press(pygame.K_RIGHT)
        self.until(pygame.K_TAB, lambda said: said.startswith(w["start"]))
        self.press(pygame.K_RETURN)

    # ----------------------------------------------------------------- the table
    def wait_for_choice(self, table) -> str | None:
        """Frames pass until the voice says the player's choice; None once the hand's end
        has been heard (the summary)."""
        for _ in range(20000):
            self.listen()
            said = "\n".join(self.heard[self.mark :])
            if self.app.scene is not table:
                return None
            turn = f"{self.words['turn']}. {self.words['hand']}"  # (not a focus on the hand)
            for marker in (*self.words["choices"], turn):
                if marker in said:
                    self.mark = len(self.heard)
                    return said[said.rindex(marker) :].removeprefix(f"{self.words['turn']}. ")
            self.app.step(DT)
        raise AssertionError(f"no choice heard: {self.heard[-5:]}")

    def prompted(self, line: str) -> bool:
        w = self.words
        return any(m in line for m in (f"{w['turn']}. {w['hand']}", *w["choices"]))

    def heard_out(self) -> None:
        """The keys of a move have been heard out: what they said is not the next choice,
        but a choice said after the move was made is."""
        new = reversed(range(self.mark, len(self.heard)))
        self.mark = next((i for i in new if self.prompted(self.heard[i])), len(self.heard))

    def play_card(self, prompt: str) -> None:
        """Pişti: the hand and the pile's top as heard; a card of the top's rank, else a
        jack on a pile, else the first card; its number key."""
        w = self.words
        hand_part, _, pile = prompt[len(w["hand"]) :].partition(". ")
        hand = hand_part.split(", ")
        top = pile.split(w["pile_top"], 1)[1].strip(" .") if w["pile_top"] in pile else ""
        top = self.named(top)
        pick = next((i for i, c in enumerate(hand) if top and same_rank(c, top)), None)
        if pick is None and top:
            pick = next((i for i, c in enumerate(hand) if is_jack(c)), None)
        self.press(getattr(pygame, f"K_{(pick or 0) + 1}"))

    def choose(self, prompt: str) -> None:
        """Pishe Pasha: the moves as heard; to a foundation first, then a load, then the
        player's own pile, then turning; made with Tab and Enter."""
        w = self.words
        head = next(h for h in w["choices"] if prompt.startswith(h))
        offered = prompt[len(head) :].split("\n")[0].rstrip(".")
        first, _, last = offered.rpartition(w["or"])
        moves = [*first.split(", "), last] if first else [last]

        def rank(move: str) -> int:
            if move.endswith(w["to_foundation"]):
                return 0
            if re.match(w["load"].format(card=self.card), move):
                return 1
            return 2 if move.endswith(w["to_discard"]) else 3

        move = min(moves, key=rank)
        if move == w["stock_move"]:
            self.until(pygame.K_TAB, lambda s: s.startswith(w["my_stock"]) and w["can_play"] in s)
            self.press(pygame.K_RETURN)
            return
        card = self.named(re.match(f"^({self.card})", move).group(1))
        self.until(pygame.K_TAB, lambda s: card in s and w["can_play"] in s)
        said = self.press(pygame.K_RETURN)
        if w["picked"] not in said:
            return  # a card with one place went there at the first Enter
        wanted = self.target(move)
        if not (w["can_go"] in said and wanted(said.split(". ", 2)[-1])):
            self.until(pygame.K_TAB, lambda s: w["can_go"] in s and wanted(s))
        self.press(pygame.K_RETURN)

    def target(self, move: str):
        """What the focus words of the place the move puts the card start with."""
        w = self.words
        if move.endswith(w["to_foundation"]):
            return lambda s: any(f in s for f in w["foundation"])
        if move.endswith(w["to_discard"]):
            return lambda s: s.startswith(w["my_pile"])
        whose = re.match(w["load"].format(card=self.card), move).group("whose")
        pile = w["pile_of"].format(whose=whose)
        return lambda s: s.startswith(pile[0].upper() + pile[1:])


def same_rank(a: str, b: str) -> bool:
    """Two card names of one rank, as said ("the 7 of hearts", "kupa 7")."""
    return _rank(a) == _rank(b)


def is_jack(name: str) -> bool:
    return _rank(name) == _rank(card_name(10))


def _rank(name: str) -> str:
    for c in range(52):
        if card_name(c) == name:
            return RANK_TEXT[c % 13]
    raise AssertionError(f"not a card name: {name!r}")


@pytest.fixture(params=LANGUAGES)
def lang(request):
    yield request.param
    phrasebook.set_language("en")


@pytest.mark.parametrize("game", ["pisti", "pishe-pasha"])
def test_a_whole_hand_from_the_menu_played_on_what_the_voice_said(tmp_path, monkeypatch, lang,
                                                                  game):  # fmt: skip
    said = tmp_path / "said.txt"
    app = make_app(tmp_path, monkeypatch, language=lang, auto_play=True, lessons_offered=True,
                   last_game="pishe-pasha")  # fmt: skip
    app.voice.use(FileBackend(said))
    app.voice.on = True
    app.goto("menu", seed=SEED)  # (a deal of the clock's time had too few decisions at times)
    ear = Ear(app, said, lang)
    ear.start(game)
    table = app.scene
    assert isinstance(table, TableScene) and table.model.spec.id == game
    decisions = 0
    while (prompt := ear.wait_for_choice(table)) is not None:
        before = len(table.state.history)
        if prompt.startswith(ear.words["hand"]):
            ear.play_card(prompt)
        else:
            ear.choose(prompt)
        assert len(table.state.history) > before, ear.heard[-6:]  # the move was made
        ear.heard_out()
        decisions += 1
    assert isinstance(app.scene, SummaryScene) and table.state.is_over
    for _ in range(5):
        app.step(DT)
    told = " ".join(ear.heard[-3:]).lower()
    assert any(r.lower() in told for r in ear.words["result"]), ear.heard[-3:]
    assert decisions >= 10 and ear.keys > decisions
