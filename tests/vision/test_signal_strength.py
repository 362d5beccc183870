"""benchmarks/signal_strength.py: each labelled gesture's held signal level, real beside
generated."""

import pytest

from benchmarks.signal_strength import (
    QUANTILE,
    SIGNALS,
    Reading,
    levels,
    main,
    readings_of,
    recall_by_strength,
    table,
)
from engine.gesture import Gesture


def frames(values: dict[int, float], name: str, **others: float) -> dict[int, list]:
    return {1: [(ts, {name: v, **others}) for ts, v in sorted(values.items())]}


def test_a_gestures_level_is_its_signal_held_inside_its_interval_on_the_clip_clock():
    # A wink of the left eye from 1000 to 1400 ms on the clip, 3000 ms of lead-in before it.
    blink = {3900: 0.9, 4000: 0.1, 4100: 0.6, 4200: 0.7, 4300: 0.7, 4400: 0.8, 4500: 0.95}
    seen = frames(blink, "eyeBlinkLeft", eyeBlinkRight=0.0)
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400}
    found = levels([wink], seen, offset_ms=3000)
    assert QUANTILE == 80
    # 0.1 0.6 0.7 0.7 0.8 inside (the frames outside left out): 80th percentile 0.72
    assert found["wink"] == [pytest.approx(0.72)]
    right = {**wink, "side": "right"}
    assert levels([right], seen, offset_ms=3000)["wink"] == [0.0]


def test_kinds_without_a_signal_and_seats_never_seen_give_nothing():
    seen = frames({100: 0.5}, "mouthPucker")
    shrug = {"seat": 1, "kind": "shrug", "side": "both", "start_ms": 0, "end_ms": 200}
    elsewhere = {"seat": 2, "kind": "pout", "side": None, "start_ms": 0, "end_ms": 200}
    assert levels([shrug, elsewhere], seen, offset_ms=0) == {}
    assert "shrug" not in SIGNALS


def test_the_table_puts_generated_beside_real_with_their_ratio():
    real = {"pout": [1.0, 0.98], "eyes_closed": [0.7]}
    generated = {"tuning": {"pout": [0.1, 0.05, 0.07], "eyes_closed": [0.35]}}
    header, *rows = table(real, generated)
    assert "tuning" in header and "/real" in header
    by_kind = {row.split()[0]: row for row in rows}
    assert by_kind["pout"].rstrip().endswith("0.07")  # 0.07 / 0.99
    assert by_kind["eyes_closed"].rstrip().endswith("0.50")
    assert by_kind["lip_bite"].split()[-1] == "-"  # no real footage of it: no ratio


def test_each_labelled_gesture_is_read_and_found_or_missed_as_accuracy_scores_it():
    blink = {ts: 0.8 if 1000 <= ts <= 1400 or 3000 <= ts <= 3400 else 0.0
             for ts in range(0, 4000, 100)}  # fmt: skip
    seen = frames(blink, "eyeBlinkLeft", eyeBlinkRight=0.0)
    wink = {"seat": 1, "kind": "wink", "side": "left", "start_ms": 1000, "end_ms": 1400}
    later = {**wink, "start_ms": 3000, "end_ms": 3400}
    shrug = {"seat": 1, "kind": "shrug", "side": "both", "start_ms": 0, "end_ms": 500}
    truth = {"gestures": [wink, later, shrug]}
    reported = [Gesture(seat=1, kind="wink", side="left", start_ms=3050, end_ms=3350)]
    assert readings_of(truth, seen, reported) == [
        Reading("wink", pytest.approx(0.8), False),
        Reading("wink", pytest.approx(0.8), True),
    ]  # the shrug has no signal to read


def test_recall_is_split_at_the_weakest_real_gesture_of_each_kind():
    real = {"wink": [0.75, 0.7], "pout": [1.0]}
    generated = {
        "tuning": [Reading("wink", 0.8, True), Reading("wink", 0.7, False),
                   Reading("wink", 0.3, False), Reading("pout", 0.5, True),
                   Reading("lip_bite", 0.2, False)],
        "heldout": [Reading("wink", 0.2, True)],
    }  # fmt: skip
    title, header, *rows, total = recall_by_strength(real, generated)
    assert title.startswith("generated gestures found")
    assert "as real" in header and "weaker" in header
    by_kind = {row.split()[0]: row.split()[1:] for row in rows}
    assert set(by_kind) == {"wink", "pout"}  # no real lip bite to measure against
    assert by_kind["wink"] == ["0.70", "1", "of", "2", "0", "of", "1", "-", "1", "of", "1"]
    assert by_kind["pout"] == ["1.00", "-", "1", "of", "1", "-", "-"]
    assert total.split()[3:] == ["1", "of", "2", "1", "of", "2", "-", "1", "of", "1"]


def test_a_generated_folder_that_is_not_there_is_one_line_and_status_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([str(tmp_path), "--generated", str(tmp_path / "missing")])
    assert stopped.value.code == 2
    assert "missing: not a folder" in capsys.readouterr().err
