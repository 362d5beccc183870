"""The socket a keinu server answers on, bound and listening before its address is printed:
a browser opened on that address at once is queued until the app is up, never refused."""

from __future__ import annotations

import asyncio
import errno
import socket
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


#: At Ctrl-C, how long a response being sent may take to finish before its connection is cut.
#: A response with no end (a camera's MJPEG) or a video a paused ``<video>`` reads no further
#: would otherwise keep the server waiting, then be cancelled with tracebacks in the terminal.
#: A cut connection ends its response as a browser closing the page does; a request being
#: handled still finishes (its write is kept), only its answer is lost.
CUT_AFTER_S = 0.5


def serve_on(sock: socket.socket, app: Any, **options: Any) -> None:
    """Run ``app`` under uvicorn on the already listening ``sock``; Ctrl-C stops it within
    ``CUT_AFTER_S`` whatever the browsers hold open."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            cut = asyncio.get_running_loop().call_later(CUT_AFTER_S, self.cut_connections)
            try:
                await super().shutdown(sockets)
            finally:
                cut.cancel()

        def cut_connections(self) -> None:
            for connection in list(self.server_state.connections):
                transport = getattr(connection, "transport", None)
                if transport is not None:
                    transport.abort()

    config = uvicorn.Config(app, log_level="warning", **options)
    Server(config).run(sockets=[sock])


def _free_port(host: str) -> int:
    family, kind, _, _, address = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind) as probe:
        probe.bind(address)
        port: int = probe.getsockname()[1]
        return port
