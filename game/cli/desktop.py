"""``--install-desktop-entry`` and ``--remove-desktop-entry``: the game in the desktop's
menu, the freedesktop way, for the user who runs it.

Installed under ``$XDG_DATA_HOME`` (else ``~/.local/share``), where every freedesktop
desktop (GNOME, KDE, Xfce...) and software centre looks: the ``.desktop`` entry in
``applications/``, the icon in the ``hicolor`` theme at the usual sizes and as SVG, and
the AppStream metainfo in ``metainfo/``. The entry and metainfo are the files in
``game/desktop/`` (validated by CI); the entry's ``Exec`` is rewritten to start this very
copy: the one-file executable itself when frozen, else the ``pasha-pisti`` script beside
this interpreter (a venv, pipx), else this interpreter with ``-m game`` in its checkout.

The icon's PNGs are rendered here from ``sprites/icon.svg``, not shipped: one picture,
drawn by the same renderer as the window icon, at whatever sizes the theme wants.

Nothing outside the user's own folders is touched: a system folder (``XDG_DATA_DIRS``,
``/usr``...), a folder owned by someone else, a file in the way or a folder that cannot
be written is refused with a message, and the program exits with 2.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from game import APP_ID

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SYSTEM = ("/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib64", "/boot", "/var/lib",
          "/sys", "/proc", "/dev", "/snap", "/nix/store")  # fmt: skip
BAD_PLACE = 2
# Characters that make an Exec argument need quotes (Desktop Entry spec, "The Exec key").
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


# Where each file goes under the data home.
ENTRY = f"applications/{APP_ID}.desktop"
METAINFO = f"metainfo/{APP_ID}.metainfo.xml"
SVG = f"icons/hicolor/scalable/apps/{APP_ID}.svg"


class PlaceError(Exception):
    """The entry cannot go where it would go; the message says why (exit 2)."""


def png_name(side: int) -> str:
    return f"icons/hicolor/{side}x{side}/apps/{APP_ID}.png"


def installed_names() -> list[str]:
    """Every file the entry puts under the data home (what removal takes away)."""
    return [ENTRY, METAINFO, *map(png_name, ICON_SIZES), SVG]


# ----------------------------------------------------------------- where
def data_home(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, else ``$HOME/.local/share``. A relative ``XDG_DATA_HOME`` is
    not a place (the XDG spec says to ignore it), and neither is an unset ``HOME``."""
    env = os.environ if env is None else env
    xdg = env.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg)
    home = env.get("HOME", "")
    if not home or not os.path.isabs(home):
        raise PlaceError("neither XDG_DATA_HOME nor HOME names a folder of yours")
    return Path(home) / ".local" / "share"


def check_place(home: Path, env: Mapping[str, str] | None = None) -> None:
    """Refuse a data home that is a system folder or is not the user's own."""
    env = os.environ if env is None else env
    real = Path(os.path.realpath(home))
    yours = Path(os.path.realpath(env["HOME"])) if os.path.isabs(env.get("HOME", "")) else None
    system_dirs = env.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    shared = {Path(os.path.realpath(d)) for d in system_dirs.split(":") if os.path.isabs(d)}
    for place in shared:
        if real.is_relative_to(place) and not (yours and place.is_relative_to(yours)):
            raise PlaceError(f"{home} is a system folder ({place} is shared by every user)")
    if real == Path("/") or any(real.is_relative_to(s) for s in SYSTEM):
        raise PlaceError(f"{home} is a system folder, not one of yours")
    existing = real
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise PlaceError(f"{existing} is a file, not a folder")
    _own(existing)


def _own(folder: Path) -> None:
    if hasattr(os, "getuid") and folder.stat().st_uid != os.getuid():
        raise PlaceError(f"{folder} belongs to another user")


# ----------------------------------------------------------------- what
def command() -> tuple[list[str], Path | None]:
    """How the menu starts this copy: the command's words, and the folder to start it in
    (a checkout run without installing needs its own folder)."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)], None
    here = Path(os.path.abspath(sys.executable)).parent
    for name in ("pasha-pisti", "pasha-pisti.exe"):
        if (here / name).is_file():
            return [str(here / name)], None
    checkout = Path(__file__).resolve().parents[2]
    return [os.path.abspath(sys.executable), "-m", "game"], checkout


def exec_value(words: list[str]) -> str:
    """The ``Exec`` value for ``words``: each quoted when the spec asks, ``%`` doubled,
    then backslashes escaped once more as every string value's are."""
    out = []
    for word in words:
        if any(ord(c) < 32 for c in word):
            raise PlaceError(f"cannot name {word!r} in a menu entry (a control character)")
        word = word.replace("%", "%%")
        if any(c in RESERVED for c in word):
            word = '"' + "".join("\\" + c if c in '"`$\\' else c for c in word) + '"'
        out.append(word)
    return escape(" ".join(out))


def escape(value: str) -> str:
    """A desktop-entry string value: backslash escaped (no control characters reach it)."""
    return value.replace("\\", "\\\\")


def desktop_file(template: str, words: list[str], folder: Path | None) -> str:
    """The packaged entry with ``Exec`` (and ``TryExec``, ``Path``) for this copy."""
    lines = []
    for line in template.splitlines():
        if line.startswith(("Exec=", "TryExec=", "Path=")):
            if line.startswith("Exec="):
                lines.append(f"TryExec={escape(words[0])}")
                lines.append(f"Exec={exec_value(words)}")
                if folder is not None:
                    lines.append(f"Path={escape(str(folder))}")
            continue
        lines.append(line)
    return "\n".join(lines) + "\n"


def entry() -> dict[str, bytes]:
    """The files for this copy of the game, by where they go under the data home."""
    from game.assets import asset_dir, read_bytes
    from game.assets.art.icon import icon_png

    source = Path(str(resources.files("game") / "desktop"))
    template = (source / Path(ENTRY).name).read_text(encoding="utf-8")
    files = {
        ENTRY: desktop_file(template, *command()).encode(),
        METAINFO: (source / Path(METAINFO).name).read_bytes(),
        SVG: read_bytes(asset_dir("sprites") / "icon.svg"),
    }
    return files | {png_name(n): icon_png(n) for n in ICON_SIZES}


# ----------------------------------------------------------------- doing it
def install(home: Path) -> list[Path]:
    """Write the entry under ``home`` (each file whole or not at all); its paths."""
    check_place(home)
    written = []
    for name, data in entry().items():
        _write(home / name, data)
        written.append(home / name)
    os.utime(home / "icons" / "hicolor")  # icon caches look again when this changes
    return written


def _write(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _own(path.parent)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.chmod(temp, 0o644)
            os.replace(temp, path)  # replaces a link itself, never what it points to
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except PlaceError:
        raise
    except OSError as err:
        raise PlaceError(f"cannot write {path}: {err.strerror or err}") from None


def remove(home: Path) -> list[Path]:
    """Delete the entry's files under ``home`` (nothing else); the paths removed."""
    check_place(home)
    removed = []
    for path in (home / name for name in installed_names()):
        if path.is_file() or path.is_symlink():
            try:
                path.unlink()
            except OSError as err:
                raise PlaceError(f"cannot remove {path}: {err.strerror or err}") from None
            removed.append(path)
    return removed


def main(action: str) -> int:
    """``install`` or ``remove``, saying what was done; 2 when the place is refused."""
    from game.text import say, set_language, system_language

    set_language(system_language())
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        _tell(say("desktop.not_here"), err=True)
        return BAD_PLACE
    try:
        home = data_home()
        if action == "install":
            written = install(home)
            _tell(say("desktop.installed", path=written[0], n=len(written), folder=home))
        else:
            removed = remove(home)
            key = "desktop.removed" if removed else "desktop.nothing_to_remove"
            _tell(say(key, n=len(removed), folder=home))
    except PlaceError as err:
        _tell(say("desktop.bad_place", why=str(err)), err=True)
        return BAD_PLACE
    return 0


def _tell(text: str, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    if stream is not None:
        print(text, file=stream)
