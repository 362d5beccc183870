"""The live view says when a seat's shoulders are out of the picture, so that a shrug could not
be seen: `keinu serve` under a house profile with shrugs, on the sample clip's first seconds
cropped to the face as a laptop's camera frames its player, in Debian's chromium."""

import json

import cv2
import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import live_tab, serving

pytestmark = pytest.mark.browser

FRAMES = 90


def collar_clip(sample_videos, folder):
    """The face and little below the chin: no shoulder is in the picture."""
    truth = json.loads((sample_videos / "single.truth.json").read_text())
    x, y, w, h = truth["seats"]["1"]["bbox"]
    top, bottom = max(0, y - h // 3), y + h + h // 8
    left, right = x + w // 2 - (bottom - top) * 2 // 3, x + w // 2 + (bottom - top) * 2 // 3
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    clip = folder / "collar.mp4"
    writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"mp4v"), truth["fps"], (640, 480))
    for _ in range(FRAMES):
        image = capture.read()[1]
        writer.write(cv2.resize(image[top:bottom, max(0, left) : right], (640, 480)))
    writer.release()
    capture.release()
    return clip


def test_a_seat_framed_to_the_collar_is_told_a_shrug_would_not_be_seen(
    browser, sample_videos, tmp_path
):
    clip = collar_clip(sample_videos, tmp_path)
    with serving(
        tmp_path / "data", "--source", str(clip), "--loop", "--profile", "extended"
    ) as url:
        page, errors = live_tab(browser, url)
        tile = page.locator("#seat-tiles .seat-tile[data-seat='1']")
        expect(tile.locator(".no-shoulders")).to_contain_text(
            "hombros fuera de cuadro", timeout=30_000
        )
        expect(page.locator("#seat-tiles .no-shoulders")).to_have_count(1)
        assert errors == []


def test_under_a_profile_without_shrugs_nothing_is_said(browser, sample_videos, tmp_path):
    clip = collar_clip(sample_videos, tmp_path)
    with serving(tmp_path / "data", "--source", str(clip), "--loop") as url:
        page, errors = live_tab(browser, url)
        tile = page.locator("#seat-tiles .seat-tile[data-seat='1']")
        expect(tile).to_have_class("seat-tile pair-1-3 present", timeout=30_000)
        page.wait_for_timeout(4000)  # past the shoulders' hold
        expect(tile.locator(".no-shoulders")).to_have_count(0)
        assert errors == []
