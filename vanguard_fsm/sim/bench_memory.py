"""The benchmark's memory measures: resident memory over a long run, and the Python heap
retained by more games, each in a fresh process so nothing else is counted."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def _rss_kib() -> tuple[int, int]:
    """(current, peak) resident set size of this process in KiB. Linux's VmHWM is the peak
    of this address space only (ru_maxrss would carry the parent's peak across exec)."""
    try:
        with open("/proc/self/status") as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak, peak


def _memory_run(games: int, agent: str, checkpoints: tuple, flows_dir, cards) -> list[dict]:
    """In a fresh process: play `games` games, note memory at each checkpoint."""
    import gc
    from .simulate import SimConfig, play_one
    config = SimConfig(agents=(agent, agent), flows_dir=flows_dir, cards=cards)
    out = []
    for i in range(games):
        play_one(config, i)
        if i + 1 in checkpoints:
            gc.collect()
            rss, peak = _rss_kib()
            out.append({"games": i + 1, "rss_kib": rss, "peak_rss_kib": peak})
    return out


def _heap_run(games: int, agent: str, flows_dir, cards) -> dict:
    """In a fresh process: Python heap still allocated after `games` more games (tracemalloc),
    which tells a leak from the allocator keeping freed arenas (RSS noise)."""
    import gc
    import tracemalloc
    from .simulate import SimConfig, play_one
    config = SimConfig(agents=(agent, agent), flows_dir=flows_dir, cards=cards)
    for i in range(20):   # caches filled before counting
        play_one(config, i)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(20, 20 + games):
        play_one(config, i)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"heap_games": games, "heap_retained_bytes": after - before}


def memory_timing(games: int, agent: str = "heuristic", flows_dir=None, cards=None) -> dict:
    checkpoints = tuple(sorted({max(1, games // 10), games // 4, games // 2, games}))
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        marks = pool.submit(_memory_run, games, agent, checkpoints, flows_dir, cards).result()
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        heap = pool.submit(_heap_run, min(games, 300), agent, flows_dir, cards).result()
    first, last = marks[0], marks[-1]
    return {"memory_games": games, "memory_agent": agent, "memory_checkpoints": marks,
            "peak_rss_mib": last["peak_rss_kib"] / 1024,
            "rss_growth_mib": (last["rss_kib"] - first["rss_kib"]) / 1024,
            "rss_growth_from_games": f"{first['games']}->{last['games']}", **heap}
