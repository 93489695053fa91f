"""Each ability condition (RULES 1.5, CR 11.6 Limit Break, 11.12 Generation Break), and CONT
abilities recomputed at every look (CR 8.1.1.3): fixture cards FX-30x get +1000 while
their condition holds, and lose it as soon as it stops holding.
"""
from __future__ import annotations

from pathlib import Path

from vanguard_fsm.abilities.language.matching import any_of, not_
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.game import zones
from vanguard_fsm.game.frozen import freeze
from vanguard_fsm.game.state import Battle

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def board(card_id, where="front_left"):
    game = sandbox(CARDS, DECK)
    add(game, 0, card_id, where)
    p = game.state.players[0]
    return game, p, lambda: zones.power(game, p.circles[where]) - 10000


def test_limit_break_4():
    game, p, bonus = board("FX-301")
    p.damage.extend(p.deck.pop() for _ in range(3))
    assert bonus() == 0
    p.damage.append(p.deck.pop())
    assert bonus() == 1000
    p.face_down.update(p.damage)          # face-down damage still counts (CR 11.6.1)
    assert bonus() == 1000


def test_your_turn_and_opponent_turn():
    game, _, mine = board("FX-302")
    add(game, 0, "FX-306", "front_right")
    theirs = lambda: zones.power(game, game.state.players[0].circles["front_right"]) - 10000  # noqa: E731
    assert (mine(), theirs()) == (1000, 0)
    game.state.turn_player = 1
    assert (mine(), theirs()) == (0, 1000)


def test_vanguard_named_and_vanguard_grade():
    game, p, named = board("FX-303")
    add(game, 0, "FX-304", "front_right")
    graded = lambda: zones.power(game, p.circles["front_right"]) - 10000  # noqa: E731
    assert (named(), graded()) == (0, 0)
    add(game, 0, "FX-013", "VC")           # Fixture Lord, grade 3
    assert (named(), graded()) == (1000, 1000)


def test_attacking_a_vanguard():
    game, p, bonus = board("FX-305")
    assert bonus() == 0
    b = game.state.battle = Battle()
    b.attacker, b.target, b.target_is_vanguard = "front_left", "VC", True
    assert bonus() == 1000
    b.target, b.target_is_vanguard = "front_left", False
    assert bonus() == 0


def test_generation_break():
    game, p, bonus = board("FX-307")
    assert bonus() == 0
    g = add(game, 0, "FX-016", "g_zone")
    p.g_face_up.add(g)
    assert bonus() == 1000


def test_in_legion():
    game, p, bonus = board("FX-308", "VC")
    assert bonus() == 0
    p.circles["VC"].mate = p.deck.pop()
    assert bonus() == 1000


def test_hand_soul_and_drop_counts():
    game, p, bonus = board("FX-309")
    p.hand.extend(p.deck.pop() for _ in range(3))
    p.soul.append(p.deck.pop())
    assert bonus() == 0                     # no drop card yet: every condition must hold
    p.drop.append(p.deck.pop())
    assert bonus() == 1000


def test_both_vanguards_grade_at_least_and_cont_critical():
    game, p, bonus = board("FX-310")
    add(game, 0, "FX-013", "VC")
    assert bonus() == 0
    add(game, 1, "FX-013", "VC")
    assert bonus() == 1000
    assert zones.critical(game, p.circles["front_left"]) == 2


def test_cont_stops_when_the_unit_leaves_its_zone():
    game, p, bonus = board("FX-302")
    assert bonus() == 1000
    unit = p.circles["front_left"]
    zones.retire(game, 0, "front_left")
    assert zones.power(game, unit) == 10000     # recomputed, nothing was stored on the unit


def test_not_and_any_of_read_a_plain_list_as_it_is_now():
    """A card's `not` / `any_of` list (frozen card data) is split once and kept; a plain list (a test's,
    a scenario's) may change between looks, so it is read again each time, never kept by its id."""
    game, p, _ = board("FX-301")
    ctx = Ctx(0, 0, "t", "continuous", 0)
    items = [{"limit_break": 1}]
    assert not_(game, ctx, items) and not any_of(game, ctx, items)      # no damage
    items[0] = "your_turn"                                                # the same list, changed
    assert not not_(game, ctx, items) and any_of(game, ctx, items)
    frozen = freeze([{"limit_break": 1}, "your_turn"])
    assert not_(game, ctx, frozen) and any_of(game, ctx, frozen)        # kept: the same answers again
    assert not_(game, ctx, frozen) and any_of(game, ctx, frozen)
    p.damage.append(p.deck.pop())
    assert not not_(game, ctx, frozen) and any_of(game, ctx, frozen)    # the board, not the list, changed
