"""Agent specs: a name with options, `ismcts:iterations=800,rollout=random`.

Everywhere agents are named (play, simulate, debug, ladder) takes a spec, so a
search agent's budget travels with its name through processes and Dask workers
as a plain string. `parse_agent_spec` checks the name and every option (known
key, right type, sensible range) and raises `AgentSpecError` with one clear
sentence otherwise; the command line turns that into a usage error (exit 2).
"""
from __future__ import annotations

AGENT_NAMES = ("random", "random-attacker", "heuristic", "human", "ismcts")
# A search budget no one needs but that keeps one decision under minutes (at ~1,700 playouts/s):
MAX_ITERATIONS = 100_000     # playouts per decision (`iterations=`)
MAX_SECONDS = 600.0          # CPU seconds per decision (`time=`, `cap=`)
SEARCH_LIMITS = f"iterations at most {MAX_ITERATIONS:,}, time= and cap= at most {MAX_SECONDS:g} seconds a decision"


class AgentSpecError(ValueError):
    """An agent spec names no known agent, or gives an option it does not take."""


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError("must be 1 or more")
    return value


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError("must be 0 or more")
    return value


def _iterations(text: str) -> int:
    value = _positive_int(text)
    if value > MAX_ITERATIONS:
        raise ValueError(f"must be at most {MAX_ITERATIONS:,} playouts a decision")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0 or value != value or value == float("inf"):
        raise ValueError("must be a positive number of seconds")
    if value > MAX_SECONDS:
        raise ValueError(f"must be at most {MAX_SECONDS:g} seconds a decision")
    return value


def _rollout(text: str) -> str:
    if text not in ("heuristic", "random"):
        raise ValueError("must be heuristic or random")
    return text


def _exploration(text: str) -> float:
    value = float(text)
    if not 0 <= value < 100:
        raise ValueError("must be between 0 and 100")
    return value


# agent name -> option -> parser (the option's value as the agent's constructor takes it)
AGENT_OPTIONS: dict[str, dict] = {
    "random": {},
    "random-attacker": {},
    "heuristic": {},
    "human": {},
    "ismcts": {"iterations": _iterations, "time": _seconds, "rollout": _rollout,
               "depth": _non_negative_int, "c": _exploration, "bias": _exploration,
               "margin": _exploration, "widen": _exploration, "cap": _seconds},
}


def parse_agent_spec(spec: str) -> tuple[str, dict]:
    """`"ismcts:iterations=800,time=0.5"` -> `("ismcts", {"iterations": 800, "time": 0.5})`."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError("an agent spec needs a name (random, random-attacker, heuristic, human, ismcts)")
    name, colon, rest = spec.strip().partition(":")
    options = AGENT_OPTIONS.get(name)
    if options is None:
        raise AgentSpecError(f"unknown agent {name!r} in {spec!r} (known: {', '.join(AGENT_NAMES)})")
    parsed: dict = {}
    for item in filter(None, (part.strip() for part in rest.split(","))) if rest else ():
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if key not in options:
            known = ", ".join(options) or "none"
            raise AgentSpecError(f"agent {name!r} has no option {key!r} in {spec!r} (options: {known})")
        if not eq or not value:
            raise AgentSpecError(f"option {key!r} in {spec!r} needs a value ({key}=...)")
        if key in parsed:
            raise AgentSpecError(f"option {key!r} is given twice in {spec!r}")
        try:
            parsed[key] = options[key](value)
        except ValueError as exc:
            reason = str(exc) if "must" in str(exc) else "is not a valid value"
            raise AgentSpecError(f"option {key}={value!r} in {spec!r}: {reason}") from None
    if colon and not parsed:
        raise AgentSpecError(f"{spec!r} has a ':' but no option after it (e.g. {name}:iterations=200)"
                             if options else f"agent {name!r} takes no options ({spec!r})")
    return name, parsed


def check_agent_spec(spec: str, allow_human: bool = True) -> str:
    """The spec itself if it is valid (and not `human` where nobody can answer); else `AgentSpecError`."""
    name, _ = parse_agent_spec(spec)
    if name == "human" and not allow_human:
        raise AgentSpecError("the human agent needs a terminal; batch runs take random, random-attacker, heuristic or ismcts")
    return spec.strip()
