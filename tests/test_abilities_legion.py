"""Legion (CR 10.25, 11.10): the Seek Mate ACT ability puts the mate beside the vanguard;
the pair attacks together with their power summed, the leader drives and deals its
critical, the boost names a member, a ride sends both to the soul, a stride keeps the
legion under the G unit as hearts (CR 10.27.4)."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.game import battle, zones
from vanguard_fsm.game.state import Battle
from vanguard_fsm.game.turn import act_apply, act_legal
from vanguard_fsm.paths import builtin_cards_dir


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
    act_apply(game, action)
    run(game)


def test_seek_mate_legions_once_per_game():
    game, p, leader, mate = legion_board()
    deck = len(p.deck)
    seek_mate(game)
    assert p.circles["VC"].card == leader and p.circles["VC"].mate == mate
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
    assert battle.attack_power(game) == 11000 + 11000 + 7000      # CR 10.25.6
    battle.set_drive_count(game)
    assert game.state.battle.drives == 2                            # the leader's twin drive
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
    assert battle.defense_power(game) == 11000                      # CR 10.25.8


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
    assert v.card == g and v.heart == leader and v.mate == mate
    game.state.battle = Battle()
    game.state.battle.attacker, game.state.battle.attacker_card = "VC", g
    assert battle.attack_power(game) == 15000 + 11000               # no legion sum for the G unit
    zones.return_g_units(game, 0)
    assert p.circles["VC"].card == leader and p.circles["VC"].mate == mate
    assert sorted(p.all_instances()) == sorted(set(p.all_instances()))
