"""Positions a player has already stood at this turn, so a search never walks in circles.

The rules put no limit on the main phase: rear-guards move within their column as often
as the turn player likes (CR 6.6.1.3, RULES 3.3.4). A search that finds moving a
rear-guard no worse than passing (a starved budget, noisy playouts) can therefore move
back and forth for ever (issue 33). A move that brings the board back to a position the
player already stood at in this turn is no progress: `SeenPositions` remembers the
position key of each of the player's decisions this turn, and `repeating` names the
actions whose next decision of the same player would be one of them, found by playing
each action once in a private search game — the agent refuses those while it may pass.

`position_key` is what a player can see of the board: every unit (its card, stance and
modifiers), the public zones, the sizes of the hidden ones and the abilities' bookkeeping.
Two positions with the same key are the same position for every move the rules allow in
the main phase; nothing hidden enters it, so the rule reads only the player's information.
"""
from __future__ import annotations

import random

from .determinize import determinize


def _side(player) -> tuple:
    return (tuple(u.canonical() if u is not None else None for u in player.circles.values()),
            len(player.hand), len(player.deck), tuple(player.soul), tuple(player.drop), tuple(player.damage),
            len(player.face_down), len(player.g_zone), len(player.g_face_up), tuple(player.bind),
            tuple(player.removed), tuple(sorted(player.locked.items())))


def position_key(game) -> tuple:
    """The position at `game`'s pending decision as its decider sees it (see the module docstring)."""
    state, pending = game.state, game.pending
    return (state.turn, pending.player if pending is not None else None, pending.kind if pending is not None else None,
            state.in_battle_phase, state.battle_count, tuple(_side(p) for p in state.players),
            state.abilities, state.statuses)


class SeenPositions:
    """The position keys of one player's decisions in the current turn of one game."""

    __slots__ = ("game", "turn", "keys")

    def __init__(self) -> None:
        self.game = None
        self.turn = None
        self.keys: set = set()

    def note(self, game) -> None:
        """Remember the position at `game`'s pending decision (a new game or turn forgets the old ones)."""
        if self.game is not game or self.turn != game.state.turn:
            self.game, self.turn, self.keys = game, game.state.turn, set()
        self.keys.add(position_key(game))

    def repeating(self, game, shadow, keyed) -> set:
        """The keys (of `keyed`: key -> one action) whose action leads back to a position seen this
        turn, played in `shadow` (a search game, see `determinize.search_game`) from `game`'s position;
        empty when the decision offers no pass, since then some move must be made."""
        decision = game.pending
        if not any(a.kind == "pass" for a in decision.actions):
            return set()
        self.note(game)
        snap = game.snapshot()
        found = set()
        for key, action in keyed.items():
            if action.kind == "pass":
                continue
            shadow.restore(snap)
            determinize(shadow, decision.player, random.Random(0))   # one fixed deal: no peeking, reproducible
            shadow.apply(action)
            shadow.advance()
            if shadow.pending is not None and position_key(shadow) in self.keys:
                found.add(key)
        return found
