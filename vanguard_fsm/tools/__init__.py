"""Compatibility with the Python API of commit 08cc973, for scripts written against it.

The independent rules audit's drivers (`../shared/audit/repro/py/`) import
`vanguard_fsm.tools.scenario_schema.parse_scenario` and
`vanguard_fsm.tools.scenario_build.build_game`, which moved to `vanguard_fsm.scenario`.
These modules re-export them; `build_game` returns the game as a `LegacyGame`
(`legacy.py`), which also accepts and lists the one-step ids of that time for the calls
that are flow steps now (`stride:AL-017/discard:hand[0,1]`,
`g_guardian:AL-019/discard:hand[0]->VC`: the scenario language's chains,
`vanguard_fsm/scenario/chain.py`). Nothing else of the engine is changed or re-decided
here; new code uses `vanguard_fsm.scenario` and `Game` directly.
"""
