"""The same games under two rule sets: paired play and its side-by-side summary.

Game i of a comparison is game i of `simulate` twice: the same seed, decks, seats
and agents' seeds, once under rule set A and once under B. Each side's numbers
come from that game's trace events (metrics.py). Because the pair shares its deal
and its first player, the difference of a pair isolates the rule change, and the
paired bootstrap (stats.py) gives its interval. For the first `sample` games the
two traces are also compared event by event: where they part is where the rule
change first mattered in that game.

Runs anywhere `simulate` runs: the chunk function below goes through the same
process pool and Dask code (sim/simulate.py), and the summary depends only on the
seed and options, never on the worker count.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..abilities import new_game_with_abilities
from ..agents import make_agent
from ..agents.base import play_out
from ..machine.hooks import Hooks
from ..record.trace import TraceRecorder
from ..sim.simulate import SimConfig, game_seed, seating
from .metrics import GAME_METRICS, GameRecord, first_divergence, record_of
from .stats import BOOTSTRAP_RESAMPLES, paired_difference


@dataclass(frozen=True)
class PairConfig:
    a: SimConfig
    b: SimConfig
    names: tuple[str, str] = ("A", "B")
    sample: int = 10            # games whose two traces are compared event by event


def play_traced(config: SimConfig, index: int) -> tuple[GameRecord, list[dict], str]:
    """Game `index` of `config` (as simulate plays it), its trace events and an error text."""
    seed = game_seed(config.seed, index)
    sides = seating(config, index)
    decks = config.deck_names()
    hooks = Hooks()
    recorder = TraceRecorder(hooks, None, keep=True)
    error = ""
    try:
        game = new_game_with_abilities(seed, [decks[s] for s in sides], config.fmt, config.flows_dir, config.cards,
                                       hooks=hooks)
        agents = [config.agents[s] for s in sides]
        play_out(game, [make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)])
    except Exception as exc:  # one broken game is counted, not fatal to the thousands
        error = f"{type(exc).__name__}: {exc}"
    return record_of(recorder.events), recorder.events, error


def play_pair(config: PairConfig, index: int) -> dict:
    sides = seating(config.a, index)
    row = {"game": index, "seed": game_seed(config.a.seed, index), "side0": sides[0], "side1": sides[1]}
    traces = []
    for label, side in (("a", config.a), ("b", config.b)):
        record, events, error = play_traced(side, index)
        row.update({f"{label}_{k}": v for k, v in record.metrics(sides).items()})
        row[f"{label}_reason"] = record.reason
        row[f"{label}_error"] = error
        traces.append(events)
    if index < config.sample:
        row["divergence"] = first_divergence(*traces)
        # and the first difference in play, past the states and timings a structural edit renames
        plays = [[e for e in t if e.get("event") not in ("state", "timing")] for t in traces]
        row["divergence_play"] = first_divergence(*plays)
    return row


def play_pair_chunk(config: PairConfig, indices) -> list[dict]:
    return [play_pair(config, i) for i in indices]


def summarise_pairs(config: PairConfig, rows: list[dict], resamples: int = BOOTSTRAP_RESAMPLES) -> dict:
    rows = sorted(rows, key=lambda r: r["game"])
    metrics = {}
    for name, doc in GAME_METRICS:
        result = paired_difference([r[f"a_{name}"] for r in rows], [r[f"b_{name}"] for r in rows],
                                   resamples=resamples, seed=config.a.seed)
        metrics[name] = {"doc": doc, **result}
    divergences = []
    for r in rows:
        if "divergence" in r:
            d = r["divergence"]
            play = r.get("divergence_play")
            divergences.append({"game": r["game"], "seed": r["seed"], "same": d is None,
                                **({"index": d["index"], "a": d["a"], "b": d["b"]} if d else {}),
                                "play": {"a": play["a"], "b": play["b"]} if play else None})
    errors = [{"game": r["game"], "seed": r["seed"], "side": side, "error": r[f"{side}_error"]}
              for r in rows for side in ("a", "b") if r[f"{side}_error"]]
    return {"a": config.names[0], "b": config.names[1], "games": len(rows),
            "config": {"seed": config.a.seed, "agents": list(config.a.agents), "decks": list(config.a.deck_names()),
                       "format": config.a.fmt, "swap_seats": config.a.swap_seats,
                       "sides": list(config.a.side_labels())},
            "method": f"paired bootstrap, {resamples} resamples of whole games, 95% percentile interval",
            "metrics": metrics, "divergence": divergences, "errors": errors}


ROW_FIELDS = ("game", "seed", "side0", "side1",
              *(f"{side}_{name}" for side in "ab" for name, _ in GAME_METRICS),
              "a_reason", "b_reason", "a_error", "b_error")


def play_records_chunk(config: SimConfig, indices) -> list[dict]:
    """Game records of one rule set (evaluate): the unit of work a process or Dask worker gets."""
    rows = []
    for i in indices:
        record, _events, error = play_traced(config, i)
        rows.append({"game": i, "record": record, "error": error})
    return rows
