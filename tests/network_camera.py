"""A network camera (MJPEG over HTTP, as IP cameras serve it) whose pictures a test holds back.

The camera answers every viewer's request and keeps it waiting for its first picture until
:meth:`HeldCamera.release`: the moment before a slow camera's first frame, made to last as long
as the test needs.
"""

from __future__ import annotations

import http.server
import threading
from types import TracebackType

import cv2
import numpy as np

BOUNDARY = b"cameraframe"
FRAME_S = 0.1


class HeldCamera:
    """``url`` streams a grey 320×240 picture ten times a second, once released."""

    def __init__(self) -> None:
        self._released = threading.Event()
        self._closed = threading.Event()
        self._viewers = 0
        self._lock = threading.Lock()
        ok, jpeg = cv2.imencode(".jpg", np.full((240, 320, 3), 90, np.uint8))
        assert ok
        part = b"--%s\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % (
            BOUNDARY,
            len(jpeg),
        )
        self._part = part + jpeg.tobytes() + b"\r\n"
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_port}/camera.mjpg"

    def _handler(self) -> type[http.server.BaseHTTPRequestHandler]:
        camera = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                with camera._lock:
                    camera._viewers += 1
                self.send_response(200)
                content_type = f"multipart/x-mixed-replace; boundary={BOUNDARY.decode()}"
                self.send_header("Content-Type", content_type)
                self.end_headers()
                while not camera._released.wait(0.1):
                    if camera._closed.is_set():
                        return
                try:
                    while not camera._closed.wait(FRAME_S):
                        self.wfile.write(camera._part)
                        self.wfile.flush()
                except OSError:
                    pass  # the viewer went away

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler

    @property
    def viewers(self) -> int:
        """How many times the camera has been opened."""
        with self._lock:
            return self._viewers

    def release(self) -> None:
        """Let every viewer have its pictures."""
        self._released.set()

    def __enter__(self) -> HeldCamera:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._closed.set()
        self._server.shutdown()
        self._server.server_close()
