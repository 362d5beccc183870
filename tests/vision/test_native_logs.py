import os
import subprocess
import sys

import pytest

from vision.native_logs import native_logs_captured

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
