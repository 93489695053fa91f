"""Legion (CR 10.25, 11.10): the Seek Mate ACT ability puts the mate beside the vanguard;
the pair attacks together with their power summed, the leader drives and deals its
critical, the boost names a member, a ride sends both to the soul, a stride keeps the
legion under the G unit as hearts (CR 10.27.4). The mate is a unit of its own (CR 10.25.4):
trigger bonuses, its CONT and AUTO abilities count, it rests and stands with its leader,
it survives snapshots and saved scenarios, and "when this unit legions" (CR 10.25.12) fires."""
from __future__ import annotations

import pytest

from vanguard_fsm.abilities import attach
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.agents import make_agent
from vanguard_fsm.agents.board_view import board_view, render_text
from vanguard_fsm.game.rules import battle, damage, drive, triggers
from vanguard_fsm.game import zones
from vanguard_fsm.game.factory import new_game
from vanguard_fsm.game.state import Battle
from vanguard_fsm.game.rules.turn import act_apply, act_legal
from vanguard_fsm.machine.registry import REGISTRY
from vanguard_fsm.paths import builtin_cards_dir
from vanguard_fsm.scenario import abilities as scenario_abilities, save as scenario_save
from vanguard_fsm.scenario.build import build_game
from vanguard_fsm.scenario.schema import load_scenario


LEGIONED = 3000   # Stormsurge Dragon: "when this unit legions, it gets +3000 until end of turn"


def legion_board():
    game = sandbox(str(builtin_cards_dir()), "tidewyrm-quick")
    p = game.state.players[0]
    leader = add(game, 0, "TC-015", "VC")              # Leviathan Caller, Ysra: Legion "Stormsurge Dragon"
    add(game, 1, "TC-014", "VC")                       # opponent's vanguard grade 3
    mate = add(game, 0, "TC-016", "deck")
    p.drop.extend(p.deck.pop(0) for _ in range(4))
    return game, p, leader, mate


def seek_mate(game):
    action = next(a for a in act_legal(game, 0) if a.args[1] == "TC-015#1")
    game.then(REGISTRY.actions["check_timing"])   # the main phase's after_each_choice (flows/turn.yaml)
    act_apply(game, action)
    run(game)


def test_seek_mate_legions_once_per_game():
    game, p, leader, mate = legion_board()
    deck = len(p.deck)
    seek_mate(game)
    assert p.circles["VC"].card == leader and p.circles["VC"].mate.card == mate
    assert p.drop == [] and len(p.deck) == deck + 4 - 1
    assert not any(a.args[1] == "TC-015#1" for a in act_legal(game, 0))


def test_seek_mate_needs_four_drop_cards_and_an_opponent_grade_3():
    game, p, _, _ = legion_board()
    p.deck.append(p.drop.pop())
    assert not any(a.args[1] == "TC-015#1" for a in act_legal(game, 0))
    game, p, _, _ = legion_board()
    add(game, 1, "TC-011", "VC")
    assert not any(a.args[1] == "TC-015#1" for a in act_legal(game, 0))


def test_legion_attacks_with_summed_power_the_leader_drives_and_boost_names_a_member():
    game, p, leader, mate = legion_board()
    seek_mate(game)
    add(game, 0, "TC-007", "back_center")
    game.state.battle = Battle()
    attacks = battle.attack_legal(game, 0)
    assert {a.args[0] for a in attacks} == {"VC"}       # the mate is not a separate attacker
    battle.attack_apply(game, next(a for a in attacks if a.args[1] == "VC"))
    boosts = battle.boost_legal(game, 0)
    assert [a.id for a in boosts] == ["boost:back_center->VC", "boost:back_center->VC/mate"]
    battle.boost_apply(game, boosts[1])
    assert damage.attack_power(game) == 11000 + 11000 + LEGIONED + 7000      # CR 10.25.6
    assert drive.drive_of(game, drive.drive_unit(game)) == 2        # the leader's twin drive
    assert zones.critical(game, p.circles["VC"]) == 1               # the leader's critical


def test_legion_mate_cannot_be_attacked_and_defends_with_the_leader_power():
    game, p, _, _ = legion_board()
    seek_mate(game)
    game.state.turn_player = 1
    add(game, 1, "TC-011", "front_left")
    game.state.battle = Battle()
    targets = {a.args[1] for a in battle.attack_legal(game, 1)}
    assert targets == {"VC"}
    battle.attack_apply(game, next(a for a in battle.attack_legal(game, 1) if a.args[0] == "front_left"))
    assert damage.defense_power(game) == 11000                      # CR 10.25.8


def test_ride_over_a_legion_sends_both_to_the_soul():
    game, p, leader, mate = legion_board()
    seek_mate(game)
    new = add(game, 0, "TC-014", "hand")
    zones.ride(game, 0, new)
    assert p.circles["VC"].mate is None and {leader, mate} <= set(p.soul)


def test_stride_keeps_the_legion_as_hearts_and_it_returns():
    game, p, leader, mate = legion_board()
    seek_mate(game)
    g = add(game, 0, "TC-017", "g_zone")
    zones.stride(game, 0, g, [])
    v = p.circles["VC"]
    assert v.card == g and v.heart == leader and v.mate.card == mate
    game.state.battle = Battle()
    game.state.battle.attacker, game.state.battle.attacker_placed = "VC", v.placed
    assert damage.attack_power(game) == 15000 + 11000               # no legion sum for the G unit
    zones.return_g_units(game, 0)
    assert p.circles["VC"].card == leader and p.circles["VC"].mate.card == mate
    assert sorted(p.all_instances()) == sorted(set(p.all_instances()))


# -- the mate is a unit of its own (CR 10.25.4) -------------------------------------

def legion_attack(game):
    """The legion attacks the opponent's vanguard, unboosted."""
    game.state.battle = Battle()
    battle.attack_apply(game, next(a for a in battle.attack_legal(game, 0) if a.args == ("VC", "VC")))


def test_a_trigger_power_given_to_the_mate_counts_in_the_legion_attack():
    game, p, _, _ = legion_board()
    seek_mate(game)
    legion_attack(game)
    before = damage.attack_power(game)
    add(game, 0, "TC-004", "trigger")                                # a draw trigger: draw, +power
    triggers.resolve_trigger(game)
    offered = []

    def to_the_mate(decision):
        if decision.kind == "trigger" and decision.find("power:VC_mate") is not None:
            offered.extend(decision.ids())
            return decision.find("power:VC_mate")
        return decision.actions[0]
    run(game, to_the_mate)
    assert "power:VC" in offered and "power:VC_mate" in offered
    assert p.circles["VC"].mate.power_turn == LEGIONED + game.params["trigger_power"]
    assert damage.attack_power(game) == before + game.params["trigger_power"]


def test_the_mate_cont_ability_counts_in_the_legion_attack():
    game, p, _, _ = legion_board()
    keth = add(game, 0, "TC-014", "deck")     # LB4, during your turn: this unit gets +3000 (CONT, V)
    p.deck.remove(keth)
    zones.legion(game, 0, keth)
    p.damage.extend(p.deck.pop() for _ in range(4))
    legion_attack(game)
    assert zones.power(game, p.circles["VC"].mate) == 11000 + 3000
    assert damage.attack_power(game) == 11000 + 11000 + 3000
    p.drop.append(p.damage.pop())
    assert damage.attack_power(game) == 11000 + 11000


def test_the_mate_rests_with_the_attack_and_stands_in_the_stand_phase():
    game, p, _, _ = legion_board()
    seek_mate(game)
    legion_attack(game)
    v = p.circles["VC"]
    assert v.rested and v.mate.rested                                # CR 10.25.5
    REGISTRY.actions["stand_all_units"](game)
    assert not v.rested and not v.mate.rested


def test_the_mate_attacks_with_its_leader_so_its_own_ability_triggers():
    game, p, _, _ = legion_board()
    seek_mate(game)
    legion_attack(game)
    game.then(REGISTRY.actions["check_timing"])
    game.abilities.on_timing(game, "beginning_of_damage_step")      # Stormsurge: +2000 while attacking
    run(game)
    assert p.circles["VC"].mate.power_battle == 2000
    assert damage.attack_power(game) == 11000 + 13000 + LEGIONED


def test_snapshot_restore_with_a_mate_is_exact_and_cards_are_conserved():
    game, p, _, mate = legion_board()
    seek_mate(game)
    snap = game.snapshot()
    before = game.state.canonical()
    assert mate in p.all_instances() and sorted(p.all_instances()) == sorted(set(p.all_instances()))
    p.circles["VC"].mate.power_turn += 5000
    p.circles["VC"].mate.rested = True
    assert game.state.canonical() != before
    game.restore(snap)
    assert game.state.canonical() == before
    assert game.state.players[0].circles["VC"].mate.power_turn == LEGIONED


def test_the_board_view_and_a_saved_scenario_keep_the_mate():
    game, p, _, mate = legion_board()
    seek_mate(game)
    p.circles["VC"].mate.power_turn = 5000
    assert "legion mate TC-016 16000" in render_text(board_view(game))
    vc = scenario_save._player(game, p)["VC"]
    assert vc["mate"] == {"card": "TC-016", "power_turn": 5000}
    assert scenario_abilities.locate(game, p, mate) == "VC_mate"


def _play_to_a_legion(seed: int, decisions_after: int):
    """A heuristic game (tidewyrm mirror) up to the flow decision `decisions_after` after a legion."""
    game = attach(new_game(seed, ("tidewyrm", "tidewyrm")))
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    after = None
    while True:
        decision = game.advance()
        assert decision is not None, "the game ended without a legion"
        if decision.resolver is None and any(p.vanguard is not None and p.vanguard.legion()
                                             for p in game.state.players):
            after = 0 if after is None else after + 1
            if after == decisions_after:
                return game, decision
        game.apply(agents[decision.player].choose(game, decision))


@pytest.mark.parametrize("seed, decisions_after", [(16, 0), (34, 6)])
def test_a_saved_legion_position_loads_back_the_same(tmp_path, seed, decisions_after):
    game, decision = _play_to_a_legion(seed, decisions_after)
    path = scenario_save.save_scenario(game, tmp_path / "legion.yaml", name="legion round trip")
    assert "mate:" in path.read_text()
    again = build_game(load_scenario(path))
    again_decision = again.advance()
    strip = lambda g: {k: v for k, v in scenario_save.position_of(g).items() if k != "doc"}  # noqa: E731
    assert strip(again) == strip(game)
    assert (again_decision.player, again_decision.kind, again_decision.ids()) == \
        (decision.player, decision.kind, decision.ids())


# -- "when this unit legions" (CR 10.25.12) -------------------------------------------

def test_when_legion_triggers_the_mate_own_ability_and_it_counts_in_the_attack():
    game, p, _, _ = legion_board()
    seek_mate(game)
    check_timing(game)
    mate = p.circles["VC"].mate
    assert mate.power_turn == LEGIONED and p.circles["VC"].power_turn == 0
    legion_attack(game)
    assert damage.attack_power(game) == 11000 + 11000 + LEGIONED


def test_a_legion_back_from_under_a_g_unit_does_not_legion_again():
    game, p, _, _ = legion_board()
    seek_mate(game)
    check_timing(game)
    p.circles["VC"].mate.power_turn = 0
    g = add(game, 0, "TC-017", "g_zone")
    zones.stride(game, 0, g, [])
    zones.return_g_units(game, 0)                                  # CR 10.27.4: not "to legion"
    check_timing(game)
    assert p.circles["VC"].legion() and p.circles["VC"].mate.power_turn == 0


def test_a_vanguard_in_legion_cannot_legion_again_so_two_mates_never_meet():
    """CR 10.25.1.2: the reason CR 9.3.2/9.3.4 (overloaded legion mates) cannot arise here."""
    game, p, leader, mate = legion_board()
    seek_mate(game)
    second = add(game, 0, "TC-016", "deck")
    ctx = Ctx(0, leader, "TC-015#1", "ACT", p.circles["VC"].placed)
    done = []
    ABILITIES.effects["legion"].fn(game, ctx, "Stormsurge Dragon", {}, (lambda g: done.append(True), ()), 0)
    run(game)
    assert done and p.circles["VC"].mate.card == mate and second in p.deck
