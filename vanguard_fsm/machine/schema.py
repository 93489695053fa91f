"""The JSON Schema of a flow file: the shape a designer may write, checked by `jsonschema`.

Cross-references (targets, registered names, reachability) are checked in
`lint.py`; this file only says which keys exist and what they hold.
"""
from __future__ import annotations

import json

import jsonschema

from .. import cache_files
from ..schema_messages import plain_message, shown

NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
NAMES = {"type": "array", "items": NAME}
# a rule ID is text: written unquoted, `2.10` would read as the number 2.1 and `.nan` as a float
RULE_ID = {"type": "string", "minLength": 1}
RULE_IDS = {"type": "array", "minItems": 1, "items": RULE_ID}

TRANSITION = {
    "type": "object",
    "additionalProperties": False,
    "required": ["to"],
    "properties": {
        "to": {"type": "string", "minLength": 1},
        "choice": {"type": "string", "minLength": 1},
        "if": {"type": "array", "items": {"type": "string"}},
        "unless": {"type": "array", "items": {"type": "string"}},
        "do": {"type": "array", "items": {"type": "string"}},
        "doc": {"type": "string"},
    },
}

TIMING_STEP = {
    "type": "object",
    "additionalProperties": False,
    "required": ["timing"],
    "properties": {"timing": NAME, "first_entry": {"type": "boolean"}},
}

STATE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["doc", "rules"],
    "properties": {
        "doc": {"type": "string", "minLength": 1},
        "rules": RULE_IDS,
        "timings": NAMES,
        "do": {"type": "array", "items": {"anyOf": [{"type": "string"}, TIMING_STEP]}},
        "invoke": NAME,
        "invoke_at": {"type": "string"},
        "final": {"type": "boolean"},
        "decision": {
            "type": "object",
            "additionalProperties": False,
            "required": ["who", "kinds"],
            "properties": {
                "who": {"type": "string"},
                "kinds": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                "doc": {"type": "string"},
                "after_each_choice": {"type": "array", "items": {"type": "string"}},
                "offer_if": {"type": "object",
                             "additionalProperties": {"type": "array", "minItems": 1, "items": {"type": "string"}}},
            },
        },
        "initial": {"type": "string"},
        "states": {"$ref": "#/$defs/states"},
        "transitions": {"type": "array", "items": TRANSITION},
    },
}

FLOW_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["machine", "doc", "rules", "initial", "states"],
    "properties": {
        "machine": NAME,
        "doc": {"type": "string", "minLength": 1},
        "rules": RULE_IDS,
        "initial": {"type": "string"},
        "states": {"$ref": "#/$defs/states"},
        "interrupts": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["event", "to"],
                "properties": {"event": NAME, "to": {"type": "string"}, "doc": {"type": "string"}},
            },
        },
    },
    "$defs": {
        "states": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": NAME,
            "additionalProperties": STATE,
        },
    },
}

def _count(low: int, high: int) -> dict:
    """A whole number in [low, high]: every rules number has sane bounds, so a typo such as
    `hand_size: 1000000000` (a hang) or `damage_to_lose: 0` (a game lost before it starts) is
    refused at its line instead of being played."""
    return {"type": "integer", "minimum": low, "maximum": high}


_COUNT = _count(0, 1000)
_GRADE = _count(0, 4)
_EFFECTS = {"type": "array", "minItems": 1,
            "items": {"enum": ["critical", "draw", "stand", "heal", "power"]}}

# The rule actions of a check timing (game/rules/check_timing.py RULE_ACTIONS), CR 9.2-9.6.
RULE_ACTION_NAMES = ("losing", "overloaded_circles", "guardians_outside_battle", "ride_from_soul",
                     "damage_process")
# Rule actions no rule set may leave out, and why: without one, a card would end up in no zone the
# rules name (card conservation; issue 29 item 11, the audit's flow edit E5). Lint refuses it.
KEPT_RULE_ACTIONS = {
    "overloaded_circles": "a unit called over another (RULES 3.3.4 a, CR 8.5.3.2) waits for this rule action "
                          "(CR 9.3.1, 9.3.6) to take it to the drop zone or the soul; without it the called-over "
                          "card would be in no zone at all"}

_DECK_FORMAT = {"type": "object", "additionalProperties": False,
                "required": ["rule", "main_deck", "triggers", "max_heal", "max_copies"],
                "properties": {"rule": {"type": "string"}, "main_deck": _COUNT, "triggers": _COUNT,
                               "max_heal": _COUNT, "max_copies": _COUNT,
                               "max_sentinel": _COUNT}}
# a grade relative to the vanguard's: from vanguard + min to vanguard + max
_GRADE_WINDOW = {"type": "object", "additionalProperties": False, "required": ["max"],
                 "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}}

# what a card may print (RULES 1.1-1.3): grades per unit type and per skill, the shields of
# normal and trigger units; the unit types and skill names are the card schema's (game/cards.py),
# checked against these by card lint (abilities/lint/cards.py)
_GRADES = {"type": "array", "items": _GRADE, "uniqueItems": True}
_PRINTED_CARDS = {"type": "object", "additionalProperties": False, "required": ["grades", "skill_grades", "shields"],
                  "properties": {
                      "grades": {"type": "object", "additionalProperties": False,
                                 "required": ["normal", "trigger", "g_unit"],
                                 "properties": {k: _GRADES for k in ("normal", "trigger", "g_unit")}},
                      "skill_grades": {"type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
                                       "additionalProperties": _GRADES},
                      "shields": {"type": "array", "uniqueItems": True, "minItems": 1,
                                  "items": {"anyOf": [{"type": "null"}, _count(0, 100000)]}}}}

# Rules parameters added after parameters.yaml files were first written (issue 11): a file
# without one of them takes it from the built-in parameters.yaml (machine/loader.py).
LATER_PARAMETERS = ("deck_construction", "g_deck", "drive_checks", "grade_limits", "g_assist_vanguard_below",
                    "g_assist_g_zone_min", "g_guardian_vanguard_grade", "g_guardian_opponent_grade", "limits",
                    "heal_damage_lead_min", "printed_cards", "g_assist_grade_above", "hit_power_lead_min",
                    "starting_vanguard_grade", "trigger_needs_same_clan", "time_leap_grade_step",
                    "ultimate_stride_g_face_up_min", "rule_actions", "nation_clans")
# Keys added later inside a mapping a file may already have (issue 33): `limits` without one of
# them takes it from the built-in parameters.yaml too.
LATER_NESTED_PARAMETERS = (("limits", "decisions_per_turn"),)

PARAMETERS_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["parameters"],
    "properties": {
        "doc": {"type": "string"},
        "parameters": {
            "type": "object",
            "additionalProperties": False,
            "required": ["hand_size", "max_redraw", "trigger_power", "trigger_effects", "damage_to_lose",
                         "turn_limit", "g_assist_look", "g_assist_remove", "g_guardian_face_up_max",
                         "stride_vanguard_grade", "stride_opponent_grade",
                         "deck_construction", "g_deck", "drive_checks", "grade_limits",
                         "g_assist_vanguard_below", "g_assist_g_zone_min",
                         "g_guardian_vanguard_grade", "g_guardian_opponent_grade", "limits",
                         "heal_damage_lead_min", "printed_cards", "g_assist_grade_above",
                         "hit_power_lead_min", "starting_vanguard_grade", "trigger_needs_same_clan",
                         "time_leap_grade_step", "ultimate_stride_g_face_up_min", "rule_actions",
                         "nation_clans"],
            "properties": {
                # 2^hand_size redraw options are offered: the hand stays small
                "hand_size": _count(1, 10), "max_redraw": _count(0, 10), "trigger_power": _count(0, 100000),
                "trigger_effects": {"type": "object", "additionalProperties": False,
                                    "required": ["critical", "draw", "stand", "heal"],
                                    "properties": {k: _EFFECTS for k in ("critical", "draw", "stand", "heal")}},
                "damage_to_lose": {"type": "object", "minProperties": 1,
                                   "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
                                   "additionalProperties": _count(1, 20)},
                "turn_limit": _count(1, 1000),
                # a heal trigger heals when your damage minus your opponent's is at least this
                "heal_damage_lead_min": {"type": "integer", "minimum": -20, "maximum": 20},
                # an attack hits when its power minus the defence is at least this (CR 7.7.1.2: 0)
                "hit_power_lead_min": {"type": "integer", "minimum": -1000000, "maximum": 1000000},
                "g_assist_grade_above": {"type": "integer", "minimum": -4, "maximum": 4},
                "starting_vanguard_grade": _GRADE, "trigger_needs_same_clan": {"type": "boolean"},
                # the check timing's rule actions, in the order they are performed (CR 8.4.1, 9)
                "rule_actions": {"type": "array", "uniqueItems": True,
                                 "items": {"enum": list(RULE_ACTION_NAMES)}},
                "g_assist_look": _count(0, 20), "g_assist_remove": _count(0, 10),
                "g_guardian_face_up_max": _count(0, 16),
                "stride_vanguard_grade": _GRADE, "stride_opponent_grade": _GRADE,
                "deck_construction": {"type": "object", "minProperties": 1,
                                      "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
                                      "additionalProperties": _DECK_FORMAT},
                "g_deck": {"type": "object", "additionalProperties": False, "required": ["max_size", "max_copies"],
                           "properties": {"max_size": _COUNT, "max_copies": _COUNT}},
                "drive_checks": {"type": "object", "additionalProperties": False,
                                 "required": ["none", "twin_drive", "triple_drive"],
                                 "properties": {k: _COUNT for k in ("none", "twin_drive", "triple_drive")}},
                "grade_limits": {"type": "object", "additionalProperties": False,
                                 "required": ["ride", "call", "guard"],
                                 "properties": {"ride": _GRADE_WINDOW, "call": _GRADE_WINDOW,
                                                "guard": _GRADE_WINDOW}},
                "g_assist_vanguard_below": _COUNT, "g_assist_g_zone_min": _COUNT,
                "g_guardian_vanguard_grade": _COUNT, "g_guardian_opponent_grade": _COUNT,
                "printed_cards": _PRINTED_CARDS,
                # Time Leap calls a card this many grades above the bound one (CR 10.31.2)
                "time_leap_grade_step": {"type": "integer", "minimum": -4, "maximum": 4},
                # Ultimate Stride needs this many face-up cards in the G zone (CR 10.28.2.1.1)
                "ultimate_stride_g_face_up_min": _count(0, 16),
                # the clans of each nation (CR 2.17.4): a nation card of no clan is of all of them
                "nation_clans": {"type": "object", "propertyNames": {"minLength": 1},
                                 "additionalProperties": {"type": "array", "uniqueItems": True,
                                                          "items": {"type": "string", "minLength": 1}}},
                # safety bounds, not rules: past one, the game stops with a located `Runaway` (exit 2)
                "limits": {"type": "object", "additionalProperties": False,
                           "required": ["flow_moves_without_decision", "abilities_per_check_timing",
                                        "decisions_per_turn"],
                           "properties": {
                               "flow_moves_without_decision": dict(_count(100, 1000000), description=(
                                   "automatic flow moves in a row with no choice made (a cycle of transitions)")),
                               "abilities_per_check_timing": dict(_count(10, 100000), description=(
                                   "abilities played between two flow moves (an ability that re-triggers itself); "
                                   "a mandatory loop whose situation comes back within it is a draw, CR 12.1.1.1")),
                               "decisions_per_turn": dict(_count(100, 1000000), description=(
                                   "decisions taken in one turn (CR 6.6.1.3 lets rear-guards move without limit: "
                                   "an agent or a flow that never moves on)"))}},
            },
        },
    },
}

# JSON Schema counts 5.0 as an integer; YAML data that says 5.0 means a float, and a float
# would reach the rules (range(5.0) fails mid-game) and the traces: integers are ints here.
StrictValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)))
_FLOW_VALIDATOR = StrictValidator(FLOW_SCHEMA)
_PARAMS_VALIDATOR = StrictValidator(PARAMETERS_SCHEMA)


def _hint(error) -> str:
    """Plain words for the schema messages an editing slip produces."""
    if error.validator != "type":
        return ""
    expected = error.validator_value
    expected = expected if isinstance(expected, list) else [expected]
    name = error.absolute_path[-1] if error.absolute_path else "this"
    if "object" in expected:
        if error.instance is None:
            return (f": {name!r} is empty; its keys (doc, rules, ...) must be indented under it, "
                    f"deeper than {name!r} itself")
        return (f": a mapping of keys was expected under {name!r}; check the indentation "
                f"(a key written at the wrong depth becomes a sibling instead of a child)")
    if "array" in expected:
        return f": write a list, e.g. {name}: [a, b] or one '- item' per line"
    return ""


def schema_errors(data, parameters: bool = False, doc=None):
    """Yield (key_path, message) for every schema violation, most specific first. Given the
    document `data` is the data of, a pass is remembered (`passed_before`)."""
    validator = _PARAMS_VALIDATOR if parameters else _FLOW_VALIDATOR
    remember = doc is not None and data is doc.data
    if remember and passed_before(validator, doc):
        return
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)
            message = f"unknown key {extra[0]!r}" if extra else error.message
            if extra:
                path = path + (extra[0], "__key__")
            if True in extra or extra[:1] == [True]:
                message = ("unknown key true: YAML 1.1 reads a bare 'on' (or yes/no/off) as a boolean; "
                           "write 'choice:' for a decision's transition, 'event:' for an interrupt")
        elif error.validator == "required":
            message = error.message.replace("is a required property", "is required here")
        elif error.validator == "pattern":
            message = f"{shown(error.instance)} is not a valid name (lower_snake_case)"
        elif not path:                      # the top level: never the file's text (issue 27)
            message = plain_message(error, "parameters file" if parameters else "flow file")
        else:
            message = plain_message(error) + _hint(error)
        where = ".".join(str(p) for p in error.absolute_path) or "top level"
        yield path, f"schema: {message} (at {where})"
        remember = False
    if remember:
        remember_pass(validator, doc)


# -- a pass remembered ---------------------------------------------------------------
# A schema check of an unchanged file passes again: a pass is remembered (`cache_files`),
# keyed by the document's data and positions (`Document.digest`), the schema, this module
# (the validator class) and the jsonschema install. A failure is never remembered: the
# check runs again and says where, exactly as the first time.
_schema_texts: dict = {}


def _pass_key(validator, doc) -> str | None:
    if getattr(doc, "digest", None) is None or not cache_files.enabled():
        return None
    schema = validator.schema
    known = _schema_texts.get(id(schema))
    if known is None or known[0] is not schema:
        known = _schema_texts[id(schema)] = (schema, json.dumps(schema, sort_keys=True, default=repr))
    code = cache_files.code_fingerprint("machine", "schema_messages.py", libraries=(jsonschema,))
    return cache_files.digest(doc.digest, known[1], code)


def passed_before(validator, doc) -> bool:
    """`doc`'s data passed `validator`'s schema before (a cached document, unchanged)."""
    key = _pass_key(validator, doc)
    return key is not None and cache_files.read_value("schema-pass", key) is True


def remember_pass(validator, doc) -> None:
    key = _pass_key(validator, doc)
    if key is not None:
        cache_files.write_value("schema-pass", key, True)
