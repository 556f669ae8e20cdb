"""Check every phrasebook as gettext itself reads it, before a player can meet a key or the
wrong line:

    python build/check_catalogues.py          # every .po under game/ and tests/
    python build/check_catalogues.py FILE.po  # only these

Three checks, each a reason to fail:

* GNU ``msgfmt --check`` (Debian's ``gettext``): the file's syntax (an entry with two
  ``msgstr`` lines), its header, and each plural entry's number of forms against the
  header's ``nplurals``. Any line it prints fails the file, warnings included.
* Babel's own reader and checkers (``read_po(abort_invalid=True)``, ``Catalog.check``):
  what Babel would compile, read the strict way.
* The placeholders: our values are ``str.format`` names (``{card}``, ``{card:acc}``), which
  neither tool knows, since our message ids are phrase codes, not English. Every
  translation keeps the English entry's names (``{n}`` may be dropped, a plural's number
  said in words) and adds none.

Exit 1 and one line per fault; 0 when every catalogue is clean.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"{(\w+)(?::[^}]*)?}")
ALLOWED_TO_DROP = {"n"}


def sources() -> list[Path]:
    return sorted(
        po for base in ("game", "tests") for po in (ROOT / base).rglob("locale/*/LC_MESSAGES/*.po")
    )


def msgfmt_faults(po: Path) -> list[str]:
    """What GNU msgfmt says of ``po`` (nothing: it is clean)."""
    tool = shutil.which("msgfmt")
    if tool is None:
        return [f"{po}: msgfmt not found (Debian: apt-get install gettext)"]
    done = subprocess.run(
        [tool, "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    if done.returncode != 0 and not said:
        said = [f"{po}: msgfmt exited {done.returncode}"]
    return said


def read(po: Path) -> Catalog:
    with po.open("rb") as f:
        return read_po(f, abort_invalid=True)


def babel_faults(po: Path) -> list[str]:
    try:
        catalog = read(po)
    except PoFileError as err:
        return [f"{po}: Babel: {err}"]
    return [
        f"{po}: Babel: {message.id!r}: {error}"
        for message, errors in catalog.check()
        for error in errors
    ]


def _names(string: str | tuple[str, ...]) -> set[str]:
    texts = string if isinstance(string, tuple) else (string,)
    return set(PLACEHOLDER.findall(" ".join(t or "" for t in texts)))


def _by_key(catalog: Catalog) -> dict[str, set[str]]:
    return {
        (m.id[0] if isinstance(m.id, tuple) else m.id): _names(m.string) for m in catalog if m.id
    }


def placeholder_faults(po: Path) -> list[str]:
    """Each entry's names against the English catalogue's beside it."""
    lang_dir = po.parent.parent
    english = lang_dir.parent / "en" / "LC_MESSAGES" / po.name
    if lang_dir.name == "en" or not english.exists():
        return []
    try:
        want, got = _by_key(read(english)), _by_key(read(po))
    except PoFileError:
        return []  # said by babel_faults
    faults = []
    for key, names in sorted(got.items()):
        if key not in want:
            continue
        added, dropped = names - want[key], want[key] - names - ALLOWED_TO_DROP
        if added:
            faults.append(f"{po}: {key}: names the English does not: {sorted(added)}")
        if dropped:
            faults.append(f"{po}: {key}: leaves out {sorted(dropped)}")
    return faults


def faults(po: Path) -> list[str]:
    return msgfmt_faults(po) + babel_faults(po) + placeholder_faults(po)


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or sources()
    found = [line for po in files for line in faults(po)]
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
