"""`vanguard-fsm cards status`: how complete the real card pool is, set by set.

A player looking for an edge case between two real cards, or a designer choosing decks for a
balance report, needs to know which printed sets are here and how much of each card is played.
This report is computed from the card data and the built-in decks alone (nothing counted by
hand), one row per printed set: a card belongs to every set it was printed in (`printings`), so a
reprint counts in each. Per set: the cards, those whose stats name their `source`, the printed
abilities at each level of `expression` (full / partial / none), the cards a built-in deck plays,
and every card that is not complete with the reasons its data gives. For the built-in card set
it also counts the abilities shown resolving in the test corpus (`resolved`): every AUTO and ACT
ability written in the card language, less those `data/ability_corpus.yaml` lists as `unresolved`:
resolving in no seeded game of a built-in deck, no scenario of the tests and not in their probe
game (`cards probe`; a test keeps that list exact).
CONT abilities are looked at, never resolved (CR 8.1.3), so they are not counted there.
"""
from __future__ import annotations

from collections import defaultdict

from ...game.decks import DeckError, builtin_deck_names, load_deck
from ...machine import yamlsrc
from ...paths import ability_corpus_file
from ..language.spec import playable
from .expression import LEVELS, level

NO_SET = "(no number)"   # a real card read from a page that printed no card number


def card_sets(card) -> list[str]:
    """Every printed set of a card: the part before '/' of each printing (``BT01/002EN`` -> ``BT01``)."""
    numbers = card.printings or ((card.number,) if card.number else ())
    sets = list(dict.fromkeys(n.split("/")[0] for n in numbers if "/" in n))
    return sets or [NO_SET]


def decked_cards(db) -> set[str]:
    """The ids of the cards some built-in deck plays (main deck or G deck)."""
    ids: set[str] = set()
    for name in builtin_deck_names():
        try:
            deck = load_deck(name, db)
        except DeckError:    # a deck naming cards another card set lacks: it plays none of these
            continue
        ids.update(deck.main, deck.g_deck)
    return ids


def resolvable(card) -> list[str]:
    """The keys (``CARD#n``) of a card's abilities that can resolve: AUTO and ACT ones with an effect."""
    return [f"{card.id}#{n}" for n, raw in enumerate(card.abilities, 1)
            if raw.get("kind") in ("AUTO", "ACT") and playable(raw)]


def unresolved_in_corpus() -> frozenset[str]:
    """The keys `data/ability_corpus.yaml` lists: resolvable abilities the test corpus never resolves."""
    return frozenset(yamlsrc.load(ability_corpus_file()).data.get("unresolved") or ())


def _row() -> dict:
    return {"cards": 0, "sourced": 0, "abilities": 0, **{lv: 0 for lv in LEVELS}, "resolved": None,
            "in_a_deck": 0, "incomplete": []}


def status(db, only: str | None = None, corpus: frozenset[str] | None = None) -> dict:
    """{"sets": {SET: row}, "total": row} over the real cards (those with a `source`); `only`
    keeps one set (matched without regard to case). A row counts cards, sourced cards, printed
    abilities per level, those resolved in the test corpus (with `corpus`, the unresolved keys;
    null without) and decked cards, and lists each incomplete card as
    {card, name, abilities: [{ability, level, reason}]}."""
    decked = decked_cards(db)
    sets: dict[str, dict] = defaultdict(_row)
    total = _row()
    for card in db:
        if not card.source:
            continue
        in_sets = [s for s in card_sets(card) if only is None or s.lower() == only.lower()]
        if not in_sets:
            continue
        gaps = [{"ability": f"{card.id}#{n}", "level": level(raw), "reason": raw["unexpressed"]}
                for n, raw in enumerate(card.abilities, 1) if level(raw) != "full"]
        for row in [sets[s] for s in in_sets] + [total]:
            row["cards"] += 1
            row["sourced"] += 1    # a real card is one that names where its data was read
            row["abilities"] += len(card.abilities)
            for raw in card.abilities:
                row[level(raw)] += 1
            row["in_a_deck"] += card.id in decked
            if corpus is not None:
                row["resolved"] = (row["resolved"] or 0) + sum(k not in corpus for k in resolvable(card))
            if gaps:
                row["incomplete"].append({"card": card.id, "name": card.name, "abilities": gaps})
    ordered = dict(sorted(sets.items(), key=lambda item: _set_order(item[0])))
    return {"sets": ordered, "total": total}


def _set_order(name: str) -> tuple:
    """Boosters, then trial decks, then the rest; numbers in order (BT2 before BT10)."""
    kind = {"BT": 0, "TD": 1}.get(name[:2], 2) if name[2:3].isdigit() else 2
    digits = "".join(ch for ch in name if ch.isdigit())
    return (kind, name.rstrip("0123456789") if kind == 2 else "", int(digits or 0), name)


def known_sets(db) -> list[str]:
    """The printed sets of the real cards, in report order."""
    return sorted({s for c in db if c.source for s in card_sets(c)}, key=_set_order)


def lines(rep: dict, show_incomplete: bool) -> list[str]:
    """The report as a table (and, for one set, the incomplete cards with their reasons)."""
    head = f"{'set':12} {'cards':>5} {'sourced':>7} {'abilities':>9} {'full':>5} {'partly':>6} {'none':>5} " \
           f"{'resolved':>8} {'in a deck':>9}"
    out = [head]
    for name, row in [*rep["sets"].items(), ("total", rep["total"])]:
        resolved = "-" if row["resolved"] is None else row["resolved"]
        out.append(f"{name:12} {row['cards']:5} {row['sourced']:7} {row['abilities']:9} {row['full']:5} "
                   f"{row['partial']:6} {row['none']:5} {resolved:>8} {row['in_a_deck']:9}")
    incomplete = rep["total"]["incomplete"]
    if show_incomplete:
        for card in incomplete:
            for gap in card["abilities"]:
                out.append(f"{gap['ability']:14} {gap['level']:8} {card['name']}: {gap['reason']}")
    elif incomplete:
        out.append(f"{len(incomplete)} card(s) not complete: `vanguard-fsm cards status --set SET` lists them "
                   f"with the reasons")
    return out
