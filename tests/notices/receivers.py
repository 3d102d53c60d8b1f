"""A real HTTP server on loopback that keeps every webhook body it receives, and can
answer with a redirect or an error instead, or send its status line and then stall
before its body."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Hook:
    """What the receiver got: (path, headers, body) of each POST."""

    url: str
    received: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    answer: int = 204
    location: str = ""
    delay: float = 0.0  # seconds before each answer (a slow receiver)
    arrived: threading.Condition = field(default_factory=threading.Condition)
    # while set, an answer's body waits after its status line and headers went out;
    # `answered` tells that a status line went out
    stall_body: threading.Event = field(default_factory=threading.Event)
    answered: threading.Event = field(default_factory=threading.Event)

    def wait_for(self, count: int, timeout: float = 10.0) -> list[tuple[str, dict[str, str],
                                                                        bytes]]:
        with self.arrived:
            if not self.arrived.wait_for(lambda: len(self.received) >= count, timeout):
                raise AssertionError(f"{len(self.received)} of {count} webhooks arrived")
            return list(self.received)


@contextmanager
def webhook_receiver() -> Iterator[Hook]:
    hook = Hook("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            time.sleep(hook.delay)
            with hook.arrived:
                hook.received.append((self.path, dict(self.headers.items()), body))
                hook.arrived.notify_all()
            self.send_response(hook.answer)
            if hook.location:
                self.send_header("Location", hook.location)
            text = b"ok" if hook.stall_body.is_set() else b""
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.flush()
            hook.answered.set()
            while hook.stall_body.is_set():
                time.sleep(0.01)
            self.wfile.write(text)

        def log_message(self, *_args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    hook.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield hook
    finally:
        hook.stall_body.clear()
        server.shutdown()
        server.server_close()
