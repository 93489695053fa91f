"""How much of the real cards' printed text the card language says (issue 19.4).

A real card is one whose data names a `source`. Each of its printed abilities is:

- **full**: written in the card language, with no `unexpressed` note;
- **partial**: written (it has an `effect`, and is played), with an `unexpressed` note
  saying what the encoding leaves out;
- **none**: kept only as its text and an `unexpressed` reason (no `effect`: never played).

The report is computed from the card data alone, so the numbers in the card-sources guide are the
output of `vanguard-fsm cards --expression` on the built-in set, not counted by hand.
"""
from __future__ import annotations

from collections import Counter

from .spec import playable

LEVELS = ("full", "partial", "none")


def level(raw) -> str:
    """full / partial / none for one printed ability (a card-data mapping)."""
    if "unexpressed" not in raw:
        return "full"
    return "partial" if playable(raw) else "none"


def report(db, card_ids=None) -> dict:
    """Counts and shares per level over the real cards (or the given card ids), and the list of
    what is not fully expressed: {card, name, ability, level, kind, reason, text}."""
    cards = [c for c in db if (c.id in card_ids if card_ids is not None else c.source)]
    counts: Counter = Counter()
    gaps = []
    for card in cards:
        for n, raw in enumerate(card.abilities, 1):
            lv = level(raw)
            counts[lv] += 1
            if lv != "full":
                gaps.append({"card": card.id, "name": card.name, "ability": f"{card.id}#{n}",
                             "level": lv, "kind": raw.get("kind"), "reason": raw["unexpressed"],
                             "text": raw.get("text", "")})
    total = sum(counts.values())
    return {
        "cards": len(cards),
        "cards_with_abilities": sum(1 for c in cards if c.abilities),
        "abilities": total,
        "counts": {lv: counts[lv] for lv in LEVELS},
        "shares": {lv: (counts[lv] / total if total else 0.0) for lv in LEVELS},
        "unexpressed": gaps,
    }


def lines(rep: dict) -> list[str]:
    """The report as text: one summary line per level, then one line per gap."""
    out = [f"{rep['cards']} real cards, {rep['cards_with_abilities']} with abilities, "
           f"{rep['abilities']} printed abilities"]
    for lv in LEVELS:
        out.append(f"  {lv:8} {rep['counts'][lv]:3}  {rep['shares'][lv]:6.1%}")
    for gap in rep["unexpressed"]:
        out.append(f"{gap['ability']:22} {gap['level']:8} {gap['name']}: {gap['reason']}")
    return out
