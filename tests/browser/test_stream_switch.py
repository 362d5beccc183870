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


# The page's feed, kept where the test can reach it, with the first message it read.
KEEP_FEED = """(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.feed = this;
      this.addEventListener("message", (event) => { window.firstMessage ??= event.data; });
    }
  };
})()"""


def test_a_tab_asked_for_in_the_address_as_the_servers_hello_comes_is_shown(page):
    """The hello of a server (or of one started again) comes at any time: it reopens the
    video of the tab shown, and leaves the address's tab, asked for that instant, to be shown."""
    page.add_init_script(KEEP_FEED)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("window.firstMessage !== undefined")
    assert page.evaluate("JSON.parse(window.firstMessage).type") == "hello"
    page.evaluate(
        """() => {
          location.hash = "practice";
          window.feed.dispatchEvent(new MessageEvent("message", { data: window.firstMessage }));
        }"""
    )
    expect(page.locator("#page-practice")).to_be_visible()
    expect(page.locator("[data-tab=practice]")).to_have_attribute("aria-selected", "true")
