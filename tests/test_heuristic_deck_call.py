"""The heuristic agent, offered cards an ability takes from the deck (a superior call), takes one whose
own ability is triggered by being placed from the deck (`from_zone: deck`: Swift Owl's Ritual,
CR 11.18) — Darkness Maiden, Macha's "call a grade 1 or lower Shadow Paladin from your deck" in the
shadow-paladin deck; otherwise, and for cards from the hand, the first option as before."""
from __future__ import annotations

from vanguard_fsm.abilities.sandbox import add, sandbox
from vanguard_fsm.agents.heuristic import HeuristicAgent
from vanguard_fsm.game.actions import Action, Decision

OWL, CHARON, TRIGGER = "G-SP-SWIFTOWL", "TD10-009", "TD10-014"


def pick(game, zone, cards):
    """The card the agent picks among `cards` put into seat 0's `zone`, offered as an ability offers them."""
    options = [(card, add(game, 0, card, zone)) for card in cards]
    actions = tuple(Action(f"ability_card:{label}", "ability_card", 0, (label, inst)) for label, inst in options)
    decision = Decision(0, "ability_card", actions + (Action("ability_card:done", "ability_card", 0, ()),))
    chosen = HeuristicAgent().choose(game, decision)
    return chosen.args[0] if chosen.args else "done"


def test_from_the_deck_the_card_placed_from_the_deck_is_taken():
    game = sandbox(None, "shadow-paladin", fmt="standard")
    assert pick(game, "deck", [TRIGGER, CHARON, OWL]) == OWL


def test_without_such_a_card_the_first_as_before():
    game = sandbox(None, "shadow-paladin", fmt="standard")
    assert pick(game, "deck", [TRIGGER, CHARON]) == TRIGGER


def test_from_the_hand_no_preference():
    game = sandbox(None, "shadow-paladin", fmt="standard")
    assert pick(game, "hand", [CHARON, OWL]) == CHARON
