"""The browser debugger's server (issue 14): every command over the WebSocket, errors,
malformed messages, one session per tab, no file paths from the page; and `report`."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from vanguard_fsm.web import commands  # noqa: E402
from vanguard_fsm.web.server import create_app  # noqa: E402
from vanguard_fsm.web.session import safe_name  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "web"
G_GUARD = FIXTURES / "guard_with_g_guardian.yaml"


class Tab:
    """One browser tab: a socket with its own session."""

    def __init__(self, socket):
        self.ws = socket
        self.hello = json.loads(socket.receive_text())
        self.next_id = 1

    def raw(self, text: str) -> dict:
        self.ws.send_text(text)
        return json.loads(self.ws.receive_text())

    def __call__(self, cmd: str, **args) -> dict:
        self.next_id += 1
        reply = self.raw(json.dumps({"id": self.next_id, "cmd": cmd, **args}))
        assert reply["id"] == self.next_id and reply["cmd"] == cmd
        return reply

    def ok(self, cmd: str, **args) -> dict:
        reply = self(cmd, **args)
        assert reply["ok"], reply.get("error")
        return reply


def local_client(options: dict) -> TestClient:
    """A client of the app as the browser reaches it: by 127.0.0.1 (the guard refuses other hosts)."""
    return TestClient(create_app(options), base_url="http://127.0.0.1")


def open_tab(client):
    """A socket with the token the server prints in its URL."""
    return client.websocket_connect(f"ws://127.0.0.1/ws?token={client.app.state.token}")


@pytest.fixture
def client():
    return local_client({"seed": 3})


@pytest.fixture
def tab(client):
    with open_tab(client) as socket:
        yield Tab(socket)


def into_a_battle(tab) -> dict:
    """Let the agents play to the first guard step (about 26 transitions in, seed 3)."""
    number = tab.ok("break_add", kind="state", name="guard_step")["breakpoints"][-1]["number"]
    reply = tab.ok("continue")
    tab.ok("break_delete", number=number)
    assert reply["position"]["transitions"] > 20
    return reply


def to_guard_step(tab) -> dict:
    tab.ok("next")
    tab.ok("choose", action="battle")
    return tab.ok("next")


def test_the_page_and_its_assets_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and "vanguard-fsm" in page.text
    assert "http://" not in page.text and "https://" not in page.text       # nothing from the network
    for asset in ("app.js", "common.js", "app.css"):
        body = client.get(f"/static/{asset}")
        assert body.status_code == 200 and "http://" not in body.text.replace("http://www.w3.org", "")
    assert client.get("/static/../session.py").status_code == 404


def test_hello_describes_the_start_position_and_the_flows(tab):
    hello = tab.hello
    assert hello["ok"] and hello["position"]["transitions"] == 0
    assert hello["position"]["machines"][0]["machine"] == "game"
    assert {"game", "turn", "battle"} <= set(hello["machines"])
    assert hello["state_rules"]["battle.guard_step"]
    assert len(hello["board"]["seats"]) == 2


def test_step_next_and_continue_move_and_send_only_the_new_trace_rows(tab):
    one = tab.ok("step")
    assert one["position"]["transitions"] == 1 and one["log"]["from"] == 0 and one["log"]["rows"]
    sent = one["position"]["events"]
    two = tab.ok("step", count=3)
    assert two["position"]["transitions"] == 4 and two["log"]["from"] == sent
    decision = tab.ok("next")["decision"]
    assert decision is not None and len(decision["actions"]) > 1
    tab.ok("break_add", kind="state", name="guard_step")
    stopped = tab.ok("continue")
    assert stopped["position"]["machines"][-1]["state"] == "guard_step"
    assert "breakpoint 1: state battle.guard_step" in stopped["message"]


def test_back_is_exact_and_the_log_is_cut_where_it_rewound(tab):
    into_a_battle(tab)
    ahead = tab.ok("view")
    tab.ok("back", count=3)
    back = tab.ok("view")
    assert back["position"]["transitions"] == ahead["position"]["transitions"] - 3
    again = tab.ok("step", count=3)
    assert again["log"]["from"] == back["position"]["events"]
    assert again["board"] == ahead["board"] and again["position"]["machines"] == ahead["position"]["machines"]


def test_goto_restart_and_the_timeline(tab):
    far = into_a_battle(tab)["position"]["transitions"]
    middle = tab.ok("goto", transitions=8)
    assert middle["position"]["transitions"] == 8 and middle["position"]["furthest"] == far
    forward = tab.ok("goto", transitions=far)
    assert forward["position"]["transitions"] == far
    start = tab.ok("restart")
    assert start["position"]["transitions"] == 0 and start["log"]["from"] == 0 and start["position"]["events"] == 0


def test_choose_a_legal_action_and_refuse_an_illegal_one_without_change(client):
    with open_tab(client) as socket:
        tab = Tab(socket)
        decision = tab.ok("next")["decision"]
        before = tab.ok("view")
        refused = tab("choose", action="attack:VC->nowhere")
        assert not refused["ok"] and "legal now" in refused["error"]
        assert tab.ok("view")["board"] == before["board"]
        chosen = tab.ok("choose", action=decision["actions"][0]["id"])
        assert chosen["position"]["choices_made"] == before["position"]["choices_made"] + 1
        assert tab.ok("auto")["ok"]


def test_the_board_shows_the_viewing_seats_hand_or_both_in_debug(tab):
    both = tab.ok("next")                                     # P0 redraws: both hands are dealt
    assert both["board"]["viewer"] is None
    assert all(seat["hand"] and len(seat["hand"]) == seat["hand_count"] for seat in both["board"]["seats"])
    as_p1 = tab.ok("view_as", seat=1)
    p0, p1 = as_p1["board"]["seats"]
    assert p0["hand"] is None and p0["hand_count"] == 5 and p1["hand"] == both["board"]["seats"][1]["hand"]
    assert {g["id"] for g in p0["g_zone"]} == {"?"} and p1["g_zone"][0]["id"] != "?"
    assert all(a["cards"] == "" for a in as_p1["decision"]["actions"])      # P0's redraw names no P0 card
    as_p0 = tab.ok("view_as", seat=0)
    assert as_p0["board"]["seats"][1]["hand"] is None and any(a["cards"] for a in as_p0["decision"]["actions"])
    assert tab.ok("view_as", seat=None)["board"]["seats"][1]["hand"]
    assert not tab("view_as", seat=2)["ok"] and not tab("view_as", seat="0")["ok"]


def finished_search(tab) -> dict:
    """Poll the background search until it is over (each poll is answered at once)."""
    for _ in range(2000):
        ev = tab.ok("evaluate_poll")["evaluation"]
        if ev["state"] not in ("running", "cancelling"):
            return ev
        time.sleep(0.01)
    raise AssertionError("the search did not finish")


def test_search_values_for_the_pending_decision_leave_the_game_unchanged(tab):
    refused = tab("evaluate")
    assert not refused["ok"] and "no decision" in refused["error"]
    before = tab.ok("next")
    started = tab.ok("evaluate", iterations=30)["evaluation"]
    assert started["state"] in ("running", "done") and started["done"] <= 30
    ev = finished_search(tab)
    pos = before["position"]
    assert ev["state"] == "done" and ev["done"] == 30
    assert ev["player"] == before["decision"]["player"] and ev["iterations"] == 30
    assert ev["at"] == f"{pos['transitions']}/{pos['choices_made']}/{pos['events']}"
    assert sorted(a["id"] for a in ev["actions"]) == sorted(a["id"] for a in before["decision"]["actions"])
    assert sum(a["visits"] for a in ev["actions"]) >= 30 and all(isinstance(a["line"], list) for a in ev["actions"])
    for a in ev["actions"]:                      # each value with its 95% interval around it
        assert a["win"] is None or 0 <= a["low"] <= a["win"] <= a["high"] <= 1, a
    after = tab.ok("view")
    assert after["board"] == before["board"] and after["position"] == before["position"]
    assert not tab("evaluate", iterations=0)["ok"] and not tab("evaluate", iterations=10**6)["ok"]


def test_a_long_search_never_blocks_the_session_and_can_be_cancelled(tab):
    """Issue 30.8: the search runs beside the session: a choice is answered while it runs, and
    moving stops it (its values were of the position left); `evaluate_cancel` stops it too."""
    tab.ok("next")
    tab.ok("evaluate", iterations=5000)
    moved = tab.ok("auto")                       # answered at once, the search still under way
    assert moved["position"]["choices_made"] == 1
    left = finished_search(tab)
    assert left["state"] == "cancelled" and left["why"] == "the position moved" and left["done"] < 5000
    tab.ok("next")
    tab.ok("evaluate", iterations=5000)
    cancelled = tab.ok("evaluate_cancel")
    assert cancelled["message"] == "search cancelled"
    over = finished_search(tab)
    assert over["state"] == "cancelled" and over["done"] < 5000


def test_a_click_on_an_action_moves_the_game_on(tab):
    """Issue 30.6: the page's click chooses and goes on (`then: step`, one transition; `then: next`,
    to the next decision), so the game visibly moves; anything else is refused, nothing chosen."""
    first = tab.ok("next")
    refused = tab("choose", action=first["decision"]["actions"][0]["id"], then="run")
    assert not refused["ok"] and tab.ok("view")["position"] == first["position"]
    stepped = tab.ok("choose", action=first["decision"]["actions"][0]["id"], then="step")
    assert stepped["position"]["transitions"] == first["position"]["transitions"] + 1
    second = tab.ok("next")
    moved = tab.ok("choose", action=second["decision"]["actions"][0]["id"], then="next")
    assert moved["position"]["transitions"] > second["position"]["transitions"]
    assert moved["decision"] is None or len(moved["decision"]["actions"]) > 1 or moved["position"]["over"]


def test_a_condition_already_true_when_set_says_so(tab):
    """Issue 30.6: a condition stops when it turns true; one true already says it will not stop here."""
    assert "already true" not in tab.ok("break_add", kind="condition", name="damage >= 5")["message"]
    said = tab.ok("break_add", kind="condition", name="turn >= 0")["message"]
    assert "already true here" in said


def test_every_rule_id_the_log_shows_comes_with_its_text(tab):
    texts = tab.hello["rule_texts"]
    cited = {r for rules in tab.hello["state_rules"].values() for r in rules}
    assert set(texts) == cited
    assert all(texts.values()) and texts["CR.guard"].startswith("Guard step: ")


def test_branch_drops_the_recorded_choices_and_continues(tab):
    tab.ok("next")
    tab.ok("auto")
    tab.ok("next")
    tab.ok("auto")
    rewound = tab.ok("back", count=40)
    assert rewound["position"]["recorded_ahead"] >= 1
    branched = tab.ok("branch")
    assert branched["position"]["recorded_ahead"] == 0
    assert tab.ok("branch", run=True)["position"]["over"]


def test_breakpoints_of_every_kind_and_their_errors(tab):
    for kind, name in (("state", "guard_step"), ("timing", "beginning_of_guard_step"), ("event", "drive_check"),
                       ("card", "AL-014"), ("condition", "damage >= 5"), ("condition", "g_guardian")):
        reply = tab.ok("break_add", kind=kind, name=name)
        assert reply["breakpoints"][-1] == {"number": len(reply["breakpoints"]), "kind": kind, "name": name}
    for kind, name in (("state", "no_such_step"), ("timing", "never"), ("card", "XX-999"),
                       ("condition", "__import__('os')"), ("condition", "damage >= lots"), ("planet", "x")):
        assert not tab("break_add", kind=kind, name=name)["ok"]
    assert len(tab.ok("break_delete", number=5)["breakpoints"]) == 5
    assert not tab("break_delete", number=99)["ok"]
    written = tab.ok("break_add", kind="condition", name="p1.damage ≥ 3")     # as the issue writes it
    assert written["breakpoints"][-1]["name"] == "p1.damage >= 3"


def test_a_condition_breakpoint_stops_where_a_g_guardian_can_be_called():
    with open_tab(local_client({"scenario": str(G_GUARD)})) as socket:
        tab = Tab(socket)
        tab.ok("break_add", kind="condition", name="g_guardian")
        tab.ok("next")
        tab.ok("choose", action="battle")
        stopped = tab.ok("continue")
        assert "condition g_guardian" in stopped["message"]
        assert any(a["kind"] == "g_guardian" for a in stopped["decision"]["actions"])


def test_peek_shows_a_past_position_and_leaves_the_present_unchanged(tab):
    into_a_battle(tab)
    now = tab.ok("view")
    seen = tab.ok("peek", seq=3)["peek"]
    assert seen["seq"] == 3 and seen["transitions"] < now["position"]["transitions"]
    after = tab.ok("view")
    assert after["position"] == now["position"] and after["board"] == now["board"]
    assert after["log"]["rows"] == []                    # nothing new to send: the trace is the same
    assert not tab("peek", seq=10**5)["ok"]


def test_diagrams_and_state_info_come_from_the_flows(tab):
    svg = tab.ok("diagram", machine="battle")["svg"]
    assert svg.startswith("<svg") and "<title>battle.guard_step</title>" in svg
    info = tab.ok("state_info", machine="battle", path="guard_step")["state"]
    assert info["decision"]["who"] == "non_turn_player" and "g_guardian" in info["decision"]["kinds"]
    assert info["timings"] == [] and info["transitions"]
    begins = tab.ok("state_info", machine="battle", path="guard_step_begins")["state"]
    assert begins["timings"] == ["beginning_of_guard_step"]         # CR 7.5.1.1, then the play timing
    assert [r["id"] for r in info["rules"]] == tab.hello["state_rules"]["battle.guard_step"]
    assert all(r["text"] for r in info["rules"]), info["rules"]        # each with its text from the digest
    assert not tab("diagram", machine="../../etc/passwd")["ok"]
    assert not tab("state_info", machine="battle", path="nowhere")["ok"]


def test_save_comes_back_as_downloads(tmp_path):
    with open_tab(local_client({"scenario": str(G_GUARD)})) as socket:
        tab = Tab(socket)
        to_guard_step(tab)
        scenario = tab.ok("save", what="scenario")
        assert scenario["filename"].endswith(".yaml") and "battle.guard_step" in scenario["content"]
        assert str(tmp_path.parent) not in scenario["message"]     # no server path is shown
        trace = tab.ok("save", what="trace")
        rows = [json.loads(line) for line in trace["content"].splitlines()]
        assert rows[0]["seq"] == 0 and rows[-1]["event"] in ("state", "timing", "when_attacks")
        refused = tab("save", what="replay")       # a scenario start has no replay
        assert not refused["ok"] and "scenario" in refused["error"]
        assert not tab("save", what="/etc/passwd")["ok"]


def test_a_whole_game_saves_as_a_replay_that_loads_back(tab):
    done = tab.ok("continue")
    assert done["position"]["over"]
    replay = tab.ok("save", what="replay")
    loaded = tab.ok("load", what="replay", name=replay["filename"], text=replay["content"])
    assert loaded["position"]["transitions"] == 0 and loaded["position"]["recorded_ahead"] > 10
    assert loaded["log"]["from"] == 0
    replayed = tab.ok("continue")
    assert replayed["board"] == done["board"]


def test_uploads_load_a_scenario_or_say_what_is_wrong_and_keep_the_session(tab):
    before = tab.ok("step", count=5)
    bad = tab("load", what="scenario", name="../../bad.yaml", text="name: x\nstart: [\n")
    assert not bad["ok"] and bad["error"].startswith("bad.yaml:")
    assert tab.ok("view")["position"]["transitions"] == before["position"]["transitions"]
    loaded = tab.ok("load", what="scenario", name="g.yaml", text=G_GUARD.read_text())
    assert loaded["position"]["machines"][-1]["state"] == "start_step" and "g.yaml" in loaded["label"]
    tab.ok("next")
    report = tab.ok("load", what="trace", name="t.jsonl", text=tab.ok("save", what="trace")["content"])
    assert report["report_html"].startswith("<!doctype html>")
    assert not tab("load", what="trace", name="t.jsonl", text="{not json\n")["ok"]
    assert tab.ok("new", seed=4)["position"]["transitions"] == 0


def test_malformed_messages_get_an_error_and_the_session_lives(tab):
    tab.ok("step", count=2)
    for text in ("not json", "[1, 2]", "42", '{"no": "cmd"}', '{"cmd": "rm -rf"}', '{"cmd": "step", "count": "x"}',
                 '{"cmd": "step", "count": -1}', '{"cmd": "back", "count": 1e9}', '{"cmd": "choose"}',
                 '{"cmd": "goto", "transitions": true}', '{"cmd": "load", "what": "scenario"}',
                 '{"cmd": "break_add", "kind": "state", "name": "a b"}'):
        reply = tab.raw(text)
        assert reply["ok"] is False and reply["error"], text
    assert tab.ok("view")["position"]["transitions"] == 2


def test_each_tab_has_its_own_session(client):
    with open_tab(client) as one, open_tab(client) as two:
        first, second = Tab(one), Tab(two)
        into_a_battle(first)
        assert second.ok("view")["position"]["transitions"] == 0
        second.ok("break_add", kind="state", name="guard_step")
        assert first.ok("view")["breakpoints"] == [] and len(second.ok("view")["breakpoints"]) == 1


def test_the_page_can_only_name_its_own_commands_and_never_a_server_path():
    assert set(commands.COMMANDS) == {"view", "step", "next", "continue", "back", "goto", "restart", "branch",
                                      "choose", "auto", "break_add", "break_delete", "peek", "flows", "diagram",
                                      "state_info", "save", "load", "new", "view_as",
                                      "evaluate", "evaluate_poll", "evaluate_cancel", "reload_rules", "watch"}
    assert safe_name("../../etc/passwd", "x") == "passwd"
    assert safe_name("C:\\temp\\a b.yaml", "x") == "a_b.yaml"
    assert safe_name("..", "upload.yaml") == "upload.yaml"


def test_web_binds_127_0_0_1_unless_told(monkeypatch):
    from vanguard_fsm.cli import cmd_web
    from vanguard_fsm.web import server
    seen = {}
    monkeypatch.setattr(server, "serve", lambda app, sock, host, open_browser, echo: seen.update(
        host=host, port=sock.getsockname()[1] and 0, bound=sock.getsockname()[0]) or sock.close())
    from click.testing import CliRunner
    from vanguard_fsm.cli.main import main
    result = CliRunner().invoke(main, ["web", "--seed", "2"])
    assert result.exit_code == 0 and seen == {"host": "127.0.0.1", "port": 0, "bound": "127.0.0.1"}
    assert {p.name: p.default for p in cmd_web.web.params}["host"] == "127.0.0.1"


def run(*args):
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True)


def test_web_refuses_a_bad_start_with_a_located_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nstart: [\n")
    out = run("web", "--scenario", str(bad))
    assert out.returncode == 2 and out.stderr.startswith(f"{bad}:") and "Traceback" not in out.stderr
    assert run("web", "--seed", "1", "--scenario", str(bad)).returncode == 2


def test_report_writes_one_self_contained_file(tmp_path):
    trace = tmp_path / "game.jsonl"
    assert run("play", "--seed", "5", "--quiet", "--trace", str(trace)).returncode == 0
    out = run("report", str(trace), "-o", str(tmp_path / "r.html"))
    assert out.returncode == 0, out.stderr
    html = (tmp_path / "r.html").read_text()
    assert html.count("<svg") >= 3 and "LogView" in html and '"event":"game_over"' in html
    for external in ("<script src", "<link ", "http://", "https://"):
        assert external not in html.replace("http://www.w3.org", ""), external


def test_report_of_a_bad_trace_is_a_located_error(tmp_path):
    trace = tmp_path / "bad.jsonl"
    trace.write_text('{"seq":0,"event":"state","path":"game.setup"}\n{oops\n')
    out = run("report", str(trace))
    assert out.returncode == 2 and out.stderr.strip() == f"{trace}:2:2: not JSON: Expecting property name " \
                                                          "enclosed in double quotes"
    assert run("report", str(tmp_path / "missing.jsonl")).returncode == 2


def test_report_tolerates_unknown_events_and_fields(tmp_path):
    from vanguard_fsm.web.report import report_html
    html = report_html('{"seq":0,"event":"state","path":"game.setup","turn":0,"turn_player":null}\n'
                       '{"seq":1,"event":"future_event","turn":0,"turn_player":null,"extra":{"a":[1]}}\n'
                       '{"seq":2,"event":"state","path":"elsewhere.x","turn":0,"turn_player":null}\n', "t")
    assert '"future_event"' in html and "</script>" in html


def _web_cli(monkeypatch, *args):
    """`web ARGS` in-process, with `serve` replaced: what it would run on, and what it said."""
    from click.testing import CliRunner
    from vanguard_fsm.cli.main import main
    from vanguard_fsm.web import server
    served = []
    monkeypatch.setattr(server, "serve", lambda app, sock, host, open_browser, echo: served.append(host) or sock.close())
    return CliRunner().invoke(main, ["web", "--seed", "1", *args]), served


def test_web_on_a_busy_port_is_one_line_and_exit_2(monkeypatch):
    """Issue 27: uvicorn's own log and exit 3 became one line naming --host, exit 2."""
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result, served = _web_cli(monkeypatch, "--port", str(port))
    assert result.exit_code == 2 and served == []
    assert result.stderr == f"--host: cannot bind 127.0.0.1:{port}: address in use\n"


def test_web_on_an_unknown_host_is_one_line_and_exit_2(monkeypatch):
    """The name is refused by the resolver (replaced here: no lookup leaves the machine)."""
    import socket

    def unknown(*_args, **_kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    result, served = _web_cli(monkeypatch, "--host", "nowhere.invalid")
    assert result.exit_code == 2 and served == []
    assert result.stderr == "--host: cannot resolve 'nowhere.invalid': Name or service not known\n"


def test_web_warns_for_a_host_other_machines_can_reach(monkeypatch):
    from vanguard_fsm.web import server
    monkeypatch.setattr(server, "bind", lambda host, port: __import__("socket").socket())
    result, served = _web_cli(monkeypatch, "--host", "192.0.2.7")
    assert result.exit_code == 0 and served == ["192.0.2.7"]
    assert result.stderr.startswith("warning: --host 192.0.2.7 is not a loopback address")
    for loopback in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        result, served = _web_cli(monkeypatch, "--host", loopback)
        assert result.exit_code == 0 and result.stderr == "" and served == [loopback], loopback


def test_deeply_nested_messages_are_an_error_reply_and_the_session_lives(tab):
    """Issue 27: JSON nested deeper than Python recurses was a RecursionError that closed the socket."""
    tab.ok("step", count=2)
    for deep in ("[" * 100_000 + "]" * 100_000, '{"cmd": "step", "count": ' + "[" * 50_000 + "]" * 50_000 + "}"):
        reply = tab.raw(deep)
        assert reply["ok"] is False and "nested too deeply" in reply["error"]
    trace = '{"seq":0,"event":"state","path":"game.setup"}\n{"x":' + "[" * 100_000 + "]" * 100_000 + "}\n"
    refused = tab("load", what="trace", name="deep.jsonl", text=trace)
    assert refused["ok"] is False and refused["error"] == "deep.jsonl:2:1: not a trace line: JSON nested deeper than 64 levels"
    assert tab.ok("view")["position"]["transitions"] == 2


def test_a_report_named_like_a_template_marker_still_holds_its_trace():
    """Issue 27: a trace file named `{{DATA}}.jsonl` put its name where the data belongs and
    left the real marker empty; every marker is filled from the template only, in one pass."""
    import json
    import re

    from vanguard_fsm.web.report import report_html
    html = report_html('{"seq":0,"event":"state","path":"game.setup","turn":0,"turn_player":null}\n',
                       "{{DATA}}/*SCRIPT*/{{TITLE}}.jsonl")
    data = re.search(r'<script id="report-data" type="application/json">(.*?)</script>', html, re.S).group(1)
    assert json.loads(data)["events"][0]["path"] == "game.setup"
    assert "<title>vanguard-fsm report: {{DATA}}/*SCRIPT*/{{TITLE}}.jsonl</title>" in html


def test_reloading_the_rules_lints_then_replays_or_says_where_the_choices_diverge(tmp_path):
    """`web --watch` / "reload rules": a broken flow file is its located lines and the game stays;
    a rules change that makes a recorded choice illegal replays up to it and says so."""
    import shutil

    from vanguard_fsm.paths import builtin_flows_dir
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    with open_tab(TestClient(create_app({"seed": 3, "flows_dir": str(flows)}, watch=True),
                             base_url="http://127.0.0.1")) as socket:
        tab = Tab(socket)
        assert tab.hello["watch"] is True and tab.ok("watch")["changed"] is False
        tab.ok("next")
        tab.ok("choose", action="redraw:hand[0,1,2]")
        here = tab.ok("next")["position"]
        params = flows / "parameters.yaml"
        text = params.read_text()
        params.write_text(text.replace("max_redraw: 5", "max_redraw: [5"))
        broken = tab.ok("watch")
        assert broken["changed"] and re.match(r"parameters\.yaml:\d+:\d+: YAML", broken["rules_errors"][0])
        assert str(tmp_path) not in json.dumps(broken) and tab.ok("view")["position"] == here
        params.write_text(text.replace("max_redraw: 5", "max_redraw: 2"))
        diverged = tab.ok("reload_rules")
        assert diverged["rules_errors"] == [] and "the choices diverge at transition" in diverged["message"]
        assert "'redraw:hand[0,1,2]' is not legal" in diverged["message"]
        assert diverged["position"]["transitions"] < here["transitions"] and diverged["log"]["from"] == 0
        params.write_text(text)
        again = tab.ok("reload_rules")              # from where it stopped; the choice is recorded ahead again
        at = diverged["position"]["transitions"]
        assert again["message"] == f"rules reloaded: replayed 0 choice(s) to transition {at}, where it was"
        assert again["position"]["recorded_ahead"] == 1 and again["decision"]["kind"] == "redraw_first"
        moved = tab.ok("next")["position"]
        assert [moved[k] for k in ("transitions", "choices_made", "events")] == \
            [here[k] for k in ("transitions", "choices_made", "events")]
    with open_tab(local_client({"seed": 3})) as socket:
        assert not Tab(socket)("watch")["ok"]
