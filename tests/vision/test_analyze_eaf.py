"""``keinu analyze`` writes gestures.eaf beside gestures.vtt, and ``keinu export`` turns its
folder into every format; ELAN's file is read back with pympi-ling."""

from __future__ import annotations

import csv

import pympi

from api.cli import main
from api.commands import analyze as analyze_command
from tests.vision.fakes import FakeDetector, FakeLandmarker, fake_features, judging_any_face
from tests.vision.test_analyze_cli import write_clip
from vision.capture.sources import open_source


def three_winks(frame):
    """Seat 1 winks twice (400-600 ms, 1000-1200 ms), seat 2 once (1400-1600)."""
    t = frame.ts_ms
    first = 1.0 if 400 <= t < 600 or 1000 <= t < 1200 else 0.0
    second = 1.0 if 1400 <= t < 1600 else 0.0
    return [(1, (10, 30, 50, 50), {"wink": first}), (2, (90, 30, 50, 50), {"wink": second})]


def analysed(tmp_path):
    out = tmp_path / "analysis"
    out.mkdir()
    analyze_command.analyze(
        open_source(write_clip(tmp_path / "clip.mp4", frames=50)),
        out,
        landmarker_factory=lambda source_id: FakeLandmarker(three_winks),
        features=fake_features,
        detector_factory=FakeDetector,
        progress=False,
        detector_settings=judging_any_face(),
    )
    return out


def test_analyze_writes_an_eaf_that_elan_s_reader_takes(tmp_path):
    out = analysed(tmp_path)
    eaf = pympi.Elan.Eaf(str(out / "gestures.eaf"))
    tiers = eaf.get_tier_names()
    gestures = sorted(
        (tier, start, end, value)
        for tier in tiers
        if tier.endswith("gestures")
        for start, end, value in eaf.get_annotation_data_for_tier(tier)
    )
    assert [(t, s, e) for t, s, e, _ in gestures] == [
        ("seat 1 gestures", 400, 600), ("seat 1 gestures", 1000, 1200),
        ("seat 2 gestures", 1400, 1600),
    ]  # fmt: skip
    assert gestures[0][3] == "wink left"
    assert {"señas", "verdicts", "calls", "hands", "lances"} <= set(tiers)
    senas = eaf.get_annotation_data_for_tier("señas")
    assert [s[:2] for s in senas] == [(400, 600), (1000, 1200), (1400, 1600)]
    verdicts = [v[2] for v in eaf.get_ref_annotation_data_for_tier("verdicts")]
    assert verdicts == ["unjudged"] * 3  # no hand to judge them in
    (media,) = eaf.media_descriptors
    assert media["RELATIVE_MEDIA_URL"] == "./annotated.mp4"
    assert media["MEDIA_URL"].endswith("/analysis/annotated.mp4")


def test_export_of_an_analysis_writes_each_format(tmp_path, capsys):
    out = analysed(tmp_path)
    target = tmp_path / "for-annotators"
    argv = ["export", str(out), "--out", str(target)]
    for fmt in ("eaf", "vtt", "csv", "records"):
        argv += ["--format", fmt]
    assert main(argv) == 0
    names = sorted(p.name for p in target.iterdir())
    assert names == ["gestures.chapters.vtt", "gestures.csv", "gestures.eaf",
                     "gestures.record.json", "gestures.tsv", "gestures.vtt"]  # fmt: skip
    assert capsys.readouterr().out.count(str(target)) == 6
    eaf = pympi.Elan.Eaf(str(target / "gestures.eaf"))
    assert eaf.media_descriptors[0]["RELATIVE_MEDIA_URL"] == "./../analysis/annotated.mp4"
    with (target / "gestures.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    winks = [r for r in rows if r["Behavior"] == "wink"]
    assert [(r["Time"], r["Status"], r["Subject"], r["Modifiers"]) for r in winks] == [
        ("0.400", "START", "seat 1", "left"), ("0.600", "STOP", "seat 1", "left"),
        ("1.000", "START", "seat 1", "left"), ("1.200", "STOP", "seat 1", "left"),
        ("1.400", "START", "seat 2", "left"), ("1.600", "STOP", "seat 2", "left"),
    ]  # fmt: skip
    assert winks[0]["Frame"] == "10"  # 25 fps
    vtt = (target / "gestures.vtt").read_text(encoding="utf-8")
    assert "00:00:01.400 --> 00:00:01.900\nseat 2: wink left" in vtt


def test_export_refuses_what_is_not_an_analysis_or_a_session(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    cases = {
        str(tmp_path / "empty"): "is not a keinu analysis folder",
        str(tmp_path / "nowhere"): "neither a session",
        "table-7": "no session table-7",
    }
    for target, message in cases.items():
        argv = ["export", target, "--format", "eaf", "--out", str(tmp_path / "x"),
                "--data-dir", str(tmp_path / "data")]  # fmt: skip
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    assert not (tmp_path / "x").exists()
    assert not (tmp_path / "data").exists()
