"""The one packaging setting pyproject.toml cannot say: the package list is found (every
``game*`` package, with or without an ``__init__.py``) and then extended by the asset
packages that pyproject's ``package-dir`` maps onto the top-level ``sprites/``,
``sounds/`` and ``fonts/`` folders."""

from setuptools import find_namespace_packages, setup

GAME_PACKAGES = find_namespace_packages(include=["game", "game.*"], exclude=["*.__pycache__"])
ASSET_PACKAGES = [f"game.assets.data.{kind}" for kind in ("sprites", "sounds", "fonts")]

setup(packages=[*GAME_PACKAGES, *ASSET_PACKAGES])
