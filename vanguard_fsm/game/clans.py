"""Which clans a card is of, for every same-clan check (CR 2.2, 2.17.4).

A card is of its own `clan`; a card of all clans (`all_clans`, a Cray Elemental, CR 2.2.5)
is of every clan; a card with a nation but of no clan (`clan: none`, a Zeroth Dragon) is
regarded as of every clan of its nation (CR 2.17.4.2), as the rules parameter
`nation_clans` (the table of CR 2.17.4) lists them. Triggers (RULES 1.4), the `clan`
filter and Lord (CR 11.8) ask here, so the three agree.

An effect may add clans to a card ("this card is also a <<Gold Paladin>>", CR 2.2.4): the callers
pass the clans added now (`more`, read by the ability layer, `mechanics/also_clan.py`) only when
the printed clans alone do not answer, so a card with no added clan costs what it did.
"""
from __future__ import annotations

NO_CLAN = "none"     # the `clan` of a card that belongs to a nation but to no clan


def in_clan(card, clan: str, params, more=()) -> bool:
    """The card is of `clan` (`params` None: no nation table is read); `more`: clans effects added."""
    if card.all_clans or card.clan == clan or clan in more:
        return True
    return card.clan == NO_CLAN and params is not None and clan in params["nation_clans"].get(card.nation, ())


def share_clan(a, b, params, more_a=(), more_b=()) -> bool:
    """Two cards have a clan in common (a trigger and a unit, RULES 1.4); `more_a` / `more_b`: the
    clans effects added to each (CR 2.2.4)."""
    if (more_a or more_b) and (any(in_clan(b, c, params, more_b) for c in more_a)
                               or any(in_clan(a, c, params) for c in more_b)):
        return True
    if a.all_clans or b.all_clans:
        return True
    if a.clan != NO_CLAN:
        return in_clan(b, a.clan, params)
    if b.clan != NO_CLAN:
        return in_clan(a, b.clan, params)
    return a.nation == b.nation and bool(params["nation_clans"].get(a.nation))
