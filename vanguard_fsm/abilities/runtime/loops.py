"""A loop nobody can stop ends the game in a draw (CR 12.1.1.1), not in an engine error.

Abilities played between two flow moves are bounded (`limits.abilities_per_check_timing`):
past the bound the game stops with a located `Runaway`, because a chain that does not
come back to where it was (every card "when drawn, draw 1": the deck ends it) is a
card-data problem, not a rule. A *loop* is another thing: the same situation comes back
again and again (CR 12.1.1). Recognising one "needs discretion" (CR 12.1.1.5); here:

- from half the bound on, each ability played leaves a mark of the situation: where every
  card of both players is and how it lies (the "all cards in all zones are the same" of CR
  12.1.1.3) and the abilities standing by. Power and critical are left out: "+1000 for ever"
  is a loop too (CR 12.1.1.4's example);
- a mark seen again, when every ability played since the last flow move was mandatory
  (none said "you may", so no player could stop it): the game ends in a draw, reason
  `loop` (CR 12.1.1.1);
- an optional ability in the run means a player could stop the loop (CR 12.1.1.2-3, the
  number of repeats chosen: not modelled); the bound stays a `Runaway`.

Below half the bound only whether an ability was optional is noted (in the run's one record).
The run's record (`AbilityLayer.loop_run`) is dropped when the flows moved or a restore
went back: an ability counted out of sequence starts a new run, taken as optional when it
is not the run's first (what came before it is not known).
"""
from __future__ import annotations

from . import abstate


class LoopRun:
    """The run of abilities played since a flow move: one record per layer, written anew in place at
    each ability played (its only reader is `endless`, before it writes), so no object is made per ability."""

    __slots__ = ("moves", "played", "optional", "marks")

    def __init__(self) -> None:
        self.moves = -1           # the flow move the run began after
        self.played = 0           # abilities played in it so far
        self.optional = False     # one of them said "you may": a player could have stopped it
        self.marks = frozenset()  # situations seen (from half the bound on)


def _units(p) -> tuple:
    return tuple((c, u.card, u.rested, u.heart) if u is not None else None for c, u in p.circles.items())


def situation(game) -> tuple:
    """Every card of both players, where it is and how it lies, and the abilities standing by."""
    marks = []
    for p in game.state.players:
        marks.append((tuple(p.deck), tuple(p.hand), tuple(p.drop), tuple(p.damage), tuple(p.soul),
                      tuple(p.trigger), tuple(p.g_zone), tuple(p.bind), tuple(p.removed),
                      tuple(sorted(p.face_down)), tuple(sorted(p.g_face_up)), _units(p),
                      tuple(u.card for u in p.gc), tuple(sorted(p.locked.items()))))
    pending = tuple((e.seat, e.inst, e.key, e.timing) for e in abstate.get(game).pending)
    return tuple(marks), pending


def endless(game, layer, spec, played: int, bound: int) -> bool:
    """Note one more ability played (`spec`, the `played`-th since the last flow move); True when
    the run is a loop nobody can stop (CR 12.1.1.1)."""
    run = layer.loop_run
    if run is None or run.moves != game.moves or run.played != played - 1:
        optional, marks = played > 1, frozenset()     # a new run
    else:
        optional, marks = run.optional, run.marks
    optional = optional or spec.optional
    if played * 2 > bound and not optional:
        mark = situation(game)
        if mark in marks:
            layer.loop_run = None
            return True
        marks = marks | {mark}
    if run is None:
        run = layer.loop_run = LoopRun()
    run.moves, run.played, run.optional, run.marks = game.moves, played, optional, marks
    return False
