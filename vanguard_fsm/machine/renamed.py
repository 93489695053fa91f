"""Names of the flow language that were renamed or retired, kept readable for older flow files.

Flow sets written for an older flow language (the rules audit's `flows-cr-order/` and
`flows-no-turn1-guard/`, copies of the built-in flows of commit 08cc973) name conditions
whose rules numbers were taken out of their names in issue 11. Each old name stays a
registered, deprecated alias of its new name: it resolves only through the registry
(`Section.rename`), to exactly what the new name resolves to, and `vanguard-fsm lint`
warns at each use (`path:line:col: warning: deprecated condition ...: write ...`);
`vanguard-fsm names deprecated` lists them. No behaviour hangs on the old spelling.

A retired parameter is one the engine no longer reads because its rule moved to card
data. A parameters file that still holds it with the value every built-in card now
carries gets a warning and the key is dropped; any other value is an error, since the
game would not follow it (it says where the value now goes).
"""
from __future__ import annotations

# section attribute of the registry -> (old name, new name, why)
RENAMED = {
    "conditions": (
        ("vanguard_below_grade_3", "vanguard_below_g_assist_grade",
         "issue 11: the grade is the parameter g_assist_vanguard_below"),
        ("two_or_more_cards_in_g_zone", "enough_cards_in_g_zone_for_g_assist",
         "issue 11: the count is the parameter g_assist_g_zone_min"),
        ("both_vanguards_grade_3_or_more", "both_vanguards_at_stride_grades",
         "issue 11: the grades are the parameters stride_vanguard_grade and stride_opponent_grade"),
    ),
    "actions": (
        ("set_drive_count", "begin_drive_checks",
         "issue 29: the drive is read after every check (CR 7.6.1.3), not counted once"),
    ),
}

# parameter -> (the only value still accepted, where the rule lives now)
RETIRED_PARAMETERS = {
    "g_guardian_cost": ({"discard_grade": 0},
                        "each G guardian's own cost is card data since issue 11, "
                        "`g_guardian: {cost: [...]}` (CR 7.5.1.2.3, 11.14.2); the built-in G guardians "
                        "say [{discard_grade: 0}]"),
}


def register_renamed(registry) -> None:
    for section, names in RENAMED.items():
        for old, new, why in names:
            getattr(registry, section).rename(old, new, why)


def retired_parameter(name: str, value) -> tuple[bool, str] | None:
    """For a retired parameter: (accepted, message) — accepted with a warning when its value
    is the one the engine's card data now carries; None for any other key."""
    if name not in RETIRED_PARAMETERS:
        return None
    accepted, where = RETIRED_PARAMETERS[name]
    if value == accepted:
        return True, f"retired parameter {name!r} is no longer read; remove it: {where}"
    return False, (f"retired parameter {name!r} = {value!r} is no longer read, so the game would not "
                   f"follow it: {where}; write that cost in the G guardians' card data instead")
