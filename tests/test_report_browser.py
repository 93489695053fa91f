"""The one-file report with the board (issue 30.7), in a real Chromium: the position at every
event rebuilt from the trace (checked against `record.board.TraceBoard`, the reader the trace
completeness tests trust), the winner and the damage, a link per turn, search in the log,
autoplay, and a "seen by" switch; still one offline file. Screenshots at 1400 x 900 and
1024 x 768 go to `$VANGUARD_SCREENSHOTS`."""
from __future__ import annotations

import json
import re
import subprocess
import sys

from test_web_board_browser import screens, shoot  # noqa: F401 (fixtures)
from test_web_browser import ROOT, browser, page, shot_on_failure  # noqa: F401 (fixtures)
from playwright.sync_api import expect

from vanguard_fsm.record.board import TraceBoard


def made_report(tmp_path, seed: int = 3):
    trace, report = tmp_path / "game.jsonl", tmp_path / "game.html"
    for args in (("play", "--seed", str(seed), "--quiet", "--trace", str(trace)), ("report", str(trace), "-o", str(report))):
        run = subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True, cwd=ROOT)
        assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in trace.read_text().splitlines()], report


def expected(rows, seq: int) -> list[dict]:
    board = TraceBoard()
    for row in rows:
        board.feed(row)
        if row["seq"] == seq:
            break
    return [board.sizes(s) | {"VC": sorted(board.zones(s)["VC"])} for s in (0, 1)]


def shown(page, seat: int) -> dict:
    side = page.locator(f"#board .seat[data-seat='{seat}']")
    counts = side.locator(".seat-head .counts").inner_text()
    damage, hand, deck = (int(n) for n in re.match(r"damage (\d+)/\d+ · hand (\d+) · deck (\d+)", counts).groups())
    pile = lambda name: int(side.locator(f"details[data-pile='{name}'] summary").inner_text().split()[1 if name != "G zone" else 2].rstrip(":"))
    vc = side.locator(".circle[data-circle='VC']").get_attribute("data-card")
    return {"damage": damage, "hand": hand, "deck": deck, "soul": pile("soul"), "drop": pile("drop"),
            "g_zone": pile("G zone"), "VC": vc}


def test_the_report_rebuilds_the_board_at_every_event_offline(page, tmp_path, request, screens):
    rows, report = made_report(tmp_path)
    over = next(r for r in rows if r["event"] == "game_over")
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    with shot_on_failure(page, request.node.name):
        page.set_viewport_size({"width": 1400, "height": 900})
        page.goto(report.as_uri())
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#summary")).to_contain_text(f"P{over['winner']} wins ({over['reason']})")
        expect(page.locator("#summary")).to_contain_text(f"damage P0 {over['damage'][0]}, P1 {over['damage'][1]}")
        page.click("#turns a[data-turn='3']")
        expect(page.locator("#pos")).to_contain_text("turn 3")
        for _ in range(12):                       # event after event, the board is the trace's
            seq = int(page.locator("#log .ev.pinned").get_attribute("data-seq"))
            want = expected(rows, seq)
            for seat in (0, 1):
                got = shown(page, seat)
                assert got == {k: (want[seat]["VC"][0] if k == "VC" else want[seat][k]) for k in got}, (seq, seat, got, want[seat])
            page.keyboard.press("ArrowRight")
        shoot(page, screens, "report-board")
    assert all(url.startswith(("file://", "blob:", "data:")) for url in requests), requests


def test_the_report_links_turns_searches_plays_and_hides_what_a_seat_cannot_see(page, tmp_path, request, screens):
    rows, report = made_report(tmp_path)
    with shot_on_failure(page, request.node.name):
        page.set_viewport_size({"width": 1400, "height": 900})
        page.goto(report.as_uri() + "#turn-2")               # a turn's link opens there
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#pos")).to_contain_text("turn 2")
        expect(page.locator("#turns a.here")).to_have_text("2")
        page.fill("#search", "winner=")
        page.press("#search", "Enter")
        expect(page.locator("#found")).to_have_text("1 of 1")
        expect(page.locator("#log .ev.pinned")).to_have_class(re.compile(r"\bev-game_over\b"))
        expect(page.locator("#board .mid .result")).to_contain_text("game over")
        page.click("#turns a[data-turn='1']")
        before = page.locator("#pos").inner_text()
        page.click("#r-play")
        expect(page.locator("#pos")).not_to_have_text(before)
        page.click("#r-play")
        expect(page.locator("#r-play")).to_contain_text("play")
        paused = page.locator("#pos").inner_text()
        page.wait_for_timeout(600)
        assert page.locator("#pos").inner_text() == paused
        draw_by_p1 = next(r["seq"] for r in rows if r["event"] == "draw" and r["player"] == 1)
        expect(page.locator(f"#log .ev[data-seq='{draw_by_p1}']")).not_to_contain_text("(hidden)")
        page.select_option("#viewer", "0")
        expect(page.locator(f"#log .ev[data-seq='{draw_by_p1}']")).to_contain_text("card=(hidden)")
        expect(page.locator("#board .seat[data-seat='1'] .zones")).to_contain_text("hidden from P0")
        expect(page.locator("#board .seat[data-seat='0'] .zone.hand .chip").first).to_be_visible()
        shoot(page, screens, "report-seen-by-p0")
