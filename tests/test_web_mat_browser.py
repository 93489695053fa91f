"""The browser debugger, second pass (issue 30, item 6 and 8), in a real Chromium: a Vanguard
mat, the redraw as a hand picker, a click on an action moves the game, "board seen by" filters
the log and the buttons, a state click never sets a breakpoint silently, a condition already
true says so, the highlight clears at game over, the decision stays in view, log rows open
to their whole text, and the search values run in the background with progress, cancel and
intervals. Screenshots at 1400 x 900 and 1024 x 768 go to `$VANGUARD_SCREENSHOTS`."""
from __future__ import annotations

import re

from test_web_board_browser import at_a_breakpoint, opened, screens, shoot  # noqa: F401 (fixtures)
from test_web_browser import browser, page, server, shot_on_failure  # noqa: F401 (fixtures)
from playwright.sync_api import expect

STRAY = re.compile(r"\b(null|undefined|NaN)\b|\[object ")


def no_stray_words(page) -> None:
    """No JavaScript value printed as text: null, undefined, NaN, [object Object]."""
    for part in ("#decision", "#board", "#status", "#state-info", "#bar"):
        text = page.locator(part).inner_text()
        assert not STRAY.search(text), (part, STRAY.search(text).group(0), text[:400])


def test_the_mat_mirrors_the_opponent_and_shows_the_guardian_circle_and_piles(page, server, request, screens):
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "guard_step")
        page.keyboard.press("n")
        guard = page.locator("#decision button[data-action^='guard:hand[']").first
        expect(guard).to_be_visible()
        guarding = page.evaluate("app.view.decision.player")
        guard.click()                            # chosen, and the game goes on to the next decision
        gc = page.locator("#board .mid .gc")
        expect(gc.locator(".chip")).to_have_count(1)
        shield = page.evaluate(f"app.view.board.seats[{guarding}].gc.reduce((s, u) => s + u.shield + (u.shield_battle || 0), 0)")
        assert shield > 0
        expect(gc.locator(".total")).to_have_text(f"shield {shield}")
        top = page.locator("#board .seat.top")
        expect(top).to_have_attribute("data-seat", "1")      # the viewer (both: P0) below, the opponent above
        circles = top.locator(".circle").evaluate_all("(cs) => cs.map((c) => c.dataset.circle)")
        assert circles == ["back_right", "back_center", "back_left", "front_right", "VC", "front_left"], circles
        bottom = page.locator("#board .seat.bottom").locator(".circle").evaluate_all("(cs) => cs.map((c) => c.dataset.circle)")
        assert bottom == ["front_left", "VC", "front_right", "back_left", "back_center", "back_right"], bottom
        g_zone = page.locator("#board .seat.bottom details[data-pile='G zone']")
        expect(g_zone.locator("summary")).to_contain_text(re.compile(r"G zone \d+: \d+ up · \d+ down"))
        soul = page.locator("#board .seat.bottom details[data-pile='soul']")
        count = int(soul.locator("summary").inner_text().split()[1])
        expect(soul.locator(".plist .chip")).to_be_hidden() if count else None
        soul.locator("summary").click()           # a click lists the cards, and they stay listed while stepping
        expect(soul.locator(".plist .chip")).to_have_count(count)
        no_stray_words(page)
        shoot(page, screens, "web-mat")
        page.keyboard.press("b")
        expect(page.locator("#board .seat.bottom details[data-pile='soul']")).to_have_attribute("open", "")


def test_the_redraw_is_a_hand_picker_and_a_click_moves_the_game(page, server, request, screens):
    """Redraw offered as the hand's cards to pick (not 24-32 subset buttons); the button names the
    option the picked cards make, and choosing it moves the game on."""
    with shot_on_failure(page, request.node.name):
        opened(page, server.url)
        page.keyboard.press("n")
        expect(page.locator("#decision .dhead")).to_contain_text("redraw")
        options = page.evaluate("app.view.decision.actions.length")
        assert options > 20
        expect(page.locator("#decision .actions button.action")).to_have_count(1)     # keep (and any other kind)
        picks = page.locator("#decision button.pick")
        expect(picks).to_have_count(5)
        go = page.locator("#decision button.pick-go")
        expect(go).to_be_disabled()
        picks.nth(0).click()
        picks.nth(3).click()
        expect(go).to_be_enabled()
        hand = page.evaluate("app.view.board.seats[0].hand.map((c) => c.id)")
        chosen = go.get_attribute("data-action")
        indexes = [int(i) for i in chosen.split("[")[1].rstrip("]").split(",")]
        assert sorted(hand[i] for i in indexes) == sorted([hand[0], hand[3]]), (chosen, hand)
        shoot(page, screens, "web-redraw-picker")
        before = page.evaluate("app.view.position.transitions")
        go.click()
        expect(page.locator("#log .ev-redraw")).to_have_count(1)
        expect(page.locator("#log .ev-redraw").first).to_contain_text("count=2")
        assert page.evaluate("app.view.position.transitions") > before
        expect(page.locator("#decision")).not_to_contain_text("P0 decides at redraw_first")
        no_stray_words(page)


def test_seen_by_filters_the_log_and_the_buttons(page, server, request, screens):
    with shot_on_failure(page, request.node.name):
        opened(page, server.url)
        page.keyboard.press("n")                            # P0's redraw, P0's five draws in the log
        p0_draw = page.locator("#log .ev-draw").first
        expect(p0_draw).not_to_contain_text("(hidden)")
        page.select_option("#viewer", "1")                  # as P1 sees it
        expect(page.locator("#log .ev-draw").first).to_contain_text("card=(hidden)")
        expect(page.locator("#log .ev-game_start").first).to_contain_text("zones=(hidden)")
        expect(page.locator("#decision button.action")).to_have_count(0)
        expect(page.locator("#decision button.pick")).to_have_count(0)
        expect(page.locator("#decision")).to_contain_text("hidden from P1")
        no_stray_words(page)
        shoot(page, screens, "web-seen-by-p1")
        page.select_option("#viewer", "0")                  # the deciding seat sees its own cards and options
        expect(page.locator("#log .ev-draw").first).not_to_contain_text("(hidden)")
        expect(page.locator("#decision button.pick")).to_have_count(5)


def test_a_state_click_shows_the_state_and_sets_a_breakpoint_only_by_its_button(page, server, request):
    with shot_on_failure(page, request.node.name):
        opened(page, server.url)
        page.keyboard.press("n")
        page.locator("#diagram g.node", has=page.locator("title", has_text=re.compile(r"\.redraw_first$"))).first.click()
        expect(page.locator("#state-info h3")).to_contain_text("redraw_first")
        expect(page.locator("#bp-list li")).to_have_count(0)
        expect(page.locator("#state-info .bpnote")).to_have_text("no breakpoint on this state")
        page.click("#state-info button.bp-toggle")
        expect(page.locator("#bp-list li")).to_have_count(1)
        expect(page.locator("#state-info button.bp-toggle")).to_contain_text("remove breakpoint 1")
        page.click("#state-info button.bp-toggle")
        expect(page.locator("#bp-list li")).to_have_count(0)


def test_a_condition_already_true_says_so_and_the_decision_stays_in_view(page, server, request, screens):
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "guard_step")
        page.keyboard.press("n")
        page.set_viewport_size({"width": 1024, "height": 768})
        page.evaluate("document.getElementById('middle').scrollTop = 1e6")
        page.select_option("#bp-kind", "condition")
        page.fill("#bp-name", "turn >= 1")
        page.click("#bp-form button")
        expect(page.locator("#status")).to_contain_text("already true here")
        seen = page.evaluate("""() => {
            const m = document.getElementById('middle').getBoundingClientRect();
            const d = document.getElementById('decision').getBoundingClientRect();
            return { top: d.top, bottom: d.bottom, mtop: m.top, mbottom: m.bottom };
        }""")
        assert seen["top"] >= seen["mtop"] - 1 and seen["bottom"] <= seen["mbottom"] + 1, seen
        expect(page.locator("#decision button.action").first).to_be_in_viewport()
        page.screenshot(path=str(screens / "web-decision-in-view-1024x768.png"))


def test_log_rows_open_to_their_whole_text(page, server, request):
    with shot_on_failure(page, request.node.name):
        opened(page, server.url)
        page.keyboard.press("n")
        row = page.locator("#log .ev-game_start").first
        fields = row.locator(".fields")
        assert fields.evaluate("(f) => f.scrollWidth > f.clientWidth + 1 || f.parentElement.scrollWidth > f.parentElement.clientWidth + 1")
        one_line = row.bounding_box()["height"]
        row.locator(".more").click()
        expect(row).to_have_class(re.compile(r"\bopen\b"))
        assert row.bounding_box()["height"] > 3 * one_line
        expect(page.locator("#preview-banner")).to_be_hidden()          # opening a row is no pin
        row.locator(".more").click()
        expect(row).not_to_have_class(re.compile(r"\bopen\b"))


def test_the_search_shows_progress_can_be_cancelled_and_gives_intervals(page, server, request, screens):
    with shot_on_failure(page, request.node.name):
        at_a_breakpoint(page, server.url, "guard_step")
        page.keyboard.press("n")
        page.wait_for_function("() => !app.busy && !app.queued")   # the reply redraws the decision panel: fill it after
        page.fill("#eval-n", "5000")
        page.dispatch_event("#eval-n", "change")
        page.click("#b-evaluate")
        expect(page.locator("#decision .evalnote progress")).to_be_visible()
        expect(page.locator("#decision .evalnote")).to_contain_text(re.compile(r"searching: \d+ / 5000"))
        expect(page.locator("#decision button.action .value").first).to_contain_text(re.compile(r"win \d+% \[\d+%–\d+%\]"))
        shoot(page, screens, "web-search-progress")
        page.click("#b-cancel-search")
        expect(page.locator("#decision .evalnote")).to_contain_text("search stopped after")
        expect(page.locator("#status")).to_contain_text("cancelled")
        expect(page.locator("#b-cancel-search")).to_have_count(0)
        no_stray_words(page)


def test_after_game_over_no_state_is_highlighted(page, server, request, screens):
    with shot_on_failure(page, request.node.name):
        opened(page, server.url)
        page.keyboard.press("c")
        expect(page.locator("#crumbs")).to_contain_text("the game is over")
        expect(page.locator("#diagram .current, #diagram .current-phase, #diagram .came")).to_have_count(0)
        expect(page.locator("#board .mid .result")).to_contain_text("game over")
        no_stray_words(page)
        shoot(page, screens, "web-game-over")
