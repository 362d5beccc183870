from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


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
