"""Many games at once: one game per index, run anywhere, summarised the same way.

Rules designers judge a change by thousands of games. Everything that makes a
game is in a `SimConfig` (agents, decks, format, flows, cards) plus the game's
index `i`; its seed is `game_seed(seed, i)`, a hash of both, so game i is the
same game whether it ran in this process, in a local process pool
(`--workers`) or on a Dask cluster (`--scheduler`). Each game returns a small
row of plain values; `summarise` orders the rows by index and turns them into
win rates with Wilson 95% intervals, first-player advantage, game lengths,
damage, trigger and guard counts and game-over reasons. Rows carry no timing,
so the summary is identical for the same seed whatever ran it.

A row also carries the game's own seed and sides, so any single game can be
looked at again with `vanguard-fsm play --seed <game_seed> --agents ... --decks ...`.
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import math
import os
import shlex
import statistics
import itertools
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..abilities import new_game_with_abilities
from ..agents import make_agent
from ..agents.base import play_out
from ..game.factory import default_decks, load_inputs
from ..machine.hooks import Hooks
from ..machine.yamlsrc import SourceError
from ..output_files import OutputError, open_output

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
TRIGGER_TYPES = ("critical", "draw", "stand", "heal")
GUARD_KINDS = ("hand", "intercept", "g_guardian")
REASONS = ("damage", "deck_out", "no_vanguard", "turn_limit", "error")


@dataclass(frozen=True)
class SimConfig:
    """What every game of one simulation shares. Side A is agent[0] with deck[0]."""

    seed: int = 0
    agents: tuple[str, str] = ("heuristic", "heuristic")
    decks: tuple[str, str] | None = None
    fmt: str = "standard"
    flows_dir: str | None = None
    cards: str | tuple | None = None    # a tuple: --cards then each --add-cards
    trace_dir: str | None = None
    swap_seats: bool = True   # odd games put side A in seat 1, so seat and deck effects separate

    def deck_names(self) -> tuple[str, str]:
        return tuple(self.decks) if self.decks else default_decks(self.fmt)

    def side_labels(self) -> tuple[str, str]:
        """`A: aurora/heuristic`-style labels that stay distinct even for mirror matches."""
        decks, agents = self.deck_names(), self.agents
        return tuple(f"{side}: {Path(str(decks[k])).stem}/{agents[k]}" for k, side in enumerate("AB"))


def game_seed(seed: int, index: int) -> int:
    """Game `index`'s seed: a stable hash of (seed, index), the same on every machine."""
    digest = hashlib.blake2b(f"vanguard-fsm/{seed}/{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def seating(config: SimConfig, index: int) -> tuple[int, int]:
    """Which side (0 = A, 1 = B) sits in seat 0 and seat 1 for game `index`."""
    return (1, 0) if config.swap_seats and index % 2 else (0, 1)


class Inputs:
    """Flows, cards and decks of one run (or one chunk of it), each seat order looked up
    once: the files are not looked at again for every game."""

    def __init__(self, config: SimConfig) -> None:
        self.config = config
        self.loaded: dict[tuple, dict] = {}

    def __call__(self, seat_decks: tuple) -> dict:
        found = self.loaded.get(seat_decks)
        if found is None:
            c = self.config
            found = self.loaded[seat_decks] = load_inputs(seat_decks, c.fmt, c.flows_dir, c.cards)
            settle_heap(found)
        return found


def settle_heap(loaded: dict) -> None:
    """What is loaded once and kept for every game (flows, cards, decks, the ability layer's
    indexes) leaves the cyclic garbage collector's watch (`gc.freeze`, after a collection): its
    full collections, which a game's short-lived cycles set off now and then, would otherwise walk
    all of it each time (about 1% of a game's instructions). Games' own objects are collected
    as before. Once per process for the same flows and cards (`load_inputs` keeps them), however
    many `Inputs` ask: a caller that plays each game with a new one must not collect every game."""
    if _SETTLED and _SETTLED[0] is loaded["flows"] and _SETTLED[1] is loaded["db"]:
        return
    _SETTLED[:] = (loaded["flows"], loaded["db"])
    gc.collect()
    gc.freeze()


_SETTLED: list = []     # the flows and card database last settled (held: their ids stay theirs)


def play_command(config: SimConfig, seed: int, seat_agents, seat_decks) -> str:
    """The `vanguard-fsm play` line that replays this very game (same seed, seats, decks, agents)."""
    words = ["vanguard-fsm", "play", "--seed", str(seed), "--agents", *seat_agents, "--decks",
             *(str(d) for d in seat_decks), "--format", config.fmt]
    if config.flows_dir:
        words += ["--flows", config.flows_dir]
    if isinstance(config.cards, (tuple, list)):     # --cards, then each --add-cards
        words += ["--cards", config.cards[0]] + [w for c in config.cards[1:] for w in ("--add-cards", c)]
    elif config.cards:
        words += ["--cards", config.cards]
    return " ".join(shlex.quote(w) for w in words)


def play_one(config: SimConfig, index: int, inputs: Inputs | None = None) -> dict:
    """Play game `index` to its end and return its result row (plain values only)."""
    seed = game_seed(config.seed, index)
    sides = seating(config, index)
    decks = config.deck_names()
    seat_decks = [decks[s] for s in sides]
    seat_agents = [config.agents[s] for s in sides]
    hooks = Hooks()
    counts = {f"trig_{t}": 0 for t in TRIGGER_TYPES}
    counts.update({f"guard_{g}": 0 for g in GUARD_KINDS})
    counts.update(triggers_active=0, abilities=0)

    def count(_game, event, fields):
        if event == "trigger":
            counts[f"trig_{fields['type']}"] += 1
            counts["triggers_active"] += bool(fields.get("active"))
        elif event == "guard" and fields["how"] in GUARD_KINDS:   # not `call`: an ability's superior call to GC
            counts[f"guard_{fields['how']}"] += 1
        elif event == "ability" and fields.get("step") == "resolved":
            counts["abilities"] += 1

    hooks.on("event", count, names=("trigger", "guard", "ability"))   # the others cost nothing then (`Hooks.hears`)
    trace_output = contextlib.ExitStack()
    if config.trace_dir:
        from ..record.trace import TraceRecorder
        TraceRecorder(hooks, trace_output.enter_context(open_output(Path(config.trace_dir) / f"game-{index}.jsonl")),
                      keep=False)
    row = {"game": index, "seed": seed, "side0": sides[0], "side1": sides[1],
           "agent0": seat_agents[0], "agent1": seat_agents[1],
           "deck0": str(seat_decks[0]), "deck1": str(seat_decks[1])}
    game = None
    try:
        loaded = (inputs or Inputs(config))(tuple(seat_decks))
        game = new_game_with_abilities(seed, loaded["decks"], config.fmt, hooks=hooks, flows=loaded["flows"],
                                       db=loaded["db"])
        # the agents' seeds follow `vanguard-fsm play`, so `play --seed <seed>` replays this game
        play_out(game, [make_agent(seat_agents[0], seed * 2 + 1), make_agent(seat_agents[1], seed * 2 + 2)])
        winner, loser, reason = game.state.result
        error = ""
    except OutputError:         # the trace cannot be written (a full disk): the whole run stops, exit 2
        raise
    except SourceError as exc:  # bad input found while playing (a runaway flow or ability): located
        winner, loser, reason = None, None, "error"
        error = str(exc)
    except Exception as exc:  # one broken game must not lose the other thousands: it is counted
        winner, loser, reason = None, None, "error"
        failure = getattr(exc, "flow_failure", None)     # the flow file and line, when a flow name failed
        error = str(failure) if failure is not None else f"{type(exc).__name__}: {exc}"
    finally:
        trace_output.close()
    state = game.state if game is not None else None
    row["play"] = play_command(config, seed, seat_agents, seat_decks)
    row.update(first=state.first if state else None, winner=winner, loser=loser, reason=reason,
               turns=state.turn if state else 0,
               damage0=len(state.players[0].damage) if state else 0,
               damage1=len(state.players[1].damage) if state else 0,
               transitions=game.runner.transitions if game is not None else 0,
               decisions=len(game.history) if game is not None else 0, **counts, error=error)
    return row


def play_chunk(config: SimConfig, indices: Iterable[int]) -> list[dict]:
    """Rows of several games: the unit of work a process or a Dask worker receives."""
    inputs = Inputs(config)
    return [play_one(config, i, inputs) for i in indices]


def chunks(games: int, workers: int) -> Iterator[range]:
    """Split 0..games-1 into pieces small enough for a smooth bar and balanced workers,
    lazily: `--games 10**12` must start playing at once, not build 10^10 ranges first."""
    size = max(1, min(50, games // max(1, workers * 8)))
    return (range(start, min(games, start + size)) for start in range(0, games, size))


def in_flight(workers: int) -> int:
    """How many chunks are submitted ahead: enough to keep every worker busy, few enough
    that pending work never grows with the number of games."""
    return max(2, workers * 4)


# -- running ---------------------------------------------------------------

Progress = Callable[[int], None]   # called with the number of games just finished
# the unit of work: (config, indices) -> rows with a "game" key; a module-level function
# so that processes and Dask workers can receive it (compare and evaluate bring their own)
Work = Callable[[object, Iterable[int]], list]


def run_serial(config: SimConfig, games: int, progress: Progress | None = None, work: Work = play_chunk) -> list[dict]:
    rows = []
    inputs = Inputs(config)
    for i in range(games):
        # the default work plays here with the run's inputs looked up once; others bring their own
        rows.extend([play_one(config, i, inputs)] if work is play_chunk else work(config, [i]))
        if progress:
            progress(1)
    return rows


def run_processes(config: SimConfig, games: int, workers: int, progress: Progress | None = None,
                  work: Work = play_chunk) -> list[dict]:
    """A local process pool; `workers <= 1` plays in this process. Chunks are submitted as
    earlier ones finish, at most `in_flight(workers)` at a time."""
    if workers <= 1:
        return run_serial(config, games, progress, work)
    rows: list[dict] = []
    pieces = chunks(games, workers)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running = {pool.submit(work, config, piece) for piece in itertools.islice(pieces, in_flight(workers))}
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                _take(future.result(), rows, progress)
                piece = next(pieces, None)
                if piece is not None:
                    running.add(pool.submit(work, config, piece))
    return sorted(rows, key=lambda r: r["game"])


def _take(piece: list[dict], rows: list[dict], progress: Progress | None) -> None:
    rows.extend(piece)
    if progress:
        progress(len(piece))


def run_dask(config: SimConfig, games: int, scheduler: str, workers: int | None = None,
             progress: Progress | None = None, client=None, work: Work = play_chunk) -> list[dict]:
    """Through Dask distributed: `scheduler` is an address (`tcp://host:8786`) or `local`,
    which starts a `LocalCluster` of `workers` single-threaded processes. Workers must
    have vanguard-fsm installed and see the same flows, cards and trace paths. Chunks are
    submitted as earlier ones finish (a bounded number in flight), like the process pool."""
    from dask.distributed import as_completed as dask_completed
    with contextlib.nullcontext(client) if client is not None else dask_client(scheduler, workers) as client:
        width = workers or max(1, len(client.scheduler_info().get("workers", {})))
        pieces = chunks(games, width)
        first = list(itertools.islice(pieces, in_flight(width)))
        queue = dask_completed(client.map(work, [config] * len(first), first, pure=False))
        rows: list[dict] = []
        for future in queue:
            _take(future.result(), rows, progress)
            piece = next(pieces, None)
            if piece is not None:
                queue.add(client.submit(work, config, piece, pure=False))
        return sorted(rows, key=lambda r: r["game"])


@contextlib.contextmanager
def dask_client(scheduler: str, workers: int | None = None):
    """A Dask client for `scheduler` (an address, or `local`: a `LocalCluster` of `workers`
    single-threaded processes), closed with its cluster on leaving."""
    from dask.distributed import Client, LocalCluster
    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler, timeout="15s")
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# -- summary ---------------------------------------------------------------

def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: int, games: int) -> dict:
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0,
            "ci95": [round(low, 6), round(high, 6)]}


def _spread(values: list[float]) -> dict:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0, "max": 0}
    return {"mean": round(statistics.fmean(values), 6), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def summarise(config: SimConfig, rows: list[dict]) -> dict:
    """The summary of a simulation; rows in any order, result independent of it."""
    rows = sorted(rows, key=lambda r: r["game"])
    n = len(rows)
    decided = [r for r in rows if r["winner"] is not None]
    labels = config.side_labels()
    seats = {str(s): _rate(sum(1 for r in rows if r["winner"] == s), n) for s in (0, 1)}
    sides = {labels[k]: _rate(sum(1 for r in rows if r["winner"] is not None and r[f"side{r['winner']}"] == k), n)
             for k in (0, 1)}
    first = _rate(sum(1 for r in decided if r["winner"] == r["first"]), len(decided))
    first["advantage"] = round(first["rate"] - 0.5, 6) if decided else 0.0
    winner_damage = [r[f"damage{r['winner']}"] for r in decided]
    loser_damage = [r[f"damage{r['loser']}"] for r in decided if r["loser"] is not None]
    side_damage = {labels[k]: _spread([r[f"damage{s}"] for r in rows for s in (0, 1) if r[f"side{s}"] == k])
                   for k in (0, 1)}
    reasons = {reason: sum(1 for r in rows if r["reason"] == reason) for reason in REASONS}
    extra = sorted({r["reason"] for r in rows} - set(REASONS))
    reasons.update({reason: sum(1 for r in rows if r["reason"] == reason) for reason in extra})

    def totals(keys):
        return {k.split("_", 1)[1]: sum(r[k] for r in rows) for k in keys}

    triggers = totals([f"trig_{t}" for t in TRIGGER_TYPES])
    guards = totals([f"guard_{g}" for g in GUARD_KINDS])
    errors = [{"game": r["game"], "seed": r["seed"], "error": r["error"]} for r in rows if r["error"]]
    return {
        "config": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(config).items()
                   if k != "trace_dir"} | {"sides": list(labels)},
        "games": n,
        "draws": n - len(decided),
        "wins_per_seat": seats,
        "wins_per_deck": sides,
        "first_player": first,
        "turns": _spread([r["turns"] for r in rows]),
        "damage": {"winner": _spread(winner_damage), "loser": _spread(loser_damage), "per_deck": side_damage},
        "triggers": {"total": sum(triggers.values()), "per_game": _per_game(sum(triggers.values()), n),
                     "active": sum(r["triggers_active"] for r in rows), "by_type": triggers},
        "guards": {"total": sum(guards.values()), "per_game": _per_game(sum(guards.values()), n),
                   "by_kind": guards},
        "abilities_resolved": sum(r["abilities"] for r in rows),
        "transitions": _spread([r["transitions"] for r in rows]),
        "game_over_reasons": reasons,
        "errors": errors,
    }


def _per_game(total: int, games: int) -> float:
    return round(total / games, 6) if games else 0.0


ROW_FIELDS = ("game", "seed", "side0", "side1", "agent0", "agent1", "deck0", "deck1", "first", "winner",
              "loser", "reason", "turns", "damage0", "damage1", "transitions", "decisions",
              *(f"trig_{t}" for t in TRIGGER_TYPES), "triggers_active",
              *(f"guard_{g}" for g in GUARD_KINDS), "abilities", "error", "play")
