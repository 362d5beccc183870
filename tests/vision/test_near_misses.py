"""A gesture that reached its kind's ``on`` but was held too briefly or too long to count is kept
as a near miss (vision.detectors.state, vision.detectors.seat): the practice page says what a
player's seña lacked."""

from tests.vision.feature_traces import Trace, labels, run
from vision.config.detector_settings import default_detector_settings
from vision.detectors.state import EventTracker, NearMiss

SETTINGS = default_detector_settings()
WINK = SETTINGS.gestures.of("wink")  # on 0.6, off 0.35, min 200 ms, max 2500 ms


def _feed(tracker: EventTracker, spans: list[tuple[int, int, float]], until: int, side="left"):
    """Activation ``value`` from ``start`` to ``end`` ms (each span), 0 elsewhere, every 20 ms;
    the events that counted."""
    counted = []
    for ts in range(0, until, 20):
        value = next((v for a, b, v in spans if a <= ts < b), 0.0)
        event = tracker.update(ts, value, side, 1.0)
        if event is not None:
            counted.append(event)
    return counted


def test_a_flick_under_min_ms_is_a_near_miss_not_an_event():
    tracker = EventTracker(WINK, lost_grace_ms=300)
    assert _feed(tracker, [(1000, 1120, 0.9)], 2000) == []
    assert tracker.take_near_miss() == NearMiss(1000, 1100, "left", "too_brief", WINK.min_ms)
    assert tracker.take_near_miss() is None  # taken once


def test_a_wink_held_long_enough_counts_and_leaves_no_near_miss():
    tracker = EventTracker(WINK, lost_grace_ms=300)
    (event,) = _feed(tracker, [(1000, 1400, 0.9)], 2000)
    assert (event.start_ms, event.end_ms) == (1000, 1380)
    assert tracker.take_near_miss() is None


def test_a_pose_held_past_max_ms_is_a_near_miss_too():
    tracker = EventTracker(WINK, lost_grace_ms=300)
    assert _feed(tracker, [(0, 3000, 0.9)], 3500, side="right") == []
    missed = tracker.take_near_miss()
    assert missed is not None and missed.reason == "too_long"
    assert (missed.side, missed.limit_ms, missed.end_ms) == ("right", WINK.max_ms, 2980)


def test_an_activation_that_never_reached_on_is_no_near_miss():
    tracker = EventTracker(WINK, lost_grace_ms=300)
    assert _feed(tracker, [(1000, 1100, 0.5)], 2000) == []  # over off, under on
    assert tracker.take_near_miss() is None


def test_a_seat_keeps_a_too_quick_wink_as_a_near_miss_until_taken():
    quick = {"eye_open_right": -0.2, "eyeBlinkRight": 0.72}  # shut as a real eye, 0.15 s
    gestures, _, seat = run(Trace(5000).add(3000, 3150, **quick).add(4000, 4500, **quick))
    assert labels(gestures) == ["wink right"]  # the second, held half a second
    missed = [m for m in seat.take_near_misses() if m.kind == "wink"]
    assert [(m.seat, m.label, m.miss.reason, m.miss.limit_ms) for m in missed] == [
        (1, "wink right", "too_brief", 200)
    ]
    assert 0 < missed[0].to_dict()["lasted_ms"] < 200
    assert seat.take_near_misses() == []  # taken once
