"""Every word in every language: the catalogues complete and
alike, in the English file's order, checked by gettext's own checker, Turkish casing right,
and no text wider than its box on any screen at 960x600."""

from __future__ import annotations

import ast
import functools
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import registered_tables
from ui_support import make_app, open_table, settle

from game.core.agents import SeatView
from game.text import phrasebook
from game.text.names import card_name
from game.ui import theme
from game.ui.table.model.asking import call_asked

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "text" / "locale"
LANGS = phrasebook.LANGUAGES
TRANSLATED = tuple(lang for lang in LANGS if lang != "en")
PLACEHOLDER = re.compile(r"{(\w+)(?::([^}]*))?}")  # {card}, {card:acc}


@functools.cache
def _tool(name: str):
    """A script of ``build/`` as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclasses look themselves up there)
    spec.loader.exec_module(module)
    return module


def catalogue(lang: str) -> dict[str, tuple[str, ...]]:
    """Key -> its text(s) (plural entries give both forms), in the file's order."""
    return _tool("missing_keys").texts(LOCALE / lang / "LC_MESSAGES" / "pasha.po")


def keys_in_code() -> set[str]:
    """Every phrase key written literally in the code."""
    found = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            first = node.args[0]
            if name in ("say", "say_n", "Phrase", "SummaryRow", "pick") and isinstance(
                first, ast.Constant
            ):
                found.add(first.value)
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalogue_has_the_english_keys_and_no_empty_text(lang):
    en, other = catalogue("en"), catalogue(lang)
    missing, extra = sorted(set(en) - set(other)), sorted(set(other) - set(en))
    assert (missing, extra) == ([], []), "python build/missing_keys.py lists them"
    for cat in (en, other):
        empty = [k for k, texts in cat.items() if not all(texts)]
        assert empty == [], (lang, empty)


def test_the_german_entries_follow_the_english_order():
    """So a merge of new English keys and their German is a merge of the same places."""
    english = list(catalogue("en"))
    german = [k for k in catalogue("de") if k in english]
    assert german == [k for k in english if k in german]


@pytest.mark.parametrize("lang", LANGS)
def test_no_entry_is_fuzzy_and_babel_finds_no_fault_in_placeholders_or_plurals(lang):
    with (LOCALE / lang / "LC_MESSAGES" / "pasha.po").open("rb") as f:
        cat = read_po(f)
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    faults = [(m.id, [str(e) for e in errors]) for m, errors in cat.check()]
    assert (fuzzy, faults) == ([], [])
    plurals = [m for m in cat if m.id and isinstance(m.id, tuple)]
    assert plurals
    assert all(len(m.string) == cat.num_plurals == 2 for m in plurals)


@pytest.mark.parametrize("po", sorted(ROOT.glob("game/**/locale/*/LC_MESSAGES/*.po")), ids=str)
def test_gettext_checks_every_catalogue(po):
    """``msgfmt --check``: the header, the plural forms and each entry as gettext reads
    them (CI's Linux installs gettext; elsewhere a machine without it skips)."""
    if shutil.which("msgfmt") is None:
        why = "msgfmt is not installed (Debian: gettext)"
        on_ci = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
        if on_ci and sys.platform.startswith("linux"):
            pytest.fail(why)
        pytest.skip(why)
    done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(po)],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_every_key_the_code_names_is_in_the_catalogues():
    en = catalogue("en")
    missing = sorted(k for k in keys_in_code() if k not in en and not k.endswith("."))
    assert missing == []


def names(texts: tuple[str, ...]) -> set[str]:
    return {name for name, _ in PLACEHOLDER.findall(" ".join(texts))}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang):
    en, other = catalogue("en"), catalogue(lang)
    for key, texts in en.items():
        want = names(texts)
        got = names(other.get(key, ()))
        assert got <= want | {"n"}, (key, got - want)
        assert want - {"n"} <= got or key.startswith(("label.pack", "count.")), (key, want - got)


def test_a_placeholder_asks_only_for_a_case_the_grammar_knows():
    """``{card:acc}`` is a case ending; any other spec would leave the sentence unfilled."""
    from game.text.grammar import CASES

    for lang in LANGS:
        for key, texts in catalogue(lang).items():
            specs = {spec for _, spec in PLACEHOLDER.findall(" ".join(texts)) if spec}
            assert specs <= set(CASES), (lang, key, specs)


def test_the_compiled_catalogues_are_up_to_date():
    done = subprocess.run([sys.executable, "build/make_catalogues.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_a_catalogue_compiled_by_another_babel_release_is_not_out_of_date(tmp_path):
    """Each Babel release writes its own version into the header: a fresh machine with a
    newer Babel must not find the committed catalogues stale, but a changed message must."""
    tool = _tool("make_catalogues")
    po = ROOT / "game" / "text" / "locale" / "en" / "LC_MESSAGES" / "pasha.po"
    data = tool.compiled(po)
    stamp = re.search(rb"Generated-By: Babel [0-9.]+", data).group()
    other = data.replace(stamp, b"Generated-By: Babel " + b"9" * (len(stamp) - 20))
    assert other != data
    assert tool.meaning(other) == tool.meaning(data)
    text = po.read_text(encoding="utf-8").replace('msgstr "Skip ▶"', 'msgstr "Skip ▷"')
    changed = tmp_path / po.name
    changed.write_text(text, encoding="utf-8")
    assert tool.meaning(tool.compiled(changed)) != tool.meaning(data)


def test_turkish_capitals_are_done_right():
    tr = phrasebook.Phrasebook("tr")
    assert tr.upper("pişti ve ılık") == "PİŞTİ VE ILIK"
    assert tr.lower("PİŞTİ ILIK") == "pişti ılık"
    assert phrasebook.Phrasebook("en").upper("pişti") == "PIŞTI"


def test_turkish_card_names_are_as_players_say_them():
    phrasebook.set_language("tr")
    try:
        names = {card_name(c) for c in (0, 10, 11, 12, 13, 26, 39)}
        assert {"sinek as", "sinek vale", "sinek kız", "sinek papaz"} <= names
        assert any(n.startswith("karo") for n in names)
        assert any("kupa" in n for n in names)
        assert any("maça" in n for n in names)
    finally:
        phrasebook.set_language("en")


@pytest.mark.parametrize(
    ("env", "lang"),
    [("de_DE.UTF-8", "de"), ("de_CH.UTF-8", "de"), ("de_AT", "de"), ("tr_TR.UTF-8", "tr"),
     ("fr_FR.UTF-8", "en"), ("C.UTF-8", "en")],
)  # fmt: skip
def test_the_system_language_chooses_the_catalogue(monkeypatch, env, lang):
    """A German, Swiss or Austrian system starts the game in German."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", env)
    monkeypatch.setattr(phrasebook.locale, "getlocale", lambda: (None, None))
    assert phrasebook.system_language() == lang
    monkeypatch.setenv("LANGUAGE", "de:en")
    assert phrasebook.system_language() == "de"


def test_each_language_is_named_in_itself():
    assert phrasebook.NATIVE_NAMES == {"en": "English", "tr": "Türkçe", "de": "Deutsch"}
    assert set(phrasebook.NATIVE_NAMES) == set(LANGS)


# ----------------------------------------------------------------- every text fits its box
def drive_every_screen(app) -> None:
    """Visit each screen and overlay the way a player would, drawing each."""
    _visit_menu_and_settings(app)
    for game, choices, _ in registered_tables():
        _play_a_table(app, game, choices)


def _visit_menu_and_settings(app) -> None:
    """Each game's options and each settings row focused in turn, then the rules panel."""
    from game.games import SPECS

    menu = app.goto("menu")
    for game in SPECS:
        menu.game.set_value(game)
        menu._game_changed(game)
        for widget in [w for w in (menu.game, *menu.options, menu.level) if w.focusable]:
            menu.ring.shown = True
            menu.ring.index = menu.ring._live().index(widget)
            menu.ring.sync()
            app.step(0.02)
    menu.ring.shown = False
    menu._rules()
    app.step(0.02)
    menu._close_rules()
    settings = app.goto("settings")
    for row in settings.rows:
        settings.ring.shown = True
        settings.ring.index = settings.ring._live().index(row)
        app.step(0.02)
    for scene in ("stats", "history"):
        app.goto(scene)
        app.step(0.02)


def _play_a_table(app, game: str, choices: dict) -> None:
    """A few moves, every refusal, the panels and a question, then the hand to its end and
    the screens after it."""
    table = open_table(app, game, choices, seed=2)
    agent = table.model.spec.make_agent(table.model.spec.default_level, 1)
    for _ in range(6):
        settle(app, table)
        if table.state.is_over or app.scene is not table:
            break
        table.model.perform(agent.choose(SeatView(table.state, table.human)))
    _show_every_refusal(app, table, game)
    _open_the_panels(app, table)
    for _ in range(400):
        settle(app, table)
        if app.scene is not table:
            break
        if table.state.is_over:
            continue
        table.model.perform(agent.choose(SeatView(table.state, table.human)))
        time.sleep(0)
    app.step(0.02)
    if app.scene is not table:
        app.goto("replay", record=table.state.record(), seat=0)
        app.step(0.02)
        app.goto("history")
        app.step(0.02)
        app.goto("stats")
        app.step(0.02)


def _show_every_refusal(app, table, game: str) -> None:
    """Each refusal the game words, shown on the table's line."""
    from game.core.types import Code, Refusal
    from game.games.pishe_pasha.kinds import stop
    from game.text.words import refusal_text

    m = table.model
    m.say("x")
    book = phrasebook.current()  # a game's own codes are worded only where it is registered
    for code in [c for c in Code.known() if book.has_in(game, f"refusal.{c.value}")]:
        m.refuse(stop(5, False)) if code is Code.NO_SUCH_SEAT else None
        m.say(refusal_text(Refusal(code, card=12, onto=25, seat=1, mover=0, text="7Z"),
                           m.namer))  # fmt: skip
        app.step(0.02)


def _open_the_panels(app, table) -> None:
    """The menu, the rules, the keys, a question and a call's choices, each drawn."""
    m, c = table.model, table.controls
    c.open_menu()
    app.step(0.02)
    c.open_rules()
    app.step(0.02)
    c.close_panel()
    c.open_help()
    app.step(0.02)
    c.close_panel()
    c.ask(lambda: phrasebook.say("question.new_hand"), lambda: None)
    app.step(0.02)
    c._answer_no()
    if m.spec.calls:  # a call's choices on screen
        m.asking = call_asked(m.spec.calls[0], m.human)
        app.step(0.02)
        m.asking = None


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_wider_than_its_box_at_960x600(tmp_path, monkeypatch, lang):
    too_wide: list[tuple[str, int, int]] = []
    seen: set[str] = set()

    def watch(words: str, got: int, allowed: int) -> None:
        seen.add(words)
        if got > allowed:
            too_wide.append((words, got, allowed))

    monkeypatch.setattr(theme, "on_text", watch)
    app = make_app(tmp_path, monkeypatch, size=(960, 600), keep=True, language=lang)
    try:
        phrasebook.current().missing.clear()
        drive_every_screen(app)
        assert len(seen) > 150
        assert sorted(set(too_wide)) == [], sorted(set(too_wide))
        assert sorted(phrasebook.current().missing) == []
    finally:
        app.scene.leave()
        phrasebook.set_language("en")
