"""The version 2 trace is complete (CONTRACT.md, issue 13): a reader that knows only the
trace rebuilds every zone of both seats, and at every flow state entered it equals the
engine's, in seeded games with the card abilities on (random and heuristic agents).

Each check is short: per zone, its card count and a sum of random 64-bit weights of its
card ids (an order-free fingerprint of the multiset); only a mismatch compares the zones
card by card, to say what went wrong. `turn_begin.sizes` is checked against the reader too.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from helpers import engine_zones, play
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.board import TraceBoard
from vanguard_fsm.record.trace import TraceRecorder

RANDOM_GAMES, HEURISTIC_GAMES, CHUNK = 1000, 200, 100
_WEIGHTS: dict[str, int] = {}


def _weight(card_id: str) -> int:
    w = _WEIGHTS.get(card_id)
    if w is None:
        w = _WEIGHTS[card_id] = random.Random(card_id).getrandbits(64)
    return w


class Checker:
    """Feeds the trace rows to a `TraceBoard` and compares it with the engine at each state."""

    def __init__(self, game, recorder: TraceRecorder) -> None:
        self.game, self.recorder, self.board, self.fed, self.states = game, recorder, TraceBoard(), 0, 0
        self.prints = None
        self.weights = [_weight(c.id) for c in game.cards]
        game.hooks.on("state", self.check)

    def feed(self) -> None:
        rows = self.recorder.events
        if self.fed < len(rows):
            self.prints = None       # the board changed: its fingerprints are computed again
        while self.fed < len(rows):
            row = rows[self.fed]
            self.fed += 1
            self.board.feed(row)
            if row["event"] == "turn_begin":
                for seat in (0, 1):
                    assert row["sizes"][seat] == self.board.sizes(seat), (row["seq"], seat)

    def check(self, game, machine, path) -> None:
        self.feed()
        if not self.board.seats:
            return      # before game_start
        self.states += 1
        w = self.weights
        if self.prints is None:
            self.prints = [{zone: (sum(have.values()), sum(_weight(c) * n for c, n in have.items()))
                            for zone, have in self.board.zones(seat).items()} for seat in (0, 1)]
        for seat in (0, 1):
            prints = self.prints[seat]
            for zone, cards in engine_zones(game, seat).items():
                if prints[zone] != (len(cards), sum(map(w.__getitem__, cards))):
                    have = self.board.zones(seat)[zone]
                    want = Counter(game.cards[i].id for i in cards)
                    raise AssertionError(f"{machine}.{path} after seq {self.fed - 1}: seat {seat} {zone}: "
                                         f"engine {dict(want)} trace {dict(have)}")


def play_traced(seed, agents, decks=None):
    hooks = Hooks()
    recorder = TraceRecorder(hooks)
    game = new_game_with_abilities(seed, decks, hooks=hooks, start=False)
    checker = Checker(game, recorder)
    game.start()
    play(game, agents, seed)
    checker.feed()
    return game, recorder, checker


@pytest.mark.parametrize("start", range(0, RANDOM_GAMES, CHUNK))
def test_random_games_trace_rebuilds_every_zone(start):
    for seed in range(start, start + CHUNK):
        game, recorder, checker = play_traced(seed, ("random", "random"))
        assert game.over and checker.states > 50


@pytest.mark.parametrize("start", range(0, HEURISTIC_GAMES, CHUNK))
def test_heuristic_games_trace_rebuilds_every_zone(start):
    for seed in range(start, start + CHUNK):
        game, recorder, checker = play_traced(seed, ("heuristic", "heuristic"))
        assert game.over and checker.states > 50


def test_the_written_trace_alone_rebuilds_the_final_zones(tmp_path):
    """The same from the JSON Lines text (what a reader really has), at the end of a game."""
    game, recorder, _ = play_traced(7, ("heuristic", "heuristic"))
    board = TraceBoard()
    for line in [json.dumps(r, separators=(",", ":")) for r in recorder.events]:
        board.feed(json.loads(line))
    for seat in (0, 1):
        for zone, cards in engine_zones(game, seat).items():
            assert Counter(game.cards[i].id for i in cards) == board.zones(seat)[zone], (seat, zone)
    first = recorder.of("game_start")[0]
    assert first["version"] == 2 and len(first["zones"][0]["deck"]) == 50
    assert not [r for r in recorder.of("move") if "deck" in (r["from"], r["to"]) or "soul" in (r["from"], r["to"])]


def test_a_missing_report_is_caught():
    """The check can fail: a movement the trace does not report (a silent draw) is found."""
    hooks = Hooks()
    recorder = TraceRecorder(hooks)
    game = new_game_with_abilities(3, hooks=hooks, start=False)
    Checker(game, recorder)
    game.start()
    game.advance()
    p = game.state.players[0]
    p.hand.append(p.deck.pop())        # behind the trace's back
    with pytest.raises(AssertionError, match="seat 0 (deck|hand)"):
        play(game, ("random", "random"), 3)


def issue13_decks():
    """The built-in decks with the cards of issue 13's second pass in them (statuses, Sentinel,
    when boosted, G assist removal, main-phase condition, attacks by effects, several attacked
    units), all legal."""
    import dataclasses
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import deck_problems, load_deck
    db = load_cards()
    out = []
    for name, swaps in (("aurora", (("AL-011", "AL-031", 2), ("AL-014", "AL-033", 2), ("AL-015", "AL-032", 2),
                                    ("AL-009", "AL-034", 2))),
                        ("tidewyrm", (("TC-008", "TC-031", 4), ("TC-012", "TC-033", 2), ("TC-014", "TC-032", 2),
                                      ("TC-010", "TC-034", 2), ("TC-011", "TC-035", 2),
                                      ("TC-015", "TC-212", 2), ("TC-013", "TC-213", 2)))):
        deck = load_deck(name, db)
        main = list(deck.main)
        for old, new, times in swaps:
            for _ in range(times):
                main[main.index(old)] = new
        deck = dataclasses.replace(deck, main=tuple(main))
        assert not deck_problems(deck, db)
        out.append(deck)
    return out


def test_games_with_the_issue13_cards_trace_rebuilds_every_zone():
    """Legion strides with a heart choice, perfect guards, drive changes ...: the trace still rebuilds every zone."""
    decks = issue13_decks()
    for seed in range(60):
        agents = ("random", "heuristic") if seed % 2 else ("random", "random")
        game, recorder, checker = play_traced(seed, agents, decks if seed % 3 else decks[::-1])
        assert game.over and checker.states > 50


def real_decks():
    """Every built-in deck made of real cards only (each card has a `source`): the real costs and
    effects (Time Leap, a heart under the deck, reveal until two, rides from the top five, a waived
    stride ...) move cards the invented decks never move."""
    from vanguard_fsm.game.cards import load_cards
    from vanguard_fsm.game.decks import load_deck
    from vanguard_fsm.paths import builtin_decks_dir
    db = load_cards()
    decks = [load_deck(p.stem, db) for p in sorted(builtin_decks_dir().glob("*.yaml"))]
    return [d for d in decks if all(db[i].source for i in d.main + d.g_deck)]


def test_the_real_decks_are_found():
    assert {"royal-paladin", "kagero", "gear-chronicle", "link-joker"} <= {d.name for d in real_decks()}


@pytest.mark.parametrize("deck", real_decks(), ids=lambda d: d.name)
def test_real_deck_mirrors_trace_rebuilds_every_zone(deck):
    """Each real deck's mirror, heuristic and random-vs-heuristic: the trace rebuilds every zone at
    every state entered (3,300 such games, 300 a deck, were checked once by hand; 20 a deck here:
    a Cockatrice heart put under the deck with its `put` left out is caught in game 10 of
    gear-chronicle)."""
    for seed in range(20):
        agents = ("heuristic", "heuristic") if seed % 2 == 0 else ("random", "heuristic")
        game, recorder, checker = play_traced(seed, agents, [deck, deck])
        assert game.over and checker.states > 50
