"""Play without looking: a whole Pişti hand and a whole Pishe Pasha hand played by
keys from the main menu by a player who decides only on what the voice said, in English,
Türkçe and Deutsch (where the voice names a card with its article and in its case: "den
Herz-Buben auf die Ablage von Nord laden"). The player reads the lines the voice spoke (its
log), and nothing else: it finds the game and Start by listening to the menu, waits to hear
its choice ("Your turn. Your hand: …", "Your choices: …"), picks a move from the words
heard, and makes it with the number keys, or with the keys each choice says it takes ("the
6 of hearts onto North's pile (Enter twice)", "(Tab to “Your stock”, then Enter)"): those
keys, pressed as said, make that move, or the test fails."""

from __future__ import annotations

import re

import pygame
import pytest
from ui_support import DT, key, make_app

from game.core.cards import RANK_TEXT
from game.speech import FileBackend
from game.text.names import card_name
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

# What the player knows of each language: the words they listen for.
EAR = {
    "en": {
        "keys": {
            "number": r"^key (\d)$",
            "tab": r"^Tab to “(?P<place>[^”]+)”, then (?P<rest>.+)$",
            "twice": "Enter twice",
            "then": r"^Enter, then Tab to “(?P<dst>[^”]+)” and Enter$",
        },
        "game": "Game",
        "start": "Start",
        "turn": "Your turn",
        "hand": "Your hand: ",
        "choices": ("Your choices: ", "Your only move: "),
        "or": " or ",
        "pile_top": "top ",
        "to_foundation": " to the foundation",
        "to_discard": " to your discard pile",
        "load": r"^(?P<card>{card}) onto (?P<whose>.+) pile$",
        "result": ("you win", "wins the hand", "draw"),
    },
    "tr": {
        "keys": {
            "number": r"^(\d) tuşu$",
            "tab": r'^"(?P<place>[^"]+)" duyulana kadar Tab, sonra (?P<rest>.+)$',
            "twice": "iki kez Enter",
            "then": r'^Enter, sonra "(?P<dst>[^"]+)" duyulana kadar Tab ve Enter$',
        },
        "game": "Oyun",
        "start": "Başla",
        "turn": "Sıra sende",
        "hand": "Elin: ",
        "choices": ("Seçeneklerin: ", "Tek hamlen: "),
        "or": " ya da ",
        "pile_top": "üstte ",
        "to_foundation": " temele koymak",
        "to_discard": " ıskartana atmak",
        "load": r"^(?P<card>{card}) (?P<whose>\S+) ıskartasına yüklemek$",
        "result": ("kazandın", "kazandı", "berabere"),
    },
    "de": {
        "keys": {
            "number": r"^Taste (\d)$",
            "tab": r"^Tab bis „(?P<place>[^“]+)“, dann (?P<rest>.+)$",
            "twice": "zweimal Enter",
            "then": r"^Enter, dann Tab bis „(?P<dst>[^“]+)“ und Enter$",
        },
        "game": "Spiel",
        "start": "Starten",
        "turn": "Du bist dran",
        "hand": "Deine Hand: ",
        "choices": ("Deine Möglichkeiten: ", "Dein einziger Zug: "),
        "or": " oder ",
        "pile_top": "oben ",
        "to_foundation": " auf den Grundstapel legen",
        "to_discard": " auf deine Ablage legen",
        "load": r"^(?P<card>{card}) auf die Ablage von (?P<whose>.+) laden$",
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
        """Pishe Pasha: the moves as heard, each with its keys; to a foundation first, then
        a load, then the player's own pile, then turning; made with the keys it said."""
        w = self.words
        head = next(h for h in w["choices"] if prompt.startswith(h))
        offered = prompt[len(head) :].split("\n")[0].rstrip(".")
        said = re.compile(rf"(.+?) \(([^()]+)\)(?:, |{re.escape(w['or'])}|$)")
        moves = dict(m.groups() for m in said.finditer(offered))
        assert moves, f"no move with its keys in {offered!r}"

        def rank(move: str) -> int:
            if move.endswith(w["to_foundation"]):
                return 0
            if re.match(w["load"].format(card=self.card), move):
                return 1
            return 2 if move.endswith(w["to_discard"]) else 3

        self.press_keys(moves[min(moves, key=rank)])

    def press_keys(self, keys: str) -> None:
        """The keys a move's words said: "key 2"; "Tab to “Your stock”, then Enter";
        "Enter twice"; "Enter, then Tab to “Your pile” and Enter"."""
        said = self.words["keys"]
        if number := re.match(said["number"], keys):
            self.press(getattr(pygame, f"K_{number[1]}"))
            return
        if tab := re.match(said["tab"], keys):
            self.until(pygame.K_TAB, lambda heard: heard.startswith(tab["place"]))
            keys = tab["rest"]
        if then := re.match(said["then"], keys):
            self.press(pygame.K_RETURN)
            self.until(pygame.K_TAB, lambda heard: heard.startswith(then["dst"]))
        elif keys == said["twice"]:
            self.press(pygame.K_RETURN)
        else:
            assert keys == "Enter", keys
        self.press(pygame.K_RETURN)


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
    assert isinstance(table, TableScene)
    assert table.model.spec.id == game
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
    assert isinstance(app.scene, SummaryScene)
    assert table.state.is_over
    for _ in range(5):
        app.step(DT)
    told = " ".join(ear.heard[-3:]).lower()
    assert any(r.lower() in told for r in ear.words["result"]), ear.heard[-3:]
    assert decisions >= 10
    assert ear.keys > decisions
