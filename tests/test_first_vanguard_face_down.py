"""The first vanguard is face down until the stand up (CR 5.4.3, 6.1.1; issue 29 item 8): the
setup's `put` says `face: down`, the redraw is decided with the opponent's vanguard unseen, and the
stand up turns each over in place (a `put` VC -> VC, `face: up`, `from_face: down`)."""
from __future__ import annotations

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents.board_view import board_view, render_text
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder
from vanguard_fsm.web.views import seat_view


def _at_first_redraw():
    hooks = Hooks()
    recorder = TraceRecorder(hooks)
    game = new_game_with_abilities(5, None, "standard", hooks=hooks)
    decision = game.advance()
    assert decision.kind == "redraw_first"
    return game, recorder, decision


def test_the_first_vanguards_are_face_down_until_the_stand_up():
    game, recorder, decision = _at_first_redraw()
    placed = [r for r in recorder.of("put") if r["to"] == "VC"]
    assert [(r["from"], r["face"]) for r in placed] == [("deck", "down"), ("deck", "down")]
    me, them = decision.player, 1 - decision.player
    their_vanguard = game.cards[game.state.players[them].circles["VC"].card]
    seen = render_text(board_view(game, reveal=(me,)))
    assert "first vanguard" in seen and f"{their_vanguard.id} {their_vanguard.name}" not in seen
    assert seat_view(game, them, show_hand=False)["circles"]["VC"]["id"] == "?"
    assert seat_view(game, me)["circles"]["VC"]["face_down"] is True
    while game.state.turn == 0:
        game.apply(game.advance().actions[0])
    turned = [r for r in recorder.of("put") if r["from"] == "VC" and r["to"] == "VC"]
    assert [(r["face"], r["from_face"]) for r in turned] == [("up", "down"), ("up", "down")]
    assert recorder.events.index(turned[-1]) < recorder.events.index(recorder.of("stand_up")[0])
    assert all(p.circles["VC"].card not in p.face_down for p in game.state.players)
    assert their_vanguard.id in render_text(board_view(game, reveal=(me,)))
