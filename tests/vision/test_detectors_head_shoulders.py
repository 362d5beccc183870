"""Head tilts against glances, shrugs against breathing and reaching (synthetic traces)."""

import math

import pytest

from tests.vision.feature_traces import Trace, labels, run


def lift(left: float, right: float) -> dict[str, float]:
    """Shoulders raised by ``left``/``right`` shoulder widths, towards the head and in the frame."""
    return {"gap_left": left, "gap_right": right, "height_left": left, "height_right": right}


@pytest.mark.parametrize("roll, side", [(15.0, "left"), (-15.0, "right")])
def test_a_held_head_tilt_with_its_side(roll, side):
    gestures, _, _ = run(Trace(5000).add(3000, 4200, ramp_ms=150, head_roll_deg=roll))
    assert labels(gestures) == [f"head_tilt {side}"]


def test_a_talkers_head_swaying_for_under_a_second_is_not_a_tilt():
    # Real talkers (not signalling) swayed their heads 14 degrees for 0.70-0.75 s.
    assert run(Trace(5000).add(3000, 3750, ramp_ms=150, head_roll_deg=14.0))[0] == []


def test_a_glance_is_not_a_tilt():
    brief = Trace(5000).add(3000, 3250, ramp_ms=80, head_roll_deg=14.0)
    assert run(brief)[0] == []
    turned = Trace(5000).add(3000, 4000, ramp_ms=150, head_roll_deg=10.0, head_yaw_deg=35.0)
    assert run(turned)[0] == []


def test_a_shrug_of_both_shoulders():
    trace = Trace(5000).add(3000, 3700, ramp_ms=120, **lift(-0.15, -0.14))
    assert labels(run(trace)[0]) == ["shrug both"]


@pytest.mark.parametrize("side, other", [("left", "right"), ("right", "left")])
def test_a_one_shoulder_shrug(side, other):
    change = lift(-0.15, -0.01) if side == "left" else lift(-0.01, -0.15)
    assert labels(run(Trace(5000).add(3000, 3700, ramp_ms=120, **change))[0]) == [f"shrug {side}"]


def test_a_shrug_seen_on_every_third_frame_only():
    trace = Trace(5000, pose_every=3).add(3000, 3700, ramp_ms=120, **lift(-0.15, -0.15))
    assert labels(run(trace)[0]) == ["shrug both"]


def test_breathing_is_not_a_shrug():
    trace = Trace(12000)
    for i in range(3):  # a breath every 3 s lifts the shoulders a little
        start = 3000 + i * 3000
        trace.add(start, start + 2000, ramp_ms=900, **lift(-0.02, -0.02))
    assert run(trace)[0] == []


def test_reaching_across_the_table_is_not_a_shrug():
    sideways = Trace(5000).add(3000, 3800, ramp_ms=150, lean=0.3, **lift(-0.05, -0.14))
    assert run(sideways)[0] == []
    forward = Trace(5000).add(3000, 3800, ramp_ms=150, head_scale=0.35 * 0.25,
                              **lift(-0.14, -0.14))  # fmt: skip
    assert run(forward)[0] == []


def test_no_pose_at_all_means_no_shrug_and_no_error():
    trace = Trace(5000, pose_every=0).add(3000, 3700, **lift(-0.15, -0.15))
    assert run(trace)[0] == []
    assert not math.isnan(run(trace)[2].scores()["shrug"])


def test_a_head_thrown_back_laughing_is_not_a_tilt():
    laugh = {"head_roll_deg": 15.0, "mouthSmileLeft": 0.6, "mouthSmileRight": 0.6}
    assert run(Trace(5000).add(3000, 4000, ramp_ms=150, **laugh))[0] == []


def test_a_nod_that_brings_the_head_to_the_shoulders_is_not_a_shrug():
    nod = {"gap_left": -0.15, "gap_right": -0.15, "head_pitch_deg": 15.0}  # shoulders stay put
    assert run(Trace(5000).add(3000, 3800, ramp_ms=150, **nod))[0] == []


def test_a_tilt_that_brings_an_ear_down_to_a_shoulder_is_not_a_shrug():
    # The pose reads the ear-side shoulder as raised towards the head and in the frame.
    tilt = {"head_roll_deg": 15.0, **lift(-0.15, 0.0)}
    assert labels(run(Trace(5000).add(3000, 4200, ramp_ms=150, **tilt))[0]) == ["head_tilt left"]


def test_a_pose_that_jumps_about_gives_no_shrug():
    trace = Trace(6000, pose_every=6)  # five poses a second, as the pipeline runs them
    for start in range(100, 6000, 400):  # a small far figure: the shoulders jump pose to pose
        trace.add(start, start + 200, ramp_ms=1, height_left=0.08, height_right=0.08)
    trace.add(4000, 4800, ramp_ms=120, **lift(-0.15, -0.14))
    assert run(trace)[0] == []
    steady = Trace(6000, pose_every=6).add(4000, 4800, ramp_ms=120, **lift(-0.15, -0.14))
    assert labels(run(steady)[0]) == ["shrug both"]
