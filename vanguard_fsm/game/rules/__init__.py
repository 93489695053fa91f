"""The rules the flows name: one module per part of the game, and importing this package registers them all.

Setup (`setup.py`), the turn outside battle (`turn.py`, `g_assist.py`, `g_calls.py`), the
battle (`battle.py`, `drive.py`, `damage.py`, `effect_attacks.py`), triggers (`triggers.py`),
check timing and the rule actions (`check_timing.py`), and the costs shared with card
abilities (`costs.py`); `common.py` holds the registration helpers, `contexts.py` what each
name needs to hold where it is written. The registry is filled by side effect of importing
the rule modules; this is the one place that lists them, so `lint`, the engine and tests
agree on the names. The engine events a card's AUTO ability may name are declared here too.
"""
from __future__ import annotations

from . import battle, check_timing, common, contexts, damage, drive, effect_attacks, g_assist, g_calls, setup, triggers, turn  # noqa: F401  (registration)
from ...machine.registry import REGISTRY

# engine events a card's AUTO ability may name as its timing, each with what raises it
ENGINE_EVENTS = {
    "when_placed": "this card is placed on a circle (ride, call, superior call; CR 10.5)",
    "when_placed_on_V": "this card is placed on the vanguard circle (ride, superior ride, stride)",
    "when_placed_on_R": "this card is placed on a rear-guard circle (call, superior call)",
    "when_ridden_upon": "another card is ridden on top of this vanguard (it goes to the soul)",
    "when_attacks": "this unit attacks (after the boost decision, CR 7.4)",
    "when_attacked": "this unit is attacked (CR 7.4)",
    "when_boosts": "this unit boosts an attack (CR 7.4)",
    "when_boosted": "this unit's attack is boosted (CR 7.4.1.8; seed 002 3.3.5.2)",
    "when_leaves_hand_by_g_assist": "this card is removed from the hand by G assist (CR 6.4.1.2.5; seed 002 3.3.2.2)",
    "when_intercepts": "this unit intercepts from a rear-guard circle to the guardian circle",
    "when_hits": "this unit's attack hits, played at the close step (CR 7.7, 7.8)",
    "when_attack_hits_vanguard": "this unit's attack hits a vanguard",
    "when_attack_hits_rear_guard": "this unit's attack hits a rear-guard (CR 7.7.1.7)",
    "when_not_hit": "this unit's attack does not hit (CR 7.7)",
    "when_put_into_drop": "this card is put into the drop zone",
    "when_put_into_bind": "this card is put into the bind zone, by any rule, cost or effect (zone: bind; where it "
                          "came from: {from_zone: R}; CR 10.19, 8.6.5)",
    "when_drive_check_reveals": "this card is revealed by a drive check (CR 10.14)",
    "when_damage_check_reveals": "this card is revealed by a damage check (CR 10.15)",
    "when_stride": "this G unit strides onto the vanguard circle (CR 10.28)",
    "when_drawn": "this card is drawn",
    "end_of_battle": "the battle this unit took part in ends (close step, CR 7.8)",
    "when_legion": "this unit legions with its mate (CR 10.25.12)",
    "when_in_harmony": "this unit becomes in harmony with another of your units (CR 11.34.1.3)",
    "when_becomes_heart": "this vanguard becomes the heart of a G unit that strides on it (CR 10.28.3.2, 8.6.5.1.5)",
    "when_your_g_unit_strides": "one of your G units strides (watched by your other cards, from their zone; CR 10.28)",
    "when_your_unit_attacks": "one of your units attacks (watched by your cards from their zone; the attacker: "
                              "{exists: {from: attacking_unit, ...}}, CR 7.4.1.8)",
    "when_opponent_card_unlocked": "one of your opponent's locked cards is unlocked (watched by your cards from their "
                                   "zone; `that` is the unit it became, CR 10.24, 6.8.1.2)",
    "when_unlocked": "this card is unlocked: a rear-guard again, a new unit (CR 10.24.2)",
    "when_opponent_rear_guard_locked": "one of your opponent's rear-guards is locked by an effect of one of your cards "
                                       "(watched by your cards from their zone; CR 10.22)",
    "when_your_drive_check_reveals": "your drive check reveals a card (watched by your cards from their zone; "
                                     "the card: {has: {count: your_trigger_zone, ...}}, CR 7.6.1.2.3)",
    "when_your_unit_boosts": "one of your units boosts (watched by your cards from their zone; the booster: "
                             "{exists: {from: units, role: boosting, ...}}, CR 7.4.1.8)",
    "when_your_unit_hits": "the attack of one of your units hits (watched by your cards from their zone; once for "
                           "each unit it hits; 'in the battle this unit boosted': {this_unit: {role: boosting}}, "
                           "CR 7.7.1.7)",
    "when_opponent_rear_guard_put_into_drop": "one of your opponent's rear-guards is put into the drop zone "
                                              "(watched by your cards from their zone; CR 10.3)",
    "when_card_put_into_your_soul": "one of your cards is put into your soul, by any rule, cost or effect: a ride, "
                                    "Soul Charge, a cost (watched by your cards from their zone, once per card; "
                                    "seeds 002/003 3.3.4 'during your main phase, each time', CR 4.7, 10.18)",
    "when_your_damage_check_reveals": "your damage check reveals a card (watched by your cards from their zone; "
                                      "the card: {has: {count: your_trigger_zone, ...}}; seeds 3.3.5.5, CR 7.7.1.5, "
                                      "10.15)",
    # watcher timings with parameters: the ability's `watch:` says which events (abilities/runtime/watch.py)
    "when_unit_placed": "a unit is placed on a circle: called, ridden, strode, or called to a guardian circle "
                        "(CR 10.5.1.1, 10.7.1); watched by your cards from their zone, narrowed by `watch:` {whose: "
                        "you | opponent, circle: V | R | GC or a list, from_zone: hand | deck | soul | drop ..., "
                        "another: true, same_column: true, by_effect: true (a superior call or ride) or false, and target "
                        "filters on the placed unit}; `that` is the "
                        "placed unit. Example: timing: when_unit_placed, watch: {circle: V, grade: 3, clan: Narukami}",
    "when_card_put_into": "a card is put into a zone of yours or your opponent's (`watch: {to: drop | damage | bind | "
                          "soul | hand}` is required), by any rule, cost or effect (a damage check too, CR 10.3); "
                          "watched by your cards from their zone, narrowed by `watch:` {whose, from_zone: R | GC | "
                          "soul ..., another: true, target filters on the card}. Example: timing: when_card_put_into, "
                          "watch: {to: drop, from_zone: R, another: true, clan: Tachikaze}",
    "when_unit_stands": "a unit becomes standing (by an effect, a trigger or the stand phase); watched by your cards "
                        "from their zone, narrowed by `watch:` {whose, another: true, same_column: true, target "
                        "filters; `this_card: true` is 'when this unit stands'}; `that` is the unit. Example: timing: "
                        "when_unit_stands, watch: {this_card: true}",
    "when_unit_rests": "a unit becomes rested (an attack, a boost, a cost or an effect); watched by your cards "
                       "from their zone, narrowed by `watch:` as `when_unit_stands`; `that` is the unit. Example: "
                       "timing: when_unit_rests, watch: {zone: R, clan: Nova Grappler}",
    "when_card_drawn": "a player draws a card (`when_drawn` is the drawn card's own); watched by your cards from their "
                       "zone, narrowed by `watch:` {whose: you | opponent (you unless written), target filters on the "
                       "card}. Example: timing: when_card_drawn, watch: {whose: you}",
}
if "when_attacks" not in REGISTRY.engine_events:
    REGISTRY.register_engine_events(ENGINE_EVENTS)
# interrupts the engine raises; the root flow must say where each one goes (lint checks it)
REGISTRY.interrupts.register("game_decided", "game_decided",
                             "a rule action decided the game (CR 9.2) or a loop nobody can stop made it a draw "
                             "(CR 12.1.1.1): every running flow is abandoned")
