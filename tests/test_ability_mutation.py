"""Every distinct mechanism has a focused case with a real card that fails when the ability's data
changes (issue 28 item 6): the cases are observed doing what the ability does, not only resolving it.

A mechanism is a distinct combination of terms (kind, timing, cost names, effect names) among the
abilities that can resolve (`abilities.lint.status.resolvable`). Its abilities are taken in key
order (at most `CANDIDATES` of each kind of case), each with its card's data changed in memory —
its effect taken away (an effect that changes nothing in its place):
- a probed one (`probed` in `vanguard_fsm/data/ability_corpus.yaml`) is probed, then the same
  position is played again with the same agent seed. The outcome (every trace event up to the
  stop, and there both boards — every zone, every unit's power, critical and rest —, what effects
  forbid or change until later, and the abilities given, pending or delayed) must differ;
- a scenario of the tests that names its card is run with the changed data: the ability must
  still resolve there, and the scenario must fail (its expectations see the effect).
The first case that shows the effect covers the mechanism. A mechanism resolved only in the
seeded games, or none of whose cases shows its effect (an "up to" effect with nothing to take, an
effect that waits past the stop), is recorded in `tests/ability_mutation_gap.yaml` by its first
ability, kept exact both ways like the corpus list; regenerate it with
`VANGUARD_FSM_REGEN_CORPUS=1 python3 -m pytest -p no:xdist tests/test_ability_mutation.py`.
In chunks, so `pytest -n` spreads them over workers.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
import yaml

from vanguard_fsm.game import zones
from vanguard_fsm.game.cards import CardDB, load_cards
from vanguard_fsm.game.frozen import freeze, thaw
from vanguard_fsm.game.state import CIRCLES
from vanguard_fsm.machine import yamlsrc
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.paths import ability_corpus_file
from vanguard_fsm.abilities.lint.status import resolvable
from vanguard_fsm.scenario.probe import play_probe, printed, probe
from vanguard_fsm.scenario.runner import run_scenario, scenario_files

CHUNKS = 4
CANDIDATES = 3
GAP = Path(__file__).parent / "ability_mutation_gap.yaml"
SCENARIOS = Path(__file__).parent / "scenarios"
HEADER = ("# Mechanisms (kind, timing, cost and effect names) that no probe game and no scenario is seen to\n"
          "# depend on: taking the effect away changes no probe's outcome and fails no scenario that resolves\n"
          "# it (tests/test_ability_mutation.py; VANGUARD_FSM_REGEN_CORPUS=1 rewrites it). By first ability.\n")
_ZONES = ("hand", "deck", "drop", "damage", "soul", "g_zone", "bind", "removed")


def _names(part) -> tuple:
    if isinstance(part, (list, tuple)):
        return tuple(n for item in part for n in _names(item))
    if isinstance(part, dict):
        return (next(iter(part)),) if part else ()
    return () if part is None else (str(part),)


def mechanisms(db) -> list[list[str]]:
    """The abilities that can resolve, by distinct combination of terms, each list by key."""
    groups: dict[tuple, list[str]] = {}
    for key in sorted(k for card in db for k in resolvable(card)):
        card_id, _, n = key.partition("#")
        raw = db[card_id].abilities[int(n) - 1]
        terms = (raw["kind"], raw.get("timing"), _names(raw.get("cost")), _names(raw.get("effect")))
        groups.setdefault(terms, []).append(key)
    return sorted(groups.values())


NOTHING = {"power": 0, "target": "self", "until": "turn"}    # an effect that changes nothing


def mutated(raw) -> dict:
    """The ability with its effect taken away (an effect that changes nothing in its place)."""
    return {**thaw(raw), "effect": NOTHING}


def outcome(game, events) -> tuple:
    """What the probe game shows: its events, and both boards where it stopped."""
    boards = []
    for p in game.state.players:
        units = [(c, game.cards[u.card].id, zones.power(game, u), zones.critical(game, u), u.rested)
                 for c in CIRCLES if (u := p.circles[c]) is not None]
        boards.append((units, [[game.cards[i].id for i in getattr(p, z)] for z in _ZONES]))
    return repr(events), repr(boards), repr(game.state.statuses), repr(game.state.abilities)


def _replay(result, db):
    found, game, _script, events = play_probe(result.position(), result.key, result.seed, Hooks(), db=db)
    return found, outcome(game, events)


def changed_db(db, key: str) -> CardDB:
    """The card database with `key`'s effect taken away."""
    card_id, _, n = key.partition("#")
    card = db[card_id]
    abilities = list(card.abilities)
    abilities[int(n) - 1] = freeze(mutated(abilities[int(n) - 1]))
    return CardDB([dataclasses.replace(card, abilities=tuple(abilities)) if c.id == card_id else c for c in db])


def shows_its_effect(key: str, db) -> bool:
    """Probe `key`, take its effect away, replay the same game: does the outcome change?"""
    result = probe(key, db)
    assert result.found, f"{key}: listed as probed, but its probe does not resolve it"
    found, as_printed = _replay(result, db)
    assert found, f"{key}: the probe game found does not replay"
    return _replay(result, changed_db(db, key))[1] != as_printed


def scenario_texts() -> dict[Path, str]:
    return {path: path.read_text() for path in scenario_files([SCENARIOS])}


def scenario_shows_its_effect(key: str, db, texts: dict[Path, str]) -> bool:
    """A scenario naming `key`'s card (those naming the key itself first) that, with the effect taken
    away, still resolves it and fails."""
    card_id = key.partition("#")[0]
    naming = sorted((p for p, text in texts.items() if card_id in text), key=lambda p: (key not in texts[p], p.name))
    changed = changed_db(db, key)
    for path in naming[:CANDIDATES]:
        result = run_scenario(path, db=changed)
        resolved = any(r.get("event") == "ability" and r.get("step") == "resolved" and printed(r["ability"]) == key
                       for r in result.events)
        if resolved and not result.passed:
            return True
    return False


def observed(keys: list[str], db, probed: set[str], texts: dict[Path, str]) -> bool:
    """Some case shows what an ability of this mechanism does (probe games first, then scenarios)."""
    if any(shows_its_effect(k, db) for k in [k for k in keys if k in probed][:CANDIDATES]):
        return True
    return any(scenario_shows_its_effect(k, db, texts) for k in [k for k in keys if k not in probed][:CANDIDATES])


def unobserved(db, groups) -> set[str]:
    probed = set(yamlsrc.load(ability_corpus_file()).data.get("probed") or ())
    texts = scenario_texts()
    return {keys[0] for keys in groups if not observed(keys, db, probed, texts)}


def _recorded() -> set[str]:
    return set(yaml.safe_load(GAP.read_text())["unobserved"] or ()) if GAP.exists() else set()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_taking_an_abilitys_effect_away_changes_its_probe_game_or_fails_its_scenario(chunk):
    db = load_cards()
    groups = mechanisms(db)
    if os.environ.get("VANGUARD_FSM_REGEN_CORPUS"):
        if chunk == 0:
            gap = sorted(unobserved(db, groups))
            GAP.write_text(HEADER + "unobserved:" + "".join(f"\n  - {k}" for k in gap) + "\n" if gap
                           else HEADER + "unobserved: []\n")
        return
    mine = groups[chunk::CHUNKS]
    gap = unobserved(db, mine)
    recorded = _recorded() & {keys[0] for keys in mine}
    assert not gap - recorded, f"no probe game or scenario shows the effect of these mechanisms' abilities: " \
                               f"{sorted(gap - recorded)}"
    assert not recorded - gap, f"recorded as unobserved, but a probe game or a scenario shows the effect now: " \
                               f"{sorted(recorded - gap)}"
