"""A card's abilities as compiled, immutable specs (RULES 1.5, CR 8.1).

The YAML format (one entry of a card's `abilities` list)::

    - kind: AUTO                 # CONT | AUTO | ACT (CR 8.1.1)
      zone: V/R                  # where it works from: V, R, V/R, GC, soul, drop, hand, G, trigger
      timing: when_attacks       # AUTO: a flow timing or an engine event (CONT/ACT: omitted)
      watch: {circle: R, clan: Pale Moon}   # a watcher timing's parameters (`runtime/watch.py`)
      conditions: [your_turn, {limit_break: 4}, once_per_turn]   # when it may trigger / be played
      if: [{compare: [{count: your_hand}, more_than, {count: opponent_hand}]}]
                                 # "If (requirement)": checked as it resolves, after the cost
      optional: true             # "you may": pay the cost or decline (AUTO)
      cost: [{counter_blast: 1}, rest_self]
      effect:
        - {power: 5000, target: self, until: battle}
        - {draw: 1}
      text: "free text for players"
      unexpressed: "why the printed ability cannot (yet) be said"   # real cards only

An ability marked `unexpressed` without an `effect` is kept as data (its text, and the
reason, counted by `abilities.expression`) but never played; with an `effect`, that
effect is a partial encoding and is played, the reason saying what it leaves out.

Every list item is a bare name (`your_turn`) or a one-key mapping (`{limit_break: 4}`);
an effect item is a mapping whose one registered effect name carries the main
argument, its other keys being that effect's parameters (`target`, `until` ...).
All names resolve through `registry.ABILITIES`; `lint.py` reports unknown ones.
`conditions` say when the ability triggers or may be played (Limit Break, "during your turn",
the once-per limits); `if` is the printed "If (requirement)," of CR 8.1.1.1.2 and 8.1.1.2.3:
the ability triggers and may be played without it, and its once-per limit is used up either
way. An ACT's requirement is read after its cost is paid; an AUTO's when it resolves, before
its cost ("if Y, you may pay the cost. If you do, ..."): when it fails nothing is paid or done. A requirement that
covers only part of the effect (8.1.1.2.3.2: up to the next full stop) is the `if` effect.
A `zone` may be omitted on an AUTO ability that triggers on the card's own move
(CR 8.1.1.2.1: "AUTO: When this unit is placed ..."): it then works wherever the card is.
"""
from __future__ import annotations

from dataclasses import dataclass

from .registry import ABILITIES

KINDS = ("CONT", "AUTO", "ACT")
ZONES = ("V", "R", "GC", "soul", "drop", "hand", "G", "trigger", "heart", "bind", "damage")
# two zones at once ("[AUTO](VC)/Soul": it works from either, CR 8.1.1; issue 28 item 2)
ZONE_NAMES = ZONES + ("V/R", "V/soul")
ONCE = {"once_per_turn": "turn", "once_per_game": "game"}
# delayed effects (CR 8.2): effect name -> the flow timing their effects wait for
# ("at the end of the turn" stands by with "at the beginning of end phase", CR 6.8.1.3)
LATER = {"at_end_of_turn": "beginning_of_end_phase", "at_end_of_battle": "end_of_battle"}
DEFAULT_TIMING = {"CONT": "continuous", "ACT": "main_phase"}
# effects that bring their own delayed part (CR 10.31.2: a Time Leap ends "at the end of that
# turn"): effect name -> (timing, the delayed part's effects), compiled as `KEY.laterN`
RETURNS = {"time_leap": ("beginning_of_end_phase", ({"time_leap_return": "that"},)),
           "bind_for_turn": ("beginning_of_end_phase", ("bound_to_hand",))}   # mechanics/bound.py


class AbilityDataError(ValueError):
    """Card data that cannot be compiled (lint reports these with file:line:col)."""


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    key: str                 # "AL-011#1" (1-based), "AL-011#1.give" for an ability given by an effect
    card_id: str
    kind: str
    zones: frozenset | None  # None: wherever the card is (self-moving AUTO)
    timing: str | None
    conditions: tuple        # ((name, arg), ...) without the once-per limits
    once: str | None         # "turn" / "game"
    optional: bool
    cost: tuple              # ((name, arg), ...)
    effects: tuple           # ((name, arg, params), ...) params: tuple of (key, value)
    text: str
    requirement: tuple = ()  # "If (requirement)": ((name, arg), ...) checked at resolution
    watch: tuple = ()        # a watcher timing's parameters and filters: ((key, value), ...) (`runtime/watch.py`)

    @property
    def label(self) -> str:
        return self.key


def split_item(item) -> tuple[str, object]:
    """`name` -> (name, None); `{name: arg}` -> (name, arg)."""
    if isinstance(item, str):
        return item, None
    if isinstance(item, dict) and len(item) == 1:
        (name, arg), = item.items()
        return str(name), arg
    raise AbilityDataError(f"expected a name or a one-key mapping, got {item!r}")


def split_effect(item) -> tuple[str, object, tuple]:
    """An effect item -> (effect name, its argument, ((param, value), ...))."""
    if isinstance(item, str):
        return item, None, ()
    if not isinstance(item, dict):
        raise AbilityDataError(f"an effect is a name or a mapping, got {item!r}")
    names = [k for k in item if k in ABILITIES.effects]
    if len(names) != 1:
        raise AbilityDataError(f"an effect item names exactly one effect, got {sorted(item)!r}")
    name = names[0]
    return name, item[name], tuple((k, v) for k, v in item.items() if k != name)


def parse_zones(zone) -> frozenset | None:
    if zone is None:
        return None
    if zone in ZONE_NAMES and "/" in zone:
        return frozenset(zone.split("/"))
    if zone not in ZONES:
        raise AbilityDataError(f"unknown zone {zone!r} (zones: {', '.join(ZONE_NAMES)})")
    return frozenset((zone,))


def compile_ability(card_id: str, key: str, raw) -> tuple[AbilitySpec, ...]:
    """One ability (and any abilities its `give` effects grant) as specs."""
    kind = raw.get("kind")
    if kind not in KINDS:
        raise AbilityDataError(f"{key}: kind must be one of {', '.join(KINDS)} (got {kind!r})")
    conditions, once = [], None
    for item in raw.get("conditions", ()):
        name, arg = split_item(item)
        if name in ONCE:
            once = ONCE[name]
        else:
            conditions.append((name, arg))
    raw_effects = raw.get("effect", ())
    if not isinstance(raw_effects, (list, tuple)):
        raw_effects = (raw_effects,)     # a single effect may be written without a list
    effects = tuple(split_effect(e) for e in raw_effects)
    spec = AbilitySpec(
        key=key, card_id=card_id, kind=kind, zones=parse_zones(raw.get("zone")),
        timing=raw.get("timing") if kind == "AUTO" else None, conditions=tuple(conditions), once=once,
        optional=bool(raw.get("optional", False)), cost=tuple(split_item(c) for c in raw.get("cost", ())),
        effects=effects, text=str(raw.get("text", "")),
        requirement=tuple(split_item(c) for c in raw.get("if", ())),
        watch=tuple((raw.get("watch") or {}).items()) if kind == "AUTO" else ())
    out = [spec]
    for n, (name, arg, _params) in enumerate(effects):
        if name == "give":
            out.extend(compile_ability(card_id, f"{key}.give{n + 1}", arg))
        elif name in LATER:
            out.extend(compile_ability(card_id, f"{key}.later{n + 1}",
                                       {"kind": "AUTO", "timing": LATER[name], "effect": arg}))
        elif name in RETURNS:
            timing, later = RETURNS[name]
            out.extend(compile_ability(card_id, f"{key}.later{n + 1}",
                                       {"kind": "AUTO", "timing": timing, "effect": list(later)}))
        for m, (inner, inner_arg) in enumerate(_nested_later(name, arg, _params)):
            out.extend(compile_ability(card_id, f"{key}.later{n + 1}.{m + 1}",
                                       {"kind": "AUTO", "timing": LATER[inner], "effect": inner_arg}))
    return tuple(out)


# effects whose parameters (or argument) are effects resolved inside them ("if ..., then at the
# end of the turn ..."): their delayed effects are compiled too, found again by their content
NESTED = {"if": ("then", "else"), "pay": ("then", "else"), "reveal_top": ("then",)}


def _nested_later(name, arg, params) -> list:
    """(delayed effect name, its effects) inside effect `name`'s nested effect lists, depth first."""
    lists = [dict(params).get(p) for p in NESTED.get(name, ())]
    if name == "opponent":
        lists.append(arg)
    found = []
    for items in lists:
        for item in items if isinstance(items, (list, tuple)) else (items,) if items is not None else ():
            inner, inner_arg, inner_params = split_effect(item)
            if inner in LATER:
                found.append((inner, inner_arg))
            else:
                found.extend(_nested_later(inner, inner_arg, inner_params))
    return found


def playable(raw) -> bool:
    """False for a printed ability kept only as data (`unexpressed` and no `effect`)."""
    return not ("unexpressed" in raw and not raw.get("effect"))


def compile_card(card) -> tuple[AbilitySpec, ...]:
    specs: list[AbilitySpec] = []
    for i, raw in enumerate(card.abilities):
        if not playable(raw):
            continue       # the key keeps the printed position: AL-011#2 stays #2
        specs.extend(compile_ability(card.id, f"{card.id}#{i + 1}", raw))
    return tuple(specs)
