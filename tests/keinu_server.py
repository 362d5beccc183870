"""`keinu serve` as a process of its own on a free port, for the tests that need the whole
server (restarts, the browser).

A server is forked from a process that has already imported it (tests/server_forker.py), which
spares each test the start-up imports; ``fresh_process=True`` runs the ``keinu`` script itself,
for the tests about the process (its exit status after a kill)."""

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

import httpx

KEINU = str(Path(sys.executable).parent / "keinu")
ROOT = Path(__file__).resolve().parent.parent

#: A server reading video runs MediaPipe on every frame it can (about 1.5 cores of a 2-core
#: machine): at a lower priority it takes the CPU the tests leave, dropping frames as a slow
#: laptop does, instead of halving the speed of the tests beside it.
VIDEO_SERVER_NICENESS = int(os.environ.get("KEINU_TEST_NICE", "10"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ForkedServer:
    """A server the forker made: the part of ``subprocess.Popen`` the tests use. The forker
    reaps it, so its exit status is never known (``returncode`` stays None)."""

    returncode = None

    def __init__(self, pid: int, stdout: IO[str]) -> None:
        self.pid = pid
        self.stdout = stdout

    def send_signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError):  # it has ended already
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout: float | None = None) -> None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                return
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"keinu serve ({self.pid})", timeout or 0)
            time.sleep(0.02)


class _Forker:
    """This test worker's forker, started with its first server and ended with the worker."""

    channel: socket.socket | None = None

    @classmethod
    def fork(cls, args: list[str], niceness: int, stderr: IO[str]) -> ForkedServer:
        if cls.channel is None:
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            subprocess.Popen(
                [sys.executable, "-m", "tests.server_forker", str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                cwd=ROOT,
            )
            theirs.close()
            cls.channel = ours
        read, write = os.pipe()
        request = {"args": args, "env": dict(os.environ), "cwd": os.getcwd(), "niceness": niceness}
        try:
            socket.send_fds(cls.channel, [json.dumps(request).encode()], [write, stderr.fileno()])
            pid = json.loads(cls.channel.recv(64))
        finally:
            os.close(write)
        return ForkedServer(pid, os.fdopen(read, "r"))


class KeinuServer:
    """Started with ``keinu serve --port <free> *args``; returns once /api/health answers.
    Its stderr goes to a file (a pipe nobody reads would fill up and stall a long run)."""

    def __init__(
        self,
        *args: str,
        port: int | None = None,
        health_token: bool = False,
        fresh_process: bool = False,
    ) -> None:
        """``health_token``: the server guards every route with $KEINU_TOKEN, so the readiness
        probe sends it."""
        self.port = port or free_port()  # a restart passes the port of the server it replaces
        self.url = f"http://127.0.0.1:{self.port}"
        handle, log = tempfile.mkstemp(prefix="keinu-serve-", suffix=".log")
        os.close(handle)
        self.log = Path(log)
        argv = ["--port", str(self.port), *args]
        niceness = 0 if "--no-live" in args else VIDEO_SERVER_NICENESS
        with self.log.open("w") as stderr:  # the child keeps its own copy
            if fresh_process:
                self.process: subprocess.Popen[str] | ForkedServer = subprocess.Popen(
                    [KEINU, "serve", *argv],
                    stdout=subprocess.PIPE,
                    stderr=stderr,
                    text=True,
                    preexec_fn=lambda: os.nice(niceness),
                )
            else:
                self.process = _Forker.fork(argv, niceness, stderr)
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
        """Ctrl-C, as a user stops it (killed if it does not end within 10 s). What the server
        wrote to its terminal then holds no traceback: a user would read it as a crash."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        said = self.log.read_text()
        self._close()
        assert "Traceback" not in said, f"keinu serve wrote a traceback:\n{said}"

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._close()

    def _close(self) -> None:
        self.process.stdout.close()
        self.log.unlink(missing_ok=True)
