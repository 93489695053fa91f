"""Every ability of every built-in card that can resolve does, somewhere in the test corpus
(issue 28 item 6) — or is listed, by key, in `vanguard_fsm/data/ability_corpus.yaml`.

The list of abilities is computed from the card data, not written by hand: every AUTO and ACT
ability with an effect (`abilities.lint.status.resolvable`; CONT abilities are looked at, never
resolved, CR 8.1.3). The corpus is fixed: every scenario under tests/scenarios, and for each
built-in deck four seeded games against itself (the seeds of `simulate --seed 1`'s games 0-1, with
heuristic agents and with random ones), each refereed: cards conserved after every flow state,
every action legal by an independent check, the game ended by damage or deck-out. An ability resolves when the trace
reports it `resolved` (a delayed or given part counts for the printed ability it belongs to).

The recorded list is the gap still to close, kept exact both ways: this test fails naming every
ability that resolves nowhere and is not listed (a card gained an ability no deck or scenario
plays: write a scenario or put the card in a deck), and every listed one that now resolves (drop
it). `cards status` reads the list for its "resolved" column. After a change that moves the
seeded games, regenerate it: `VANGUARD_FSM_REGEN_CORPUS=1 python3 -m pytest tests/test_ability_corpus.py`.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from helpers import conservation, play, rule_check
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.lint.status import resolvable, unresolved_in_corpus
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.factory import load_inputs
from vanguard_fsm.game.decks import builtin_deck_names
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.paths import ability_corpus_file
from vanguard_fsm.scenario.runner import run_scenario, scenario_files
from vanguard_fsm.sim.simulate import game_seed

SCENARIOS = Path(__file__).parent / "scenarios"
GAMES = [(agents, index) for agents in ("heuristic", "random") for index in (0, 1)]
HEADER = """\
# The built-in cards' abilities that can resolve (AUTO and ACT written in the card language) but
# resolve in no game and no scenario of the test corpus yet: the gap `cards status` reports in its
# "resolved" column. Written by tests/test_ability_corpus.py (VANGUARD_FSM_REGEN_CORPUS=1), which
# fails whenever this list and the corpus disagree. Do not edit by hand.
"""


def _printed(key: str) -> str:
    """The printed ability a resolved key belongs to: `BT14-003#1.later2.1` -> `BT14-003#1`."""
    return key.split(".", 1)[0]


def resolved_in_games() -> set[str]:
    """The abilities resolved in the corpus games, each game also refereed: cards conserved after
    every flow state, every action legal by an independent check, ended by damage or deck-out."""
    resolved: set[str] = set()
    for deck in builtin_deck_names():
        loaded = load_inputs((deck, deck))
        for agents, index in GAMES:
            hooks = Hooks()
            hooks.on("event", lambda g, name, f: resolved.add(_printed(f["ability"]))
                     if f.get("step") == "resolved" else None, names=("ability",))
            seed = game_seed(1, index)
            game = new_game_with_abilities(seed, loaded["decks"], None, hooks=hooks, flows=loaded["flows"],
                                           db=loaded["db"], start=False)
            initial = [Counter(p.all_instances()) for p in game.state.players]
            hooks.on("state", lambda g, machine, path, initial=initial: conservation(g, initial))
            play(game.start(), (agents, agents), seed, rule_check)
            assert game.state.result[2] in ("damage", "deck_out"), (deck, agents, index, game.state.result)
    return resolved


def resolved_in_scenarios() -> set[str]:
    resolved: set[str] = set()
    for path in scenario_files([SCENARIOS]):
        for row in run_scenario(path).events:
            if row.get("event") == "ability" and row.get("step") == "resolved":
                resolved.add(_printed(row["ability"]))
    return resolved


def test_every_resolvable_ability_resolves_in_the_corpus_or_is_listed():
    db = load_cards()
    can_resolve = {key for card in db for key in resolvable(card)}
    unresolved = can_resolve - resolved_in_games() - resolved_in_scenarios()
    if os.environ.get("VANGUARD_FSM_REGEN_CORPUS"):
        ability_corpus_file().write_text(HEADER + "unresolved:\n" + "".join(f"  - {k}\n" for k in sorted(unresolved))
                                         if unresolved else HEADER + "unresolved: []\n")
    listed = unresolved_in_corpus()
    assert not unresolved - listed, f"resolve in no seeded game of a built-in deck and no scenario: " \
                                    f"{sorted(unresolved - listed)}"
    assert not listed - unresolved, f"listed as unresolved but resolve now (or are gone): {sorted(listed - unresolved)}"
