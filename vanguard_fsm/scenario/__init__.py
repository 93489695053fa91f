"""Scenario files: a position, a script of choices and expectations, run as a check.

`schema` reads and validates the file, `build` sets up the position,
`expect` judges the expectations, `runner` plays the script, `save` writes a
position back as a scenario, `abilities` keeps the ability bookkeeping a
position needs. May import machine, game, abilities, agents and record.
"""
