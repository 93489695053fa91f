"""Checks of card data: `vanguard-fsm lint` for abilities, and how much printed text is expressed.

`cards.py` lints every ability of a card file (each unregistered name or wrong argument a
`file:line:col` line), with the checks of value terms (`terms.py`: counts, comparisons,
picks) and of terms made of other terms (`composite.py`) as mixins; `expression.py`
reports, for real cards, which printed abilities the card language says fully, partly or
not (`vanguard-fsm cards --expression`).
"""
