"""The ability layer at play: what makes abilities trigger, wait, and resolve in a game.

`layer.py` is the object attached to a game (`game.abilities`); `abstate.py` its immutable
share of the game state (pending AUTO abilities, uses, grants: snapshots carry it);
`events.py` maps engine events to AUTO timings, `listeners.py` keeps the cheap index of
who listens to what, and `static.py` computes CONT values and offers ACT abilities on
demand. Nothing here names a card term: those are in `language/`, `effects/`, `mechanics/`.
"""
