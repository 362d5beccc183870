"""What runs past the page's right edge, or out of its own box, measured in the browser."""

from __future__ import annotations

# The page's width against the window's, and each element (as "tag#id.class") whose box reaches
# past the window's right edge or whose content runs out of its box where nothing clips it.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [...document.querySelectorAll("body *")].filter((el) => {
    const box = el.getBoundingClientRect();
    if (!box.width) return false;
    const clipped = getComputedStyle(el).overflowX !== "visible";
    return box.right > width + 1 || (!clipped && el.scrollWidth > el.clientWidth + 1);
  }).map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`);
  return { page: document.scrollingElement.scrollWidth, window: width, out };
}"""


def overflowing(page) -> dict:
    """The page's and the window's widths and what overflows (``OVERFLOW``): nothing should."""
    return page.evaluate(OVERFLOW)
