"""benchmarks/mirror_consistency.py: a blendshape read on a frame against its twin read on the
mirror image, from real_footage's landmark caches (written here by hand)."""

import json
import pickle
from types import SimpleNamespace

import numpy as np
import pytest

from benchmarks.import_footage_labels import truth_name
from benchmarks.mirror_consistency import differences, main, twin
from benchmarks.real_footage import load_clips


def test_each_side_s_blendshape_has_its_twin_and_a_middle_one_is_its_own():
    assert twin("browOuterUpLeft") == "browOuterUpRight"
    assert twin("mouthRight") == "mouthLeft"
    assert twin("jawOpen") == "jawOpen"


def cache_of(cache, name, frames, reading="", seats=(1,)):
    seen = {
        seat: [(ts, (SimpleNamespace(blendshapes=shapes), None)) for ts, shapes in frames]
        for seat in seats
    }
    (cache / f"{name}.lead3000{reading}.obs.pkl").write_bytes(pickle.dumps(seen))


def test_a_side_read_higher_as_filmed_than_its_twin_mirrored_is_the_difference(tmp_path):
    footage, truths, cache = (tmp_path / d for d in ("footage", "truths", "cache"))
    (footage / "people").mkdir(parents=True)
    (footage / "people" / "talk.mp4").write_bytes(b"")
    truths.mkdir()
    cache.mkdir()
    truth = {"video": "people/talk.mp4", "split": "tuning", "signalling": False, "gestures": []}
    (truths / truth_name("people/talk.mp4")).write_text(json.dumps(truth))
    rest = {"browOuterUpLeft": 0.0, "browOuterUpRight": 0.0, "jawOpen": 0.1}
    raised = {"browOuterUpLeft": 0.56, "browOuterUpRight": 0.25, "jawOpen": 0.1}
    mirror_raised = {"browOuterUpLeft": 0.41, "browOuterUpRight": 0.43, "jawOpen": 0.1}
    cache_of(cache, "people--talk", [(0, rest), (33, rest), (66, raised)])
    cache_of(cache, "people--talk", [(0, rest), (33, rest), (66, mirror_raised)], ".mirrored")

    every, moving, used = differences(load_clips([footage], "all", truths), cache, 0.2)

    assert used == 1
    assert every["browOuterUpLeft"] == pytest.approx([0.0, 0.0, 0.56 - 0.43])
    assert every["browOuterUpRight"] == pytest.approx([0.0, 0.0, 0.41 - 0.25])
    assert moving["browOuterUpLeft"] == pytest.approx([0.13])  # only the raise moved
    assert moving["jawOpen"] == [] and np.max(every["jawOpen"]) == 0.0


def test_without_footage_it_says_so(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main([str(tmp_path / "missing")])
    assert "is not a folder" in capsys.readouterr().err
