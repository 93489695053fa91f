"""The named mechanics of the rules that card text invokes by keyword, each in its own module.

Time Leap (`time_leap.py`, CR 10.31), lock and unlock (`lock.py`, CR 10.22, 10.24), Delete
(`delete.py`, CR 10.26), Harmony (`harmony.py`, CR 11.34), Resist, Lord and Restraint
(`cont_restrictions.py`, CR 11.13) and effects that make attacks or add attacked units
(`attacks.py`, CR 10.34). Each registers its effects, filters and conditions with the card
language; the game state it needs lives in `game/` (`deleted.py`, `Player.locked` ...).
"""
