"""The heuristic agent plays a perfect guard whose ability gives more right now even where a cheap
guardian would hold (issue 19; CR 11.9, 10.26): the real Deletor sentinel 染み渡る根絶者 ヱンダー
(G-LJ-ENDER) also deletes the opponent's vanguard again at the end of the turn when another Ender is
in the drop zone and that vanguard is deleted — an `if` among its effects whose conditions hold as the
guard is chosen. Without that bonus (no Ender in the drop, or the vanguard not deleted) a cheap
guardian is chosen as before (tests/test_heuristic_perfect_guard.py)."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.agents.heuristic import HeuristicAgent
from vanguard_fsm.game import deleted
from vanguard_fsm.game.actions import Action, Decision
from vanguard_fsm.game.rules.battle import guard_legal
from vanguard_fsm.game.state import Battle

ENDER = "G-LJ-ENDER"
CHEAP = "BT12-072"          # Star-vader, Weiss Soldat: a critical trigger, shield 10000


def attacked(vanguard_deleted=True, ender_in_drop=True):
    """Seat 0's front_left Chaos Breaker Dragon (boosted by Lanthanum: 11000 + 7000) attacks seat 1's
    Oksizz (11000, 3 damage), while seat 0's vanguard is deleted (or not); seat 1 holds an Ender, a
    10000-shield trigger (enough) and a card to discard."""
    game = sandbox(None, "link-joker", fmt="standard")
    attacker = add(game, 0, "BT13-S07", "front_left")
    add(game, 0, "BT12-068", "back_left")
    target = add(game, 1, "G-LJ-OKSIZZ", "VC")
    defender = game.state.players[1]
    defender.hand.clear()
    for _ in range(3):
        add(game, 1, "G-LJ-OKSIZZ", "damage")
    if ender_in_drop:
        add(game, 1, ENDER, "drop")
    for card in (ENDER, CHEAP, "BT13-084"):
        add(game, 1, card, "hand")
    state = game.state
    if vanguard_deleted:
        deleted.delete(game, 0, "VC", state.players[0].circles["VC"])
    state.in_battle_phase = True
    b = state.battle = Battle()
    b.set_attack(state, 0, "front_left", "VC")
    b.target_is_vanguard = True
    b.booster, b.booster_placed = "back_left", state.players[0].circles["back_left"].placed
    return game


def choice(game):
    decision = Decision(1, "guard", tuple(guard_legal(game, 1)) + (Action("pass", "pass", 1),))
    chosen = HeuristicAgent().choose(game, decision)
    return game.cards[chosen.args[0]].id if chosen.kind == "guard" else chosen.kind


def test_the_sentinel_whose_bonus_holds_is_played_where_a_cheap_guardian_would_do():
    assert choice(attacked()) == ENDER


def test_without_the_bonus_the_cheap_guardian_as_before():
    assert choice(attacked(ender_in_drop=False)) == CHEAP
    assert choice(attacked(vanguard_deleted=False)) == CHEAP
