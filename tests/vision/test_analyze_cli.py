"""``keinu analyze``: its outputs and its messages for user mistakes (MediaPipe replaced by a
fake landmarker; the real one runs in test_vision_video.py)."""

from __future__ import annotations

import dataclasses
import json
import os

import cv2
import numpy as np
import pytest

from api.cli import main
from api.commands import analyze as analyze_command
from tests.vision.fakes import FakeDetector, FakeLandmarker, fake_features, judging_any_face
from vision.capture.sources import open_source
from vision.output.export import read_gestures


def write_clip(path, frames=20, fps=25.0, size=(160, 120)):
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for i in range(frames):
        writer.write(np.full((size[1], size[0], 3), 40 + i, np.uint8))
    writer.release()
    return path


def winking(frame):
    shapes = {"wink": 1.0 if 400 <= frame.ts_ms < 600 else 0.0}
    return [(1, (50, 30, 50, 50), shapes)]


def analyze_faked(source, out, script, **options):
    """``keinu analyze``'s run with the landmarker's faces taken from ``script``."""
    return analyze_command.analyze(
        source,
        out,
        landmarker_factory=lambda source_id: FakeLandmarker(script),
        features=fake_features,
        detector_factory=FakeDetector,
        detector_settings=judging_any_face(),
        **options,
    )


def test_analyze_writes_gestures_captions_video_and_summary(tmp_path):
    source = open_source(write_clip(tmp_path / "clip.mp4"))
    out = tmp_path / "out"
    out.mkdir()
    summary = analyze_faked(source, out, winking, progress=False)
    gestures = read_gestures(out / "gestures.jsonl")
    assert [(g.seat, g.kind, g.side, g.start_ms, g.end_ms) for g in gestures] == [
        (1, "wink", "left", 400, 600)
    ]
    vtt = (out / "gestures.vtt").read_text()
    assert vtt.startswith("WEBVTT\n") and "00:00:00.400 --> 00:00:00.900\nseat 1: wink left" in vtt
    data = json.loads((out / "summary.json").read_text())
    assert data["frames"] == 20 and data["duration_ms"] == 800
    assert data["faces_seen"] == 1 and list(data["seats"]) == ["1"]
    assert data["gestures_per_seat"] == {"1": {"wink": 1}}
    assert data["processing_fps"] > 0 and summary.frames == 20
    video = cv2.VideoCapture(str(out / "annotated.mp4"))
    assert int(video.get(cv2.CAP_PROP_FRAME_COUNT)) == 20
    ok, image = video.read()
    assert ok and image.shape == (120, 160, 3)


@pytest.fixture
def fake_mediapipe(monkeypatch):
    def use(script):
        factory = lambda: lambda source_id: FakeLandmarker(script)  # noqa: E731
        monkeypatch.setattr(analyze_command, "_landmarker_factory", factory)

    return use


def test_a_native_line_logged_between_model_calls_stays_off_the_terminal(tmp_path, capfd):
    """MediaPipe's graph threads may log after a call returned: the run holds one capture."""

    def logging_late(frame):
        os.write(2, b"W0000 00:00:1796463406.363659   15306 landmark_projection_calculator.cc:81] "
                    b"Using NORM_RECT without IMAGE_DIMENSIONS\n")  # fmt: skip
        return winking(frame)

    analyze_faked(open_source(write_clip(tmp_path / "clip.mp4", frames=5)), tmp_path, logging_late,
                  video=False)  # fmt: skip
    err = capfd.readouterr().err
    assert "landmark_projection_calculator" not in err
    assert "5/5" in err  # the progress bar is still drawn


def test_source_without_a_face_is_a_clear_message(tmp_path, capsys, fake_mediapipe):
    fake_mediapipe(lambda frame: [])
    clip = write_clip(tmp_path / "empty.mp4", frames=5)
    status = main(["analyze", str(clip), "--out", str(tmp_path / "out"), "--no-video"])
    err = capsys.readouterr().err
    assert status == 2
    assert "no face found in" in err and "Traceback" not in err
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["faces_seen"] == 0


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: (p / "bad.mp4").write_bytes(b"\x00garbage" * 100) and p / "bad.mp4", "corrupt"),
        (lambda p: (p / "empty").mkdir() or p / "empty", "no images in"),
        (lambda p: p / "missing.mp4", "no such file"),
    ],
)
def test_unreadable_sources_are_clear_messages(tmp_path, capsys, fake_mediapipe, make, message):
    fake_mediapipe(lambda frame: [])
    status = main(["analyze", str(make(tmp_path)), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err


def test_a_corrupt_video_is_one_line_without_ffmpegs_own(tmp_path, capfd, fake_mediapipe):
    fake_mediapipe(lambda frame: [])
    (tmp_path / "bad.mp4").write_bytes(b"not a video\n")
    assert main(["analyze", str(tmp_path / "bad.mp4"), "--out", str(tmp_path / "out")]) == 2
    err = capfd.readouterr().err
    assert err.startswith("keinu analyze: cannot open ") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--fps", "0"], "--fps must be above 0"),
        (["--fps", "nan"], "--fps must be above 0"),
        (["--fps", "-2"], "--fps must be above 0"),
        (["--max-frames", "0"], "--max-frames must be 1 or more"),
    ],
)
def test_bad_rates_and_frame_counts_are_clear_messages(
    tmp_path, capsys, fake_mediapipe, option, message
):
    fake_mediapipe(lambda frame: [])
    clip = write_clip(tmp_path / "clip.mp4", frames=2)
    assert main(["analyze", str(clip), "--out", str(tmp_path / "out"), *option]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_bad_seat_map_and_profile_are_clear_messages(tmp_path, capsys, fake_mediapipe):
    fake_mediapipe(lambda frame: [])
    clip = write_clip(tmp_path / "clip.mp4", frames=2)
    assert main(["analyze", str(clip), "--seats", "7,8"]) == 2
    assert "--seats: seat must be 1..6" in capsys.readouterr().err
    assert main(["analyze", str(clip), "--player", str(tmp_path / "nobody.json")]) == 2
    assert "--player" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p, "is a folder, not detector settings"),
        (lambda p: (p / "bin.toml").write_bytes(b"\xff\xfe") and p / "bin.toml", "not UTF-8"),
    ],
)
def test_a_settings_file_that_cannot_be_read_is_one_line(
    tmp_path, capsys, fake_mediapipe, make, message
):
    fake_mediapipe(lambda frame: [])
    clip = write_clip(tmp_path / "clip.mp4", frames=2)
    status = main(
        ["analyze", str(clip), "--out", str(tmp_path / "o"), "--settings", str(make(tmp_path))]
    )
    err = capsys.readouterr().err
    assert status == 2 and "--settings: " in err and message in err and err.count("\n") == 1, err


def test_faces_off_every_configured_seat_are_a_clear_message(tmp_path, capsys, fake_mediapipe):
    fake_mediapipe(winking)
    clip = write_clip(tmp_path / "clip.mp4", frames=12)
    status = main(["analyze", str(clip), "--seats", "1=0,0,20,20", "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert status == 2 and "none on the seats given by --seats" in err


def test_a_seat_whose_shoulders_were_out_of_the_picture_is_said_so(tmp_path):
    from api.commands.analyze import seat_notes
    from engine.senas import load_profile

    def collar_framed(frame):  # the shoulders leave the picture from 0.4 s
        return [(1, (50, 30, 50, 50), {"shoulders": 0.0 if frame.ts_ms >= 400 else 1.0})]

    source = open_source(write_clip(tmp_path / "clip.mp4"))
    analyze_faked(source, tmp_path, collar_framed, progress=False, video=False)
    summary = json.loads((tmp_path / "summary.json").read_text())
    (span,) = summary["shoulders_unseen"]["1"]
    assert (span["start_ms"], span["end_ms"]) == (400, 760)
    assert span["reason"] == "shoulders out of the picture"
    assert seat_notes(summary, load_profile("extended")) == [
        "seat 1: shoulders out of the picture for 0.4 s: no shrug could be seen then"
    ]
    assert seat_notes(summary, load_profile("standard")) == []  # no shrug seña: nothing to say


def test_a_seat_whose_eyes_rest_too_narrowed_for_its_eye_senas_is_said_so(tmp_path):
    from api.commands.analyze import seat_notes
    from engine.senas import load_profile

    def narrowed(frame):  # the detector names the eye kinds from 0.4 s
        return [(1, (50, 30, 50, 50), {"narrow": 1.0 if frame.ts_ms >= 400 else 0.0})]

    source = open_source(write_clip(tmp_path / "clip.mp4"))
    analyze_faked(source, tmp_path, narrowed, progress=False, video=False)
    summary = json.loads((tmp_path / "summary.json").read_text())
    (span,) = summary["eyes_unreadable"]["1"]
    assert (span["start_ms"], span["end_ms"], span["reason"]) == (400, 760, "wink, eyes_closed")
    (note,) = seat_notes(summary, load_profile("standard"))
    assert note.startswith("seat 1: eyes resting narrowed for 0.4 s: wink or eyes_closed may not")
    assert "keinu calibrate --player NAME --enrol" in note
    standard = load_profile("standard")
    winks = [e for e in standard.entries if all(p.kind == "wink" for p in e.gestures)]
    only_winks = dataclasses.replace(standard, entries=tuple(winks))
    (note,) = seat_notes(summary, only_winks)
    assert ": wink may not be read" in note  # no closure seña there: not named
    no_eyes = [e for e in standard.entries if all("eye" not in p.kind and p.kind != "wink"
                                                 for p in e.gestures)]  # fmt: skip
    assert seat_notes(summary, dataclasses.replace(standard, entries=tuple(no_eyes))) == []


@pytest.mark.parametrize("fps, said", [(10.0, True), (25.0, False)])
def test_a_recording_with_too_few_frames_a_second_is_said_so(
    tmp_path, capsys, fake_mediapipe, fps, said
):
    fake_mediapipe(winking)
    clip = write_clip(tmp_path / "clip.mp4", frames=30, fps=fps)
    assert main(["analyze", str(clip), "--out", str(tmp_path / "o"), "--no-video"]) == 0
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert summary["read_fps"] == pytest.approx(fps, rel=0.01)
    assert summary["slow"] is said
    line = "the recording gives 10 frames a second: a brief seña (a quarter-second wink) may be"
    out = capsys.readouterr().out
    assert (line in out) is said
    assert summary["faces_seen"] == 1
    assert ": 1 face, seats 1, " in out  # not "1 faces"


def test_a_seat_not_judged_for_several_reasons_gives_each_its_time():
    from api.commands.analyze import seat_notes
    from engine.senas import load_profile

    spans = [{"start_ms": 300, "end_ms": 10_600, "reason": "calibrated on a face never at rest"},
             {"start_ms": 17_100, "end_ms": 17_400, "reason": "face turned away"},
             {"start_ms": 20_000, "end_ms": 20_500, "reason": "face turned away"}]  # fmt: skip
    summary = {"unjudged": {"2": spans, "3": spans[1:]}, "shoulders_unseen": {}}
    assert seat_notes(summary, load_profile("standard")) == [
        "seat 2: not judged for 11.1 s (calibrated on a face never at rest 10.3 s, face turned "
        "away 0.8 s): no gesture is read there",
        "seat 3: not judged for 0.8 s (face turned away): no gesture is read there",
    ]


def test_a_rate_given_to_a_video_is_refused(tmp_path, capsys, fake_mediapipe):
    """A video's frames carry their own times: --fps 10 on a 25 fps clip would stretch them."""
    fake_mediapipe(winking)
    clip = write_clip(tmp_path / "clip.mp4", frames=5)
    assert main(["analyze", str(clip), "--fps", "10", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "--fps is the frame rate of a folder of images" in err and err.count("\n") == 1


def test_a_folder_given_a_rate_is_one_videos_frames(tmp_path):
    """Frames dumped from a video, read at their rate: one face across them, not a new face a
    photo (the landmarker is not reset between them, as it is between separate photos)."""
    for i in range(4):
        cv2.imwrite(str(tmp_path / f"frame{i}.png"), np.full((120, 160, 3), 60 + i, np.uint8))
    for fps, resets in ((None, 4), (25.0, 0)):
        made = FakeLandmarker(winking)
        out = tmp_path / f"out-{fps}"
        out.mkdir()
        source = open_source(tmp_path, fps=fps)
        assert source.stills is (fps is None)
        analyze_command.analyze(
            source, out, landmarker_factory=lambda source_id, made=made: made,
            features=fake_features, detector_factory=FakeDetector,
            detector_settings=judging_any_face(), video=False, progress=False,
        )  # fmt: skip
        assert len(made.resets) == resets


def faststart_clip(path, frames: int):
    """An MP4 whose index comes first (as web videos are written): cut short, it still opens
    and its header still counts every frame."""
    import av

    with av.open(str(path), "w", options={"movflags": "faststart"}) as container:
        stream = container.add_stream("mpeg4", rate=25)
        stream.width, stream.height, stream.pix_fmt = 160, 120, "yuv420p"
        rng = np.random.default_rng(1)
        for _ in range(frames):
            image = rng.integers(0, 255, (120, 160, 3), np.uint8)
            for packet in stream.encode(av.VideoFrame.from_ndarray(image, format="bgr24")):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return path


def test_a_video_cut_short_is_said_so(tmp_path, capsys, fake_mediapipe):
    fake_mediapipe(winking)
    whole = faststart_clip(tmp_path / "whole.mp4", 60).read_bytes()
    cut = tmp_path / "cut.mp4"
    cut.write_bytes(whole[: len(whole) // 2])
    assert main(["analyze", str(cut), "--no-video", "--out", str(tmp_path / "o")]) == 0
    out = capsys.readouterr().out
    frames = json.loads((tmp_path / "o" / "summary.json").read_text())["frames"]
    assert 0 < frames < 50
    assert f"ended at frame {frames} of the 60 its header counts" in out
    assert (
        main(["analyze", str(tmp_path / "whole.mp4"), "--no-video", "--out", str(tmp_path / "w")])
        == 0
    )
    assert "ended at frame" not in capsys.readouterr().out


def test_a_run_without_video_leaves_no_earlier_runs_video_behind(tmp_path, fake_mediapipe):
    """The ELAN document and the review page link annotated.mp4: an earlier run's would be
    taken for this one's."""
    fake_mediapipe(winking)
    clip = write_clip(tmp_path / "clip.mp4", frames=12)
    out = tmp_path / "out"
    assert main(["analyze", str(clip), "--out", str(out)]) == 0
    assert (out / "annotated.mp4").is_file()
    assert main(["analyze", str(clip), "--out", str(out), "--no-video", "--max-frames", "5"]) == 0
    assert not (out / "annotated.mp4").exists()
    assert "MEDIA_URL" not in (out / "gestures.eaf").read_text(encoding="utf-8")


def test_seat_boxes_missed_without_video_are_checked_against_the_video(
    tmp_path, capsys, fake_mediapipe
):
    fake_mediapipe(winking)
    clip = write_clip(tmp_path / "clip.mp4", frames=12)
    argv = ["analyze", str(clip), "--seats", "1=0,0,20,20", "--out", str(tmp_path / "o")]
    assert main([*argv, "--no-video"]) == 2
    err = capsys.readouterr().err
    assert "check the seat boxes against a frame of the video" in err
    assert "annotated.mp4" not in err
