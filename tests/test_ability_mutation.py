"""The probes observe what an ability does, not only that it resolved (issue 28 item 6: every
distinct mechanism has a focused case with a real card that fails when the ability's data changes).

A mechanism is a distinct combination of terms (kind, timing, cost names, effect names) among the
abilities resolved by their probe (`probed` in `vanguard_fsm/data/ability_corpus.yaml`). For each,
its abilities are taken in key order (at most `CANDIDATES`): one is probed, then its card's data is
changed in memory — its effect taken away (an effect that changes nothing in its place) — and the
same position is played again with the same agent seed. The outcome (every trace event up to the
stop, and there both boards — every zone, every unit's power, critical and rest —, what effects
forbid or change until later, and the abilities given, pending or delayed) must differ: a probe
that does not see an ability's effect would pass the mutated data as well. The first candidate
whose outcome differs covers the mechanism.

A mechanism none of whose candidates shows its effect in its probe game (an "up to" effect with
nothing to take, an effect that waits past the stop) is recorded in `tests/ability_mutation_gap.yaml`
by its first ability, kept exact both ways like the corpus list; regenerate it with
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
from vanguard_fsm.scenario.probe import play_probe, probe

CHUNKS = 4
CANDIDATES = 3
GAP = Path(__file__).parent / "ability_mutation_gap.yaml"
HEADER = ("# Mechanisms (kind, timing, cost and effect names) whose probed abilities' probe games do not show\n"
          "# their effect (tests/test_ability_mutation.py; VANGUARD_FSM_REGEN_CORPUS=1 rewrites it). By first ability.\n")
_ZONES = ("hand", "deck", "drop", "damage", "soul", "g_zone", "bind", "removed")


def _names(part) -> tuple:
    if isinstance(part, (list, tuple)):
        return tuple(n for item in part for n in _names(item))
    if isinstance(part, dict):
        return (next(iter(part)),) if part else ()
    return () if part is None else (str(part),)


def mechanisms(db, probed) -> list[list[str]]:
    """The probed abilities of each distinct combination of terms, by key."""
    groups: dict[tuple, list[str]] = {}
    for key in sorted(probed):
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


def shows_its_effect(key: str, db) -> bool:
    """Probe `key`, take its effect away, replay the same game: does the outcome change?"""
    result = probe(key, db)
    assert result.found, f"{key}: listed as probed, but its probe does not resolve it"
    card_id, _, n = key.partition("#")
    card = db[card_id]
    abilities = list(card.abilities)
    abilities[int(n) - 1] = freeze(mutated(abilities[int(n) - 1]))
    changed = CardDB([dataclasses.replace(card, abilities=tuple(abilities)) if c.id == card_id else c for c in db])
    found, as_printed = _replay(result, db)
    assert found, f"{key}: the probe game found does not replay"
    return _replay(result, changed)[1] != as_printed


def unobserved(db, groups) -> set[str]:
    return {keys[0] for keys in groups if not any(shows_its_effect(k, db) for k in keys[:CANDIDATES])}


def _recorded() -> set[str]:
    return set(yaml.safe_load(GAP.read_text())["unobserved"] or ()) if GAP.exists() else set()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_taking_an_abilitys_effect_away_changes_its_probe_game(chunk):
    db = load_cards()
    groups = mechanisms(db, yamlsrc.load(ability_corpus_file()).data.get("probed") or ())
    if os.environ.get("VANGUARD_FSM_REGEN_CORPUS"):
        if chunk == 0:
            gap = sorted(unobserved(db, groups))
            GAP.write_text(HEADER + "unobserved:" + "".join(f"\n  - {k}" for k in gap) + "\n" if gap
                           else HEADER + "unobserved: []\n")
        return
    mine = groups[chunk::CHUNKS]
    gap = unobserved(db, mine)
    recorded = _recorded() & {keys[0] for keys in mine}
    assert not gap - recorded, f"no probe game shows the effect of these mechanisms' abilities: {sorted(gap - recorded)}"
    assert not recorded - gap, f"recorded as unobserved, but their probe games show the effect now: " \
                               f"{sorted(recorded - gap)}"
