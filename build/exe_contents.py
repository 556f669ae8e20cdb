"""What the one-file executable carries, and how, for the recipe (``pasha_pisti.spec``)
and the checks in ``make_exe.py``.

A one-file build unpacks every file it holds into a new temporary folder at every start,
before Python runs: on a disk where creating a file takes half a millisecond, each file
counts, and so does every compressed byte, inflated again at every start. So the
executable holds as few files as the game needs:

- the pictures and sounds as one archive (``game/assets/data/assets.zip``, which
  ``game.assets`` reads like the folders a wheel has), not 150 files;
- the compiled catalogues (``.mo``), not their sources, and of the package metadata only
  the file ``--version`` reads;
- on Linux, not the standard library's extension modules the game never imports, nor
  pygame's ``_sdl2`` and optional modules the game does not use, nor the links
  PyInstaller makes at the top of the bundle to pygame's libraries (pygame's modules find
  them by their own run path);

and on Linux it stores every file as it is but three libraries zlib shrinks to a third or
less (``KEPT_COMPRESSED``): the 16.8 MB it inflated took 59 ms here (zlib, measured in
Python), of an unpacking that took some 80 ms into a tmpfs. The executable grows from
18.8 to 27.2 MB (28.5 MB built with Debian's Python 3.11), within the size budget
(``make_exe.MAX_MB``).
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = "game/assets/data"  # where the wheel has the art, and game.assets looks
# A fixed date for every archived file: the same art makes the same archive.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)

# Never imported by the game on Linux (its smoke test, every table and the whole hands of
# tests/e2e/test_exe.py run without them), each an extension module or a package that only
# reaches one. sqlite3 and csv stay: the game keeps its records in SQLite and exports CSV.
NOT_IMPORTED_ON_LINUX = [
    "asyncio", "_asyncio",  # no event loop: the AI thinks on a thread
    "multiprocessing", "_multiprocessing", "_posixshmem", "mmap",  # no worker processes
    "ctypes", "_ctypes",  # only the Windows screen-reader flag calls a DLL
    "bz2", "_bz2", "lzma", "_lzma",  # no archives made or read but the art's (deflate)
    "xml", "pyexpat", "xmlrpc", "plistlib",  # the metainfo XML is copied, never parsed
    "_decimal", "_pickle",  # never imported (pure-Python fallbacks exist for both)
    "unicodedata",  # only for regexes' \N{...}, IDNA host names and wide tracebacks
    "_statistics", "resource", "grp",  # optional to the modules that ask for them
    "_uuid",  # (and libuuid) uuid4, the only kind made, reads os.urandom
    # the East Asian codecs: the recipe starts Python in UTF-8 mode (EXE's "X utf8"), so
    # not even a legacy locale's file-system encoding needs them
    "_multibytecodec", "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp",
    "_codecs_kr", "_codecs_tw",
    "pygame._sdl2",  # the window is pygame.Window; nothing imports pygame._sdl2
    # pygame's own __init__ imports these if they are there and goes on without them;
    # the game draws no pixel arrays nor FreeType text, plays no music stream
    # and uses no clipboard (pygame.mask stays: pygame.sprite, which it imports, needs it)
    "pygame.freetype", "pygame._freetype", "pygame.ftfont",
    "pygame.pixelarray", "pygame.mixer_music", "pygame.scrap",
]  # fmt: skip
# Python's start-up options on Linux: UTF-8 mode, whatever the locale, since the bundle
# has no East Asian codecs and a legacy locale's file-system encoding (EUC-JP...) would
# otherwise stop Python before the game starts.
UTF8_MODE = "X utf8"
# Compressed in the Linux executable, as zlib shrinks them to a third or less (libjpeg
# 29 %, libtiff 35 %, libvorbisenc 14 %): 7 ms of inflating at every start buys 1.6 MB.
# Every other file is stored as it is.
KEPT_COMPRESSED = ("libjpeg-", "libtiff-", "libvorbisenc-")
# On Linux these come from the system, as libc does: the bootloader itself links libz, and
# every distribution's package manager needs libstdc++ and libgcc_s (pygame's MIDI
# synthesiser, libfluidsynth, asks for GLIBCXX 3.4.19, of 2014). A bundled libstdc++ can
# also shadow the newer one a system's OpenGL driver needs.
FROM_THE_SYSTEM = ("libz.so.1", "libstdc++.so.6", "libgcc_s.so.1")


def game_assets():
    """This checkout's ``game.assets``, which says what the art archive holds."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import game.assets

    return game.assets


def archived_names() -> list[str]:
    """What the art archive holds: every file of the archived kinds, ``<kind>/<path>``."""
    kinds = game_assets().ARCHIVED
    found = [p for kind in kinds for p in (ROOT / kind).rglob("*") if p.is_file()]
    return sorted(p.relative_to(ROOT).as_posix() for p in found)


def art_archive(work: Path) -> tuple[str, str]:
    """The pictures and sounds as one zip written in ``work`` (deflated, in name order,
    dated alike), as the (file, folder in the bundle) pair the recipe adds."""
    out = work / game_assets().ARCHIVE
    work.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w") as archive:
        for name in archived_names():
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (ROOT / name).read_bytes(), compresslevel=9)
    return str(out), DATA


def catalogues() -> list[tuple[str, str]]:
    """Every compiled catalogue under game/ (the shared phrasebook's and each game's own
    ``locale/``), as (file, folder in the bundle) pairs."""
    return [
        (str(p), p.parent.relative_to(ROOT).as_posix())
        for p in sorted((ROOT / "game").rglob("locale/*/LC_MESSAGES/*.mo"))
    ]


def metadata(copied: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Of PyInstaller's ``copy_metadata`` folders, only the file ``importlib.metadata``
    reads the version from (``METADATA``, or ``PKG-INFO`` of an egg-info)."""
    found = []
    for source, dest in copied:
        for name in ("METADATA", "PKG-INFO"):
            if (Path(source) / name).is_file():
                found.append((str(Path(source) / name), dest))
                break
    return found


def not_imported(platform: str) -> list[str]:
    """The modules left out on ``platform`` (only Linux has been measured and tested)."""
    return NOT_IMPORTED_ON_LINUX if platform.startswith("linux") else []


def python_options(platform: str) -> list[tuple[str, None, str]]:
    """The interpreter options the executable starts Python with (``UTF8_MODE`` on Linux)."""
    return [(UTF8_MODE, None, "OPTION")] if platform.startswith("linux") else []


def without_library_links(toc: list[tuple], platform: str) -> list[tuple]:
    """``toc`` without the links PyInstaller adds at the top of the bundle to pygame's
    libraries (Linux: each is one more file to make at every start, and neither pygame's
    modules nor those libraries look there: their run paths name pygame_ce.libs/)."""
    if not platform.startswith("linux"):
        return toc
    return [e for e in toc if not (e[2] == "SYMLINK" and e[1].startswith("pygame_ce.libs/"))]


def compression(platform: str) -> dict[str, bool] | None:
    """The recipe's ``cdict`` (which kinds of entry PyInstaller compresses; it stores a kind
    it does not name): on Linux only ``EXTENSION`` ones, which ``linux_binaries`` makes of
    ``KEPT_COMPRESSED``; elsewhere PyInstaller's own choice."""
    return {"EXTENSION": True} if platform.startswith("linux") else None


def linux_binaries(binaries: list[tuple]) -> list[tuple]:
    """The binaries the Linux executable carries: not ``FROM_THE_SYSTEM``, and tagged
    ``EXTENSION`` (compressed) when ``KEPT_COMPRESSED``, else ``BINARY`` (stored). Both
    kinds are unpacked alike; PyInstaller chooses compression by kind only."""
    out = []
    for dest, source, kind in binaries:
        name = Path(dest).name
        if name in FROM_THE_SYSTEM:
            continue
        if kind in ("BINARY", "EXTENSION"):
            kind = "EXTENSION" if name.startswith(KEPT_COMPRESSED) else "BINARY"
        out.append((dest, source, kind))
    return out
