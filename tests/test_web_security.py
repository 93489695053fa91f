"""The web server against other sites and other users (issue 27, S1 and S2), as real HTTP
requests and WebSocket handshakes to a running server on 127.0.0.1.

S1: only this server's own origin, reached by a loopback name, may use it (a foreign `Host`
is DNS rebinding, a foreign `Origin` is another site's page), and a debugger session opens
only for the token of the printed URL; a refused handshake is a 403 before the upgrade, so
no session is created. S2: an uploaded scenario names built-in data only, never a file of
the server, and the reply quotes nothing of such a file.
"""
from __future__ import annotations

import base64
import http.client
import json
import os
import shutil
import tempfile

import pytest

pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.sync.client")

from vanguard_fsm.paths import builtin_cards_dir  # noqa: E402
from vanguard_fsm.web import server as web_server_module  # noqa: E402
from web_server import LiveServer  # noqa: E402

G_GUARD = os.path.join(os.path.dirname(__file__), "fixtures", "web", "guard_with_g_guardian.yaml")
SECRET = "private-key-0f9a7c-SECRET"


@pytest.fixture
def sessions(monkeypatch):
    """Every debugger session the server creates, counted (the server runs in this process)."""
    made = []

    class Counted(web_server_module.PageSession):
        def __init__(self, options, *more):
            made.append(options)
            super().__init__(options, *more)

    monkeypatch.setattr(web_server_module, "PageSession", Counted)
    return made


@pytest.fixture
def server():
    running = LiveServer({"seed": 3})
    yield running
    running.stop()


def request(server, path: str, host: str | None = None, origin: str | None = None, upgrade: bool = False) -> int:
    """The status of one raw request; `upgrade`: a WebSocket handshake (101 when accepted)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{server.port}")
        if origin is not None:
            conn.putheader("Origin", origin)
        if upgrade:
            conn.putheader("Upgrade", "websocket")
            conn.putheader("Connection", "Upgrade")
            conn.putheader("Sec-WebSocket-Key", base64.b64encode(os.urandom(16)).decode())
            conn.putheader("Sec-WebSocket-Version", "13")
        conn.endheaders()
        return conn.getresponse().status
    finally:
        conn.close()


def own_origin(server) -> str:
    return f"http://127.0.0.1:{server.port}"


def test_a_foreign_host_gets_403_for_the_page_its_assets_and_the_socket(server, sessions):
    """DNS rebinding: the attacker's name, pointed at 127.0.0.1, arrives in `Host`."""
    token = server.app.state.token
    for host in ("attacker.example", f"attacker.example:{server.port}", f"127.0.0.1.attacker.example:{server.port}",
                 f"localhost.attacker.example:{server.port}", "0.0.0.0"):
        assert request(server, "/", host) == 403, host
        assert request(server, "/static/app.js", host) == 403, host
        assert request(server, "/docs/", host) == 403, host
        assert request(server, f"/ws?token={token}", host, upgrade=True) == 403, host
    assert sessions == []


def test_a_loopback_host_by_any_of_its_names_gets_the_page(server):
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"LOCALHOST:{server.port}",
                 f"127.1.2.3:{server.port}", f"[::1]:{server.port}"):
        assert request(server, "/", host) == 200, host
        assert request(server, "/static/app.js", host) == 200, host
        assert request(server, "/docs/", host) == 200, host


def test_a_page_of_another_origin_cannot_open_the_socket(server, sessions):
    """Any site the user visits may try `new WebSocket("ws://127.0.0.1:PORT/ws")`: its Origin says so."""
    token = server.app.state.token
    for origin in ("http://attacker.example", f"http://attacker.example:{server.port}", "null",
                   f"https://127.0.0.1:{server.port}", f"http://127.0.0.1:{server.port + 1}"):
        assert request(server, f"/ws?token={token}", origin=origin, upgrade=True) == 403, origin
        assert request(server, "/", origin=origin) == 403, origin
    assert sessions == []


def test_the_socket_needs_the_token_of_the_printed_url(server, sessions):
    token = server.app.state.token
    assert len(token) >= 20 and server.url.endswith(f"/?token={token}")
    for path in ("/ws", "/ws?token=", f"/ws?token={token[:-1]}", f"/ws?token={token}x", "/ws?tok=" + token):
        assert request(server, path, origin=own_origin(server), upgrade=True) == 403, path
    assert sessions == []
    assert request(server, f"/ws?token={token}", origin=own_origin(server), upgrade=True) == 101


def test_the_right_origin_host_and_token_open_one_session(server, sessions):
    url = f"ws://127.0.0.1:{server.port}/ws?token={server.app.state.token}"
    with websockets_client.connect(url, origin=own_origin(server), open_timeout=20) as ws:
        hello = json.loads(ws.recv(timeout=60))
        assert hello["ok"] and hello["cmd"] == "hello"
        ws.send(json.dumps({"cmd": "step", "id": 1}))
        assert json.loads(ws.recv(timeout=60))["ok"]
    assert len(sessions) == 1


def test_a_report_server_has_no_socket_at_all(sessions):
    report = LiveServer({"seed": 1}, trace_html="<!doctype html><title>report</title>")
    try:
        assert report.app.state.token is None and "token" not in report.url
        assert request(report, "/") == 200
        assert request(report, "/", host="attacker.example") == 403
        assert request(report, "/ws", origin=own_origin(report), upgrade=True) == 403
        assert request(report, "/ws?token=None", origin=own_origin(report), upgrade=True) == 403
    finally:
        report.stop()
    assert sessions == []


@pytest.fixture
def secret_cards(tmp_path):
    """A valid card directory outside the upload folder, holding a secret: the G guard scenario's
    cards, one of them renamed to the secret."""
    folder = tmp_path / "private"
    folder.mkdir()
    for name in ("aurora_lancers.yaml", "tidewyrm_covenant.yaml"):
        shutil.copy(builtin_cards_dir() / name, folder / name)
    lancers = folder / "aurora_lancers.yaml"
    text = lancers.read_text()
    at = text.index("id: AL-014")
    name_at = text.index("name: ", at)
    end = text.index("\n", name_at)
    lancers.write_text(text[:name_at] + f"name: {SECRET}" + text[end:])
    (tmp_path / "passwd").write_text(f"root:x:0:0:{SECRET}:/root:/bin/bash\n")
    return folder


def test_an_uploaded_scenario_cannot_name_a_file_of_the_server(server, secret_cards):
    """The `load` message's scenario names /etc/passwd, a file by its absolute path, and the same
    by `../` out of the upload folder: each is an error at its `cards:` line that quotes no file,
    and the session goes on where it was."""
    scenario = open(G_GUARD, encoding="utf-8").read()
    outside = os.path.relpath(secret_cards, tempfile.gettempdir())
    names = ["/etc/passwd", str(secret_cards), str(secret_cards.parent / "passwd"), "../" * 12 + "etc/passwd",
             "../" + outside, "../../" + outside, ".", "..", "aurora_lancers.yaml/../../../etc/passwd"]
    url = f"ws://127.0.0.1:{server.port}/ws?token={server.app.state.token}"
    with websockets_client.connect(url, origin=own_origin(server), open_timeout=20, max_size=None) as ws:
        ws.recv(timeout=60)
        ws.send(json.dumps({"cmd": "step", "count": 3}))
        before = json.loads(ws.recv(timeout=60))
        for name in names:
            ws.send(json.dumps({"cmd": "load", "what": "scenario", "name": "mine.yaml",
                                "text": f"cards: {json.dumps(name)}\n{scenario}"}))
            reply = json.loads(ws.recv(timeout=60))
            assert reply["ok"] is False, name
            assert reply["error"].startswith("mine.yaml:1:8: an uploaded scenario may name only a built-in card file")
            assert SECRET not in json.dumps(reply) and "root:x" not in reply["error"]
            ws.send(json.dumps({"cmd": "view"}))
            now = json.loads(ws.recv(timeout=60))
            assert now["position"] == before["position"] and now["label"] == before["label"]
        ws.send(json.dumps({"cmd": "load", "what": "scenario", "name": "mine.yaml",
                            "text": f"cards: tidewyrm_covenant.yaml\n{scenario}"}))
        builtin = json.loads(ws.recv(timeout=60))          # built-in data by name: read, then judged
        assert not builtin["ok"] and "unknown card 'AL-014'" in builtin["error"]
