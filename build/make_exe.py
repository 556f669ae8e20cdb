"""Build the one-file executable for this OS into dist/ (the only file there).

    python build/make_exe.py            # build, check the bundle, print size and time
    python build/make_exe.py --check    # only check an existing dist/ executable

PyInstaller's work folder is .build-work/ and its output dist/ (both ignored), so
it never writes into this recipe folder. After building, the bundle's table of
contents is read back to prove that numpy and the other dev-only packages stayed
out and that every sprite and sound went in: a missing file should fail the build,
not a player's first game.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "pasha_pisti.spec"
DIST = ROOT / "dist"
WORK = ROOT / ".build-work"
NAME = "pasha-pisti"
FORBIDDEN = ("numpy", "pytest", "_pytest", "hypothesis", "PyInstaller", "setuptools", "tkinter",
             "babel")  # fmt: skip
MAX_MB = 20


class BuildError(RuntimeError):
    """The build or its check failed; the message says what to fix."""


def exe_path() -> Path:
    return DIST / (NAME + ".exe" if sys.platform == "win32" else NAME)


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
    if files != [exe_path()] or not files[0].is_file():
        found = [p.name for p in files]
        raise BuildError(f"expected only {exe_path().name} in dist/, found {found}")
    return files[0]


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


def expected_assets() -> set[str]:
    """Every file under sprites/, sounds/ and fonts/, and the compiled phrasebooks, as the
    bundle names them (the art under game/assets/data/, as in a wheel)."""
    files = {
        f"game/assets/data/{p.relative_to(ROOT).as_posix()}"
        for folder in ("sprites", "sounds", "fonts")
        for p in (ROOT / folder).rglob("*")
        if p.is_file()
    }
    return files | {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.mo")}


def check(exe: Path) -> list[str]:
    """What is wrong with the built executable (empty when all is well)."""
    problems = []
    files, modules = bundle_contents(exe)
    leaked = sorted({m.split(".")[0] for m in modules} & set(FORBIDDEN))
    if leaked:
        problems.append(f"dev-only packages in the bundle: {', '.join(leaked)}")
    if "game.cli.smoke" not in modules or "game.ui.app" not in modules:
        problems.append("the game's modules are missing from the bundle")
    missing = sorted(expected_assets() - {f.replace("\\", "/") for f in files})
    if missing:
        problems.append(f"{len(missing)} asset files not bundled, e.g. {missing[0]}")
    size_mb = exe.stat().st_size / 1_000_000
    if size_mb > MAX_MB:
        problems.append(f"{exe.name} is {size_mb:.1f} MB, over the {MAX_MB} MB budget")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make_exe.py", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="check dist/ without building")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        exe = exe_path() if args.check else build()
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
    print(f"{exe.relative_to(ROOT)}: {size_mb:.1f} MB, {seconds:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
