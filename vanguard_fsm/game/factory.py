"""Build games from names and paths: flows directory, card set, deck names.

Compiled flows are cached per directory (and file modification times), so a
simulation compiles the machines once and every game reuses them; `load_inputs`
goes further for a run of many games: flows, cards and decks looked up once and
handed to every `new_game`, so no file is looked at per game.
"""
from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

from ..machine.builder import CompiledFlowSet
from ..machine.loader import load_flowset
from ..machine.overlay import source_files
from ..paths import resolve_flows
from . import rules  # noqa: F401  (registers the rule names the flows use)
from .cards import CardError, load_cards, printed_problem
from .decks import Deck, DeckError, check_deck, load_deck
from .actions import KeptActions
from .engine import Game


def flows_stamp(directory: Path) -> tuple:
    """Names, times and sizes of every file the flows are made of (a variant's bases too); a
    dangling symlink or a FIFO stamps as unreadable: the loader refuses it at its path."""
    def stamp(p: Path) -> tuple:
        try:
            info = p.stat()
        except OSError:
            return (str(p), -1, -1)
        return (str(p), info.st_mtime_ns, info.st_size)
    return tuple(stamp(p) for p in source_files(directory))


@lru_cache(maxsize=16)
def _compiled(directory: str, stamp: tuple) -> CompiledFlowSet:
    return CompiledFlowSet(load_flowset(directory))


def compiled_flows(flows_dir: str | Path | None = None) -> CompiledFlowSet:
    directory = resolve_flows(flows_dir).resolve()
    return _compiled(str(directory), flows_stamp(directory))


def default_decks(fmt: str | None) -> tuple[str, str]:
    """The built-in decks of a format (None: standard)."""
    return ("aurora-quick", "tidewyrm-quick") if fmt == "quick" else ("aurora", "tidewyrm")


def load_inputs(decks=None, fmt: str | None = None, flows_dir=None, cards=None) -> dict:
    """Flows, card database and decks, loaded (each cached by file times): pass them to
    `new_game(..., **inputs)` to make many games without looking at a file again, as a
    simulation does for its whole run."""
    db = load_cards(cards)
    names = decks or default_decks(fmt)
    return {"flows": compiled_flows(flows_dir), "db": db,
            "decks": tuple(name if isinstance(name, Deck) else load_deck(str(name), db) for name in names)}


def new_game(seed: int = 0, decks=None, fmt: str | None = None, flows_dir=None, cards=None,
             hooks=None, start: bool = True, check_decks: bool = True, *,
             flows: CompiledFlowSet | None = None, db=None) -> Game:
    """A game ready to `advance()`; decks by built-in name or path, or `Deck` objects (replays, scenarios).
    `flows` and `db` already loaded (`load_inputs`) are used as they are.

    Each deck must be legal (CR 5.4.2; parameters `deck_construction`, `g_deck`), else
    `DeckError` at its file's line; `check_decks=False` only for scenario positions. The
    game's format (and so its damage to lose) is the decks' format; `fmt` says otherwise."""
    flows = compiled_flows(flows_dir) if flows is None else flows
    db = load_cards(cards) if db is None else db
    names = decks or default_decks(fmt)
    deck_objs = [name if isinstance(name, Deck) else load_deck(str(name), db) for name in names]
    fmt = _checked_format(deck_objs, db, flows.spec.parameters, fmt, check_decks)
    # the options kept (`KeptActions`) are those of games of these same cards: memory stays bounded
    KeptActions.keep_for(tuple((tuple(deck.main), tuple(deck.g_deck)) for deck in deck_objs))
    game = Game(flows, db, deck_objs, seed=seed, fmt=fmt, hooks=hooks)
    return game.start() if start else game


# the parameters the checks of a game's decks read
_DECK_RULES = ("printed_cards", "damage_to_lose", "deck_construction", "starting_vanguard_grade", "g_deck")


def _checked_format(deck_objs: list, db, params: dict, fmt: str | None, check_decks: bool) -> str:
    """The game's format, once its decks are checked (below); the first problem raises at its file's
    line. What the checks find follows from the decks (frozen), the card database (read-only) and
    the parameters in `_DECK_RULES` alone, and a simulation checks the same decks at every one of its
    thousands of games: a pairing found legal is remembered, with a copy of those parameters, and
    checked again if one differs (a designer's edit) or for other decks, cards or format."""
    key = (tuple(deck_objs), db, fmt, check_decks)
    rules = tuple(params.get(name) for name in _DECK_RULES)
    hit = _CHECKED.get(key)
    if hit is not None and hit[0] == rules:
        return hit[1]
    found = _check_decks(deck_objs, db, params, fmt, check_decks)
    if len(_CHECKED) >= _CHECKED_KEPT:
        del _CHECKED[next(iter(_CHECKED))]
    _CHECKED[key] = (copy.deepcopy(rules), found)
    return found


_CHECKED: dict = {}     # (decks, card database, format asked, check_decks) -> (the rules read, the format)
_CHECKED_KEPT = 32


def _check_decks(deck_objs: list, db, params: dict, fmt: str | None, check_decks: bool) -> str:
    """`new_game`'s checks of its decks, in order; the game's format."""
    for deck in deck_objs:
        check_playable(deck, db)
    check_printed(deck_objs, db, params["printed_cards"])
    if fmt is None:
        fmt = deck_objs[0].format
        for deck in deck_objs[1:]:
            if deck.format != fmt:
                raise DeckError(deck.path, *deck.line_of("format"),
                                f"deck {deck.name!r} is a {deck.format} deck and {deck_objs[0].name!r} a {fmt} "
                                f"deck: say which format the game is played in (--format), each deck legal in it")
    if fmt not in params["damage_to_lose"]:
        raise DeckError(deck_objs[0].path, *deck_objs[0].line_of("format"),
                        f"format {fmt!r} is not in parameters.yaml damage_to_lose "
                        f"({', '.join(sorted(params['damage_to_lose']))})")
    if check_decks:     # a format is a deck rule (RULES 2.1, 2.2): each deck is legal in the game's
        for deck in deck_objs:
            check_deck(deck, db, params, fmt)
    return fmt


def decks_format(decks=None, flows_dir=None, cards=None) -> str:
    """The format a game of these decks is played in when no `--format` says otherwise: the
    decks' own (checked: bad flows, cards or decks raise as `new_game` does)."""
    return new_game(0, decks, None, flows_dir, cards, start=False).state.format


def check_playable(deck: Deck, db) -> None:
    """What a game needs of a deck whatever its source (a file, a replay, a scenario): every card
    known, a main deck to draw from, the starter in it. `DeckError` at the deck's source otherwise;
    the deck-construction rules (RULES 2.x) are `validate_deck`'s, checked by the CLI verbs."""
    unknown = sorted({c for c in (deck.starter, *deck.main, *deck.g_deck) if c not in db})
    if unknown:
        raise DeckError(deck.path, 1, 1, f"deck {deck.name!r} names unknown card(s): {', '.join(unknown[:5])}")
    if not deck.main:
        raise DeckError(deck.path, 1, 1, f"deck {deck.name!r} has an empty main deck")
    if deck.starter not in deck.main:
        raise DeckError(deck.path, 1, 1, f"deck {deck.name!r}: the starter {deck.starter!r} is not in the main deck")


def check_printed(decks, db, printed: dict) -> None:
    """Every card a game holds prints what the rules parameters allow (`printed_cards`: grades
    per unit type and per skill, shields; RULES 1.1-1.3), else `CardError` at the card's line."""
    for card_id in sorted({c for deck in decks for c in (*deck.main, *deck.g_deck)}):
        problem = printed_problem(db[card_id], printed)
        if problem is not None:
            path, line, col = db.where(card_id) or ("<cards>", 1, 1)
            raise CardError(path, line, col, f"card {card_id!r}: {problem[1]}")
