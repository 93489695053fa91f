"""Effects that branch while an ability resolves (issue 19, `abilities/effects/branches.py`): `if` with
`then`/`else` on conditions read at that moment (CR 8.5.4), `pay` ("you may pay the cost; if you
do", CR 8.5.2.3), `shuffle`, the card zone `your_revealed` and a count's `distinct: grade` — the
terms Interdimensional Dragon, Mystery-flare Dragon (G-TD01/001EN) is written with. Fixture cards
FX-708/709 carry them; the real card's scenarios are in tests/scenarios/real_cards/mystery_flare_*.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import assert_one_located_lint_problem
from vanguard_fsm.abilities.runtime import abstate
from vanguard_fsm.abilities.language.counts import value
from vanguard_fsm.abilities.sandbox import add, check_timing, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones
from vanguard_fsm.machine.hooks import Hooks

FIX = Path(__file__).parent / "fixtures" / "abilities"
CARDS, DECK = str(FIX / "cards.yaml"), str(FIX / "deck.yaml")


def game_and_events(names=("shuffle", "reveal")):
    events: list = []
    hooks = Hooks()
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))) if name in names else None)
    return sandbox(CARDS, DECK, hooks=hooks), events


def place(game, card_id, choose=None):
    inst = add(game, 0, card_id, "hand")
    zones.call(game, 0, inst, "front_left")
    if choose is None:
        check_timing(game)
    else:
        check_timing(game, choose)
    return game.state.players[0].circles["front_left"]


@pytest.mark.parametrize("top, branch", [(("FX-011", "FX-013"), "then"), (("FX-011", "FX-011"), "else")])
def test_if_takes_then_or_else_by_the_revealed_cards_distinct_grades(top, branch):
    """Two revealed cards of two grades: `then` (draw 1); of one grade: `else` (Soul Charge 1)."""
    game, events = game_and_events()
    p = game.state.players[0]
    for card_id in reversed(top):
        add(game, 0, card_id, "deck")          # the last added is the top card
    hand, soul = len(p.hand), len(p.soul)
    place(game, "FX-708")
    assert (len(p.hand) - hand, len(p.soul) - soul) == ((1, 0) if branch == "then" else (0, 1))
    names = [name for name, _ in events]
    assert names == ["reveal", "shuffle"]      # the shuffle follows either branch
    assert events[0][1]["cards"] == list(top)


def test_distinct_counts_different_grades_and_names_of_the_revealed_cards():
    game, _ = game_and_events()
    deck = [add(game, 0, c, "deck") for c in ("FX-011", "FX-011", "FX-013")]
    abstate.set_revealed(game, deck)
    ctx = Ctx(0, deck[0], "test", "", 0)
    assert value(game, ctx, {"count": "your_revealed"}) == 3
    assert value(game, ctx, {"count": "your_revealed", "distinct": "name"}) == 2
    grades = {game.cards[i].grade for i in deck}
    assert value(game, ctx, {"count": "your_revealed", "distinct": "grade"}) == len(grades)


def _with_face_up_damage(game, n):
    p = game.state.players[0]
    for _ in range(n):
        p.damage.append(add(game, 0, "FX-011", "hand"))
        p.hand.pop()


def test_pay_asks_during_the_effect_and_its_then_resolves_only_when_paid():
    """CR 8.5.2.3: paid -> Counter Blast 1 turned face down and +5000; declined -> neither."""
    game, _ = game_and_events()
    _with_face_up_damage(game, 1)
    unit = place(game, "FX-709")
    assert zones.power(game, unit) == 12000 and len(game.state.players[0].face_down) == 1

    game, _ = game_and_events()
    _with_face_up_damage(game, 1)
    asked = []

    def decline(d):
        asked.append([a.id for a in d.actions])
        return next(a for a in d.actions if a.id.startswith("effect_cost:decline:"))
    unit = place(game, "FX-709", decline)
    assert asked == [["effect_cost:pay:FX-709#1", "effect_cost:decline:FX-709#1"]]
    assert zones.power(game, unit) == 7000 and not game.state.players[0].face_down


def test_pay_that_cannot_be_paid_is_not_asked():
    game, _ = game_and_events()
    asked = []
    unit = place(game, "FX-709", lambda d: asked.append(d) or d.actions[0])
    assert not asked and zones.power(game, unit) == 7000


@pytest.mark.parametrize("ability, token, fragment", [
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {pay: [{counter_blst: 1}], then: [{draw: 1}]}}",
     "{counter_blst", "unknown ability cost 'counter_blst'"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {if: [your_trun], then: [{draw: 1}]}}",
     "your_trun", "unknown ability condition 'your_trun'"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {if: [{compare: [{count: your_revealed, "
     "distinct: colour}, at_least, 2]}], then: [{draw: 1}]}}", "colour", "distinct is one of grade, name"),
    ("{kind: AUTO, zone: R, timing: when_placed_on_R, effect: {shuffle: me}}", "me", "is one of you, opponent"),
])
def test_lint_locates_a_bad_term_inside_if_pay_and_shuffle(tmp_path, ability, token, fragment):
    assert_one_located_lint_problem(tmp_path, ability, token, fragment)
