"""What the browser debugger's board data holds (issue 30): locked cards on their circles."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, run, sandbox
from vanguard_fsm.game import zones
from vanguard_fsm.game.rules import turn
from vanguard_fsm.web import views


def test_a_locked_card_is_on_its_circle_face_down_and_marked_locked():
    """CR 10.22, 4.6.7: a locked card lies face down on its (lock) circle; it is no unit,
    so it is not among the circles' units, but the board must still show it there."""
    game = sandbox(None, "kagero", fmt="standard")
    p0 = game.state.players[0]
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "BT13-S07", "hand"))
    p0.hand.clear()
    add(game, 0, "BT13-S07", "hand")
    p0.damage.append(p0.deck.pop())
    knight = add(game, 1, "BT01-022", "front_left", rested=True)
    act = next(a for a in turn.act_legal(game, 0) if a.args[1].startswith("BT13-S07"))
    turn.act_apply(game, act)
    run(game)
    assert game.state.players[1].locked == {"front_left": knight}
    for viewer in (None, 0, 1):
        seat = views.board(game, viewer)["seats"][1]
        assert seat["circles"]["front_left"] is None                       # not a unit (CR 3.8.1)
        assert seat["locked"] == {"front_left": {"id": "BT01-022", "name": game.cards[knight].name,
                                                 "grade": game.cards[knight].grade,
                                                 "shield": game.cards[knight].shield, "face_down": True}}
    assert views.board(game)["seats"][0]["locked"] == {}
