"""Build games from names and paths: flows directory, card set, deck names.

Compiled flows are cached per directory (and file modification times), so a
simulation compiles the machines once and every game reuses them; `load_inputs`
goes further for a run of many games: flows, cards and decks looked up once and
handed to every `new_game`, so no file is looked at per game.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..machine.builder import CompiledFlowSet
from ..machine.loader import load_flowset
from ..machine.overlay import source_files
from ..paths import resolve_flows
from . import rules  # noqa: F401  (registers the rule names the flows use)
from .cards import load_cards
from .decks import Deck, load_deck
from .engine import Game


def _stamp(directory: Path) -> tuple:
    """Names, times and sizes of every file the flows are made of (a variant's bases too)."""
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in source_files(directory))


@lru_cache(maxsize=16)
def _compiled(directory: str, stamp: tuple) -> CompiledFlowSet:
    return CompiledFlowSet(load_flowset(directory))


def compiled_flows(flows_dir: str | Path | None = None) -> CompiledFlowSet:
    directory = resolve_flows(flows_dir).resolve()
    return _compiled(str(directory), _stamp(directory))


def default_decks(fmt: str) -> tuple[str, str]:
    return ("aurora", "tidewyrm") if fmt == "standard" else ("aurora-quick", "tidewyrm-quick")


def load_inputs(decks=None, fmt: str = "standard", flows_dir=None, cards=None) -> dict:
    """Flows, card database and decks, loaded (each cached by file times): pass them to
    `new_game(..., **inputs)` to make many games without looking at a file again, as a
    simulation does for its whole run."""
    db = load_cards(cards)
    names = decks or default_decks(fmt)
    return {"flows": compiled_flows(flows_dir), "db": db,
            "decks": tuple(name if isinstance(name, Deck) else load_deck(str(name), db) for name in names)}


def new_game(seed: int = 0, decks=None, fmt: str = "standard", flows_dir=None, cards=None,
             hooks=None, start: bool = True, *, flows: CompiledFlowSet | None = None, db=None) -> Game:
    """A game ready to `advance()`; decks by built-in name or path, or `Deck` objects (replays, scenarios).
    `flows` and `db` already loaded (`load_inputs`) are used as they are."""
    flows = compiled_flows(flows_dir) if flows is None else flows
    db = load_cards(cards) if db is None else db
    names = decks or default_decks(fmt)
    deck_objs = [name if isinstance(name, Deck) else load_deck(str(name), db) for name in names]
    game = Game(flows, db, deck_objs, seed=seed, fmt=fmt, hooks=hooks)
    return game.start() if start else game
