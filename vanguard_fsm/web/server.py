"""The web server: the page, its assets, and one WebSocket per tab with its own debugger.

Starlette routes: `/` the debugger page (or, for `web --trace`, the report of that
trace), `/static/*` the packaged assets (the page loads nothing from elsewhere),
`/ws` the command socket, `/docs/` and `/docs/TOPIC` the guides as plain text. A tab's
socket creates its `PageSession`; closing the tab drops it. Each message is handled by
`commands.handle` in a worker thread, one at a time per socket; whatever goes wrong, the
reply is an error and the socket stays open.
Every request first passes `guard.HostGuard` (loopback host, own origin, and for the
socket the token of the printed URL). `bind` opens the listening socket (an address in
use is a `BindError`, one line), `serve` runs on it and prints the URL with the token.
"""
from __future__ import annotations

import errno
import json
import logging
import socket as sockets
import sys

from anyio import to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..reference import guides
from . import commands
from .guard import HostGuard, new_token
from .report import asset
from .session import PageSession

LOG = logging.getLogger("vanguard_fsm.web")
MAX_MESSAGE = 25_000_000
CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
PAGE_HEADERS = {"Cache-Control": "no-store", "Content-Security-Policy": CSP + "script-src 'self'"}
REPORT_HEADERS = {"Cache-Control": "no-store", "Content-Security-Policy": CSP + "script-src 'unsafe-inline'"}


class BindError(OSError):
    """The server cannot listen where it was told; the message is one line naming `--host`."""


def create_app(options: dict, trace_html: str | None = None, host: str = "127.0.0.1", watch: bool = False) -> Starlette:
    """`options`: the `build_start` arguments every new tab starts from; `trace_html`: serve a report
    instead (no socket then); `host`: the address given with --host, accepted in `Host` beside loopback;
    `watch`: each tab follows edits of the flow and card files (web/watch.py).
    The token a socket must carry is `app.state.token` (None for a report)."""

    async def index(request):
        if trace_html is not None:
            return HTMLResponse(trace_html, headers=REPORT_HEADERS)
        return HTMLResponse(asset("index.html"), headers=PAGE_HEADERS)

    async def no_icon(request):
        return Response(status_code=204)

    async def health(request):
        return Response("ok", media_type="text/plain")

    async def socket(ws: WebSocket):
        await ws.accept()
        try:
            page = await to_thread.run_sync(PageSession, options, watch)
        except Exception as exc:          # the start itself failed: say so, then close
            await ws.send_text(json.dumps({"ok": False, "cmd": "hello", "error": f"cannot start: {exc}"}))
            await ws.close()
            return
        await ws.send_text(json.dumps({"ok": True, "cmd": "hello", **page.view(),
                                       **commands.flows_info(page, {})}))
        try:
            while True:
                text = await ws.receive_text()
                reply = await to_thread.run_sync(_answer, page, text)
                await ws.send_text(reply)
        except WebSocketDisconnect:
            page.stop_search("the tab closed")
            return

    token = new_token() if trace_html is None else None
    routes = [Route("/", index), Route("/health", health), Route("/favicon.ico", no_icon),
              Route("/docs/", guide), Route("/docs/{topic}", guide),
              Mount("/static", StaticFiles(packages=[(__package__, "static")]), name="static")]
    if trace_html is None:
        routes.append(WebSocketRoute("/ws", socket))
    app = Starlette(routes=routes, middleware=[Middleware(HostGuard, bound_host=host, token=token)])
    app.state.token = token
    return app


async def guide(request):
    """`/docs/`: the topics; `/docs/TOPIC`: one guide's Markdown (a known topic only, never a path)."""
    topic = request.path_params.get("topic")
    try:
        text = guides.listing() if topic is None else guides.read(topic)
    except guides.UnknownTopic as exc:
        return PlainTextResponse(f"{exc}\n", status_code=404, headers=PAGE_HEADERS)
    return PlainTextResponse(text, headers=PAGE_HEADERS)


def _answer(page: PageSession, text: str) -> str:
    """One message's reply as JSON text; a malformed message or a failure is an error reply."""
    if len(text) > MAX_MESSAGE:
        return json.dumps({"ok": False, "error": f"message too long ({len(text)} characters)"})
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as exc:
        return json.dumps({"ok": False, "error": f"not JSON: {exc.msg} at column {exc.colno}"})
    except RecursionError:
        return json.dumps({"ok": False, "error": "not a message: JSON nested too deeply"})
    try:
        reply = commands.handle(page, msg)
    except Exception as exc:              # a bug, not bad input: report it and keep the session
        LOG.exception("command failed")
        reply = {"ok": False, "id": msg.get("id") if isinstance(msg, dict) else None,
                 "error": f"internal error: {type(exc).__name__}: {exc}"}
    return json.dumps(reply, separators=(",", ":"), default=str)


def bind(host: str = "127.0.0.1", port: int = 0) -> sockets.socket:
    """The listening socket, bound now so that a bad address is one line (`BindError`), not uvicorn's log."""
    try:
        family, kind, proto, _, address = sockets.getaddrinfo(host, port, type=sockets.SOCK_STREAM,
                                                              flags=sockets.AI_PASSIVE)[0]
    except (sockets.gaierror, UnicodeError) as exc:
        raise BindError(f"--host: cannot resolve {host!r}: {getattr(exc, 'strerror', None) or exc}") from None
    sock = sockets.socket(family, kind, proto)
    try:
        sock.setsockopt(sockets.SOL_SOCKET, sockets.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        why = "address in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc)).lower()
        raise BindError(f"--host: cannot bind {_netloc(host, port)}: {why}") from None
    return sock


def _netloc(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def serve(app: Starlette, sock: sockets.socket, host: str = "127.0.0.1", open_browser: bool = False,
          echo=print) -> None:
    """Run uvicorn on the bound socket until interrupted; once it listens, prints the URL: the host as
    given (the name the guard accepts), the port bound, the token."""
    import asyncio

    import uvicorn

    config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="off")
    server = uvicorn.Server(config)

    async def announce():
        while not server.started:
            await asyncio.sleep(0.02)
        url = f"http://{_netloc(host, sock.getsockname()[1])}/"
        if app.state.token:
            url += f"?token={app.state.token}"
        echo(f"vanguard-fsm web: {url} (Ctrl-C stops)")
        sys.stdout.flush()
        if open_browser:
            import webbrowser
            webbrowser.open(url)

    async def main():
        watcher = asyncio.create_task(announce())
        await server.serve(sockets=[sock])
        watcher.cancel()

    asyncio.run(main())
