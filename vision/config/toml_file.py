"""Reading one of the settings files under models/ (vision.toml, detectors.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path, error: type[Exception], what: str) -> dict[str, Any]:
    """The parsed file; a missing file or bad TOML raises ``error`` with a message naming it."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise error(f"{what} not found: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path} is not valid TOML: {exc}") from exc
