"""docs/senas.md is the README's table of meaning -> condition and lance: it must say what the
code does."""

from __future__ import annotations

import re

import pytest

from engine.senas import MEANINGS, ProfileError, load_profile
from engine.senas.meanings import PUNTO_RANGE, punto_meaning


def rows(repo_root) -> dict[str, list[str]]:
    text = (repo_root / "docs" / "senas.md").read_text(encoding="utf-8")
    found = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and (name := re.fullmatch(r"`([a-z_0-9N]+)`.*", cells[0])):
            found[name.group(1)] = cells[1:]
    return found


def test_the_docs_table_gives_each_meaning_its_condition_and_standard_lance(repo_root, standard):
    table = rows(repo_root)
    last = PUNTO_RANGE.stop - 1
    punto = punto_meaning(last)

    def in_docs(words: str, meaning) -> str:
        return words.replace(str(last), "N") if meaning is punto else words

    for meaning in [*MEANINGS.values(), punto]:
        label, condition, lance = table[in_docs(meaning.name, meaning)]
        assert lance == standard.lance_of(meaning.name), meaning.name
        assert label == in_docs(meaning.label_es, meaning), meaning.name
        if meaning.checkable:
            assert condition == in_docs(meaning.claim_en, meaning), meaning.name
        else:
            assert "uncheckable" in condition, meaning.name


def test_the_docs_list_every_shipped_variant(repo_root):
    text = (repo_root / "docs" / "senas.md").read_text(encoding="utf-8")
    for name in ("standard", "navarra", "extended"):
        for variant in load_profile(name).variants:
            assert f"| `{variant}` |" in text, variant


def test_the_federation_excerpt_loads_and_an_unknown_gesture_is_refused(repo_root, tmp_path):
    text = (repo_root / "docs" / "senas.md").read_text(encoding="utf-8")
    section = text.split("## A federation-style list", 1)[1]
    excerpt = section.split("```toml\n", 1)[1].split("```", 1)[0]
    club = tmp_path / "federation.toml"
    club.write_text(excerpt, encoding="utf-8")
    profile = load_profile(str(club))
    meanings = {", ".join(p.label for p in e.gestures): e.meaning for e in profile.entries}
    assert meanings["shrug left"] == meanings["shrug right"] == "punto_29"
    assert meanings["head_tilt"] == "no_quiere_mus"
    club.write_text(excerpt.replace('"head_tilt"', '"head_up"'), encoding="utf-8")
    with pytest.raises(ProfileError, match="unknown gesture 'head_up'"):
        load_profile(str(club))
