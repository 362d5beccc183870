"""The live view says when a seat's face is too small to judge: `keinu serve` on the sample
clip's first seconds shrunk into a table frame (a 45 px face), in Debian's chromium."""

import json
import re

import cv2
import pytest
from playwright.sync_api import expect

from benchmarks.shrink_eval_set import shrink_clip
from tests.browser.test_dashboard import live_tab, serving

pytestmark = pytest.mark.browser

FRAMES = 90


def small_face_clip(sample_videos, folder, width):
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    size = (truth["width"], truth["height"])
    head = folder / "head.mp4"
    writer = cv2.VideoWriter(str(head), cv2.VideoWriter_fourcc(*"mp4v"), truth["fps"], size)
    for _ in range(FRAMES):
        writer.write(capture.read()[1])
    writer.release()
    capture.release()
    shrink_clip(head, truth, width, folder / "small.mp4")
    return folder / "small.mp4"


def test_a_seat_too_small_to_judge_says_so_on_its_tile(browser, sample_videos, tmp_path):
    clip = small_face_clip(sample_videos, tmp_path, 45)
    with serving(tmp_path / "data", "--source", str(clip), "--loop") as url:
        page, errors = live_tab(browser, url)
        tile = page.locator("#seat-tiles .seat-tile[data-seat='1']")
        expect(tile).to_have_class("seat-tile pair-1-3 present unjudgeable", timeout=30_000)
        expect(tile.locator(".unjudged")).to_contain_text("cara demasiado pequeña")
        expect(tile.locator(".unjudged")).to_contain_text(
            re.compile(r"cara de \d+ px de ancho: demasiado pequeña")
        )
        page.locator("#lang").click()
        expect(tile.locator(".unjudged")).to_contain_text(
            re.compile(r"face \d+ px wide: too small")
        )
        expect(page.locator("#seat-tiles .seat-tile.unjudgeable")).to_have_count(1)
        assert errors == []
