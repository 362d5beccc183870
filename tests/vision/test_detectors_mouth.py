"""Lip bite, mouth roll, pout, tongue and mouth twist on synthetic feature traces."""

import pytest

from tests.vision.feature_traces import NEUTRAL, Trace, labels, run, with_kind
from vision.config.detector_settings import load_detector_settings

BITE = {"mouthRollLower": 0.5, "lower_lip_left": -0.07, "lower_lip_center": -0.08,
        "lower_lip_right": -0.07}  # fmt: skip
POUT = {"mouthPucker": 0.55, "mouth_width": -0.14, "lower_lip_center": 0.02}


def test_a_lip_bite_in_the_middle():
    assert labels(run(Trace(5000).add(3000, 3700, **BITE))[0]) == ["lip_bite center"]


@pytest.mark.parametrize("side, other", [("left", "right"), ("right", "left")])
def test_a_lip_bite_on_one_side(side, other):
    change = {"mouthRollLower": 0.3, f"lower_lip_{side}": -0.08, f"lower_lip_{other}": -0.01}
    assert labels(run(Trace(5000).add(3000, 3700, **change))[0]) == [f"lip_bite {side}"]


@pytest.mark.parametrize(
    "alone",
    [
        # FG-net franck pressing his lips: the lower lip rolled in, no thinner than at rest
        {"mouthRollLower": 0.33, "mouthRollUpper": 0.05},
        # a listener at the table clip: the lower lip 0.067 face sizes thinner, not rolled in
        {"lower_lip_left": -0.067, "lower_lip_center": -0.06, "lower_lip_right": -0.05},
    ],
)  # fmt: skip
def test_a_lower_lip_rolled_in_or_thinner_alone_is_no_lip_bite(alone):
    assert run(Trace(5000).add(3000, 3800, **alone))[0] == []


def test_a_mouth_roll_is_not_a_lip_bite():
    roll = {**BITE, "mouthRollUpper": 0.5}
    assert run(Trace(5000).add(3000, 3700, **roll))[0] == []


@pytest.mark.parametrize("upper, found", [(0.05, ["lip_bite center"]), (0.13, [])])
def test_a_pressed_mouth_rolling_the_upper_lip_a_third_as_far_is_not_a_lip_bite(upper, found):
    # A real talker pressing his lips: lower 0.36, upper 0.13 over rest (under the absolute
    # veto, over the share).
    pressed = {**BITE, "mouthRollLower": 0.36, "mouthRollUpper": upper}
    assert labels(run(Trace(5000).add(3000, 3700, **pressed))[0]) == found


def test_a_pressed_mouth_stays_no_lip_bite_while_its_upper_lip_flickers_under_the_veto():
    # FG-net franck at 60 px pressing his lips: mouthRollUpper dips from 0.26 to 0.09 and back
    # within half a second while the lower lip stays rolled in.
    pressed = {**BITE, "mouthRollLower": 0.4}
    trace = Trace(7000).add(3000, 5200, **pressed)
    for start in range(3000, 5200, 550):
        trace.set(start, start + 100, mouthRollUpper=0.27)
        trace.set(start + 100, start + 550, mouthRollUpper=0.06)
    assert run(trace)[0] == []
    steady = Trace(7000).add(3000, 5200, **pressed).set(3000, 5200, mouthRollUpper=0.06)
    assert labels(run(steady)[0]) == ["lip_bite center"]


def test_a_pout_is_a_pout_and_not_a_lip_bite():
    assert labels(run(Trace(5000).add(3000, 3700, **POUT))[0]) == ["pout"]


def test_a_resting_pout_is_not_a_pout():
    trace = Trace(7000, rest={"mouthPucker": 0.4, "mouth_width": -0.1})
    assert run(trace)[0] == []
    assert labels(run(trace.add(4000, 4800, **POUT))[0]) == ["pout"]


@pytest.mark.parametrize("offset, side", [(0.0, "center"), (0.3, "left"), (-0.3, "right")])
def test_tongue_out_with_its_side(offset, side):
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "tongue_side": offset, "jawOpen": 0.2}
    assert labels(run(Trace(5000).add(3000, 3800, **tongue))[0]) == [f"tongue_out {side}"]


@pytest.mark.parametrize("left, right, side", [(0.04, 0.001, "left"), (0.002, 0.04, "right"),
                                               (0.025, 0.035, "center")])  # fmt: skip
def test_the_tongue_side_is_the_half_below_the_lip_it_lies_on(left, right, side):
    # The centroids say nothing a side could be read from (lips as red as the tongue dilute the
    # tongue-coloured one, a turned face's opening biases the filled one): the halves decide.
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2, "tongue_side": 0.05,
              "filled_opening": 0.06, "filled_side": 0.06, "tongue_left": left,
              "tongue_right": right}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **tongue))[0]) == [f"tongue_out {side}"]


@pytest.mark.parametrize(
    "left, right, side",
    [(0.03, 0.001, "left"), (0.001, 0.03, "right"), (0.007, 0.0, "left")],  # the last: a small one
)
def test_where_nothing_below_the_lip_is_redder_than_the_cheeks_its_colour_tells_the_side(
    left, right, side
):
    # Cheeks as red as the tongue: the redness test finds nothing below the lip, and the
    # centroids point to the player's right; the area unlike the skin there decides.
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2, "tongue_side": -0.1,
              "filled_opening": 0.06, "filled_side": -0.1, "tongue_left": 0.001,
              "tongue_right": 0.001, "off_skin_left": left, "off_skin_right": right}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **tongue))[0]) == [f"tongue_out {side}"]


def test_tongue_colour_below_the_lip_outweighs_a_colour_unlike_the_skin():
    # A chin yellower than the cheeks uncovered as the mouth opens: the tongue-red area decides.
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2, "tongue_left": 0.03,
              "tongue_right": 0.002, "off_skin_left": 0.02, "off_skin_right": 0.09}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **tongue))[0]) == ["tongue_out left"]


def test_tongue_colour_below_the_lip_at_rest_does_not_pull_the_side():
    # A red lower lip reaching below its contour on the left at rest: what the tongue adds counts.
    trace = Trace(5000, rest={"tongue_left": 0.03})
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2, "tongue_left": 0.02,
              "tongue_right": 0.03}  # fmt: skip
    assert labels(run(trace.add(3000, 3800, **tongue))[0]) == ["tongue_out center"]


@pytest.mark.parametrize(
    "off, found", [(0.35, ["tongue_out center"] * 2), (None, ["tongue_out center"])]
)
def test_a_tongue_drawn_in_a_little_while_still_out_stays_one_gesture(off, found):
    # The real tongue recording shrunk to 100 px: the tip drawn in a little read 0.11-0.12 of
    # the zone tongue-coloured (0.19 before) for 150-200 ms, an activation of about 0.2.
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2}
    trace = Trace(7000).add(3000, 5000, **tongue).add(3900, 4100, ramp_ms=20, tongue=-0.22)
    settings = None if off is None else with_kind("tongue_out", off=off)
    assert labels(run(trace, settings)[0]) == found


def test_a_tongue_dimmed_for_a_moment_stays_one_gesture():
    # The real tongue recording: one picture (80-170 ms) of the tongue less red split a held one.
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2}
    trace = Trace(7000).add(3000, 5000, **tongue).add(4000, 4100, ramp_ms=1, tongue=-0.3)
    [gesture] = run(trace)[0]
    assert gesture.end_ms >= 4900


def test_tongue_colour_without_parted_lips_is_not_a_tongue():
    assert run(Trace(5000).add(3000, 3800, tongue=0.35))[0] == []


@pytest.mark.parametrize(
    "below_lip, found",
    [
        (0.0, []),  # talk or a yawn: the tongue lies in the wide-open mouth, behind the lower lip
        (0.004, []),  # a real talker's dropped jaw: the most it showed below the lip was 0.0065
        (0.04, ["tongue_out center"]),  # a tongue stuck out over the chin from a wide mouth
    ],
)
def test_a_wide_open_jaw_cancels_a_tongue_unless_it_reaches_out_over_the_lower_lip(
    below_lip, found
):
    wide = {"tongue": 0.3, "mouth_open": 0.25, "jawOpen": 0.58,
            "tongue_left": below_lip / 2, "tongue_right": below_lip / 2}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **wide))[0]) == found


def test_talking_is_not_a_tongue_out():
    trace = Trace(8000)
    for start in range(3000, 7000, 300):  # syllables: the jaw opens, a little tongue shows
        trace.add(start, start + 200, mouth_open=0.10, jawOpen=0.3, tongue=0.05)
    assert run(trace)[0] == []


@pytest.mark.parametrize("side, sign", [("left", 1), ("right", -1)])
def test_a_mouth_twist_with_its_side(side, sign):
    change = {f"mouth{side.capitalize()}": 0.45, "mouth_offset": sign * 0.12}
    assert labels(run(Trace(5000).add(3000, 3800, **change))[0]) == [f"mouth_twist {side}"]


def test_the_mouth_corner_a_wink_lifts_is_no_twist():
    # A real right wink shrunk to 60 px: the cheek it squeezes pulled the mouth's right corner
    # up for as long as the wink, read as a twist to that side.
    wink = {"eye_open_right": -0.2, "eyeBlinkRight": 0.72}
    pulled = {"mouthRight": 0.45, "mouth_offset": -0.12}
    trace = Trace(5000).add(3000, 3600, **wink).add(3000, 3600, **pulled)
    assert labels(run(trace)[0]) == ["wink right"]
    without = with_kind("mouth_twist", vetoed_by=("tongue_out", "pout"))
    assert sorted(labels(run(trace, without)[0])) == ["mouth_twist right", "wink right"]


@pytest.mark.parametrize("side, sign", [("left", 1), ("right", -1)])
def test_a_blendshape_wobbling_on_a_still_mouth_is_not_a_twist(side, sign):
    # A mirrored face of the tuning set rests mouthLeft at 0.1 and it rises by 0.085 for a second
    # while the mouth centre moves 0.005 face widths; every real twist moves it 0.055 or more.
    blend = f"mouth{side.capitalize()}"
    trace = Trace(5000, rest={blend: 0.1})
    assert run(trace.add(3000, 3800, **{blend: 0.085, "mouth_offset": sign * 0.005}))[0] == []


@pytest.mark.parametrize("side, sign", [("left", 1), ("right", -1)])
def test_a_twist_whose_blendshape_hardly_rises_is_found_by_its_shift(side, sign):
    # The real tuning twist: the mouth centre moved 0.056-0.081, mouthLeft rose only 0.03-0.10.
    change = {f"mouth{side.capitalize()}": 0.06, "mouth_offset": sign * 0.07}
    assert labels(run(Trace(5000).add(3000, 3800, **change))[0]) == [f"mouth_twist {side}"]


def test_the_shift_a_small_head_turn_makes_is_not_a_twist():
    # A real talker turning 6 degrees: the nose swings past the mouth (0.004 face widths per
    # degree), and MediaPipe's mouthRight rises a little with it.
    turn = {"mouthRight": 0.09, "mouth_offset": -0.045, "head_yaw_deg": 6.0}
    assert run(Trace(5000).add(3000, 3800, **turn))[0] == []
    still = {"mouthRight": 0.09, "mouth_offset": -0.045 - 0.024}
    assert labels(run(Trace(5000).add(3000, 3800, **still))[0]) == ["mouth_twist right"]


@pytest.mark.parametrize(
    "lips",
    [
        # mirrored tuning faces: MediaPipe reads the pulled lips as a lower lip rolled in ...
        {"mouthRollLower": 0.41, "lower_lip_left": -0.02, "lower_lip_center": -0.03,
         "lower_lip_right": -0.025},
        # ... or the stretched half's pale lip passes for teeth
        {"teeth_left": 0.1},
    ],
)  # fmt: skip
def test_a_twist_that_stretches_the_lips_is_not_a_lip_bite(lips):
    twist = {"mouthRight": 0.3, "mouth_offset": -0.08, **lips}
    assert labels(run(Trace(5000).add(3000, 3800, **twist))[0]) == ["mouth_twist right"]


def test_a_mouth_shifted_further_than_a_turn_explains_is_no_twist_while_the_head_turns():
    # FG-net franck mirrored, turned 7 degrees: the mouth 0.025 face widths one way and the
    # turn's 0.028 the other, mouthRight +0.04. Real twists turn the head under 1 degree.
    turn = {"mouthRight": 0.04, "mouth_offset": -0.025, "head_yaw_deg": -7.0}
    assert run(Trace(5000).add(3000, 3800, **turn))[0] == []


def test_a_head_turn_that_shifts_the_mouth_geometry_alone_is_not_a_twist():
    change = {"mouth_offset": 0.12, "head_yaw_deg": 12.0}
    assert run(Trace(5000).add(3000, 3800, **change))[0] == []


def test_a_head_tilt_that_moves_mouth_right_is_a_tilt_not_a_twist():
    # MediaPipe reads the mouth of a head tilted 17 degrees as pulled to one side.
    tilt = {"head_roll_deg": 17.0, "mouthRight": 0.12}
    assert labels(run(Trace(5000).add(3000, 4000, ramp_ms=150, **tilt))[0]) == ["head_tilt left"]


def test_a_hand_over_the_mouth_suppresses_mouth_gestures_but_not_winks():
    trace = Trace(6000).add(3000, 3800, **POUT).set(2900, 4000, lip_contrast=0.5)
    trace.add(3100, 3500, eye_open_left=-0.2, eyeBlinkLeft=0.72)
    assert labels(run(trace)[0]) == ["wink left"]


def test_brows_raised():
    change = {"browInnerUp": 0.5, "browOuterUpLeft": 0.4, "browOuterUpRight": 0.4,
              "brow_gap_left": 0.07, "brow_gap_right": 0.07}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **change))[0]) == ["brows_raised"]
    brief = Trace(5000).add(3000, 3150, **change)  # a flash of surprise while talking
    assert run(brief)[0] == []


def test_brow_blendshapes_rising_with_the_brows_still_are_no_raise():
    # MediaPipe lifts the brow blendshapes of some faces when their eyes close.
    still = {"browInnerUp": 0.18, "browOuterUpLeft": 0.3, "browOuterUpRight": 0.27,
             "brow_gap_left": 0.005, "brow_gap_right": 0.003}  # fmt: skip
    assert run(Trace(5000).add(3000, 4000, **still))[0] == []


def test_brow_blendshapes_count_once_the_brows_have_moved():
    moved = {"browInnerUp": 0.18, "browOuterUpLeft": 0.3, "browOuterUpRight": 0.27,
             "brow_gap_left": 0.03, "brow_gap_right": 0.026}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 4000, **moved))[0]) == ["brows_raised"]


def test_lips_no_redder_than_the_cheeks_give_no_occlusion_cue():
    trace = Trace(6000, rest={"lip_contrast": -16.0}).add(3000, 3800, **POUT)
    trace.set(3000, 3800, lip_contrast=-25.0)  # that contrast swings while the mouth moves
    assert labels(run(trace)[0]) == ["pout"]


def test_a_mouth_that_cannot_be_measured_gives_no_mouth_gesture():
    trace = Trace(6000).add(3000, 3800, **POUT).set(2900, 4000, mouth_quality=0.0)
    assert run(trace)[0] == []


def test_a_tongue_the_colour_of_the_skin_is_seen_by_the_lips_wrapping_it():
    wrapped = {"mouth_open": 0.17, "jawOpen": 0.05, "tongue_side": 0.0}
    assert labels(run(Trace(5000).add(3000, 3800, **wrapped))[0]) == ["tongue_out center"]


def test_lips_parted_wide_over_an_opening_less_tongue_coloured_than_at_rest_are_speech():
    # A real talker stretching an "eh": lips apart well beyond the jaw, the opening showing teeth
    # and the dark of the mouth (tongue colour 0.05-0.10 under its rest), no tongue.
    speech = {"mouth_open": 0.17, "jawOpen": 0.05, "tongue_side": 0.0, "tongue": -0.09}
    assert run(Trace(5000).add(3000, 3800, **speech))[0] == []


@pytest.mark.parametrize("smile, found", [(0.25, ["tongue_out center"]), (0.5, [])])
def test_lips_drawn_apart_by_a_grin_are_not_a_tongue_wrapped_by_them(smile, found):
    # A real grin (cap12, read mirrored): lips 0.2 face sizes apart over teeth held together,
    # the jaw hardly open, both corners up 0.47-0.59; a tongue wrapped by the lips smiles 0.29
    # at most.
    grin = {"mouth_open": 0.17, "jawOpen": 0.05, "tongue_side": 0.0, "mouthSmileLeft": smile,
            "mouthSmileRight": smile}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **grin))[0]) == found


def test_a_tongue_seen_in_a_mouth_open_at_rest_needs_the_lips_to_part_further():
    trace = Trace(7000, rest={"mouth_open": 0.12, "tongue": 0.1})
    trace.add(3000, 4000, tongue=0.3)  # brighter light on the same open mouth
    assert run(trace)[0] == []
    assert labels(run(trace.add(5000, 5800, tongue=0.3, mouth_open=0.06))[0]) == [
        "tongue_out center"
    ]


def test_a_smile_closing_a_mouth_open_at_rest_is_not_a_tongue():
    trace = Trace(5000, rest={"mouth_open": 0.12, "jawOpen": 0.2})
    assert run(trace.add(3000, 4200, jawOpen=-0.13, mouthSmileLeft=0.3))[0] == []


@pytest.mark.parametrize(
    "left, right, side", [(0.12, 0.11, "center"), (0.15, 0.01, "left"), (0.02, 0.15, "right")]
)
def test_teeth_over_the_lips_are_a_bite_with_their_side(left, right, side):
    bite = {"teeth_left": left, "teeth_right": right, "mouthRollUpper": 0.5}  # even if "rolled"
    assert labels(run(Trace(5000).add(3000, 3800, **bite))[0]) == [f"lip_bite {side}"]


def test_pale_marks_on_a_lower_lip_fuller_than_at_rest_are_no_bite():
    # A real screen recording's tracker drew pale dots on a closed, neutral mouth: "teeth" on
    # both halves while the lower lip showed 0.009 face sizes more of itself than at rest.
    marked = {"teeth_left": 0.12, "teeth_right": 0.09, "lower_lip_center": 0.009}
    assert run(Trace(5000).add(3000, 3800, **marked))[0] == []
    drawn_in = {**marked, "lower_lip_center": -0.01}
    assert labels(run(Trace(5000).add(3000, 3800, **drawn_in))[0]) == ["lip_bite center"]


def test_teeth_in_a_mouth_stretched_wide_are_a_smile_not_a_bite():
    # A generated smile at 100 px: the mouth 0.165 face sizes wider, teeth on both halves, and
    # MediaPipe's smile shapes up only 0.045 (under the smile veto).
    teeth = {"teeth_left": 0.07, "teeth_right": 0.08, "mouthSmileLeft": 0.045,
             "mouthSmileRight": 0.045}  # fmt: skip
    assert run(Trace(5000).add(3000, 3800, mouth_width=0.16, **teeth))[0] == []
    assert labels(run(Trace(5000).add(3000, 3800, mouth_width=0.03, **teeth))[0]) == [
        "lip_bite center"
    ]


def test_a_change_of_light_that_makes_lips_look_like_teeth_is_no_bite():
    # Darker light: the lip's edge is now lighter than the cheeks and less red than them.
    relit = {"teeth_right": 0.12, "mouth_luma": -40.0}
    assert run(Trace(5000).add(3000, 3800, **relit))[0] == []
    assert labels(run(Trace(5000).add(3000, 3800, teeth_right=0.12, mouth_luma=-2.0))[0]) == [
        "lip_bite right"
    ]


def test_teeth_on_a_face_turned_well_away_are_no_bite_but_a_rolled_lip_still_is():
    # A real talker turned 40 degrees at a table: the far half of the lips, foreshortened behind
    # the near one, read as teeth while he spoke. MediaPipe's own lip shapes still decide.
    turned = Trace(5000, rest={"head_yaw_deg": -40.0})
    assert run(turned.add(3000, 3800, teeth_right=0.12))[0] == []
    assert labels(run(Trace(5000, rest={"head_yaw_deg": -40.0}).add(3000, 3800, **BITE))[0]) == [
        "lip_bite center"
    ]
    frontal = Trace(5000, rest={"head_yaw_deg": -15.0})
    assert labels(run(frontal.add(3000, 3800, teeth_right=0.12))[0]) == ["lip_bite right"]


@pytest.mark.parametrize("eyes_px, found", [(40.0, []), (48.0, ["lip_bite right"])])
def test_teeth_on_a_face_too_small_to_tell_them_from_a_lip_are_no_bite(eyes_px, found):
    # A real face 67 px wide at a table (eye corners 40 px apart): speech read as teeth.
    rest = {"face_px": eyes_px - NEUTRAL["face_px"]}
    assert labels(run(Trace(5000, rest=rest).add(3000, 3800, teeth_right=0.12))[0]) == found
    assert labels(run(Trace(5000, rest=rest).add(3000, 3800, **BITE))[0]) == ["lip_bite center"]


#: A small face's teeth share on one lip half, nothing moving: blips of a few frames' worth of
#: pixels, 0.55 s each, one after another (a generated face at 100 px flickered so).
TEETH_BLIPS = (0.05, -0.04, 0.06, 0.02, -0.05, 0.07, -0.04, 0.03, -0.01, 0.04, -0.05)


def flickering(until_ms: int) -> Trace:
    """A trace 2 s longer than the blips, which go on until ``until_ms``."""
    trace = Trace(until_ms + 2000)
    for i, at in enumerate(range(0, until_ms - 699, 700)):
        trace.add(at, at + 550, ramp_ms=60, teeth_left=TEETH_BLIPS[i % len(TEETH_BLIPS)])
    return trace


def test_teeth_rising_no_more_than_a_face_flickers_at_rest_are_no_bite():
    # Up to 0.11 on one half: a false bite against the fixed threshold, once the face has been
    # watched flickering for a while.
    fixed = load_detector_settings()
    bite = fixed.gestures.lip_bite.model_copy(update={"teeth_flicker_frames": 10**6})
    fixed = fixed.model_copy(
        update={"gestures": fixed.gestures.model_copy(update={"lip_bite": bite})}
    )

    def late(gestures):
        return labels([g for g in gestures if g.start_ms >= 14_000])

    blip = flickering(14_000).add(14_000, 14_550, ramp_ms=60, teeth_left=0.10)
    assert late(run(blip, fixed)[0]) == ["lip_bite left"]
    assert late(run(blip)[0]) == []
    shown = flickering(14_000).add(14_000, 15_000, teeth_left=0.35)
    assert late(run(shown)[0]) == ["lip_bite left"]


def test_a_side_bite_on_a_smile_counts_the_teeth_it_adds_not_those_shown_at_rest():
    # A smile shows teeth on both halves at rest; biting the left half adds teeth there only.
    trace = Trace(5000, rest={"teeth_left": 0.3, "teeth_right": 0.3})
    assert labels(run(trace.add(3000, 3800, teeth_left=0.12, teeth_right=0.03))[0]) == [
        "lip_bite left"
    ]


#: A tongue out in the lips' own colour (the real tongue recording's third): the opening filled
#: as the lips are, the jaw open as far as the lips part, hardly any tongue colour.
FILLED = {"filled_opening": 0.11, "filled_side": 0.0, "mouth_open": 0.17, "jawOpen": 0.2,
          "tongue": 0.1}  # fmt: skip


def _syllables(trace: Trace, start: int, end: int) -> Trace:
    for at in range(start, end, 300):
        trace.add(at, at + 200, mouth_open=0.10, jawOpen=0.3)
    return trace


def test_an_opening_filled_in_the_lips_colour_on_a_quiet_face_is_a_tongue():
    assert labels(run(Trace(6000).add(3000, 4200, **FILLED))[0]) == ["tongue_out center"]


def test_an_opening_filled_in_the_lips_colour_soon_after_talking_is_no_tongue():
    # A talking head (not signalling) pausing between words: the jaw opens the lips as far as
    # they part, and the opening (tongue at rest, palate) is as colourful as the lips. Talk
    # ended 0.6 s before: past the speech veto's hold, within the filled cue's quiet.
    trace = _syllables(Trace(6000), 1000, 2400).add(3000, 4200, **FILLED)
    assert run(trace)[0] == []
    assert run(_syllables(Trace(6000), 3000, 4200).add(3000, 4200, **FILLED))[0] == []


def test_an_opening_filled_by_a_laugh_is_no_tongue():
    # FG-net franck laughing: corners up 0.46-0.54, the opening filled with lit lips and teeth.
    laugh = {**FILLED, "mouthSmileLeft": 0.5, "mouthSmileRight": 0.5}
    assert run(Trace(6000).add(3000, 4200, **laugh))[0] == []


def test_a_laugh_baring_teeth_is_not_a_tongue_out():
    laugh = {"filled_opening": 0.05, "mouth_open": 0.12, "jawOpen": 0.01, "teeth_area": 0.03,
             "mouthSmileLeft": 0.5, "mouthSmileRight": 0.5}  # fmt: skip
    assert run(Trace(5000).add(3000, 4500, **laugh))[0] == []


def test_a_tongue_pushed_to_one_side_that_lifts_one_mouth_corner_is_still_a_tongue():
    tongue = {"tongue": 0.35, "mouth_open": 0.08, "jawOpen": 0.2, "tongue_left": 0.03,
              "mouthSmileLeft": 0.6}  # fmt: skip
    assert labels(run(Trace(5000).add(3000, 3800, **tongue))[0]) == ["tongue_out left"]


def test_teeth_shown_by_parted_lips_are_not_a_bite():
    grin = {"teeth_area": 0.02, "teeth_left": 0.1, "teeth_right": 0.1, "mouth_open": 0.06}
    assert run(Trace(5000).add(3000, 3800, **grin))[0] == []


def test_a_twist_that_narrows_the_mouth_is_a_twist_not_a_pout():
    twist = {"mouth_offset": -0.07, "mouth_width": -0.12, "mouthRight": 0.42}
    assert labels(run(Trace(5000).add(3000, 3800, **twist))[0]) == ["mouth_twist right"]


def test_a_mouth_shifted_with_no_twist_blendshape_is_no_twist():
    # A real face laughing with its head turned: the mouth centre shifts 0.07 face sizes from
    # the nose line with mouthLeft and mouthRight both at zero.
    shifted = {"mouth_offset": -0.07, "mouthSmileLeft": 0.15, "mouthSmileRight": 0.15}
    assert run(Trace(5000).add(3000, 3800, **shifted))[0] == []


def test_a_pout_that_parts_the_lips_is_a_pout_not_a_tongue():
    # Lips pushed forward part a little and show more red in the tongue zone.
    pout = {**POUT, "tongue": 0.2, "mouth_open": 0.05, "jawOpen": 0.1}
    assert labels(run(Trace(5000).add(3000, 4000, **pout))[0]) == ["pout"]


def test_a_tongue_side_is_where_it_is_not_how_far_a_resting_centroid_moved():
    # The opening is empty at rest: its filled area's resting centroid is noise, not a reference.
    trace = Trace(5000, rest={"filled_side": -0.1})
    filled = {"tongue": 0.35, "filled_opening": 0.06, "filled_side": 0.1, "mouth_open": 0.08,
              "jawOpen": 0.2}  # fmt: skip
    assert labels(run(trace.add(3000, 3800, **filled))[0]) == ["tongue_out center"]


def test_one_outer_brow_lifted_to_stress_a_word_is_no_brows_raised():
    # A real talking head: the left outer brow rises 0.55, the inner 0.2, the right outer 0.15.
    stress = {"browInnerUp": 0.2, "browOuterUpLeft": 0.55, "browOuterUpRight": 0.15,
              "brow_gap_left": 0.066, "brow_gap_right": 0.059}  # fmt: skip
    assert run(Trace(5000).add(3000, 3800, **stress))[0] == []
