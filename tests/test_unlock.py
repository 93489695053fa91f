"""Unlock as an effect, "when this card is unlocked", and "that unit" for the card unlocked
(issue 19; CR 10.24, 10.22.3, 6.8.1.1.2, 6.8.1.2) with the real cards of `link_joker.yaml` and
`gold_paladin.yaml`, and the watcher "when your opponent's rear-guard is locked by one of your
cards" (CR 10.22). The board is set by hand (`abilities.sandbox`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.game.rules import turn
from vanguard_fsm.game import zones
from vanguard_fsm.machine.hooks import Hooks

FIX = Path(__file__).parent / "fixtures" / "abilities"


def board(cards=None, deck="link-joker"):
    events: list = []
    hooks = Hooks()
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(cards, deck, fmt="standard", hooks=hooks)
    for p in game.state.players:
        p.hand.clear()
        p.damage.extend(p.deck.pop() for _ in range(4))        # Limit Break 4 (CR 11.6)
        p.soul.extend(p.deck.pop() for _ in range(3))
    return game, events


def lock(game, seat, card_id, circle, by=None):
    add(game, seat, card_id, circle)
    zones.lock(game, seat, circle, ability="test", by=1 - seat if by is None else by)
    return game.state.players[seat].locked[circle]


def play_act(game, seat, card_id, choose=None):
    act = next(a for a in turn.act_legal(game, seat) if a.args[1].startswith(card_id))
    turn.act_apply(game, act)
    run(game, choose or (lambda d: d.actions[0]))


def names(events, *wanted):
    return [(n, f) for n, f in events if n in wanted]


def test_an_unlock_effect_makes_each_locked_card_a_new_standing_unit_that_is_that():
    """CR 10.24: Grand Ezel's ACT unlocks all its master's locked cards: face up, standing (10.24.3),
    not placed (10.24.4: no call), new units (10.24.2) -- the ability's `that` afterwards."""
    game, events = board(deck="royal-paladin")
    p0, p1 = game.state.players
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT14-003", "hand"))
    p0.hand.clear()
    mine = lock(game, 0, "BT01-022", "front_left")
    theirs = lock(game, 1, "BT01-022", "front_right")
    play_act(game, 0, "BT14-003")
    unit = p0.circles["front_left"]
    assert p0.locked == {} and unit.card == mine and not unit.rested
    assert p1.locked == {"front_right": theirs}                     # `your_locked`: only its master's
    assert [n for n, _ in events if n in ("unlock", "call")] == ["unlock"]
    assert abstate.get(game).that == (unit.placed,)


def test_grand_ezel_checks_five_gold_paladin_rear_guards_after_the_unlock():
    """Its `if` is checked once the cards are unlocked: four rear-guards and one locked card make five."""
    game, events = board(deck="royal-paladin")
    p0 = game.state.players[0]
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT14-003", "hand"))
    p0.hand.clear()
    for circle in ("front_right", "back_left", "back_center", "back_right"):
        add(game, 0, "BT14-003", circle)
    lock(game, 0, "BT14-003", "front_left")
    vanguard = p0.circles["VC"]
    assert zones.power(game, vanguard) == 11000 + 4 * 1000                # its CONT: +1000 per Gold Paladin
    play_act(game, 0, "BT14-003")
    assert zones.power(game, vanguard) == 11000 + 5 * 1000 + 10000
    assert zones.critical(game, vanguard) == 2


def test_an_unlock_effect_chooses_among_both_players_locked_cards(tmp_path):
    game, events = board(deck="royal-paladin")
    p0, p1 = game.state.players
    lock(game, 0, "BT01-022", "front_left")
    theirs = lock(game, 1, "BT01-022", "back_left")
    from vanguard_fsm.abilities.language.registry import ABILITIES
    from vanguard_fsm.abilities.language.targets import Ctx
    ctx = Ctx(0, p0.circles["VC"].card, "T#1", "test", p0.circles["VC"].placed)
    ABILITIES.effects["unlock"].fn(game, ctx, {"from": "locked", "choose": 1}, {}, (lambda g: None, ()), 0)
    offered = [a.id for a in game.pending.actions]
    assert offered == ["ability_target:front_left", "ability_target:opponent.back_left"]   # up_to: no `done`
    game.apply(game.pending.actions[1])
    run(game)
    assert p1.circles["back_left"].card == theirs and "front_left" in p0.locked


def test_the_unlocked_unit_is_that_unit_for_chaos_breaker():
    """'Retire that unit' (BT13-007): the card just unlocked, not a rear-guard of the player's choice."""
    game, events = board()
    p0, p1 = game.state.players
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT13-S07", "hand"))
    p0.soul.append(add(game, 0, "BT12-072", "soul"))               # Soul Blast 1: a Star-vader card
    other = add(game, 1, "BT13-080", "back_right")                   # a rear-guard the player could have chosen
    knight = lock(game, 1, "BT13-015", "front_left")
    game.state.turn_player = 1
    game.runner.place(["game.turn", "turn.end_phase.return_cards"])
    turn.unlock_locked_cards(game)
    drawn = len(p0.hand)
    from vanguard_fsm.abilities.sandbox import check_timing
    check_timing(game)                                               # pay: the first action
    assert p1.circles["front_left"] is None and knight in p1.drop    # that unit was retired
    assert p1.circles["back_right"].card == other
    assert len(p0.hand) == drawn + 1
    resolved = [f["ability"] for n, f in events if n == "ability" and f.get("step") == "resolved"]
    assert "BT13-S07#1" in resolved


def test_palladium_locks_that_unit_again_only_in_the_opponents_end_phase():
    """BT13-081: when an opponent's card is unlocked during their end phase, it may lock that unit;
    outside the end phase (an unlock by an effect, say) it does not trigger."""
    game, events = board()
    p0, p1 = game.state.players
    palladium = add(game, 0, "BT13-081", "back_left")
    knight = lock(game, 1, "BT13-015", "front_left")
    game.state.turn_player = 1
    turn.unlock_locked_cards(game)                                   # main phase: not the end phase
    from vanguard_fsm.abilities.sandbox import check_timing
    check_timing(game)
    assert p1.circles["front_left"].card == knight and p0.circles["back_left"].card == palladium
    zones.lock(game, 1, "front_left", ability="test", by=0)
    game.runner.place(["game.turn", "turn.end_phase.return_cards"])
    turn.unlock_locked_cards(game)
    check_timing(game)
    assert p1.locked == {"front_left": knight} and palladium in p0.soul    # locked again; its cost paid


def test_when_this_card_is_unlocked_triggers_the_card_itself():
    """FX-710: 'when this card is unlocked' (CR 6.8.1.2) -- the new unit's own ability; `self` is that unit."""
    game, events = board(cards=str(FIX / "cards.yaml"), deck=str(FIX / "deck.yaml"))
    p0 = game.state.players[0]
    inst = lock(game, 0, "FX-710", "front_left")
    hand = len(p0.hand)
    game.state.turn_player = 0
    turn.unlock_locked_cards(game)
    from vanguard_fsm.abilities.sandbox import check_timing
    check_timing(game)
    unit = p0.circles["front_left"]
    assert unit.card == inst and len(p0.hand) == hand + 1
    assert zones.power(game, unit) == 10000                        # 7000 + 3000 on the new unit


def test_locking_an_opponents_rear_guard_is_watched_by_the_lockers_cards_only():
    """Lanthanum / Niobium (BT12-068, BT12-063): +2000 when one of your cards locks an opponent's
    rear-guard; a lock by the opponent's own card (a Яeverse cost, say) does not count."""
    game, events = board()
    p0, p1 = game.state.players
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT13-S07", "hand"))
    p0.hand.clear()
    add(game, 0, "BT12-072", "hand")                               # the ACT's discard: a Star-vader
    lanthanum = add(game, 0, "BT12-068", "back_left")
    theirs = add(game, 1, "BT12-063", "back_right")                 # the locked player's own Niobium
    add(game, 1, "BT13-080", "front_left")
    play_act(game, 0, "BT13-S07")
    from vanguard_fsm.abilities.sandbox import check_timing
    check_timing(game)
    assert zones.power(game, p0.circles["back_left"]) == 9000       # 7000 + 2000
    assert p1.circles["back_right"].card == theirs and zones.power(game, p1.circles["back_right"]) == 9000
    assert ("lock", {"player": 1, "card": "BT13-080", "circle": "front_left", "ability": "BT13-S07#2",
                     "by": 0}) in events
    assert lanthanum == p0.circles["back_left"].card


@pytest.mark.parametrize("ability,token,fragment", [
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {unlock: my_locked}}", "my_locked",
     "names locked cards: one of your_locked, opponent_locked, locked"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {unlock: {from: locked, grade: 1}}}", "grade",
     "a locked card has no characteristics to filter by (CR 10.22.3)"),
    ("{kind: AUTO, zone: V, timing: when_attacks, effect: {unlock: {from: locked, choose: -1}}}", "-1",
     "choose"),
    ("{kind: AUTO, zone: R, timing: when_unlockd, effect: {draw: 1}}", "when_unlockd", "when_unlocked"),
])
def test_the_unlock_terms_are_linted(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)


def _five_gold_paladins(rear_guards=4):
    game, events = board(deck="royal-paladin")
    p0 = game.state.players[0]
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT14-003", "hand"))
    p0.hand.clear()
    for circle in ("front_right", "back_left", "back_center", "back_right")[:rear_guards]:
        add(game, 0, "BT14-003", circle)
    lock(game, 0, "BT14-003", "front_left")
    return game, p0


@pytest.mark.parametrize("rear_guards, later", [(4, True), (3, False)])
def test_grand_ezel_soul_charges_and_turns_damage_face_up_at_the_end_of_the_turn_only_with_five(rear_guards, later):
    """The delayed part sits inside the `if` (checked after the unlock, CR 8.5.4): with five Gold
    Paladin rear-guards the end of the turn brings Soul Charge 1 and one damage face up (CR 6.8.1.3,
    10.18); with four, nothing waits."""
    from vanguard_fsm.abilities.sandbox import check_timing
    game, p0 = _five_gold_paladins(rear_guards)
    play_act(game, 0, "BT14-003")
    delayed = abstate.get(game).delayed
    assert [d.key for d in delayed] == (["BT14-003#1.later2.1"] if later else [])
    soul, face_up = len(p0.soul), len([c for c in p0.damage if c not in p0.face_down])
    game.abilities.on_timing(game, "beginning_of_end_phase")
    check_timing(game)
    assert len(p0.soul) == soul + (1 if later else 0)
    assert len([c for c in p0.damage if c not in p0.face_down]) == face_up + (1 if later else 0)
