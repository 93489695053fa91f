"""A real server for the web tests: uvicorn serving `web.server.create_app` on 127.0.0.1, any
free port, in a thread of the test process (only loopback addresses, ever)."""
from __future__ import annotations

import threading
import time


class LiveServer:
    """`url` is the page's address as `vanguard-fsm web` prints it, with the session's token."""

    def __init__(self, options: dict, trace_html: str | None = None, watch: bool = False) -> None:
        import uvicorn

        from vanguard_fsm.web.server import create_app
        self.app = create_app(options, trace_html, watch=watch)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning",
                                ws="websockets-sansio", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            assert self.thread.is_alive(), "the server stopped before it started"
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}/"
        self.url = self.base + (f"?token={self.app.state.token}" if self.app.state.token else "")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
