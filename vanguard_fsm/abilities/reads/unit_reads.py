"""Filters that read a unit's current numbers, as the battle reads them (issue 28 item 2).

"If this unit has 14000 or more power", "if the unit it battles has 8000 or less power",
"retire every opponent rear-guard with 5000 or less power": the `power` filter bounds a unit's
power with one `compare` operator, like `battle_number`. The number is the one the damage step
compares (`game.zones.power`): printed, plus the effects' modifiers, plus the CONT abilities that
apply now (recomputed at every look, CR 3.7.1, 8.1.1.3), plus, in a battle, a boost and the
guardians' shields (CR 7.4.1.11, 3.11.3). So `{this_unit: {power: {at_least: 14000}}}` read at
the start of the attack step sees what the board shows.

A CONT ability may not read a power (lint refuses it: its own bonus would change what it reads).
"""
from __future__ import annotations

from ...game import zones
from ..language.counts import OPERATORS
from ..language.registry import ABILITIES

# the filters that read a power: a CONT ability may not use them (lint, `lint/terms.py`)
READS_POWER = ("power",)


@ABILITIES.filter("power", "bound")
def power(game, arg, card, unit, ctx):
    """A unit whose power now (with its modifiers, CONT abilities and, in a battle, its boost or
    guardians' shields: what the battle compares) is bounded so, one `compare` operator and a number
    ("with 5000 or less power"); a card in a zone has its printed power.
    Example: {retire: {from: opponent_rear_guards, power: {at_most: 5000}}}"""
    (op, n), = arg.items()
    return OPERATORS[op](zones.power(game, unit) if unit is not None else card.power, n)
