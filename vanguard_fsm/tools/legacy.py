"""A `Game` that also speaks the one-step ids of commit 08cc973.

Before issue 11 a stride or a G guardian call was one decision whose id named the cost:
`stride:AL-017/discard:hand[0,1]`, `g_guardian:AL-019/discard:hand[0]->VC`. The flows now
make these calls in steps (choose, then pay one card at a time, then place). A
`LegacyGame` is the same game object (its class swapped, no state added):

- `apply(id)` takes such an id as a scenario chain (`scenario/chain.py`: the choice, then
  the pay-cost decisions' own ids for the hand cards named), checked first on a private
  copy (refused with `IllegalAction`, the game unchanged), and any current id as is;
- `advance()` returns the pending decision as a `LegacyDecision` whose `ids()` lists, for
  each choice that opens such a call, every complete payment in the older form (found by
  playing it out on a private copy of the game), and every other id unchanged.
"""
from __future__ import annotations

from ..game.actions import IllegalAction
from ..game.engine import Game
from ..scenario.calls import call_ids
from ..scenario.chain import Chain, chain_is_legal, play_chain, start_chain


class LegacyDecision:
    """The pending decision as the older API showed it: `player`, `kind`, `ids()`, `actions`."""

    __slots__ = ("decision", "player", "kind", "actions", "_ids")

    def __init__(self, game: Game, decision) -> None:
        self.decision, self.player, self.kind = decision, decision.player, decision.kind
        self.actions = decision.actions
        self._ids = call_ids(game, decision)

    def ids(self) -> list[str]:
        return list(self._ids)

    def find(self, action_id: str):
        return self.decision.find(action_id)


class LegacyGame(Game):
    __slots__ = ()

    def advance(self):
        decision = Game.advance(self)
        return None if decision is None else LegacyDecision(self, decision)

    def apply(self, action) -> None:
        if isinstance(action, LegacyDecision):
            raise TypeError("apply takes an action id or an Action, not a decision")
        chain = Chain(action) if isinstance(action, str) else None
        if chain is None or not chain.chained:
            Game.apply(self, action)
            return
        legal, why = chain_is_legal(self, action)      # judged on a private copy: a refusal changes nothing
        if not legal:
            raise IllegalAction(f"{action!r} is not a legal action for player {self.pending.player} at "
                                f"{self.pending.kind}: {why}", call_ids(self, self.pending))
        play_chain(self, start_chain(self, chain), Game.apply)


def as_legacy(game: Game) -> LegacyGame:
    game.__class__ = LegacyGame
    return game
