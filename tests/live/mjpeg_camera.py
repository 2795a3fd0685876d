"""A network camera for tests: a real HTTP server sending MJPEG, as many IP cameras and
phone camera apps do, following a plan per connection (frames, stalls, hang-ups)."""

from __future__ import annotations

import contextlib
import http.server
import threading
import time
from dataclasses import dataclass, field

import cv2
import numpy as np


@dataclass
class Plan:
    """What one connection gets: steps of ("frames", n, size), ("same", n) (the last image
    again), ("stall", seconds), and then the connection closes."""

    steps: list[tuple] = field(default_factory=list)


def image(k: int, size: tuple[int, int] = (640, 480)) -> np.ndarray:
    img = np.full((size[1], size[0], 3), 40 + (k * 7) % 150, np.uint8)
    cv2.putText(img, str(k), (20, size[1] // 2), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
    return img


class MjpegCamera:
    def __init__(self, plans: list[Plan], fps: float = 30.0) -> None:
        self.plans = list(plans)
        self.fps = fps
        self.connections = 0
        camera = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                camera.connections += 1
                if not camera.plans:
                    self.send_error(503, "camera off")
                    return
                plan = camera.plans.pop(0)
                self.send_response(200)
                self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    camera.serve(self, plan)  # the client hung up: fine

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/stream.mjpg"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def serve(self, handler: http.server.BaseHTTPRequestHandler, plan: Plan) -> None:
        k, last = 0, image(0)
        for step in plan.steps:
            if step[0] == "stall":
                time.sleep(step[1])
                continue
            for _ in range(step[1]):
                if step[0] == "frames":
                    last = image(k, step[2] if len(step) > 2 else (640, 480))
                    k += 1
                _, jpeg = cv2.imencode(".jpg", last)
                handler.wfile.write(
                    b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % len(jpeg)
                    + jpeg.tobytes()
                    + b"\r\n"
                )
                handler.wfile.flush()
                time.sleep(1 / self.fps)

    def __enter__(self) -> MjpegCamera:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
