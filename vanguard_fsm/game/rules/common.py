"""Registration helpers and the names every rule module shares.

Decision kinds are registered as `Choice(legal, apply)`: `legal(game, seat)` lists
the actions, `apply(game, action)` performs one. Deciders say who decides a flow
state's decision.
"""
from __future__ import annotations

from ...machine.registry import REGISTRY
from ..actions import Action

condition = REGISTRY.conditions
action = REGISTRY.actions


class Choice:
    """A decision kind: `legal(game, seat)` lists its options, `apply(game, action)` takes one (None:
    taking it changes nothing but where the flow goes)."""
    __slots__ = ("name", "legal", "apply", "doc")

    def __init__(self, name: str, legal, apply, doc: str = "") -> None:
        self.name, self.legal, self.apply, self.doc = name, legal, apply, doc


def choice(name: str, legal, apply, doc: str = "") -> Choice:
    c = Choice(name, legal, apply, doc or legal.__doc__ or "")
    REGISTRY.choices.register(name, c, c.doc)
    return c


def decider(name: str):
    def deco(fn):
        REGISTRY.deciders.register(name, fn)
        return fn
    return deco


@decider("turn_player")
def _turn_player(game) -> int:
    """The player whose turn it is."""
    return game.state.turn_player


@decider("non_turn_player")
def _non_turn_player(game) -> int:
    """The opponent of the turn player."""
    return 1 - game.state.turn_player


@decider("first_player")
def _first_player(game) -> int:
    """The player who went first (decided at setup, RULES 3.2.4)."""
    return game.state.first


@decider("second_player")
def _second_player(game) -> int:
    """The player who went second."""
    return 1 - game.state.first


def _pass_legal(game, seat):
    """Do nothing more here: let the game advance."""
    return _PASSES[seat]


# each seat's pass, offered at most decisions (a random game: ~300): an `Action` is an immutable
# value made of the seat alone, so one (pass,) row per seat serves every game
_PASSES = tuple((Action("pass", "pass", seat, ()),) for seat in (0, 1))


# no apply: a pass changes nothing but where the flow goes next, so `Game.apply` calls nothing for it
choice("pass", _pass_legal, None)


def distinct(game, instances):
    """(index, instance) pairs keeping the first of each card id: equal cards are one choice."""
    seen, out = set(), []
    cards = game.cards
    for i, inst in enumerate(instances):
        cid = cards[inst].id
        if cid not in seen:
            seen.add(cid)
            out.append((i, inst))
    return out

