"""Waiting in a test for what another thread (the live feed, the hub) does in its own time."""

import time
from collections.abc import Callable


def wait_for(predicate: Callable[[], object], timeout: float = 5.0) -> bool:
    """Whether ``predicate()`` came true within ``timeout`` seconds (asked every 20 ms)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False
