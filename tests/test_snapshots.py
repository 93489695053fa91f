"""Compact snapshots (issue 17): the generator stored as (seed, words drawn), and every
restore — from memo, by drawing again, after the game shuffled — gives the same game."""
from __future__ import annotations

import io
import pickle
import random

from helpers import trace_text
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.agents import make_agent
from vanguard_fsm.game.factory import new_game
from vanguard_fsm.game.rng import GameRandom
from vanguard_fsm.game.state import Battle
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder
from vanguard_fsm.sim.bench_measures import owned_bytes


def test_game_random_draws_exactly_what_random_random_draws():
    ours, stock = GameRandom(7), random.Random(7)
    deck_a, deck_b = list(range(50)), list(range(50))
    ours.shuffle(deck_a)
    stock.shuffle(deck_b)
    assert deck_a == deck_b
    assert [ours.randrange(2) for _ in range(20)] == [stock.randrange(2) for _ in range(20)]
    assert ours.random() == stock.random() and ours.getrandbits(70) == stock.getrandbits(70)
    assert ours.getstate() == stock.getstate()


def test_shuffles_of_any_size_match_random_random_and_count_every_word_drawn():
    # the generator's own shuffle (no Python call per card, the bits a draw takes worked out once and
    # lessened at each power of two) must draw what the stock one draws,
    # rejections included, and count each word: a position reached again by drawing that many
    # words must be the same generator state
    for seed in range(30):
        ours, stock = GameRandom(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 4, 5, 16, 17, 33, 50, 64, 65, 128, 129, 200, 257, 1025):
            a, b = list(range(size)), list(range(size))
            ours.shuffle(a)
            stock.shuffle(b)
            assert a == b, (seed, size)
        assert ours.getstate() == stock.getstate()
        again = GameRandom(seed + 1000)
        again.go_to(ours.position())
        assert again.getstate() == stock.getstate()


def test_a_position_comes_back_from_the_memo_by_drawing_again_and_through_pickle():
    rng = GameRandom(3)
    rng.shuffle(list(range(40)))
    here = rng.position()
    expected = [rng.random() for _ in range(5)] + [rng.randrange(1000) for _ in range(5)]
    rng.shuffle(list(range(40)))
    rng.go_to(here)                                   # from the memo
    assert [rng.random() for _ in range(5)] + [rng.randrange(1000) for _ in range(5)] == expected
    fresh = GameRandom(99)
    fresh.go_to(here)                                 # another seed, no memo: reseed and draw again
    assert fresh.getstate() == (rng.go_to(here) or rng.getstate())
    assert [fresh.random() for _ in range(5)] + [fresh.randrange(1000) for _ in range(5)] == expected
    copy = pickle.loads(pickle.dumps(fresh))
    assert copy.position() == fresh.position() and copy.getstate() == fresh.getstate()
    assert len(pickle.dumps(fresh)) < 200


def _traced_game(seed):
    hooks = Hooks()
    recorder = TraceRecorder(hooks)
    return new_game(seed, hooks=hooks), recorder


def _rows(recorder, start):
    """Trace rows without `seq` (the recorder's own counter goes on across a restore)."""
    return [{k: v for k, v in row.items() if k != "seq"} for row in recorder.events[start:]]


def test_restoring_a_snapshot_replays_the_same_game_even_across_shuffles():
    game, recorder = _traced_game(8)
    agents = [make_agent("random", 17), make_agent("random", 18)]
    snap = game.snapshot()           # before setup: the decks are not shuffled yet
    rows_before = len(recorder.events)
    history = []
    while (decision := game.advance()) is not None:
        action = agents[decision.player].choose(game, decision)
        history.append(action.id)
        game.apply(action)
    first = _rows(recorder, rows_before)
    end = game.state.canonical()
    for attempt in range(2):         # the same snapshot twice: it is not used up
        game.restore(snap)
        del recorder.events[rows_before:]
        for action_id in history:
            game.advance()
            game.apply(action_id)
        assert game.advance() is None
        assert game.state.canonical() == end and _rows(recorder, rows_before) == first, attempt


def test_fixed_seed_traces_are_those_of_random_random():
    # GameRandom is the same generator: a trace does not depend on the class that drew it
    text = trace_text(5)
    game = new_game(5, start=False)
    assert type(game.rng) is GameRandom
    game.rng = random.Random(5)      # the old generator, same seed
    hooks = Hooks()
    out = io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game.hooks = hooks
    game.start()
    agents = [make_agent("random", 11), make_agent("random", 12)]
    while (decision := game.advance()) is not None:
        game.apply(agents[decision.player].choose(game, decision))
    assert out.getvalue() == text


def test_a_snapshot_is_small():
    game = new_game(1)
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    for _ in range(80):
        decision = game.advance()
        game.apply(agents[decision.player].choose(game, decision))
    snap = game.snapshot()
    assert snap[3] == (1, game.rng.words)
    assert owned_bytes(game.rng.getstate()) > 20_000     # what the old snapshot held for the generator
    assert owned_bytes(snap) < 15_360


def test_battle_clone_copies_every_field():
    battle = Battle()
    for k, name in enumerate(Battle.__slots__):
        setattr(battle, name, f"value {k}")
    copy = battle.clone()
    assert [getattr(copy, n) for n in Battle.__slots__] == [getattr(battle, n) for n in Battle.__slots__]


def _abilities_played_in_one_move(game, agents):
    """The first decision of `game` (played by `agents`) where some action makes the ability layer
    play an ability before the next flow move; (snapshot there, that action's id)."""
    while True:
        decision = game.advance()
        assert decision is not None, "no action of this game plays an ability in the same flow move"
        snap = game.snapshot()
        for action in decision.actions:
            game.apply(action)
            if game.abilities.played_at == (snap[5], 1):
                return snap, action.id
            game.restore(snap)
        game.apply(agents[decision.player].choose(game, decision))


def test_a_restore_brings_back_the_count_of_abilities_played_in_the_check_timing():
    """Issue 29 (referee): the runaway bound counts abilities played since the last flow move
    (limits.abilities_per_check_timing); a search restores one position again and again, and each
    iteration's abilities are not one endless check timing (CR 8.4.1). Without the count in the
    snapshot, the 11th replay of the same move raised a false 'runaway ability'."""
    game = new_game_with_abilities(3, decks=("neo-nectar", "nova-grappler"))
    game.params = {**game.params, "limits": {**game.params["limits"], "abilities_per_check_timing": 10}}
    snap, action = _abilities_played_in_one_move(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    for _ in range(12):
        game.restore(snap)
        game.apply(action)
        assert game.abilities.played_at == (snap[5], 1)
