"""The contexts the rule names need, start and end, so lint can refuse a misuse.

A context is something that must hold where a name is written: `battle` (a battle
is running: `game.state.battle` exists), `attack` (its attacker and target are
chosen). Lint (`machine/contexts.py`) follows every path through the flows and
reports, at its `file:line:col`, a name used where its context may be missing,
e.g. `compare_power` in the turn flow's battle phase, which would crash at run
time. A name that declares nothing may be written anywhere.
"""
from __future__ import annotations

from ...machine.registry import REGISTRY
from . import battle, damage, drive, effect_attacks, g_calls, triggers  # noqa: F401  (names registered there)

REGISTRY.declare_context("battle", "a battle is running (started by begin_battle, CR.battle.1)")
REGISTRY.declare_context("attack", "an attack is declared: attacker and target chosen (choice attack, CR.attack)")
REGISTRY.declare_context("attack_possible", "the turn player has an attack to declare: a unit that can attack "
                                            "(turn_player_can_attack held) or an effect's attack pending "
                                            "(effect_attack_pending held); the attack choice is never empty")
REGISTRY.declare_context("g_unit_chosen", "a G unit is chosen to stride (or ultimate stride) or to call as a G guardian, "
                                          "its cost still to pay (choice stride / g_guardian)",
                         settle_before_decisions=True)
REGISTRY.declare_context("trigger_resolved", "the trigger of the card a drive or damage check put into the "
                                             "trigger zone has resolved (resolve_trigger; CR 7.6.1.2.4, 9.6.5)")
REGISTRY.declare_context("g_assist_open", "a G assist took its look, its removals and shuffle still to do "
                                          "(choice g_assist, CR 6.4.1.2.5)", settle_before_decisions=True,
                         allowed_kinds=("g_assist_remove_hand", "g_assist_remove_g_zone"))

_ACTIONS, _CONDITIONS, _CHOICES = REGISTRY.actions, REGISTRY.conditions, REGISTRY.choices

_ACTIONS.declare("begin_battle", gives=("battle",), ends=("attack",))
_ACTIONS.declare("declare_effect_attack", needs=("battle",), gives=("attack",))   # CR 10.34
_ACTIONS.declare("end_battle", ends=("battle", "attack"))   # safe to repeat (the close step may)
_ACTIONS.declare("end_battle_phase", ends=("battle", "attack"))
_CHOICES.declare("battle", needs=("battle",))
_CHOICES.declare("attack", needs=("battle", "attack_possible"), gives=("attack",))   # its only kind: never empty
_CONDITIONS.declare("turn_player_can_attack", gives=("attack_possible",))
_CONDITIONS.declare("effect_attack_pending", gives=("attack_possible",))
for _name in ("boost", "guard", "intercept"):
    _CHOICES.declare(_name, needs=("attack",))
# stride / G guardian: choose the G unit, pay its cost, place it (game/rules/g_calls.py, CR 8.5.2.4)
_CHOICES.declare("stride", gives=("g_unit_chosen",),
                 then="pay_stride_cost, then stride_chosen_g_unit (flows/turn.yaml: stride_pay_cost, stride_place)")
_CHOICES.declare("ultimate_stride", gives=("g_unit_chosen",),
                 then="pay_stride_cost, then stride_chosen_g_unit (flows/turn.yaml: stride_pay_cost, stride_place)")
_CHOICES.declare("g_guardian", needs=("attack",), gives=("g_unit_chosen",),
                 then="pay_g_guardian_cost, then call_g_guardian, then back to the guard step "
                      "(flows/battle.yaml: g_guardian_pay_cost, g_guardian_call)")
# G assist: take a card (or none), then removals one decision each, then the shuffle (CR 6.4.1.2.5)
_CHOICES.declare("g_assist", gives=("g_assist_open",),
                 then="the decisions g_assist_remove_hand and g_assist_remove_g_zone while "
                      "g_assist_hand_removals_left / g_assist_g_zone_removals_left, then g_assist_shuffle "
                      "(flows/turn.yaml: g_assist_remove_from_hand, g_assist_remove_from_g_zone, g_assist_shuffle)")
_ACTIONS.declare("g_assist_shuffle", ends=("g_assist_open",))
_ACTIONS.declare("pay_stride_cost", needs=("g_unit_chosen",))
_ACTIONS.declare("stride_chosen_g_unit", needs=("g_unit_chosen",), ends=("g_unit_chosen",))
_ACTIONS.declare("pay_g_guardian_cost", needs=("attack", "g_unit_chosen"))
_ACTIONS.declare("call_g_guardian", needs=("attack", "g_unit_chosen"), ends=("g_unit_chosen",))
for _name in ("attack_declared", "begin_drive_checks", "compare_power", "retire_hit_rear_guards"):
    _ACTIONS.declare(_name, needs=("attack",))

# Order obligations between actions, as data: what one action must come after. A checked card
# leaves the trigger zone only once its trigger has resolved (CR 7.6.1.2.4 before 7.6.1.2.6,
# CR 9.6.5 before 9.6.6): moved first, the trigger would silently do nothing. Lint follows
# these through every path (machine/contexts.py) and refuses the action written too early.
for _check in ("drive_check", "damage_check"):      # a new card in the trigger zone: not resolved yet
    _ACTIONS.declare(_check, needs=("attack",), ends=("trigger_resolved",))
_ACTIONS.declare("resolve_trigger", gives=("trigger_resolved",))
for _leave in ("trigger_card_to_hand", "trigger_card_to_damage"):
    _ACTIONS.declare(_leave, needs=("trigger_resolved",), ends=("trigger_resolved",))
for _name in ("attacked_unit_remains", "attacker_drives", "drives_remaining", "damage_remaining"):
    _CONDITIONS.declare(_name, needs=("attack",))
