"""The heuristic agent plays a perfect guard (issue 19; Sentinels, CR 11.9) with the real card
Wyvern Guard, Barri (BT01-015: discard a Kagero, your attacked Kagero unit cannot be hit this
battle) when the hit matters and no single guardian of 10000 shield or less holds; never when its
cost cannot be paid, never when a cheap guardian holds, and no second guardian after it."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.agents.heuristic import HeuristicAgent
from vanguard_fsm.game.actions import Action, Decision
from vanguard_fsm.game.rules.battle import guard_legal
from vanguard_fsm.game.state import Battle

BARRI = "BT01-015"


def attacked(damage, boosted=True):
    """Seat 0's Dragonic Overlord (boosted by Bahr, 8000: 19000) attacks seat 1's Dragonic Overlord
    (11000), which has `damage` damage and an empty hand."""
    game = sandbox(None, "kagero", fmt="standard")
    attacker = add(game, 0, "BT01-004", "VC")
    if boosted:
        add(game, 0, "BT01-048", "back_center")
    target = add(game, 1, "BT01-004", "VC")
    defender = game.state.players[1]
    defender.hand.clear()
    for _ in range(damage):
        add(game, 1, "BT01-016", "damage")
    state = game.state
    state.in_battle_phase = True
    b = state.battle = Battle()
    b.set_attack(state, 0, "VC", "VC")
    b.target_is_vanguard = True
    if boosted:
        b.booster, b.booster_placed = "back_center", state.players[0].circles["back_center"].placed
    return game


def choice(game):
    """What the heuristic agent does at seat 1's guard step."""
    decision = Decision(1, "guard", tuple(guard_legal(game, 1)) + (Action("pass", "pass", 1),))
    chosen = HeuristicAgent().choose(game, decision)
    return game.cards[chosen.args[0]].id if chosen.kind == "guard" else chosen.kind


def test_a_hit_that_matters_and_no_cheap_guardian_holds_gets_the_perfect_guard():
    game = attacked(damage=4)               # 19000 + 5000 for the drive against 11000: 13000 to cover
    for card in (BARRI, "BT01-049", "BT01-024"):    # Gojo (Kagero, 5000) pays the discard; Tahr 10000
        add(game, 1, card, "hand")
    assert choice(game) == BARRI


def test_not_when_its_cost_cannot_be_paid():
    game = attacked(damage=4)
    for card in (BARRI, "BT02-057"):        # Soul Guiding Elf is no Kagero: the discard cannot be paid
        add(game, 1, card, "hand")
    assert choice(game) == "BT02-057"               # its biggest shield, as without a perfect guard
    add(game, 1, "BT01-049", "hand")
    assert choice(game) == BARRI


def test_not_when_one_cheap_guardian_holds():
    game = attacked(damage=3, boosted=False)        # 11000 against 11000, no drive margin yet
    for card in (BARRI, "BT01-049"):
        add(game, 1, card, "hand")
    assert choice(game) == "BT01-049"


def test_not_when_the_hit_does_not_matter_yet():
    game = attacked(damage=1)
    for card in (BARRI, "BT01-049"):
        add(game, 1, card, "hand")
    assert choice(game) == "pass"


def test_no_guardian_after_a_perfect_guard_is_on_the_guardian_circle():
    game = attacked(damage=4)
    add(game, 1, BARRI, "GC")                        # placed: its ability may still be pending
    for card in ("BT01-049", "BT01-024"):
        add(game, 1, card, "hand")
    assert choice(game) == "pass"
