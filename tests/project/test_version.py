"""The version has one place, pyproject.toml. ``--version`` says it (from the
package metadata once installed, read only when asked), the changelog's newest entry and
the metainfo's newest release are it, and every version the changelog lists is a release
the software centres are told about, with the same date."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

from game import version as version_module
from game.version import checkout_version, version

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def pyproject_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]


def changelog() -> list[tuple[str, str]]:
    return HEADING.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))


def test_version_flag_prints_the_version_pyproject_gives_and_exits():
    done = subprocess.run(
        [sys.executable, "-m", "game", "--version"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"pasha-pisti {pyproject_version()}\n"


def test_an_installed_copy_reads_its_metadata_and_a_checkout_its_pyproject(tmp_path, monkeypatch):
    assert checkout_version(ROOT) == version() == pyproject_version()
    assert checkout_version(tmp_path) is None  # no pyproject.toml: an installed copy
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "9.9"\n')
    assert checkout_version(tmp_path) is None  # another project's
    monkeypatch.setattr(version_module, "checkout_version", lambda root: None)
    monkeypatch.setattr(metadata, "version", lambda dist: "7.7.7" if dist == "pasha-pisti" else "")
    version.cache_clear()
    try:
        assert version() == "7.7.7"
    finally:
        version.cache_clear()


def test_a_start_never_reads_the_metadata():
    probe = (
        "import sys; from game.__main__ import parse_args; parse_args([]); "
        "print(sorted({'importlib.metadata', 'tomllib', 'game.version'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_the_changelog_keeps_a_changelog_newest_first_up_to_this_version():
    entries = changelog()
    assert entries, "CHANGELOG.md has no '## [x.y.z] - YYYY-MM-DD' entries"
    assert entries[0][0] == pyproject_version()
    numbers = [tuple(int(n) for n in v.split(".")) for v, _ in entries]
    assert numbers == sorted(numbers, reverse=True)
    assert [d for _, d in entries] == sorted((d for _, d in entries), reverse=True)
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    for v, _ in entries:
        assert f"\n[{v}]: https://" in text, f"no link for {v}"
    assert "### Added" in text


def test_the_metainfo_releases_are_the_changelogs_versions_and_dates():
    root = ET.parse(ROOT / "game" / "desktop" / "io.github.pashapisti.PashaPisti.metainfo.xml")
    releases = [(r.get("version"), r.get("date")) for r in root.getroot().iter("release")]
    assert releases == changelog()
