"""General selectors and filters, `that`, delayed effects and the opponent acting (issue 19).

Targets are written as card YAML writes them and resolved for a source unit on a
hand-set board (`abilities.sandbox`); the ACT abilities of fixture cards FX-50x
play the delayed and opponent effects through the real ability layer.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.effects import basic as effects
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.abilities.language.spec import split_effect
from vanguard_fsm.abilities.language.targets import Ctx, candidates
from vanguard_fsm.game.state import Battle
from vanguard_fsm.game.rules.turn import act_apply, act_legal

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def pick(label):
    """Choose the action whose id ends with `label`, else the first."""
    return lambda d: next((a for a in d.actions if a.id.endswith(label)), d.actions[0])


def resolve(game, inst, text, choose=pick("")):
    """Resolve effects written as card YAML for seat 0's unit `inst` (a fresh `that`)."""
    items = yaml.safe_load(text)
    unit = next(u for _, u in game.state.players[0].units() if u.card == inst)
    abstate.set_that(game, ())
    effects.run(game, Ctx(0, inst, "TEST#1", "test", unit.placed), tuple(split_effect(i) for i in items), 0,
                (lambda g: None, ()))
    run(game, choose)


def board():
    """Seat 0: VC starter, FX-012 front_left, FX-801 (Drake, 'Blaster') back_left;
    seat 1: FX-011 front_left, FX-801 front_right, FX-014 back_center."""
    game = sandbox(CARDS, DECK)
    mine = add(game, 0, "FX-012", "front_left")
    add(game, 0, "FX-801", "back_left")
    add(game, 1, "FX-011", "front_left")
    add(game, 1, "FX-801", "front_right")
    add(game, 1, "FX-014", "back_center")
    return game, mine


def where(game, inst, text):
    unit = next(u for _, u in game.state.players[0].units() if u.card == inst)
    units, _, _ = candidates(game, Ctx(0, inst, "TEST#1", "test", unit.placed), yaml.safe_load(text))
    return sorted((seat, circle) for seat, circle, _ in units)


def test_units_narrowed_by_who_zone_and_row():
    """One selector, every unit on the field; filters ask whose, which circle, which row (CR 4.1)."""
    game, mine = board()
    assert where(game, mine, "{from: units, who: opponent, zone: R, row: front}") == [
        (1, "front_left"), (1, "front_right")]
    assert where(game, mine, "{from: units, who: you, zone: V}") == [(0, "VC")]
    assert where(game, mine, "{from: units, row: back}") == [(0, "back_left"), (1, "back_center")]
    assert where(game, mine, "{from: your_front_row, zone: R}") == [(0, "front_left")]


def test_name_part_and_race_filters():
    """'A card with X in its name' and 'a <race>' (the Drake FX-801 is 'Blaster Fixture Knight')."""
    game, mine = board()
    assert where(game, mine, "{from: units, name_contains: Blaster}") == [(0, "back_left"), (1, "front_right")]
    assert where(game, mine, "{from: units, race: Drake, who: opponent}") == [(1, "front_right")]
    assert where(game, mine, "{from: units, not_named: Fixture Starter, zone: V}") == []
    # a list: one of these name parts (a Deletor printed only in Japanese has 根絶者 for Deletor)
    assert where(game, mine, "{from: units, name_contains: [Nothing, Blaster]}") == [(0, "back_left"), (1, "front_right")]
    assert where(game, mine, "{from: units, name_contains: [Nothing, Nowhere]}") == []


def test_a_g_unit_has_its_hearts_name():
    """CR 10.28.3.3: the G unit on VC gains the name of its heart."""
    game, mine = board()
    p = game.state.players[0]
    g = add(game, 0, "FX-016", "hand")
    p.hand.remove(g)
    v = p.circles["VC"]
    from vanguard_fsm.game import zones
    unit = zones.new_unit(game, g)
    unit.heart = v.card
    p.circles["VC"] = unit
    assert where(game, mine, "{from: your_vanguard, name_contains: Starter}") == [(0, "VC")]


def test_battle_roles():
    """Attacking, boosting, boosted, attacked and neither (CR 7.4.1)."""
    game, mine = board()
    game.state.battle = Battle()
    b = game.state.battle
    b.set_attack(game.state, 0, "front_left", "front_right")
    b.booster = "back_left"
    assert where(game, mine, "{from: units, role: attacking}") == [(0, "front_left")]
    assert where(game, mine, "{from: units, role: boosted}") == [(0, "front_left")]
    assert where(game, mine, "{from: units, role: boosting}") == [(0, "back_left")]
    assert where(game, mine, "{from: units, role: attacked}") == [(1, "front_right")]
    assert where(game, mine, "{from: your_units, role: not_attacking_or_boosting}") == [(0, "VC")]


def test_that_is_the_unit_chosen_by_an_earlier_effect():
    """'Choose one of your rear-guards, it gets +1000; that unit gets critical +1' (CR 8.5.4)."""
    game, mine = board()
    p = game.state.players[0]
    resolve(game, mine, "[{power: 1000, target: {from: your_rear_guards, choose: 1}}, "
                        "{critical: 1, target: that}]", choose=pick("back_left"))
    bl, fl = p.circles["back_left"], p.circles["front_left"]
    assert (bl.power_turn, bl.crit_turn) == (1000, 1) and (fl.power_turn, fl.crit_turn) == (0, 0)


def test_that_is_the_unit_just_called():
    game, mine = board()
    p = game.state.players[0]
    card = add(game, 0, "FX-011", "hand")
    resolve(game, mine, "[{call: {from: hand, choose: 1}}, {power: 4000, target: that}]", choose=pick("back_right"))
    assert p.circles["back_right"].card == card and p.circles["back_right"].power_turn == 4000


def test_a_unit_that_left_the_field_is_no_longer_that():
    """CR 8.7.3: put on the field anew, it is a new unit."""
    game, mine = board()
    p = game.state.players[0]
    resolve(game, mine, "[{select: {from: your_rear_guards, choose: 1}}, {retire: that}, {power: 1000, target: that}]",
            choose=pick("back_left"))
    assert p.circles["back_left"] is None and abstate.get(game).that != ()


def play_act(game, card_id, choose):
    act = next(a for a in act_legal(game, 0) if a.args[1].startswith(card_id))
    act_apply(game, act)
    run(game, choose)


def test_at_end_of_turn_acts_on_the_chosen_unit_then():
    """'At the end of that turn, retire that unit': stands by with beginning of end phase (CR 6.8.1.3)."""
    game, _ = board()
    add(game, 0, "FX-802", "front_right")
    p = game.state.players[0]
    play_act(game, "FX-802", pick("back_left"))
    assert p.circles["back_left"].power_turn == 5000 and len(abstate.get(game).delayed) == 1
    check_timing(game)
    assert p.circles["back_left"] is not None            # not before its timing
    game.abilities.on_timing(game, "beginning_of_end_phase")
    check_timing(game)
    assert p.circles["back_left"] is None and p.circles["front_left"] is not None
    assert abstate.get(game).delayed == ()
    game.abilities.on_timing(game, "beginning_of_end_phase")   # once only
    assert abstate.get(game).pending == ()


def test_delayed_effect_of_an_earlier_turn_is_dropped():
    game, _ = board()
    add(game, 0, "FX-802", "front_right")
    play_act(game, "FX-802", pick("back_left"))
    game.state.turn += 1
    assert not game.abilities.on_timing(game, "beginning_of_end_phase", dry=True)


def test_at_end_of_battle_retires_the_unit_called():
    game, _ = board()
    add(game, 0, "FX-804", "front_right")
    p = game.state.players[0]
    add(game, 0, "FX-014", "hand")
    play_act(game, "FX-804", pick("back_right"))
    assert p.circles["back_right"].power_turn == 3000
    game.abilities.on_timing(game, "end_of_battle")
    check_timing(game)
    assert p.circles["back_right"] is None


def test_the_opponent_chooses_and_acts_with_their_own_cards():
    """'Your opponent retires one of their rear-guards and discards a card': their decisions (CR 8.5.4)."""
    game, _ = board()
    add(game, 0, "FX-803", "front_right")
    add(game, 1, "FX-011", "hand")
    them = game.state.players[1]
    hand = len(them.hand)
    asked = []

    def answer(decision):
        asked.append((decision.player, decision.kind))
        return pick("front_right")(decision)

    play_act(game, "FX-803", answer)
    assert asked and all(player == 1 for player, _ in asked)
    assert them.circles["front_right"] is None and them.circles["front_left"] is not None
    assert len(them.hand) == hand - 1 and len(them.drop) == 2


HEAD = "clan: C\nnation: N\nrace: R\ncards:\n  - {id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal,\n"


@pytest.mark.parametrize("effect, token, fragment", [
    ("{power: 1, target: {from: units, who: them}}", "them", "is one of you, opponent"),
    ("{select: {from: units, role: flying}}", "flying", "is one of attacking, boosting"),
    ("{opponent: [{drow: 1}]}", "{drow", "unknown ability effect 'drow'"),
    ("{at_end_of_turn: [{retire: thta}]}", "thta", "unknown target selector 'thta'"),
    ("{at_end_of_battle: []}", "[]", "needs a list of effects"),
])
def test_new_vocabulary_is_linted_at_its_place(tmp_path, effect, token, fragment):
    path = tmp_path / "cards.yaml"
    path.write_text(HEAD + "     abilities: [{kind: AUTO, zone: V, timing: when_attacks, effect: " + effect + "}]}\n",
                    encoding="utf-8")
    problems = [str(p) for p in lint_cards(None, path)]
    line = path.read_text().splitlines()[5]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:6:{line.index(token) + 1}: ") and fragment in problems[0], problems[0]


def test_a_trigger_keeps_that_delayed_and_harmony():
    """Every AbState field survives the pending queue's fast update (abstate.set_pending)."""
    game, _ = board()
    full = abstate.AbState(that=(7,), delayed=("d",), harmony=((1, 2, 3),))
    abstate.put(game, full)
    abstate.set_pending(game, ("p",))
    assert abstate.get(game) == full._replace(pending=("p",))


def test_units_narrowed_by_column_as_their_master_sees_it():
    """`column` (CR 4.6.2): left = front_left and back_left, center = VC and back_center, right =
    front_right and back_right, each player's own (Hailing Deletor, Alba's 'an Erlo in your left
    column'; its real-card scenario alba_calls_erlo_and_attacks_beside_it)."""
    game, mine = board()
    assert where(game, mine, "{from: units, column: left}") == [(0, "back_left"), (0, "front_left"), (1, "front_left")]
    assert where(game, mine, "{from: units, who: opponent, column: center}") == [(1, "VC"), (1, "back_center")]
    assert where(game, mine, "{from: your_units, column: right}") == []
