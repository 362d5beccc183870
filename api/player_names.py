"""A player's name: the one rule the API, the pages and ``keinu calibrate --player`` hold it to.

A name goes into web addresses (``/api/practice/players/<name>/enrol``) and, for the command
line, into a file name: a "/" or "\\" would split it, and a name of dots alone ("." or "..")
would climb out of it. Every other name people use stays: accents, spaces, apostrophes,
hyphens, a dot within ("J. Etxeberria"). ``api/static/names.js`` checks the same on the page.

A seat's label ("Asiento 3", "Seat 3": what the pages call a seat whose player they do not know)
may name a table's seat, but nothing is kept under it: the señas, calibration and practice of a
player are kept under the player's own name (``kept_player_name``).
"""

from __future__ import annotations

import re
import unicodedata

MAX_LENGTH = 40
#: Characters that split a web address or a file path.
SEPARATORS = ("/", "\\")
#: A seat's label in either language of the pages ("Asiento 3", "seat 3"); live.js knows it too.
SEAT_LABEL = re.compile(r"(?:asiento|seat) *[0-9]+", re.IGNORECASE)


class PlayerNameError(ValueError):
    """Why a text is not a player's name, said as the page and the terminal show it; ``code``
    names the reason for a page that words it in its own language."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def player_name(text: str) -> str:
    """``text`` without the spaces around it, when it is a name a player may have; otherwise
    PlayerNameError says why."""
    name = text.strip()
    if not name:
        raise PlayerNameError("a player's name cannot be empty", "name_empty")
    if len(name) > MAX_LENGTH:
        raise PlayerNameError(
            f"a player's name has at most {MAX_LENGTH} characters", "name_too_long"
        )
    if not name.isprintable():
        raise PlayerNameError(
            "a player's name takes printable characters only", "name_not_printable"
        )
    if any(separator in name for separator in SEPARATORS) or set(name) == {"."}:
        raise PlayerNameError(
            "a player's name cannot contain / or \\, nor be only dots: it is part of web"
            " addresses and file names",
            "name_separator",
        )
    return name


def kept_player_name(text: str) -> str:
    """``player_name(text)``, when it is not a seat's label: a name a player's señas,
    calibration and practice are kept under."""
    name = player_name(text)
    if SEAT_LABEL.fullmatch(name):
        raise PlayerNameError(
            f"{name!r} is a seat's label, not a player's name: give the name of who sits there",
            "name_is_seat",
        )
    return name


def player_key(name: str) -> str:
    """What every spelling of one player's name comes to: without case, accents or extra
    spaces ("Iñaki", "INAKI " and "inaki" are one player), as a call's text is read
    (``engine.calls``). Where one player may not be named twice, names are compared so."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.casefold().split())
