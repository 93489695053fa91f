"""What resolving an ability does (CR 8.5.3.5, 8.5.4): the registered effects of the card language.

`basic.py` holds the common effects (power, draw, call, search, ride ...) and `run`, which
resolves a list of effect items one after the other; the others compose on it: branches
and the deck shuffled by one (`branches.py`), effects that act later or by the opponent
(`delayed.py`), cards moved between zones (`zone_effects.py`), what a unit or player may
no longer do (`restrictions.py`), and work a rule step finishes: damage, extra turns
(`rule_steps.py`).
"""
