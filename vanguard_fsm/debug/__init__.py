"""The step-through debugger: one game, one flow move at a time, breakpoints and exact rewind.

`session` holds the position and its history (the core: step, next,
continue, back), `breakpoints` what stops it, `commands` the command words a
user types, `start` where a session comes from (seed, scenario, replay) and
where it saves to. May import machine, game, abilities, agents, diagram,
record and scenario.
"""
