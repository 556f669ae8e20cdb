"""One name for each thing, in every language: the rules at the end of
docs/GLOSSARY.md hold for every catalogue entry, so the table pile is never "deste" (nor the
"Talon"), the call never "Dur" (nor "Stopp") and the Stop time never "pencere" (nor
"Fenster"). The rules are the glossary's, read from its tables; the German keeps "du"."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_phrasebook import catalogue

from game.text.grammar import lower
from game.text.phrasebook import LANGUAGES

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "GLOSSARY.md"
CELL_SPLIT = re.compile(r"(?<!\\)\|")
CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Rule:
    lang: str
    keys: tuple[str, ...]
    when: re.Pattern | None
    never: tuple[re.Pattern, ...]
    instead: str

    def applies(self, key: str, text: str) -> bool:
        if not any(fnmatch.fnmatchcase(key, pattern) for pattern in self.keys):
            return False
        return self.when is None or self.when.search(text) is not None

    def broken(self, key: str, texts: tuple[str, ...]) -> list[str]:
        """The patterns ``key``'s texts use though this rule says never."""
        text = "\n".join(
            lower(t) if self.lang == "tr" else t.replace("İ", "i").lower() for t in texts
        )  # fmt: skip  (German writes "PİŞTİ" as Turkish does)
        if not self.applies(key, text):
            return []
        return [p.pattern for p in self.never if p.search(text)]


def table_rows(section: str) -> list[list[list[str]]]:
    """Each row of each table in ``section`` as its cells, each cell as its `code` spans
    (a cell without any: its text), a written ``\\|`` read as ``|``."""
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [c.strip() for c in CELL_SPLIT.split(line.strip().strip("|"))]
        rows.append([[s.replace("\\|", "|") for s in CODE.findall(c)] or [c] for c in cells])
    return rows


def glossary_rules() -> list[Rule]:
    section = GLOSSARY.read_text(encoding="utf-8").split("## Checked by the tests", 1)[1]
    groups: dict[str, list[str]] = {}
    rules = []
    for row in table_rows(section):
        if len(row) == 2 and row[0] != ["group"]:
            groups[row[0][0]] = row[1]
        elif len(row) == 5 and row[0] != ["lang"]:
            lang, keys, when, never, instead = row
            keys = [k for item in keys for k in groups.get(item, [item])]
            rules.append(
                Rule(
                    lang[0],
                    tuple(keys),
                    re.compile(when[0]) if when != [""] else None,
                    tuple(re.compile(p) for p in never),
                    " ".join(instead),
                )
            )
    return rules


def offences(rules: list[Rule], lang: str, cat: dict[str, tuple[str, ...]]) -> list[tuple]:
    return [
        (key, pattern, rule.instead, texts[0][:90])
        for rule in rules
        if rule.lang == lang
        for key, texts in cat.items()
        for pattern in rule.broken(key, texts)
    ]


def test_the_glossary_gives_rules_for_every_language_and_each_names_real_keys():
    rules = glossary_rules()
    assert {r.lang for r in rules} == set(LANGUAGES)
    assert len(rules) >= 30
    for rule in rules:
        keys = catalogue(rule.lang)
        dead = [p for p in rule.keys if not fnmatch.filter(keys, p)]
        assert dead == [], (rule.instead, dead)
        assert rule.never, rule


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_entry_calls_a_thing_by_another_things_name(lang):
    assert offences(glossary_rules(), lang, catalogue(lang)) == []


REVIEWED = {  # texts the Turkish review found wrong, each of which a rule must catch
    "lesson.pisti.intro": "Her sırada yerdeki desteye bir kart atarsın.",
    "lesson.pisti.partners_intro": "… aldığı kartlar tarafınızın destesine gider.",
    "lesson.pp.single": "Tek temelde ortadaki tek deste her kartı alır.",
    "refusal.holding_no_discard_move": "ıskartandan başka bir desteye kart taşımadan önce",
    "message.calls_open": "Dur penceresi açık: Dur demek için S'ye bas ya da bekle.",
    "keys.hurry.what": "sırasını hemen bitir (Stop süresi yine açılır, pencere)",
    "move.call_end": "Dur deyip eli bitirmek",
    "move.flip": "ıskartanı çevirmek",
    "banner.jack_pisti": "VALE PİŞTİ!",
    "log.pisti": "Pişti! {who} 10 puan aldı",
    "hint.play_pile": "İpucu: {card} kartını yere at.",
    "coach.why.capture": "{card_short} ile yerdeki {n} kartı alma fırsatı kaçıyor",
    "speech.pile.table": "Ortadaki yığın, {n} kart",
    "keys.tab.what": "odağı desteler ve kartlar arasında gezdir",
    "question.coach": "Koça göre «{played}»",
    "lesson.pp.keep_intro": "Üstteki atığın kupa 3",
    "keys.c.what": "Kartlarımı oku: el, deste, ıskarta",
    "speech.pile.won": "Alınan kartlar, {whose}: {n} kartlar",
}


@pytest.mark.parametrize("key", sorted(REVIEWED))
def test_the_rules_catch_what_the_review_found(key):
    found = offences(glossary_rules(), "tr", {key: (REVIEWED[key],)})
    assert found, key


def test_the_english_rules_catch_the_wrong_english_moves():
    wrong = {"move.call_end": ("calling Stop to end the hand",),
             "move.flip": ("turning your discard pile over",),
             "hint.play_pile": ("Hint: play {card} onto your stock.",)}  # fmt: skip
    assert {o[0] for o in offences(glossary_rules(), "en", wrong)} == set(wrong)


GERMAN_WRONG = {  # German a rule must catch: each as a careless translation would write it
    "label.pile": "Talon: {n} Karten",
    "log.jack_pisti": "Bube Pişti! 20 Punkte für {who:acc}",
    "banner.jack_pisti": "BUBEN PİŞTİ!",
    "hint.play_pile": "Tipp: Leg {card} auf den Stapel.",
    "move.call_end": "Stop! rufen und die Runde beenden",
    "move.flip": "die Ablage umdrehen",
    "prompt.stop_window": "Stopp: Drück STOP! (oder S), wenn du einen Fehler gesehen hast.",
    "status.stop_window": "Stop-Fenster",
    "lesson.pisti.jack": "Leg deine J♦ auf die K♣.",
    "lesson.pp.wrap_load": "Lade den A♠ auf den K♦ von West.",
    "lesson.pisti.capture": "Leg deine 7♠ auf die 7♥: Du nimmst den Talon.",
    "keys.c.what": "Meine Karten vorlesen",
    "lesson.pp.load": "Lade die Q♥ auf den Ablagestapel von Nord.",
    "score.two_clubs": "Kreuz Zwei",
    "lesson.pisti.intro": "Leg in jedem Zug eine Karte auf die Ablage.",
    "refusal.load_empty": "Die Ablage von {Whose:dat} ist leer: Es gibt keinen Talon.",
    "coach.why.search": "eine kostspielige Entscheidung",
    "lesson.finished": 'Gut gemacht: Drück "Fertig".',
}


@pytest.mark.parametrize("key", sorted(GERMAN_WRONG))
def test_the_german_rules_catch_a_careless_translation(key):
    assert offences(glossary_rules(), "de", {key: (GERMAN_WRONG[key],)}), key


FORMAL = re.compile(r"(?<=[a-zäöüß,] )(Sie|Ihnen|Ihre[mnrs]?|Ihr)\b")


def test_the_german_says_du_never_sie():
    """The register of a German card program: "du", as the Turkish says "sen". "Sie" with a
    capital inside a sentence is the polite form ("Ihr gewinnt" begins a sentence)."""
    formal = {k: t for k, texts in catalogue("de").items() for t in texts if FORMAL.search(t)}
    assert formal == {}
    assert FORMAL.search("Wenn Sie möchten")
    assert not FORMAL.search("Ihr gewinnt die Runde!")
