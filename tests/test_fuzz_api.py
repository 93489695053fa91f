"""Property test of the pull API (issue 18): a Hypothesis `RuleBasedStateMachine` drives
`Game.advance`/`apply`/`snapshot`/`restore` with legal, illegal and garbage actions.

Rules: apply a random legal action; try an illegal or garbage one (the whole state must
be unchanged and the error an `IllegalAction`); snapshot; restore a snapshot (exactly that
position again); rewind (restore an earlier snapshot and re-apply the same action ids:
the same position must come back). Invariants after every step: card conservation, every
zone and circle consistent with the rules (no G unit on a rear-guard circle, a unit only
on its owner's field), every zone of both seats equal to the zones a reader rebuilds from
the trace so far (`record.board.TraceBoard`; a refused action writes no trace row, and a
restore takes the trace back to its rows at the snapshot), damage and deck counts
within bounds, and a finished game ended by a rule. The quick profile runs by default; `pytest -m fuzz` runs the long one.
"""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from fuzz_profiles import FUZZ, QUICK
from helpers import engine_zones
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.game.actions import Action, IllegalAction
from vanguard_fsm.game.state import CIRCLES
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.board import TraceBoard
from vanguard_fsm.record.trace import TraceRecorder

RULE_REASONS = {"damage", "deck_out", "no_vanguard", "turn_limit"}

GARBAGE = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=False), st.binary(max_size=8), st.booleans(),
    st.text(max_size=30), st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.builds(Action, st.one_of(st.text(max_size=20), st.integers(), st.none()),
              st.one_of(st.text(max_size=10), st.none()), st.one_of(st.integers(-2, 3), st.none()),
              st.tuples(st.integers())),
)


def whole(game) -> tuple:
    d = game.pending
    decision = None if d is None else (d.player, d.kind, tuple(d.ids()))
    return (game.state.canonical(), tuple(game.runner.paths()), game.rng.getstate(), tuple(game.history),
            decision, game.moves, game.runner.transitions, len(game.agenda))


class PullAPI(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game = None
        self.snaps: list = []
        self.recorder = self.board = None
        self.fed = 0

    @rule(seed=st.integers(0, 2 ** 32), quick=st.booleans())
    @precondition(lambda self: self.game is None)
    def new(self, seed, quick):
        hooks = Hooks()
        self.recorder = TraceRecorder(hooks)
        self.game = new_game_with_abilities(seed, None, "quick" if quick else "standard", hooks=hooks)
        self.initial = [Counter(p.all_instances()) for p in self.game.state.players]
        self.deck_sizes = [len(p.deck) for p in self.game.state.players]
        self.game.advance()

    @rule(pick=st.integers(0, 10 ** 6))
    @precondition(lambda self: self.game is not None and self.game.pending is not None)
    def apply_legal(self, pick):
        actions = self.game.pending.actions
        self.game.apply(actions[pick % len(actions)])
        self.game.advance()

    @rule(bad=GARBAGE)
    @precondition(lambda self: self.game is not None)
    def apply_garbage(self, bad):
        game = self.game
        legal = game.pending.actions if game.pending is not None else ()
        if (isinstance(bad, str) and any(a.id == bad for a in legal)) or any(a == bad for a in legal):
            return   # it happens to be legal
        before, rows = whole(game), len(self.recorder.events)
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert whole(game) == before and len(self.recorder.events) == rows

    @rule(pick=st.integers(0, 10 ** 6), seat_flip=st.booleans())
    @precondition(lambda self: self.game is not None and self.game.pending is not None)
    def apply_other_seat_or_stale(self, pick, seat_flip):
        """An offered action with the other seat, or an id from another decision: refused."""
        game = self.game
        offered = game.pending.actions[pick % len(game.pending.actions)]
        bad = Action(offered.id, offered.kind, 1 - offered.player, offered.args) if seat_flip else \
            Action(offered.id + "#stale", offered.kind, offered.player, offered.args)
        before, rows = whole(game), len(self.recorder.events)
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert whole(game) == before and len(self.recorder.events) == rows

    @rule()
    @precondition(lambda self: self.game is not None)
    def snapshot(self):
        self.snaps.append((self.game.snapshot(), whole(self.game), tuple(self.game.history),
                           (tuple(self.recorder.events), self.recorder.seq)))

    @rule(pick=st.integers(0, 10 ** 6))
    @precondition(lambda self: self.snaps)
    def restore(self, pick):
        snap, expected, _, trace_at = self.snaps[pick % len(self.snaps)]
        self.game.restore(snap)
        self._rewind_trace(trace_at)
        assert whole(self.game) == expected

    @rule(pick=st.integers(0, 10 ** 6))
    @precondition(lambda self: self.snaps)
    def rewind_and_replay(self, pick):
        """Back to an earlier position, then the same choices again: the same position."""
        game = self.game
        snap, _, line, trace_at = self.snaps[pick % len(self.snaps)]
        if tuple(game.history[:len(line)]) != line:
            return    # a snapshot from another line of play
        now, ahead = whole(game), list(game.history[len(line):])
        game.restore(snap)
        self._rewind_trace(trace_at)
        # advance() answers single-option decisions itself (history records them): replay
        # like a replay file does, the recorded id at every pending decision
        applied = 0
        while applied < len(ahead):
            if game.pending is not None:
                game.apply(ahead[applied])
                applied += 1
            else:
                assert not game.over, f"the game ended with {len(ahead) - applied} choices left"
                game.step()
        game.advance()
        assert whole(game) == now

    def _rewind_trace(self, trace_at) -> None:
        """The trace goes back (or forward) with the game: exactly the rows it had at the
        snapshot (restoring a later snapshot after an earlier one brings its rows back)."""
        rows, seq = trace_at
        self.recorder.events[:] = rows
        self.recorder.seq = seq
        self.board, self.fed = None, 0

    @invariant()
    def zones_are_what_the_trace_says(self):
        if self.game is None:
            return
        if self.board is None:
            self.board, self.fed = TraceBoard(), 0
        rows = self.recorder.events
        while self.fed < len(rows):
            self.board.feed(rows[self.fed])
            self.fed += 1
        cards = self.game.cards
        for seat in (0, 1):
            have = self.board.zones(seat)
            for zone, ids in engine_zones(self.game, seat).items():
                assert Counter(cards[i].id for i in ids) == have[zone], \
                    f"seat {seat} {zone}: engine and trace disagree after seq {self.fed - 1}"

    @invariant()
    def cards_are_conserved_and_placed_by_the_rules(self):
        game = self.game
        if game is None:
            return
        limit = game.params["damage_to_lose"][game.state.format]
        for seat, p in enumerate(game.state.players):
            cards = p.all_instances()
            assert Counter(cards) == self.initial[seat], f"seat {seat}: cards appeared or vanished"
            assert all(game.owner[i] == seat for i in cards)
            assert set(p.circles) == set(CIRCLES)
            for circle, unit in p.circles.items():
                if unit is None:
                    continue
                card = game.cards[unit.card]
                assert game.owner[unit.card] == seat
                if circle != "VC":
                    assert card.unit != "g_unit", f"G unit {card.id} on rear-guard circle {circle}"
            assert 0 <= len(p.deck) <= self.deck_sizes[seat]
            assert len(p.damage) <= limit + 8, "damage far past the limit"
        if game.over:
            winner, loser, reason = game.state.result
            assert reason in RULE_REASONS, reason
            assert game.advance() is None and game.pending is None


TestPullAPIQuick = PullAPI.TestCase
TestPullAPIQuick.settings = QUICK


class PullAPIFuzz(PullAPI):
    pass


TestPullAPIFuzz = pytest.mark.fuzz(PullAPIFuzz.TestCase)
TestPullAPIFuzz.settings = FUZZ
