"""Checking a scenario's expectations against the game, one key at a time.

An expectation block (`expect:` or one entry of `checks:`) holds per-player zone
contents and counts, units (card, power, critical, rested, heart), the result,
the current state or decision, trace events present or absent, and legal actions
present or absent. Each key that does not hold becomes one `ScenarioFailure`
located at that key's line, with what was expected and what the game shows.
"""
from __future__ import annotations

from collections import Counter

from ..game import zones
from ..game.state import CIRCLES
from .chain import chain_is_legal


def path_matches(path: str, wanted: str) -> bool:
    """`battle.guard_step` matches `guard_step`; `turn.ride_phase.ride_step` matches `ride_phase.ride_step`."""
    return path == wanted or path.endswith("." + wanted)


def _ids(game, instances) -> list[str]:
    return [game.cards[i].id for i in instances]


def _zone(game, p, name: str) -> list[str]:
    """A zone's card ids; the deck from the top."""
    if name == "gc":
        return [game.cards[u.card].id for u in p.gc]
    if name == "deck":
        return _ids(game, p.deck[::-1])
    return _ids(game, getattr(p, name))


def _unit(game, p, circle: str, want, fail) -> None:
    unit = p.circles[circle]
    if want is None:
        if unit is not None:
            fail((), f"{circle} should be empty; it holds {game.cards[unit.card].id}")
        return
    want = {"card": want} if isinstance(want, str) else want
    if unit is None:
        fail((), f"{circle} is empty; expected a unit ({', '.join(f'{k}={v}' for k, v in want.items())})")
        return
    have = {"card": game.cards[unit.card].id, "power": zones.power(game, unit),
            "critical": zones.critical(game, unit), "rested": unit.rested,
            "heart": game.cards[unit.heart].id if unit.heart is not None else None,
            "mate": game.cards[unit.mate.card].id if unit.mate is not None else None}
    for key, value in want.items():
        if have[key] != value:
            fail((key,), f"{circle} {key}: expected {value}, got {have[key]} ({have['card']} there)")


def _player(game, seat: int, block: dict, fail) -> None:
    p = game.state.players[seat]
    for key, want in block.items():
        sub = lambda k, m, key=key: fail((key,) + k, f"p{seat}.{m}")  # noqa: E731
        if key in CIRCLES:
            _unit(game, p, key, want, sub)
        elif key == "damage_face_down":
            got = sum(1 for i in p.damage if i in p.face_down)
            if got != want:
                sub((), f"{key}: expected {want}, got {got}")
        elif key == "gc_rested":
            got = sum(1 for u in p.gc if u.rested)
            if got != want:
                sub((), f"{key}: expected {want}, got {got}")
        elif key == "g_zone_face_up":
            got = sum(1 for i in p.g_zone if i in p.g_face_up)
            if got != want:
                sub((), f"{key}: expected {want}, got {got}")
        elif key.endswith("_count"):
            cards = _zone(game, p, key[:-len("_count")])
            if len(cards) != want:
                sub((), f"{key}: expected {want}, got {len(cards)} ({', '.join(cards) or 'empty'})")
        else:
            cards = _zone(game, p, key)
            same = cards == list(want) if key == "deck" else Counter(cards) == Counter(want)
            if not same:
                order = " from the top" if key == "deck" else ""
                sub((), f"{key}{order}: expected [{', '.join(want)}], got [{', '.join(cards)}]")


def _match(row: dict, spec: dict) -> bool:
    return all(row.get(k) == v for k, v in spec.items() if k != "count")


def _show(spec: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in spec.items() if k != "count")


def evaluate(scenario, game, events: list[dict], block: dict, keys: tuple) -> list:
    """Every failing expectation of `block` (at key path `keys` in the scenario file)."""
    failures = []

    def fail(sub: tuple, message: str) -> None:
        failures.append(scenario.failure(keys + sub, message))

    state = game.state
    result = state.result
    for key, want in block.items():
        if key in ("after", "at", "doc"):
            continue
        if key in ("p0", "p1"):
            _player(game, int(key[1]), want, lambda sub, m, key=key: fail((key,) + sub, m))
        elif key in ("winner", "loser", "reason"):
            if result is None:
                fail((key,), f"{key}: expected {want}, but the game is not decided ({_where(game)})")
            else:
                got = dict(zip(("winner", "loser", "reason"), result))[key]
                if got != want:
                    fail((key,), f"{key}: expected {want}, got {got}")
        elif key == "over":
            got = result is not None
            if got != want:
                fail((key,), f"over: expected {want}, got {got} (result {result})")
        elif key in ("turn", "turn_player", "battle_count"):
            if getattr(state, key) != want:
                fail((key,), f"{key}: expected {want}, got {getattr(state, key)}")
        elif key == "state":
            paths = game.runner.paths()
            if not paths or not path_matches(paths[-1], want):
                fail((key,), f"state: expected {want}, the machines are at {paths[-1] if paths else 'the end'}")
        elif key == "decision":
            d = game.pending
            if d is None or not path_matches(d.kind, want):
                fail((key,), f"decision: expected {want}, pending: {d.kind if d else 'none'}")
        elif key in ("events", "no_events"):
            for i, spec in enumerate(want):
                found = sum(1 for row in events if _match(row, spec))
                if key == "no_events" and found:
                    first = next(row for row in events if _match(row, spec))
                    fail((key, i), f"no_events: {found} event(s) match {_show(spec)}; first: seq {first['seq']}")
                elif key == "events" and "count" in spec and found != spec["count"]:
                    fail((key, i, "count"), f"events: expected {spec['count']} matching {_show(spec)}, got {found}")
                elif key == "events" and "count" not in spec and not found:
                    near = [row for row in events if row["event"] == spec["event"]]
                    hint = f"; {len(near)} {spec['event']} event(s), last: {near[-1]}" if near else ""
                    fail((key, i), f"events: none matches {_show(spec)}{hint}")
        elif key in ("legal_present", "legal_absent"):
            d = game.pending
            if d is None:
                fail((key,), f"{key} needs a pending decision (use `at: {{decision: ...}}`); none at {_where(game)}")
                continue
            for i, action_id in enumerate(want):
                legal, why = chain_is_legal(game, action_id)    # an id, or a chain A/B (scenario/chain.py)
                if legal != (key == "legal_present"):
                    verb = "is not" if key == "legal_present" else "is"
                    fail((key, i), f"{action_id!r} {verb} legal at {d.kind}: {why}")
    return failures


def _where(game) -> str:
    paths = game.runner.paths()
    return f"turn {game.state.turn}, {paths[-1] if paths else 'game over'}"
