"""Every complete call a choice opens, in the older one-step id form.

Until issue 11 a stride or a G guardian call was one decision listing one id per way to
pay: `stride:AL-017/discard:hand[0,1]`. Now the choice opens work that later flow steps
finish (a context the game layer declares `settle_before_decisions`), and the payment is
made one card at a time at pay-cost decisions (`hand_grades_total`, `discard_grade` ...).
`call_ids` lists a flow decision's options as the older API did: each option that opens
such work is played out on a private copy of the game through every payment its player
could make (each set of hand cards once), and becomes one id per payment, written as a
scenario chain (`chain.py`: `A/discard:hand[i,...]`, a target `->X` at the end, as then);
every other option keeps its id. The real game is not touched.
"""
from __future__ import annotations

from ..game.costs import COSTS
from ..machine.registry import REGISTRY
from .chain import private_copy

MAX_STEPS = 20_000


def opens_work(kind: str) -> bool:
    """Does choosing this kind open work later flow steps finish (machine/obligations.py)?"""
    return any(ctx in REGISTRY.obligations for ctx in REGISTRY.choices.gives(kind))


def call_ids(game, decision) -> list[str]:
    """The decision's option ids, each call that opens work expanded into its payments."""
    out = []
    for action in decision.actions:
        if decision.resolver is None and opens_work(action.kind):
            out.extend(_payments(game, decision.player, action.id))
        else:
            out.append(action.id)
    return list(dict.fromkeys(out))


def _payments(game, seat: int, action_id: str) -> list[str]:
    shadow = private_copy(game)
    hand0 = tuple(shadow.state.players[seat].hand)
    shadow.apply(action_id)
    paid: set = set()
    _explore(shadow, seat, hand0, paid, set())
    base, arrow, target = action_id.partition("->")
    ids = [f"{base}/discard:hand[{','.join(map(str, cards))}]{arrow}{target}" if cards else action_id
           for cards in sorted(paid, key=lambda c: (len(c), c))]
    return ids or [action_id]


def _explore(shadow, seat: int, hand0: tuple, paid: set, seen: set) -> None:
    """Follow every pick of `seat`'s pay-cost decisions; record the hand cards each payment took."""
    for _ in range(MAX_STEPS):
        if shadow.pending is not None or shadow.runner.finished:
            break
        shadow.step()
    d = shadow.pending
    hand = shadow.state.players[seat].hand
    if d is not None and d.player == seat and d.resolver is not None and d.kind in COSTS:
        key = (d.kind, frozenset(d.ids()), len(shadow.history))   # what is left to pick, after how many picks
        if key in seen:
            return
        seen.add(key)
        snap = shadow.snapshot()
        for action in d.actions:
            shadow.restore(snap)
            shadow.apply(action.id)
            _explore(shadow, seat, hand0, paid, seen)
        shadow.restore(snap)
        return
    left = set(hand)
    paid.add(tuple(i for i, inst in enumerate(hand0) if inst not in left))
