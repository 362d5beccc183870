"""benchmarks/card_play.py: eye señas replayed after minutes of looking down at the cards."""

from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks.card_play import card_play, enrolled_on_first, every_look_followed, main, replay
from benchmarks.enrolment_gain import narrowed
from benchmarks.real_footage import Clip
from tests.vision.feature_traces import Trace
from tests.vision.test_detectors_eyes import BOTH
from vision.config.detector_settings import load_detector_settings

LEAD_IN_MS = 3000  # the clip's own start on the rows' clock (a video that cannot be read: 30 fps)


def _clip_and_rows(eyes: bool = False) -> tuple[Clip, list]:
    """A face that shuts both eyes 4.0-5.5 s into its clip, after the 3 s lead-in (``eyes``: the
    frames carry each eye's appearance)."""
    closure = {"seat": 1, "kind": "eyes_closed", "side": None, "start_ms": 4000, "end_ms": 5500}
    truth = {"video": "v.mp4", "fps": 30.0, "frames": 270, "split": "tuning", "signalling": True,
             "gestures": [closure], "distractors": [], "ignore": []}  # fmt: skip
    trace = Trace(12000, eyes=eyes).add(LEAD_IN_MS + 4000, LEAD_IN_MS + 5500, **BOTH)
    rows = [(ts, 1, features) for ts, features in trace.frames()]
    return Clip("c", truth, Path("missing/v.mp4")), rows


def test_card_play_is_put_in_before_the_first_eye_sena():
    clip, rows = _clip_and_rows()
    played = card_play(rows, clip, minutes=0.5, share=0.5, level=0.55)
    assert abs(played.shift_ms - 30_000) <= 3_300  # whole rounds of the 3.2 s looped
    stamps = [ts for ts, _, _ in played.rows]
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
    cut = LEAD_IN_MS + 4000 - 300
    assert played.from_ms == cut
    during = [f for ts, _, f in played.rows if cut <= ts < cut + played.shift_ms]
    looking_down = [f.blendshapes["eyeBlinkLeft"] >= 0.52 for f in during]
    assert 0.4 < sum(looking_down) / len(during) < 0.6
    lowered = [f.eye_open_left < 0.1 for f in during]  # the lids drop with the look (0.30 open)
    assert lowered == looking_down
    after = [(ts, f) for ts, _, f in played.rows if ts >= cut + played.shift_ms]
    assert all(f.ts_ms == ts for ts, f in after)
    assert len(after) == len([ts for ts, _, _ in rows if ts >= cut])


def test_the_closure_is_found_after_card_play_only_where_the_eyes_rest_waits():
    clip, rows = _clip_and_rows()
    played = card_play(rows, clip, minutes=1.0, share=0.7, level=0.55)
    shipped = load_detector_settings()
    waits = replay(clip, played, shipped)
    assert (waits.found, waits.labelled, waits.false) == (1, 1, 0) and waits.rest < 0.1
    followed = replay(clip, played, every_look_followed(shipped))
    assert (followed.found, followed.labelled) == (0, 1) and followed.rest > 0.2


def test_looks_down_deeper_than_any_real_one_are_counted_as_false_closures():
    """The card play's looks down lower the lids and hide the iris as real ones do, so once their
    eyeBlink rises as far as a shut eye's, they are read as closures, and counted false."""
    clip, rows = _clip_and_rows()
    deep = card_play(rows, clip, minutes=0.5, share=0.5, level=0.85)
    assert replay(clip, deep, load_detector_settings()).false >= 1
    looking = card_play(rows, clip, minutes=0.5, share=0.5, level=0.55)
    assert replay(clip, looking, load_detector_settings()).false == 0


def test_looks_down_that_keep_one_iris_in_view_are_no_closures():
    """As a real glance at a phone in the hands: eyeBlink as high as a shut eye's, one iris kept."""
    clip, rows = _clip_and_rows(eyes=True)
    kept = card_play(rows, clip, minutes=0.5, share=0.5, level=0.85, iris_kept=0.95)
    (looking,) = [f for ts, _, f in kept.rows if ts > kept.from_ms and f.eye_open_left < 0.1][:1]
    resting = rows[0][2].eyes
    assert looking.eyes["left"].darkness == pytest.approx(0.95 * resting["left"].darkness, 0.1)
    assert looking.eyes["right"].darkness == pytest.approx(0.6 * resting["right"].darkness, 0.1)
    assert replay(clip, kept, load_detector_settings()).false == 0
    hidden = card_play(rows, clip, minutes=0.5, share=0.5, level=0.85)
    assert replay(clip, hidden, load_detector_settings()).false >= 1


def _narrowed_two_closures(level: float):
    """Two closures 4.0-5.5 s and 7.0-8.5 s into the clip after card play with looks down at
    ``level``, all read as from eyes resting 0.2 higher: the clip, what was played, the settings."""
    clip, _ = _clip_and_rows()
    second = {**clip.truth["gestures"][0], "start_ms": 7000, "end_ms": 8500}
    clip = Clip("c", {**clip.truth, "gestures": [*clip.truth["gestures"], second]}, clip.video)
    trace = Trace(15000).add(LEAD_IN_MS + 4000, LEAD_IN_MS + 5500, **BOTH)
    trace.add(LEAD_IN_MS + 7000, LEAD_IN_MS + 8500, **BOTH)
    rows = [(ts, 1, features) for ts, features in trace.frames()]
    settings = load_detector_settings()
    played = card_play(rows, clip, minutes=0.5, share=0.5, level=level)
    return clip, replace(played, rows=narrowed(played.rows, 0.2, settings)), settings


def test_a_player_whose_eyes_rest_narrowed_is_read_once_enrolled():
    """As shipped neither closure rises far enough; enrolled on the first, the second is found."""
    clip, played, settings = _narrowed_two_closures(level=0.55)
    assert replay(clip, played, settings).found == 0
    own, shown = enrolled_on_first(clip, played, settings)
    assert shown == [clip.truth["gestures"][0]]
    assert own.gestures.eyes_closed.shut_blink[1] < 0.6
    enrolled = replay(clip, played, own, shown)
    assert (enrolled.found, enrolled.labelled, enrolled.false) == (1, 1, 0)


def test_an_enrolment_that_saw_no_look_down_reads_deep_looks_as_closures():
    clip, played, settings = _narrowed_two_closures(level=0.68)  # looks nearly a closure's depth
    looked = replay(clip, played, *enrolled_on_first(clip, played, settings))
    assert looked.false == 0  # the level stays above the looks it saw
    blind = replay(clip, played, *enrolled_on_first(clip, played, settings, looking=False))
    assert blind.false >= 1


def test_a_folder_that_is_not_there_is_one_line_and_status_2(tmp_path):
    with pytest.raises(SystemExit) as stopped:
        main([str(tmp_path / "missing")])
    assert stopped.value.code == 2
