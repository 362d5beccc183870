"""The dashboard's gate, as one ASGI middleware in front of everything.

- Host: on loopback only ``localhost``/``127.0.0.1``/``[::1]`` names are served, so a web page
  that rebinds its own domain to 127.0.0.1 cannot drive the dashboard.
- Origin: a request or websocket that a browser sends from another origin is refused (CORS is
  closed: no Access-Control headers are ever sent, and state-changing cross-site requests are
  rejected here rather than merely unreadable).
- Token: when the server listens beyond loopback every request and websocket must carry the
  token: ``Authorization: Bearer``, ``X-Keinu-Token``, a ``token`` query parameter (the address
  printed at start) or the cookie that the first tokened page load sets.
- Size: request bodies larger than ``max_body_bytes`` are refused with 413.
"""

from __future__ import annotations

import hmac
import html
import json
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "keinu_token"
#: What a browser that opens a refused page shows (an API client gets the JSON ``detail``).
REFUSAL_PAGE = """<!doctype html><html lang="es"><meta charset="utf-8"><title>keinu</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>keinu</h1><p>{detail}.</p>
<p>Abre la dirección que <code>keinu serve</code> imprimió al arrancar (lleva el token) ·
Open the address that <code>keinu serve</code> printed at start (it carries the token).</p>
</body></html>"""
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _host_name(host_header: str) -> str:
    if host_header.startswith("["):
        return host_header.split("]")[0] + "]"
    return host_header.rsplit(":", 1)[0] if ":" in host_header else host_header


class Gate:
    def __init__(
        self,
        app: ASGIApp,
        *,
        token: str | None,
        loopback_only: bool,
        max_body_bytes: int,
    ) -> None:
        self.app = app
        self.token = token
        self.loopback_only = loopback_only
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = headers.get("host", "")
        if self.loopback_only and _host_name(host) not in LOOPBACK_NAMES:
            await self._refuse(scope, receive, send, 421, "this server only answers to localhost")
            return
        origin = headers.get("origin")
        is_write = scope["type"] == "websocket" or scope.get("method") not in ("GET", "HEAD")
        if origin and is_write and urlsplit(origin).netloc != host:
            await self._refuse(scope, receive, send, 403, "cross-origin requests are refused")
            return
        query_token = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
        if self.token is not None and not self._authorised(headers, query_token):
            await self._refuse(scope, receive, send, 401, "a valid token is required")
            return
        if scope["type"] == "http":
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body_bytes):
                await self._refuse(scope, receive, send, 413, "request body too large")
                return
            receive = self._bounded(receive)
            if query_token and self.token is not None:
                send = self._setting_cookie(send)
        await self.app(scope, receive, send)

    def _authorised(self, headers: dict[str, str], query_token: list[str] | None) -> bool:
        offered: list[str] = list(query_token or [])
        auth = headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            offered.append(auth[7:].strip())
        if "x-keinu-token" in headers:
            offered.append(headers["x-keinu-token"])
        if "cookie" in headers:
            cookie = SimpleCookie()
            cookie.load(headers["cookie"])
            if COOKIE in cookie:
                offered.append(cookie[COOKIE].value)
        assert self.token is not None  # asked only when a token is set
        expected = self.token.encode()
        return any(hmac.compare_digest(value.encode(), expected) for value in offered)

    def _bounded(self, receive: Receive) -> Receive:
        seen = 0
        limit = self.max_body_bytes

        async def bounded_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    return {"type": "http.disconnect"}
            return message

        return bounded_receive

    def _setting_cookie(self, send: Send) -> Send:
        cookie = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        return send_with_cookie

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, detail: str
    ) -> None:
        if scope["type"] == "websocket":
            # A close before the handshake reaches the browser as a bare HTTP 403: the socket
            # is accepted first so that the close code (4401, 4403, 4421) and reason arrive.
            await receive()  # websocket.connect
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 4000 + status, "reason": detail})
            return
        if "text/html" in _headers(scope).get("accept", ""):  # a page opened in a browser
            body = REFUSAL_PAGE.format(detail=html.escape(detail)).encode()
            content_type = b"text/html; charset=utf-8"
        else:
            body = json.dumps({"detail": detail}).encode()
            content_type = b"application/json"
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", content_type),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
