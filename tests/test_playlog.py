"""Issue 12, point 6: the play log follows the flows: headers are the flow states the game
is in, every line sits under the state it happened in, cards show their names with ids."""
from __future__ import annotations

import re
import shutil

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.base import play_out
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.record.playlog import PlayLog


def _log(seed, flows_dir=None):
    lines, headers_at = [], []
    hooks = Hooks()
    game = None

    def write(text):
        lines.append(text)
        if text.startswith("  [") and game is not None:
            headers_at.append((text, game.runner.paths()))

    PlayLog(hooks, write)
    game = new_game_with_abilities(seed, None, "standard", flows_dir, None, hooks=hooks)
    play_out(game, [make_agent("heuristic", seed * 2 + 1), make_agent("heuristic", seed * 2 + 2)])
    return "\n".join(lines), headers_at


def test_headers_are_the_flow_states_the_game_is_in():
    text, headers = _log(3)
    assert headers
    for header, paths in headers:
        states = " > ".join(" > ".join(p.split(".")[1:]).replace("_", " ") for p in paths[1:])
        assert header == f"  [{states}]"
    assert "  [battle phase > guard step]" in text


def test_a_stride_sits_under_the_stride_step_and_cards_have_names():
    """The old log printed a stride under [draw] and end-phase events under [battle]."""
    for seed in range(1, 8):
        text, _ = _log(seed)
        if "STRIDES" in text:
            break
    block = text[:text.index("STRIDES")]
    assert block[block.rindex("  ["):].startswith("  [ride phase > stride place]")   # choose, pay, place
    assert re.search(r"STRIDES [^(]+ \([A-Z]{2}-\d{3}\) over [^(]+ \([A-Z]{2}-\d{3}\)", text)
    assert re.search(r"draws [A-Z][^(]* \([A-Z]{2}-\d{3}\)", text)


def test_a_phase_renamed_in_the_flow_gets_its_own_header(tmp_path):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows)
    turn = (flows / "turn.yaml").read_text(encoding="utf-8")
    turn = turn.replace("  draw_phase:", "  pull_phase:").replace("to: draw_phase", "to: pull_phase")
    (flows / "turn.yaml").write_text(turn, encoding="utf-8")
    text, _ = _log(1, flows)
    assert "  [pull phase > draw step]" in text and "[draw phase" not in text


def test_cards_put_under_the_deck_are_logged_not_taken_for_a_turn_over():
    """A `put` from the deck to the deck (`bottom: true`: the cards Drangal's line looked at and left,
    reveal_until's others) has no `face`; the log said "turns ... face" for every from = to put and
    failed on it with a KeyError in `play --decks royal-paladin kagero`."""
    lines = []
    hooks = Hooks()
    PlayLog(hooks, lines.append)
    from vanguard_fsm.game.factory import load_inputs
    loaded = load_inputs(("royal-paladin", "kagero"))
    game = new_game_with_abilities(1, loaded["decks"], None, hooks=hooks, flows=loaded["flows"], db=loaded["db"])
    play_out(game, [make_agent("heuristic", 3), make_agent("heuristic", 4)])
    assert any(": deck -> deck (bottom) (effect)" in line for line in lines)
