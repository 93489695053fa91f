"""The board's version (`game/board_cache.py`, issue 32): values kept while nothing can write
the board, never a stale one.

The version opens when the engine runs flow moves and builds a decision, and closes at
every door a writer comes through (agenda tasks, `apply`, `restore`). In check mode (on for
the whole test suite, `conftest.py`) every kept value is recomputed and compared, so a
write past those doors fails here instead of changing a game.
"""
from __future__ import annotations

import io

import pytest

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.game import board_cache
from vanguard_fsm.game.rules import battle
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder

from helpers import play


def _at_attack_declaration(seed: int = 2):
    """A heuristic game stopped at its first attack declaration with two or more attackers."""
    game = new_game_with_abilities(seed, ("royal-paladin", "kagero"))
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    while (decision := game.advance()) is not None:
        if decision.kind.endswith("declare_attack") and len({a.args[0] for a in decision.actions
                                                               if a.kind == "attack"}) >= 2:
            return game, decision
        game.apply(agents[decision.player].choose(game, decision))
    raise AssertionError("no attack declaration with two attackers")


def test_the_version_is_open_while_a_decision_waits_and_closed_once_answered():
    game, decision = _at_attack_declaration()
    assert game.reads is not None and game.reads[0] is game.state
    kept = battle.attack_legal(game, decision.player)
    assert game.reads[1], "the attackers read for the decision are kept for its version"
    assert [a.id for a in kept] == [a.id for a in decision.actions if a.kind == "attack"]
    snap = game.snapshot()
    game.apply(decision.actions[0])
    assert game.reads is None     # the answer's writers run next: nothing kept
    game.advance()
    assert game.reads is not None
    game.restore(snap)
    assert game.reads is None     # a restored position starts a new version


def test_a_write_past_the_engine_doors_is_caught_in_check_mode(monkeypatch):
    """CR 7.3.1.2: a rested unit cannot attack. Resting one behind the engine's back while the
    decision waits would leave the kept attacks stale: check mode says so at the next read."""
    monkeypatch.setattr(board_cache, "CHECK", True)
    game, decision = _at_attack_declaration()
    seat = decision.player
    attackers = {a.args[0] for a in battle.attack_legal(game, seat)}
    circle = sorted(attackers)[0]
    game.state.players[seat].circles[circle].rested = True      # no apply, no task: past the doors
    with pytest.raises(board_cache.StaleCache, match="attacks"):
        battle.attack_legal(game, seat)
    monkeypatch.setattr(board_cache, "CHECK", False)
    stale = {a.args[0] for a in battle.attack_legal(game, seat)}
    assert circle in stale     # what check mode guards against: the kept value, now wrong


def _trace(seed: int, decks) -> str:
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game_with_abilities(seed, decks, hooks=hooks)
    play(game, ("heuristic", "heuristic"), seed)
    return out.getvalue() + "|".join(game.history)


@pytest.mark.parametrize("decks", [None, ("royal-paladin", "kagero")])
def test_games_are_the_same_without_the_kept_values(monkeypatch, decks):
    for seed in range(3):
        kept = _trace(seed, decks)
        with monkeypatch.context() as patch:
            patch.setattr(battle, "cached", lambda game, key, compute, *args: compute(*args))
            fresh = _trace(seed, decks)
        assert len(kept) > 1000 and kept == fresh, f"seed {seed}: a kept value changed the game"


def test_the_debuggers_drain_closes_the_version_first():
    """The debugger moves a game in units, one of which drains the agenda itself (`Session.unit`):
    those tasks write the board, so the version a flow move opened must close first, as
    `Game.advance`/`step` close it; a value kept before (the attackers) would be read stale."""
    from vanguard_fsm.debug.session import Session
    game = new_game_with_abilities(3, ("royal-paladin", "kagero"))
    session = Session(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    drains = 0
    for _ in range(600):
        moved = session.unit("agents")
        if moved is None:
            break
        if moved == "drain":
            drains += 1
            assert game.reads is None, f"drain #{drains}: the version stayed open while its tasks ran"
    assert drains > 10
