"""The browser debugger, second pass (issue 30), in a real Chromium (the same server, browser
and page fixtures as tests/test_web_browser.py): saving leaves the live trace alone, locked
cards are drawn on their circles, and the page fits 1024 x 768 without a horizontal scroll.
Screenshots at 1400 x 900 and 1024 x 768 go to `$VANGUARD_SCREENSHOTS` (else a pytest temp
folder): never into the repository."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from test_web_browser import OUTPUT, browser, page, server, shot_on_failure  # noqa: F401 (fixtures)
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "tests" / "scenarios" / "real_cards" / "chaos_breaker_locks_a_rear_guard.yaml"
SIZES = ((1400, 900), (1024, 768))
assert OUTPUT  # the failure screenshots' folder, shared


@pytest.fixture(scope="module")
def screens(tmp_path_factory) -> Path:
    folder = os.environ.get("VANGUARD_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def shoot(page, screens: Path, name: str) -> None:
    """The page at both sizes the issue names; back to the first size afterwards."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(screens / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def opened(page, url: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


def at_a_breakpoint(page, url: str, state: str) -> None:
    """Open the page, break on `state` and continue to it (seed 3: P1's first attack is turn 2's)."""
    opened(page, url)
    page.fill("#bp-name", state)
    page.click("#bp-form button")
    page.keyboard.press("c")
    expect(page.locator("#diagram g.node.current > title")).to_contain_text(state)


def download(page, button: str, tmp_path: Path) -> Path:
    with page.expect_download() as got:
        page.click(button)
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    return path


def test_saving_a_scenario_leaves_the_log_and_the_trace_as_they_were(page, server, tmp_path, request, screens):
    """Issue 30.1: a save replayed the game into the live trace (two game_start rows, the
    log numbers jumping); after it the page, the trace and the next step are as before."""
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "main_phase")
        page.keyboard.press("n")
        expect(page.locator("#decision .dhead")).to_contain_text("main_phase")
        before = page.locator("#pos").inner_text()
        saved = download(page, "#save-scenario", tmp_path)
        expect(page.locator("#status")).to_contain_text("scripted choice")
        assert saved.suffix == ".yaml"
        trace = download(page, "#save-trace", tmp_path)
        rows = [json.loads(line) for line in trace.read_text().splitlines()]
        assert [r["event"] for r in rows].count("game_start") == 1
        assert [r["seq"] for r in rows] == list(range(len(rows)))
        assert f"· {len(rows)} events" in before and page.locator("#pos").inner_text() == before
        last = page.locator("#log .ev").last.get_attribute("data-seq")
        page.keyboard.press("a")                      # the game goes on, its rows numbered on from here
        page.keyboard.press("n")
        expect(page.locator(f"#log .ev[data-seq='{int(last) + 1}']")).to_have_count(1)
        expect(page.locator("#log .ev-game_start")).to_have_count(1)
        shoot(page, screens, "web-after-save")


def test_a_locked_card_stays_on_its_circle_face_down_and_marked(page, server, request, screens):
    """Issue 30.3 (CR 10.22, 4.6.7): Chaos Breaker Dragon locks P1's front-left rear-guard;
    the board draws it there, face down and marked locked, instead of an empty circle."""
    with shot_on_failure(page, request.node.name):
        opened(page, server.url)
        page.set_input_files("#upload", str(LOCK))
        expect(page.locator("#label")).to_contain_text(LOCK.name)
        page.keyboard.press("n")
        act = page.locator("button[data-action='act:VC:BT13-S07#2']")
        expect(act).to_be_visible()
        act.click()
        page.keyboard.press("n")
        expect(page.locator("#log")).to_contain_text("lock")
        circle = page.locator("#board .seat[data-seat='1'] .circle[data-circle='front_left']")
        expect(circle).to_have_class("circle locked")
        expect(circle).to_contain_text("locked")
        expect(circle).to_contain_text("face down")
        expect(circle).to_have_attribute("data-card", "BT01-022")
        expect(circle).to_contain_text(page.evaluate("app.cards['BT01-022'].name"))
        shoot(page, screens, "web-locked-card")


def overflow(page) -> dict:
    """What does not fit: the document's horizontal overflow, the board's right-most circle
    against the viewport and its own pane, and the toolbar's height (one line or wrapped)."""
    return page.evaluate("""() => {
        const doc = document.documentElement, pane = document.getElementById("middle").getBoundingClientRect();
        const circles = [...document.querySelectorAll("#board .circle")].map((c) => c.getBoundingClientRect());
        const right = Math.max(...circles.map((r) => r.right));
        const rows = [...document.querySelectorAll("#bar .row")].map((r) => r.getBoundingClientRect().height);
        const narrowest = Math.min(...[...document.querySelectorAll("#board .seat .field")].map((field) => {
            const width = field.getBoundingClientRect().width;
            return Math.min(...[...field.querySelectorAll(".circle")].map((c) => c.getBoundingClientRect().width / width));
        }));
        return { scroll: doc.scrollWidth, client: doc.clientWidth, right, pane_right: pane.right,
                 width: window.innerWidth, rows, narrowest, middle_scroll: document.getElementById("middle").scrollWidth,
                 middle_client: document.getElementById("middle").clientWidth };
    }""")


@pytest.mark.parametrize("width,height", SIZES)
def test_the_page_fits_without_a_horizontal_scroll(page, server, request, screens, width, height):
    """Issue 30.4: at 1400 x 900 and 1024 x 768 no horizontal scroll, the board's right-most
    circle inside the viewport and its pane, and the toolbar on one line per row (no wrap)."""
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "guard_step")
        page.set_viewport_size({"width": width, "height": height})
        seen = overflow(page)
        assert seen["scroll"] <= seen["client"], seen
        assert seen["right"] <= min(seen["width"], seen["pane_right"]), seen
        assert seen["middle_scroll"] <= seen["middle_client"], seen
        assert all(h < 40 for h in seen["rows"]), seen
        assert seen["narrowest"] > 0.28, seen       # three circles a row, each a third of its field's width
        page.screenshot(path=str(screens / f"web-layout-{width}x{height}.png"))


def diagram_geometry(page) -> dict:
    return page.evaluate("""() => {
        const host = document.getElementById("diagram"), frame = host.getBoundingClientRect();
        const inside = (r) => r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1;
        const names = [...host.querySelectorAll("g.node text")].map((t) => t.getBoundingClientRect().height);
        const current = host.querySelector("g.node.current");
        return { text: Math.max(...names), svg_inside: inside(host.querySelector("svg").getBoundingClientRect()),
                 current_inside: current ? inside(current.getBoundingClientRect()) : null,
                 left: host.scrollLeft, top: host.scrollTop };
    }""")


def test_the_diagram_zooms_pans_fits_and_finds_the_current_state(page, server, request, screens):
    """Issue 30.4: state names readable at first sight (they were ~7 px, the SVG squeezed into
    the pane); the wheel zooms, a drag pans without adding a breakpoint, `fit` shows the whole
    machine, `current state` brings the highlighted state back into view."""
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "guard_step")
        page.click("#bp-list button[title='delete']")
        first = diagram_geometry(page)
        assert first["text"] >= 11, first                     # the largest state label, in CSS pixels
        assert first["current_inside"], first
        box = page.locator("#diagram").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.wheel(0, -400)
        expect(page.locator(".zoombar .zoomlevel")).not_to_have_text("100%")
        zoomed = diagram_geometry(page)
        assert zoomed["text"] > first["text"] * 1.2, (first, zoomed)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2 - 120, box["y"] + box["height"] / 2 - 90, steps=6)
        page.mouse.up()
        panned = diagram_geometry(page)
        assert (panned["left"], panned["top"]) != (zoomed["left"], zoomed["top"]), (zoomed, panned)
        expect(page.locator("#bp-list li")).to_have_count(0)  # a drag is no click on a state
        page.evaluate("() => { const d = document.getElementById('diagram'); d.scrollTop = 1e6; d.scrollLeft = 1e6; }")
        assert not diagram_geometry(page)["current_inside"]
        page.click(".zoombar button:has-text('current state')")
        assert diagram_geometry(page)["current_inside"]
        page.click(".zoombar button:has-text('fit')")
        fitted = diagram_geometry(page)
        assert fitted["svg_inside"] and fitted["text"] < first["text"], fitted
        shoot(page, screens, "web-diagram-fit")


def test_cards_go_by_name_with_the_id_on_hover_and_open_a_card_panel(page, server, request, screens):
    """Issue 30.5: the board, the log and the action buttons name cards (ids only on hover);
    a click on a unit shows its card's text, stats and the modifiers now applying."""
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "guard_step")
        page.keyboard.press("n")
        cards = page.evaluate("app.cards")
        guard = page.locator("#decision button[data-action^='guard:hand[']").first
        expect(guard).to_be_visible()
        index = int(guard.get_attribute("data-action").split("[")[1].split("]")[0])
        seat = page.evaluate("app.view.decision.player")
        hand0 = page.locator(f"#board .seat[data-seat='{seat}'] .zone:has-text('hand') .chip").nth(index)
        card_id = hand0.get_attribute("data-card")
        assert card_id in cards and card_id in hand0.get_attribute("title")
        expect(hand0).to_contain_text(cards[card_id]["name"])
        expect(hand0).not_to_contain_text(card_id)
        expect(guard).to_contain_text(cards[card_id]["name"])
        ride = page.locator("#log .ev-ride .fields").first
        ride_id = ride.get_attribute("title").split("card=")[1].split(" ")[0]
        expect(ride).to_contain_text(cards[ride_id]["name"])
        expect(ride).not_to_contain_text(f"card={ride_id}")
        vc = page.locator("#board .seat[data-seat='0'] .circle[data-circle='VC']")
        vc.click()
        panel = page.locator("#card-panel")
        expect(panel).to_be_visible()
        vc_id = vc.get_attribute("data-card")
        expect(panel.locator("h3")).to_have_text(cards[vc_id]["name"])
        expect(panel).to_contain_text(f"power {cards[vc_id]['power']}")
        expect(panel).to_contain_text("now: ")
        for ability in cards[vc_id]["abilities"]:
            expect(panel).to_contain_text(ability["text"])
        shoot(page, screens, "web-card-panel")
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
