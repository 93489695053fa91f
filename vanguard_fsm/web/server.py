"""The web server: the page, its assets, and one WebSocket per tab with its own debugger.

Starlette routes: `/` the debugger page (or, for `web --trace`, the report of that
trace), `/static/*` the packaged assets (the page loads nothing from elsewhere),
`/ws` the command socket, `/docs/` and `/docs/TOPIC` the guides as plain text. A tab's
socket creates its `PageSession`; closing the tab drops it. Each message is handled by `commands.handle` in a worker thread, one at a
time per socket; whatever goes wrong, the reply is an error and the socket stays open.
`serve` binds 127.0.0.1 unless told otherwise and prints the URL.
"""
from __future__ import annotations

import json
import logging
import sys

from anyio import to_thread
from starlette.applications import Starlette
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..reference import guides
from . import commands
from .report import asset
from .session import PageSession

LOG = logging.getLogger("vanguard_fsm.web")
MAX_MESSAGE = 25_000_000
CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
PAGE_HEADERS = {"Cache-Control": "no-store", "Content-Security-Policy": CSP + "script-src 'self'"}
REPORT_HEADERS = {"Cache-Control": "no-store", "Content-Security-Policy": CSP + "script-src 'unsafe-inline'"}


def create_app(options: dict, trace_html: str | None = None) -> Starlette:
    """`options`: the `build_start` arguments every new tab starts from; `trace_html`: serve a report instead."""

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
            page = await to_thread.run_sync(PageSession, options)
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
            return

    routes = [Route("/", index), Route("/health", health), Route("/favicon.ico", no_icon), WebSocketRoute("/ws", socket),
              Route("/docs/", guide), Route("/docs/{topic}", guide),
              Mount("/static", StaticFiles(packages=[(__package__, "static")]), name="static")]
    return Starlette(routes=routes)


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
    try:
        reply = commands.handle(page, msg)
    except Exception as exc:              # a bug, not bad input: report it and keep the session
        LOG.exception("command failed")
        reply = {"ok": False, "id": msg.get("id") if isinstance(msg, dict) else None,
                 "error": f"internal error: {type(exc).__name__}: {exc}"}
    return json.dumps(reply, separators=(",", ":"), default=str)


def serve(app: Starlette, host: str = "127.0.0.1", port: int = 0, open_browser: bool = False, echo=print) -> None:
    """Run uvicorn until interrupted; prints the URL once the socket is bound (port 0: any free port)."""
    import uvicorn

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws="websockets-sansio", lifespan="off")
    server = uvicorn.Server(config)

    async def announce():
        import asyncio
        while not server.started:
            await asyncio.sleep(0.02)
        bound = server.servers[0].sockets[0].getsockname()
        shown = f"[{host}]" if ":" in host else host
        url = f"http://{shown}:{bound[1]}/"
        echo(f"vanguard-fsm web: {url} (Ctrl-C stops)")
        sys.stdout.flush()
        if open_browser:
            import webbrowser
            webbrowser.open(url)

    async def main():
        import asyncio
        watcher = asyncio.create_task(announce())
        await server.serve()
        watcher.cancel()

    import asyncio
    asyncio.run(main())
