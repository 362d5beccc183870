"""The REST tests of tables, hands and calls (``test_tables``) once more, with the dashboard
keeping everything in a fresh database of the session's real PostgreSQL server: the same code
path as on SQLite, answer for answer."""

import pytest

from api.settings import Settings
from tests.api.test_tables import *  # noqa: F403  (every test of test_tables, collected here again)


@pytest.fixture
def settings(tmp_path, postgres) -> Settings:
    return Settings(data_dir=tmp_path / "data", db=postgres.new_database(), live=False)
