"""A tab switched to before the video's first frame still shows the video, in Debian's chromium."""

import re

import pytest
from playwright.sync_api import expect

from tests.api.polling import wait_for
from tests.browser.test_dashboard import serving
from tests.network_camera import HeldCamera

pytestmark = pytest.mark.browser


def test_a_tab_opened_before_the_first_frame_shows_the_video(browser, tmp_path):
    with HeldCamera() as camera, serving(tmp_path / "data", "--source", camera.url) as url:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        referee = page.locator("#page-referee img.stream")
        expect(referee).to_have_attribute("src", re.compile(r"^/api/stream/cam1\.mjpg"))
        # the pipeline waits on the camera for its first picture: the referee's stream has none
        assert wait_for(lambda: camera.viewers >= 1, timeout=60)
        assert page.evaluate("document.querySelector('#page-referee img.stream').naturalWidth") == 0
        page.click("[data-tab=live]")
        camera.release()
        page.wait_for_function("document.querySelector('#page-live img.stream').naturalWidth > 0")
