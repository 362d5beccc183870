"""House profiles: which gestures are señas at a table, what each one means, which lance it
informs, and when señas are allowed at all.

A profile is TOML text (the files are models/profiles/*.toml; docs/senas.md describes the
format). ``parse_profile`` validates it completely and names the file, line and reason of the
first mistake, so a club's own profile is rejected at load rather than misjudging a game.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from types import MappingProxyType
from typing import Any

from engine.errors import EngineError
from engine.gesture import GESTURE_SIDES
from engine.rules import REYES, Lance
from engine.senas.meanings import known_meanings, meaning

#: What a meaning can inform: a betting lance, the mus phase ("mus"), or everything before
#: the first bet ("betting", for malas). Punto is the juego lance played without juego.
LANCES: tuple[str, ...] = ("mus", "betting", *(lance.value for lance in Lance if lance != "punto"))
#: The settings every profile has, and their types.
SETTINGS: dict[str, type] = {
    "window_ms": int,
    "senas_allowed": bool,
    "first_hand_without_senas": bool,
    "late_from": str,
    "reyes": int,
}
#: When a seña about a lance turns late: at the lance's first call, for pares and juego the
#: first declaration (004: the lance "se inicia diciendo Sí o No"), or only once its betting
#: has begun (003: "antes de que comiencen las apuestas en esa categoría").
LATE_FROM: tuple[str, ...] = ("first_call", "betting")
#: Settings a profile may leave out, and their values then.
SETTING_DEFAULTS: dict[str, Any] = {"late_from": "first_call", "reyes": REYES[0]}
_LAYER_KEYS = frozenset({"name", "title", "extends", "use_variants", "variants"})
_OVERLAY_KEYS = frozenset({"description", "senas", "lances", *SETTINGS})

#: ``(name, from_source) -> (text, source)``: finds the profile an ``extends`` names.
Resolver = Callable[[str, str], tuple[str, str]]


class ProfileError(EngineError):
    """A profile that cannot be used; ``line`` is 1-based, None when no line is to blame."""

    def __init__(self, source: str, line: int | None, reason: str) -> None:
        self.source = source
        self.line = line
        self.reason = reason
        where = source if line is None else f"{source}, line {line}"
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True, slots=True)
class GesturePattern:
    """One gesture of a seña: a kind, and a side or None for any side."""

    kind: str
    side: str | None

    def matches(self, kind: str, side: str | None) -> bool:
        return kind == self.kind and (self.side is None or side == self.side)

    @property
    def label(self) -> str:
        return self.kind if self.side is None else f"{self.kind} {self.side}"


def parse_gestures(text: str) -> tuple[GesturePattern, ...]:
    """``"mouth_twist, lip_bite center"`` -> the gestures in order; ValueError says why not."""
    patterns = []
    for part in text.split(","):
        words = part.split()
        if not 1 <= len(words) <= 2:
            raise ValueError(f"{part.strip()!r} is not 'kind' or 'kind side'")
        kind = words[0]
        side = words[1] if len(words) == 2 else None
        if kind not in GESTURE_SIDES:
            raise ValueError(f"unknown gesture {kind!r}; known: {', '.join(GESTURE_SIDES)}")
        sides = GESTURE_SIDES[kind]
        if side is not None and side not in sides:
            allowed = " | ".join(sides) if sides else "no side"
            raise ValueError(f"gesture {kind!r} takes {allowed}, got {side!r}")
        patterns.append(GesturePattern(kind, side))
    return tuple(patterns)


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """One seña of the profile: a sequence of gestures and the meaning it carries."""

    gestures: tuple[GesturePattern, ...]
    meaning: str

    @property
    def label(self) -> str:
        return ", ".join(pattern.label for pattern in self.gestures)

    @property
    def specificity(self) -> int:
        """How many of its gestures name a side: the more specific entry wins a tie."""
        return sum(pattern.side is not None for pattern in self.gestures)


@dataclass(frozen=True)
class Profile:
    name: str
    #: How Spanish words name it ("estándar"); the name where its file gives none.
    title: str
    description: str
    source: str
    #: Gestures of one seat closer than this (ms) combine into one seña.
    window_ms: int
    senas_allowed: bool
    first_hand_without_senas: bool
    #: One of LATE_FROM.
    late_from: str
    #: The reyes of the game the señas are for (``Rules.reyes``): where no table says which,
    #: as in practice, cards are counted under them.
    reyes: int
    entries: tuple[CatalogueEntry, ...]
    lances: Mapping[str, str]
    #: Every variant a club can switch on, with its description.
    variants: Mapping[str, str]
    variants_on: tuple[str, ...]

    def lance_of(self, meaning_name: str) -> str:
        return self.lances[meaning_name]


# -- where each key of the TOML text is, for errors -------------------------------------------

_KEY_PART = r"(?:\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_-]+)"
_DOTTED = rf"{_KEY_PART}(?:\s*\.\s*{_KEY_PART})*"
_HEADER = re.compile(rf"^\s*\[\[?\s*({_DOTTED})\s*\]\]?")
_ASSIGN = re.compile(rf"^\s*({_DOTTED})\s*=")


def _key_path(dotted: str) -> tuple[str, ...]:
    parts = re.findall(_KEY_PART, dotted)
    return tuple(tomllib.loads(f"k = {p}")["k"] if p[0] in "\"'" else p for p in parts)


class _Text:
    """A profile's text and the line of each key, so semantic errors can point at a line."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines: dict[tuple[str, ...], int] = {}
        table: tuple[str, ...] = ()
        for number, line in enumerate(text.splitlines(), start=1):
            if header := _HEADER.match(line):
                table = _key_path(header.group(1))
                self.lines.setdefault(table, number)
            elif assign := _ASSIGN.match(line):
                self.lines.setdefault(table + _key_path(assign.group(1)), number)

    def line_of(self, *path: str) -> int | None:
        for end in range(len(path), 0, -1):
            if path[:end] in self.lines:
                return self.lines[path[:end]]
        return None

    def error(self, path: Sequence[str], reason: str) -> ProfileError:
        return ProfileError(self.source, self.line_of(*path), reason)


# -- one file, validated on its own ------------------------------------------------------------


@dataclass(frozen=True)
class _Origin:
    text: _Text
    path: tuple[str, ...]

    def error(self, reason: str) -> ProfileError:
        return self.text.error(self.path, reason)


@dataclass
class _Overlay:
    """What a file or a variant sets: settings, señas (meaning None removes one) and lances."""

    description: str | None = None
    settings: dict[str, tuple[Any, _Origin]] = field(default_factory=dict)
    senas: dict[tuple[GesturePattern, ...], tuple[str | None, _Origin]] = field(
        default_factory=dict
    )
    lances: dict[str, tuple[str, _Origin]] = field(default_factory=dict)


@dataclass
class _Layer:
    text: _Text
    name: str
    title: str
    overlay: _Overlay
    variants: dict[str, _Overlay]
    use_variants: tuple[list[str], _Origin] | None


def _expect(text: _Text, path: tuple[str, ...], value: Any, kind: type, what: str) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise text.error(path, f"{'.'.join(path)} must be {what}, got {value!r}")


def _read_overlay(
    text: _Text, data: dict[str, Any], path: tuple[str, ...], keys: frozenset[str]
) -> _Overlay:
    unknown = sorted(set(data) - keys)
    if unknown:
        where = ".".join(path) or "the top level"
        raise text.error(
            (*path, unknown[0]),
            (f"unknown key {unknown[0]!r} in {where}; known: {', '.join(sorted(keys))}"),
        )
    overlay = _Overlay()
    if "description" in data:
        _expect(text, (*path, "description"), data["description"], str, "a string")
        overlay.description = data["description"]
    for name, kind in SETTINGS.items():
        if name in data:
            key = (*path, name)
            what = {bool: "true or false", int: "a number", str: "a string"}[kind]
            _expect(text, key, data[name], kind, what)
            if name == "window_ms" and data[name] <= 0:
                raise text.error(
                    key, f"window_ms must be a positive number of milliseconds, got {data[name]}"
                )
            if name == "reyes" and data[name] not in REYES:
                raise text.error(
                    key, f"reyes must be {' or '.join(map(str, REYES))}, got {data[name]}"
                )
            if name == "late_from" and data[name] not in LATE_FROM:
                raise text.error(
                    key, f"late_from must be one of {', '.join(LATE_FROM)}, got {data[name]!r}"
                )
            overlay.settings[name] = (data[name], _Origin(text, key))
    senas = data.get("senas", {})
    _expect(text, (*path, "senas"), senas, dict, "a table of 'gestures' = 'meaning'")
    for gestures_text, meaning_name in senas.items():
        key = (*path, "senas", gestures_text)
        try:
            gestures = parse_gestures(gestures_text)
        except ValueError as exc:
            raise text.error(key, f"seña {gestures_text!r}: {exc}") from None
        if meaning_name is False:
            overlay.senas[gestures] = (None, _Origin(text, key))
            continue
        if not isinstance(meaning_name, str) or meaning(meaning_name) is None:
            raise text.error(
                key,
                (
                    f"seña {gestures_text!r}: unknown meaning {meaning_name!r} (false removes a "
                    f"seña); known: {', '.join(known_meanings())}"
                ),
            )
        overlay.senas[gestures] = (meaning_name, _Origin(text, key))
    lances = data.get("lances", {})
    _expect(text, (*path, "lances"), lances, dict, "a table of meaning = 'lance'")
    for meaning_name, lance in lances.items():
        key = (*path, "lances", meaning_name)
        if meaning(meaning_name) is None:
            raise text.error(
                key,
                f"lances: unknown meaning {meaning_name!r}; known: {', '.join(known_meanings())}",
            )
        if lance not in LANCES:
            raise text.error(
                key, f"lances.{meaning_name}: {lance!r} is not one of {', '.join(LANCES)}"
            )
        overlay.lances[meaning_name] = (lance, _Origin(text, key))
    return overlay


def _read_layer(text: _Text, data: dict[str, Any]) -> _Layer:
    overlay = _read_overlay(text, data, (), _OVERLAY_KEYS | _LAYER_KEYS)
    name = data.get("name", PurePath(text.source).stem)
    _expect(text, ("name",), name, str, "a string")
    title = data.get("title", name)
    _expect(text, ("title",), title, str, "a string")
    variants = data.get("variants", {})
    _expect(text, ("variants",), variants, dict, "a table of variants")
    read_variants = {}
    for variant_name, variant in variants.items():
        path = ("variants", variant_name)
        _expect(text, path, variant, dict, "a table")
        read_variants[variant_name] = _read_overlay(text, variant, path, _OVERLAY_KEYS)
    use_variants = None
    if "use_variants" in data:
        value = data["use_variants"]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise text.error(
                ("use_variants",), f"use_variants must be a list of variant names, got {value!r}"
            )
        use_variants = (value, _Origin(text, ("use_variants",)))
    return _Layer(text, name, title, overlay, read_variants, use_variants)


def _parse_toml(text: _Text, raw: str) -> dict[str, Any]:
    try:
        return tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = re.search(r"\(at line (\d+), column \d+\)$", message)
        line = int(found.group(1)) if found else None
        reason = message[: found.start()].strip() if found else message
        raise ProfileError(text.source, line, f"not valid TOML: {reason}") from None


def _read_layers(
    raw: str, source: str, resolve: Resolver | None, chain: tuple[str, ...]
) -> list[_Layer]:
    """The layers of a profile, its furthest base first."""
    text = _Text(raw, source)
    data = _parse_toml(text, raw)
    layer = _read_layer(text, data)
    if "extends" not in data:
        return [layer]
    base = data["extends"]
    _expect(text, ("extends",), base, str, "the name of a profile")
    if resolve is None:
        raise text.error(("extends",), f"extends {base!r}, but no profiles can be looked up here")
    try:
        base_raw, base_source = resolve(base, source)
    except ProfileError as exc:
        raise text.error(("extends",), f"extends {base!r}: {exc.reason}") from None
    if base_source in (*chain, source):
        raise text.error(("extends",), f"extends {base!r}, which extends this profile again")
    return [*_read_layers(base_raw, base_source, resolve, (*chain, source)), layer]


# -- layers and variants into one profile ------------------------------------------------------


def _apply(
    overlay: _Overlay,
    settings: dict[str, tuple[Any, _Origin]],
    senas: dict[tuple[GesturePattern, ...], tuple[str, _Origin]],
    lances: dict[str, tuple[str, _Origin]],
) -> None:
    settings.update(overlay.settings)
    lances.update(overlay.lances)
    for gestures, (meaning_name, origin) in overlay.senas.items():
        if meaning_name is not None:
            senas[gestures] = (meaning_name, origin)
        elif senas.pop(gestures, None) is None:
            label = ", ".join(pattern.label for pattern in gestures)
            raise origin.error(f"seña {label!r} = false removes a seña this profile does not have")


def _switch_on(
    names: Sequence[str], available: dict[str, _Overlay], blame: Callable[[str], ProfileError]
) -> list[_Overlay]:
    """The overlays of the variants ``names``, refusing unknown ones and two that disagree."""
    chosen: dict[str, _Overlay] = {}
    for name in names:
        if name not in available:
            known = ", ".join(sorted(available)) or "none"
            raise blame(f"unknown variant {name!r}; this profile has: {known}")
        overlay = available[name]
        for other_name, other in chosen.items():
            clash: list[str | tuple[GesturePattern, ...]] = [
                g for g in overlay.senas if g in other.senas
            ]
            clash += [setting for setting in overlay.settings if setting in other.settings]
            if clash:
                first = clash[0]
                what = first if isinstance(first, str) else ", ".join(p.label for p in first)
                raise blame(
                    f"variants {other_name!r} and {name!r} both set {what!r}; "
                    f"switch on only one of them"
                )
        chosen[name] = overlay
    return list(chosen.values())


def parse_profile(
    text: str,
    source: str = "<profile>",
    *,
    variants: Sequence[str] = (),
    resolve: Resolver | None = None,
) -> Profile:
    """Parse and validate a profile. ``variants`` switches on more variants than the file's
    ``use_variants``; ``resolve`` finds the profile an ``extends`` names (see load_profile)."""
    layers = _read_layers(text, source, resolve, ())
    top = layers[-1]
    settings: dict[str, tuple[Any, _Origin]] = {}
    senas: dict[tuple[GesturePattern, ...], tuple[str, _Origin]] = {}
    lances: dict[str, tuple[str, _Origin]] = {}
    available: dict[str, _Overlay] = {}
    use_variants: tuple[list[str], _Origin] | None = None
    description = ""
    for layer in layers:
        _apply(layer.overlay, settings, senas, lances)
        available.update(layer.variants)
        use_variants = layer.use_variants or use_variants
        description = layer.overlay.description or description
    missing = [name for name in SETTINGS if name not in settings and name not in SETTING_DEFAULTS]
    if missing:
        raise ProfileError(
            source,
            None,
            f"{', '.join(missing)} not set (a profile sets "
            f"{', '.join(SETTINGS)}, or extends one that does)",
        )

    def blame_source(reason: str) -> ProfileError:
        return ProfileError(source, None, reason)

    _switch_on(variants, available, blame_source)  # the caller's unknown names: no line to blame
    file_names, origin = use_variants or ([], None)
    names_on = [*file_names, *(name for name in variants if name not in file_names)]
    on = _switch_on(names_on, available, origin.error if origin else blame_source)
    for overlay in on:
        _apply(overlay, settings, senas, lances)
    for meaning_name, origin in senas.values():
        if meaning_name not in lances:
            raise origin.error(
                f"meaning {meaning_name!r} informs no lance: add "
                f'{meaning_name} = "<lance>" under [lances] (one of '
                f"{', '.join(LANCES)})"
            )
    return Profile(
        name=top.name,
        title=top.title,
        description=description,
        source=source,
        window_ms=settings["window_ms"][0],
        senas_allowed=settings["senas_allowed"][0],
        first_hand_without_senas=settings["first_hand_without_senas"][0],
        late_from=settings.get("late_from", (SETTING_DEFAULTS["late_from"],))[0],
        reyes=settings.get("reyes", (SETTING_DEFAULTS["reyes"],))[0],
        entries=tuple(CatalogueEntry(g, m) for g, (m, _) in senas.items()),
        lances=MappingProxyType({name: lance for name, (lance, _) in lances.items()}),
        variants=MappingProxyType(
            {name: overlay.description or "" for name, overlay in available.items()}
        ),
        variants_on=tuple(names_on),
    )
