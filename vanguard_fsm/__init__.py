"""vanguard-fsm: a Cardfight!! Vanguard (G era) simulator driven by YAML state machines.

Layers, each importing only the ones before it:
flows (YAML data) -> machine -> game -> abilities -> agents -> tools.
"""
__version__ = "0.1.0"
