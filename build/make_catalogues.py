"""Compile the phrasebooks: every ``locale/*/LC_MESSAGES/*.po`` under ``game/`` and
``tests/`` (the shared one in ``game/text/``, and any game's own) -> ``.mo`` beside it.

    python build/make_catalogues.py           # write the .mo files
    python build/make_catalogues.py --check   # exit 1 if a .mo is out of date

The ``.po`` files are the source (edit them by hand); the ``.mo`` files are what
the game reads through the standard ``gettext`` module, so they are committed
and the game needs no Babel at run time. Babel (a dev tool) does the compiling.
A ``.mo`` is out of date when its messages or plural rule differ from the ``.po``'s, not
when only its bytes do: each Babel release writes its own version into the header.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "text" / "locale"


def sources() -> list[Path]:
    return sorted(
        po for base in ("game", "tests") for po in (ROOT / base).rglob("locale/*/LC_MESSAGES/*.po")
    )


def compiled(po: Path) -> bytes:
    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def meaning(mo: bytes) -> tuple:
    """What a compiled catalogue says: its plural rule and its messages."""
    catalog = read_mo(io.BytesIO(mo))
    return catalog.plural_forms, {repr(m.id): m.string for m in catalog if m.id}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for po in sources():
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if mo.exists() and meaning(mo.read_bytes()) == meaning(data):
            continue
        if check:
            stale.append(mo)
        else:
            mo.write_bytes(data)
            print(f"wrote {mo.relative_to(ROOT)}")
    for mo in stale:
        print(f"out of date: {mo} (run python build/make_catalogues.py)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
