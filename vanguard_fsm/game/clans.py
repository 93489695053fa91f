"""Which clans a card is of, for every same-clan check (CR 2.2, 2.17.4).

A card is of its own `clan`; a card of all clans (`all_clans`, a Cray Elemental, CR 2.2.5)
is of every clan; a card with a nation but of no clan (`clan: none`, a Zeroth Dragon) is
regarded as of every clan of its nation (CR 2.17.4.2), as the rules parameter
`nation_clans` (the table of CR 2.17.4) lists them. Triggers (RULES 1.4), the `clan`
filter and Lord (CR 11.8) ask here, so the three agree.
"""
from __future__ import annotations

NO_CLAN = "none"     # the `clan` of a card that belongs to a nation but to no clan


def in_clan(card, clan: str, params) -> bool:
    """The card is of `clan` (`params` None: no nation table is read)."""
    if card.all_clans or card.clan == clan:
        return True
    return card.clan == NO_CLAN and params is not None and clan in params["nation_clans"].get(card.nation, ())


def share_clan(a, b, params) -> bool:
    """Two cards have a clan in common (a trigger and a unit, RULES 1.4)."""
    if a.all_clans or b.all_clans:
        return True
    if a.clan != NO_CLAN:
        return in_clan(b, a.clan, params)
    if b.clan != NO_CLAN:
        return in_clan(a, b.clan, params)
    return a.nation == b.nation and bool(params["nation_clans"].get(a.nation))
