"""The battle rules' skips and written-out tests (issue 32) change nothing but speed.

In a game none of whose cards can restrict an attack, a boost, a guard or an intercept, the ability
layer's `allows` says yes to everything, so the battle rules do not ask it (`battle._restricting`).
Seeded games check that nothing is asked then, and that whole traces are byte for byte the same
with the skip turned off.
"""
from __future__ import annotations

import io

import pytest

from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.mechanics import cont_restrictions
from vanguard_fsm.game.rules import battle
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.record.trace import TraceRecorder

from helpers import play

AGENTS = ["random", "random-attacker", "heuristic"]


def _trace(seed, agent, asked=None) -> str:
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game_with_abilities(seed, None, "standard", hooks=hooks)
    if asked is not None:    # as if a card could restrict: every rule that skips `allows` (`_restricting`,
        game.abilities.restricts = True     # or its test written out) asks it, about every ask a card could
        game.abilities.refuses = frozenset(cont_restrictions.REFUSERS)     # refuse; it says yes, noting what
        game.abilities.allows = lambda *args: asked.append(args[3]) or True
    play(game, (agent, agent), seed)
    return out.getvalue() + "|".join(game.history)


@pytest.mark.parametrize("agent", AGENTS)
def test_nothing_restricts_so_the_battle_rules_ask_no_allows(monkeypatch, agent):
    asked, attacks = [], 0
    monkeypatch.setattr(cont_restrictions, "allowed", lambda *args: asked.append(args[3]) or True)
    for seed in range(4):
        game = new_game_with_abilities(seed, None, "standard")
        assert game.abilities.restricts is False      # the default decks: no restricting card
        play(game, (agent, agent), seed)
        attacks += sum(a.startswith("attack:") for a in game.history)
    assert attacks > 0 and asked == []


@pytest.mark.parametrize("agent", AGENTS)
def test_traces_are_the_same_when_the_battle_rules_ask_allows_anyway(agent):
    fast = [_trace(seed, agent) for seed in range(3)]
    asked = []
    assert [_trace(seed, agent, asked) for seed in range(3)] == fast
    assert {"guard", "boost", "attack"} <= set(asked)     # guard_legal and boost_legal asked too


def test_a_random_agent_draws_the_index_random_choice_draws():
    """`RandomAgent.below` stands for `Random.choice`'s index: the same numbers from the same seed."""
    import random

    from vanguard_fsm.agents.random_agent import RandomAgent

    for seed in range(20):
        agent, reference = RandomAgent(seed), random.Random(seed)
        for n in [1, 2, 3, 5, 7, 8, 9, 31, 32, 33, 100] * 20:
            assert agent.below(n) == reference.choice(range(n))


def test_the_random_attacker_draws_as_random_choice_over_its_attacks_or_every_option():
    """`RandomAttackerAgent.choose` writes `below` out: the option `Random.choice` draws among the
    decision's attack actions, or among every option when it offers none."""
    import random

    from vanguard_fsm.agents.random_agent import ATTACK_KINDS, RandomAttackerAgent
    from vanguard_fsm.game.actions import Action, Decision

    kinds = ["pass", "attack", "guard", "battle", "normal_call"]
    for seed in range(20):
        agent, reference = RandomAttackerAgent(seed), random.Random(seed)
        for n in [1, 2, 3, 5, 8, 9, 33] * 3:
            for attacking in (False, True):
                actions = tuple(Action(f"a{i}", kinds[i % 5] if attacking else "pass", 0) for i in range(n))
                attacks = [a for a in actions if a.kind in ATTACK_KINDS]
                assert agent.choose(None, Decision(0, "d", actions)) is reference.choice(attacks or actions)


@pytest.mark.parametrize("agent", AGENTS)
def test_whether_the_turn_player_can_attack_is_the_pairs_list_made_or_not(agent):
    """CR 7.3.1.3, 7.4.1.4.1: with nothing restricting, `turn_player_can_attack` answers without
    building the (attacker, target) pairs; at every flow state entered and every decision it says
    whether `_attacks_now` finds a pair."""
    answers = []

    def compare(game, *_):
        if game.state.turn_player is not None:
            answers.append(battle.turn_player_can_attack(game))
            assert answers[-1] == bool(battle._attacks_now(game, game.state.turn_player))

    for seed in range(3):
        hooks = Hooks()
        hooks.on("state", compare)
        game = new_game_with_abilities(seed, None, "standard", hooks=hooks)
        play(game, (agent, agent), seed, compare)
    assert True in answers and False in answers
    state = game.state
    state.players[state.turn_player].circles["VC"].rested = False     # a unit that could attack ...
    them = state.players[1 - state.turn_player].circles                # ... and nothing to attack: no pair
    for circle in them:
        them[circle] = None
    compare(game)
    assert answers[-1] is False


def test_a_stride_needs_a_face_down_g_unit_with_stride():
    """RULES 3.3.3.2, CR 6.5.1.2.2: `face_down_g_unit_in_g_zone` (a first-found loop) holds while one G unit
    with the Stride skill lies face down in the turn player's G zone, not once each is face up."""
    from vanguard_fsm.game.rules.g_calls import face_down_g_unit_in_g_zone

    game = new_game_with_abilities(0, None, "standard")
    game.state.turn_player = 0
    p, cards = game.state.players[0], game.cards
    strides = [g for g in p.g_zone if cards[g].stride is not None]
    assert strides and len(strides) < len(p.g_zone)      # the default deck: G guardians besides
    for g in strides[:-1]:
        p.g_face_up.add(g)
        assert face_down_g_unit_in_g_zone(game)
    p.g_face_up.add(strides[-1])
    assert not face_down_g_unit_in_g_zone(game)
    p.g_face_up.discard(strides[0])
    assert face_down_g_unit_in_g_zone(game)


def test_a_guardians_shield_counts_with_what_effects_added_to_it():
    """CR 3.11.3, 7.5.1.2: the attacked unit's power has each guardian's shield, printed plus what an
    effect added this battle (`shield_battle`), summed in `battle_power.bonus`'s plain loop."""
    from vanguard_fsm.agents import make_agent
    from vanguard_fsm.game.rules.damage import defense_power

    game = new_game_with_abilities(0, None, "standard")
    agents = [make_agent("heuristic", 1), make_agent("heuristic", 2)]
    while True:
        decision = game.advance()
        guard = next((a for a in decision.actions if a.kind == "guard"), None)
        if guard is not None:
            break
        game.apply(agents[decision.player].choose(game, decision))
    before = defense_power(game)
    game.apply(guard)
    guardian = game.state.players[decision.player].gc[-1]
    shield = game.cards[guardian.card].shield or 0
    assert defense_power(game) == before + shield
    guardian.shield_battle = 5000
    assert defense_power(game) == before + shield + 5000


@pytest.mark.parametrize("seat", [0, 1])
def test_a_guardian_left_outside_the_battle_phase_is_retired_at_a_check_timing(seat):
    """CR 9.4: the check timing's written-out test sees either player's guardian outside the battle
    phase, and the rule action retires it to the drop zone."""
    from vanguard_fsm.game import zones
    from vanguard_fsm.game.rules.check_timing import check_timing

    game = new_game_with_abilities(0, None, "standard")
    game.advance()
    state = game.state
    p = state.players[seat]
    inst = p.hand[0]
    p.hand.remove(inst)
    p.gc.append(zones.new_unit(game, inst, rested=True))
    assert not state.in_battle_phase
    check_timing(game)
    assert p.gc == [] and p.drop[-1] == inst


def test_the_attack_pairs_ask_allows_only_what_a_card_can_refuse():
    """CR 11.8 (Lord), 7.4.1.5-6: in royal-paladin v kagero, Cruel Dragon's Lord (and Alfred's
    'cannot be boosted') restrict, but no card there says a unit cannot be attacked or cannot attack a
    unit like another: `_attacks_now` asks `allows` only about attackers (`layer.refuses`), and at
    every decision finds the same (attacker, target) pairs as when every ask is put to `allows`."""
    asked = set()
    for seed in range(3):
        game = new_game_with_abilities(seed, ("royal-paladin", "kagero"))
        layer = game.abilities
        allows, refuses = layer.allows, layer.refuses
        assert refuses == {"attack", "be_boosted"}

        def recording(game, seat, unit, what, other=None):
            asked.add(what + "_a" if other is not None else what)
            return allows(game, seat, unit, what, other)

        def compare(game, decision, _):
            seat = game.state.turn_player
            if seat is None:
                return
            layer.allows = recording
            pairs = battle._attacks_now(game, seat)
            layer.allows, layer.refuses = allows, frozenset(cont_restrictions.REFUSERS)    # ask everything
            assert battle._attacks_now(game, seat) == pairs
            layer.refuses = refuses

        play(game, ("heuristic", "heuristic"), seed, compare)
    assert asked == {"attack"}


def _asked_trace(seed, asked, everything) -> str:
    """A heuristic royal-paladin v kagero game's trace, `allows` noting each ask it is put (with `everything`,
    as if a card of the game could refuse every ask)."""
    hooks, out = Hooks(), io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game_with_abilities(seed, ("royal-paladin", "kagero"), hooks=hooks)
    layer = game.abilities
    allows = layer.allows
    layer.allows = lambda game, seat, unit, what, other=None: (
        asked.add(what + "_a" if other is not None and unit is not None else what)
        or allows(game, seat, unit, what, other))
    if everything:
        layer.refuses = frozenset(cont_restrictions.REFUSERS)
    play(game, ("heuristic", "heuristic"), seed)
    return out.getvalue() + "|".join(game.history)


def test_guards_intercepts_and_boosts_ask_allows_only_what_a_card_can_refuse():
    """CR 7.5.1.2, 11.3, 7.4.1.7: in royal-paladin v kagero no card forbids a guardian, an intercept or a
    boost of a unit like another (only Lord and 'cannot be boosted' restrict): `guard_legal`,
    `intercept_legal` and `boost_legal` do not ask `allows` about those, and the games are the same as
    when every ask is put to it."""
    asked, everything = set(), set()
    for seed in range(3):
        assert _asked_trace(seed, asked, False) == _asked_trace(seed, everything, True)
    assert asked == {"attack", "be_boosted"}
    assert {"guard", "intercept", "boost_a", "attack_a", "be_attacked"} <= everything


def test_an_ask_is_refused_by_the_effects_that_can_say_no_to_it():
    """`refused_asks`: each restricting CONT effect makes its own asks refusable, and only those."""
    refused = cont_restrictions.refused_asks
    assert refused(frozenset({"power", "resist"})) == frozenset()
    assert refused(frozenset({"lord", "power"})) == {"attack"}
    assert refused(frozenset({"restraint", "cannot_be_attacked"})) == {"attack", "be_attacked"}
    assert refused(frozenset({"cannot_attack_a", "cannot_boost_a"})) == {"attack_a", "boost_a"}
    assert refused(cont_restrictions.RESTRICTING) == set(cont_restrictions.REFUSERS)


def test_the_drive_step_reads_the_drive_units_drive_in_one_call():
    """CR 7.6.1.2-3: `drive_now` (what `drives_remaining` and `drive_check` ask) is the drive unit's
    `drive_of`, or None while there is no drive unit, at every flow state of seeded games."""
    from vanguard_fsm.game.rules import drive

    seen = []

    def compare(game, *_):
        if game.state.battle is not None:
            unit = drive.drive_unit(game)
            seen.append(unit is not None)
            assert drive.drive_now(game) == (drive.drive_of(game, unit) if unit is not None else None)

    for seed in range(3):
        hooks = Hooks()
        hooks.on("state", compare)
        play(new_game_with_abilities(seed, None, "standard", hooks=hooks), ("random-attacker",) * 2, seed)
    assert True in seen and False in seen


def test_the_option_builders_read_the_printed_vanguard_grade_while_no_status_changes_it(monkeypatch):
    """CR 7.5.1.2.2, 6.6.1.2, 6.5.1.1.2, 7.5.1.2.3: with no status, the guard, call and ride options and the
    stride and G guardian grades (`g_calls._vanguards_at`) read the vanguard's printed grade themselves
    (`vanguard_grade` written out, a call each); the others still ask it (the guard and call events), and
    games watched that way are the same."""
    import sys

    from vanguard_fsm.game import zones

    fast = [_trace(seed, "random-attacker") for seed in range(3)]
    callers, grade = [], zones.vanguard_grade

    def asked(game, seat):
        if not game.state.statuses:     # (with a status, every one asks it)
            callers.append(sys._getframe(1).f_code.co_name)
        return grade(game, seat)

    monkeypatch.setattr(zones, "vanguard_grade", asked)
    assert [_trace(seed, "random-attacker") for seed in range(3)] == fast
    assert callers and not {"guard_legal", "call_legal", "ride_legal", "_vanguards_at"} & set(callers)


def test_zone_events_nobody_listens_to_are_not_built(monkeypatch):
    """A move, an overloaded circle's retire, a card turned over in place and a G unit back in the G zone
    at the end phase make their trace events (`move`, `retire`, `put`) only when something listens
    (`hooks.event_subs`, as the other zone primitives): quiet games never call `emit` for them with nobody
    listening, and traced games, where everything listens, hold every one of them."""
    import sys

    from vanguard_fsm.game.engine import Game

    guarded = {"move", "overloaded_circles", "turn_over", "return_g_units"}
    unheard, heard, emit = [], set(), Game.emit

    def watched(game, event, **fields):
        caller = sys._getframe(1).f_code.co_name
        if caller in guarded:
            (heard.add(caller) if game.hooks.event_subs[event] else unheard.append((caller, event)))
        return emit(game, event, **fields)

    quiet = {}
    for seed in range(3):
        game = new_game_with_abilities(seed, None, "standard")
        play(game, ("random", "random"), seed)
        quiet[seed] = "|".join(game.history)
    monkeypatch.setattr(Game, "emit", watched)
    for seed in range(3):
        game = new_game_with_abilities(seed, None, "standard")
        play(game, ("random", "random"), seed)
        assert "|".join(game.history) == quiet[seed]
    assert unheard == [] and heard == set()
    traced = "".join(_trace(seed, "random") for seed in range(3))
    assert {"move", "overloaded_circles", "turn_over"} <= heard and '"move"' in traced


def test_events_sent_as_a_dict_are_the_events_sent_by_keyword(monkeypatch):
    """The call, ride and guard events are sent with their fields written out as a dict
    (`Game.emit_fields`: a `from` field passed as `**{"from": ...}` costs far more); sent through
    `emit` by keyword instead, whole traces are byte for byte the same."""
    from vanguard_fsm.game.engine import Game

    fast = [_trace(seed, "random") for seed in range(3)]
    sent = set()

    def by_keyword(game, event, fields):
        sent.add(event)
        game.emit(event, **fields)

    monkeypatch.setattr(Game, "emit_fields", by_keyword)
    assert [_trace(seed, "random") for seed in range(3)] == fast
    assert {"call", "ride", "guard"} <= sent
