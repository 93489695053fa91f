"""Issue 11: a rules designer edits a copy of flows/, parameters or card data, and the game follows.

Each test edits a temporary copy and shows the engine obeys it with no Python change.
Rule IDs: CR 7.3.1.3 (no attack on the very first turn), CR 6.5.1.1.2 / 6.5.1.2.2 (one
normal ride / stride per turn).
"""
from __future__ import annotations

import pytest

from helpers import copy_cards as cards_with, copy_flows, edit, passes_only_when_edited, write_scenario
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.paths import REPO_DIR
from vanguard_fsm.scenario.runner import run_scenario


TURN_ONE = """
name: turn 1 attack offered only by the flows' guard (CR 7.3.1.3)
rules: ["CR 7.3.1.3"]
abilities: false
start: {turn: 1, turn_player: 0, at: battle.start_step, enter: true}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: TC-001}
  deck: [{card: TC-009, count: 6}]
script:
  - battle          # attack:VC->VC, no boost and no guard are the only options: taken by themselves
until: {state: battle.damage_step}
expect:
  events:
    - {event: attack, count: 1}
"""


FIRST_TURN_GUARD = """      - to: battle_phase_end
        if: [first_turn_of_first_player]
        doc: no attack on the first player's first turn
"""


def test_deleting_the_first_turn_guard_allows_a_turn_1_attack(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", FIRST_TURN_GUARD, "")
    assert lint_flows(flows) == []
    passes_only_when_edited(write_scenario(tmp_path, TURN_ONE), flows=flows)
    # (with the built-in flows the same script is refused: no 'battle' on turn 1)


SECOND_RIDE = """
name: a second normal ride once the flows' once-per-turn guard is gone
rules: ["CR 6.5.1.1.2"]
abilities: false
start: {turn: 3, turn_player: 0, at: turn.ride_phase.ride_step}
p0:
  VC: {card: AL-007, soul: [AL-001]}
  hand: [AL-008, AL-011]
  deck: [{card: AL-009, count: 5}]
  rode: true
p1:
  VC: TC-008
  deck: [{card: TC-009, count: 5}]
script:
  - ride:hand[1]
until: {state: turn.main_phase}
expect:
  p0:
    VC: AL-011
"""


def test_deleting_the_once_per_turn_ride_guard_allows_a_second_ride(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", """          - to: stride_step
            if: [normal_ride_done_this_turn]
            doc: one normal ride per turn
""", "")
    assert lint_flows(flows) == []
    passes_only_when_edited(write_scenario(tmp_path, SECOND_RIDE), flows=flows)


# -- order inside a state (CR 6.8.1.1.1 -> 6.8.1.3, CR 7.3.1.1) -----------------------

END_PHASE_ABILITY = """\
    abilities:
      - kind: AUTO
        zone: V
        timing: beginning_of_end_phase
        conditions: [your_turn]
        effect: {counter_charge: 1}
        text: "At the beginning of your end phase, Counter Charge 1."
"""

# the same end-phase ability on a heart and on the G unit above it (which never gets to use it)
HEART_CARD = f"""
clan: Test
nation: Test
race: Test
cards:
  - id: X-HRT
    name: Heart of the End Phase
    grade: 3
    power: 11000
    shield: null
    unit: normal
    skills: [twin_drive]
{END_PHASE_ABILITY}
  - id: X-GEND
    name: G Unit of the End Phase
    grade: 4
    power: 15000
    shield: null
    unit: g_unit
    skills: [triple_drive]
    stride: {{cost: [{{hand_grades_total: 3}}]}}
{END_PHASE_ABILITY}
"""


END_PHASE = """
name: the heart's end-phase ability triggers after the G unit returns; the G unit's does not
rules: ["3.3.6", "CR 6.8.1.1.1", "CR 6.8.1.3"]
start: {turn: 7, turn_player: 1, at: turn.main_phase}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  deck: [{card: AL-009, count: 6}]
p1:
  VC: {card: X-GEND, heart: X-HRT, soul: [TC-001]}
  damage: [{card: TC-009, face_down: true}, {card: TC-009, face_down: true}, TC-009]
  deck: [{card: TC-009, count: 6}]
script:
  - pass
until: {turn: 7}
expect:
  p1:
    damage_face_down: 1
  events:
    - {event: ability, card: X-HRT, timing: beginning_of_end_phase, step: resolved, count: 1}
  no_events:
    - {event: ability, card: X-GEND}
"""


def test_end_phase_order_is_yaml_heart_triggers_after_the_g_unit_returns(tmp_path):
    cards = cards_with(tmp_path, HEART_CARD)
    scenario = write_scenario(tmp_path, END_PHASE)
    result = run_scenario(scenario, cards=cards)
    assert result.passed, result.message
    # the designer puts the timing back on entry (before the G unit returns): the game follows
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", "do: [return_g_units, remove_g_zone_after_ultimate_stride, unlock_locked_cards, "
         "return_deleted_units]",
         "timings: [beginning_of_end_phase]\n        do: [return_g_units, remove_g_zone_after_ultimate_stride, "
         "unlock_locked_cards, return_deleted_units]")
    edit(flows / "turn.yaml", "do: [check_timing, {timing: beginning_of_end_phase}, check_timing, end_turn_effects,",
         "do: [check_timing, check_timing, end_turn_effects,")
    assert lint_flows(flows) == []
    moved = run_scenario(scenario, flows_dir=flows, cards=cards)
    assert not moved.passed
    assert any(r["event"] == "ability" and r["card"] == "X-GEND" for r in moved.events)


START_STEP = """
name: the start-step timing fires once per battle phase
rules: ["CR 7.3.1.1"]
abilities: false
start: {turn: 5, turn_player: 0, at: turn.main_phase}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  front_left: AL-012
  deck: [{card: AL-009, count: 8}]
p1:
  VC: {card: TC-016, soul: [TC-001]}
  deck: [{card: TC-009, count: 8}]
script:
  - pass
  - battle
  - attack:front_left->VC
  - battle
until: {state: turn.end_phase}
expect:
  events:
    - {event: timing, name: beginning_of_start_step, count: 1}
    - {event: state, path: battle.start_step, count: 3}
"""


def test_first_entry_timing_fires_once_per_battle_phase_and_follows_the_yaml(tmp_path):
    scenario = write_scenario(tmp_path, START_STEP)
    assert run_scenario(scenario).passed
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", "{timing: beginning_of_start_step, first_entry: true}", "{timing: beginning_of_start_step}")
    result = run_scenario(scenario, flows_dir=flows)
    fired = [r for r in result.events if r["event"] == "timing" and r["name"] == "beginning_of_start_step"]
    assert len(fired) == 3


# -- check timing after each choice is flow data (CR 8.4.2.1) ------------------------------

RIDE = """
name: a ride's "when placed" ability resolves at the check timing after the choice
rules: ["CR 6.5.1.1.4", "CR 8.4.2.1"]
start: {turn: 5, turn_player: 0, at: turn.ride_phase.ride_step}
p0:
  VC: {card: AL-011, soul: [AL-001]}
  hand: [AL-014, AL-009]
  deck: [{card: AL-009, count: 8}]
p1:
  VC: {card: TC-016, soul: [TC-001]}
  deck: [{card: TC-009, count: 8}]
script:
  - ride:hand[0]
until: {state: turn.main_phase}
"""


def _resolved_before_stride_step(events) -> bool:
    kinds = [("ability" if r["event"] == "ability" and r.get("step") == "resolved" else r.get("path"))
             for r in events if r["event"] in ("ability", "state")]
    return kinds.index("ability") < kinds.index("turn.ride_phase.stride_step")


def test_after_each_choice_check_timing_is_flow_data(tmp_path):
    scenario = write_scenario(tmp_path, RIDE)
    result = run_scenario(scenario)
    assert result.passed, result.message
    assert _resolved_before_stride_step(result.events)
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", """        decision: {who: turn_player, kinds: [ride, pass], doc: ride a card from hand or not,
                   after_each_choice: [check_timing]}""",
         "        decision: {who: turn_player, kinds: [ride, pass], doc: ride a card from hand or not}")
    assert lint_flows(flows) == []
    later = run_scenario(scenario, flows_dir=flows)
    assert later.passed, later.message
    assert not _resolved_before_stride_step(later.events)   # played at the stride step's check timing


# -- repeat loops (CR 7.8.1.3) -------------------------------------------------------------

LOOP_CARDS = """
clan: Test
nation: Test
race: Test
cards:
  - {id: X-CALL, name: Caller at the End of Battle, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost],
     abilities: [{kind: AUTO, zone: R, timing: end_of_battle, effect: {call: {from: drop, choose: 1, name: Latecomer}},
                  text: "At the end of the battle, call a 'Latecomer' from your drop zone."}]}
  - {id: X-LATE, name: Latecomer, grade: 1, power: 7000, shield: 5000, unit: normal, skills: [boost],
     abilities: [{kind: AUTO, zone: R, timing: end_of_battle, effect: {soul_charge: 1},
                  text: "At the end of the battle, Soul Charge 1."}]}
"""

CLOSE_LOOP = """
name: the close step repeats for an end-of-battle ability of a unit placed during it
rules: ["CR 7.8.1.1", "CR 7.8.1.3"]
start: {turn: 5, turn_player: 0, at: battle.close_step, enter: true,
        battle: {attacker: VC, target: VC, count: 1}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  back_left: X-CALL
  drop: [X-LATE]
  deck: [{card: AL-009, count: 8}]
p1:
  VC: {card: TC-016, soul: [TC-001]}
  deck: [{card: TC-009, count: 8}]
script:
  - ability_circle:front_right
until: {state: battle.start_step}
expect:
  p0:
    soul_count: 2
  events:
    - {event: ability, card: X-LATE, step: resolved, count: 1}
    - {event: ability, card: X-CALL, step: resolved, count: 1}
"""


def test_close_step_repeats_while_abilities_are_still_to_stand_by(tmp_path):
    cards = cards_with(tmp_path, LOOP_CARDS)
    scenario = write_scenario(tmp_path, CLOSE_LOOP)
    result = run_scenario(scenario, cards=cards)
    assert result.passed, result.message
    entered = [r for r in result.events if r["event"] == "state" and r["path"] == "battle.close_step"]
    assert len(entered) == 2         # once, then once more for the Latecomer (and no third time)
    # the designer deletes the repeat: the Latecomer's ability never stands by
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", """      - to: close_step
        if: [abilities_pending]
        doc: "CR 7.8.1.3: abilities stand by or have yet to: the close step repeats"
""", "")
    assert lint_flows(flows) == []
    once = run_scenario(scenario, flows_dir=flows, cards=cards)
    assert not once.passed
    assert not any(r["event"] == "ability" and r["card"] == "X-LATE" for r in once.events)


# -- rules numbers in parameters.yaml; deck legality when a game starts -------------------

SEVENTH = """
name: with damage_to_lose 7, six damage does not lose
rules: ["3.4.2", "CR 9.2.2"]
abilities: false
start: {turn: 9, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC}}
p0:
  VC: {card: AL-014, soul: [AL-001, AL-007, AL-011]}
  deck: [AL-009, AL-010, AL-013]
p1:
  VC: {card: TC-011, soul: [TC-001, TC-008]}
  damage: [TC-007, TC-008, TC-009, TC-010, TC-012]
  deck: [TC-009, TC-005, TC-013, TC-009, TC-009]
until: {state: battle.close_step}
expect:
  over: false
  p1:
    damage_count: 6
"""


def test_seven_damage_to_lose_in_parameters(tmp_path):
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "    standard: 6\n", "    standard: 7\n")
    passes_only_when_edited(write_scenario(tmp_path, SEVENTH), flows=flows)   # built-in: the sixth damage loses


def test_the_heal_condition_is_a_parameter(tmp_path):
    """RULES 1.4.4 (heal only when your damage >= your opponent's) is `heal_damage_lead_min: 0`;
    at -1 the same heal trigger, one damage behind, heals."""
    from pathlib import Path
    scenario = Path(__file__).parent / "scenarios" / "triggers" / "heal_trigger_needs_damage_at_least_opponents.yaml"
    assert run_scenario(scenario).passed
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "  heal_damage_lead_min: 0 ", "  heal_damage_lead_min: -1 ")
    healed = run_scenario(scenario, flows_dir=flows)
    assert not healed.passed
    assert any(r["event"] == "trigger" and r.get("healed") == "AL-007" for r in healed.events)


def test_a_deck_of_40_is_legal_under_a_changed_limit_and_checked_at_game_start(tmp_path):
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import DeckError, load_deck, validate_deck
    from vanguard_fsm.game.factory import new_game
    from vanguard_fsm.machine.loader import load_parameters
    from vanguard_fsm.paths import builtin_decks_dir
    text = (builtin_decks_dir() / "aurora.yaml").read_text()
    deck_file = tmp_path / "forty.yaml"        # 50 - (AL-007 x4, AL-009 x4, AL-012 x2) = 40, 16 triggers
    deck_file.write_text(text.replace("  - {card: AL-007, count: 4}   # grade 1 (15)\n", "")
                         .replace("  - {card: AL-009, count: 4}\n", "")
                         .replace("  - {card: AL-012, count: 4}", "  - {card: AL-012, count: 2}"))
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "      main_deck: 50\n", "      main_deck: 40\n")
    db = load_cards()
    deck = load_deck(deck_file, db)
    assert len(deck.main) == 40
    assert validate_deck(deck, db, load_parameters(flows)) == []
    assert any("exactly 50 cards" in m for m in validate_deck(deck, db))
    game = new_game(1, [deck_file, deck_file], flows_dir=flows)
    assert len(game.state.players[0].deck) == 40
    with pytest.raises(DeckError) as info:
        new_game(1, [deck_file, deck_file])
    assert str(info.value).startswith(f"{deck_file}:")
    assert "exactly 50 cards" in str(info.value)


def test_an_illegal_deck_is_refused_by_every_command_with_its_line(tmp_path):
    import subprocess
    import sys
    from vanguard_fsm.paths import builtin_decks_dir
    bad = tmp_path / "bad.yaml"
    bad.write_text((builtin_decks_dir() / "aurora.yaml").read_text().replace("starter: AL-001", "starter: AL-014"))
    line = next(i for i, t in enumerate(bad.read_text().splitlines(), 1) if t.startswith("starter:"))
    for argv in (["play", "--seed", "1", "--quiet", "--decks", str(bad), "tidewyrm"],
                 ["simulate", "--games", "2", "--workers", "1", "--no-progress", "--decks", str(bad), "tidewyrm"],
                 ["debug", "--seed", "1", "--decks", str(bad), "tidewyrm"]):
        out = subprocess.run([sys.executable, "-m", "vanguard_fsm", *argv], capture_output=True, text=True,
                             input="continue\n", timeout=120)
        assert out.returncode == 2, (argv, out.stdout, out.stderr)
        assert f"{bad}:{line}:" in out.stderr and "must be grade 0" in out.stderr, out.stderr


def test_the_game_format_is_the_decks_format(tmp_path):
    from vanguard_fsm.game.decks import DeckError
    from vanguard_fsm.game.factory import new_game
    assert new_game(1, ["aurora-quick", "tidewyrm-quick"]).state.format == "quick"
    assert new_game(1, ["aurora", "tidewyrm"]).state.format == "standard"
    # a format is a deck rule (RULES 2.1, 2.2): another format for the game, only with decks legal in it
    with pytest.raises(DeckError, match="'aurora-quick' is a quick deck, not legal in a standard game"):
        new_game(1, ["aurora-quick", "tidewyrm-quick"], fmt="standard")


def test_grade_limits_and_drive_checks_are_parameters(tmp_path):
    """Ride two grades up, and a twin drive of 3, once parameters.yaml says so."""
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "ride: {min: 0, max: 1}", "ride: {min: 0, max: 2}")
    edit(flows / "parameters.yaml", "    twin_drive: 2\n", "    twin_drive: 3\n")
    scenario = write_scenario(tmp_path, """
name: ride two grades up, then a twin drive checks three times
rules: ["3.3.3.1", "1.2"]
abilities: false
start: {turn: 3, turn_player: 0, at: turn.ride_phase.ride_step}
p0:
  VC: {card: AL-007, soul: [AL-001]}
  hand: [AL-014]
  deck: [{card: AL-009, count: 8}]
p1:
  VC: {card: TC-008, soul: [TC-001]}
  deck: [{card: TC-009, count: 8}]
script:
  - ride:hand[0]
  - battle
until: {state: battle.damage_step}
expect:
  p0:
    VC: AL-014
  events:
    - {event: drive_check, count: 3}
""")
    passes_only_when_edited(scenario, flows=flows)


# per-card stride and G guardian costs: tests/test_designer_g_units.py


# -- G assist as flow states (CR 6.4.1.2) -------------------------------------------------

def test_a_g_assist_sub_step_removed_in_yaml_is_gone(tmp_path):
    """Delete the "remove from the G zone" step: G assist takes a card, removes two hand
    cards, and leaves the G zone whole."""
    flows = copy_flows(tmp_path)
    text = (flows / "turn.yaml").read_text()
    start = text.index("      g_assist_remove_from_g_zone:")
    end = text.index("      g_assist_shuffle:")
    text = text[:start] + text[end:]
    text = text.replace("          - to: g_assist_remove_from_g_zone\n            unless: [g_assist_hand_removals_left]",
                        "          - to: g_assist_shuffle\n            unless: [g_assist_hand_removals_left]")
    (flows / "turn.yaml").write_text(text)
    assert lint_flows(flows) == []
    scenario = write_scenario(tmp_path, """
name: G assist without its G zone removal
rules: ["CR 6.4.1.2.5"]
abilities: false
start: {turn: 3, turn_player: 0, at: turn.draw_phase.draw_step, enter: true}
p0:
  VC: {card: AL-007, soul: [AL-001]}
  hand: [AL-007, AL-001, AL-014]
  deck: [AL-009, AL-011, AL-002, AL-012, AL-003, AL-004, AL-010, AL-010]
  g_zone: [AL-017, AL-018, AL-019]
p1:
  VC: TC-008
  deck: [{card: TC-009, count: 5}]
script:
  - g_assist_search
  - g_assist:top[0]
  - remove:hand[2]
  - remove:hand[1]
until: {state: turn.ride_phase}
expect:
  p0:
    hand: [AL-007, AL-009, AL-011]
    g_zone_count: 3
  events:
    - {event: g_assist, player: 0, card: AL-011}
    - {event: put, card: AL-014, from: hand, to: removed}
    - {event: put, card: AL-001, from: hand, to: removed}
  no_events:
    - {event: put, from: g_zone}
""")
    passes_only_when_edited(scenario, flows=flows)


def test_a_format_named_in_parameters_is_accepted_by_the_command_line(tmp_path):
    """`--format` takes the formats parameters.yaml names (damage_to_lose), not a list in Python:
    a copy of the flows with a 'marathon' format (8 damage) plays it; the built-in flows refuse it
    before anything runs (exit 2, one line naming the known formats)."""
    from click.testing import CliRunner
    from vanguard_fsm.cli.main import main
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "    standard: 6\n", "    standard: 6\n    marathon: 8\n")
    edit(flows / "parameters.yaml", "    quick:                  # RULES 2.2\n",
         "    marathon: {rule: \"2.1\", main_deck: 50, triggers: 16, max_heal: 4, max_copies: 4}\n"
         "    quick:                  # RULES 2.2\n")
    runner = CliRunner()
    played = runner.invoke(main, ["play", "--quiet", "--seed", "2", "--flows", str(flows), "--format", "marathon"])
    assert played.exit_code == 0, played.output
    assert "result:" in played.output
    refused = runner.invoke(main, ["play", "--quiet", "--seed", "2", "--format", "marathon"])
    assert refused.exit_code == 2
    assert "--format: unknown format 'marathon': parameters.yaml damage_to_lose names quick, standard" in refused.output


def test_a_declined_g_assist_shuffles_only_if_the_yaml_says_so(tmp_path):
    """Built in, declining G assist goes straight to the ride phase: nothing is looked at and
    the deck is not shuffled (CR 6.4.1.2.1.3, audit A13). A copy of turn.yaml whose `pass`
    leads through `g_assist_shuffle` shuffles: the game follows the YAML either way."""
    from pathlib import Path
    scenario = Path(__file__).parent / "scenarios" / "g_assist" / "g_assist_declined_looks_at_nothing.yaml"
    built_in = run_scenario(scenario)
    assert built_in.passed and not any(r["event"] == "shuffle" for r in built_in.events)
    flows = copy_flows(tmp_path)
    edit(flows / "turn.yaml", """          - choice: pass
            to: ride_phase
            do: [check_timing]
            doc: no search, no look, no shuffle""", """          - choice: pass
            to: g_assist_shuffle
            doc: no search, no look, no shuffle""")
    assert lint_flows(flows) == []
    shuffled = run_scenario(scenario, flows_dir=flows)
    assert any(r["event"] == "shuffle" and r.get("player") == 0 for r in shuffled.events)


# -- printed numbers of cards are parameters (RULES 1.1-1.3) -----------------------------

GRADE_3_INTERCEPT = """
clan: Test
nation: Test
race: Test
cards:
  - {id: X-INT, name: Grade 3 Interceptor, grade: 3, power: 11000, shield: 15000, unit: normal,
     skills: [twin_drive, intercept]}
"""


def test_printed_skills_and_shields_follow_parameters(tmp_path):
    """`printed_cards` in parameters.yaml says which grades may print a skill and which shields a
    normal unit has: a grade 3 intercept with a 15000 shield passes card lint once a copy of the
    parameters allows both, and is refused at its lines by the built-in ones."""
    from vanguard_fsm.abilities.lint.cards import lint_cards
    cards = cards_with(tmp_path, GRADE_3_INTERCEPT)
    card_file = cards / "zz_test.yaml"
    refused = lint_cards(None, cards)
    assert [(p.path, p.line) for p in refused] == [(str(card_file), 7)], refused   # the skills
    assert "RULES 1.2: intercept is for grade 2 (this card is grade 3" in refused[0].message
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "      intercept: [2] ", "      intercept: [2, 3] ")
    shield_refused = lint_cards(flows, cards)
    card_line = GRADE_3_INTERCEPT.splitlines()[5]
    assert [(p.line, p.col) for p in shield_refused] == [(6, card_line.index("15000") + 1)], shield_refused
    assert "RULES 1.3: shield is one of none, 0, 5000, 10000 (got 15000" in shield_refused[0].message
    edit(flows / "parameters.yaml", "    shields: [null, 0, 5000, 10000]", "    shields: [null, 0, 5000, 10000, 15000]")
    assert lint_cards(flows, cards) == []


def test_the_game_refuses_a_deck_card_the_printed_parameters_forbid(tmp_path):
    """A copy of parameters.yaml where boost is for grade 0 only: the built-in decks' grade 1
    boosters are refused when a game starts, at the card's line, by the API and the CLI (exit 2)."""
    from click.testing import CliRunner
    from vanguard_fsm.abilities.lint.cards import lint_cards
    from vanguard_fsm.cli.main import main
    from vanguard_fsm.game.cards import CardError
    from vanguard_fsm.game.factory import new_game
    from vanguard_fsm.paths import builtin_cards_dir
    flows = copy_flows(tmp_path)
    edit(flows / "parameters.yaml", "      boost: [0, 1] ", "      boost: [0] ")
    with pytest.raises(CardError) as info:
        new_game(1, flows_dir=flows)
    assert info.value.path == str(builtin_cards_dir() / "aurora_lancers.yaml")
    assert "RULES 1.2: boost is for grade 0 (this card is grade 1" in info.value.message
    assert new_game(1).state.turn >= 0            # the built-in parameters accept the same decks
    played = CliRunner().invoke(main, ["play", "--quiet", "--seed", "1", "--flows", str(flows)])
    assert played.exit_code == 2 and "boost is for grade 0 (this card is grade 1" in played.output
    edit(flows / "parameters.yaml", "      boost: [0] ", "      bost: [0, 1] ")
    problems = [str(p) for p in lint_cards(flows)]
    assert any(p.startswith(f"{flows / 'parameters.yaml'}:") and "unknown skill 'bost' (did you mean 'boost'?)" in p
               for p in problems), problems


AUDIT_VARIANT = REPO_DIR.parent / "shared" / "audit" / "repro" / "variant" / "r08_yaml_edit_cannot_allow_turn1_attack.yaml"


@pytest.mark.skipif(not AUDIT_VARIANT.is_file(), reason="the shared audit is not beside this clone")
def test_the_audits_variant_repro_passes_once_the_guard_is_deleted(tmp_path):
    """The audit's `variant/` reproduction as written ('battle' offered on turn 1 once the guard is
    deleted, CR 7.3.1.3). Its `flows-no-turn1-guard` is a copy of the flows of commit 08cc973,
    whose condition names have since been renamed (it no longer lints), so the same deletion is
    made in a copy of today's flows; the built-in flows still refuse it."""
    flows = copy_flows(tmp_path)
    edit(flows / "battle.yaml", FIRST_TURN_GUARD, "")
    passes_only_when_edited(AUDIT_VARIANT, flows=flows)
