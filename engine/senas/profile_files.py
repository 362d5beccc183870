"""The one piece of the señas rulebook that reads files: profiles by name from
models/profiles/, or a club's own file by path."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.senas.profile import Profile, ProfileError, parse_profile

PROFILES_DIR = Path(__file__).resolve().parents[2] / "models" / "profiles"


def profile_names() -> list[str]:
    """The profiles shipped with keinu."""
    return sorted(path.stem for path in PROFILES_DIR.glob("*.toml"))


def _is_path(name_or_path: str | Path) -> bool:
    text = str(name_or_path)
    return isinstance(name_or_path, Path) or text.endswith(".toml") or "/" in text


def _read(name_or_path: str | Path, near: Path) -> tuple[str, str]:
    """``(text, source)`` of a profile given by path, or by name: a file of that name next to
    the profile that asks for it, else one shipped with keinu."""
    if _is_path(name_or_path):
        path = near / Path(name_or_path)
    else:
        path = near / f"{name_or_path}.toml"
        if not path.is_file():
            path = PROFILES_DIR / f"{name_or_path}.toml"
        if not path.is_file():
            known = ", ".join(profile_names())
            raise ProfileError(str(name_or_path), None, f"no such profile; known: {known}")
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(str(path), None, f"cannot read the profile: {exc}") from None


def _resolve(name: str, from_source: str) -> tuple[str, str]:
    return _read(name, Path(from_source).parent)


def load_profile(name_or_path: str | Path, *, variants: Sequence[str] = ()) -> Profile:
    """A shipped profile by name (``"navarra"``) or a club's file by path, with ``variants``
    switched on besides those the file switches on. Raises ProfileError (file, line, reason)."""
    text, source = _read(name_or_path, Path.cwd() if _is_path(name_or_path) else PROFILES_DIR)
    return parse_profile(text, source, variants=variants, resolve=_resolve)
