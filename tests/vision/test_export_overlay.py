"""WebVTT captions and the overlay drawing."""

from __future__ import annotations

import numpy as np

from engine.gesture import Gesture
from engine.rules import PLAYER_COUNTS
from tests.vision.fakes import frames
from vision.observation import FaceObservation
from vision.output.export import vtt_timestamp
from vision.output.overlay import IGNORED_COLOUR, SEAT_COLOURS, Overlay
from vision.pipeline import FrameResult, PipelineStats, SeatView
from vision.seats import SeatedFace


def test_vtt_timestamps():
    assert vtt_timestamp(3_723_004) == "01:02:03.004"
    assert vtt_timestamp(-5) == "00:00:00.000"


def draw_a_wink(overlay: Overlay) -> list[np.ndarray]:
    """Five frames of seat 1's face (a box at 100, 60, 60 px wide) on black, its wink score
    rising, the wink reported on the last."""
    frame = frames("cam", 1)[0]
    frame.image = np.zeros((240, 320, 3), np.uint8)
    landmarks = np.zeros((478, 3), np.float32)
    landmarks[:, 0] = np.linspace(100, 160, 478)
    landmarks[:, 1] = np.linspace(60, 120, 478)
    face = FaceObservation(0, "cam", 1, landmarks, {}, None, (100, 60, 60, 60))
    results = []
    for i in range(5):
        scores = {"wink": i / 4, "pout": 0.0}
        gestures = [Gesture(1, "wink", "left", 0, 40)] if i == 4 else []
        view = SeatView(1, "cam", face, scores)
        result = FrameResult(frame, [SeatedFace(face, 1)], {1: view}, gestures, PipelineStats())
        results.append(overlay.draw(result))
    assert not frame.image.any()  # drawn on a copy
    return results


def test_overlay_draws_seat_landmarks_labels_and_traces():
    results = draw_a_wink(Overlay())
    drawn = results[-1]
    near_seat_colour = np.abs(drawn.astype(int) - SEAT_COLOURS[1]).sum(axis=2) < 60
    assert near_seat_colour[60:121, 100:161].sum() > 100  # box and contours
    assert drawn[60:120, 165:260].any()  # the gesture label right of the face
    assert drawn[164:204, 100:220].any()  # the trace under it
    assert not results[0][164:204, 100:220].any()  # no trace from one frame
    assert drawn[225:, :150].any()  # the pipeline's figures, at the bottom


def test_an_overlay_without_words_draws_the_face_and_its_trace_only():
    drawn = draw_a_wink(Overlay(words=False))[-1]
    near_seat_colour = np.abs(drawn.astype(int) - SEAT_COLOURS[1]).sum(axis=2) < 60
    assert near_seat_colour[60:121, 100:161].sum() > 100  # box and contours
    elsewhere = drawn.copy()
    elsewhere[59:122, 99:162] = 0  # the box, its lines smoothed a pixel beyond
    assert elsewhere[123:165, 99:222].any()  # the trace, under it
    elsewhere[123:165, 99:222] = 0
    assert not elsewhere.any()  # no seat or gesture label, no figures


def test_each_seat_of_the_largest_table_is_drawn_in_a_colour_of_its_own():
    colours = [SEAT_COLOURS.get(seat, IGNORED_COLOUR) for seat in range(1, max(PLAYER_COUNTS) + 1)]
    assert IGNORED_COLOUR not in colours  # grey is a face on no seat
    assert len(set(colours)) == len(colours)
