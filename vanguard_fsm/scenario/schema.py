"""A scenario file as data: its JSON schema, the located checks, and loading.

A scenario file is plain YAML; this module says which keys exist and what they
hold, so a typo (`hnad:`) or a wrong type is reported as `path:line:col:` before
anything runs (`SourceError`: a malformed file). The meaning of the keys (cards,
states, points in the game) is checked when the position is built
(`scenario_build.py`) and run (`scenario.py`); those problems are
`ScenarioFailure`s, also located at a line of the file.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jsonschema

from ..abilities.language.identity import ZONES
from ..game.state import CIRCLES, REAR_CIRCLES
from ..schema_messages import plain_message
from ..machine.yamlsrc import Document, SourceError, load, parse
from ..machine.schema import RULE_IDS, StrictValidator
from .chain import Chain, ChainError

CARD = {"type": "string", "pattern": r"^[A-Za-z0-9][A-Za-z0-9_-]*$"}
SEAT = {"enum": [0, 1]}


def _zone(extra: dict | None = None) -> dict:
    """A zone: card ids, or {card, count, ...} entries (count = that many copies)."""
    entry = {"type": "object", "required": ["card"], "additionalProperties": False,
             "properties": {"card": CARD, "count": {"type": "integer", "minimum": 1}, **(extra or {})}}
    return {"type": "array", "items": {"anyOf": [CARD, entry]}}


_MODIFIERS = {"power_turn": {"type": "integer"}, "power_battle": {"type": "integer"},
              "critical_turn": {"type": "integer"}, "critical_battle": {"type": "integer"}}
UNIT = {"anyOf": [{"type": "null"}, CARD, {
    "type": "object", "required": ["card"], "additionalProperties": False,
    "properties": {"card": CARD, "rested": {"type": "boolean"}, **_MODIFIERS}}]}
REAR_GUARD = {"anyOf": [*UNIT["anyOf"], {     # or a locked card on the circle (CR 10.22): not a unit
    "type": "object", "required": ["card", "locked"], "additionalProperties": False,
    "properties": {"card": CARD, "locked": {"const": True}}}]}
VANGUARD = {"anyOf": [CARD, {
    "type": "object", "required": ["card"], "additionalProperties": False,
    "properties": {"card": CARD, "rested": {"type": "boolean"}, "heart": CARD, "soul": _zone(),
                   "mate": {"anyOf": UNIT["anyOf"][1:]}, **_MODIFIERS}}]}   # mate: the legion mate (CR 10.25)
GUARDIAN = {"type": "object", "required": ["card"], "additionalProperties": False,
            "properties": {"card": CARD, "guarding": {"enum": list(CIRCLES)}, "rested": {"type": "boolean"},
                           "shield_battle": {"type": "integer"}}}

PLAYER = {
    "type": "object", "additionalProperties": False, "required": ["VC"],
    "properties": {
        "deck_name": {"type": "string"},
        "VC": VANGUARD,
        **{c: REAR_GUARD for c in REAR_CIRCLES},
        "hand": _zone(), "deck": _zone(), "drop": _zone(), "removed": _zone(), "bind": _zone(),
        "damage": _zone({"face_down": {"type": "boolean"}}),
        "g_zone": _zone({"face_up": {"type": "boolean"}}),
        "gc": {"type": "array", "items": GUARDIAN},
        "rode": {"type": "boolean"}, "strode": {"type": "boolean"},
        "revealed": {"type": "integer", "minimum": 1},   # G assist: the top N deck cards being looked at
    },
}

# a point in the game: exactly one kind key, plus `nth` and filters (checked in scenario.py)
POINT = {"type": "object", "minProperties": 1}
POINT_KINDS = ("event", "state", "timing", "decision", "turn", "game_over")

_UNIT_EXPECT = {"anyOf": [{"type": "null"}, CARD, {
    "type": "object", "additionalProperties": False,
    "properties": {"card": CARD, "power": {"type": "integer"}, "critical": {"type": "integer"},
                   "rested": {"type": "boolean"}, "heart": {"anyOf": [CARD, {"type": "null"}]},
                   "mate": {"anyOf": [CARD, {"type": "null"}]}}}]}
ZONES = ("hand", "deck", "drop", "damage", "soul", "g_zone", "removed", "gc", "trigger", "bind")
_COUNT = {"type": "integer", "minimum": 0}
PLAYER_EXPECT = {
    "type": "object", "additionalProperties": False,
    "properties": {
        **{z: {"type": "array", "items": CARD} for z in ZONES},
        **{f"{z}_count": _COUNT for z in ZONES},
        "damage_face_down": _COUNT, "g_zone_face_up": _COUNT, "gc_rested": _COUNT,
        **{c: _UNIT_EXPECT for c in CIRCLES},
    },
}
_CHAIN_DOC = ("an action id, or a chain A/B[/C...]: A, then B at the same player's next decision(s) "
              "(scenario/chain.py; discard:hand[i,...] pays a cost with those hand cards)")
_LEGAL_IDS = {"type": "array", "items": {"type": "string", "description": _CHAIN_DOC}}
EVENT_FILTER = {"type": "object", "required": ["event"],
                "properties": {"event": {"type": "string"}, "count": _COUNT}}
CHECKS = {
    "p0": PLAYER_EXPECT, "p1": PLAYER_EXPECT,
    "winner": {"enum": [0, 1, None]}, "loser": {"enum": [0, 1, None]},
    "reason": {"enum": ["damage", "deck_out", "no_vanguard", "turn_limit", "loop", "concede", "effect", None]},
    "over": {"type": "boolean"}, "turn": {"type": "integer"}, "turn_player": SEAT, "battle_count": _COUNT,
    "state": {"type": "string"}, "decision": {"type": "string"},
    "events": {"type": "array", "items": EVENT_FILTER},
    "no_events": {"type": "array", "items": EVENT_FILTER},
    "legal_present": _LEGAL_IDS,
    "legal_absent": _LEGAL_IDS,
}
EXPECT = {"type": "object", "additionalProperties": False, "properties": CHECKS}
CHECKPOINT = {"type": "object", "additionalProperties": False,
              "properties": {"after": POINT, "at": POINT, "doc": {"type": "string"}, **CHECKS}}

_PLACE = {"player": SEAT, "at": {"type": "string"}}
_CARD_AT = {**_PLACE, "card": CARD, "ability": {"type": "string"}}
_USED = {"type": "object", "required": ["player", "card", "at", "ability", "per"], "additionalProperties": False,
         "properties": {**_CARD_AT, "per": {"enum": ["turn", "game"]}}}
# `held` is accepted and ignored: "when hits" abilities now trigger only at the hit event (CR 7.7.1.7)
_PENDING = {"type": "object", "required": ["player", "card", "at", "ability", "timing", "source"],
            "additionalProperties": False,
            "properties": {**_CARD_AT, "timing": {"type": "string"}, "held": {"type": "boolean"},
                           # the zone the card was in when it triggered, if it has left it since: it is
                           # a new card there and no longer "this card" (CR 4.1.4, abilities/language/identity.py)
                           "home": {"enum": list(ZONES) + ["heart", "locked"]},
                           "source": {"anyOf": [{"enum": ["none", "gone"]}, {
                               "type": "object", "required": ["player", "at"], "additionalProperties": False,
                               "properties": _PLACE}]}}}
_GRANTED = {"type": "object", "required": ["player", "at", "ability", "until"], "additionalProperties": False,
            "properties": {**_PLACE, "ability": {"type": "string"}, "until": {"type": ["string", "null"]}}}

SCRIPT_ENTRY = {"type": "string", "pattern": r"^(P[01] +)?\S+$", "description": _CHAIN_DOC}

SCENARIO_SCHEMA = {
    "type": "object",
    "required": ["name", "rules", "start", "p0", "p1"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "doc": {"type": "string"},
        "rules": RULE_IDS,
        "format": {"enum": ["standard", "quick"]},
        "seed": {"type": "integer"},
        "cards": {"type": "string", "minLength": 1},   # a card file or directory, relative to this file
        "abilities": {"type": "boolean"},   # default true: the cards' abilities run, as in play
        "ability_state": {   # the ability layer's bookkeeping (see scenario_abilities.py)
            "type": "object", "additionalProperties": False,
            "properties": {"used": {"type": "array", "items": _USED}, "pending": {"type": "array", "items": _PENDING},
                           "granted": {"type": "array", "items": _GRANTED}}},
        "start": {
            "type": "object", "required": ["turn", "turn_player", "at"], "additionalProperties": False,
            "properties": {
                "turn": {"type": "integer", "minimum": 1},
                "turn_player": SEAT, "first": SEAT,
                "at": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}]},
                "enter": {"type": "boolean"},
                "battle": {"type": "object", "additionalProperties": False,
                           "properties": {"attacker": {"enum": list(CIRCLES)}, "target": {"enum": list(CIRCLES)},
                                          "booster": {"enum": list(CIRCLES)},
                                          # further attacked units (CR 7.4.1.8.5), beside `target`
                                          "more": {"type": "array", "items": {"enum": list(CIRCLES)},
                                                   "uniqueItems": True},
                                          "count": {"type": "integer", "minimum": 0},
                                          # step counters, for a start inside the drive or damage checks
                                          "hit": {"type": "boolean"}, "drive_checks": {"type": "integer", "minimum": 0},
                                          "damage_left": {"type": "integer", "minimum": 0}}},
            },
        },
        "p0": PLAYER, "p1": PLAYER,
        "script": {"type": "array", "items": SCRIPT_ENTRY},
        "checks": {"type": "array", "items": CHECKPOINT},
        "until": POINT,
        "expect": EXPECT,
    },
}
_VALIDATOR = StrictValidator(SCENARIO_SCHEMA)


def _location(err) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in err.absolute_path).lstrip(".")


def _message(err) -> tuple[tuple, str]:
    """(key path to point at, message) for one schema error, with the offending key named."""
    keys = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = err.schema.get("properties", {})
        extra = sorted(str(k) for k in err.instance if k not in allowed)
        if extra:
            known = ", ".join(sorted(allowed))
            return keys + (extra[0], "__key__"), f"unknown key {extra[0]!r} (known here: {known})"
    if err.validator == "anyOf" and err.context:
        best = jsonschema.exceptions.best_match(err.context)
        return keys + tuple(best.relative_path), plain_message(best)
    return keys, plain_message(err)


def check_schema(doc: Document) -> None:
    """Raise `SourceError` for the first schema violation, by position in the file."""
    if not isinstance(doc.data, dict):
        raise doc.error((), "a scenario file is a mapping with name, rules, start, p0, p1 ...")
    if doc.duplicates:
        keys, line, col = doc.duplicates[0]
        raise SourceError(doc.path, line, col, f"duplicate key {keys[-1]!r}")
    found = []
    for err in _VALIDATOR.iter_errors(doc.data):
        keys, message = _message(err)
        where = _location(err)
        line, col = doc.where(keys)
        found.append((line, col, f"{where}: {message}" if where else message))
    if found:
        line, col, message = min(found)
        raise SourceError(doc.path, line, col, message)
    _check_size(doc)


# An input bound, not a rule: a position names at most this many cards per player, so a
# `count: 1000000000000` is refused before anything is built (real games hold ~70 per player).
MAX_CARDS_PER_PLAYER = 1000


def _check_size(doc: Document) -> None:
    for pkey in ("p0", "p1"):
        total = 0
        for zkey, zone in _zone_lists(doc.data[pkey]):
            for i, entry in enumerate(zone):
                total += entry.get("count", 1) if isinstance(entry, dict) else 1
                if total > MAX_CARDS_PER_PLAYER:
                    keys = (pkey, *zkey, i) + (("count",) if isinstance(entry, dict) and "count" in entry else ())
                    raise doc.error(keys, f"{pkey} names more than {MAX_CARDS_PER_PLAYER} cards "
                                          f"(a position larger than any game; lower the counts)")


def _zone_lists(player: dict):
    """(key path, list) of every card list of a player, the soul included."""
    vc = player.get("VC")
    if isinstance(vc, dict) and isinstance(vc.get("soul"), list):
        yield ("VC", "soul"), vc["soul"]
    for key, value in player.items():
        if isinstance(value, list):
            yield (key,), value


class ScenarioFailure(Exception):
    """The scenario did not do what it says, at `path:line:col`."""

    def __init__(self, path: str, line: int, col: int, message: str) -> None:
        self.path, self.line, self.col, self.message = path, line, col, message
        super().__init__(f"{path}:{line}:{col}: {message}")


@dataclass
class Scenario:
    path: str
    doc: Document

    @property
    def data(self) -> dict:
        return self.doc.data

    @property
    def name(self) -> str:
        return self.data["name"]

    @property
    def rules(self) -> list[str]:
        return [str(r) for r in self.data["rules"]]

    def failure(self, keys: tuple, message: str) -> ScenarioFailure:
        line, col = self.doc.where(keys)
        return ScenarioFailure(self.path, line, col, message)


def _check_point(doc: Document, keys: tuple, point: dict, allowed: tuple) -> None:
    kinds = [k for k in POINT_KINDS if k in point]
    if len(kinds) != 1:
        raise doc.error(keys, f"a point names exactly one of {', '.join(allowed)} (found: "
                              f"{', '.join(kinds) or 'none'})")
    if kinds[0] not in allowed:
        raise doc.error(keys + (kinds[0], "__key__"), f"{kinds[0]!r} cannot be used here; use one of "
                                                      f"{', '.join(allowed)}")
    nth = point.get("nth", 1)
    if not isinstance(nth, int) or nth < 1:
        raise doc.error(keys + ("nth",), "nth is a whole number >= 1")


def _check_points(doc: Document) -> None:
    data = doc.data
    after_kinds = tuple(k for k in POINT_KINDS if k != "decision")
    for i, check in enumerate(data.get("checks", [])):
        keys = ("checks", i)
        if ("after" in check) == ("at" in check):
            raise doc.error(keys, "a check needs exactly one of 'after' (an event, state, timing, turn or "
                                  "game_over) or 'at' (a decision)")
        if "after" in check:
            _check_point(doc, keys + ("after",), check["after"], after_kinds)
        else:
            _check_point(doc, keys + ("at",), check["at"], ("decision",))
    if "until" in data:
        _check_point(doc, ("until",), data["until"], POINT_KINDS)


def _check_chains(doc: Document) -> None:
    """Script lines and legal_present / legal_absent entries may be chains `A/B` (chain.py):
    no link may be empty."""
    data = doc.data
    places = [(("script", i), entry.split(" ")[-1]) for i, entry in enumerate(data.get("script", []))]
    for i, block in [(i, c) for i, c in enumerate(data.get("checks", []))] + [(None, data.get("expect", {}))]:
        base = ("checks", i) if i is not None else ("expect",)
        for key in ("legal_present", "legal_absent"):
            places += [(base + (key, j), text) for j, text in enumerate(block.get(key, []))]
    for keys, text in places:
        try:
            Chain(text)
        except ChainError as err:
            raise doc.error(keys, str(err)) from None


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    doc = parse(text, path)
    check_schema(doc)
    _check_points(doc)
    _check_chains(doc)
    return Scenario(path, doc)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check the shape of a scenario file; `SourceError` if unreadable or malformed."""
    doc = load(path)
    check_schema(doc)
    _check_points(doc)
    _check_chains(doc)
    return Scenario(str(path), doc)


def scenario_files(paths) -> list[Path]:
    """Files named, and every `*.yaml` below directories named, in a stable order."""
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*.yaml") if f.is_file()))
        else:
            out.append(p)
    return out
