"""The rules of a position itself: what no legal game can reach is refused at its line.

A scenario writes a position, not a game start: its cards are no constructed deck, and its
deck is filler to draw from (written with counts), so the deck-construction check of a game
start does not apply. What is refused is what no sequence of play can produce (`SourceError`,
exit 2, at the card's line), every number from the flows' parameters or the card data:

- a G unit stands on a circle (VC; a rear-guard circle, CR 4.6.9, 10.22.8; GC as a G guardian,
  CR 7.5.1.2.3), lies in the G zone or was removed from the game (G assist, CR 6.4.1.2.5); it
  is never in the hand, deck, soul, drop, damage or bind zone (a G unit leaving a circle goes
  back to the G zone, CR 4.6.9; a main deck holds none, CR 5.2.2.6), nor a legion mate;
- the G zone holds only G units (CR 4.11.1, 5.3.3);
- cards the position shows (every zone but the filler deck) hold at most `max_copies` of one
  name, `triggers` trigger units, `max_heal` heal triggers and `max_sentinel` Sentinels
  (deck_construction of the format, CR 5.2.2), and at most `g_deck.max_copies` G units of one
  name (CR 5.3.2.1);
- a player has at most `damage_to_lose` damage: the loss is checked at the next check timing
  (CR 9.2.2), so no game goes past it;
- an attack comes from VC or the front row (CR 7.4.1.3) at the opponent's VC or front row
  (CR 7.4.1.6), boosted from behind the attacker (CR 7.4.1.10).
"""
from __future__ import annotations

from collections import Counter

from ..game.state import BEHIND, FRONT_ROW
from ..machine.yamlsrc import SourceError

_NO_G_UNIT = {"hand": "the hand", "deck": "the deck", "soul": "the soul", "drop": "the drop zone",
              "damage": "the damage zone", "bind": "the bind zone", "mate": "a legion mate (CR 10.25)"}


def check_position(scenario, db, params: dict, fmt: str, listed: list, seat: int) -> None:
    """Refuse (SourceError) the first rule of the position that `listed` (build._player_cards) breaks."""
    construction = params["deck_construction"].get(fmt, {})
    for slot, keys, card_id, _entry in listed:
        card = db[card_id]
        if card.unit == "g_unit" and slot in _NO_G_UNIT:
            raise _error(scenario, keys, f"{card_id} is a G unit: never in {_NO_G_UNIT[slot]} (a G unit that "
                                         f"leaves a circle goes back to the G zone, CR 4.6.9; CR 5.2.2.6)")
        if card.unit == "g_unit" and slot == "gc" and card.g_guardian is None:
            raise _error(scenario, keys, f"{card_id} is a G unit without the G guardian skill: it cannot be "
                                         f"a guardian (CR 7.5.1.2.3)")
        if card.unit != "g_unit" and slot == "g_zone":
            raise _error(scenario, keys, f"{card_id} is no G unit: the G zone holds G units only (CR 4.11.1, 5.3.3)")
    shown = [(keys, db[card_id]) for slot, keys, card_id, _entry in listed if slot != "deck"]
    g_units = [(keys, c) for keys, c in shown if c.unit == "g_unit"]
    main = [(keys, c) for keys, c in shown if c.unit != "g_unit"]
    rule = f"RULES {construction.get('rule', '2')}, CR 5.2.2"
    limits = ((construction.get("max_copies"), main, lambda c: f"cards named '{c.name}'", rule),
              (params["g_deck"]["max_copies"], g_units, lambda c: f"G units named '{c.name}'", "CR 5.3.2.1"),
              (construction.get("triggers"), main, lambda c: c.unit == "trigger" and "trigger units", rule),
              (construction.get("max_heal"), main, lambda c: c.trigger == "heal" and "heal triggers", rule),
              (construction.get("max_sentinel"), main, lambda c: "sentinel" in c.skills and "cards with Sentinel",
               "CR 5.2.2.5"))
    for most, cards, group_of, cite in limits:
        seen: Counter = Counter()
        for keys, card in cards if most is not None else ():
            group = group_of(card)
            seen[group] += bool(group)
            if group and seen[group] > most:
                raise _error(scenario, keys, f"p{seat} shows more than {most} {group} outside the deck: no "
                                             f"{fmt} deck holds them ({cite})")
    damage = [keys for slot, keys, _c, _e in listed if slot == "damage"]
    lose = params["damage_to_lose"][fmt]
    if len(damage) > lose:
        raise _error(scenario, damage[lose], f"p{seat} has {len(damage)} damage: a player loses at {lose} "
                                             f"({fmt}, damage_to_lose) at the next check timing, so no game "
                                             f"reaches more (CR 9.2.2)")


def check_battle(scenario, battle: dict) -> None:
    """The attack of `start.battle`: attacker and targets on VC or the front row, a booster behind."""
    for key in ("attacker", "target"):
        if key in battle and battle[key] not in FRONT_ROW:
            raise _error(scenario, ("start", "battle", key),
                         f"the {key} is on {battle[key]}: attacks go from and to VC or the front row "
                         f"({', '.join(FRONT_ROW)}; CR 7.4.1.3, 7.4.1.6)")
    for i, circle in enumerate(battle.get("more", ())):
        if circle not in FRONT_ROW:
            raise _error(scenario, ("start", "battle", "more", i), f"an attacked unit on {circle}: only VC and the "
                                                                 f"front row are attacked (CR 7.4.1.6)")
    booster, attacker = battle.get("booster"), battle.get("attacker")
    if booster is not None and attacker in BEHIND and booster != BEHIND[attacker]:
        raise _error(scenario, ("start", "battle", "booster"),
                     f"the booster is on {booster}: a unit boosts the attacker in front of it, from "
                     f"{BEHIND[attacker]} (CR 7.4.1.10)")


def _error(scenario, keys: tuple, message: str) -> SourceError:
    return scenario.doc.error(keys, f"impossible position: {message}")
