from __future__ import annotations

import pytest

from engine.rules import Rules
from engine.senas import load_profile


@pytest.fixture(scope="session")
def standard():
    return load_profile("standard")


@pytest.fixture(scope="session")
def navarra():
    return load_profile("navarra")


@pytest.fixture(scope="session")
def extended():
    return load_profile("extended")


@pytest.fixture(scope="session")
def rules8():
    return Rules()


@pytest.fixture(scope="session")
def rules4():
    return Rules(reyes=4, profile="navarra")
