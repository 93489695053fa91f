"""Agents: who chooses at each decision. `make_agent(name, seed)` builds one by name."""
from __future__ import annotations


def make_agent(name: str, seed: int = 0):
    from .heuristic import HeuristicAgent
    from .random_agent import RandomAgent, RandomAttackerAgent
    if name == "random":
        return RandomAgent(seed)
    if name == "random-attacker":
        return RandomAttackerAgent(seed)
    if name == "heuristic":
        return HeuristicAgent(seed)
    if name == "human":
        from .human import HumanAgent
        return HumanAgent()
    raise ValueError(f"unknown agent {name!r} ({', '.join(AGENT_NAMES)})")


AGENT_NAMES = ("random", "random-attacker", "heuristic", "human")
