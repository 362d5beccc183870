"""benchmarks/face_sizes.py: per-kind precision and recall of several face sizes, side by side."""

from __future__ import annotations

import json

from benchmarks.face_sizes import score_folder, side_by_side


def saved_run(folder, predicted, judged=None):
    folder.mkdir()
    truth = {
        "video": "a.mp4",
        "seats": {"1": {"bbox": [0, 0, 80, 96]}},
        "gestures": [
            {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400},
            {"seat": 1, "kind": "wink", "side": "right", "start_ms": 3000, "end_ms": 3400},
            {"seat": 1, "kind": "pout", "side": None, "start_ms": 5000, "end_ms": 5600},
        ],
    }
    (folder / "a.truth.json").write_text(json.dumps(truth))
    lines = [
        json.dumps({"seat": 1, "kind": k, "side": s, "start_ms": a, "end_ms": b})
        for k, s, a, b in predicted
    ]
    (folder / "a.predicted.jsonl").write_text("".join(line + "\n" for line in lines))
    if judged is not None:
        (folder / "a.judged.json").write_text(json.dumps(judged))
    return folder


def test_each_size_gets_its_own_columns(tmp_path):
    full = saved_run(
        tmp_path / "full",
        [("wink", "left", 1010, 1390), ("wink", "right", 3020, 3400), ("pout", None, 5000, 5500)],
        judged=[100, 100],
    )
    small = saved_run(
        tmp_path / "w60", [("wink", "left", 1010, 1390), ("pout", None, 8000, 8500)], [30, 120]
    )
    lines = side_by_side([score_folder(full, True), score_folder(small, True)])
    assert lines[0].split() == ["kind", "full", "P", "full", "R", "w60", "P", "w60", "R"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:3]}
    assert rows == {
        "wink": ["1.00", "1.00", "1.00", "0.50"],
        "pout": ["1.00", "1.00", "0.00", "0.00"],
    }
    assert lines[3].startswith("full: precision 1.000 recall 1.000") and "judged 1.00" in lines[3]
    assert lines[4].startswith("w60: precision 0.500 recall 0.333") and "judged 0.25" in lines[4]
