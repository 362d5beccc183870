"""The socket a keinu server answers on, bound and listening before its address is printed:
a browser opened on that address at once is queued until the app is up, never refused."""

from __future__ import annotations

import errno
import socket
import threading
from types import FrameType
from typing import Any

from api.cli import UserError


def listening_socket(host: str, port: int) -> socket.socket:
    """Bind ``host``:``port`` and listen; a port that cannot be had is a UserError that names
    a free one."""
    family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            reason = "is in use (another keinu serve?)"
        elif exc.errno == errno.EACCES:
            reason = "needs administrator rights (ports below 1024)"
        else:
            reason = f"cannot be used ({exc.strerror})"
        raise UserError(
            f"port {port} on {host} {reason}: try another --port, e.g. --port {_free_port(host)}"
        ) from None
    sock.listen(2048)
    return sock


def serve_on(
    sock: socket.socket, app: Any, stopping: threading.Event | None = None, **options: Any
) -> None:
    """Run ``app`` under uvicorn on the already listening ``sock``. ``stopping`` is set the
    moment a stop is asked (Ctrl-C), before uvicorn waits for the open responses: one with no
    end of its own (a camera's MJPEG) ends then, instead of being cancelled with a traceback."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if stopping is not None:
                stopping.set()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, log_level="warning", **options)
    Server(config).run(sockets=[sock])


def _free_port(host: str) -> int:
    family, kind, _, _, address = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind) as probe:
        probe.bind(address)
        port: int = probe.getsockname()[1]
        return port
