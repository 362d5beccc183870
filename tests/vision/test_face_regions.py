"""Tiles and crop regions: the geometry behind finding and following small faces."""

from __future__ import annotations

import itertools

from vision.mediapipe.face_regions import (
    CropRegion,
    Detection,
    iou,
    suppress_overlaps,
    tile_grid,
    tile_pyramid,
)


def test_tiles_cover_a_wide_frame_with_overlap_and_none_for_a_small_one():
    tiles = tile_grid(1280, 720, 480, 0.33)
    assert all(w == h == 480 for _, _, w, h in tiles)
    xs = sorted({x for x, *_ in tiles})
    ys = sorted({y for _, y, *_ in tiles})
    assert xs[0] == 0 and xs[-1] == 1280 - 480 and ys == [0, 240]
    assert all(b - a <= 480 * (1 - 0.33) + 1 for a, b in itertools.pairwise(xs))
    for x in range(0, 1280, 40):
        for y in range(0, 720, 40):
            assert any(tx <= x < tx + 480 and ty <= y < ty + 480 for tx, ty, *_ in tiles)
    assert tile_grid(560, 420, 480, 0.33) == []


def test_tile_pyramid_doubles_the_side_up_to_the_frame():
    sides = sorted({w for _, _, w, _ in tile_pyramid(2560, 1440, 320, 0.33)})
    assert sides == [320, 640, 1280]
    assert {w for _, _, w, _ in tile_pyramid(640, 480, 320, 0.33)} == {320}


def test_suppress_overlaps_keeps_the_best_of_one_face():
    kept = suppress_overlaps(
        [
            Detection((100, 100, 50, 50), 0.6),
            Detection((104, 98, 50, 50), 0.9),
            Detection((300, 100, 50, 50), 0.7),
        ],
        0.3,
    )
    assert [d.score for d in kept] == [0.9, 0.7]
    assert iou((0, 0, 10, 10), (5, 0, 10, 10)) == 50 / 150


def test_crop_region_holds_still_for_small_moves_and_follows_big_ones():
    region = CropRegion.around((100, 100, 50, 50), 2.0)
    assert (region.cx, region.cy, region.side) == (125, 125, 100)
    assert not region.follow((103, 102, 50, 50), 2.0, 0.12)
    assert region.follow((130, 100, 50, 50), 2.0, 0.12)
    assert region.cx == 155
    # Near an edge the crop is shifted into the frame, keeping its size.
    assert CropRegion(10, 10, 100).clip(640, 480) == (0, 0, 100, 100)
