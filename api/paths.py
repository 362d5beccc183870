"""Paths built from what a user typed never leave the data dir."""

from __future__ import annotations

from pathlib import Path


class OutsideDataDir(ValueError):
    """A user-given name that would resolve outside the data dir."""


def inside(root: Path, *parts: str) -> Path:
    base = root.resolve()
    path = base.joinpath(*parts).resolve()
    if not path.is_relative_to(base):
        raise OutsideDataDir(f"{'/'.join(parts)!r} is outside the data folder")
    return path
