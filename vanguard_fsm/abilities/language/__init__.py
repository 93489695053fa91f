"""The card language: the names card data may write in an ability, and the questions they ask.

`registry.py` binds every name to its code (`ABILITIES`) and `spec.py` compiles a card's
abilities into immutable specs. The terms are here: who (`targets.py`, `selectors.py`,
`identity.py`: which units or cards, each tested by `filters.py`), how many (`counts.py`),
whether (`conditions.py`, `matching.py`), what is paid (`costs.py`) and how a player picks
(`choose.py`). What resolving an ability does is in `effects/`; the named mechanics in
`mechanics/`.
"""
