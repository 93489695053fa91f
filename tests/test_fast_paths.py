"""The engine's skips (issue 17) change nothing but speed.

Each skip is a cheap test that stands in front of the slow, general code. On seeded
games with the card abilities attached, every skip is checked against the slow path at
the moment it skips, and whole traces with the skip on and off are compared byte for byte.
"""
from __future__ import annotations

import io

import pytest

from vanguard_fsm.abilities.runtime import layer as layer_module
from vanguard_fsm.abilities.runtime import listeners as listeners_module
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.runtime.listeners import every_card_specs, timing_specs
from vanguard_fsm.abilities.runtime import static as static_module
from vanguard_fsm.abilities.runtime.layer import AbilityLayer
from vanguard_fsm.agents.determinize import search_game
from vanguard_fsm.abilities.runtime.listeners import listening_specs, on_timing
from vanguard_fsm.game.rules import check_timing as check_timing_module
from vanguard_fsm.machine.builder import CompiledFlowSet
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.machine.loader import load_flowset
from vanguard_fsm.machine.registry import REGISTRY
from vanguard_fsm.paths import builtin_flows_dir
from vanguard_fsm.record.trace import TraceRecorder

from helpers import play

AGENTS = ["random", "random-attacker", "heuristic"]


def _trace(seed, agent, fmt="standard", flows=None, decks=None) -> str:
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game_with_abilities(seed, decks, fmt, hooks=hooks, flows=flows)
    play(game, (agent, agent), seed)
    return out.getvalue() + "|".join(game.history)


def _every_owner(game, name):
    return True, True


def _every_card(layer, game, name):
    """`listening_specs` replaced by the full look (`every_card_specs`)."""
    return every_card_specs(layer, game, name, ())


def _would_trigger(game, name) -> bool:
    """Would an AUTO ability on timing `name` stand by now? Every player's listening cards looked at,
    whatever side of the turn it is (no `listening_owners` filter, not the index's looks)."""
    layer, saved = game.abilities, (listeners_module.listening_owners, listeners_module.listening_specs)
    listeners_module.listening_owners, listeners_module.listening_specs = _every_owner, _every_card
    try:
        return any(layer.trigger(game, seat, inst, spec, name, placed, dry=True)
                   for seat, inst, spec, placed in timing_specs(layer, game, name))
    finally:
        listeners_module.listening_owners, listeners_module.listening_specs = saved


def _unfiltered(layer, game, name, dry=False) -> bool:
    """`on_timing` without its filter: every timing the layer listens to is looked at in full."""
    return game.abilities is layer and name in layer.timing_zones and layer.stand_by_at(game, name, dry)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_timing_is_skipped_only_when_no_listening_card_can_trigger(monkeypatch, agent):
    skipped = looked = skipped_granted = 0
    stand_by_at = AbilityLayer.stand_by_at

    def looked_at(layer, game, name, dry):
        nonlocal looked
        looked += 1
        return stand_by_at(layer, game, name, dry)

    def checked(layer, game, name, dry=False):
        nonlocal skipped, skipped_granted
        before = looked
        answer = on_timing(layer, game, name, dry)
        if looked == before and game.abilities is layer and name in layer.timing_zones:
            skipped += 1
            skipped_granted += bool(game.state.abilities.granted)
            assert not _would_trigger(game, name), f"{name}: skipped although a listening card can trigger"
        return answer

    monkeypatch.setattr(AbilityLayer, "stand_by_at", looked_at)
    monkeypatch.setattr(AbilityLayer, "on_timing", checked)
    for seed in range(6):
        _trace(seed, agent)
    assert skipped > 100 and looked > 20     # both branches ran
    assert skipped_granted > 0 or agent != "heuristic"   # also while effects have given abilities


@pytest.mark.parametrize("agent", AGENTS)
def test_traces_are_the_same_without_the_timing_filter(monkeypatch, agent):
    for seed in range(3):
        fast = _trace(seed, agent)
        with monkeypatch.context() as patch:
            patch.setattr(AbilityLayer, "on_timing", _unfiltered)
            patch.setattr(listeners_module, "listening_owners", _every_owner)
            patch.setattr(listeners_module, "listening_specs", _every_card)
            slow = _trace(seed, agent)
        assert len(fast) > 1000 and fast == slow, f"seed {seed}: the timing filter changed the game"


@pytest.mark.parametrize("agent", AGENTS)
def test_the_index_looks_list_the_listening_abilities_that_can_trigger(monkeypatch, agent):
    """At every timing fired, its abilities found through the index's looks on this side of the turn
    (`listening_specs`) are the full look's at both players' cards (`every_card_specs`) in the same
    order, less only abilities that cannot trigger."""
    compared = left_out = 0

    def checked(layer, game, name, dry=False):
        nonlocal compared, left_out
        if game.abilities is layer and name in layer.timing_zones:
            fast = listening_specs(layer, game, name)
            with monkeypatch.context() as patch:
                patch.setattr(listeners_module, "listening_owners", _every_owner)
                full = every_card_specs(layer, game, name, ())
            assert [entry for entry in full if entry in fast] == fast, f"{name}: not the full look's, in its order"
            for seat, inst, spec, placed in full:
                if (seat, inst, spec, placed) not in fast:
                    left_out += 1
                    assert not layer.trigger(game, seat, inst, spec, name, placed, dry=True), \
                        f"{name}: {spec.key} left out"
            compared += bool(fast)
        return on_timing(layer, game, name, dry)

    monkeypatch.setattr(AbilityLayer, "on_timing", checked)
    for seed in range(3):     # a mirror match too: both players' cards listening at one timing
        _trace(seed, agent)
        _trace(seed, agent, decks=("tidewyrm", "tidewyrm"))
    assert compared > 20 and left_out > 0


def _flows_checking_with(patch, check):
    """The built-in flows compiled with `check` as their check timing action, which the rules also
    schedule themselves (after a ride from the soul, a point of the damage process, an ability)."""
    patch.setitem(REGISTRY.actions._items, "check_timing", check)
    patch.setattr(check_timing_module, "check_timing", check)
    return CompiledFlowSet(load_flowset(builtin_flows_dir()))


def _no_rule_action_applies(game) -> None:
    """Every rule action, run now, finds nothing to do: no change, no event."""
    before = (game.state.canonical(), list(game.agenda), game.pending, len(game.history))
    events = []
    game.hooks.on("event", lambda g, name, fields: events.append(name))
    for name in game.params["rule_actions"]:
        assert not check_timing_module.RULE_ACTIONS[name](game), f"{name} applied where the skip saw none"
    game.hooks.off("event", game.hooks.channel_subs["event"][-1])
    assert (game.state.canonical(), list(game.agenda), game.pending, len(game.history)) == before
    assert not events, f"the rule actions did {events} where the skip saw none to do"


@pytest.mark.parametrize("agent", AGENTS)
def test_rule_actions_are_skipped_only_when_none_applies(monkeypatch, agent):
    skipped = full = 0
    check_timing, in_full = check_timing_module.check_timing, check_timing_module.rule_actions_then_abilities

    def checked_in_full(game, rules_apply=True):
        nonlocal skipped, full
        if rules_apply:
            full += 1
        else:    # the check timing is there for a pending ability alone
            skipped += 1
            _no_rule_action_applies(game)
        in_full(game, rules_apply)

    def checked(game):
        nonlocal skipped
        before = skipped + full
        check_timing(game)
        if skipped + full == before:     # nothing at all to do: the game is untouched
            skipped += 1
            _no_rule_action_applies(game)

    monkeypatch.setattr(check_timing_module, "rule_actions_then_abilities", checked_in_full)
    flows = _flows_checking_with(monkeypatch, checked)
    for seed in range(4):
        _trace(seed, agent, flows=flows)
    assert skipped > 200 and full > 5      # both branches ran (a rule action applies seldom)


def _check_timing_in_full(game) -> None:
    """The check timing without its skip: every rule action looked at, then the pending abilities."""
    check_timing_module.rule_actions_then_abilities(game)


@pytest.mark.parametrize("agent", AGENTS)
def test_traces_are_the_same_without_the_rule_action_skip(monkeypatch, agent):
    for seed in range(3):
        fast = _trace(seed, agent)
        with monkeypatch.context() as patch:
            slow = _trace(seed, agent, flows=_flows_checking_with(patch, _check_timing_in_full))
        assert len(fast) > 1000 and fast == slow, f"seed {seed}: the rule action skip changed the game"


@pytest.mark.parametrize("fmt", ["standard", "quick"])
def test_the_damage_limit_kept_by_check_timing_is_its_games_format(fmt):
    """`Game.damage_limit` (read once from the parameters; every check timing compares with it) is the
    game's own format's `damage_to_lose`, a search's private game keeps it, and a game lost by damage
    ends at it."""
    for seed in range(3):
        game = play(new_game_with_abilities(seed, None, fmt), ("random-attacker", "random-attacker"), seed)
        limit = game.params["damage_to_lose"][fmt]
        assert game.damage_limit == limit and search_game(game).damage_limit == limit
        winner, loser, reason = game.state.result
        if reason == "damage":
            assert len(game.state.players[loser].damage) == limit


@pytest.mark.parametrize("agent", AGENTS)
def test_act_cards_are_the_cards_in_the_act_zones_with_an_act_ability(monkeypatch, agent):
    """`static.act_cards` (found through the index of each player's instances with an ACT ability)
    lists what `cards_in` lists for the ACT zones and card ids, in its order, at every main phase
    decision: none (the default decks, mostly) and some (the real decks: on the field and in the hand)."""
    empty = found = 0
    act_cards = static_module.act_cards

    def checked(layer, game, seat):
        nonlocal empty, found
        answer = act_cards(layer, game, seat)
        assert answer == layer.cards_in(game, seat, layer.act_zones, layer.act)
        empty, found = empty + (not answer), found + bool(answer)
        return answer

    monkeypatch.setattr(static_module, "act_cards", checked)
    for decks in (None, ("royal-paladin", "kagero")):
        for seed in range(3):
            _trace(seed, agent, decks=decks)
    assert empty > 5 and found > 5      # both branches ran


def test_named_tuples_made_field_by_field_give_every_field():
    """The hot paths make `Ctx` and `Pending` with `tuple.__new__` (no class call), which does not
    check the number of fields: every such call in the ability layer must list them all, so a field
    added to either named tuple cannot leave a short tuple behind at one of those call sites."""
    import ast
    import inspect
    from vanguard_fsm.abilities.runtime import abstate
    from vanguard_fsm.abilities.language.targets import Ctx
    kinds = {"Ctx": Ctx, "Pending": abstate.Pending}
    checked = 0
    for module in (layer_module, abstate, static_module):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_new"
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in kinds
                    and isinstance(node.args[1], ast.Tuple)):
                fields = kinds[node.args[0].id]._fields
                assert len(node.args[1].elts) == len(fields), \
                    f"{module.__name__}:{node.lineno}: {node.args[0].id} made with " \
                    f"{len(node.args[1].elts)} values for its {len(fields)} fields {fields}"
                checked += 1
    assert checked >= 4     # the trigger's Ctx and Pending, a played ability's Ctx, a CONT ability's (`static._own`)


def test_a_power_look_skips_cont_values_only_where_none_applies():
    """`zones.power` does not ask `cont_value` of a unit whose card has no CONT power ability of its own
    while nothing reaches other units and no CONT ability is given (`static.own_only_ids`): at every
    decision, every unit's and guardian's power is the same with the skip turned off."""
    from vanguard_fsm.game import zones
    skipped = 0

    def check(game, decision, action):
        nonlocal skipped
        layer = game.abilities
        ids, held = layer.cont_power_ids, game.state.abilities
        units = [unit for p in game.state.players for _, unit in p.units()] + \
                [unit for p in game.state.players for unit in p.gc]
        fast = [zones.power(game, unit) for unit in units]
        layer.cont_power_ids = None            # ask cont_value of every unit
        try:
            assert fast == [zones.power(game, unit) for unit in units], "a skipped CONT value changed a power"
        finally:
            layer.cont_power_ids = ids
        if ids is not None and not (held is not None and held.granted):
            skipped += sum(game.cards[unit.card].id not in ids for unit in units)

    # the default decks give a CONT ability; an angel-feather card's CONT reaches its other units
    for decks in (None, ("aqua-force", "megacolony"), ("dimension-police", "td02"), ("angel-feather", "kagero")):
        for seed in range(3):
            play(new_game_with_abilities(seed, decks, "standard"), ("heuristic", "heuristic"), seed, check)
    assert skipped > 100       # the skip ran


def test_traces_are_the_same_without_the_power_skip(monkeypatch):
    fast = [_trace(seed, "heuristic", decks=("aqua-force", "megacolony")) for seed in range(3)]
    import vanguard_fsm.abilities as abilities_package
    monkeypatch.setattr(static_module, "own_only_ids", lambda layer, what: None)
    monkeypatch.setattr(abilities_package, "_LAYERS", {})      # layers built again, without the skip
    assert fast == [_trace(seed, "heuristic", decks=("aqua-force", "megacolony")) for seed in range(3)]


def test_a_cont_power_reaching_other_units_makes_every_power_look_ask():
    """Zerachiel (angel-feather, BT11-002) gives other Celestial units power: with it in the game no
    unit's power look may skip `cont_value`; without a CONT that reaches others, only the cards with a
    CONT power ability of their own are asked (the test above checks the skip at every decision)."""
    reaching = new_game_with_abilities(0, ("angel-feather", "kagero"), "standard").abilities
    assert "BT11-002" in reaching.cont_by_what["power"]
    assert static_module.own_only_ids(reaching, "power") is None
    own_only = new_game_with_abilities(0, ("aqua-force", "megacolony"), "standard").abilities
    assert static_module.own_only_ids(own_only, "power") == frozenset(own_only.cont_self["power"])


def test_a_unit_is_found_by_its_placement_whichever_field_is_walked_first():
    """`targets.find_unit(game, placed, first)` walks the field of `first` first (an ability's master, for
    its own unit): a placement number is one unit's alone, so either order finds the same unit, and a unit
    that left the field is found by neither. Checked at every decision of seeded games, for every unit on
    the field and the guardian circle (a legion's mate too) and for placements no unit has any more."""
    from vanguard_fsm.abilities.language.targets import find_unit, units_of
    from vanguard_fsm.agents import make_agent
    units = gone = 0
    for decks in (None, ("royal-paladin", "kagero")):
        for seed in range(3):
            game = new_game_with_abilities(seed, decks, "standard")
            agents = [make_agent("heuristic", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
            while (decision := game.advance()) is not None:
                refs = units_of(game, 0) + units_of(game, 1)
                placements = [unit.placed for _, _, unit in refs]
                assert len(set(placements)) == len(placements)     # one unit per placement number
                for seat, where, unit in refs:
                    assert find_unit(game, unit.placed, seat) == find_unit(game, unit.placed, 1 - seat) \
                        == find_unit(game, unit.placed) == (seat, where, unit)
                    units += 1
                for placed in set(range(1, game.state.placed_counter + 1)) - set(placements):
                    assert find_unit(game, placed, 0) is find_unit(game, placed, 1) is None
                    gone += 1
                game.apply(agents[decision.player].choose(game, decision))
    assert units > 1000 and gone > 1000


class _EveryTiming(dict):
    """`AbilityLayer.timing_zones` that says every timing is one a card here waits for: each test
    written in front of a call (`events.py`: `subject` and `watch` calls) lets the call through."""

    def __contains__(self, name) -> bool:
        return True

    def __missing__(self, name) -> set:
        return set()


def _trace_every_timing_asked(seed, decks) -> str:
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game_with_abilities(seed, decks, "standard", hooks=hooks, start=False)
    game.abilities.timing_zones = _EveryTiming(game.abilities.timing_zones)
    game.start()
    play(game, ("random-attacker", "random-attacker"), seed)
    return out.getvalue() + "|".join(game.history)


@pytest.mark.parametrize("decks", [None, ("royal-paladin", "kagero"), ("aurora", "link-joker")])
def test_an_event_asks_subject_only_for_timings_a_card_here_is_on(decks):
    """The events' `subject` calls for one timing are made only when the timing is in `timing_zones`
    (every AUTO ability's timing, printed, given or delayed): with every call made, the games and traces
    are the same, and no AUTO spec of the layer is on a timing outside it."""
    for seed in range(2):
        game = new_game_with_abilities(seed, decks, "standard")
        layer = game.abilities
        assert all(spec.timing in layer.timing_zones for spec in layer.specs.values() if spec.kind == "AUTO")
        quiet = io.StringIO()
        hooks = Hooks()
        TraceRecorder(hooks, quiet, keep=False)
        filtered = new_game_with_abilities(seed, decks, "standard", hooks=hooks)
        play(filtered, ("random-attacker", "random-attacker"), seed)
        every = _trace_every_timing_asked(seed, decks)
        assert len(every) > 1000 and quiet.getvalue() + "|".join(filtered.history) == every


# the CONT effects read as a value of a unit (`cont_value`, `has_flag`, `cont_restrictions.allows`)
_CONT_VALUES = ("power", "critical", "lord", "resist", "restraint", "cannot_attack", "cannot_be_boosted",
                "cannot_be_attacked", "cannot_intercept")


def test_a_cont_value_skips_the_look_only_where_no_ability_applies():
    """`static.cont_value` answers 0 at once for a unit whose card has no CONT ability of its own on
    `what`, while no CONT on `what` reaches other units and none is given (`layer.cont_own_ids`, from
    `own_only_ids`): at every decision, every unit's and guardian's value of every CONT effect of the game
    (power, Lord, `cannot_be_boosted` ...) is the same with the skip turned off."""
    skipped = 0

    def check(game, decision, action):
        nonlocal skipped
        layer = game.abilities
        units = [unit for p in game.state.players for _, unit in p.units()] + \
                [unit for p in game.state.players for unit in p.gc]
        asks = [(unit, what) for unit in units for what in _CONT_VALUES if what in layer.cont_effects]
        fast = [layer.cont_value(game, unit, what) for unit, what in asks]
        kept, layer.cont_own_ids = layer.cont_own_ids, dict.fromkeys(layer.cont_own_ids)    # every look made
        try:
            assert fast == [layer.cont_value(game, unit, what) for unit, what in asks], "a skipped CONT value"
        finally:
            layer.cont_own_ids = kept
        held = game.state.abilities
        skipped += sum(kept[what] is not None and game.cards[unit.card].id not in kept[what]
                       and not (held is not None and held.granted) for unit, what in asks)

    for decks in (None, ("royal-paladin", "kagero"), ("angel-feather", "kagero"), ("aqua-force", "megacolony")):
        for seed in range(2):
            play(new_game_with_abilities(seed, decks, "standard"), ("heuristic", "heuristic"), seed, check)
    assert skipped > 1000       # the skip ran
