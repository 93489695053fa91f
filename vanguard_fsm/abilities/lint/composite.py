"""Lint for arguments made of other terms: a list of effects (`opponent`, `at_end_of_turn`), a list
of conditions (`not`, `any_of`, `if`), a list of costs (`pay`), a mapping of filters
(`vanguard_is`, `this_unit`). A mixin of
`lint.Linter`, which keeps the checks of single names; each nested term is checked as if it
were written at the top, at its own `file:line:col`.
"""
from __future__ import annotations

from ..language.registry import ABILITIES
from ..language.spec import LATER, NESTED, RETURNS
from ..language.filters import FILTER_KEYS

LIST_KINDS = ("effects", "conditions", "costs", "filters", "locked")
# locked-card sources and keys (`lock.py`; kept here so lint needs no effect module)
LOCKED_SOURCES = ("your_locked", "opponent_locked", "locked")
LOCKED_KEYS = ("from", "choose", "up_to")
# effects compiled into an ability of their own (`spec.compile_ability`: KEY.giveN / KEY.laterN, N its
# place in the ability's effect list): only an ability's own effect list, or a delayed part's, has them
OWN_ABILITY = frozenset({"give"} | set(LATER) | set(RETURNS))
# ... except a delayed effect inside the effect lists the compiler also walks ("if ..., at the end
# of the turn ..."): `if` / `pay` `then` and `else`, `reveal_top` `then`, `opponent`
COMPILED_INSIDE = frozenset({f"{name}.{param}" for name, params in NESTED.items() for param in params}
                            | {"effect 'opponent'"})


class CompositeChecks:
    def composite(self, kind, value, path, what) -> None:
        if kind == "effects":
            items = value if isinstance(value, (list, tuple)) else (value,)
            if not items:
                self.error(path, f"{what} needs a list of effects")
            for i, item in enumerate(items):
                at = path + (i,) if isinstance(value, (list, tuple)) else path
                self.effect(item, at)
                self.own_ability_nested(item, at, what)
        elif kind in ("conditions", "costs"):
            section = ABILITIES.conditions if kind == "conditions" else ABILITIES.costs
            items = value if isinstance(value, (list, tuple)) else (value,)
            if not items:
                self.error(path, f"{what} needs a list of {kind}")
            for i, item in enumerate(items):
                self.named(item, path + (i,) if isinstance(value, (list, tuple)) else path, section)
        elif kind == "locked":
            self.locked(value, path, what)
        elif kind == "filters":
            if not isinstance(value, dict):
                self.error(path, f"{what} needs a mapping of filters {{filter: argument ...}}")
                return
            for key in value:
                if key in FILTER_KEYS:
                    self.key_error(path, key, f"{what} takes filters only, not {key!r}")
            self.choice_keys({k: v for k, v in value.items() if k not in FILTER_KEYS}, path)

    def locked(self, value, path, what) -> None:
        """Whose locked cards (CR 10.22.3: a locked card has no characteristics, so no filters)."""
        source = value.get("from", "locked") if isinstance(value, dict) else value
        if not isinstance(value, (str, dict)) or source not in LOCKED_SOURCES:
            self.error(path + (("from",) if isinstance(value, dict) and "from" in value else ()),
                       f"{what} names locked cards: one of {', '.join(LOCKED_SOURCES)}, or "
                       f"{{from: ..., choose: N, up_to: bool}} (got {source!r})")
            return
        if isinstance(value, dict):
            for key in value:
                if key not in LOCKED_KEYS:
                    self.key_error(path, key, f"{what}: a locked card has no characteristics to filter by "
                                              f"(CR 10.22.3); keys: {', '.join(LOCKED_KEYS)}")
            if "choose" in value:
                self.count(value["choose"], path + ("choose",), f"{what} choose")
            if "up_to" in value and not isinstance(value["up_to"], bool):
                self.error(path + ("up_to",), f"{what} up_to is true or false")

    def own_ability_nested(self, item, path, what) -> None:
        """`give`, `at_end_of_turn`, `at_end_of_battle`, `time_leap` inside another effect's list
        (`if`, `pay`, `opponent` ...) would name an ability that was never compiled: refused here."""
        name = next((k for k in item if k in OWN_ABILITY), None) if isinstance(item, dict) else None
        if name in LATER and what in COMPILED_INSIDE:
            return          # compiled as KEY.laterN.M and found again by its content (spec._nested_later)
        if name is not None and not any(f"'{later}'" in what for later in LATER):
            self.key_error(path, name, f"{name} makes an ability of its own: write it in the ability's own "
                                       f"effect list, not inside {what}")
