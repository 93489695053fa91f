"""Cards as data: the card model and the loader for card YAML files.

Card stats live in YAML (``vanguard_fsm/data/cards``) so a designer can change them without
touching Python; this module turns those files into frozen ``Card`` objects and rejects bad
data early at ``file:line:col``. Files are read with ``yaml.safe_load`` only (nothing named in
data is ever imported or evaluated); ``yaml.compose`` only maps an error back to its line.

Card file format (one clan per file is usual; top-level keys are defaults)::

    clan: Aurora Lancers        # default clan for every card below
    nation: Solar Concord       # default nation
    race: Human                 # optional default race (a list for a card of two races)
    cards:
      - {id: AL-002, name: ..., grade: 0, power: 5000, shield: 10000,
         race: Elf, unit: trigger, trigger: critical, skills: [boost]}

Per card: ``id``, ``name``, ``grade``, ``power``, ``shield`` (null = none) and ``unit`` are
required; ``critical`` defaults to 1, ``trigger``/``stride``/``g_guardian`` to null,
``skills``/``abilities`` to [], ``all_clans`` (a card of every clan) to false; ``race`` may
list two races. A real card also says where its data was read (``source``, a URL), its
printed ``number`` and, when it was printed more than once, every printed number
(``printings``, the first being ``number``'s); a G guardian printed without power writes
``power: null`` (read as 0).
The ability format (with ``unexpressed``: why a printed ability is not, or only partly,
said) is in ``vanguard_fsm/abilities/language/spec.py``; this loader checks its shape, lint its names.

Consistency rules enforced (RULES.md 1.x, CR 1.48 where the seeds are silent):
- ``unit: trigger`` <=> a ``trigger`` type is given; only G units have ``stride: {cost: [...]}`` (the Stride skill and its cost, CR 11.11.2;
  without it never strode, CR 6.5.1.2.2) and ``g_guardian: {cost: [...]}`` (CR 7.5.1.2.3,
  11.14), both costs in the cost vocabulary (``game/rules/costs.py``); a G unit has a shield (any
  multiple of 5000, e.g. 15000) exactly when it is a G guardian.
The printed numbers (grades per unit type and per skill, the shields of normal and trigger
units: RULES 1.1-1.3) are parameters (``printed_cards``), checked by ``printed_problem`` from card
lint (at the field's line) and when a game starts (game/factory.py).
"""
from __future__ import annotations

import difflib
import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import jsonschema

from vanguard_fsm.game.rules.costs import split_item
from vanguard_fsm.machine import yamlsrc
from ..schema_messages import plain_message
from vanguard_fsm.machine.yamlsrc import Document
from vanguard_fsm.machine.schema import StrictValidator, passed_before, remember_pass
from .frozen import FrozenDict, freeze, thaw  # noqa: F401  (card data is frozen; importers use these names)
from vanguard_fsm.paths import card_sources

UNITS = ("normal", "trigger", "g_unit")
TRIGGERS = ("critical", "draw", "stand", "heal")
SKILLS = ("boost", "intercept", "twin_drive", "triple_drive", "sentinel")   # grades: parameters printed_cards


class DataError(Exception):
    """A data file problem located at ``path:line:col`` (1-based line and column)."""

    document = "data file"   # what the file was read as, for "not a card file" (schema_messages)

    def __init__(self, path: str | os.PathLike, line: int, col: int, message: str):
        self.path, self.line, self.col, self.message = str(path), line, col, message
        super().__init__(f"{self.path}:{line}:{col}: {message}")

    def __reduce__(self):  # keep it picklable (multiprocessing workers)
        return (type(self), (self.path, self.line, self.col, self.message))


class CardError(DataError):
    """A card file could not be loaded; ``str()`` is ``path:line:col: message``."""
    document = "card file"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    grade: int
    power: int
    shield: int | None
    critical: int
    clan: str
    nation: str
    race: str
    unit: str
    trigger: str | None
    skills: tuple[str, ...]
    stride: FrozenDict | None       # the Stride skill: {cost: (...)} (CR 11.11.2), or None
    g_guardian: FrozenDict | None   # the G guardian skill: {cost: (...)} (CR 11.14), or None
    abilities: tuple
    number: str | None = None   # the printed card number of a real card ("BT01/002EN")
    source: str | None = None   # where a real card's data was read (a URL)
    printings: tuple[str, ...] = ()   # every printed number (reprints); () for an invented card
    races: tuple[str, ...] = ()   # every race the card has (a card may have two); `race` joins them
    all_clans: bool = False       # "this card is of every clan" (same-clan checks, clan filters)

    def skill_cost(self, skill: str) -> tuple:
        """The cost of the card's `stride` or `g_guardian` skill as ((name, arg), ...)."""
        spec = self.stride if skill == "stride" else self.g_guardian
        return tuple(split_item(item) for item in spec["cost"]) if spec is not None else ()

    def to_json(self) -> dict:
        """The CONTRACT.md "Cards export" object (``g_guardian`` a bool there), plus ``stride``
        and ``g_guardian_skill`` (each ``{cost: [...]}`` or null), ``number``, ``set`` (the set of the
        first printing, e.g. ``BT01``), ``printings`` and ``source``."""
        return {
            "id": self.id, "name": self.name, "grade": self.grade, "power": self.power,
            "shield": self.shield, "critical": self.critical, "clan": self.clan,
            "nation": self.nation, "race": self.race, "unit": self.unit,
            "trigger": self.trigger, "skills": list(self.skills),
            "g_guardian": self.g_guardian is not None, "stride": thaw(self.stride),
            "g_guardian_skill": thaw(self.g_guardian),
            "abilities": thaw(self.abilities), "number": self.number, "set": self.set,
            "printings": list(self.printings), "source": self.source,
        }

    @property
    def set(self) -> str | None:
        """The printed set of the card's number (``BT01/002EN`` -> ``BT01``), None without one."""
        return self.number.split("/")[0] if self.number and "/" in self.number else None


class CardDB:
    """Read-only mapping of card id -> Card; iterating yields cards sorted by id."""

    __slots__ = ("_cards", "_where")

    def __init__(self, cards: Iterable[Card], where: dict | None = None):   # id -> (path, line, col) or what gives it
        self._cards = {c.id: c for c in sorted(cards, key=lambda c: c.id)}
        self._where = dict(where or {})

    def __getitem__(self, card_id: str) -> Card:
        return self._cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<CardDB {len(self)} cards>"

    def get(self, card_id: str, default: Any = None) -> Card | Any:
        return self._cards.get(card_id, default)

    def where(self, card_id: str) -> tuple[str, int, int] | None:
        """``(path, line, col)`` of the card's definition, for error messages."""
        place = self._where.get(card_id)
        return place() if callable(place) else place     # located when asked: `_load_file`

    def to_json(self) -> list[dict]:
        return [c.to_json() for c in self]


# ------------------------------------------------------- YAML with locations

def read_yaml(path: Path, error: type[DataError]) -> Document:
    """Parse ``path`` with ``machine.yamlsrc`` (safe_load + node marks): data and positions.
    A key written twice is an error: safe_load would silently keep the last one."""
    try:
        doc = yamlsrc.load(path, syntax_label="invalid YAML")
    except yamlsrc.SourceError as exc:
        raise error(path, exc.line, exc.col, exc.message) from None
    if doc.duplicates:
        keys, line, col = doc.duplicates[0]
        raise error(path, line, col, f"duplicate key {keys[-1]!r}")
    return doc


def schema_check(data: Any, validator: jsonschema.protocols.Validator, doc: Document,
                 path: Path, error: type[DataError]) -> None:
    """Raise ``error`` for the first (by position in the file) schema violation. A file that
    passed before, unchanged, is not checked again (``machine.schema.passed_before``)."""
    if data is doc.data and passed_before(validator, doc):
        return
    found = []
    errors = list(validator.iter_errors(data))
    # a misspelt key shows up twice (unknown field + missing field): report the misspelling
    misspelt = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    for err in errors:
        keys = tuple(err.absolute_path)
        if err.validator == "required" and keys in misspelt:
            continue
        at, message = keys, plain_message(err, error.document)   # never the file's text (issue 27)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = err.schema.get("properties", {})
            extra = sorted(str(k) for k in err.instance if k not in allowed)
            if extra:
                at, message = keys + (extra[0], "__key__"), _unknown_field(extra[0], allowed)
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys).lstrip(".")
        line, col = doc.where(at)
        found.append((line, col, f"{where}: {message}" if where else message))
    if found:
        line, col, message = min(found)
        raise error(path, line, col, message)
    if data is doc.data:
        remember_pass(validator, doc)


def _unknown_field(name: str, known) -> str:
    close = difflib.get_close_matches(str(name), list(known), n=1, cutoff=0.7)
    return f"unknown field {name!r}" + (f" (did you mean {close[0]!r}?)" if close else f" (fields: {', '.join(known)})")


def yaml_files(path: Path, error: type[DataError]) -> list[Path]:
    """``path`` itself, or every ``*.yaml`` below a directory, sorted."""
    if path.is_dir():
        files = sorted(p for p in path.rglob("*.yaml") if p.is_file())
        if not files:
            raise error(path, 1, 1, "no *.yaml files in this directory")
        return files
    if not path.exists():
        raise error(path, 1, 1, "no such file or directory")
    return [path]


# ------------------------------------------------------------------- loading

_CARD_SCHEMA = {
    "type": "object",
    "required": ["id", "name", "grade", "power", "shield", "unit"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": r"^[A-Za-z0-9][A-Za-z0-9_-]*$"},
        "name": {"type": "string", "minLength": 1},
        "grade": {"type": "integer", "minimum": 0, "maximum": 4},
        "power": {"type": ["integer", "null"], "minimum": 0},   # null: printed without power (G guardians)
        "shield": {"type": ["integer", "null"], "minimum": 0, "multipleOf": 5000},
        "critical": {"type": "integer", "minimum": 0},
        "clan": {"type": "string", "minLength": 1},
        "nation": {"type": "string", "minLength": 1},
        "race": {"$ref": "#/$defs/race"},
        "all_clans": {"type": "boolean"},
        "unit": {"enum": list(UNITS)},
        "trigger": {"enum": [None, *TRIGGERS]},
        "skills": {"type": "array", "items": {"enum": list(SKILLS)}, "uniqueItems": True},
        "stride": {"$ref": "#/$defs/skill_cost"},
        "g_guardian": {"$ref": "#/$defs/skill_cost"},
        "abilities": {"type": "array", "items": {"$ref": "#/$defs/ability"}},
        "number": {"type": "string", "minLength": 1},
        "source": {"type": "string", "pattern": "^https?://"},
        "printings": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "uniqueItems": True},
    },
}
_RACE_SCHEMA = {"anyOf": [{"type": "string", "minLength": 1}, {   # a race, or a card's two races
    "type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "maxItems": 2, "uniqueItems": True}]}
# The shape of an ability (names inside are checked by `vanguard_fsm.abilities.lint.cards`).
_ITEM = {"anyOf": [{"type": "string"}, {"type": "object", "minProperties": 1, "maxProperties": 1}]}
_EFFECT = {"anyOf": [{"type": "string"}, {"type": "object", "minProperties": 1}]}
_ABILITY_SCHEMA = {
    "type": "object",
    "required": ["kind"],
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["CONT", "AUTO", "ACT"]},
        "zone": {"type": "string"},
        "timing": {"type": "string"},
        "watch": {"type": "object"},    # a watcher timing's parameters (abilities/runtime/watch.py)
        "conditions": {"type": "array", "items": _ITEM}, "if": {"type": "array", "items": _ITEM},   # CR 8.1.1.2.3
        "optional": {"type": "boolean"},
        "cost": {"type": "array", "items": _ITEM},
        "effect": {"anyOf": [_EFFECT, {"type": "array", "items": _EFFECT}]},   # one effect, or a list
        "text": {"type": "string"},
        # the printed ability cannot (yet) be said in the card language: why. Without an
        # `effect` the ability is not played at all; with one, the effect is a partial encoding.
        "unexpressed": {"type": "string", "minLength": 1},
    },
    "if": {"properties": {"kind": {"const": "AUTO"}}, "not": {"required": ["unexpressed"]}},
    "then": {"required": ["timing"]},
}
# `stride:` / `g_guardian:` — a skill of a G unit with its cost in the ability cost vocabulary
_SKILL_COST_SCHEMA = {"type": "object", "required": ["cost"], "additionalProperties": False,   # ultimate: CR 11.42
                      "properties": {"cost": {"type": "array", "items": _ITEM}, "ultimate": {"type": "boolean"}}}
# CONT and ACT abilities have no trigger timing; the export still names one (CONTRACT "Cards export").
_DEFAULT_TIMING = {"CONT": "continuous", "ACT": "main_phase"}


def _with_timing(ability: dict) -> dict:
    if "timing" in ability:
        return ability
    if ability.get("kind") == "AUTO" and "unexpressed" in ability:
        return {**ability, "timing": "unexpressed"}   # a printed trigger the language cannot name
    if ability.get("kind") not in _DEFAULT_TIMING:
        return ability
    return {**ability, "timing": _DEFAULT_TIMING[ability["kind"]]}
FILE_SCHEMA = {
    "$defs": {"ability": _ABILITY_SCHEMA, "race": _RACE_SCHEMA, "skill_cost": _SKILL_COST_SCHEMA},
    "type": "object",
    "required": ["cards"],
    "additionalProperties": False,
    "properties": {
        "clan": {"type": "string", "minLength": 1},
        "nation": {"type": "string", "minLength": 1},
        "race": {"$ref": "#/$defs/race"},
        "cards": {"type": "array", "items": _CARD_SCHEMA},
    },
}
_FILE_VALIDATOR = StrictValidator(FILE_SCHEMA)


def _consistency(c: Card) -> tuple[str, str] | None:
    """(field, message) for the first inconsistency in a card, or None. See module doc."""
    if (c.unit == "trigger") != (c.trigger is not None):
        return ("trigger", f"{c.unit} unit with trigger {c.trigger!r}: a trigger type goes "
                           "with unit: trigger, and only there")
    if c.stride is not None and c.unit != "g_unit":
        return ("stride", "only G units have the Stride skill (CR 11.11)")
    if c.g_guardian is not None and c.unit != "g_unit":
        return ("g_guardian", "only G units can be G guardians (CR 11.14)")
    if c.unit == "g_unit" and (c.g_guardian is not None) != (c.shield is not None):
        return ("shield", "a G unit has a shield exactly when it is a G guardian")
    if c.printings and c.printings[0] != c.number:
        return ("printings", f"the first printing is the card's number ({c.number!r}), "
                             f"not {c.printings[0]!r}")
    return None


def printed_problem(c: Card, printed: dict) -> tuple[str, str] | None:
    """(field, message): the first printed number ``printed_cards`` does not allow (RULES 1.1-1.3), or None."""
    grades = lambda allowed: f"grade {'/'.join(map(str, allowed))}" if allowed else "no grade"   # noqa: E731
    if c.grade not in printed["grades"][c.unit]:
        return ("grade", f"RULES 1.1: a {c.unit} unit is {grades(printed['grades'][c.unit])} "
                         f"(this one is grade {c.grade}; parameters printed_cards.grades)")
    for skill in c.skills:
        allowed = printed["skill_grades"].get(skill, ())
        if c.grade not in allowed:
            return ("skills", f"RULES 1.2: {skill} is for {grades(allowed)} (this card is grade "
                              f"{c.grade}; parameters printed_cards.skill_grades)")
    if c.unit != "g_unit" and c.shield not in printed["shields"]:
        shown = ", ".join("none" if s is None else str(s) for s in printed["shields"])
        return ("shield", f"RULES 1.3: shield is one of {shown} (got {c.shield}; parameters printed_cards.shields)")
    return None


def _load_file(path: Path, cards: dict[str, Card], where: dict) -> None:
    doc = read_yaml(path, CardError)
    data = doc.data
    if data is None:
        raise CardError(path, 1, 1, "empty card file (expected a mapping with 'cards')")
    schema_check(data, _FILE_VALIDATOR, doc, path, CardError)
    defaults = {k: data[k] for k in ("clan", "nation", "race") if k in data}
    positions = doc.positions()
    for index, raw in enumerate(data["cards"]):
        here = ("cards", index)
        merged = {**defaults, **raw}
        missing = [k for k in ("clan", "nation", "race") if k not in merged]
        if missing:
            raise CardError(path, *doc.where(here), f"card {raw['id']!r} has no {', '.join(missing)}"
                                                  " (set it on the card or at the top of the file)")
        races = (merged["race"],) if isinstance(merged["race"], str) else tuple(merged["race"])   # two races
        card = Card(
            id=merged["id"], name=merged["name"], grade=merged["grade"], power=merged["power"] or 0,
            shield=merged["shield"], critical=merged.get("critical", 1), clan=merged["clan"],
            nation=merged["nation"], race=" / ".join(races), unit=merged["unit"],
            trigger=merged.get("trigger"), skills=tuple(merged.get("skills", ())),
            stride=freeze(merged.get("stride")), g_guardian=freeze(merged.get("g_guardian")),
            abilities=freeze([_with_timing(a) for a in merged.get("abilities", [])]),
            number=merged.get("number"), source=merged.get("source"),
            printings=tuple(merged.get("printings") or ([merged["number"]] if "number" in merged else ())),
            races=races, all_clans=merged.get("all_clans", False),
        )
        problem = ("power", "only a G guardian may be printed without power (power: null)") \
            if merged["power"] is None and card.g_guardian is None else _consistency(card)
        if problem:
            field, message = problem
            raise CardError(path, *doc.where(here + (field,) if field in raw else here),
                            f"card {card.id!r}: {message}")
        if card.id in cards:
            first = ":".join(map(str, CardDB((), where).where(card.id)))
            raise CardError(path, *doc.where(here + ("id",)), f"duplicate card id {card.id!r} (first defined at {first})")
        cards[card.id] = card
        where[card.id] = functools.partial(positions.locate, here + ("id",))   # only errors ask


def file_signature(files: list[Path]) -> tuple:
    stats = [f.stat() for f in files]
    return tuple((str(f), s.st_mtime_ns, s.st_size) for f, s in zip(files, stats))


@functools.lru_cache(maxsize=32)
def _load_cached(root: str, signature: tuple) -> CardDB:
    cards: dict[str, Card] = {}
    where: dict = {}
    for file, _mtime, _size in signature:
        _load_file(Path(file), cards, where)
    return CardDB(cards.values(), where)


def card_files(cards) -> list[Path]:
    """Every card file of a card set (`paths.card_sources`), source by source."""
    return [f for source in card_sources(cards) for f in yaml_files(source, CardError)]


def load_cards(path=None) -> CardDB:
    """Load a card set (`paths.card_sources`: a file, every ``*.yaml`` below a directory, a tuple of these;
    None, the built-in set), cached per path and file times (an edited file is re-read). ``CardError``."""
    return _load_cached("|".join(str(s.resolve()) for s in card_sources(path)), file_signature(card_files(path)))
