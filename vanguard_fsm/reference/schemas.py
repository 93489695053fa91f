"""The published JSON Schemas (`vanguard_fsm/schemas/*.schema.json`) for editors.

They are the very schemas the loaders validate with, plus the registered names as
`enum`s where a flow or card writes a name (`do`, `if`, `unless`, `decision.who`,
`decision.kinds`, `choice`; ability conditions, costs, effects, zones), so an editor
with the YAML language server completes and checks names as you type. Built-in
files point at them with a `# yaml-language-server: $schema=...` first line.
A test fails while the published files differ from what `build()` gives.
"""
from __future__ import annotations

import copy
import json

from ..abilities.language.registry import ABILITIES
from ..abilities.language.spec import ZONE_NAMES
from ..game.cards import FILE_SCHEMA
from ..game.decks import DECK_SCHEMA
from ..machine.registry import REGISTRY
from ..machine.schema import FLOW_SCHEMA, PARAMETERS_SCHEMA
from ..scenario.schema import SCENARIO_SCHEMA

DRAFT = "https://json-schema.org/draft/2020-12/schema"
FILES = {"flow": "flow.schema.json", "parameters": "parameters.schema.json", "cards": "cards.schema.json",
         "deck": "deck.schema.json", "scenario": "scenario.schema.json"}


def _names(section) -> dict:
    return {"type": "string", "enum": section.names()}


def _named_item(section) -> dict:
    """A bare name or a one-key mapping {name: argument}."""
    return {"anyOf": [_names(section), {"type": "object", "minProperties": 1, "maxProperties": 1,
                                        "propertyNames": {"enum": section.names()}}]}


def _walk(node, visit) -> None:
    if isinstance(node, dict):
        visit(node)
        for value in node.values():
            _walk(value, visit)
    elif isinstance(node, list):
        for value in node:
            _walk(value, visit)


def flow_schema() -> dict:
    schema = copy.deepcopy(FLOW_SCHEMA)
    lists = {"do": REGISTRY.actions, "if": REGISTRY.conditions, "unless": REGISTRY.conditions}

    def visit(node):
        props = node.get("properties")
        if not isinstance(props, dict):
            return
        for key, section in lists.items():
            if isinstance(props.get(key), dict) and props[key].get("type") == "array":
                items = props[key].get("items", {})
                steps = [alt for alt in items.get("anyOf", ()) if alt.get("type") == "object"]
                # a state's `do` may also hold {timing: ...} steps among its actions
                item = ({"if": {"type": "string"}, "then": _names(section), "else": steps[0]} if steps
                        else _names(section))
                props[key] = {"type": "array", "items": item}
        if "after_each_choice" in props:
            props["after_each_choice"] = {"type": "array", "items": _names(REGISTRY.actions)}
        if "offer_if" in props:
            props["offer_if"] = {"type": "object", "propertyNames": _names(REGISTRY.choices),
                                 "additionalProperties": {"type": "array", "minItems": 1,
                                                          "items": _names(REGISTRY.conditions)}}
        if "choice" in props and "to" in props:
            props["choice"] = _names(REGISTRY.choices)
        if "event" in props and "to" in props:       # an interrupt: the engine raises these
            props["event"] = _names(REGISTRY.interrupts)
        if "who" in props and "kinds" in props:
            props["who"] = _names(REGISTRY.deciders)
            props["kinds"] = {"type": "array", "minItems": 1, "items": _names(REGISTRY.choices)}
    _walk(schema, visit)
    return schema


def cards_schema() -> dict:
    schema = copy.deepcopy(FILE_SCHEMA)
    ability = schema["$defs"]["ability"]["properties"]
    ability["zone"] = {"enum": list(ZONE_NAMES)}
    ability["conditions"] = {"type": "array", "items": _named_item(ABILITIES.conditions)}
    ability["if"] = {"type": "array", "items": _named_item(ABILITIES.conditions)}
    ability["cost"] = {"type": "array", "items": _named_item(ABILITIES.costs)}
    params = sorted({p for e in ABILITIES.effects.names() for p in ABILITIES.effects[e].params})
    effect = {"anyOf": [_names(ABILITIES.effects),
                        {"type": "object", "minProperties": 1,
                         "propertyNames": {"enum": ABILITIES.effects.names() + params}}]}
    ability["effect"] = {"anyOf": [effect, {"type": "array", "items": effect}]}
    ability["timing"] = {"type": "string", "description": "a timing some flow state declares "
                         "(`vanguard-fsm names timings`) or an engine event: " + ", ".join(REGISTRY.engine_events.names())}
    ability["watch"] = {"type": "object", "description": "a watcher timing's parameters and target filters "
                        "(when_unit_placed, when_card_put_into, when_unit_stands, when_unit_rests, when_card_drawn)"}
    return schema


def build() -> dict[str, dict]:
    """File name -> published schema."""
    raw = {"flow": flow_schema(), "parameters": copy.deepcopy(PARAMETERS_SCHEMA), "cards": cards_schema(),
           "deck": copy.deepcopy(DECK_SCHEMA), "scenario": copy.deepcopy(SCENARIO_SCHEMA)}
    out = {}
    for key, schema in raw.items():
        schema["$schema"] = DRAFT
        schema["$id"] = f"https://vanguard-fsm.invalid/schemas/{FILES[key]}"
        schema.setdefault("title", f"vanguard-fsm {key} file")
        out[FILES[key]] = schema
    return out


def dumps(schema: dict) -> str:
    return json.dumps(schema, indent=1, sort_keys=False, ensure_ascii=False, default=list) + "\n"
