"""Who may talk to the server: pages of its own origin, by a loopback name, with the session's token.

A browser lets any web page open a WebSocket to 127.0.0.1 (sockets have no same-origin
rule), and a DNS name an attacker controls can be pointed at 127.0.0.1 once their page
has loaded (DNS rebinding): the page's requests then reach this server carrying the
attacker's name in `Host`. So `HostGuard`, an ASGI middleware, checks every HTTP request
and every WebSocket handshake before it reaches a route (issue 27, S1):

- `Host` is a loopback name (localhost, 127.0.0.0/8, [::1]) or the address given with `--host`;
- `Origin`, which browsers send with every WebSocket and cross-site request, is this
  server's own origin: `http://` and the same host and port as `Host`;
- a WebSocket carries `?token=`, the random token printed in the page's URL (a
  process of another user on this machine, or a page that guessed the port, has not
  seen it). Without a token (`web --trace`: the report page has no socket) none opens.

A refused request gets 403 before anything runs; for a WebSocket that is before the
upgrade, so no debugger session is created. Messages on an open socket pass untouched.
"""
from __future__ import annotations

import ipaddress
import secrets
from urllib.parse import parse_qs

LOOPBACK_NAMES = ("localhost",)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def host_name(value: str) -> str:
    """The name part of a `Host` value (`[::1]:8000` -> `::1`, `Localhost:80` -> `localhost`)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_loopback(name: str) -> bool:
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class HostGuard:
    """ASGI middleware: refuse foreign hosts and origins, and sockets without the token (403)."""

    def __init__(self, app, bound_host: str = "127.0.0.1", token: str | None = None) -> None:
        self.app = app
        self.bound = host_name(bound_host) if bound_host.startswith("[") else bound_host.strip().lower()
        self.token = token

    def refusal(self, scope) -> str | None:
        """Why this request is refused, or None."""
        headers = {}
        for key, value in scope.get("headers", ()):
            headers.setdefault(key, value.decode("latin-1"))
        host = headers.get(b"host")
        if host is None:
            return "no Host header"
        name = host_name(host)
        if not (is_loopback(name) or name == self.bound):
            return f"host {name!r} is not this server's (open the URL it printed)"
        origin = headers.get(b"origin")
        if origin is not None and origin.lower() != f"http://{host.strip().lower()}":
            return "a page of another origin may not use this server"
        if scope["type"] == "websocket":
            given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
            if self.token is None or not secrets.compare_digest(given.encode(), self.token.encode()):
                return "no session without the token of the URL the server printed"
        return None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        why = self.refusal(scope)
        if why is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})    # before accept: the server answers 403
        else:
            body = f"403 forbidden: {why}\n".encode()
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
