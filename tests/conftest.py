import json
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
#: The worked example of the rule documents, as one hand record: the engine's and the señas'
#: tests read it from here only.
WORKED_EXAMPLE = REPO / "tests" / "records" / "worked_example.json"


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
