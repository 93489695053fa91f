"""vanguard-fsm: a Cardfight!! Vanguard (G era) simulator driven by YAML state machines.

Layers, each importing only the ones before it (tests/test_architecture.py checks it):
flows (YAML data) -> machine -> game -> abilities -> agents, then the
user-facing subsystems, one package each: diagram, record, scenario, sim,
debug, and cli on top.
"""
__version__ = "0.1.0"
