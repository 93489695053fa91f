"""Hooks: per-name subscriptions keep subscription order; caches follow (un)subscribing;
the ability layer listens only to what its cards use and shares its indexes (issue 17)."""
from __future__ import annotations

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.runtime.events import EVENT_TIMINGS
from vanguard_fsm.agents import make_agent
from vanguard_fsm.machine.builder import ENTER
from vanguard_fsm.machine.hooks import Hooks


def test_named_and_unnamed_subscribers_run_in_subscription_order():
    hooks, seen = Hooks(), []
    hooks.on("event", lambda g, e, f: seen.append(("all", e)))
    hooks.on("event", lambda g, e, f: seen.append(("draw only", e)), names={"draw"})
    hooks.on("event", lambda g, e, f: seen.append(("all again", e)))
    hooks.emit("event", None, "draw", {})
    hooks.emit("event", None, "call", {})
    assert seen == [("all", "draw"), ("draw only", "draw"), ("all again", "draw"), ("all", "call"),
                    ("all again", "call")]


def test_an_event_nobody_listens_to_has_no_subscriber_and_caches_follow_changes():
    hooks, seen = Hooks(), []
    listener = hooks.on("event", lambda g, e, f: seen.append(e), names={"draw"})
    assert hooks.subscribers_of_event("call") == () and len(hooks.subscribers_of_event("draw")) == 1
    hooks.off("event", listener)
    assert hooks.subscribers_of_event("draw") == ()
    hooks.on_timing("t", lambda g, n: seen.append(("named", n)))
    hooks.on("timing", lambda g, n: seen.append(("any", n)), names={"t"})
    hooks.fire_timing(None, "t")
    hooks.fire_timing(None, "u")
    assert seen == [("any", "t"), ("named", "t")]   # every `timing` subscriber, then that name's


def test_event_subs_answers_every_event_name_and_follows_changes():
    """The engine's hot paths ask `event_subs[name]` for `hears` without the call: a name never asked
    before is answered (nobody: empty), and a later (un)subscription is seen at once."""
    hooks = Hooks()
    assert hooks.event_subs["draw"] == () and not hooks.hears("draw")
    listener = hooks.on("event", lambda g, e, f: None, names={"draw"})
    assert hooks.event_subs["draw"] == (listener,) and hooks.event_subs["call"] == () and hooks.hears("draw")
    hooks.off("event", listener)
    assert hooks.event_subs["draw"] == ()


def test_the_ability_layer_listens_only_to_its_events_and_timings_and_shares_its_indexes():
    one, two = new_game_with_abilities(1), new_game_with_abilities(2)
    layer = one.abilities
    assert layer.game is one and two.abilities.game is two and two.abilities is not layer
    assert two.abilities.auto is layer.auto          # built once for this card set
    assert not any(getattr(fn, "__self__", None) is layer for fn in one.hooks.subscribers_of_event("no_such_event"))
    listened = one.hooks.subscribers_of_event(next(iter(EVENT_TIMINGS)))
    assert any(getattr(fn, "__self__", None) is layer for fn in listened)
    assert one.hooks.subscribers_of_timing("no_such_timing") == ()
    used = next(iter(layer.timing_zones))
    assert [fn.__self__ for fn in one.hooks.subscribers_of_timing(used)] == [layer]


def _stepped_pair(seed: int, agent: str = "random-attacker"):
    """Two games of one seed moved in lockstep one flow move (`step`) or choice at a time: the first
    watched by a `state` subscriber from its start, the second by nobody. Yields both after each move."""
    heard = []
    watched = Hooks()
    watched.on("state", lambda g, machine, path: heard.append((g.moves, machine, path)))
    games = (new_game_with_abilities(seed, None, "standard", hooks=watched), new_game_with_abilities(seed))
    agents = [[make_agent(agent, seed * 2 + 1), make_agent(agent, seed * 2 + 2)] for _ in games]
    while not games[0].over:
        for game, players in zip(games, agents):
            if game.pending is not None:
                game.apply(players[game.pending.player].choose(game, game.pending).id)
            else:
                game.step()
        if games[0].pending is None:
            yield games, heard


def test_a_state_subscriber_hears_the_entries_of_the_moves_made_while_one_listened():
    """A move made while nobody subscribes to `state` schedules its quiet plan (`builder.quiet_plan`), so a
    subscriber that arrives while that move's entries are still on the agenda (after `step`, before they
    run) hears entries from the next move on, none of that move's; on a watched game one that arrives at
    the same point hears the rest of that move's entries too (whoever is subscribed when an entry runs).
    The two games stay the same game."""
    late_quiet, late_watched, at = [], [], None
    for (watched, quiet), heard in _stepped_pair(5):
        assert (quiet.moves, quiet.history, quiet.runner.paths()) == \
            (watched.moves, watched.history, watched.runner.paths())
        if at is None and watched.state.turn >= 3 and \
                sum(1 for fn, _ in watched.agenda if fn is ENTER) >= 2:   # a move's entries still to run
            at, before = watched.moves, len(heard)
            quiet.hooks.on("state", lambda g, machine, path: late_quiet.append((g.moves, machine, path)))
            watched.hooks.on("state", lambda g, machine, path: late_watched.append((g.moves, machine, path)))
    assert at is not None and watched.over and quiet.over
    assert any(moves == at for moves, _, _ in heard[before:])     # that move had entries left to announce
    assert late_watched == heard[before:]
    assert late_quiet == [entry for entry in heard if entry[0] > at] and late_quiet


def test_the_first_ask_after_a_change_works_out_every_named_name_at_once():
    """A game asks ~40 names: the first ask after the subscriptions change works out every name a
    subscriber named in one pass (the others asked later get the subscribers of every name), in
    subscription order, for events and timings alike; a change starts over."""
    hooks = Hooks()
    everything = hooks.on("event", lambda g, e, f: None)
    draws = hooks.on("event", lambda g, e, f: None, names={"draw", "call"})
    ticks = hooks.on("timing", lambda g, n: None, names={"t", "u"})
    named = hooks.on_timing("u", lambda g, n: None)
    assert hooks.event_subs["draw"] == (everything, draws)
    assert dict(hooks.event_subs) == {"draw": (everything, draws), "call": (everything, draws)}
    assert hooks.event_subs["ride"] == (everything,)
    assert hooks.subscribers_of_timing("t") == (ticks,)
    assert dict(hooks.timing_subs) == {"t": (ticks,), "u": (ticks, named)}
    hooks.off("event", draws)
    assert hooks.event_subs["call"] == (everything,) and dict(hooks.event_subs) == {"call": (everything,)}
