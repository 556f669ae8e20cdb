"""Build the one-file executable for this OS into dist/ (the only file there; on macOS
also the app bundle), named with its version: ``dist/pasha-pisti-0.2.0[.exe]``.

    python build/make_exe.py            # build, check the bundle, print size and time
    python build/make_exe.py --check    # only check an existing dist/ executable (or EXE)
    python build/make_exe.py --path     # print where the executable is (for scripts)

PyInstaller's work folder is .build-work/ and its output dist/ (both ignored), so
it never writes into this recipe folder. After building, the bundle's table of
contents is read back to prove that numpy, OpenSSL and the other packages the game
does not use stayed out, that every sprite and sound (in the art archive), font,
catalogue and the desktop entry went in, and that it unpacks no more files than
``MAX_FILES`` (exe_contents.py says why that counts), and the executable is asked its
``--version``: a missing file should fail the build, not a player's first game.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import exe_contents
import exe_info

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "pasha_pisti.spec"
DIST = ROOT / "dist"
WORK = ROOT / ".build-work"
FORBIDDEN = ("numpy", "pytest", "_pytest", "hypothesis", "PyInstaller", "setuptools", "tkinter",
             "babel", "ssl")  # fmt: skip
NOT_BUNDLED = ("libcrypto", "libssl")  # OpenSSL: 5.4 MB unpacked at every start, unused
MAX_MB = 30  # the executable's ceiling; files stored, not compressed, start faster (exe_contents)
MAX_FILES = 120  # unpacked at every start on Linux (91 in 0.2.0, 306 before)


class BuildError(RuntimeError):
    """The build or its check failed; the message says what to fix."""


def exe_path() -> Path:
    return DIST / exe_info.exe_name()


def mac_app() -> list[Path]:
    """What the recipe adds on macOS beside the executable: the app bundle and the
    one-folder build it is made from."""
    if sys.platform != "darwin":
        return []
    return [DIST / f"{exe_info._game().TITLE}.app", DIST / (exe_info.exe_name() + "-app")]


def build() -> Path:
    """Run PyInstaller on the spec and return the executable's path."""
    shutil.rmtree(DIST, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]  # fmt: skip
    try:
        env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    except FileNotFoundError as err:
        raise BuildError(f"cannot run PyInstaller: {err}") from None
    except subprocess.CalledProcessError as err:
        raise BuildError(f"PyInstaller failed (exit {err.returncode})") from None
    files = sorted(DIST.iterdir())
    if files != sorted([exe_path(), *mac_app()]) or not exe_path().is_file():
        found = [p.name for p in files]
        raise BuildError(f"expected only {exe_path().name} in dist/, found {found}")
    return exe_path()


def bundle_contents(exe: Path) -> tuple[set[str], set[str]]:
    """(data and binary file names, Python module names) inside a one-file executable."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(exe))
    files = set(archive.toc)
    modules: set[str] = set()
    for name in files:
        if name.endswith("PYZ.pyz"):
            modules |= set(archive.open_embedded_archive(name).toc)
    return files, modules


def unpacked(exe: Path) -> dict[str, int]:
    """The files (and links) the executable unpacks at every start, with their sizes: all
    but the Python modules and scripts it runs from its own archive."""
    from PyInstaller.archive.readers import CArchiveReader

    toc = CArchiveReader(str(exe)).toc.items()
    return {name: entry[2] for name, entry in sorted(toc) if entry[4] in "bxn"}


def archived(exe: Path) -> list[str]:
    """The files in the executable's art archive (none if it has none)."""
    import io
    import zipfile

    from PyInstaller.archive.readers import CArchiveReader

    name = f"{exe_contents.DATA}/{exe_contents.game_assets().ARCHIVE}"
    reader = CArchiveReader(str(exe))
    if name not in reader.toc:
        return []
    with zipfile.ZipFile(io.BytesIO(reader.extract(name))) as archive:
        return sorted(n for n in archive.namelist() if not n.endswith("/"))


def expected_assets() -> set[str]:
    """The fonts, the art archive, the compiled phrasebooks (every game's too) and the
    desktop entry's files, as the bundle names them (the art under game/assets/data/, as
    in a wheel; the pictures and sounds in the archive: ``archived``)."""
    fonts = {
        f"{exe_contents.DATA}/{p.relative_to(ROOT).as_posix()}"
        for p in (ROOT / "fonts").rglob("*")
        if p.is_file()
    }
    data = [*(ROOT / "game").rglob("*.mo"), *(ROOT / "game" / "desktop").iterdir()]
    archive = f"{exe_contents.DATA}/{exe_contents.game_assets().ARCHIVE}"
    return fonts | {archive} | {p.relative_to(ROOT).as_posix() for p in data}


def scene_modules() -> set[str]:
    """The screens' modules, which the app imports by name (game/ui/scenes/__init__.py)."""
    sys.path.insert(0, str(ROOT))
    try:
        from game.ui.scenes import SCENES
    finally:
        sys.path.remove(str(ROOT))
    return {where.partition(":")[0] for where in SCENES.values()}


def check(exe: Path) -> list[str]:
    """What is wrong with the built executable (empty when all is well)."""
    problems = []
    files, modules = bundle_contents(exe)
    leaked = sorted({m.split(".")[0] for m in modules} & set(FORBIDDEN))
    if leaked:
        problems.append(f"dev-only packages in the bundle: {', '.join(leaked)}")
    if "game.cli.smoke" not in modules or "game.ui.app" not in modules:
        problems.append("the game's modules are missing from the bundle")
    scenes = sorted(scene_modules() - modules)
    if scenes:
        problems.append(f"screens missing from the bundle: {', '.join(scenes)}")
    names = {f.replace("\\", "/") for f in files}
    missing = sorted(expected_assets() - names)
    missing += sorted(set(exe_contents.archived_names()) - set(archived(exe)))
    if missing:
        problems.append(f"{len(missing)} asset files not bundled, e.g. {missing[0]}")
    sources = sorted(n for n in names if n.endswith(".po"))
    if sources:
        problems.append(f"catalogue sources bundled (only .mo is read): {', '.join(sources)}")
    problems += unpacking_problems(exe, modules)
    heavy = sorted(n for n in names if Path(n).name.startswith(NOT_BUNDLED))
    if heavy:
        problems.append(f"libraries the game does not use are bundled: {', '.join(heavy)}")
    bundled, wanted = bundled_version(exe, files), exe_info.version()
    if bundled != wanted:
        problems.append(f"the bundled metadata says version {bundled}, pyproject.toml {wanted}: "
                        "reinstall (pip install -e .) and build again")  # fmt: skip
    said = said_version(exe)
    if said is not None and said != f"{exe_info.NAME} {exe_info.version()}":
        problems.append(f"{exe.name} --version says {said!r}, not {exe_info.version()}")
    size_mb = exe.stat().st_size / 1_000_000
    if size_mb > MAX_MB:
        problems.append(f"{exe.name} is {size_mb:.1f} MB, over the {MAX_MB} MB budget")
    return problems


def unpacking_problems(exe: Path, modules: set[str]) -> list[str]:
    """What would make every start unpack more than it needs (see exe_contents.py)."""
    from PyInstaller.archive.readers import CArchiveReader

    problems = []
    files = unpacked(exe)
    if sys.platform.startswith("linux") and len(files) > MAX_FILES:  # (measured on Linux)
        problems.append(f"{exe.name} unpacks {len(files)} files at every start, over the "
                        f"budget of {MAX_FILES}: pack data into the art archive")  # fmt: skip
    left_out = set(exe_contents.not_imported(sys.platform))
    extensions = {extension_module(f) for f in files if ".cpython-" in f}
    back = sorted(m for m in modules | extensions if left_out & set(packages_of(m)))
    if back:
        problems.append(f"modules the game never imports are bundled: {', '.join(back)}")
    if sys.platform.startswith("linux"):
        if exe_contents.UTF8_MODE not in CArchiveReader(str(exe)).options:
            problems.append(f"{exe.name} does not start Python in UTF-8 mode, which the "
                            "codecs it leaves out need")  # fmt: skip
        system = sorted(f for f in files if Path(f).name in exe_contents.FROM_THE_SYSTEM)
        if system:
            problems.append(f"libraries the system provides are bundled: {', '.join(system)}")
    return problems


def packages_of(module: str) -> list[str]:
    """A module's name and its packages' (``a.b.c``: ``a``, ``a.b``, ``a.b.c``)."""
    parts = module.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def extension_module(file: str) -> str:
    """The module an extension file in the bundle is: ``pygame/_sdl2/video.cpython-311-...
    .so`` is ``pygame._sdl2.video``; the standard library's are under lib-dynload/."""
    path = Path(file.replace("\\", "/"))
    parts = [p for p in path.parent.parts if not p.startswith("python3") and p != "lib-dynload"]
    return ".".join([*parts, path.name.split(".")[0]])


def bundled_version(exe: Path, names: set[str]) -> str | None:
    """The version in the package metadata the bundle carries (what ``--version`` reads);
    ``names`` as the archive spells them, so the file can be read back."""
    from PyInstaller.archive.readers import CArchiveReader

    ends = ("dist-info/METADATA", "egg-info/PKG-INFO")
    found = [
        n for n in names if n.startswith("pasha_pisti") and n.replace("\\", "/").endswith(ends)
    ]
    if len(found) != 1:
        return None
    text = CArchiveReader(str(exe)).extract(found[0]).decode("utf-8", "replace")
    return next((ln.split(":", 1)[1].strip() for ln in text.splitlines() if ln[:8] == "Version:"),
                None)  # fmt: skip


def said_version(exe: Path) -> str | None:
    """What the executable answers to ``--version`` (its bundled package metadata); None
    on Windows, where the windowed build may have no output to answer on."""
    if sys.platform == "win32":
        return None
    try:
        done = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"nothing ({err})"
    return done.stdout.strip() or done.stderr.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make_exe.py", description=__doc__.split("\n")[0])
    parser.add_argument("--check", nargs="?", const=True, metavar="EXE",
                        help="check dist/'s executable (or EXE, say another version's) "
                        "without building")  # fmt: skip
    parser.add_argument("--path", action="store_true", help="print the executable's path")
    args = parser.parse_args(argv)
    if args.path:
        print(exe_path().relative_to(ROOT).as_posix())
        return 0
    started = time.monotonic()
    try:
        exe = Path(args.check) if isinstance(args.check, str) else None
        exe = exe or (exe_path() if args.check else build())
        if not exe.is_file():
            raise BuildError(f"no executable at {exe}; run python build/make_exe.py first")
        problems = check(exe)
    except BuildError as err:
        print(f"make_exe: {err}", file=sys.stderr)
        return 1
    for problem in problems:
        print(f"make_exe: {problem}", file=sys.stderr)
    seconds = time.monotonic() - started
    size_mb = exe.stat().st_size / 1_000_000
    files = unpacked(exe)
    unpacked_mb = sum(files.values()) / 1_000_000
    where = exe.resolve().relative_to(ROOT) if exe.resolve().is_relative_to(ROOT) else exe
    print(f"{where}: {size_mb:.1f} MB, unpacking {len(files)} files of {unpacked_mb:.1f} MB "
          f"at every start; {seconds:.0f} s")  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
