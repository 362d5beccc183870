from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from tests.api.clips import write_clip


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path / "data", live=False)


@pytest.fixture
def client(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        yield client


@pytest.fixture
def short_clip(tmp_path) -> Path:
    return write_clip(tmp_path / "short.mp4", frames=20)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request, tmp_path) -> Path | str:
    """Where a store under test keeps its rows: an SQLite file, then a fresh database on the
    session's real PostgreSQL server; every test that takes it runs against both."""
    if request.param == "sqlite":
        return tmp_path / "keinu.sqlite3"
    return request.getfixturevalue("postgres").new_database()
