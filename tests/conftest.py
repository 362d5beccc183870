import json
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
#: The worked example of the rule documents, as one hand record: the engine's and the señas'
#: tests read it from here only.
WORKED_EXAMPLE = REPO / "tests" / "records" / "worked_example.json"


#: The test files whose dashboard servers run MediaPipe on video all along, as a user's do.
LIVE_VIDEO_FILES = {
    f"tests/browser/{name}.py"
    for name in (
        "test_dashboard",
        "test_live_feed_why",
        "test_live_tiles",
        "test_practice_page",
        "test_shoulders_tile",
        "test_slow_camera",
        "test_small_face_tile",
        "test_stream_labels",
    )
}


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's ``loadfile``, except that the live-video files go to one worker together.
    A server reading video takes all the CPU it is given: two at once on a 2-core machine
    starved each other until their tests' waits for the video ran out."""
    from xdist.scheduler import LoadFileScheduling

    class LiveVideoTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return "live-video" if path in LIVE_VIDEO_FILES else path

    return LiveVideoTogether(config, log)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def sample_videos() -> Path:
    return REPO / "sample_videos"


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the whole session (see ``postgres_server``)."""
    from tests.postgres_server import PostgresMissing, PostgresServer

    try:
        server = PostgresServer().start()
    except PostgresMissing as exc:
        pytest.fail(str(exc))
    try:
        yield server
    finally:
        server.remove()


@pytest.fixture(scope="session")
def worked_example_path() -> Path:
    return WORKED_EXAMPLE


@pytest.fixture
def worked_example() -> dict[str, Any]:
    """A fresh copy of the worked example's record (a test may change it)."""
    return json.loads(WORKED_EXAMPLE.read_text(encoding="utf-8"))
