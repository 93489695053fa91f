"""Card data that cannot change: read-only, hashable copies of parsed YAML.

`load_cards` caches a card set and every game that uses it shares the same `Card` objects:
their abilities and skills are frozen when the file is loaded, so no game can change
another's cards, and they stay hashable like the rest of a frozen `Card`.
"""
from __future__ import annotations

from typing import Any


class FrozenDict(dict):
    """A read-only, hashable dict, so a cached card's abilities cannot be changed."""

    __slots__ = ()

    def _readonly(self, *args, **kwargs):
        raise TypeError("card data is read-only")

    __setitem__ = __delitem__ = __ior__ = _readonly
    clear = pop = popitem = setdefault = update = _readonly

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


def freeze(value: Any) -> Any:
    """Deep-freeze parsed YAML: dicts -> FrozenDict, lists -> tuples."""
    if isinstance(value, dict):
        return FrozenDict((k, freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of ``freeze``: plain dicts and lists, ready for ``json.dumps``."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value
