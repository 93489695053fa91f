"""Delete (CR 10.26) in the card language: the effect, the filter and the watcher.

`{delete: TARGET}` deletes the target units (`game/deleted.py` holds the state): each is turned
face down where it stands, the same unit in the same orientation, with original power 0 and
none of its printed abilities until the end phase of its master's turn (the flow step
`return_deleted_units`, CR 6.8.1.1.2) or until it leaves its circle. "Delete all of your
opponent's vanguards" is `{delete: opponent_vanguard}`. The filter `deleted` ("if your
opponent's vanguard is deleted": `{opponent_vanguard_is: {deleted: true}}`) and the watched
event `when_opponent_vanguard_deleted` (your cards, from their zone) complete it.
"""
from __future__ import annotations

from ...game import deleted
from ..effects.basic import _targeted
from ..language.registry import ABILITIES


def _delete(game, ctx, seat, circle, unit):
    deleted.delete(game, seat, circle, unit, ability=ctx.key)


@ABILITIES.effect("delete", "target")
def delete(game, ctx, arg, params, then, index):
    """Delete the target units (CR 10.26): face down, original power 0, no printed text, until their master's end phase.

    Example: {delete: opponent_vanguard}"""
    _targeted(game, ctx, {"target": arg}, _delete, (), then)


@ABILITIES.filter("deleted", "none")
def _is_deleted(game, arg, card, unit, ctx):
    """A deleted unit (CR 10.26.3): face down on its circle until its master's end phase.

    Example: conditions: [{opponent_vanguard_is: {deleted: true}}]"""
    return unit is not None and deleted.is_deleted(game, unit)
