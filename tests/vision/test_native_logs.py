import os
import subprocess
import sys
from pathlib import Path

import pytest

from vision.mediapipe.native_logs import native_logs_captured

REPO = Path(__file__).resolve().parents[2]

CHILD_WRITES_TO_FD2 = [sys.executable, "-c", "import os; os.write(2, b'native line\\n')"]


def test_a_child_writing_to_fd2_inside_the_block_is_captured(capfd):
    with native_logs_captured():
        subprocess.run(CHILD_WRITES_TO_FD2, check=True)
    os.write(2, b"after the block\n")
    err = capfd.readouterr().err
    assert "native line" not in err
    assert "after the block" in err


def test_what_was_captured_is_written_back_when_the_block_raises(capfd):
    with pytest.raises(RuntimeError, match="model failed"), native_logs_captured():
        subprocess.run(CHILD_WRITES_TO_FD2, check=True)
        raise RuntimeError("model failed")
    assert "native line" in capfd.readouterr().err


def test_nested_blocks_restore_stderr_once(capfd):
    with native_logs_captured():
        with native_logs_captured():
            os.write(2, b"inner\n")
        os.write(2, b"outer\n")
    os.write(2, b"restored\n")
    err = capfd.readouterr().err
    assert "inner" not in err and "outer" not in err
    assert "restored" in err


@pytest.mark.video
def test_a_fresh_process_running_the_models_prints_no_native_lines():
    """MediaPipe writes warnings on each model's first inference; none reaches the terminal."""
    script = (
        "from vision.pipeline import open_pipeline\n"
        "with open_pipeline('sample_videos/single.mp4') as pipeline:\n"
        "    for n, _ in enumerate(pipeline):\n"
        "        if n == 40:\n"
        "            break\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
