"""Zeroth Dragon of Inferno, Drachma's placed-on-VC ability, fully expressed by composing general
terms (issue 19; CR 10.4, 10.19, 10.6, 9.5): `{retire: {from: units, who: opponent}, then_to: bind}`
retires every unit of the opponent's, the vanguard too, and binds each card; `{opponent:
[{superior_ride: {from: hand}}, {discard: 2}]}` is "choose three cards, discard two, ride the
third" (the same choice; with an empty hand the rule action rides from the soul, CR 9.5).
"""
from __future__ import annotations

from vanguard_fsm.abilities.effects.basic import run as run_effects
from vanguard_fsm.abilities.sandbox import add, check_timing, run, sandbox
from vanguard_fsm.abilities.language.spec import compile_card
from vanguard_fsm.abilities.language.targets import Ctx
from vanguard_fsm.game import zones
from vanguard_fsm.machine.hooks import Hooks


def board(hand=("BT01-001", "BT01-002", "BT01-042", "BT01-046")):
    hooks = Hooks()
    events = []
    hooks.on("event", lambda g, name, fields: events.append((name, dict(fields))))
    game = sandbox(None, "kagero", fmt="standard", hooks=hooks)
    p0, p1 = game.state.players
    p0.circles["VC"] = zones.new_unit(game, add(game, 0, "G-BT13-001", "hand"))
    p0.hand.clear()
    p1.circles["VC"] = None
    vanguard = add(game, 1, "BT01-021", "VC", rested=True)         # Knight of Silence, Gallatin
    p1.soul.append(add(game, 1, "BT01-042", "hand"))
    rear = [add(game, 1, "BT01-044", "front_left"), add(game, 1, "BT01-043", "back_center")]
    p1.hand[:] = [add(game, 1, c, "deck") for c in hand]
    for inst in p1.hand:
        p1.deck.remove(inst)
    return game, p0, p1, vanguard, rear, events


def resolve(game, picks=()):
    """Drachma's ability resolves (its cost paid elsewhere); `picks`: action ids chosen in order."""
    p0 = game.state.players[0]
    spec = compile_card(game.cards[p0.circles["VC"].card])[0]
    ctx = Ctx(0, p0.circles["VC"].card, spec.key, spec.timing, p0.circles["VC"].placed)
    run_effects(game, ctx, spec.effects, 0, (lambda g: None, ()))
    wanted = list(picks)

    def choose(decision):
        if wanted:
            return decision.find(wanted.pop(0))
        return decision.actions[0]
    run(game, choose)
    assert not wanted, f"not asked for {wanted}"


def test_every_unit_retired_vanguard_included_then_bound_and_a_standing_vanguard_ridden():
    game, p0, p1, vanguard, rear, events = board()
    resolve(game, ["ability_card:BT01-001", "ability_card:BT01-042", "ability_card:BT01-046"])
    retired = [f for n, f in events if n == "retire"]
    assert sorted(f["from"] for f in retired) == ["VC", "back_center", "front_left"]       # CR 10.4
    assert all(f["to"] == "drop" and f["player"] == 1 for f in retired)
    bound = [f for n, f in events if n == "put" and f["to"] == "bind"]
    assert [f["from"] for f in bound] == ["drop"] * 3                                       # CR 10.19
    assert sorted(p1.bind) == sorted([vanguard, *rear])
    assert all(p1.circles[c] is None for c in p1.circles if c != "VC")
    v = p1.circles["VC"]                                    # the card of their choice, standing
    assert game.cards[v.card].id == "BT01-001" and not v.rested
    assert [game.cards[i].id for i in p1.drop] == ["BT01-042", "BT01-046"]                  # two discarded
    assert [game.cards[i].id for i in p1.hand] == ["BT01-002"]
    assert [game.cards[i].id for i in p1.soul] == ["BT01-042"]          # the soul stays (nothing rode over it)
    ride = next(f for n, f in events if n == "ride")
    assert ride["player"] == 1 and ride["normal"] is False and ride["onto_grade"] is None


def test_with_one_card_in_hand_it_rides_that_card():
    game, p0, p1, vanguard, rear, events = board(hand=("BT01-046",))
    resolve(game)
    assert game.cards[p1.circles["VC"].card].id == "BT01-046" and p1.hand == [] and p1.drop == []


def test_with_an_empty_hand_the_rule_action_rides_from_the_soul():
    game, p0, p1, vanguard, rear, events = board(hand=())
    resolve(game)
    assert p1.circles["VC"] is None                       # until the check timing (CR 9.5)
    check_timing(game)
    assert game.cards[p1.circles["VC"].card].id == "BT01-042" and p1.soul == []
    assert game.state.result is None


def test_a_legion_both_vanguards_are_retired_and_bound():
    game, p0, p1, vanguard, rear, events = board()
    mate = add(game, 1, "BT01-041", "hand")
    p1.hand.remove(mate)
    zones.legion(game, 1, mate)
    resolve(game)
    assert mate in p1.bind and vanguard in p1.bind                      # CR 10.25.3: both are vanguards
    assert p1.circles["VC"].mate is None and p1.circles["VC"].card not in (vanguard, mate)


def test_a_retired_g_unit_vanguard_goes_to_the_g_zone_and_its_heart_is_the_vanguard_again():
    game, p0, p1, vanguard, rear, events = board()
    g = add(game, 1, "G-RP-SAMUEL", "g_zone")
    zones.stride(game, 1, g, [])
    zones.retire(game, 1, "VC")
    assert g in p1.g_zone and g in p1.g_face_up                      # CR 11.14.3 / 4.6.9
    heart = p1.circles["VC"]
    assert heart.card == vanguard and heart.rested                  # CR 10.28.4: in the G unit's orientation


def test_lint_locates_a_then_to_that_is_no_zone(tmp_path):
    from vanguard_fsm.abilities.lint.cards import lint_cards
    path = tmp_path / "cards.yaml"
    line = "     abilities: [{kind: AUTO, zone: V, timing: when_attacks, effect: {retire: self, then_to: limbo}}]}"
    path.write_text("clan: C\nnation: N\nrace: R\ncards:\n  - {id: X-1, name: A, grade: 1, power: 1, shield: 0, "
                    "unit: normal,\n" + line + "\n", encoding="utf-8")
    problems = [str(p) for p in lint_cards(None, path)]
    assert len(problems) == 1 and problems[0].startswith(f"{path}:6:{line.index('limbo') + 1}: "), problems
    assert "hand, soul, bind, deck_top, deck_bottom" in problems[0]


# -- a nation card of no clan is of every clan of its nation (CR 2.17.4.2, parameter nation_clans)

def test_drachma_is_of_every_clan_of_the_dragon_empire_and_of_no_other():
    from vanguard_fsm.game.clans import in_clan, share_clan
    game, p0, p1, vanguard, rear, events = board()
    drachma, params = game.cards[p0.circles["VC"].card], game.params
    assert drachma.clan == "none" and drachma.nation == "Dragon Empire"
    assert in_clan(drachma, "Kagero", params) and in_clan(drachma, "Narukami", params)
    assert not in_clan(drachma, "Royal Paladin", params)
    kagero, paladin = game.db["BT01-024"], game.db["BT01-042"]
    assert share_clan(kagero, drachma, params) and share_clan(drachma, kagero, params)
    assert not share_clan(paladin, drachma, params)
    assert share_clan(drachma, drachma, params)
    edited = {**params, "nation_clans": {}}            # the table is data: without it, of no clan
    assert not in_clan(drachma, "Kagero", edited) and not share_clan(kagero, drachma, edited)


def test_a_kagero_trigger_works_with_drachma_the_only_unit():
    from vanguard_fsm.game.rules.triggers import resolve_trigger_of
    game, p0, p1, vanguard, rear, events = board()
    assert [c for c, _ in p0.units()] == ["VC"]
    for card_id, active in (("BT01-024", True), ("BT01-046", False)):   # a Kagero and a Royal Paladin critical
        inst = add(game, 0, card_id, "trigger")
        resolve_trigger_of(game, 0, inst)
        run(game)
        assert [f["active"] for n, f in events if n == "trigger"][-1] is active, card_id
        p0.trigger.remove(inst)
