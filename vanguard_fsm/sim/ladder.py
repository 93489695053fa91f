"""A strength ladder: every agent against every other, ratings with 95% intervals.

Each pairing plays `games` games through the simulation machinery
(`play_chunk`, local processes or Dask, the same seeds whatever runs them):
half with the first agent on the first deck, half with the decks exchanged,
and within each half the seats alternate, so neither seat nor deck favours an
agent. The results give

- a pairwise win-rate matrix (row agent's wins over the games of the pair,
  with Wilson 95% intervals; a draw counts half);
- Bradley–Terry strengths fitted by the MM algorithm (Hunter 2004), shown on
  the Elo scale (400·log10, mean 0), with 95% intervals from a parametric
  bootstrap (each pair's results redrawn from its Beta posterior, then refitted). Every pair gets one virtual drawn game, so an agent
  that wins every game still has a finite rating.

Everything is a function of the seed: the same command prints the same table.
"""
from __future__ import annotations

import hashlib
import math
import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from .simulate import SimConfig, chunks, dask_client, play_chunk, wilson

BOOTSTRAP = 300
PRIOR_DRAWS = 1.0   # virtual drawn games per pair (keeps ratings finite)


@dataclass(frozen=True)
class LadderConfig:
    agents: tuple[str, ...]
    games: int = 100                    # per pairing
    seed: int = 0
    decks: tuple[str, str] | None = None
    fmt: str = "standard"
    flows_dir: str | None = None
    cards: str | None = None


def _pair_seed(seed: int, i: int, j: int, half: int) -> int:
    digest = hashlib.blake2b(f"vanguard-fsm/ladder/{seed}/{i}/{j}/{half}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def work(config: LadderConfig) -> list[tuple[tuple, SimConfig, int]]:
    """((i, j, half), SimConfig, games) for every half of every pairing (agent i is side A)."""
    n = len(config.agents)
    decks = config.decks or SimConfig(fmt=config.fmt).deck_names()
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            halves = (((config.games + 1) // 2, tuple(decks)), (config.games // 2, tuple(reversed(decks))))
            for half, (games, pair_decks) in enumerate(halves):
                if games:
                    sim = SimConfig(seed=_pair_seed(config.seed, i, j, half),
                                    agents=(config.agents[i], config.agents[j]), decks=pair_decks,
                                    fmt=config.fmt, flows_dir=config.flows_dir, cards=config.cards)
                    out.append(((i, j, half), sim, games))
    return out


def _tasks(config: LadderConfig, width: int):
    for key, sim, games in work(config):
        for piece in chunks(games, width):
            yield key, sim, piece


def _tag(key, rows):
    return [dict(row, pair=key) for row in rows]


def _tagged_chunk(key, sim, piece):
    return _tag(key, play_chunk(sim, piece))


def run_ladder(config: LadderConfig, workers: int = 1, scheduler: str | None = None, progress=None) -> list[dict]:
    """Every game of the ladder (local processes, or Dask at `scheduler`); rows tagged with their pair."""
    rows: list[dict] = []
    if scheduler:
        from dask.distributed import as_completed as dask_completed
        with dask_client(scheduler, workers) as client:
            width = workers or max(1, len(client.scheduler_info().get("workers", {})))
            tasks = list(_tasks(config, width))
            for future in dask_completed(client.map(_tagged_chunk, *zip(*tasks), pure=False)):
                piece = future.result()
                rows.extend(piece)
                if progress:
                    progress(len(piece))
    elif workers <= 1:
        for key, sim, piece in _tasks(config, 1):
            piece_rows = _tagged_chunk(key, sim, piece)
            rows.extend(piece_rows)
            if progress:
                progress(len(piece_rows))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_tagged_chunk, *task) for task in _tasks(config, workers)]
            for future in as_completed(futures):
                piece = future.result()
                rows.extend(piece)
                if progress:
                    progress(len(piece))
    return sorted(rows, key=lambda r: (r["pair"], r["game"]))


# -- the numbers -------------------------------------------------------------

def outcomes(rows: list[dict]) -> list[tuple[int, int, float]]:
    """(agent i, agent j, score of i: 1 win, 0.5 draw, 0 loss) for every game; i < j."""
    out = []
    for r in rows:
        i, j, _ = r["pair"]
        if r["winner"] is None:
            score = 0.5
        else:
            score = 1.0 if r[f"side{r['winner']}"] == 0 else 0.0   # side 0 = side A = agent i
        out.append((i, j, score))
    return out


def bradley_terry(n: int, games: list[tuple[int, int, float]], iterations: int = 500) -> list[float]:
    """Bradley–Terry strengths on the Elo scale (mean 0), by minorization–maximization."""
    wins = [[0.0] * n for _ in range(n)]
    for i, j, s in games:
        wins[i][j] += s
        wins[j][i] += 1.0 - s
    pairs = {(i, j) for i, j, _ in games}
    for i, j in pairs:   # the prior: one drawn game per pair that met
        wins[i][j] += PRIOR_DRAWS / 2
        wins[j][i] += PRIOR_DRAWS / 2
    played = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total = sum(wins[i])
            denom = sum(played[i][j] / (p[i] + p[j]) for j in range(n) if j != i and played[i][j])
            new.append(total / denom if denom and total else p[i])
        mean_log = sum(math.log(x) for x in new) / n
        new = [x / math.exp(mean_log) for x in new]
        if max(abs(a - b) for a, b in zip(new, p)) < 1e-10:
            p = new
            break
        p = new
    return [400.0 * math.log10(x) for x in p]


def bootstrap_intervals(n: int, games: list, seed: int, reps: int = BOOTSTRAP) -> list[tuple[float, float]]:
    """95% intervals of each rating by a parametric bootstrap: each replicate redraws every
    pair's results from its Jeffreys Beta posterior (so a 20-0 sweep still has an interval,
    which resampling the games alone would not give) and refits."""
    rng = random.Random(seed)
    by_pair: dict = {}
    for i, j, s in games:
        total = by_pair.setdefault((i, j), [0, 0.0])
        total[0] += 1
        total[1] += s
    samples = [[] for _ in range(n)]
    for _ in range(reps):
        resampled = []
        for (i, j), (count, score) in by_pair.items():
            p = rng.betavariate(score + 0.5, count - score + 0.5)
            resampled.extend((i, j, 1.0 if rng.random() < p else 0.0) for _ in range(count))
        for k, r in enumerate(bradley_terry(n, resampled, iterations=200)):
            samples[k].append(r)
    out = []
    for values in samples:
        values.sort()
        out.append((values[int(0.025 * (reps - 1))], values[int(math.ceil(0.975 * (reps - 1)))]))
    return out


def summarise_ladder(config: LadderConfig, rows: list[dict]) -> dict:
    n = len(config.agents)
    games = outcomes(rows)
    ratings = bradley_terry(n, games)
    intervals = bootstrap_intervals(n, games, config.seed)
    matrix = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            a, b = min(i, j), max(i, j)
            scores = [s if i == a else 1.0 - s for x, y, s in games if (x, y) == (a, b)]
            if scores:
                points = sum(scores)
                low, high = wilson(points, len(scores))
                matrix[i][j] = {"score": points, "games": len(scores), "rate": points / len(scores),
                                "ci95": [round(low, 6), round(high, 6)]}
    table = sorted(({"agent": config.agents[k], "rating": round(ratings[k], 1),
                     "ci95": [round(intervals[k][0], 1), round(intervals[k][1], 1)],
                     "games": sum(1 for g in games if k in (g[0], g[1])),
                     "score": sum(s if g[0] == k else 1.0 - s for g in games for s in (g[2],) if k in g[:2])}
                    for k in range(n)), key=lambda r: -r["rating"])
    errors = [{"pair": list(r["pair"]), "game": r["game"], "seed": r["seed"], "error": r["error"]}
              for r in rows if r.get("error")]
    return {"config": {"agents": list(config.agents), "games_per_pair": config.games, "seed": config.seed,
                       "decks": list(config.decks) if config.decks else None, "format": config.fmt},
            "games": len(games), "ratings": table, "scale": "Elo (400 log10 of Bradley-Terry strength), mean 0",
            "matrix": {"agents": list(config.agents), "rows": matrix}, "errors": errors}
