"""The señas rulebook: house profiles, what each seña means, and the referee's verdict on it.

Gestures in (engine.table's SenaCall, one per ``sena`` call), señas with meanings, verdicts,
truths and reasons out. docs/senas.md has the table of meanings and the verdict rules.
"""

from engine.senas.interpret import Sena, interpret
from engine.senas.meanings import MEANINGS, Meaning, meaning
from engine.senas.practice import SenaOption, senas_for
from engine.senas.profile import Profile, ProfileError, parse_profile
from engine.senas.profile_files import load_profile, profile_names
from engine.senas.truth import TRUTHS, TruthValue, truth_of
from engine.senas.verdicts import (
    VERDICTS,
    SenaRecord,
    Verdict,
    judge_senas,
    summarise_by_seat,
)

__all__ = [
    "MEANINGS",
    "TRUTHS",
    "VERDICTS",
    "Meaning",
    "Profile",
    "ProfileError",
    "Sena",
    "SenaOption",
    "SenaRecord",
    "TruthValue",
    "Verdict",
    "interpret",
    "judge_senas",
    "load_profile",
    "meaning",
    "parse_profile",
    "profile_names",
    "senas_for",
    "summarise_by_seat",
    "truth_of",
]
