"""The cost heart_to_deck_bottom (issue 19; CR 10.27.5.2, 9.5): your vanguard's heart card goes under
your deck; the G unit loses the heart's power (and name), and with no heart it leaves VC empty at the
end phase, so its player rides from the soul (the real-card scenario
cockatrice_time_leaps_chrono_dran_whose_chronojet_returns_to_the_hand shows the whole of it)."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules.costs import pay_all, payable

COST = [("heart_to_deck_bottom", None)]


def _done(game):
    """The task run once the costs are paid."""


def strode():
    game = sandbox(None, "gear-chronicle", fmt="standard")
    p = game.state.players[0]
    g = add(game, 0, "G-GC-COCKATRICE", "VC")
    heart = game._new_instance("G-GC-CHRONOJET", 0)
    p.circles["VC"].heart = heart
    return game, p, Ctx(0, g, "G-GC-COCKATRICE#1", "end_of_battle", p.circles["VC"].placed), heart


def test_the_heart_goes_under_the_deck_and_its_power_leaves_the_g_unit():
    game, p, ctx, heart = strode()
    assert payable(game, ctx, COST) and zones.power(game, p.circles["VC"]) == 15000 + 11000
    pay_all(game, ctx, COST, 0, (_done, ()))
    run(game)
    assert p.circles["VC"].heart is None and p.deck[0] == heart
    assert zones.power(game, p.circles["VC"]) == 15000


def test_not_payable_without_a_heart():
    game, p, ctx, _ = strode()
    p.circles["VC"].heart = None
    assert not payable(game, ctx, COST)
