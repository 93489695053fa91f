"""Diagrams: committed output in sync with the flows, byte-stable, a flow edit changes
exactly its diagrams, and the marks a designer relies on (decisions, stays, conditions,
legend, highlight) are really drawn."""
from __future__ import annotations

import re
import shutil

import pytest
import yaml
from click.testing import CliRunner

from vanguard_fsm.paths import builtin_flows_dir, diagrams_dir
from vanguard_fsm.cli.main import main
from vanguard_fsm.diagram.render import MARKER, load_flows, render_all, render_flow
from vanguard_fsm.diagram.dot import HIGHLIGHT, decider_colours
from vanguard_fsm.diagram.model import leaving_kinds, who
from vanguard_fsm.diagram.mermaid import mermaid_id

TEXT_FORMATS = ("dot", "mermaid")


def texts(directory) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for pattern in ("*.dot", "*.mmd", "*.md") for p in directory.glob(pattern)}


def differing(a: dict, b: dict) -> list[str]:
    return sorted(name for name in set(a) | set(b) if a.get(name) != b.get(name))


@pytest.fixture(scope="module")
def flowset():
    return load_flows()


def dot_statement(dot: str, source: str, target: str | None = None) -> str:
    """The DOT line declaring node `source` (or the edge source -> target)."""
    head = f'"{source}" -> "{target}" [' if target else f'"{source}" ['
    found = [line.strip() for line in dot.splitlines() if line.strip().startswith(head)]
    assert found, f"no DOT statement {head!r}"
    return found[0]


def marked_lines(text: str) -> int:
    return sum(HIGHLIGHT in line for line in text.splitlines())


def test_committed_diagrams_match_the_flows(tmp_path, flowset):
    render_all(flowset, tmp_path, TEXT_FORMATS)
    stale = differing(texts(tmp_path), texts(diagrams_dir()))
    assert not stale, f"diagrams/ is out of date for {', '.join(stale)}: run `vanguard-fsm diagram` and commit"


def test_same_flows_give_the_same_bytes_wherever_they_live(tmp_path, flowset):
    copy = tmp_path / "elsewhere" / "my-flows"
    shutil.copytree(builtin_flows_dir(), copy)
    first, second, third = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    render_all(flowset, first, TEXT_FORMATS)
    render_all(flowset, second, TEXT_FORMATS)
    render_all(load_flows(copy), third, TEXT_FORMATS)
    assert texts(first) and differing(texts(first), texts(second)) == []
    assert differing(texts(first), texts(third)) == []
    assert not re.search(r"0x[0-9a-f]{6,}|\d{4}-\d\d-\d\d|/tmp/|my-flows", (first / "overview.dot").read_text())


def test_a_flow_edit_changes_exactly_its_diagrams(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    before, after = tmp_path / "before", tmp_path / "after"
    render_all(load_flows(flows), before, TEXT_FORMATS)
    data = yaml.safe_load((flows / "battle.yaml").read_text())
    next(iter(data["states"].values()))["rules"].append("TEST 9.9")
    (flows / "battle.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    render_all(load_flows(flows), after, TEXT_FORMATS)
    assert differing(texts(before), texts(after)) == ["README.md", "battle.dot", "battle.mmd",
                                                      "overview.dot", "overview.mmd"]
    assert "TEST 9.9" in (after / "battle.dot").read_text() and "TEST 9.9" in (after / "overview.mmd").read_text()


def test_decision_states_are_drawn_distinctly_with_who_decides_and_the_choices_that_stay(tmp_path, flowset):
    for flow in flowset.flows.values():
        dot = render_flow(flowset, flow.name, tmp_path, ("dot",))[0].read_text()
        mermaid = render_flow(flowset, flow.name, tmp_path, ("mermaid",))[0].read_text()
        for leaf in flow.leaves():
            node = dot_statement(dot, f"{flow.name}.{leaf.path}")
            declares = re.compile(rf"^\s*{mermaid_id(f'{flow.name}.{leaf.path}')}[\[{{(>]")
            mermaid_node = next(line for line in mermaid.splitlines() if declares.match(line))
            if leaf.decision is None:
                assert "hexagon" not in node and "decides:" not in node
                continue
            fill = decider_colours(leaf.decision.who)[0]
            assert "shape=hexagon" in node and f'fillcolor="{fill}"' in node
            assert f"decides: {who(leaf.decision.who)}" in node
            assert all(kind in node for kind in leaf.decision.kinds)
            assert "{{" in mermaid_node and f":::decides_{leaf.decision.who}" in mermaid_node
            staying = [k for k in leaf.decision.kinds if k not in leaving_kinds(leaf)]
            if staying:
                loop = dot_statement(dot, f"{flow.name}.{leaf.path}", f"{flow.name}.{leaf.path}")
                assert "stays: " + ", ".join(staying) in loop
                assert "stays: " + ", ".join(staying) in mermaid_node


def test_conditions_initial_final_and_legend_are_drawn(tmp_path, flowset):
    for flow in flowset.flows.values():
        dot = render_flow(flowset, flow.name, tmp_path, ("dot",))[0].read_text()
        edges = "\n".join(line for line in dot.splitlines() if " -> " in line)
        for t in flow.transitions():
            for condition in t.conditions:
                assert re.search(rf"(if|and|or if) {condition}\b", edges), (flow.name, condition)
            for condition in t.unless:
                assert re.search(rf"(if|and|or if) not {condition}\b", edges), (flow.name, condition)
        start = dot_statement(dot, f"{flow.name}._start")
        assert "shape=circle" in start
        first = flow.initial_leaf().path
        dot_statement(dot, f"{flow.name}._start", f"{flow.name}.{first}")
        for leaf in flow.leaves():
            assert ("peripheries=2" in dot_statement(dot, f"{flow.name}.{leaf.path}")) == leaf.final
        legend = dot_statement(dot, f"{flow.name}._legend")
        assert "Legend" in legend and "a state: its rule IDs" in legend
        for decider in {s.decision.who for s in flow.leaves() if s.decision}:
            assert f"a decision of the {who(decider)}" in legend


def test_overview_nests_invoked_machines_and_phases(tmp_path, flowset):
    dot = render_flow(flowset, "overview", tmp_path, ("dot",))[0].read_text()
    clusters = re.findall(r'subgraph "?cluster_([^" ]+)', dot)
    root = flowset.flows[flowset.root]
    for state in root.all_states.values():
        if state.invoke:
            assert f"{root.name}.{state.path}" in clusters
    assert any(c.count(".") >= 2 for c in clusters), "machines invoked by invoked machines are nested too"


def test_highlight_marks_the_state_and_the_edge_that_led_there(tmp_path, flowset):
    battle = flowset.flows["battle"]
    target = next(s for s in battle.leaves() if s.decision and s.decision.who == "non_turn_player")
    source = next(s for s in battle.leaves() for t in s.transitions if t.dest == target.path)
    state, came_from = f"battle.{target.path}", f"battle.{source.path}"
    dot, mermaid = render_flow(flowset, "battle", tmp_path, TEXT_FORMATS, highlight=state, came_from=came_from)
    dot, mermaid = dot.read_text(), mermaid.read_text()
    assert HIGHLIGHT in dot_statement(dot, state)
    assert HIGHLIGHT in dot_statement(dot, came_from, state)
    assert marked_lines(dot) == 2
    assert f"style {mermaid_id(state)} stroke:{HIGHLIGHT}" in mermaid
    assert len(re.findall(rf"linkStyle \d+ stroke:{HIGHLIGHT}", mermaid)) == 1
    overview = render_flow(flowset, "overview", tmp_path, ("dot",), highlight=state)[0].read_text()
    assert marked_lines(overview) == 1
    plain = render_flow(flowset, "battle", tmp_path, TEXT_FORMATS)
    assert all(HIGHLIGHT not in p.read_text() for p in plain)
    with pytest.raises(ValueError, match="battle's states are"):
        render_flow(flowset, "battle", tmp_path, ("dot",), highlight="battle.no_such_state")


def test_stale_diagrams_of_removed_machines_are_pruned(tmp_path, flowset):
    (tmp_path / "gone.dot").write_text(f"// {MARKER} from gone.yaml; do not edit\n")
    (tmp_path / "gone.svg").write_text("<svg/>")
    (tmp_path / "notes.dot").write_text("digraph mine {}\n")
    render_all(flowset, tmp_path, TEXT_FORMATS)
    assert not (tmp_path / "gone.dot").exists() and not (tmp_path / "gone.svg").exists()
    assert (tmp_path / "notes.dot").exists()


def test_cli_writes_the_committed_file_names_and_rejects_bad_input(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["diagram", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    written = {str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*") if p.is_file()}
    committed = {str(p.relative_to(diagrams_dir())) for p in diagrams_dir().rglob("*")
                 if p.suffix in (".dot", ".mmd", ".svg", ".md")}
    assert any(name.startswith("variants/") for name in written), "the shipped variants are drawn too"
    assert written == committed
    assert runner.invoke(main, ["diagram", "--out", str(tmp_path), "--format", "gif"]).exit_code == 2
    assert runner.invoke(main, ["diagram", "--out", str(tmp_path), "--highlight", "nowhere.x"]).exit_code == 2
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    text = (flows / "battle.yaml").read_text()
    (flows / "battle.yaml").write_text(text.replace("initial: ", "initial: no_such_", 1))
    bad = runner.invoke(main, ["diagram", "--flows", str(flows), "--out", str(tmp_path / "bad")])
    assert bad.exit_code == 2
    assert re.search(r"battle\.yaml:\d+:\d+: ", bad.stderr)


def test_the_overview_legend_promises_only_what_it_draws(tmp_path, flowset):
    """Issue 31: the overview leaves the states' actions to each machine's own diagram, and its
    legend (DOT and Mermaid) said a state shows its actions."""
    dot_path, mermaid_path = render_flow(flowset, "overview", tmp_path, TEXT_FORMATS)
    dot, mermaid = dot_path.read_text(), mermaid_path.read_text()
    assert "do: " not in dot.replace("_legend", "")
    legend = dot_statement(dot, "overview._legend")
    assert "its actions: in its machine&#x27;s own diagram" in legend
    assert "do: actions" not in mermaid and "actions: in the machine" in mermaid
    battle = render_flow(flowset, "battle", tmp_path, ("dot",))[0].read_text()   # a machine's own: it shows them
    assert "do: " in battle and "fires on entry (italic), its actions" in dot_statement(battle, "battle._legend")


def test_each_player_who_decides_has_a_colour_of_its_own(flowset):
    """Issue 31: setup's first and second player's decisions were drawn in one colour."""
    deciders = sorted({s.decision.who for f in flowset.flows.values() for s in f.leaves() if s.decision})
    assert {"first_player", "second_player", "turn_player", "non_turn_player"} <= set(deciders)
    fills = [decider_colours(d)[0] for d in deciders]
    assert len(set(fills)) == len(fills), dict(zip(deciders, fills))
