"""Every name a flow, card or scenario may use, read from the registries.

The sections are found by walking `REGISTRY` and `ABILITIES` for `Section`
attributes, so a section or a name another module registers later shows up here
(and in the generated references) with no change to this file. Each entry says
what it does (its docstring's first line), what argument it takes, and where it
may be written; flow actions and conditions also say which context they need
(`machine.contexts`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..abilities.language import conditions, costs, counts, targets  # noqa: F401  (registration)
from ..abilities.effects import basic, zone_effects  # noqa: F401  (registration)
from ..abilities.language.registry import ABILITIES
from ..game import rules  # noqa: F401  (registration)
from ..machine.registry import REGISTRY, Section

# Where each known section's names are written; a section added later gets a generic line.
WHERE = {
    "conditions": "flows: a transition's `if:` / `unless:` list",
    "actions": "flows: a state's `do:` list or a transition's `do:` list",
    "decision_kinds": "flows: a state's `decision: {kinds: [...]}` and a transition's `choice:`; "
                      "scenarios: the kind of a scripted action id",
    "deciders": "flows: a state's `decision: {who: ...}`",
    "interrupts": "flows: the root flow's `interrupts:` list (`event:`; the engine raises each one)",
    "engine_events": "cards: an AUTO ability's `timing:` (raised by the engine, not by a flow state)",
    "ability_conditions": "cards: an ability's `conditions:` and `if:` lists (a name, or {name: argument})",
    "ability_costs": "cards: an ability's `cost:` list, and a G unit's `stride: {cost: [...]}` and "
                     "`g_guardian: {cost: [...]}` ({name: count}; a bare name means 1)",
    "ability_effects": "cards: an ability's `effect:` (one item or a list; {name: argument, parameter: value})",
    "target_selectors": "cards: an effect's `target:` (a name, or {from: name, choose: N, up_to: bool, filters})",
    "target_filters": "cards: a key of a target or card choice (`{from: ..., grade_max: 2}`)",
    "card_zones": "cards: a count's `count:` (`{count: your_drop, grade: 3}`; a target selector there counts units)",
    "timings": "flows: a state's `timings:` list (declared there); cards: an AUTO ability's `timing:`",
    "parameters": "flows: parameters.yaml's `parameters:` (a variant: its `parameters:` patch)",
}
# Short names a user may type for a section.
ALIASES = {"kinds": "decision_kinds", "choices": "decision_kinds", "events": "engine_events",
           "costs": "ability_costs", "effects": "ability_effects", "targets": "target_selectors",
           "selectors": "target_selectors", "filters": "target_filters", "who": "deciders",
           "zones": "card_zones", "deprecated": "deprecated_names", "renamed": "deprecated_names",
           "parameter": "parameters", "params": "parameters"}
FLOW_LANGUAGE, CARD_LANGUAGE = "flow", "card"


@dataclass
class Entry:
    name: str
    doc: str
    arg: str = ""                       # the argument it takes ("" = none)
    params: dict = field(default_factory=dict)
    context: str = ""                   # the context it needs (flow actions and conditions)
    example: str = ""                   # card language: how it is written (the docstring's `Example:` line)
    details: list = field(default_factory=list)   # the doc's other paragraphs (explain, references)
    value: str = ""                     # parameters: the type of value
    default: object = None              # parameters: the built-in value
    rules: tuple = ()                   # parameters: the rules it encodes


@dataclass
class VocabularySection:
    key: str                            # `names KEY`
    title: str
    language: str                       # FLOW_LANGUAGE or CARD_LANGUAGE
    where: str
    entries: list


def section_key(section: Section) -> str:
    """`condition` -> `conditions`, `ability cost` -> `ability_costs`: the key `names` takes."""
    return section.kind.replace(" ", "_") + "s"


def _arg_text(arg) -> str:
    if isinstance(arg, tuple):
        return " | ".join(arg)
    return "" if arg in ("none", "", None) else str(arg)


def _entries(section: Section, language: str) -> list[Entry]:
    out = []
    for name in section.names():
        item = section[name]
        if language == CARD_LANGUAGE:
            params = {k: "true" if v == "none" else _arg_text(v)     # a flag: `every: true`
                      for k, v in getattr(item, "params", {}).items()}
            out.append(Entry(name, section.doc(name), _arg_text(getattr(item, "arg", "")), params,
                             example=getattr(item, "example", ""), details=section.details(name)))
        else:
            out.append(Entry(name, section.doc(name), context=describe_needs(section, name),
                             details=section.details(name)))
    return out


def describe_needs(section: Section, name: str) -> str:
    needs = getattr(section, "needs", None)
    found = needs(name) if callable(needs) else ()
    return ", ".join(found)


def _sections_of(registry, language: str) -> list[tuple[Section, str]]:
    return [(value, language) for value in vars(registry).values() if isinstance(value, Section)]


def vocabulary() -> list[VocabularySection]:
    """Every registered section, flow language first, in registration order."""
    out = []
    for section, language in _sections_of(REGISTRY, FLOW_LANGUAGE) + _sections_of(ABILITIES, CARD_LANGUAGE):
        key = section_key(section)
        out.append(VocabularySection(key, section.kind + "s", language,
                                     WHERE.get(key, f"{language}s: wherever a {section.kind} is written"),
                                     _entries(section, language)))
    out.insert(len(_sections_of(REGISTRY, FLOW_LANGUAGE)), deprecated_section())
    return out


def deprecated_section() -> VocabularySection:
    """Names flows written for an older flow language still use: each resolves to its new name,
    and lint warns where it is written (machine/renamed.py)."""
    entries = [Entry(old, f"deprecated {section.kind}: write `{new}` ({why})" if why else
                     f"deprecated {section.kind}: write `{new}`")
               for section, _ in _sections_of(REGISTRY, FLOW_LANGUAGE)
               for old, (new, why) in section.deprecated().items()]
    return VocabularySection("deprecated_names", "deprecated names", FLOW_LANGUAGE,
                             "older flow files: still accepted, with a lint warning naming the new name", entries)


def timings_section(flowset) -> VocabularySection:
    """The timings a flow set declares, each with the states that fire it (live, not generated)."""
    states: dict[str, list[str]] = {}
    for flow in flowset.flows.values():
        for state in flow.all_states.values():
            for timing in state.timings:
                states.setdefault(timing, []).append(f"{flow.name}.{state.path}")
    entries = [Entry(t, "fired on entering " + ", ".join(where)) for t, where in sorted(states.items())]
    return VocabularySection("timings", "timings", FLOW_LANGUAGE, WHERE["timings"], entries)


def parameters_section(defaults: dict | None = None) -> VocabularySection:
    """The rules parameters: doc, type, default (the built-in value) and rules of each."""
    from .parameters import parameters
    entries = [Entry(p.name, p.doc, value=p.type, default=p.default, rules=p.rules) for p in parameters(defaults)]
    return VocabularySection("parameters", "parameters", FLOW_LANGUAGE, WHERE["parameters"], entries)


def value_text(value, width: int = 100) -> str:
    """A parameter's value on one line (cut at `width` characters)."""
    import json
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[:width - 3] + "..."


def facts(entry: Entry, digest=None) -> list[str]:
    """What a name says besides its doc: argument, parameters, context, a parameter's type,
    default and rules (with their titles when a digest is given)."""
    out = []
    if entry.arg:
        out.append(f"argument: {entry.arg}")
    if entry.params:
        out.append("parameters: " + ", ".join(f"{k} ({v})" for k, v in entry.params.items()))
    if entry.context:
        out.append(f"needs: {entry.context}")
    if entry.value:
        out.append(f"type: {entry.value}")
        out.append(f"default: {value_text(entry.default)}")
    if entry.rules:
        titled = [f"{r} ({digest.get(r).title})" if digest is not None and digest.get(r) else r for r in entry.rules]
        out.append("rules: " + ", ".join(titled))
    return out


def find_section(sections: list[VocabularySection], key: str) -> VocabularySection | None:
    key = ALIASES.get(key, key).replace("-", "_")
    for s in sections:
        if s.key == key or s.key == key + "s":
            return s
    return None


def lookup(sections: list[VocabularySection], name: str) -> list[tuple[VocabularySection, Entry]]:
    """Every section entry called `name` (a name may be in several sections: `retire`)."""
    return [(s, e) for s in sections for e in s.entries if e.name == name]
