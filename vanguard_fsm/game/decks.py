"""Decks as data: the deck model, the deck-file loader and the RULES.md 2.x checks.

Decks are YAML files (built-ins in ``vanguard_fsm/data/decks``, named by file
stem) so players and designers can build them without Python.  Loading only
checks that the file is well formed and names known cards (``DeckError`` with
``file:line:col``); ``validate_deck`` then reports every deck-construction rule
the deck breaks, one message per violation, each starting with the rule ID.
The construction limits live in the ``FORMATS`` and ``G_DECK`` tables below.

Deck file format::

    name: aurora                 # shown in logs and traces
    format: standard             # standard (RULES 2.1) | quick (RULES 2.2)
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
from dataclasses import dataclass
from pathlib import Path

import jsonschema

from vanguard_fsm.game.cards import (
    CardDB, DataError, file_signature, read_yaml, schema_check,
)
from vanguard_fsm.paths import builtin_decks_dir

# Deck construction limits per format (RULES 2.1, 2.2); "rule" is cited in messages.
FORMATS = {
    "standard": {"rule": "2.1", "size": 50, "triggers": 16, "max_heal": 4, "max_copies": 4},
    "quick": {"rule": "2.2", "size": 25, "triggers": 8, "max_heal": 4, "max_copies": 4},
}
# G deck limits [not in seeds]: CR 5.3.2 (size), 5.3.2.1 (copies), 5.3.3 (G units only).
G_DECK = {"max_size": 16, "max_copies": 4}


class DeckError(DataError):
    """A deck file could not be loaded; ``str()`` is ``path:line:col: message``."""


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    format: str                 # "standard" | "quick"
    starter: str                # card id of the starting vanguard, counted inside main
    main: tuple[str, ...]       # every main-deck card id, the starter included once
    g_deck: tuple[str, ...]     # G units (may be empty)
    path: str = "<memory>"      # the file it came from


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
        "format": {"enum": sorted(FORMATS)},
        "starter": {"type": "string"},
        "main": {"type": "array", "items": _ENTRY},
        "g_deck": {"type": "array", "items": _ENTRY},
    },
}
_DECK_VALIDATOR = jsonschema.Draft202012Validator(DECK_SCHEMA)


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

    return Deck(name=data["name"], format=data["format"], starter=data["starter"],
                main=expand("main"), g_deck=expand("g_deck"), path=str(path))


def validate_deck(deck: Deck, db: CardDB) -> list[str]:
    """Every deck-construction rule ``deck`` breaks, one message each (empty = legal)."""
    messages = []
    unknown = sorted({c for c in (deck.starter, *deck.main, *deck.g_deck) if c not in db})
    messages += [f"unknown card id {c!r} (not in the card database)" for c in unknown]
    main = [db[c] for c in deck.main if c in db]
    g_deck = [db[c] for c in deck.g_deck if c in db]

    fmt = FORMATS.get(deck.format)
    if fmt is None:
        messages.append(f"2: the deck format is 'standard' (2.1) or 'quick' (2.2), not {deck.format!r}")
    else:
        rule = fmt["rule"]
        if len(deck.main) != fmt["size"]:
            messages.append(f"{rule}: a {deck.format} deck has exactly {fmt['size']} cards "
                            f"(this one has {len(deck.main)})")
        for name, found in sorted(Counter(c.name for c in main).items()):
            if found > fmt["max_copies"]:
                messages.append(f"{rule}: at most {fmt['max_copies']} cards named '{name}' (found {found})")
        triggers = [c for c in main if c.unit == "trigger"]
        if len(triggers) != fmt["triggers"]:
            messages.append(f"{rule}: exactly {fmt['triggers']} trigger units (found {len(triggers)})")
        heals = sum(c.trigger == "heal" for c in triggers)
        if heals > fmt["max_heal"]:
            messages.append(f"{rule}: at most {fmt['max_heal']} heal triggers (found {heals})")

    g_in_main = sorted({c.id for c in main if c.unit == "g_unit"})
    if g_in_main:
        messages.append(f"CR 5.2.2.6: main deck may not contain G units: {', '.join(g_in_main)}")
    if deck.starter in db:
        if deck.starter not in deck.main:
            messages.append(f"3.2: the starting vanguard {deck.starter} must be in the main deck")
        if db[deck.starter].grade != 0:
            messages.append(f"3.2: the starting vanguard must be grade 0: {deck.starter} "
                            f"is grade {db[deck.starter].grade}")

    if len(deck.g_deck) > G_DECK["max_size"]:
        messages.append(f"CR 5.3.2: G deck: at most {G_DECK['max_size']} G units (found {len(deck.g_deck)})")
    not_g = sorted({c.id for c in g_deck if c.unit != "g_unit"})
    if not_g:
        messages.append(f"CR 5.3.3: G deck: only G units (grade 4) may be in the G deck: {', '.join(not_g)}")
    for name, found in sorted(Counter(c.name for c in g_deck).items()):
        if found > G_DECK["max_copies"]:
            messages.append(f"CR 5.3.2.1: G deck: at most {G_DECK['max_copies']} of one name: "
                            f"'{name}' (found {found})")
    return messages
