from pathlib import Path

import cv2
import numpy as np
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(data_dir=tmp_path / "data", live=False)


@pytest.fixture
def client(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        yield client


def write_clip(path: Path, frames: int, fps: float = 20.0, size=(160, 120)) -> Path:
    """A small synthetic video: a bar moving across a grey field, one position per frame."""
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    for i in range(frames):
        image = np.full((size[1], size[0], 3), 90, np.uint8)
        x = (i * 7) % size[0]
        image[:, x : x + 6] = (40, 200, 240)
        writer.write(image)
    writer.release()
    return path


@pytest.fixture
def short_clip(tmp_path) -> Path:
    return write_clip(tmp_path / "short.mp4", frames=20)
