"""Per-game numbers read from a trace's events (CONTRACT.md), nothing else.

Everything `compare` and `evaluate` report comes from here, so it works the same on
a game just played and on a trace recorded elsewhere (`--trace-dir`, another tool).
Only the contract's events and fields are read; events and fields this module does
not know (trace v2's `put`, `shuffle`, `rest` ... or anything newer) are ignored, and
a missing optional field counts as absent, not as an error.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Iterable

from ..machine.yamlsrc import SourceError
from ..record.trace import read_trace_lines, trace_row_problem

# the per-game numbers compared side by side (name, what it means)
GAME_METRICS = (
    ("first_player_won", "first player wins (decided games)"),
    ("side_a_won", "side A wins"),
    ("side_b_won", "side B wins"),
    ("turns", "turns per game"),
    ("damage_winner", "winner's damage at the end"),
    ("damage_loser", "loser's damage at the end"),
    ("by_damage", "games ending by damage"),
    ("by_deck_out", "games ending by deck-out"),
    ("by_turn_limit", "games ending at the turn limit"),
    ("triggers", "triggers per game"),
    ("guards", "guards per game"),
    ("abilities_resolved", "abilities resolved per game"),
    ("strides", "strides per game"),
    ("g_assists", "G assists per game (a card taken)"),
)
RATES = {"first_player_won", "side_a_won", "side_b_won", "by_damage", "by_deck_out", "by_turn_limit"}


class GameRecord:
    """What one trace says about its game: result, counts, cards drawn, abilities, states, timings."""

    def __init__(self) -> None:
        self.seed = None
        self.first = None
        self.decks: list = [None, None]
        self.winner = self.loser = self.reason = None
        self.turns = 0
        self.damage = [0, 0]
        self.counts: Counter = Counter()
        self.drawn: list[set] = [set(), set()]           # card ids that reached each seat's hand
        self.abilities: Counter = Counter()               # (card, timing, step) -> count
        self.states: Counter = Counter()
        self.timings: Counter = Counter()
        self.steps: Counter = Counter()                   # (machine, leaf before, leaf after) -> count
        self._last_leaf: dict = {}

    def feed(self, e: dict) -> None:
        kind = e.get("event")
        turn = e.get("turn")
        if isinstance(turn, int):
            self.turns = max(self.turns, turn)
        if kind == "state":
            path = str(e.get("path", ""))
            self.states[path] += 1
            machine, _, leaf = path.partition(".")
            previous = self._last_leaf.get(machine)
            if previous is not None and not leaf.startswith(previous + "."):
                self.steps[(machine, previous, leaf)] += 1
            self._last_leaf[machine] = leaf
        elif kind == "timing":
            self.timings[e.get("name")] += 1
        elif kind == "game_start":
            self.seed, self.first = e.get("seed"), e.get("first")
            self.decks = list(e.get("decks") or [None, None])
        elif kind in ("draw", "drive_check"):
            self._drawn(e.get("player"), e.get("card"))
        elif kind == "g_assist":
            self._drawn(e.get("player"), e.get("card") or e.get("taken"))
            self.counts["g_assists"] += bool(e.get("card") or e.get("taken"))
        elif kind in ("trigger", "guard", "stride"):
            self.counts[{"trigger": "triggers", "guard": "guards", "stride": "strides"}[kind]] += 1
        elif kind == "ability":
            self.abilities[(e.get("card"), e.get("timing"), e.get("step"))] += 1
            self.counts["abilities_resolved"] += e.get("step") == "resolved"
        elif kind == "game_over":
            self.winner, self.loser, self.reason = e.get("winner"), e.get("loser"), e.get("reason")
            damage = e.get("damage")
            if isinstance(damage, list) and len(damage) == 2:
                self.damage = damage

    def _drawn(self, player, card) -> None:
        if player in (0, 1) and card is not None:
            self.drawn[player].add(card)

    def metrics(self, side_of_seat: tuple[int, int] | None = None) -> dict:
        """The GAME_METRICS of this game; None where a number is undefined (no winner)."""
        sides = side_of_seat or (0, 1)
        decided = self.winner in (0, 1)
        out = {
            "first_player_won": (1 if self.winner == self.first else 0) if decided and self.first in (0, 1) else None,
            "side_a_won": (1 if sides[self.winner] == 0 else 0) if decided else 0,
            "side_b_won": (1 if sides[self.winner] == 1 else 0) if decided else 0,
            "turns": self.turns,
            "damage_winner": self.damage[self.winner] if decided else None,
            "damage_loser": self.damage[self.loser] if self.loser in (0, 1) else None,
            "by_damage": int(self.reason == "damage"),
            "by_deck_out": int(self.reason == "deck_out"),
            "by_turn_limit": int(self.reason == "turn_limit"),
        }
        for key in ("triggers", "guards", "abilities_resolved", "strides", "g_assists"):
            out[key] = self.counts[key]
        return out


def record_of(events: Iterable[dict]) -> GameRecord:
    record = GameRecord()
    for e in events:
        record.feed(e)
    return record


def read_trace(path: str | Path) -> GameRecord:
    """A GameRecord from a JSON Lines trace file; ValueError (`path:line:col: ...`) for a file
    that cannot be read (a device, too large), a line that is not JSON, nests too deeply or is
    not a trace row (record/trace.py), or a file that holds no game (no `game_start`)."""
    record = GameRecord()
    try:
        lines = read_trace_lines(path)
    except SourceError as exc:
        raise ValueError(str(exc)) from None
    started = False
    for number, event in lines:
        problem = trace_row_problem(event)
        if problem is not None:
            raise ValueError(f"{path}:{number}:1: {problem}")
        started = started or event["event"] == "game_start"
        record.feed(event)
    if not started:
        raise ValueError(f"{path}:1:1: not the trace of a game: no game_start event")
    return record


NOT_PLAY = frozenset(("seq", "flows", "flows_hash"))


def first_divergence(a: list[dict], b: list[dict]) -> dict | None:
    """The first event where two traces differ, or None if they are the same; `seq` and the flow
    set game_start names (`flows`, `flows_hash`: two rule sets always differ there) are left out."""
    for index in range(max(len(a), len(b))):
        ea = {k: v for k, v in a[index].items() if k not in NOT_PLAY} if index < len(a) else None
        eb = {k: v for k, v in b[index].items() if k not in NOT_PLAY} if index < len(b) else None
        if ea != eb:
            return {"index": index, "a": ea, "b": eb}
    return None
