"""Values read from the board, kept while nothing can write it: the board's version.

A decision is read many times before anyone answers it: its legal actions are built
(every attack asks each attacker's power and restrictions), then the agent weighs them
(the heuristic sums powers per attacker and per guard). Nothing writes the board in
between, so a CONT value (CR 8.1.3), a count or a restriction read twice is the same.

The board is written from many modules (rules, costs, effects, scenarios), so rather
than a counter that each writer must remember to bump, the engine bumps the version at
the only doors through which a writer can run: a new version, `(game.state, {})`, opens
before a flow move (the flow runner's loop, `machine.runner.Runner.run`, which cannot import
this module) and lasts through the move's conditions and the decision it may stop at; the
cache is dropped while agenda tasks run (closed: no read is kept), when a decision is answered
(`Game.apply`) and when a position is restored (`Game.restore`). A replaced `game.state`
(a search's shadow game) never sees another state's values: the cache names its state.

Check mode (`VANGUARD_FSM_CHECK_CACHES=1` in the environment, read once at import; the
test suite turns it on in `tests/conftest.py`): every value found in the cache is
recomputed and compared, and a difference raises `StaleCache` naming the key, so a
write that slipped past the doors fails a test instead of changing a game.
"""
from __future__ import annotations

import os

CHECK = os.environ.get("VANGUARD_FSM_CHECK_CACHES", "") not in ("", "0")
_MISSING = object()


class StaleCache(AssertionError):
    """A kept value differs from the one computed now: the board was written while the
    cache was open (a writer past the engine's doors)."""


def close(game) -> None:
    """A writer may run: keep nothing until the next version."""
    game.reads = None


def cached(game, key, compute, *args):
    """compute(*args), kept under `key` for this board version (recomputed and compared in
    check mode). `key` must hold every object the value depends on besides the board (a
    unit, not its id, so that it stays alive and distinct while kept)."""
    reads = game.reads
    if reads is None or reads[0] is not game.state:
        return compute(*args)
    kept = reads[1].get(key, _MISSING)
    if kept is _MISSING:
        kept = reads[1][key] = compute(*args)
    elif CHECK:
        fresh = compute(*args)
        if fresh != kept:
            raise StaleCache(f"board cache: {key!r} kept {kept!r}, now {fresh!r} (the board was written "
                             f"while a decision was pending, past Game.apply/restore)")
    return kept
