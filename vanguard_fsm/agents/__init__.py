"""Agents: who chooses at each decision. `make_agent(spec, seed)` builds one from a spec
such as `heuristic` or `ismcts:iterations=800` (see `spec.py`)."""
from __future__ import annotations

from .spec import AGENT_NAMES, AgentSpecError, check_agent_spec, parse_agent_spec  # noqa: F401


def make_agent(spec: str, seed: int = 0):
    """The agent a spec names, seeded; `AgentSpecError` (a ValueError) for a bad spec."""
    name, options = parse_agent_spec(spec)
    if name == "random":
        from .random_agent import RandomAgent
        return RandomAgent(seed)
    if name == "random-attacker":
        from .random_agent import RandomAttackerAgent
        return RandomAttackerAgent(seed)
    if name == "heuristic":
        from .heuristic import HeuristicAgent
        return HeuristicAgent(seed)
    if name == "ismcts":
        from .ismcts import ISMCTSAgent
        return ISMCTSAgent(seed, **options)
    from .human import HumanAgent
    return HumanAgent()


def budgets(specs) -> dict[str, str]:
    """Spec -> the budget it searches with and what that means for replaying its games (issue 33),
    for the agents that search (`ismcts`); commands that play many games print it."""
    out = {}
    for spec in specs:
        describe = getattr(make_agent(spec), "budget_kind", None)
        if describe is not None and spec not in out:
            out[spec] = describe()
    return out
