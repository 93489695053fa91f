"""The names card data may use in abilities, each bound to code here and nowhere else.

Card YAML names conditions, costs, effects, target selectors and filters; the
functions behind the names are registered in `ABILITIES` by the modules of this
package. A name that is not registered is a lint error with its `file:line:col`
(`abilities/lint/cards.py`); nothing in card data is imported or evaluated.

Each entry also says which parameters it takes, so lint can check every key of
an effect (`{power: 5000, target: self, until: battle}`) and every argument.
"""
from __future__ import annotations

from ...game.rules.costs import COSTS
from ...machine.registry import Section, doc_paragraphs


class Entry:
    """A registered name: its function, the kind of its argument, and its other parameters."""

    __slots__ = ("name", "fn", "arg", "params", "doc", "example", "by_instance")

    def __init__(self, name: str, fn, arg, params: dict, doc: str, example: str = "",
                 by_instance: bool = False) -> None:
        self.name, self.fn, self.arg, self.params, self.doc = name, fn, arg, params, doc
        self.example = example
        self.by_instance = by_instance   # a filter that also takes the card instance (`identity.py`)


# argument kinds lint understands: none (a bare name), int (>= 0), signed (any whole number), str,
# texts (a text or a list of texts: "named A or B"), state (a flow state `machine.state`, one the flows
# being linted have),
# target, cards, ability, count (a whole number >= 0 or a count expression, `counts.py`), number (any
# whole number or a count expression: power may be negative), comparison ([count, operator, count]),
# bound ({operator: N}, one `compare` operator and a whole number >= 0: "N or later", "N or fewer"),
# pick (N, or {choose: N, filters}: which cards or units a cost takes), move (a pick with `from` and `to`
# zones, `costs_zone.py`), effects (one effect item or a list),
# costs (a list of cost items, paid while an effect resolves: `pay`),
# filters (a mapping of target filters only),
# conditions (a list of condition items), locked (whose locked cards: a name or {from, choose, up_to},
# `lock.py`); or a tuple of the values allowed
# The largest number card data may write (a count of cards, a power, a shield, `times` ...), + or -:
# printed G-era numbers stay far below (powers and shields in the tens of thousands); a literal past
# it is a typo or an attempt at unbounded work (`draw: 1000000` draws one card at a time), refused by lint.
MAX_AMOUNT = 100_000
ARG_KINDS = ("none", "int", "signed", "str", "texts", "state", "target", "cards", "ability", "zone", "count", "number",
             "comparison", "bound", "pick", "move", "effects", "filters",
             "conditions", "costs", "locked")


def example_of(fn) -> str:
    """The `Example: ...` line of a docstring (the generated reference shows it), or ''."""
    for line in (fn.__doc__ or "").splitlines():
        line = line.strip()
        if line.startswith("Example:"):
            return line[len("Example:"):].strip()
    return ""


class KeptEntries(dict):
    """A section's entries by name, each looked up through the registry once (`Section.__getitem__`,
    which also resolves a deprecated name): a registered name never changes meaning (the registry
    refuses a second, different registration), and the runtime asks for every condition, effect,
    selector and filter it runs. A known name is then one dict subscript, with no Python call; an
    unknown one raises KeyError as the section does. Only registered names are kept: bounded."""

    __slots__ = ("section",)

    def __init__(self, section: Section) -> None:
        super().__init__()
        self.section = section

    def __missing__(self, name: str):
        entry = self[name] = self.section[name]
        return entry


class AbilityRegistry:
    def __init__(self) -> None:
        self.conditions = Section("ability condition")
        self.costs = COSTS     # one cost vocabulary with the rules' own terms (game/rules/costs.py)
        self.effects = Section("ability effect")
        self.selectors = Section("target selector")
        self.filters = Section("target filter")
        self.zones = Section("card zone")
        # the same entries for the runtime's frequent look-ups (`KeptEntries`)
        self.kept_conditions, self.kept_effects = KeptEntries(self.conditions), KeptEntries(self.effects)
        self.kept_selectors, self.kept_filters = KeptEntries(self.selectors), KeptEntries(self.filters)

    def _register(self, section: Section, name: str, arg: str, params: dict | None, fn,
                  by_instance: bool = False) -> None:
        if not isinstance(arg, tuple) and arg not in ARG_KINDS:
            raise ValueError(f"{name}: unknown argument kind {arg!r}")
        summary = next(iter(doc_paragraphs(fn.__doc__)), "")
        section.register(name, Entry(name, fn, arg, dict(params or {}), summary, example_of(fn), by_instance),
                         fn.__doc__ or "")

    def condition(self, name: str, arg: str = "none"):
        def deco(fn):
            self._register(self.conditions, name, arg, None, fn)
            return fn
        return deco

    def cost(self, name: str, arg: str = "int"):
        def deco(fn):
            self._register(self.costs, name, arg, None, fn)
            return fn
        return deco

    def effect(self, name: str, arg: str = "int", params: dict | None = None):
        """`params`: other keys the effect item may have, name -> argument kind or a tuple of values."""
        def deco(fn):
            self._register(self.effects, name, arg, params, fn)
            return fn
        return deco

    def selector(self, name: str):
        """A group of units; `fn(game, ctx)` -> [(seat, where, unit) ...]."""
        def deco(fn):
            self._register(self.selectors, name, "none", None, fn)
            return fn
        return deco

    def zone(self, name: str):
        """A card zone a count reads (`{count: your_drop}`): fn(game, ctx) -> instances."""
        def deco(fn):
            self._register(self.zones, name, "none", None, fn)
            return fn
        return deco

    def filter(self, name: str, arg: str = "int", by_instance: bool = False):
        """`fn(game, arg, card, unit, ctx)` -> bool; `by_instance`: `fn(..., ctx, inst)`, also told which
        card instance it looks at (a card in a zone has no unit to tell copies apart)."""
        def deco(fn):
            self._register(self.filters, name, arg, None, fn, by_instance)
            return fn
        return deco


ABILITIES = AbilityRegistry()
