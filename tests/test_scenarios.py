"""Scenario files are strict: each kind of mistake fails with a message naming its line.

The fixtures in `tests/fixtures/scenarios_bad/` each contain one mistake; the tests
find the expected line by its text in the fixture, so they check the located
message, not a copy of a number. Also: the `scenario run` exit codes, and that a
saved position (`save_scenario`) loads back into the same position.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from vanguard_fsm.agents import make_agent
from vanguard_fsm.abilities import new_game_with_abilities as new_game
from vanguard_fsm.machine.yamlsrc import SourceError
from vanguard_fsm.cli.main import main
from vanguard_fsm.scenario.runner import build_game, load_scenario, parse_scenario, run_scenario
from vanguard_fsm.scenario.save import position_of, save_scenario

BAD = Path(__file__).parent / "fixtures" / "scenarios_bad"
GOOD = Path(__file__).parent / "scenarios"


def line_of(path: Path, text: str, nth: int = 1) -> int:
    """1-based number of the nth line of `path` containing `text`."""
    hits = [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    return hits[nth - 1]


def failures(name: str):
    result = run_scenario(BAD / name)
    assert not result.passed
    return result.failures


def test_unanswered_decision_names_the_last_script_line():
    first = failures("unanswered_decision.yaml")[0]
    assert first.line == line_of(BAD / "unanswered_decision.yaml", "- call:hand[0]->front_left")
    assert "unanswered decision" in first.message and "main_phase" in first.message
    assert "move:front_left->back_left" in first.message      # the legal choices are listed


def test_illegal_scripted_choice_names_its_line_and_the_legal_ones():
    first = failures("illegal_choice.yaml")[0]
    assert first.line == line_of(BAD / "illegal_choice.yaml", "- call:hand[0]->back_left")
    assert "illegal scripted choice 'call:hand[0]->back_left'" in first.message
    assert "legal: " in first.message and "pass" in first.message


def test_unused_scripted_choice_names_its_line():
    found = failures("unused_choice.yaml")
    assert len(found) == 1
    assert found[0].line == line_of(BAD / "unused_choice.yaml", "- pass")
    assert "never used: 'pass'" in found[0].message


def test_unknown_card_names_its_line_and_column():
    (first,) = failures("unknown_card.yaml")
    path = BAD / "unknown_card.yaml"
    assert first.line == line_of(path, "hand: [AL-008, AL-999]")
    assert first.col == path.read_text().splitlines()[first.line - 1].index("AL-999") + 1
    assert "unknown card 'AL-999'" in first.message


def test_script_for_the_wrong_player():
    (first,) = failures("wrong_player.yaml")
    assert first.line == line_of(BAD / "wrong_player.yaml", "- P1 pass")
    assert "scripted for P1" in first.message and "player 0" in first.message


def test_unknown_start_state_is_a_failure_at_start_at():
    (first,) = failures("unknown_state.yaml")
    assert first.line == line_of(BAD / "unknown_state.yaml", "mian_phase")
    assert "no state 'mian_phase'" in first.message


def test_each_failed_expectation_names_its_own_line():
    path = BAD / "failing_expectation.yaml"
    found = failures("failing_expectation.yaml")
    by_line = {f.line: f.message for f in found}
    assert "power: expected 9000, got 7000" in by_line[line_of(path, "VC: {card: AL-007, power: 9000}")]
    assert "none matches event=ride, onto_grade=1" in by_line[line_of(path, "- {event: ride, onto_grade: 1}")]
    assert "never reached: event=attack" in by_line[line_of(path, "after: {event: attack}")]
    assert line_of(path, "soul: [AL-001]") not in by_line            # that one holds
    assert len(found) == 3


@pytest.mark.parametrize("name, text, message", [
    ("unknown_key.yaml", "hnad:", "unknown key 'hnad'"),
    ("yaml_syntax.yaml", "p0:", "YAML syntax error"),
])
def test_malformed_files_raise_located_source_errors(name, text, message):
    with pytest.raises(SourceError) as info:
        load_scenario(BAD / name)
    assert info.value.line == line_of(BAD / name, text)
    assert message in info.value.message


def test_point_needs_exactly_one_kind():
    text = (GOOD / "ride" / "ride_grade_plus_one.yaml").read_text()
    bad = text.replace("until: {decision: main_phase}", "until: {decision: main_phase, event: ride}")
    with pytest.raises(SourceError) as info:
        parse_scenario(bad, "x.yaml")
    assert "exactly one of" in info.value.message
    assert info.value.line == next(i for i, l in enumerate(bad.splitlines(), 1) if l.startswith("until:"))


def test_scenario_run_exit_codes():
    runner = CliRunner()
    ok = runner.invoke(main, ["scenario", "run", str(GOOD / "ride")])
    assert ok.exit_code == 0, ok.output
    assert ok.output.count("PASS") == len(list((GOOD / "ride").glob("*.yaml")))
    failing = runner.invoke(main, ["scenario", "run", str(GOOD / "ride"), str(BAD / "illegal_choice.yaml")])
    assert failing.exit_code == 1
    fail_lines = [line for line in failing.output.splitlines() if line.startswith("FAIL")]
    assert len(fail_lines) == 1 and f"illegal_choice.yaml:{line_of(BAD / 'illegal_choice.yaml', 'back_left')}:" \
        in fail_lines[0]
    malformed = runner.invoke(main, ["scenario", "run", str(BAD)])
    assert malformed.exit_code == 2
    assert "ERROR" in malformed.output and "FAIL" in malformed.output   # every file still reported


def same_position(a, b) -> bool:
    """Equal boards, turns and machine states (the free-text `doc` aside)."""
    strip = lambda game: {k: v for k, v in position_of(game).items() if k != "doc"}  # noqa: E731
    return strip(a) == strip(b)


def _play_to(seed: int, decisions: int):
    game = new_game(seed)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    seen = 0
    while True:
        decision = game.advance()
        assert decision is not None
        if game.state.turn >= 1 and decision.resolver is None:
            seen += 1
            if seen == decisions:
                return game, decision
        game.apply(agents[decision.player].choose(game, decision))


@pytest.mark.parametrize("seed, decisions", [(1, 5), (2, 17), (5, 40), (9, 63)])
def test_saved_position_loads_back_to_the_same_position(tmp_path, seed, decisions):
    game, decision = _play_to(seed, decisions)
    path = save_scenario(game, tmp_path / "saved.yaml", name="round trip")
    again = build_game(load_scenario(path))
    again_decision = again.advance()
    assert same_position(again, game)
    assert (again_decision.player, again_decision.kind, again_decision.ids()) == \
        (decision.player, decision.kind, decision.ids())


def test_saved_position_just_after_entering_a_state(tmp_path):
    """Saved between steps (only the new state's entry left to run): `enter: true`."""
    game = new_game(3)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    entered = 0
    for _ in range(20_000):
        if game.pending is not None:
            game.apply(agents[game.pending.player].choose(game, game.pending))
            continue
        game.step()
        try:
            data = position_of(game)
        except ValueError:
            continue
        if data["start"].get("enter") and game.state.turn >= 3:
            entered += 1
            if entered == 5:
                break
    else:
        pytest.fail("no position just after entering a state was found")
    path = save_scenario(game, tmp_path / "entered.yaml")
    again = build_game(load_scenario(path))
    assert same_position(again, game)
    a, b = game.advance(), again.advance()
    assert (a.kind, a.ids()) == (b.kind, b.ids())
    assert same_position(again, game)


def test_positions_through_a_whole_game_round_trip(tmp_path):
    """Every fourth savable position of a game (abilities on, random agent): the rebuilt game
    shows the same position, ability bookkeeping included, and offers the same next decision."""
    game = new_game(21)
    agents = [make_agent("heuristic", 1), make_agent("random", 2)]
    savable = checked = 0
    while not game.over:
        if game.pending is not None:
            game.apply(agents[game.pending.player].choose(game, game.pending))
            continue
        game.step()
        try:
            position_of(game)
        except ValueError:
            continue
        savable += 1
        if savable % 4:
            continue
        again = build_game(load_scenario(save_scenario(game, tmp_path / "p.yaml")))
        assert same_position(again, game)
        snap = game.snapshot()
        a, b = game.advance(), again.advance()
        assert (a and (a.player, a.kind, a.ids())) == (b and (b.player, b.kind, b.ids()))
        game.restore(snap)
        checked += 1
    assert checked >= 10     # not vacuous


def test_saving_inside_an_action_is_refused(tmp_path):
    game = new_game(4)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    while True:
        decision = game.advance()
        if decision.resolver is not None:   # e.g. a trigger's target
            break
        game.apply(agents[decision.player].choose(game, decision))
    with pytest.raises(ValueError, match="inside an action"):
        save_scenario(game, tmp_path / "no.yaml")
