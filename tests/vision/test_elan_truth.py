"""An analysis' ELAN file, corrected by a person as in ELAN, becomes a truth file that
``real_footage.py`` scores from its own folder (``--truth``)."""

from __future__ import annotations

import json
from pathlib import Path

import pympi
import pytest

from benchmarks.elan_truth import main as elan_truth_main
from benchmarks.enrolment_gain import main as enrolment_gain_main
from benchmarks.enrolment_gain import real_clips
from benchmarks.real_footage import main as real_footage_main
from tests.vision.test_analyze_eaf import analysed
from vision.config.detector_settings import default_detector_settings


def corrected(tmp_path: Path) -> tuple[Path, Path]:
    """keinu's analysis of a clip (seat 1 winks at 400 and 1000 ms, seat 2 at 1400 ms), then a
    person's corrections: the second wink of seat 1 was a blink, seat 2's wink is a right one,
    seat 2 also pouted, and a moment of seat 1 is unsure."""
    out = analysed(tmp_path)
    eaf = pympi.Elan.Eaf(str(out / "gestures.eaf"))
    eaf.remove_annotation("seat 1 gestures", 1100)
    eaf.add_tier("seat 1 blinks")
    eaf.add_annotation("seat 1 blinks", 1000, 1200)
    eaf.remove_annotation("seat 2 gestures", 1500)
    eaf.add_annotation("seat 2 gestures", 1400, 1600, "wink right")
    eaf.add_tier("seat 2 gestures (2)")
    eaf.add_annotation("seat 2 gestures (2)", 500, 1300, "pout")
    eaf.add_tier("seat 1 unsure")
    eaf.add_annotation("seat 1 unsure", 1300, 1500, "mouth_twist maybe a smirk")
    edited = tmp_path / "checked.eaf"
    eaf.to_file(str(edited))
    return edited, tmp_path / "clip.mp4"


def test_a_corrected_analysis_becomes_a_truth_file(tmp_path: Path, capsys):
    eaf, video = corrected(tmp_path)
    out = tmp_path / "truth"
    argv = [str(eaf), str(video), "--footage", str(tmp_path), "--split", "heldout"]
    assert elan_truth_main([*argv, "--out", str(out)]) == 0
    truth = json.loads((out / "clip.truth.json").read_text())
    gestures = truth["gestures"]
    assert [(g["seat"], g["kind"], g["side"], g["start_ms"], g["end_ms"]) for g in gestures] == [
        (1, "wink", "left", 400, 600),
        (2, "pout", None, 500, 1300),
        (2, "wink", "right", 1400, 1600),
    ]  # fmt: skip
    assert truth["distractors"] == [{"seat": 1, "kind": "blink", "start_ms": 1000, "end_ms": 1200}]
    assert truth["ignore"] == [{"seat": 1, "kind": "mouth_twist", "start_ms": 1300,
                                "end_ms": 1500, "note": "maybe a smirk"}]  # fmt: skip
    assert (truth["video"], truth["split"], truth["signalling"], truth["complete"]) == (
        "clip.mp4", "heldout", True, True,
    )  # fmt: skip
    assert truth["frames"] == 50 and truth["fps"] > 0
    assert "3 gestures, 1 unsure, 1 blinks, heldout" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("winky left", "'winky left' is no gesture; write the kind first, one of lip_bite,"),
        ("wink", "wink needs one side, left | right; got 'wink'"),
        ("pout left", "pout has no side; got 'pout left'"),
    ],
)
def test_a_label_outside_the_vocabulary_is_named_with_its_tier_and_time(
    tmp_path: Path, capsys, value: str, message: str
):
    eaf, video = corrected(tmp_path)
    document = pympi.Elan.Eaf(str(eaf))
    document.add_annotation("seat 1 gestures", 2500, 2700, value)
    document.to_file(str(eaf))
    argv = [str(eaf), str(video), "--footage", str(tmp_path), "--split", "tuning"]
    assert elan_truth_main([*argv, "--out", str(tmp_path / "truth")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("elan_truth: seat 1 gestures at 2.50 s: ") and message in err
    assert not (tmp_path / "truth").exists()


def test_people_not_signalling_carry_no_gestures_and_the_clip_lies_in_the_footage(
    tmp_path: Path, capsys
):
    eaf, video = corrected(tmp_path)
    argv = [str(eaf), str(video), "--split", "tuning"]
    assert elan_truth_main([*argv, "--footage", str(tmp_path), "--not-signalling"]) == 2
    assert "labels 3 gestures on a clip of people not signalling" in capsys.readouterr().err
    elsewhere = tmp_path / "footage"
    elsewhere.mkdir()
    assert elan_truth_main([*argv, "--footage", str(elsewhere)]) == 2
    assert f"is not inside the footage folder {elsewhere}" in capsys.readouterr().err
    (tmp_path / "broken.eaf").write_text("<ANNOTATION_DOCUMENT")
    broken = [str(tmp_path / "broken.eaf"), str(video), "--footage", str(tmp_path)]
    assert elan_truth_main([*broken, "--split", "tuning"]) == 2
    assert "is not an ELAN file that can be read" in capsys.readouterr().err


def test_real_footage_scores_the_truth_files_of_the_folder_it_is_given(tmp_path: Path, capsys):
    eaf, video = corrected(tmp_path)
    truth = tmp_path / "truth"
    argv = [str(eaf), str(video), "--footage", str(tmp_path), "--split", "tuning"]
    assert elan_truth_main([*argv, "--out", str(truth)]) == 0
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    with pytest.raises(SystemExit) as stop:
        real_footage_main([str(elsewhere), "--truth", str(truth)])
    assert stop.value.code == 2
    assert f"no clip of the truth files in {truth} is in {elsewhere}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        real_footage_main([str(tmp_path), "--truth", str(truth), "--write-docs"])
    assert "--write-docs publishes the project's own truth files only" in capsys.readouterr().err


def test_enrolment_gain_takes_its_clips_from_the_truth_folder_it_is_given(tmp_path: Path, capsys):
    eaf, video = corrected(tmp_path)
    document = pympi.Elan.Eaf(str(eaf))
    document.add_annotation("seat 1 gestures", 1300, 1450, "wink right")
    document.to_file(str(eaf))
    truth = tmp_path / "truth"
    argv = [str(eaf), str(video), "--footage", str(tmp_path), "--split", "tuning"]
    assert elan_truth_main([*argv, "--out", str(truth)]) == 0
    clips = real_clips(tmp_path, tmp_path / "cache", 0, default_detector_settings(), truth)
    assert [(c.name, len(c.truth["gestures"])) for c in clips] == [("clip", 4)]
    assert real_clips(tmp_path, tmp_path / "cache", 0, default_detector_settings()) == []
    with pytest.raises(SystemExit):
        enrolment_gain_main(
            [str(tmp_path), "--cache", str(tmp_path), "--truth", str(tmp_path / "no")]
        )
    assert f"{tmp_path / 'no'} is not a folder" in capsys.readouterr().err
