"""The debugger (issue 6, part 3): exact rewind, breakpoints, and the REPL driven through stdin."""
from __future__ import annotations

import io

import pytest
from click.testing import CliRunner

from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.agents.human import HumanAgent, HumanInputClosed
from vanguard_fsm.abilities import new_game_with_abilities as new_game
from vanguard_fsm.cli.main import main
from vanguard_fsm.debug.debugger import Debugger
from vanguard_fsm.machine.hooks import Hooks


def debugger(seed, agents=("random", "random")):
    return Debugger(new_game(seed), [make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)])


def position(d):
    """Everything that must be equal for two positions to be the same."""
    g = d.game
    pending = tuple(g.pending.ids()) if g.pending is not None else None
    return (g.state.canonical(), tuple(g.runner.paths()), g.runner.transitions, tuple(g.history),
            len(g.agenda), pending, [dict(e) for e in d.trace.events[-40:]], len(d.trace.events))


def forward(d, transitions):
    """Make `transitions` more flow transitions, answering decisions with the agents."""
    target = d.transitions + transitions
    while d.transitions < target and not d.game.over:
        if d.game.pending is not None:
            d.auto()
        else:
            d.step()


def run(script: str, *args):
    result = CliRunner().invoke(main, ["debug", *args], input=script)
    return result


@pytest.mark.parametrize("seed", [0, 5])
def test_back_then_forward_gives_the_identical_state(seed):
    d = debugger(seed)
    d.execute("break state guard_step")
    d.execute("continue")                      # somewhere in the middle of a battle
    d.execute("delete 1")
    start = position(d)
    for k in (1, 7, 60):
        forward(d, k)
        ahead = position(d)
        made = d.transitions - start[2]
        assert made == k
        d.back(made)
        assert position(d) == start, f"back {made} did not return to the start position"
        forward(d, k)                          # the recorded choices are replayed
        assert position(d) == ahead, f"forward {k} again differs"
        d.back(made)
    assert position(d) == start


def test_back_crosses_decisions_and_a_different_choice_starts_a_new_timeline():
    d = debugger(2, ("heuristic", "heuristic"))
    d.next()                                   # the first player's redraw
    first = position(d)
    assert d.game.pending is not None and d.game.pending.kind == "redraw_first"
    d.auto()
    forward(d, 6)
    assert len(d.game.history) >= 2
    out = d.back(d.transitions - first[2])
    assert position(d) == first
    assert "recorded choice" in out and "recorded choice(s) ahead" in out
    recorded = d.recorded_next()
    other = next(a.id for a in d.game.pending.actions if a.id != recorded)
    out = d.choose(other)
    assert f"chose {other}" in out and "new timeline" in out
    assert d.recorded_next() is None


def test_rewind_reaches_the_same_state_as_a_fresh_game_with_the_same_choices():
    d = debugger(4)
    forward(d, 90)
    d.back(40)
    watched = Hooks()
    watched.on("state", lambda *_: None)     # a state subscriber, as the debugger's: the same plans on the agenda
    fresh = new_game(4, hooks=watched)
    for action_id in d.game.history:           # the same choices on a game built from scratch
        while fresh.pending is None:
            fresh.step()
        fresh.apply(action_id)
    while fresh.runner.transitions < d.transitions:
        fresh.step()
    assert fresh.runner.transitions == d.transitions == 50
    assert len(fresh.agenda) == len(d.game.agenda) and fresh.runner.paths() == d.game.runner.paths()
    assert fresh.state.canonical() == d.game.state.canonical()


@pytest.mark.parametrize("kind,name,event", [("event", "drive_check", "drive_check"),
                                             ("timing", "beginning_of_damage_step", "timing"),
                                             ("state", "battle.close_step", "state")])
def test_breakpoints_stop_where_they_match(kind, name, event):
    d = debugger(1)
    assert d.execute(f"break {kind} {name}") == f"breakpoint 1: {kind} {name}"
    for _ in range(3):
        out = d.execute("continue")
        assert "breakpoint 1" in out
        rows = d.trace.events[d.unit_mark:]
        assert any(r["event"] == event and name in (r.get("name"), r.get("path"), r["event"]) for r in rows)
    d.execute("delete 1")
    out = d.execute("continue")
    assert "breakpoint" not in out and "the game is over" in out


def test_card_breakpoint_stops_at_events_naming_that_card():
    d = debugger(3, ("heuristic", "heuristic"))
    assert "breakpoint 1" in d.execute("break card AL-014")
    out = d.execute("continue")
    assert "breakpoint 1: card AL-014" in out
    rows = d.trace.events[d.unit_mark:]
    assert any("AL-014" in (v if isinstance(v, list) else [v]) for r in rows for v in r.values())


def test_bad_breakpoints_and_commands_are_refused_with_the_reason():
    d = debugger(0)
    assert "no flow state matches 'nowhere'" in d.execute("break state nowhere")
    assert "no flow declares timing 'sometime'" in d.execute("break timing sometime")
    assert "no card with id 'XX-999'" in d.execute("break card XX-999")
    assert "usage" in d.execute("break state")
    assert "unknown command 'jump'" in d.execute("jump")
    assert "expected a whole number" in d.execute("step two")
    assert "no decision is pending" in d.execute("choose 1")
    assert d.breakpoints.items == {}


def test_repl_script_through_stdin():
    script = "\n".join(["next", "choose 1", "next", "auto", "break state guard_step", "break",
                        "continue", "where", "board", "log 3", "step", "back 1", "help", "quit", "step"])
    result = run(script + "\n", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "decision: P0 at redraw_first" in out
    assert "P0 chose redraw:keep" in out
    assert "breakpoint 1: state battle.guard_step" in out
    assert "battle.guard_step" in out.split("> where", 1)[1]
    board = out.split("> board", 1)[1].split("> log 3", 1)[0]
    assert "P0 aurora" in board and "P1 tidewyrm" in board and "damage" in board and "soul" in board
    assert len(out.split("> log 3", 1)[1].split("> step", 1)[0].strip().splitlines()) == 3
    assert "rewound to transition" in out
    assert "save scenario FILE" in out                  # help
    assert out.rstrip().endswith("quit                  leave (end of input does too)")  # nothing after quit


def test_repl_end_of_input_exits_cleanly_and_usage_errors_exit_2(tmp_path):
    assert run("").exit_code == 0
    both = run("", "--seed", "1", "--replay", str(tmp_path / "x.json"))
    assert both.exit_code == 2 and "at most one of" in both.output


def test_human_agent_reads_numbers_or_ids_and_refuses_the_rest():
    game = new_game(6)
    decision = game.advance()
    second = decision.actions[1].id
    out = io.StringIO()
    agent = HumanAgent(stdin=io.StringIO(f"x\n999\n\n{second}\n"), stdout=out, color=False)
    assert agent.choose(game, decision).id == second
    text = out.getvalue()
    assert "'x' is neither a number" in text and "'999' is neither a number" in text
    assert f"P{decision.player} aurora" in text or f"P{decision.player} tidewyrm" in text
    assert "hand" in text and "(hidden)" in text        # own hand shown, the opponent's not
    agent = HumanAgent(stdin=io.StringIO("2\n"), stdout=io.StringIO(), color=False)
    assert agent.choose(game, decision) is decision.actions[1]
    with pytest.raises(HumanInputClosed, match="input ended while P"):
        HumanAgent(stdin=io.StringIO(""), stdout=io.StringIO()).choose(game, decision)


def test_human_agent_plays_a_whole_game_from_stdin():
    """Numbers typed by a person give the same game as the agent whose picks they copy."""
    class Recording:
        def __init__(self):
            self.inner, self.numbers = make_agent("random", 11), []

        def choose(self, game, decision):
            action = self.inner.choose(game, decision)
            self.numbers.append(decision.actions.index(action) + 1)
            return action

    recording = Recording()
    expected = new_game(8)
    play_out(expected, [recording, make_agent("heuristic", 2)])
    game = new_game(8)
    typed = "".join(f"{n}\n" for n in recording.numbers)
    human = HumanAgent(stdin=io.StringIO(typed), stdout=io.StringIO(), color=False)
    play_out(game, [human, make_agent("heuristic", 2)])
    assert game.history == expected.history and game.state.result == expected.state.result


SCENARIO = """\
name: a newcomer's odd moment, as a scenario
rules: ["3.3.3.1"]
seed: 1
start: {turn: 2, turn_player: 0, at: turn.ride_phase.ride_step}
p0:
  VC: AL-001
  hand: [AL-007, AL-011]
  deck: [{card: AL-009, count: 5}]
p1:
  VC: TC-008
  deck: [{card: TC-009, count: 5}]
script:
  - P0 ride:hand[0]
abilities: false
"""


def test_scenario_breakpoint_rewind_and_highlighted_diagram(tmp_path):
    """The issue's 'done when': a scenario, a breakpoint, a rewind, the state highlighted."""
    scenario = tmp_path / "odd.yaml"
    scenario.write_text(SCENARIO)
    out_dir = tmp_path / "pictures"
    script = ["next", "break state main_phase", "continue", "where", "back 2", "where", "diagram " + str(out_dir)]
    result = run("\n".join(script) + "\n", "--scenario", str(scenario))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "recorded choice: ride:hand[0]" in out              # the script is replayed, not re-asked
    assert "breakpoint 1: state turn.main_phase" in out
    after_back = out.split("> back 2", 1)[1]
    assert "rewound to transition" in after_back
    where = after_back.split("> where", 1)[1].split("> diagram", 1)[0]
    assert "turn.ride_phase.ride_step" in where and "choices: 0 made, 1 recorded ahead" in where
    svg = out_dir / "turn.svg"
    assert svg.is_file() and svg.read_text().lstrip().startswith(("<?xml", "<svg"))
    assert f"highlighted in {svg.resolve()}" in out


def test_saved_scenario_reopens_at_the_same_position(tmp_path):
    d = debugger(3, ("heuristic", "heuristic"))
    d.execute("break state guard_step")
    d.execute("continue")
    d.execute("next")
    saved = tmp_path / "moment.yaml"
    assert f"wrote scenario {saved}" in d.execute(f"save scenario {saved}")
    from vanguard_fsm.debug.start import build_start
    start = build_start(scenario=str(saved))
    again = Debugger(start.game, d.agents, start.recorded)     # the script: the choices since turn 1
    again.execute("break state guard_step")
    again.execute("continue")
    again.execute("next")
    assert again.game.pending.ids() == d.game.pending.ids()
    assert again.game.runner.paths() == d.game.runner.paths()
    assert again.board() == d.board()


def test_saved_scenario_is_runnable_at_once(tmp_path):
    """Issue 12.7: `save scenario` writes the choices since the start as the script and the
    current decision as `until:`, so `vanguard-fsm scenario run` passes on it unchanged."""
    from vanguard_fsm.scenario.runner import run_scenario
    d = debugger(5, ("heuristic", "heuristic"))
    d.execute("break state main_phase")
    for _ in range(3):
        d.execute("continue")
    d.execute("next")                       # from entering the state to its decision
    saved = tmp_path / "main.yaml"
    out = d.execute(f"save scenario {saved}")
    assert "scripted choice(s) from turn" in out, out
    text = saved.read_text()
    assert "script:" in text and "until: {decision: turn.main_phase" in text
    result = run_scenario(saved)
    assert result.passed, result.message
    assert result.game.pending.ids() == d.game.pending.ids()


def test_a_state_breakpoint_stops_at_that_state_s_decision():
    """Issue 31: `break state guard_step` stopped on entering the step, before its check timing
    and its decision ("decision: none pending"); it stops where the guard is chosen (CR.guard)."""
    d = debugger(1, ("heuristic", "heuristic"))
    d.execute("break state guard_step")
    out = d.execute("continue")
    assert "breakpoint 1: state battle.guard_step" in out
    assert d.game.pending is not None and d.game.runner.paths()[-1] == "battle.guard_step", out
    assert "decision: P0 at guard_step" in out


@pytest.mark.parametrize("stop", ["break state drive_step", "break event drive_check", "break event attack",
                                  "break timing beginning_of_guard_step"])
def test_a_scenario_saved_at_any_stop_runs(tmp_path, stop):
    """Issue 31: saved where no decision was pending, the file did not run (`unanswered
    decision`). Any stop now writes a scenario `scenario run` passes, ending at the decision
    pending there or the first one after it; saving leaves the session's log as it was."""
    from vanguard_fsm.scenario.runner import run_scenario
    d = debugger(2, ("heuristic", "heuristic"))
    d.execute(stop)
    d.execute("continue")
    before = (position(d), d.trace.seq)
    saved = tmp_path / "stop.yaml"
    out = d.execute(f"save scenario {saved}")
    assert f"wrote scenario {saved}" in out, out
    assert (position(d), d.trace.seq) == before
    result = run_scenario(saved)
    assert result.passed, result.message


def test_saved_replay_of_a_debugged_game_replays_identically(tmp_path):
    from vanguard_fsm.record.replay import run_replay
    d = debugger(5)                                             # abilities on, random agents
    assert "continue" in d.execute("save replay x.json")        # refused before the end, says why
    d.execute("continue")
    path = tmp_path / "game.json"
    assert "wrote replay" in d.execute(f"save replay {path}")
    assert run_replay(path).ok
    result = run("continue\nwhere\n", "--replay", str(path))
    assert result.exit_code == 0 and "choices: " + str(len(d.game.history)) + " made, 0 recorded ahead" in result.output


def test_bad_start_files_exit_2_with_the_location(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{\n  nope\n}\n")
    result = run("", "--replay", str(broken))
    assert result.exit_code == 2 and f"{broken}:2:" in result.output
    scenario = tmp_path / "unknown_card.yaml"
    scenario.write_text(SCENARIO.replace("AL-011", "ZZ-999"))
    result = run("", "--scenario", str(scenario))
    assert result.exit_code == 2 and f"{scenario}:7:" in result.output and "ZZ-999" in result.output


def test_scenario_new_writes_a_commented_template_that_passes(tmp_path):
    """Issue 12.7: `scenario new FILE` is a starting point that already runs."""
    path = tmp_path / "mine.yaml"
    out = run_cli("scenario", "new", str(path))
    assert out.exit_code == 0 and path.is_file()
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=") and text.count("#") > 10
    passed = run_cli("scenario", "run", str(path))
    assert passed.exit_code == 0 and "1 passed, 0 failed" in passed.output
    assert run_cli("scenario", "new", str(path)).exit_code == 2      # never overwrites


def run_cli(*args):
    return CliRunner().invoke(main, list(args))


def _everything(d):
    """The session as the user sees it: position, the whole trace, log, counters and timeline."""
    return (position(d), [dict(e) for e in d.trace.events], d.trace.seq, d.log(200), d.units, dict(d.stops),
            list(d.timeline), dict(d.came_from), d.game.snapshot()[3])


def test_saving_leaves_the_trace_log_and_counters_as_they_were(tmp_path):
    """Issue 30.1: `save scenario` replays the game from the start to find a start point;
    that replay must not reach the session's trace (it appended a second `game_start`)."""
    d = debugger(5, ("heuristic", "heuristic"))
    d.execute("break state main_phase")
    for _ in range(3):
        d.execute("continue")
    d.execute("next")
    before = _everything(d)
    assert "scripted choice(s) from turn" in d.execute(f"save scenario {tmp_path / 'a.yaml'}")
    assert _everything(d) == before
    assert len(d.trace.of("game_start")) == 1
    d.execute("delete 1")
    d.execute("continue")
    before = _everything(d)
    assert "wrote replay" in d.execute(f"save replay {tmp_path / 'game.json'}")
    assert "cannot save a scenario here" in d.execute(f"save scenario {tmp_path / 'b.yaml'}")
    assert _everything(d) == before
