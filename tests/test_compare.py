"""Rule sets side by side (issue 15): the paired interval on synthetic data with known
answers, metrics read from trace events only (tolerant of events they do not know),
the structural diff of the shipped variants, and the compare / evaluate / diff verbs."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from vanguard_fsm.cli.main import main
from vanguard_fsm.compare.metrics import GAME_METRICS, read_trace, record_of
from vanguard_fsm.compare.stats import newcombe, paired_difference
from vanguard_fsm.compare.structure import diff_flowsets
from vanguard_fsm.machine.loader import load_flowset
from vanguard_fsm.sim.simulate import wilson

from helpers import trace_text


# -- the paired method on synthetic data ---------------------------------------------

def test_a_constant_shift_is_found_exactly():
    rng = np.random.default_rng(1)
    a = list(rng.normal(10, 5, 300))
    result = paired_difference(a, [x + 1 for x in a])
    assert result["diff"] == pytest.approx(1) and result["ci95"] == pytest.approx([1, 1])
    assert result["significant"] and result["n"] == 300
    same = paired_difference(a, a)
    assert same["diff"] == 0 and same["ci95"] == [0, 0] and not same["significant"]


def test_the_interval_covers_a_known_mean_difference_with_the_expected_width():
    rng = np.random.default_rng(7)
    n = 5000
    d = np.where(rng.random(n) < 0.6, 1, -1)          # E[d] = 0.2, sd = sqrt(1 - 0.04)
    a = rng.integers(0, 2, n)
    result = paired_difference(list(a), list(a + d))
    low, high = result["ci95"]
    assert low < 0.2 < high
    expected_half = 1.959964 * np.sqrt(0.96 / n)
    assert (high - low) / 2 == pytest.approx(expected_half, rel=0.15)
    assert result["diff"] == pytest.approx(d.mean())


def test_pairing_removes_the_shared_noise():
    rng = np.random.default_rng(3)
    shared = rng.normal(0, 10, 400)                   # the deal: both rule sets see it
    a = shared
    b = shared + 0.5 + rng.normal(0, 0.1, 400)
    paired = paired_difference(list(a), list(b))
    low, high = paired["ci95"]
    assert low > 0.4 and high < 0.6 and paired["significant"]
    unpaired_half = 1.96 * np.sqrt(2 * 100 / 400)   # the same data treated as two independent samples
    assert (high - low) / 2 < unpaired_half / 20


def test_undefined_pairs_are_dropped_and_the_result_is_reproducible():
    a = [1, 0, None, 1, 0, 1]
    b = [1, 1, 1, None, 0, 1]
    result = paired_difference(a, b)
    assert result["n"] == 4 and result["a"] == pytest.approx(0.5) and result["b"] == pytest.approx(0.75)
    assert paired_difference(a, b) == result
    assert paired_difference([None], [1])["n"] == 0


def test_newcombe_and_wilson_match_published_values():
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 vs 48/80
    result = newcombe(56, 70, 48, 80)
    assert result["diff"] == pytest.approx(0.2)
    assert result["ci95"] == pytest.approx([0.0524, 0.3339], abs=1e-4)
    # Wilson (1927) interval for 81/263 (Newcombe 1998a, example): 0.2553-0.3662
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)


# -- metrics from trace events -------------------------------------------------------

def test_metrics_come_from_the_trace_and_ignore_events_they_do_not_know(tmp_path):
    text = trace_text(5, agents=("heuristic", "heuristic"))
    events = [json.loads(line) for line in text.splitlines()]
    plain = record_of(events).metrics()
    noisy = []
    for e in events:   # a newer trace: extra events and extra fields everywhere
        noisy.append({**e, "extra_field": [1, 2]})
        noisy.append({"seq": -1, "event": "put", "turn": e["turn"], "turn_player": None, "player": 0,
                      "card": "X", "from": "deck", "to": "drop", "cause": "effect"})
    assert record_of(noisy).metrics() == plain
    path = tmp_path / "game.jsonl"
    path.write_text(text)
    assert read_trace(path).metrics() == plain
    end = events[-1]
    assert plain["turns"] == end["turn"] and plain["by_damage"] == (end["reason"] == "damage")
    assert plain["guards"] == sum(e["event"] == "guard" for e in events)
    assert set(plain) == {name for name, _ in GAME_METRICS}
    (tmp_path / "bad.jsonl").write_text(text.splitlines()[0] + "\n{not json\n")
    with pytest.raises(ValueError, match=r"bad\.jsonl:2:2: not JSON: "):
        read_trace(tmp_path / "bad.jsonl")


@pytest.mark.parametrize("line, message", [
    ("[1, 2]", "2:1: a trace row is a JSON object, not list"),
    ('{"name": "not a trace"}', "2:1: a trace row holds seq (integer), event (text), turn (integer) and "
                                "turn_player (0, 1 or null): seq, event, turn, turn_player missing"),
    ('{"seq": 1, "event": "draw", "turn": "1", "turn_player": 0}', "2:1: a trace row holds"),
    ('{"seq": 1, "event": "draw", "turn": 1, "turn_player": true}', "turn_player missing or of another type"),
])
def test_evaluate_refuses_rows_that_are_not_trace_rows(tmp_path, line, message):
    """Issue 27: `evaluate --traces` counted any JSON (a list, an object of other fields) as a
    game; a row that is not a trace row (CONTRACT: seq, event, turn, turn_player) is refused
    at path:line:col, and so is a file holding no game_start."""
    text = trace_text(5, agents=("heuristic", "heuristic")).splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text[0] + "\n" + line + "\n" + "\n".join(text[1:]) + "\n")
    with pytest.raises(ValueError) as info:
        read_trace(bad)
    assert str(info.value).startswith(f"{bad}:") and message in str(info.value)
    no_game = tmp_path / "no_game.jsonl"
    no_game.write_text("\n".join(t for t in text if '"game_start"' not in t) + "\n")
    with pytest.raises(ValueError, match=r"no_game\.jsonl:1:1: not the trace of a game: no game_start event"):
        read_trace(no_game)


# -- diff ------------------------------------------------------------------------------

def changes(b: str) -> list:
    return diff_flowsets(load_flowset("base"), load_flowset(b), "base", b).changes


def test_diff_names_exactly_what_each_variant_changes():
    damage = changes("damage-7")
    assert [(c.change, c.what, c.path, c.before, c.after) for c in damage] == \
           [("changed", "parameter", "damage_to_lose.standard", 6, 7)]
    no_assist = changes("no-g-assist")
    assert ("removed", "state", "draw_phase.g_assist_search") in {(c.change, c.what, c.path) for c in no_assist}
    # the search-or-not decision (CR 6.4.1.2.1.2) goes with G assist; the search states go whole
    assert [c.path for c in no_assist if c.what == "decision" and c.change == "removed"] == ["draw_phase.g_assist_step"]
    first = changes("no-first-draw")
    assert ("added", "state", "draw_phase.first_draw_check") in {(c.change, c.what, c.path) for c in first}
    assert any(c.what == "state" and c.path == "draw_phase.initial" and c.after == "first_draw_check" for c in first)
    moved = [c for c in changes("ride-after-main") if c.what == "transition"]
    assert moved and all(c.change == "changed" for c in moved)
    assert any("to battle_phase -> ride_phase" in c.detail for c in moved)
    assert sum("-> battle_phase" in c.detail for c in moved) == 5
    assert changes("base") == []


def test_diff_cli_text_json_exit_codes_and_coloured_diagram(tmp_path):
    runner = CliRunner()
    same = runner.invoke(main, ["diff", "base", "base"])
    assert same.exit_code == 0 and "no structural difference" in same.output
    text = runner.invoke(main, ["diff", "base", "damage-7"])
    assert text.exit_code == 1 and "~ parameter damage_to_lose.standard: 6 -> 7" in text.output
    as_json = runner.invoke(main, ["diff", "base", "no-g-assist", "--json"])
    data = json.loads(as_json.output)
    assert as_json.exit_code == 1 and data["count"] == len(data["changes"]) > 0
    drawn = runner.invoke(main, ["diff", "base", "no-first-draw", "--diagram", str(tmp_path / "d")])
    assert drawn.exit_code == 1, drawn.output
    dot = (tmp_path / "d" / "turn.diff.dot").read_text()
    assert (tmp_path / "d" / "turn.diff.svg").read_text().lstrip().startswith(("<?xml", "<svg"))
    green = [line for line in dot.splitlines() if 'color="#2ca02c"' in line]
    assert any('"turn.draw_phase.first_draw_check" [' in line for line in green)
    removed = runner.invoke(main, ["diff", "base", "no-g-assist", "--diagram", str(tmp_path / "r")])
    red = [line for line in (tmp_path / "r" / "turn.diff.dot").read_text().splitlines() if 'color="#d62728"' in line]
    assert removed.exit_code == 1 and any('"turn.draw_phase.g_assist_search" [' in line for line in red)
    assert not (tmp_path / "r" / "battle.diff.dot").exists()     # unchanged machines are not drawn
    bad = runner.invoke(main, ["diff", "base", str(tmp_path / "nowhere")])
    assert bad.exit_code == 2 and "not a directory" in bad.stderr



def test_the_diff_diagram_counts_a_retargeted_transition_as_the_text_does(tmp_path):
    """Issue 31: ride-after-main only retargets transitions; the text lists each as changed (~),
    and the picture's legend said as many removals plus as many additions."""
    runner = CliRunner()
    text = runner.invoke(main, ["diff", "base", "ride-after-main"]).output
    listed = {sign: sum(line.startswith(f"  {sign} ") and " turn." in line for line in text.splitlines())
              for sign in "+~-"}
    assert listed["~"] > 0 and listed["+"] == listed["-"] == 0, text
    runner.invoke(main, ["diff", "base", "ride-after-main", "--diagram", str(tmp_path)])
    dot = (tmp_path / "turn.diff.dot").read_text()
    legend = next(line for line in dot.splitlines() if "_diff_legend" in line)
    assert f"changed ({listed['~']})" in legend and "added (0)" in legend and "removed (0)" in legend
    old = next(line for line in dot.splitlines() if '"turn.main_phase" -> "turn.battle_phase"' in line)
    new = next(line for line in dot.splitlines() if '"turn.main_phase" -> "turn.ride_phase.ride_step"' in line)
    assert 'color="#ff7f0e"' in old and 'style="dashed"' in old and 'color="#ff7f0e"' in new


# -- compare and evaluate --------------------------------------------------------------

def test_compare_of_a_rule_set_with_itself_finds_no_difference(tmp_path):
    out = tmp_path / "same.json"
    result = CliRunner().invoke(main, ["compare", "--flows", "base", "--flows", "base", "--games", "4",
                                       "--sample", "2", "--resamples", "200", "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text())
    assert summary["games"] == 4 and all(m["diff"] in (0, None) for m in summary["metrics"].values())
    assert not any(m["significant"] for m in summary["metrics"].values())
    assert [d["same"] for d in summary["divergence"]] == [True, True]
    rows = list(csv.DictReader(open(out.with_suffix(".csv"))))
    assert len(rows) == 4 and rows[0]["a_turns"] == rows[0]["b_turns"]


def test_compare_pairs_the_games_and_finds_where_they_part(tmp_path):
    out = tmp_path / "cmp.json"
    result = CliRunner().invoke(main, ["compare", "--flows", "base", "--flows", "no-first-draw", "--games", "4",
                                       "--sample", "2", "--resamples", "200", "--no-progress", "--out", str(out),
                                       "--workers", "2"])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text())
    assert "first player wins" in result.output and "B - A" in result.output
    for d in summary["divergence"]:
        assert not d["same"] and d["a"]["turn"] == 1      # the first player's first draw step
        assert d["b"]["event"] == "state" and d["b"]["path"] == "turn.draw_phase.first_draw_check"
        assert d["play"]["a"]["event"] == "draw" and d["play"]["a"]["turn"] == 1   # the draw B skips
    serial = tmp_path / "serial.json"
    CliRunner().invoke(main, ["compare", "--flows", "base", "--flows", "no-first-draw", "--games", "4",
                              "--sample", "2", "--resamples", "200", "--no-progress", "--out", str(serial)])
    assert json.loads(serial.read_text())["metrics"] == summary["metrics"]
    once = CliRunner().invoke(main, ["compare", "--flows", "base", "--games", "2"])
    assert once.exit_code == 2 and "exactly two" in once.output


def test_evaluate_reads_traces_recorded_elsewhere_like_its_own_games(tmp_path):
    runner = CliRunner()
    traces = tmp_path / "traces"
    sim = runner.invoke(main, ["simulate", "--games", "6", "--no-progress", "--trace-dir", str(traces)])
    assert sim.exit_code == 0, sim.output
    played, read = tmp_path / "played.json", tmp_path / "read.json"
    ok = runner.invoke(main, ["evaluate", "--games", "6", "--no-progress", "--out", str(played)])
    assert ok.exit_code == 0, ok.output
    assert runner.invoke(main, ["evaluate", "--traces", str(traces), "--out", str(read)]).exit_code == 0
    a, b = json.loads(played.read_text()), json.loads(read.read_text())
    for key in ("first_player", "decisiveness", "duration", "decks", "cards", "abilities", "dead", "metrics"):
        assert a[key] == b[key], key
    assert a["games"] == 6 and a["metrics"]["dead_transitions"] >= 0
    assert "never happened" in ok.output


def test_evaluate_check_exits_1_outside_bounds_and_2_on_a_bad_file(tmp_path):
    runner = CliRunner()
    good, bad, broken = tmp_path / "good.yaml", tmp_path / "bad.yaml", tmp_path / "broken.yaml"
    good.write_text("turns_mean: {min: 1, max: 100}\nfirst_player_win_rate: {min: 0, max: 1}\n")
    bad.write_text("turns_mean: {max: 2}\n")
    broken.write_text("turns_mean: {max: 20}\nturn_mean: {max: 20}\n")
    base = ["evaluate", "--games", "3", "--no-progress", "--check"]
    assert runner.invoke(main, base + [str(good)]).exit_code == 0
    failed = runner.invoke(main, base + [str(bad)])
    assert failed.exit_code == 1 and "FAIL turns_mean" in failed.output
    wrong = runner.invoke(main, base + [str(broken)])
    assert wrong.exit_code == 2 and re.search(r"broken\.yaml:2:1: unknown metric 'turn_mean'", wrong.stderr)


def test_evaluate_html_embeds_svg_plots(tmp_path):
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["evaluate", "--games", "4", "--no-progress", "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text()
    assert html.count("<svg") >= 3 and "first player wins" in html and "impact when drawn" in html


def test_evaluate_html_names_cards_has_contents_and_no_local_paths(tmp_path):
    """Issue 30.9: cards by name (the id on hover), a table of contents, each heading once, and no
    absolute path of this machine in the page (a flow set given by its full path is named by its name)."""
    pytest.importorskip("matplotlib")
    import shutil
    from html.parser import HTMLParser

    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.paths import builtin_flows_dir
    flows = tmp_path / "my_rules"
    shutil.copytree(builtin_flows_dir(), flows)
    page = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["evaluate", "--games", "4", "--no-progress", "--flows", str(flows.resolve()),
                                       "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text()
    assert str(tmp_path) not in html and str(Path.cwd()) not in html and "my_rules" in html

    class Outline(HTMLParser):
        def __init__(self):
            super().__init__()
            self.h2, self.links, self.ids, self.cells, self.into = [], [], set(), [], None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "a" and attrs.get("href", "").startswith("#"):
                self.links.append(attrs["href"][1:])
            if "id" in attrs:
                self.ids.add(attrs["id"])
            self.into = tag if tag == "h2" else ("td:" + attrs["title"]) if tag == "td" and "title" in attrs else None

        def handle_data(self, data):
            if self.into == "h2":
                self.h2.append(data)
            elif self.into and self.into.startswith("td:"):
                self.cells.append((self.into[3:], data))
            self.into = None

    outline = Outline()
    outline.feed(html)
    assert len(outline.h2) == len(set(outline.h2)), outline.h2             # no heading twice
    assert outline.links and set(outline.links) <= outline.ids and len(outline.links) == len(outline.h2)
    db = load_cards()
    named = [(card_id, text) for card_id, text in outline.cells if card_id.split("#")[0] in db]
    assert named, outline.cells[:5]
    for card_id, text in named:
        assert text.startswith(db[card_id.split("#")[0]].name) and card_id.split("#")[0] not in text
