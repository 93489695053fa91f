"""Hooks: per-name subscriptions keep subscription order; caches follow (un)subscribing;
the ability layer listens only to what its cards use and shares its indexes (issue 17)."""
from __future__ import annotations

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.runtime.events import EVENT_TIMINGS
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
    assert layer.on_event not in one.hooks.subscribers_of_event("no_such_event")
    listened = one.hooks.subscribers_of_event(next(iter(EVENT_TIMINGS)))
    assert any(getattr(fn, "__self__", None) is layer for fn in listened)
    assert one.hooks.subscribers_of_timing("no_such_timing") == ()
    used = next(iter(layer.timing_zones))
    assert [fn.__self__ for fn in one.hooks.subscribers_of_timing(used)] == [layer]
