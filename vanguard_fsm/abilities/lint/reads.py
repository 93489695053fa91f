"""Lint: a CONT ability may not read a unit's power (the `power` filter, `language/unit_reads.py`).

A CONT ability is applied at every look (CR 8.1.1.3); one whose condition or target read a power
would change the very number it reads ("while this unit has 14000 or more power, it gets +2000"),
so the answer could flip at each look or never settle. Printed cards put such a requirement on an
AUTO or ACT ability, read once as it resolves; so must card data.
"""
from __future__ import annotations

from ..language.counts import OPERATORS
from ..language.unit_reads import READS_POWER


def _bound(value) -> bool:
    """`{at_least: N}`: the shape of a filter's bound (an effect's `power:` is a number or a count)."""
    return isinstance(value, dict) and len(value) == 1 and next(iter(value)) in OPERATORS


def power_reads(node, path=()):
    """The paths of every power filter written anywhere in `node` (conditions, targets, counts)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in READS_POWER and _bound(value):
                yield path + (key,)
            else:
                yield from power_reads(value, path + (key,))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from power_reads(item, path + (i,))


def power_read_in_cont(linter, raw, path) -> None:
    """Each power filter in a CONT ability, located."""
    for where in power_reads({k: raw[k] for k in ("conditions", "effect") if k in raw}):
        linter.error(path + where, f"filter {where[-1]!r} reads a power, which a CONT ability may change: "
                                   f"write the requirement in an AUTO or ACT ability")
