"""benchmarks/docs_section.py: a benchmark's section of docs/benchmarks.md is replaced whole."""

from __future__ import annotations

from benchmarks.docs_section import write_section


def test_a_section_is_added_then_replaced_and_the_others_stay(tmp_path):
    docs = tmp_path / "benchmarks.md"
    write_section("speed", "python -m benchmarks.x", "| a | 1 |", docs)
    write_section("accuracy", "python -m benchmarks.y", "| b | 2 |", docs)
    write_section("speed", "python -m benchmarks.x", "| a | 3 |", docs)
    text = docs.read_text()
    assert text.startswith("# Measured figures")
    assert "| a | 3 |" in text and "| a | 1 |" not in text
    assert "| b | 2 |" in text
    assert text.count("<!-- speed -->") == 1 and text.index("speed") < text.index("accuracy")
    assert "Made by `python -m benchmarks.x`" in text
