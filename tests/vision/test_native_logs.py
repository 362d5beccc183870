import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from vision.mediapipe.native_logs import (
    native_logs_captured,
    split_native_lines,
    terminal_stderr,
)

REPO = Path(__file__).resolve().parents[2]

CHILD_WRITES_TO_FD2 = [
    sys.executable,
    "-c",
    "import os; os.write(2, b'I0000 00:00:1.5 7 gl_context.cc:369] native line\\n')",
]


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
            os.write(2, b"INFO: inner\n")
        os.write(2, b"INFO: outer\n")
    os.write(2, b"restored\n")
    err = capfd.readouterr().err
    assert "inner" not in err and "outer" not in err
    assert "restored" in err


GLOG_LINE = (
    b"W0000 00:00:1796142958.336596   23215 inference_runner_litert.cc:1433] Input tensor "
    b"memory is not aligned\n"
)


def test_native_lines_are_told_from_other_lines():
    text = (
        b"WARNING: Logging before InitGoogle() is written to STDERR\n"
        + GLOG_LINE
        + b"Traceback (most recent call last):\n"
        + b"INFO: Created TensorFlow Lite XNNPACK delegate for CPU.\n"
        + b"WARNING:root:a Python log record\n"
        + b"[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5605c7240880] moov atom not found\n"
    )
    native, other = split_native_lines(text)
    assert native.count(b"\n") == 4 and GLOG_LINE in native and b"moov atom" in native
    assert other == b"Traceback (most recent call last):\nWARNING:root:a Python log record\n"


def test_opencvs_own_lines_and_the_exception_text_under_them_are_native():
    """What OpenCV prints for a camera index that is not there."""
    text = (
        b"[ WARN:0@0.726] global cap_v4l.cpp:915 open VIDEOIO(V4L2:/dev/video7): can't open\n"
        b"[ WARN:0@0.726] global cap.cpp:435 open VIDEOIO(FFMPEG): raised OpenCV exception:\n"
        b"\n"
        b"OpenCV(5.1.0) /io/opencv/modules/videoio/src/cap_ffmpeg_impl.hpp:1225: error: (-2)\n"
        b"> VIDEOIO/FFMPEG: Camera index out of range\n"
        b">     'index' is 7\n"
        b"\n"
        b"[ERROR:0@0.727] global obsensor_uvc_stream_channel.cpp:163 Camera index out of range\n"
        b"> a quoted line of ours\n"
    )
    native, other = split_native_lines(text + b"Traceback (most recent call last):\n\n")
    assert native == text
    assert other == b"Traceback (most recent call last):\n\n"
    assert split_native_lines(b"> not after a native line\n\n") == (
        b"",
        b"> not after a native line\n\n",
    )


def test_a_line_another_thread_writes_during_a_capture_is_given_back(capfd):
    """Descriptor 2 is the process's: a server's log line written meanwhile is not lost."""
    inside, written = threading.Event(), threading.Event()

    def other_thread() -> None:
        inside.wait(5)
        os.write(2, b"uvicorn: request served\n")
        written.set()

    thread = threading.Thread(target=other_thread)
    thread.start()
    with native_logs_captured():
        inside.set()
        assert written.wait(5)
        os.write(2, GLOG_LINE)
    thread.join()
    err = capfd.readouterr().err
    assert "uvicorn: request served" in err
    assert "inference_runner_litert" not in err


def test_captures_in_two_threads_overlap_without_waiting_for_each_other(capfd):
    """The landmarkers of several faces run in parallel, each inside its own capture."""
    first_inside, second_inside = threading.Event(), threading.Event()
    met = []

    def second() -> None:
        first_inside.wait(5)
        with native_logs_captured():
            second_inside.set()
            os.write(2, GLOG_LINE)

    thread = threading.Thread(target=second)
    thread.start()
    with native_logs_captured():
        first_inside.set()
        met.append(second_inside.wait(5))
        os.write(2, b"still inside\n")
    thread.join()
    assert met == [True]
    err = capfd.readouterr().err
    assert "inference_runner_litert" not in err
    assert "still inside" in err


@pytest.mark.video
def test_a_fresh_process_running_the_models_prints_no_native_lines():
    """MediaPipe writes warnings on loading and, now and then, on an inference; none reaches
    the terminal."""
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


def test_the_terminal_stream_reaches_the_terminal_while_a_capture_holds(capfd):
    """A progress bar is drawn as it moves, not given back when the capture ends."""
    with terminal_stderr() as terminal, native_logs_captured():
        terminal.write("progress 50%\n")
        terminal.flush()
        os.write(2, GLOG_LINE)
        meanwhile = capfd.readouterr().err
    after = capfd.readouterr().err
    assert "progress 50%" in meanwhile
    assert "inference_runner_litert" not in meanwhile + after
