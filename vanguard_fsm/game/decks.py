"""Decks as data: the deck model, the deck-file loader and the RULES.md 2.x checks.

Decks are YAML files (built-ins in ``vanguard_fsm/data/decks``, named by file
stem) so players and designers can build them without Python.  Loading only
checks that the file is well formed and names known cards (``DeckError`` with
``file:line:col``); ``validate_deck`` then reports every deck-construction rule
the deck breaks, one message per violation, each starting with the rule ID, and
``check_deck`` refuses an illegal deck when a game starts (CR 5.4.2), at the line
of the deck file the first violation is about. The construction numbers are rules
parameters (``deck_construction`` per format and ``g_deck`` in flows/parameters.yaml).

Deck file format::

    name: aurora                 # shown in logs and traces
    format: standard             # a format of parameters.yaml: standard (RULES 2.1) | quick (RULES 2.2)
    starter: AL-001              # starting vanguard (grade 0); also listed in main
    main:                        # every main-deck card, the starter included
      - {card: AL-001, count: 1}
      - {card: AL-002, count: 4}
    g_deck:                      # optional: G units (grade 4) for the G zone
      - {card: AL-017, count: 2}
"""
from __future__ import annotations

import functools
import os
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from vanguard_fsm.game.cards import (
    CardDB, DataError, file_signature, read_yaml, schema_check,
)
from vanguard_fsm.paths import builtin_decks_dir
from vanguard_fsm.machine.schema import StrictValidator



class DeckError(DataError):
    """A deck file could not be loaded; ``str()`` is ``path:line:col: message``."""
    document = "deck file"


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    format: str                 # "standard" | "quick"
    starter: str                # card id of the starting vanguard, counted inside main
    main: tuple[str, ...]       # every main-deck card id, the starter included once
    g_deck: tuple[str, ...]     # G units (may be empty)
    path: str = "<memory>"      # the file it came from
    where: tuple = field(default=(), compare=False)   # (section, line, col) of name/format/starter/main/g_deck in that file

    def line_of(self, section: str) -> tuple[int, int]:
        """Where a section of the deck file is written (1, 1 when not known)."""
        for name, line, col in self.where:
            if name == section:
                return line, col
        return 1, 1


_ENTRY = {
    "type": "object",
    "required": ["card", "count"],
    "additionalProperties": False,
    "properties": {"card": {"type": "string"}, "count": {"type": "integer", "minimum": 1, "maximum": 50}},
}
DECK_SCHEMA = {
    "type": "object",
    "required": ["name", "format", "starter", "main"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "description": {"type": "string"},
        "format": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        "starter": {"type": "string"},
        "main": {"type": "array", "items": _ENTRY},
        "g_deck": {"type": "array", "items": _ENTRY},
    },
}
_DECK_VALIDATOR = StrictValidator(DECK_SCHEMA)


def builtin_deck_names() -> list[str]:
    """Names of the built-in decks (file stems in ``data/decks``), sorted."""
    return sorted(p.stem for p in builtin_decks_dir().glob("*.yaml"))


def _deck_path(name_or_path: str | os.PathLike) -> Path:
    text = str(name_or_path)
    looks_like_name = not any(ch in text for ch in "/\\") and not text.endswith((".yaml", ".yml"))
    builtin = builtin_decks_dir() / f"{text}.yaml"
    if looks_like_name and builtin.is_file():
        return builtin
    path = Path(text)
    if path.is_file():
        return path
    raise DeckError(text, 1, 1, f"no built-in deck or deck file named {text!r} "
                                f"(built-in decks: {', '.join(builtin_deck_names())})")


def load_deck(name_or_path: str | os.PathLike, db: CardDB) -> Deck:
    """Load a built-in deck by name, or a deck file by path; card ids are checked against ``db``.

    Raises ``DeckError`` for unreadable or malformed files and unknown card ids.
    The deck-construction rules are checked separately by ``validate_deck``.
    """
    path = _deck_path(name_or_path)
    return _load_cached(str(path), file_signature([path]), db)


@functools.lru_cache(maxsize=64)
def _load_cached(file: str, signature: tuple, db: CardDB) -> Deck:
    path = Path(file)
    doc = read_yaml(path, DeckError)
    data = doc.data
    if data is None:
        raise DeckError(path, 1, 1, "empty deck file")
    schema_check(data, _DECK_VALIDATOR, doc, path, DeckError)
    refs = [(("starter",), data["starter"])]
    for part in ("main", "g_deck"):
        refs += [((part, i, "card"), e["card"]) for i, e in enumerate(data.get(part, []))]
    for keys, card_id in refs:
        if card_id not in db:
            raise DeckError(path, *doc.where(keys), f"unknown card id {card_id!r}")

    def expand(part: str) -> tuple[str, ...]:
        return tuple(e["card"] for e in data.get(part, []) for _ in range(e["count"]))

    where = tuple((key, *doc.where((key,))) for key in ("name", "format", "starter", "main", "g_deck")
                  if key in data)
    return Deck(name=data["name"], format=data["format"], starter=data["starter"],
                main=expand("main"), g_deck=expand("g_deck"), path=str(path), where=where)


def validate_deck(deck: Deck, db: CardDB, params: dict | None = None) -> list[str]:
    """Every deck-construction rule ``deck`` breaks, one message each (empty = legal).
    ``params``: the rules parameters (default: the built-in flows/parameters.yaml)."""
    return [message for _section, message in deck_problems(deck, db, params)]


def check_deck(deck: Deck, db: CardDB, params: dict, fmt: str | None = None) -> None:
    """Refuse an illegal deck when a game starts (CR 5.4.2): ``DeckError`` at the line of
    the deck file the first violation is about. ``fmt``: the game's format, when it is not the
    deck's own (``--format``): the deck must be legal in that format's construction rules."""
    if fmt is not None and fmt != deck.format:
        problems = deck_problems(replace(deck, format=fmt), db, params)
        if problems:
            raise DeckError(deck.path, *deck.line_of("format"),
                            f"deck {deck.name!r} is a {deck.format} deck, not legal in a {fmt} game: "
                            f"{problems[0][1]}")
        return
    problems = deck_problems(deck, db, params)
    if problems:
        section, message = problems[0]
        more = f" (+{len(problems) - 1} more: vanguard-fsm decks validate {deck.path})" if len(problems) > 1 else ""
        raise DeckError(deck.path, *deck.line_of(section), f"illegal deck {deck.name!r}: {message}{more}")


def copy_limit(card, rules_limit: int) -> int:
    """How many cards of this card's name a deck may hold: the rules' limit, or the number its own
    deck-construction CONT ability says (`{deck_copies: 16}`, CR 5.1.2)."""
    for raw in card.abilities:
        effect = raw.get("effect") if raw.get("kind") == "CONT" and "unexpressed" not in raw else None
        if isinstance(effect, dict) and "deck_copies" in effect:
            return effect["deck_copies"]
    return rules_limit


def deck_problems(deck: Deck, db: CardDB, params: dict | None = None) -> list[tuple[str, str]]:
    """(section of the deck file, message) for every deck-construction rule broken."""
    if params is None:
        from vanguard_fsm.machine.loader import load_parameters

        from . import rules  # noqa: F401  (the flows name the rules' actions: registered before loading)
        params = load_parameters()
    problems: list[tuple[str, str]] = []
    unknown = sorted({c for c in (deck.starter, *deck.main, *deck.g_deck) if c not in db})
    problems += [("main", f"unknown card id {c!r} (not in the card database)") for c in unknown]
    main = [db[c] for c in deck.main if c in db]
    g_deck = [db[c] for c in deck.g_deck if c in db]

    fmt = params["deck_construction"].get(deck.format)
    if fmt is None:
        problems.append(("format", f"2: the deck format is one of {', '.join(sorted(params['deck_construction']))} "
                                   f"(parameters.yaml deck_construction), not {deck.format!r}"))
    else:
        rule = fmt["rule"]
        if len(deck.main) != fmt["main_deck"]:
            problems.append(("main", f"{rule}: a {deck.format} deck has exactly {fmt['main_deck']} cards "
                                     f"(this one has {len(deck.main)})"))
        for name, found in sorted(Counter(c.name for c in main).items()):
            allowed = fmt["max_copies"] if found <= fmt["max_copies"] else \
                max(copy_limit(c, fmt["max_copies"]) for c in main if c.name == name)
            if found > allowed:
                problems.append(("main", f"{rule}: at most {allowed} cards named '{name}' (found {found})"))
        triggers = [c for c in main if c.unit == "trigger"]
        if len(triggers) != fmt["triggers"]:
            problems.append(("main", f"{rule}: exactly {fmt['triggers']} trigger units (found {len(triggers)})"))
        heals = sum(c.trigger == "heal" for c in triggers)
        if heals > fmt["max_heal"]:
            problems.append(("main", f"{rule}: at most {fmt['max_heal']} heal triggers (found {heals})"))
        sentinels = sum("sentinel" in c.skills for c in main)
        if "max_sentinel" in fmt and sentinels > fmt["max_sentinel"]:
            problems.append(("main", f"CR 5.2.2.5: at most {fmt['max_sentinel']} cards with Sentinel "
                                     f"(found {sentinels})"))

    g_in_main = sorted({c.id for c in main if c.unit == "g_unit"})
    if g_in_main:
        problems.append(("main", f"CR 5.2.2.6: main deck may not contain G units: {', '.join(g_in_main)}"))
    if deck.starter in db:
        if deck.starter not in deck.main:
            problems.append(("starter", f"3.2: the starting vanguard {deck.starter} must be in the main deck"))
        if db[deck.starter].grade != params["starting_vanguard_grade"]:
            problems.append(("starter", f"3.2: the starting vanguard must be grade {params['starting_vanguard_grade']}: "
                                        f"{deck.starter} is grade {db[deck.starter].grade}"))

    limits = params["g_deck"]
    if len(deck.g_deck) > limits["max_size"]:
        problems.append(("g_deck", f"CR 5.3.2: G deck: at most {limits['max_size']} G units (found {len(deck.g_deck)})"))
    not_g = sorted({c.id for c in g_deck if c.unit != "g_unit"})
    if not_g:
        problems.append(("g_deck", f"CR 5.3.3: G deck: only G units (grade 4) may be in the G deck: {', '.join(not_g)}"))
    for name, found in sorted(Counter(c.name for c in g_deck).items()):
        if found > limits["max_copies"]:
            problems.append(("g_deck", f"CR 5.3.2.1: G deck: at most {limits['max_copies']} of one name: "
                                       f"'{name}' (found {found})"))
    return problems
