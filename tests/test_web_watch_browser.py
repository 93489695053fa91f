"""`web --watch`, the designer's edit loop (issue 30, "New"), in a real Chromium: a copy of the
flows is edited on disk while the page is open; a broken edit shows its `file:line:col` in the
page and the game stays where it was; a good edit replays the game under the new rules to the
same transition and the diagram is drawn again from them. Screenshots go to
`$VANGUARD_SCREENSHOTS`."""
from __future__ import annotations

import shutil

import pytest

from test_web_board_browser import opened, screens, shoot  # noqa: F401 (fixtures)
from test_web_browser import browser, page, shot_on_failure  # noqa: F401 (fixtures)
from playwright.sync_api import expect

from vanguard_fsm.paths import builtin_flows_dir
from web_server import LiveServer


@pytest.fixture
def rules(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    return flows


@pytest.fixture
def watched(rules):
    running = LiveServer({"seed": 3, "flows_dir": str(rules)}, watch=True)
    yield running
    running.stop()


def test_an_edit_of_the_flows_is_linted_then_replayed_in_the_page(page, watched, rules, request, screens):
    setup = rules / "setup.yaml"
    original = setup.read_text()
    with shot_on_failure(page, request.node.name):
        opened(page, watched.url)
        for key in ("n", "a", "n", "a", "n"):          # both redraws chosen by the agent, on into turn 1
            before = page.evaluate("JSON.stringify(app.view.position)")
            page.keyboard.press(key)                   # one at a time: the page queues at most four commands
            page.wait_for_function("b => JSON.stringify(app.view.position) !== b", arg=before)
        expect(page.locator("#decision .dhead")).not_to_contain_text("redraw")
        where = page.evaluate("app.view.position.transitions")
        choices = page.evaluate("app.view.position.choices_made")
        assert choices >= 2
        page.evaluate("document.querySelector('#diagram svg').dataset.old = '1'")

        lines = original.splitlines(keepends=True)
        broken = next(i for i, line in enumerate(lines) if line.strip() == "to: redraw_second")
        setup.write_text("".join(lines[:broken] + [lines[broken].replace("redraw_second", "no_such_state")] + lines[broken + 1:]))
        errors = page.locator("#rules-errors")
        expect(errors).to_be_visible(timeout=15000)
        expect(errors).to_contain_text(f"setup.yaml:{broken + 1}:")
        expect(errors).to_contain_text("no_such_state")
        assert page.evaluate("app.view.position.transitions") == where       # the game stays where it was
        shoot(page, screens, "web-watch-error")

        edited = "Edited - the first player may return cards and draw as many."
        setup.write_text(original.replace(
            "doc: The first player may return any cards to the deck, shuffle and draw back to 5.", f"doc: {edited}"))
        expect(page.locator("#status")).to_contain_text(f"rules reloaded: replayed {choices} choice(s) to transition {where}",
                                                        timeout=15000)
        expect(errors).to_be_hidden()
        assert page.evaluate("app.view.position.transitions") == where
        assert page.evaluate("app.flows.state_docs['setup.redraw_first']") == edited
        expect(page.locator("#diagram svg")).to_have_count(1)
        expect(page.locator("#diagram svg[data-old]")).to_have_count(0)      # drawn again from the new flows
        expect(page.locator("#log .ev-game_start")).to_have_count(1)
        shoot(page, screens, "web-watch-reloaded")


def test_the_reload_button_says_when_the_server_does_not_watch(page, request):
    """Without --watch the page does not poll; its button still lints and replays on demand."""
    running = LiveServer({"seed": 3})
    try:
        with shot_on_failure(page, request.node.name):
            opened(page, running.url)
            page.keyboard.press("n")
            page.click("#b-reload")
            expect(page.locator("#status")).to_contain_text("rules reloaded: replayed 0 choice(s)")
            expect(page.locator("#rules-errors")).to_be_hidden()
    finally:
        running.stop()
