"""Issue 18: the pull API refuses misuse without changing anything; readers and the
simulation stay bounded. (The bad-input corpus is test_bad_inputs.py; the property
tests are test_fuzz_*.py.)"""
from __future__ import annotations

import pytest

from vanguard_fsm.agents import make_agent
from vanguard_fsm.game.actions import Action, GameStateError, IllegalAction
from vanguard_fsm.game.factory import new_game
from vanguard_fsm.machine import yamlsrc
from vanguard_fsm.sim import simulate as sim


def _whole(game):
    return (game.state.canonical(), list(game.agenda), game.runner.paths(), game.rng.getstate(),
            list(game.history), game.pending, game.moves)


class LookAlike:
    """Duck-typed: it has every attribute an Action has, but is not one."""

    def __init__(self, action, player=None):
        self.id, self.kind, self.args = action.id, action.kind, action.args
        self.player = action.player if player is None else player


GARBAGE = [None, 0, 3.5, b"pass", ["pass"], {"id": "pass"}, object(), "x" * 100000, "",
           Action(["pass"], "pass", 0), Action(None, None, None)]


def test_garbage_and_look_alike_actions_are_illegal_and_change_nothing():
    game = new_game(8)
    decision = game.advance()
    before = _whole(game)
    offered = decision.actions[0]
    for bad in GARBAGE + [LookAlike(offered), LookAlike(offered, 1 - decision.player),
                          Action(offered.id, offered.kind, 1 - decision.player, offered.args)]:
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert _whole(game) == before, bad
    game.apply(offered)   # the offered action itself is still fine


def test_an_action_carrying_the_other_seat_names_it():
    game = new_game(8)
    decision = game.advance()
    a = decision.actions[0]
    with pytest.raises(IllegalAction, match="carries seat"):
        game.apply(Action(a.id, a.kind, 1 - a.player, a.args))


def test_start_twice_and_advance_before_start_are_game_state_errors():
    game = new_game(3, start=False)
    with pytest.raises(GameStateError):
        game.advance()
    with pytest.raises(GameStateError):
        game.step()
    game.start()
    game.advance()
    before = _whole(game)
    with pytest.raises(GameStateError):
        game.start()
    assert _whole(game) == before


def test_advance_after_the_end_returns_none():
    game = new_game(3)
    agent = make_agent("random", 7)
    while (d := game.advance()) is not None:
        game.apply(agent.choose(game, d))
    assert game.over and game.advance() is None and game.step() is None


def test_chunks_are_lazy_for_a_trillion_games():
    pieces = sim.chunks(10 ** 12, 2)
    assert next(pieces) == range(0, 50)


def test_process_pool_keeps_a_bounded_number_of_chunks_in_flight(monkeypatch):
    """`simulate --games N` submits chunks as others finish, never all N/50 of them first."""
    outstanding, peak = [0], [0]

    class Future:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    class InlinePool:
        def __init__(self, max_workers):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def submit(self, fn, config, piece):
            outstanding[0] += 1
            peak[0] = max(peak[0], outstanding[0])
            return Future([{"game": i} for i in piece])

    def wait(futures, return_when):
        done = {next(iter(futures))}
        outstanding[0] -= 1
        return done, set(futures) - done

    monkeypatch.setattr(sim, "ProcessPoolExecutor", InlinePool)
    monkeypatch.setattr(sim, "wait", wait)
    rows = sim.run_processes(sim.SimConfig(), 20000, workers=2)
    assert [r["game"] for r in rows] == list(range(20000))
    assert peak[0] <= sim.in_flight(2)


@pytest.mark.parametrize("text, message", [
    ("a: &a [*a]\n", "contains it"),
    ("[" * 100 + "]" * 100, "nested deeper than"),
    ("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
     "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
     "alias bomb"),
])
def test_yaml_reader_bounds(text, message):
    with pytest.raises(yamlsrc.SourceError, match=message) as info:
        yamlsrc.parse(text, "x.yaml")
    assert str(info.value).startswith("x.yaml:")


def test_yaml_reader_keeps_ordinary_aliases():
    doc = yamlsrc.parse("a: &a {x: 1}\nb: *a\n", "x.yaml")
    assert doc.data == {"a": {"x": 1}, "b": {"x": 1}} and doc.where(("b", "x")) == (1, 11)


def test_reader_refuses_what_is_not_a_regular_file(tmp_path):
    import os
    os.mkfifo(tmp_path / "p.yaml")
    (tmp_path / "big.yaml").write_text("x" * (yamlsrc.MAX_BYTES + 1))
    for name, message in (("p.yaml", "FIFO"), ("big.yaml", "too large"), ("none.yaml", "no such file")):
        with pytest.raises(yamlsrc.SourceError, match=message):
            yamlsrc.load(tmp_path / name)


def test_restoring_a_later_snapshot_brings_its_choices_back():
    """Shrunk from the pull-API property test: snapshot, apply, snapshot, restore the first,
    restore the second — the history (what replays record) was cut at the first one."""
    game = new_game(0)
    first_decision = game.advance()
    early = game.snapshot()
    game.apply(first_decision.actions[0])
    game.advance()
    late, history = game.snapshot(), list(game.history)
    game.restore(early)
    assert game.history == []
    game.restore(late)
    assert game.history == history


def test_a_merge_key_with_an_override_is_not_a_duplicate():
    """Issue 27: `<<: *anchor` then a key of the anchor written again overrides it (YAML merge);
    the duplicate check read the graph after construction had flattened the merge into the
    mapping and called the override a duplicate key. A key written twice still is one."""
    doc = yamlsrc.parse("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n", "x.yaml")
    assert doc.data["c"] == {"x": 1, "y": 3}
    assert doc.duplicates == []
    assert doc.where(("c", "y")) == (4, 6) and doc.where(("c", "x")) == (1, 14)   # the override, the anchor
    twice = yamlsrc.parse("c:\n  <<: {x: 1}\n  y: 3\n  y: 4\n", "x.yaml")
    assert twice.duplicates == [(("c", "y"), 4, 3)]


def test_a_large_file_without_aliases_is_not_called_an_alias_bomb():
    """Issue 27: a valid flow of 20,000 states (no alias) passed the node limit and was refused
    as "an alias bomb?"; the message says which limit and where the file passes it."""
    states = "".join(f"  s{i}: {{doc: state {i}, rules: [x], transitions: [{{to: s{i + 1}}}]}}\n"
                     for i in range(20_000))
    with pytest.raises(yamlsrc.SourceError) as info:
        yamlsrc.parse("states:\n" + states, "big.yaml")
    message = str(info.value)
    assert "alias" not in message and f"more than {yamlsrc.MAX_NODES} YAML nodes" in message
    line = int(message.split(":")[1])
    assert 2 < line < 20_002      # the node past the limit, not the top of the file
