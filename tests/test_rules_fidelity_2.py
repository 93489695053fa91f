"""Rules fidelity, second pass (issue 13): mechanisms answered through the normal
legal_actions / apply path by every kind of agent."""
from __future__ import annotations

import pytest

from vanguard_fsm.agents import make_agent
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import parse_scenario

TRIGGER = """
name: a critical trigger with two units to choose from
rules: ["CR 2.8.2"]
abilities: false
start: {turn: 6, turn_player: 0, at: battle.guard_step, battle: {attacker: VC, target: VC}}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  front_left: AL-011
  deck: [AL-002, AL-009, AL-010]   # top first: a critical trigger
p1:
  VC: {card: TC-011, soul: [TC-001]}
  deck: [{card: TC-009, count: 5}]
"""


def _events(game):
    seen = []
    game.hooks.on("event", lambda g, name, fields: seen.append((name, dict(fields))))
    return seen


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=8,depth=2"])
def test_every_agent_answers_the_trigger_order_decision(spec):
    """CR 2.8.2: the order and each target are one decision per step, offered to any agent."""
    game = build_game(parse_scenario(TRIGGER))
    seen = _events(game)
    agent = make_agent(spec, 1)
    kinds = []
    while not any(name == "trigger" for name, _ in seen):
        decision = game.advance()
        assert decision is not None
        kinds.append(decision.kind)
        game.apply(agent.choose(game, decision))
    assert kinds.count("trigger") == 2       # the first effect with its target, then the other's target
    trigger = next(f for name, f in seen if name == "trigger")
    assert sorted(trigger["order"]) == ["critical", "power"]
    assert trigger["power_to"] in ("VC", "front_left") and trigger["critical_to"] in ("VC", "front_left")


# -- statuses: drive, sentinel, main-phase condition (issue 13, audit section B) ----------

def test_a_drive_of_zero_or_less_means_no_drive_check():
    """CR 2.16.2; seed 000 drive step 2: drive <= 0, no drive check, straight to the damage step."""
    from vanguard_fsm.game import statuses
    game = build_game(parse_scenario(TRIGGER))
    p0 = game.state.players[0]
    statuses.add(game, statuses.unit_subject(p0.circles["VC"]), "drive", -2, "turn")
    seen = _events(game)
    while game.advance() is not None and not any(name == "battle_result" for name, _ in seen):
        game.apply(game.pending.actions[0])
    assert not any(name == "drive_check" for name, _ in seen)
    assert any(name == "battle_result" for name, _ in seen)


def test_statuses_end_with_their_battle_or_turn():
    from vanguard_fsm.game import statuses
    game = build_game(parse_scenario(TRIGGER))
    vc = game.state.players[0].circles["VC"]
    statuses.add(game, statuses.unit_subject(vc), "cannot_be_hit", True, "battle")
    statuses.add(game, statuses.seat_subject(1), "no_intercept", 0, "turn")
    statuses.end(game, "battle")
    assert not statuses.unit_has(game, vc, "cannot_be_hit") and statuses.seat_forbids(game, 1, "no_intercept", 2)
    snap = game.snapshot()
    statuses.end(game, "turn")
    assert game.state.statuses == ()
    game.restore(snap)                     # snapshots carry them
    assert statuses.seat_forbids(game, 1, "no_intercept", 2)


def test_the_guard_options_read_the_lowest_grade_the_statuses_forbid_from_hand():
    """CR 7.5.1.2.2: several `no_guard_from_hand` statuses forbid every grade from the lowest of their
    values up; `guard_legal` reads that grade once (`statuses.lowest_forbidden`), and offers exactly
    the cards `seat_forbids` lets through, as it did when it asked for each card."""
    from vanguard_fsm.game import statuses
    from vanguard_fsm.game.rules.battle import guard_legal
    game = build_game(parse_scenario(TRIGGER.replace("  deck: [{card: TC-009", "  hand: [TC-001, TC-009, TC-011, "
                                                     "AL-002, AL-011]\n  deck: [{card: TC-009")))
    offered = lambda: {a.args[0] for a in guard_legal(game, 1)}     # noqa: E731
    everything, values = offered(), []
    assert {game.cards[i].grade for i in everything} >= {0, 1} and statuses.lowest_forbidden(
        game, 1, "no_guard_from_hand") is None
    for value in (3, 1, 2, 0):
        statuses.add(game, statuses.seat_subject(1), "no_guard_from_hand", value, "turn")
        values.append(value)
        assert statuses.lowest_forbidden(game, 1, "no_guard_from_hand") == min(values)
        assert offered() == {i for i in everything if game.cards[i].grade < min(values)} == {
            i for i in everything if not statuses.seat_forbids(game, 1, "no_guard_from_hand", game.cards[i].grade)}


def test_sentinel_copies_are_limited_per_deck():
    """CR 5.2.2.5, 11.9.1: at most parameters' max_sentinel cards with Sentinel in a main deck."""
    import dataclasses
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import deck_problems, load_deck
    db = load_cards()
    deck = load_deck("tidewyrm", db)
    main = list(deck.main)
    fillers = [i for i, c in enumerate(main) if db[c].unit == "normal" and db[c].grade == 1][:5]
    for n, i in enumerate(fillers):
        main[i] = "TC-031" if n < 4 else "TC-034"
    four = dataclasses.replace(deck, main=tuple(main))
    assert not [m for _, m in deck_problems(four, db) if "Sentinel" in m]
    main[fillers[4]] = "TC-031"          # a fifth copy of a name also breaks the copy limit
    five = dataclasses.replace(deck, main=tuple(main))
    assert any("CR 5.2.2.5: at most 4 cards with Sentinel (found 5)" in m for _, m in deck_problems(five, db))


OUTSIDE_MAIN = """
name: AL-034 retired in the battle phase
rules: ["3.3.4"]
start: {turn: 8, turn_player: 0, at: battle.start_step}
p0:
  VC: {card: AL-014, soul: [AL-001]}
  front_left: AL-034
  deck: [{card: AL-009, count: 8}]
p1:
  VC: {card: TC-011, soul: [TC-001]}
  deck: [{card: TC-009, count: 8}]
"""


def test_during_your_main_phase_is_false_in_the_battle_phase():
    from vanguard_fsm.game import zones
    game = build_game(parse_scenario(OUTSIDE_MAIN))
    seen = _events(game)
    game.advance()
    zones.retire(game, 0, "front_left")
    assert game.state.players[0].drop and not any(
        name == "ability" and f.get("card") == "AL-034" for name, f in seen)


LEGION_STRIDE = """
name: stride on a legion
rules: ["CR 10.27.5.1"]
abilities: false
start: {turn: 7, turn_player: 0, at: turn.ride_phase.stride_step}
p0:
  VC: {card: TC-016, mate: TC-015, soul: [TC-001]}
  hand: [TC-014, TC-008]
  deck: [{card: TC-008, count: 5}]
  g_zone: [TC-017]
  rode: true
p1:
  VC: AL-014
  deck: [{card: AL-009, count: 5}]
"""


@pytest.mark.parametrize("chosen, name", [("TC-015", "Leviathan Caller, Ysra"), ("TC-016", "Stormsurge Dragon")])
def test_the_g_unit_has_the_name_of_the_chosen_heart_only(chosen, name):
    from vanguard_fsm.abilities.language.conditions import vanguard_named
    from vanguard_fsm.abilities.language.targets import Ctx
    from vanguard_fsm.game import zones
    game = build_game(parse_scenario(LEGION_STRIDE))
    game.advance()
    game.apply("stride:TC-017")                       # choose, pay (a grade 3), then place
    game.advance()
    game.apply("hand_grades_total:TC-014")
    game.advance()
    game.apply("hand_grades_total:done")
    game.advance()
    assert game.pending.kind == "heart"
    game.apply(f"heart:{chosen}")
    v = game.state.players[0].circles["VC"]
    assert game.cards[zones.heart_card(game, v)].id == chosen
    other = {"TC-015": "Stormsurge Dragon", "TC-016": "Leviathan Caller, Ysra"}[chosen]
    ctx = Ctx(0, v.card, "test", "continuous", v.placed)
    assert vanguard_named(game, ctx, name) and not vanguard_named(game, ctx, other)
