"""The catalogues are checked as gettext itself checks them (``build/check_catalogues.py``):
GNU msgfmt's ``--check``, Babel's strict reader and checkers, and our ``{names}`` kept. A
catalogue with two ``msgstr`` lines for one key passed Babel (which kept the first) while
msgfmt refused the whole file: now such a file fails here and in ``.ci/run``."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEADER = """msgid ""
msgstr ""
"Project-Id-Version: probe\\n"
"PO-Revision-Date: 2026-12-02 00:00+0000\\n"
"Last-Translator: probe\\n"
"Language-Team: probe\\n"
"Language: {lang}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

"""
ENGLISH = """msgid "log.took"
msgstr "{who} took {n} cards with {card}"

msgid "count.cards"
msgid_plural "count.cards"
msgstr[0] "{n} card"
msgstr[1] "{n} cards"
"""


def _tool():
    spec = importlib.util.spec_from_file_location(
        "check_catalogues", ROOT / "build" / "check_catalogues.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def _need_msgfmt() -> None:
    if shutil.which("msgfmt") is None:
        why = "GNU msgfmt is not installed (Debian: gettext)"
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(why)
        pytest.skip(why)


def _catalogues(tmp_path: Path, turkish: str) -> Path:
    for lang, body in (("en", ENGLISH), ("tr", turkish)):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "pasha.po").write_text(HEADER.format(lang=lang) + body, encoding="utf-8")
    return tmp_path / "tr" / "LC_MESSAGES" / "pasha.po"


GOOD = """msgid "log.took"
msgstr "{who}, {card:ins} {n} kart aldı"

msgid "count.cards"
msgid_plural "count.cards"
msgstr[0] "{n} kart"
msgstr[1] "{n} kart"
"""


def test_every_catalogue_the_game_ships_passes_gettexts_own_checker():
    _need_msgfmt()
    tool = _tool()
    found = [line for po in tool.sources() for line in tool.faults(po)]
    assert tool.sources()
    assert found == []


def test_a_clean_catalogue_passes(tmp_path):
    _need_msgfmt()
    assert _tool().faults(_catalogues(tmp_path, GOOD)) == []


def test_a_key_with_two_msgstr_lines_is_refused(tmp_path):
    _need_msgfmt()
    twice = GOOD.replace(
        'msgstr "{who}, {card:ins} {n} kart aldı"',
        'msgstr "{who}, {card:ins} {n} kart aldı"\nmsgstr "{who} {n} kart aldı"',
    )
    said = _tool().faults(_catalogues(tmp_path, twice))
    assert any("syntax error" in line for line in said), said


def test_a_plural_entry_with_the_wrong_number_of_forms_is_refused(tmp_path):
    _need_msgfmt()
    three = GOOD.replace('msgstr[1] "{n} kart"', 'msgstr[1] "{n} kart"\nmsgstr[2] "{n} kart"')
    said = _tool().faults(_catalogues(tmp_path, three))
    assert said, said
    assert any("plural" in line.lower() for line in said), said


def test_a_translation_that_drops_or_adds_a_placeholder_is_refused(tmp_path):
    dropped = GOOD.replace("{who}, ", "")
    said = _tool().placeholder_faults(_catalogues(tmp_path, dropped))
    assert said == [f"{tmp_path}/tr/LC_MESSAGES/pasha.po: log.took: leaves out ['who']"]
    added = GOOD.replace("kart aldı", "kart aldı {whom}")
    said = _tool().placeholder_faults(_catalogues(tmp_path / "b", added))
    assert len(said) == 1
    assert "['whom']" in said[0]


def test_a_plural_number_may_be_said_in_words(tmp_path):
    """Turkish "bir kart" for one: the translation may leave ``{n}`` out."""
    one = GOOD.replace('msgstr[0] "{n} kart"', 'msgstr[0] "bir kart"')
    assert _tool().placeholder_faults(_catalogues(tmp_path, one)) == []
