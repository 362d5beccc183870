"""`keinu serve` started without paying for its imports each time.

A browser test starts a server of its own, and importing the server (FastAPI, OpenCV, NumPy,
PyAV, MediaPipe) took most of that: 1 s of CPU on an idle machine, 2-3 s on a loaded one. One
forker per test worker imports it all once; each server is then a fork of it that runs
``api.cli.main(["serve", ...])``, the very function the ``keinu`` script runs, with the
worker's environment and working directory of the moment and its own stdout and stderr.

Run as ``python -m tests.server_forker FD``: FD is a Unix socket. Each request is a JSON
message ``{"args", "env", "cwd", "niceness"}`` sent with two file descriptors (the server's
stdout and stderr); the answer is the new server's pid, as a JSON line. The forker ignores
SIGCHLD, so its servers are reaped as they end, and stops when the socket closes.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import sys

import mediapipe.tasks.python.vision  # noqa: F401  (what a server reading video imports, too)

import api.app  # what `keinu serve` imports, imported once for all its forks
import api.cli
import vision.mediapipe.landmarks  # noqa: F401


def serve_in_child(request: dict, stdout: int, stderr: int, channel: socket.socket) -> None:
    """The forked child: becomes `keinu serve` and never returns to the forker's loop."""
    channel.close()
    os.dup2(stdout, 1)
    os.dup2(stderr, 2)
    os.close(stdout)
    os.close(stderr)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the forker's signal choices, undone
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    os.nice(request["niceness"])
    try:
        status = api.cli.main(["serve", *request["args"]])
    except SystemExit as exit:  # argparse's errors, said already
        status = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
    # Ended as `keinu serve` ends, but not through the interpreter's exit: that would also run
    # the clean-up of all the forker imported (some 0.4 s a server).
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status or 0)


def main() -> None:
    channel = socket.socket(fileno=int(sys.argv[1]))
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # servers are reaped as they end
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C of the run stops the servers only
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(channel, 1 << 20, 2)
        except ConnectionResetError:
            return
        if not message:
            return
        request = json.loads(message)
        pid = os.fork()
        if pid == 0:
            serve_in_child(request, fds[0], fds[1], channel)
        for fd in fds:
            os.close(fd)
        channel.sendall(json.dumps(pid).encode() + b"\n")


if __name__ == "__main__":
    main()
