"""The desk's API tests (``test_desk``) once more, on a fresh database of the session's real
PostgreSQL server: the same SQL and code path as on SQLite."""

import pytest

from api.settings import Settings
from tests.api.test_desk import *  # noqa: F403  (every test of test_desk, collected here again)


@pytest.fixture
def settings(tmp_path, postgres) -> Settings:
    return Settings(data_dir=tmp_path / "data", db=postgres.new_database(), live=False, desk=True)
