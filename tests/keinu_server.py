"""`keinu serve` as a real process on a free port, for the tests that need the whole server
(restarts, the browser)."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

KEINU = str(Path(sys.executable).parent / "keinu")


#: A server reading video runs MediaPipe on every frame it can (about 1.5 cores of a 2-core
#: machine): at a lower priority it takes the CPU the tests leave, dropping frames as a slow
#: laptop does, instead of halving the speed of the tests beside it.
VIDEO_SERVER_NICENESS = int(os.environ.get("KEINU_TEST_NICE", "10"))


def _yield_cpu() -> None:
    os.nice(VIDEO_SERVER_NICENESS)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class KeinuServer:
    """Started with ``keinu serve --port <free> *args``; returns once /api/health answers.
    Its stderr goes to a file (a pipe nobody reads would fill up and stall a long run)."""

    def __init__(self, *args: str, port: int | None = None, health_token: bool = False) -> None:
        """``health_token``: the server guards every route with $KEINU_TOKEN, so the readiness
        probe sends it."""
        self.port = port or free_port()  # a restart passes the port of the server it replaces
        self.url = f"http://127.0.0.1:{self.port}"
        handle, log = tempfile.mkstemp(prefix="keinu-serve-", suffix=".log")
        os.close(handle)
        self.log = Path(log)
        with self.log.open("w") as stderr:  # the child keeps its own copy
            self.process = subprocess.Popen(
                [KEINU, "serve", "--port", str(self.port), *args],
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
                preexec_fn=None if "--no-live" in args else _yield_cpu,
            )
        self.banner = self.process.stdout.readline()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                headers = {"X-Keinu-Token": os.environ["KEINU_TOKEN"]} if health_token else {}
                health = httpx.get(f"{self.url}/api/health", headers=headers, timeout=1)
                if health.status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        self.process.kill()
        self.process.wait(10)
        reason = self.log.read_text()
        self._close()
        raise AssertionError(f"server did not start: {reason}")

    def stop(self) -> None:
        """Ctrl-C, as a user stops it (killed if it does not end within 10 s)."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._close()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._close()

    def _close(self) -> None:
        self.process.stdout.close()
        self.log.unlink(missing_ok=True)
