"""Every ability of every built-in card that can resolve does, somewhere in the test corpus
(issue 28 item 6) — or is listed, by key, in `vanguard_fsm/data/ability_corpus.yaml`.

The list of abilities is computed from the card data, not written by hand: every AUTO and ACT
ability with an effect (`abilities.lint.status.resolvable`; CONT abilities are looked at, never
resolved, CR 8.1.3). The corpus is fixed: every scenario under tests/scenarios, for each
built-in deck four seeded games against itself (the seeds of `simulate --seed 1`'s games 0-1, with
heuristic agents and with random ones), and for each ability neither resolves, its probe
(`vanguard_fsm.scenario.probe`, `cards probe KEY`: a position built from the card data, a short
game of legal actions that prefer the ability). Every game is refereed: cards conserved after
every flow state, every action legal by an independent check; the seeded games end by damage or
deck-out. An ability resolves when the trace reports it `resolved` (a delayed or given part counts
for the printed ability it belongs to).

The recorded lists are kept exact both ways: `probed` (resolved by their probe alone) and
`unresolved` (the gap still to close). The first test fails naming every ability that the games
and scenarios do not resolve and neither list names (a card gained an ability: write a scenario,
put the card in a deck, or regenerate), and every listed one they now resolve; the probe tests,
in chunks that `pytest -n` spreads over workers, fail naming every `probed` ability whose probe no
longer resolves it and every `unresolved` one whose probe now does. `cards status` reads the
`unresolved` list for its "resolved" column. After a change that moves the games or the probes,
regenerate both: `VANGUARD_FSM_REGEN_CORPUS=1 python3 -m pytest -p no:xdist tests/test_ability_corpus.py`.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from helpers import conservation, play, rule_check
from vanguard_fsm.abilities import new_game_with_abilities
from vanguard_fsm.abilities.lint.status import resolvable, unresolved_in_corpus
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.factory import load_inputs
from vanguard_fsm.game.decks import builtin_deck_names
from vanguard_fsm.machine import yamlsrc
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.paths import ability_corpus_file
from vanguard_fsm.scenario.probe import printed, probe
from vanguard_fsm.scenario.runner import run_scenario, scenario_files
from vanguard_fsm.sim.simulate import game_seed

SCENARIOS = Path(__file__).parent / "scenarios"
GAMES = [(agents, index) for agents in ("heuristic", "random") for index in (0, 1)]
CHUNKS = 8      # probe tests: `-n 2` spreads them over both workers
HEADER = """\
# The built-in cards' abilities that can resolve (AUTO and ACT written in the card language) and
# resolve in no seeded game of a built-in deck and no scenario of the test corpus: `probed` ones
# resolve in their probe game (`vanguard-fsm cards probe KEY` shows it), `unresolved` ones resolve
# nowhere yet: the gap `cards status` reports in its "resolved" column. Written by
# tests/test_ability_corpus.py (VANGUARD_FSM_REGEN_CORPUS=1), which fails whenever these lists and
# the corpus disagree. Do not edit by hand.
"""


def _listed() -> tuple[set[str], set[str]]:
    """The recorded (probed, unresolved) abilities."""
    data = yamlsrc.load(ability_corpus_file()).data
    return set(data.get("probed") or ()), set(data.get("unresolved") or ())


def _yaml_list(name: str, keys: set[str]) -> str:
    return f"{name}:\n" + "".join(f"  - {k}\n" for k in sorted(keys)) if keys else f"{name}: []\n"


def resolves_in_probe(key: str, db) -> bool:
    """The probe of `key` resolves it, every probe game refereed like the seeded games."""
    def watch(game, hooks):
        initial = [Counter(p.all_instances()) for p in game.state.players]
        hooks.on("state", lambda g, machine, path: conservation(g, initial))
    return probe(key, db, check=rule_check, watch=watch).found


def resolved_in_games() -> set[str]:
    """The abilities resolved in the corpus games, each game also refereed: cards conserved after
    every flow state, every action legal by an independent check, ended by damage or deck-out."""
    resolved: set[str] = set()
    for deck in builtin_deck_names():
        loaded = load_inputs((deck, deck))
        for agents, index in GAMES:
            hooks = Hooks()
            hooks.on("event", lambda g, name, f: resolved.add(printed(f["ability"]))
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
                resolved.add(printed(row["ability"]))
    return resolved


def test_every_resolvable_ability_resolves_in_the_corpus_or_is_listed():
    db = load_cards()
    can_resolve = {key for card in db for key in resolvable(card)}
    beyond = can_resolve - resolved_in_games() - resolved_in_scenarios()
    if os.environ.get("VANGUARD_FSM_REGEN_CORPUS"):
        probed = {key for key in sorted(beyond) if resolves_in_probe(key, db)}
        ability_corpus_file().write_text(HEADER + _yaml_list("probed", probed) + _yaml_list("unresolved", beyond - probed))
    probed, unresolved = _listed()
    assert unresolved == set(unresolved_in_corpus())
    assert not probed & unresolved, f"listed both as probed and unresolved: {sorted(probed & unresolved)}"
    listed = probed | unresolved
    assert not beyond - listed, f"resolve in no seeded game of a built-in deck and no scenario: " \
                                f"{sorted(beyond - listed)}"
    assert not listed - beyond, f"listed but resolve in the games or scenarios now (or are gone): " \
                                f"{sorted(listed - beyond)}"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_probes_resolve_exactly_the_probed_abilities(chunk):
    db = load_cards()
    probed, unresolved = _listed()
    keys = sorted(probed | unresolved)[chunk::CHUNKS]
    resolved = {key for key in keys if resolves_in_probe(key, db)}
    assert not (probed & set(keys)) - resolved, f"listed as probed, but no probe game resolves them: " \
                                                 f"{sorted((probed & set(keys)) - resolved)}"
    assert not resolved & unresolved, f"listed as unresolved, but their probe resolves them now: " \
                                      f"{sorted(resolved & unresolved)}"
