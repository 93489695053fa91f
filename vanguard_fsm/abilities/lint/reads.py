"""Lint: what a CONT ability may not read, because its own effect changes it.

A CONT ability is applied at every look (CR 8.1.1.3); one whose condition or target read a power
would change the very number it reads ("while this unit has 14000 or more power, it gets +2000"),
so the answer could flip at each look or never settle. Printed cards put such a requirement on an
AUTO or ACT ability, read once as it resolves; so must card data. Likewise an `also_clan` ability
(`mechanics/also_clan.py`) may not ask a clan: asking it would ask the ability again. Only an
`also_clan` said of the card itself may be written with no zone: it holds wherever the card is.
"""
from __future__ import annotations

from ..language.counts import OPERATORS
from ..reads.unit_reads import READS_POWER
from ..mechanics.also_clan import EFFECT as ALSO_CLAN


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


def _effects(raw) -> list:
    items = raw.get("effect") or []
    return items if isinstance(items, list) else [items]


def everywhere(raw) -> bool:
    """A CONT ability with no condition whose every effect is `also_clan` said of the card itself (no target)."""
    items = _effects(raw)
    return raw.get("kind") == "CONT" and bool(items) and not raw.get("conditions") and all(
        isinstance(i, dict) and set(i) == {ALSO_CLAN} for i in items)


def clan_read_in_also_clan(linter, raw, path) -> None:
    """Each `clan` filter in an `also_clan` ability, located."""
    if not any(isinstance(i, dict) and ALSO_CLAN in i for i in _effects(raw)):
        return
    for where in _keys(raw, "clan"):
        linter.error(path + where, "an also_clan ability may not ask a clan (it would ask itself): "
                                   "name the units by name, race or circle")


def _keys(node, key, path=()):
    if isinstance(node, dict):
        for k, value in node.items():
            if k == key and path and path[0] in ("conditions", "effect"):
                yield path + (k,)
            else:
                yield from _keys(value, key, path + (k,))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _keys(item, key, path + (i,))
