"""benchmarks/docs_section.py: a benchmark's section of docs/benchmarks.md is replaced whole."""

from __future__ import annotations

from benchmarks.docs_section import score_table, write_section


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


def test_a_printed_score_table_becomes_a_markdown_table():
    from benchmarks.accuracy import Score, report

    score = Score()
    score.true_positives[("wink", "left")] += 3
    score.false_negatives[("wink", "left")] += 1
    score.false_positives[("pout", None)] += 2
    printed = report(score, 2, 30.0)[:-1]
    lines = score_table(printed)
    assert lines[0] == "| gesture | truth | found | false | precision | recall | onset_ms |"
    rows = {line.split(" | ")[0].strip("| "): line for line in lines[2:] if line.startswith("|")}
    assert rows["wink left"].split(" | ")[1:4] == ["4", "3", "0"]
    assert rows["pout"].split(" | ")[1:4] == ["0", "0", "2"]
    assert lines[-1] == "2 clips, 30 s of video"


def test_the_notes_under_a_score_table_stay_notes():
    printed = [
        "gesture truth found false precision recall onset_ms",
        "pout 2 1 0 1.000 0.500 33",
        "false gestures on people not signalling: mouth_twist right 1",
        "by clip: franck 1 in 200 s; 11 clips none in 398 s",
    ]
    lines = score_table(printed)
    assert [line for line in lines if line.startswith("|")][2:] == [
        "| pout | 2 | 1 | 0 | 1.000 | 0.500 | 33 |"
    ]
    assert lines[-1] == "by clip: franck 1 in 200 s; 11 clips none in 398 s"


def test_what_a_benchmark_prints_becomes_its_section(tmp_path, capsys):
    from benchmarks.docs_section import printed_into_docs

    docs = tmp_path / "benchmarks.md"
    with printed_into_docs("speed", "Speed", docs=docs):
        print("ratio 0.91")
    assert capsys.readouterr().out == "ratio 0.91\n"
    text = docs.read_text()
    assert "## Speed\n\n```\nratio 0.91\n```" in text
    with printed_into_docs("speed", "Speed", enabled=False, docs=docs):
        print("ratio 0.50")
    assert "ratio 0.91" in docs.read_text() and "0.50" not in docs.read_text()


def test_paths_outside_the_repository_are_named_not_shown():
    from benchmarks.docs_section import REPO, outside_named

    assert outside_named("../shared/footage", "FOOTAGE") == "FOOTAGE"
    assert outside_named("/srv/clips", "FOOTAGE") == "FOOTAGE"
    assert outside_named(str(REPO / "data" / "eval"), "FOOTAGE") == str(REPO / "data" / "eval")
    assert outside_named("data/eval/tuning", "FOOTAGE") == "data/eval/tuning"
    assert outside_named("--cache", "FOOTAGE") == "--cache"
