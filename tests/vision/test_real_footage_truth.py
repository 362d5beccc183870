"""The real-footage yardstick's own pieces: labels turned into truth files, the committed truth
files themselves, the held first frame in front of a clip, the clips found in several footage
folders, and a split's tally."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from benchmarks.import_footage_labels import OWN_LABELS, joined_labels, truth_name, truth_of
from benchmarks.real_footage import (
    TRUTH_DIR,
    Clip,
    Run,
    Tally,
    _cache_stem,
    lead_in_frames,
    lead_in_ms_of,
    load_clips,
    mirror_clip,
    on_clip_clock,
    open_inside,
    quiet_overall,
    retime_clip,
    run_rows,
    score_clip,
    split_parts,
    sure_only,
)
from benchmarks.real_footage import main as real_footage_main
from engine.gesture import GESTURE_SIDES, Gesture


def test_labels_become_a_truth_file_on_the_project_s_vocabulary(sample_videos: Path):
    clip = {
        "full": True,
        "labels": [
            ["tongue_out", 1.25, 2.5, "centre", "sure"],
            ["wink", 3.0, 3.4, "left", "likely"],
        ],
        "blinks": [[0.5, 0.6]],
        "unsure": [["pout", 4.0, 4.5, None, "maybe an oo"]],
    }
    truth = truth_of("single.mp4", clip, sample_videos)
    assert truth["gestures"][0] == {
        "seat": 1, "kind": "tongue_out", "side": "center", "start_ms": 1250, "end_ms": 2500,
        "certainty": "sure",
    }  # fmt: skip
    assert truth["gestures"][1]["side"] == "left"
    assert truth["distractors"] == [{"seat": 1, "kind": "blink", "start_ms": 500, "end_ms": 600}]
    assert truth["ignore"][0]["kind"] == "pout" and truth["ignore"][0]["start_ms"] == 4000
    assert truth["fps"] == pytest.approx(30.0) and truth["signalling"] is True
    assert truth_name("a/b.mp4") == "a--b.truth.json"


def test_every_committed_truth_file_is_well_formed():
    paths = sorted(TRUTH_DIR.glob("*.truth.json"))
    assert len(paths) >= 15
    splits = set()
    for path in paths:
        truth = json.loads(path.read_text())
        splits.add(truth["split"])
        assert path.name == truth_name(truth["video"])
        for g in truth["gestures"]:
            sides = GESTURE_SIDES[g["kind"]]
            assert (g["side"] in sides) if sides else g["side"] is None, (path.name, g)
            assert 0 <= g["start_ms"] < g["end_ms"] <= truth["frames"] / truth["fps"] * 1000
        if not truth["signalling"]:
            assert truth["gestures"] == []
    assert splits == {"tuning", "heldout"}


def test_the_project_s_own_labels_join_a_folder_s_clip_by_clip():
    folders = {
        "a/both.mp4": {"labels": [["wink", 1.0, 1.3, "left", "sure"]], "blinks": [[0.2, 0.3]],
                       "unsure": [], "full": True},
        "a/theirs.mp4": {"labels": [], "blinks": [], "unsure": [], "full": False},
    }  # fmt: skip
    own = {
        "a/both.mp4": {"labels": [], "blinks": [], "full": False,
                       "unsure": [["brows_raised", 2.0, 3.0, None, "silent raise"]]},
        "b/ours.mp4": {"labels": [], "blinks": [[5.0, 5.2]], "unsure": [], "full": True},
    }  # fmt: skip
    joined = joined_labels(folders, own)
    assert joined["a/both.mp4"]["labels"] == folders["a/both.mp4"]["labels"]
    assert joined["a/both.mp4"]["unsure"] == own["a/both.mp4"]["unsure"]
    assert joined["a/both.mp4"]["blinks"] == [[0.2, 0.3]] and joined["a/both.mp4"]["full"]
    assert joined["a/theirs.mp4"] == folders["a/theirs.mp4"]
    assert joined["b/ours.mp4"] == own["b/ours.mp4"]
    assert folders["a/both.mp4"]["unsure"] == []  # the folder's own labels are left as read


def test_every_unsure_moment_of_a_truth_file_has_a_labels_source():
    """A truth file is made anew from its folder's labels and the project's own: a moment written
    into a truth file by hand would be lost on the next import. The folders' labels are not
    here; those of the project's own must each reach their clip's truth file."""
    own = json.loads(OWN_LABELS.read_text())
    for video, clip in own.items():
        truth = json.loads((TRUTH_DIR / truth_name(video)).read_text())
        ignored = {(i["kind"], i["start_ms"], i["end_ms"]) for i in truth["ignore"]}
        for kind, start, end, _side, _note in clip["unsure"]:
            assert (kind, round(start * 1000), round(end * 1000)) in ignored, (video, kind, start)


def test_the_lead_in_holds_the_first_frame_on_the_clip_s_own_clock(sample_videos: Path):
    video = sample_videos / "single.mp4"
    frames = list(lead_in_frames(video, 500))
    held = round(500 * 30 / 1000)
    offset = lead_in_ms_of(video, 500)
    assert offset == frames[held][1] == 500
    assert all(np.array_equal(frames[0][2], image) for _, _, image in frames[: held + 1])
    assert not np.array_equal(frames[0][2], frames[-1][2])
    assert [index for index, _, _ in frames] == list(range(len(frames)))


def test_a_slower_rate_drops_frames_between_on_the_same_clock(sample_videos: Path):
    video = sample_videos / "single.mp4"
    every = list(lead_in_frames(video, 500))
    slower = list(lead_in_frames(video, 500, max_fps=12))
    assert [ts for _, ts, _ in slower[:7]] == [0, 100, 167, 267, 333, 433, 500]  # 12 a second
    assert len(slower) == pytest.approx(len(every) * 12 / 30, abs=1)
    by_index = {index: image for index, _, image in every}
    assert all(np.array_equal(by_index[index], image) for index, _, image in slower)
    assert len(list(lead_in_frames(video, 500, max_fps=60))) == len(every)  # never faster


def _truth(video: str, split: str, signalling: bool, gestures: list[dict]) -> dict:
    return {
        "video": video, "fps": 30.0, "width": 64, "height": 48, "frames": 300, "split": split,
        "signalling": signalling, "complete": True, "seats": {}, "gestures": gestures,
        "distractors": [], "ignore": [],
    }  # fmt: skip


def test_each_clip_comes_from_the_first_folder_that_holds_it(tmp_path: Path, capsys):
    shared, registry, truths = tmp_path / "shared", tmp_path / "registry", tmp_path / "truths"
    for path in (shared / "a/one.mp4", shared / "a/both.mp4", registry / "a/both.mp4",
                 registry / "b/two.mp4"):  # fmt: skip
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    truths.mkdir()
    for video, split in (("a/one.mp4", "tuning"), ("a/both.mp4", "heldout"),
                         ("b/two.mp4", "tuning"), ("c/none.mp4", "tuning")):  # fmt: skip
        (truths / truth_name(video)).write_text(json.dumps(_truth(video, split, False, [])))
    clips = load_clips([shared, registry], "all", truths)
    assert {c.name: c.video for c in clips} == {
        "a--one": shared / "a/one.mp4",
        "a--both": shared / "a/both.mp4",
        "b--two": registry / "b/two.mp4",
    }
    assert "c/none.mp4: not in" in capsys.readouterr().err
    assert [c.name for c in load_clips([registry, shared], "tuning", truths)] == [
        "a--one",
        "b--two",
    ]
    assert load_clips([registry, shared], "heldout", truths)[0].video == registry / "a/both.mp4"


def test_a_clip_held_out_from_a_time_on_reaches_each_split_as_its_part(tmp_path: Path):
    """Asked for one split, load_clips gives a clip tuned on up to a time and held out after it
    as that split's part alone: a tuning run never reads the held-out part."""
    folder, truths = tmp_path / "footage", tmp_path / "truths"
    (folder / "t").mkdir(parents=True)
    (folder / "t/table.mp4").write_bytes(b"")
    truths.mkdir()
    early = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1300}
    late = {**early, "start_ms": 40000, "end_ms": 40300}
    truth = {**_truth("t/table.mp4", "tuning", True, [early, late]), "heldout_from_ms": 30000}
    (truths / truth_name("t/table.mp4")).write_text(json.dumps(truth))
    (tuning,) = load_clips([folder], "tuning", truths)
    assert tuning.window == (0, 30000) and tuning.truth["gestures"] == [early]
    (heldout,) = load_clips([folder], "heldout", truths)
    assert heldout.window == (30000, None) and heldout.truth["gestures"] == [late]
    (whole,) = load_clips([folder], "all", truths)
    assert whole.window == (0, None) and len(whole.truth["gestures"]) == 2


def test_a_folder_that_is_not_there_is_one_line_of_error(tmp_path: Path, capsys):
    with pytest.raises(SystemExit) as stop:
        real_footage_main([str(tmp_path), str(tmp_path / "missing")])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().endswith(f"{tmp_path / 'missing'} is not a folder")


@pytest.mark.parametrize(
    "option, value, message",
    [("--fps", "0", "give a rate from 1 to 240"), ("--fps", "500", "give a rate from 1 to 240"),
     ("--jpeg", "0", "give a quality from 1 to 100"),
     ("--jpeg", "101", "give a quality from 1 to 100"),
     ("--tempo", "0.1", "give a speed from 0.25 to 4"),
     ("--tempo", "5", "give a speed from 0.25 to 4")],
)  # fmt: skip
def test_a_reading_out_of_range_is_one_line_of_error(
    tmp_path: Path, capsys, option: str, value: str, message: str
):
    with pytest.raises(SystemExit) as stop:
        real_footage_main([str(tmp_path), option, value])
    assert stop.value.code == 2
    assert f"{option} {value}: {message}" in capsys.readouterr().err


def _gesture(kind: str, side: str | None, start_ms: int, end_ms: int) -> Gesture:
    return Gesture(seat=1, kind=kind, side=side, start_ms=start_ms, end_ms=end_ms)


def test_a_split_tallies_signalling_scores_and_false_gestures_per_five_minutes():
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400}
    signalling = Clip("s", _truth("s.mp4", "tuning", True, [wink]), Path("s.mp4"))
    quiet = Clip("q", _truth("q.mp4", "tuning", False, []), Path("q.mp4"))
    tally = Tally()
    found = Run([_gesture("wink", "left", 1033, 1400), _gesture("pout", None, 5000, 5500)], 9000)
    tally.add(signalling, found, score_clip(signalling, found))
    talking = Run(
        [_gesture("brows_raised", None, 2000, 2600), _gesture("brows_raised", None, 40000, 41000),
         _gesture("head_tilt", "left", 70000, 71000)],
        120_000,
    )  # fmt: skip
    tally.add(quiet, talking, score_clip(quiet, talking))
    assert tally.clips == 1 and tally.seconds == pytest.approx(10.0)
    assert tally.score.recall() == 1.0 and tally.score.precision() == 0.5
    assert tally.false_per_5min == pytest.approx(3 / 2 * 5)
    assert tally.quiet_kinds().endswith("brows_raised 2, head_tilt left 1")
    assert tally.summary("tuning") == (
        "tuning precision 0.500 recall 1.000 onset_ms 33 false_per_5min 7.5 "
        "(3 in 2.00 watched minutes)"
    )
    # 1 of 1 found, 1 of 2 reported right, 3 false in 2 min = 7.5 per 5 min (Garwood 1.5-21.9)
    assert tally.intervals("tuning") == (
        "tuning 95% intervals: recall 0.21-1.00 (1 of 1), precision 0.09-0.91, "
        "false_per_5min 1.5-21.9"
    )
    still = Clip("still", _truth("still.mp4", "tuning", False, []), Path("still.mp4"))
    tally.add(still, Run([], 60_000, talking_ms=45_000), score_clip(still, Run([], 60_000)))
    assert tally.quiet_by_clip() == "by clip: q 3 in 120 s; 1 clips none in 60 s"
    assert tally.quiet_talking().endswith("held back): 25% of the time")  # 45 s of 180


def test_false_gestures_are_also_counted_over_every_split_s_watched_time():
    tuning, heldout = Tally(), Tally()
    quiet = Clip("q", _truth("q.mp4", "tuning", False, []), Path("q.mp4"))
    held = Clip("h", _truth("h.mp4", "heldout", False, []), Path("h.mp4"))
    tuning.add(quiet, Run([], 240_000), score_clip(quiet, Run([], 240_000)))
    bites = Run([_gesture("lip_bite", "left", 1000, 1500), _gesture("pout", None, 9000, 9700)],
                60_000)  # fmt: skip
    heldout.add(held, bites, score_clip(held, bites))
    # none in 4 min and 2 in 1 min: 10 per 5 min held out, 2 over the 5 minutes of both
    assert heldout.false_per_5min == pytest.approx(10.0)
    assert quiet_overall([tuning, heldout]) == (
        "all splits, people not signalling: false_per_5min 2.00 "
        "(2 in 5.00 watched minutes; 95% interval 0.2-7.2)"
    )


def test_watched_face_time_adds_up_every_seat_after_the_lead_in():
    one = [(1, ts) for ts in range(0, 10_001, 100)]
    two = [(2, ts) for ts in range(5000, 8001, 100) if not 6000 < ts < 6600]
    talking = {(2, ts) for ts in range(5000, 6001, 100)} | {(1, 1000)}  # 1 s, and in the lead-in
    run = on_clip_clock(
        [_gesture("wink", "left", 4000, 4400)], one + two + one[:5], 3000, talking=talking
    )
    # seat 1 from the lead-in's end (3 s) to 10 s, seat 2 5-8 s less its 0.6 s gap
    assert run.watched_ms == pytest.approx(7000 + 3000 - 600)
    assert run.talking_ms == pytest.approx(1000)  # 5.0-6.0 s: the frame at 6.0 s opens the gap
    assert [(g.start_ms, g.end_ms) for g in run.gestures] == [(1000, 1400)]


def test_a_clip_held_out_from_a_time_is_scored_as_two_parts_one_per_split():
    early = {"seat": 1, "kind": "pout", "side": None, "start_ms": 1000, "end_ms": 1800}
    late = {**early, "start_ms": 7000, "end_ms": 7800}
    truth = {**_truth("x.mp4", "tuning", True, [early, late]), "heldout_from_ms": 5000}
    clip = Clip("x", truth, Path("x.mp4"))
    tuning, heldout = split_parts([clip], "all")
    assert (tuning.split, tuning.window, tuning.truth["gestures"]) == ("tuning", (0, 5000), [early])
    assert (heldout.split, heldout.window, heldout.truth["gestures"]) == (
        "heldout",
        (5000, None),
        [late],
    )
    assert (tuning.label, heldout.label) == ("x [0-5 s]", "x [5- s]")
    assert split_parts([clip], "heldout") == [heldout]
    whole = Clip("w", _truth("w.mp4", "tuning", False, []), Path("w.mp4"))
    assert split_parts([whole, clip], "tuning") == [whole, tuning]
    stamps = [(1, ts) for ts in range(0, 10_001, 100)]
    found = [_gesture("pout", None, 4000, 4800), _gesture("pout", None, 5000, 5600)]
    assert on_clip_clock(found, stamps, 0, heldout.window).watched_ms == pytest.approx(5000)
    assert [g.start_ms for g in on_clip_clock(found, stamps, 0, heldout.window).gestures] == [5000]
    assert [g.start_ms for g in on_clip_clock(found, stamps, 0, tuning.window).gestures] == [4000]


def test_faces_resting_too_narrowed_for_a_shut_eye_are_counted_inside_each_part_alone():
    from tests.vision.feature_traces import Trace
    from vision.config.detector_settings import load_detector_settings

    narrow = Trace(10_000, rest={"eyeBlinkLeft": 0.15, "eyeBlinkRight": 0.15})
    narrow.set(6000, 6100, eyeBlinkLeft=0.88, eyeBlinkRight=0.88)  # a full blink, held out
    rows = [(ts, 1, f) for ts, f in narrow.frames()]
    rows += [(ts, 2, f) for ts, f in Trace(10_000).frames()]
    truth = {**_truth("x.mp4", "tuning", False, []), "heldout_from_ms": 5000}
    tuning, heldout = split_parts([Clip("x", truth, Path("x.mp4"))], "all")
    settings = load_detector_settings()
    rows.sort(key=lambda row: row[0])

    early, late = run_rows(tuning, rows, 0, settings), run_rows(heldout, rows, 0, settings)

    assert early.eyes_unreadable == {1: ("wink", "eyes_closed"), 2: ()}
    assert late.eyes_unreadable == {1: (), 2: ()}  # the blink showed the eyes can shut that far
    tally = Tally()
    tally.add(tuning, early, score_clip(tuning, early))
    assert tally.narrowed_eyes() == (
        "faces whose eyes rest too narrowed to be read shut (enrolment asked): "
        "eyes_closed 1, wink 1 of 2"
    )


def test_the_gestures_labelled_sure_are_also_scored_alone():
    sure = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400,
            "certainty": "sure"}  # fmt: skip
    likely = {"seat": 1, "kind": "pout", "side": None, "start_ms": 3000, "end_ms": 3600,
              "certainty": "likely"}  # fmt: skip
    clip = Clip("s", _truth("s.mp4", "tuning", True, [sure, likely]), Path("s.mp4"))
    on_the_likely_one = Run([_gesture("pout", None, 3100, 3600)], 9000)
    tally = Tally()
    tally.add(clip, on_the_likely_one, score_clip(clip, on_the_likely_one))

    assert tally.score.recall() == 0.5 and tally.score.precision() == 1.0
    # alone, the sure wink is missed and the pout counts neither way
    assert tally.sure_line() == "labelled sure alone: recall 0.000 (0 of 1), precision nan"
    assert sure_only(clip.truth)["ignore"] == [
        {"seat": 1, "kind": "pout", "start_ms": 3000, "end_ms": 3600}
    ]


def test_a_gesture_read_on_the_wrong_side_is_found_when_sides_are_not_scored():
    tongue = {"seat": 1, "kind": "tongue_out", "side": "center", "start_ms": 1000, "end_ms": 3000}
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 5000, "end_ms": 5300}
    clip = Clip("s", _truth("s.mp4", "tuning", True, [tongue, wink]), Path("s.mp4"))
    read_left = Run([_gesture("tongue_out", "left", 1100, 2900)], 9000)
    tally = Tally()
    tally.add(clip, read_left, score_clip(clip, read_left))

    assert tally.score.recall() == 0.0 and tally.score.precision() == 0.0
    assert tally.kinds_line() == (
        "sides not scored (the standard profile reads none): recall 0.500 (1 of 2), precision 1.000"
    )


def test_a_mirrored_clip_is_read_flipped_with_its_sides_swapped(sample_videos: Path):
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400}
    pout = {"seat": 1, "kind": "pout", "side": None, "start_ms": 2000, "end_ms": 2600}
    tongue = {"seat": 1, "kind": "tongue_out", "side": "center", "start_ms": 3000, "end_ms": 3600}
    clip = Clip("s", _truth("single.mp4", "tuning", True, [wink, pout, tongue]),
                sample_videos / "single.mp4")  # fmt: skip

    mirrored = mirror_clip(clip)

    assert [g["side"] for g in mirrored.truth["gestures"]] == ["right", None, "center"]
    assert [g["side"] for g in clip.truth["gestures"]] == ["left", None, "center"]
    _, _, image = next(iter(lead_in_frames(clip.video, 0, mirrored.prepare)))
    _, _, original = next(iter(lead_in_frames(clip.video, 0, clip.prepare)))
    assert np.array_equal(image, original[:, ::-1]) and not np.array_equal(image, original)
    (tuning,) = split_parts([mirrored], "tuning")
    assert tuning.mirrored


def test_a_relit_clip_is_read_darker_and_warmer_in_its_own_cache(sample_videos: Path):
    clip = Clip("s", _truth("single.mp4", "tuning", False, []), sample_videos / "single.mp4")
    tan = replace(clip, light="tan")
    _, _, original = next(iter(clip.frames(0)))
    _, _, relit = next(iter(tan.frames(0)))
    blue, green, red = (relit.astype(float) / np.maximum(original, 1)).reshape(-1, 3).T
    lit = original.reshape(-1, 3).min(axis=1) > 60  # well-lit pixels, away from rounding
    assert np.median(blue[lit]) < np.median(green[lit]) < np.median(red[lit]) < 0.9
    assert _cache_stem(tan, 3000) == "s.lead3000.tan"
    assert _cache_stem(replace(tan, max_fps=15.0), 3000) == "s.lead3000.fps15.tan"


def test_a_clip_read_through_a_jpeg_coder_loses_detail_in_its_own_cache(sample_videos: Path):
    clip = Clip("s", _truth("single.mp4", "tuning", False, []), sample_videos / "single.mp4")
    coded = replace(clip, jpeg_quality=30)
    _, _, original = next(iter(clip.frames(0)))
    _, _, seen = next(iter(coded.frames(0)))
    assert seen.shape == original.shape
    difference = np.abs(seen.astype(int) - original.astype(int))
    assert 0.5 < difference.mean() < 10  # blocky and smeared, still the same picture
    assert _cache_stem(coded, 3000) == "s.lead3000.jpeg30"


def test_a_clip_played_faster_runs_its_frames_and_labels_on_a_faster_clock(sample_videos: Path):
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1500, "end_ms": 1800}
    blink = {"seat": 1, "kind": "blink", "start_ms": 3000, "end_ms": 3150}
    truth = {**_truth("single.mp4", "tuning", True, [wink]), "distractors": [blink]}
    clip = replace(Clip("s", truth, sample_videos / "single.mp4"), window=(600, 3000))

    faster = retime_clip(clip, 1.5)

    assert [(g["start_ms"], g["end_ms"]) for g in faster.truth["gestures"]] == [(1000, 1200)]
    assert [(d["start_ms"], d["end_ms"]) for d in faster.truth["distractors"]] == [(2000, 2100)]
    assert faster.window == (400, 2000) and faster.truth["fps"] == 45.0
    assert clip.truth["gestures"] == [wink]  # the clip itself is left as it was
    assert faster.offset_ms(500) == round(round(500 * 45 / 1000) * 1000 / 45)
    every, quick = list(clip.frames(500)), list(faster.frames(500))
    assert len(quick) == len(every) + 7  # the lead-in keeps its 500 ms: 22 frames held, not 15
    lasted, quick_lasted = every[-1][1] - clip.offset_ms(500), quick[-1][1] - faster.offset_ms(500)
    assert quick_lasted == pytest.approx(lasted / 1.5, abs=1)
    assert _cache_stem(faster, 3000) == "s.lead3000.tempo1.5"
    slower = retime_clip(faster, 2 / 3)
    assert slower.tempo == pytest.approx(1.0)
    assert slower.truth["gestures"] == [wink]


def test_a_clip_opened_on_its_first_gesture_starts_there(sample_videos: Path):
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1500, "end_ms": 1800}
    pout = {"seat": 1, "kind": "pout", "side": None, "start_ms": 2500, "end_ms": 3000}
    earlier = {"seat": 1, "kind": "blink", "start_ms": 500, "end_ms": 600}
    unsure = {"seat": 1, "kind": "pout", "start_ms": 1400, "end_ms": 1700, "note": "an oo?"}
    truth = {**_truth("single.mp4", "tuning", True, [pout, wink]), "distractors": [earlier],
             "ignore": [unsure]}  # fmt: skip
    clip = Clip("s", truth, sample_videos / "single.mp4")

    opened = open_inside(clip)

    assert opened.opened_ms == 1500
    assert [(g["kind"], g["start_ms"]) for g in opened.truth["gestures"]] == [("pout", 1000)]
    assert opened.truth["ignore"] == [
        {"seat": 1, "kind": "wink", "start_ms": 0, "end_ms": 300},  # shown while calibrating
        {"seat": 1, "kind": "pout", "start_ms": 0, "end_ms": 200, "note": "an oo?"},
    ]
    assert opened.truth["distractors"] == [] and opened.truth["frames"] == 300 - 45
    _, _, first = next(iter(opened.frames(0)))
    frames = [image for _, _, image in clip.frames(0)]
    assert np.array_equal(first, frames[45])  # the clip's frame at 1.5 s, 45 in at 30 a second
    assert len(list(opened.frames(0))) == len(frames) - 45
    assert _cache_stem(opened, 3000) == "s.lead3000.from1500"
    quiet = Clip("q", _truth("single.mp4", "tuning", False, []), sample_videos / "single.mp4")
    assert open_inside(quiet) == quiet  # nobody signals: nothing to open on
