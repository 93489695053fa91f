"""Replays: a recorded game that can be re-run and must give the identical trace.

`play --record FILE` calls `write_replay`: it stores the seed, the format, both
decks (their full contents, so an edited deck file cannot change a replay), the
agents, whether the ability layer was attached, a hash of the flows and of the card data, every action id taken, and the
trace: its sha256, its number of events and the text itself (gzip + base64, a
few kilobytes), recomputed by replaying the actions with a fresh recorder.

`run_replay` re-creates the game and applies the recorded action ids in order
(the agents are not run again), then compares the new trace with the recorded
one and reports the first difference (seq and event). A replay recorded under
other flows or cards is refused (`ReplayRefused`) unless `force=True`.

Public API: `write_replay(path, game, agents, flows_dir, cards) -> dict`,
`load_replay(path) -> Replay`, `replay_game(replay, hooks=None, flows_dir=None,
cards=None) -> Game` (started, nothing applied), `apply_recorded(game, actions)`,
`run_replay(replay, flows_dir=None, cards=None, force=False, trace_out=None) -> ReplayResult`,
`flows_digest(flows_dir)`, `cards_digest(cards)`.
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ..abilities import attach
from ..game.cards import CardError, yaml_files
from ..game.decks import Deck
from ..game.factory import compiled_flows, new_game
from ..machine.hooks import Hooks
from ..machine.schema import StrictValidator
from ..schema_messages import not_a, plain_message
from ..machine.yamlsrc import SourceError, read_source
from ..output_files import write_output
from ..paths import builtin_cards_dir, card_sources
from .trace import TraceRecorder

REPLAY_VERSION = 1
MAX_REPLAY_BYTES = 16 * 1024 * 1024     # a 100-turn game's replay is ~100 KB
MAX_TRACE_BYTES = 64 * 1024 * 1024      # the recorded trace, once inflated (a long game's is ~1 MB)

_DECK = {"type": "object", "required": ["name", "format", "starter", "main", "g_deck"],
         "properties": {"name": {"type": "string"}, "format": {"type": "string"}, "starter": {"type": "string"},
                        "main": {"type": "array", "items": {"type": "string"}},
                        "g_deck": {"type": "array", "items": {"type": "string"}}}}
REPLAY_SCHEMA = {
    "type": "object",
    "required": ["version", "seed", "format", "decks", "agents", "flows_digest", "cards_digest", "actions", "trace"],
    "properties": {
        "version": {"const": REPLAY_VERSION},
        "seed": {"type": "integer"}, "format": {"enum": ["standard", "quick"]},
        "decks": {"type": "array", "items": _DECK, "minItems": 2, "maxItems": 2},
        "agents": {"type": "array", "items": {"type": "string"}},
        "abilities": {"type": "boolean"},
        "flows_digest": {"type": "string"}, "cards_digest": {"type": "string"},
        "actions": {"type": "array", "items": {"type": "string"}},
        "trace": {"type": "object", "required": ["sha256", "events", "gzip_base64"],
                  "properties": {"sha256": {"type": "string"}, "events": {"type": "integer"},
                                 "gzip_base64": {"type": "string"}}},
    },
}
_VALIDATOR = StrictValidator(REPLAY_SCHEMA)


class ReplayError(SourceError):
    """A replay file that cannot be read (`path:line:col: message`)."""


class ReplayRefused(Exception):
    """The replay was recorded under other flows or cards; `force=True` runs it anyway."""


class ReplayDivergence(Exception):
    """The recorded actions do not fit the game any more (after `applied` of them)."""

    def __init__(self, message: str, applied: int) -> None:
        super().__init__(message)
        self.applied = applied


@dataclass
class Replay:
    path: str
    data: dict

    seed = property(lambda self: self.data["seed"])
    format = property(lambda self: self.data["format"])
    actions = property(lambda self: self.data["actions"])
    agents = property(lambda self: self.data["agents"])

    @property
    def decks(self) -> list[Deck]:
        return [Deck(d["name"], d["format"], d["starter"], tuple(d["main"]), tuple(d["g_deck"]), f"{self.path}")
                for d in self.data["decks"]]

    def trace_text(self) -> str:
        """The recorded trace, inflated at most to MAX_TRACE_BYTES (a gzip bomb is refused)."""
        inflate = zlib.decompressobj(wbits=31)    # gzip framing
        text = inflate.decompress(base64.b64decode(self.data["trace"]["gzip_base64"]), MAX_TRACE_BYTES)
        if inflate.unconsumed_tail:
            raise ValueError(f"it inflates past the limit of {MAX_TRACE_BYTES} bytes")
        if not inflate.eof:
            raise ValueError("it is truncated")
        return text.decode("utf-8")


@dataclass
class ReplayResult:
    ok: bool
    events: int
    sha256: str
    actions_applied: int
    message: str = ""
    divergence: dict | None = None       # {"seq", "recorded", "replayed"} rows (None where absent)
    warnings: list = field(default_factory=list)


# -- hashes --------------------------------------------------------------------

def flows_digest(flows_dir=None) -> str:
    return compiled_flows(flows_dir).spec.digest()


def cards_digest(cards=None) -> str:
    """A hash of the card files' bytes (names relative to the card directory, in order)."""
    h = hashlib.sha256()
    for base in card_sources(cards or None):
        for f in yaml_files(base, CardError):
            h.update(str(f.relative_to(base) if base.is_dir() else f.name).encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


# -- replaying -----------------------------------------------------------------

def replay_game(replay: Replay, hooks: Hooks | None = None, flows_dir=None, cards=None):
    """The recorded game, started, with no action applied yet (and the ability layer if it had one)."""
    game = new_game(replay.seed, replay.decks, replay.format, flows_dir, cards, hooks=hooks, start=False)
    if replay.data.get("abilities", False):
        attach(game)
    return game.start()


def apply_recorded(game, actions) -> int:
    """Apply the action ids in order at every pending decision (single-option ones included,
    as `Game.history` records them). Returns how many were applied; `ReplayDivergence` if one
    is illegal, if they run out before the game ends, or if the game ends first."""
    applied = 0
    while True:
        if game.pending is not None:
            d = game.pending
            if applied >= len(actions):
                raise ReplayDivergence(f"the recorded actions ran out ({applied}); the game still asks "
                                       f"player {d.player} at {d.kind}", applied)
            action = d.find(actions[applied])
            if action is None:
                raise ReplayDivergence(f"recorded action #{applied + 1} {actions[applied]!r} is not legal for "
                                       f"player {d.player} at {d.kind} (legal: {', '.join(d.ids()[:15])})", applied)
            game.apply(action)
            applied += 1
        elif game.runner.finished:
            if applied < len(actions):
                raise ReplayDivergence(f"the game ended with {len(actions) - applied} recorded action(s) unused "
                                       f"(next: {actions[applied]!r})", applied)
            return applied
        else:
            game.step()


def _trace_of(make_game, actions) -> tuple[str, int, int, str | None]:
    """(trace text, events, actions applied, divergence message or None) of a game re-run from `actions`."""
    hooks = Hooks()
    out = io.StringIO()
    recorder = TraceRecorder(hooks, out, keep=False)
    game = make_game(hooks)
    try:
        applied, problem = apply_recorded(game, actions), None
    except ReplayDivergence as exc:
        applied, problem = exc.applied, str(exc)
    return out.getvalue(), recorder.seq, applied, problem


def write_replay(path, game, agents, flows_dir=None, cards=None) -> dict:
    """Record a finished game: seed, decks, agents, format, hashes, actions and the trace."""
    decks = [{"name": d.name, "format": d.format, "starter": d.starter, "main": list(d.main),
              "g_deck": list(d.g_deck), "source": str(d.path)} for d in game.decks]
    data = {"version": REPLAY_VERSION, "seed": game.seed, "format": game.state.format, "decks": decks,
            "agents": list(agents), "abilities": game.abilities is not None, "flows_digest": flows_digest(flows_dir),
            "cards_digest": cards_digest(cards), "flows_dir": str(flows_dir) if flows_dir else None,
            "cards": str(cards) if cards else None, "actions": list(game.history)}
    replay = Replay(str(path), data)
    text, events, _, problem = _trace_of(lambda hooks: replay_game(replay, hooks, flows_dir, cards),
                                         data["actions"])
    if problem is not None:
        raise RuntimeError(f"the game does not replay from its own actions: {problem}")
    data["result"] = dict(zip(("winner", "loser", "reason"), game.state.result or (None, None, None)))
    data["trace"] = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "events": events,
                     "gzip_base64": base64.b64encode(gzip.compress(text.encode(), mtime=0)).decode("ascii")}
    write_output(path, json.dumps(data, indent=1) + "\n")    # atomic over a file; a FIFO as a stream
    return data


def load_replay(path) -> Replay:
    """Read a replay file; `ReplayError` (path:line:col) if unreadable or malformed."""
    try:
        text = read_source(path, MAX_REPLAY_BYTES)
    except SourceError as exc:
        raise ReplayError(exc.path, exc.line, exc.col, f"replay file: {exc.message}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(str(path), exc.lineno, exc.colno, f"not a replay file (invalid JSON): {exc.msg}") from None
    except RecursionError:
        raise ReplayError(str(path), 1, 1, "not a replay file: JSON nested too deeply") from None
    if not isinstance(data, dict):          # say so, without the file's text (issue 27)
        raise ReplayError(str(path), 1, 1, not_a("replay file", REPLAY_SCHEMA))
    errors = sorted(_VALIDATOR.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        where = ".".join(map(str, errors[0].absolute_path)) or "replay"
        raise ReplayError(str(path), 1, 1, f"not a replay file: {where}: {plain_message(errors[0])}")
    replay = Replay(str(path), data)
    try:
        text = replay.trace_text()
    except (ValueError, OSError, zlib.error) as exc:
        raise ReplayError(str(path), 1, 1, f"the recorded trace cannot be decoded: {exc}") from None
    if hashlib.sha256(text.encode()).hexdigest() != data["trace"]["sha256"]:
        raise ReplayError(str(path), 1, 1, "the recorded trace does not match its sha256 (damaged file)")
    return replay


def _first_difference(recorded: list[str], replayed: list[str]) -> dict | None:
    for seq, (a, b) in enumerate(zip(recorded, replayed)):
        if a != b:
            return {"seq": seq, "recorded": json.loads(a), "replayed": json.loads(b)}
    if len(recorded) != len(replayed):
        seq = min(len(recorded), len(replayed))
        row = lambda lines: json.loads(lines[seq]) if seq < len(lines) else None  # noqa: E731
        return {"seq": seq, "recorded": row(recorded), "replayed": row(replayed)}
    return None


def _describe(row: dict | None) -> str:
    if row is None:
        return "nothing (the trace ends)"
    fields = {k: v for k, v in row.items() if k not in ("seq", "event")}
    return f"{row['event']} {json.dumps(fields, separators=(',', ':'))}"


_FLOW_SET = re.compile(r'"flows":"(?:[^"\\]|\\.)*","flows_hash":"[0-9a-f]*",')


def _same_game(recorded: str, replayed: str) -> bool:
    """The traces agree but for the flow set game_start names (a run forced under other flows)."""
    return _FLOW_SET.sub("", recorded, count=1) == _FLOW_SET.sub("", replayed, count=1)


def run_replay(replay: Replay | str | Path, flows_dir=None, cards=None, force: bool = False,
               trace_out=None) -> ReplayResult:
    """Re-run a recorded game and compare its trace with the recording."""
    if not isinstance(replay, Replay):
        replay = load_replay(replay)
    def source(key: str, flag: str) -> str:
        given = replay.data.get(key)
        return f"; it was recorded with {flag} {given}" if given else "; it was recorded with the built-in ones"
    mismatched = [f"{what} (recorded {then}, now {now}{source(key, flag)})" for what, now, then, key, flag in (
        ("flows", flows_digest(flows_dir), replay.data["flows_digest"], "flows_dir", "--flows"),
        ("cards", cards_digest(cards), replay.data["cards_digest"], "cards", "--cards")) if now != then]
    warnings = []
    if mismatched:
        msg = f"{replay.path}:1:1: recorded under other {' and '.join(mismatched)}: the game may not replay"
        if not force:
            raise ReplayRefused(msg + "; use --force to run it anyway")
        warnings.append(msg)
    text, events, applied, problem = _trace_of(lambda hooks: replay_game(replay, hooks, flows_dir, cards),
                                               replay.actions)
    if trace_out is not None:
        write_output(trace_out, text)
    sha = hashlib.sha256(text.encode()).hexdigest()
    recorded = replay.data["trace"]
    if sha == recorded["sha256"] and events == recorded["events"] and problem is None:
        return ReplayResult(True, events, sha, applied, "identical trace", None, warnings)
    if problem is None and warnings and _same_game(replay.trace_text(), text):    # forced under other flows
        return ReplayResult(True, events, sha, applied, "identical trace but for game_start's flow set "
                            "(flows, flows_hash)", None, warnings)
    diff = _first_difference(replay.trace_text().splitlines(), text.splitlines())
    parts = []
    if diff is not None:
        parts.append(f"trace diverges at seq {diff['seq']}: recorded {_describe(diff['recorded'])}; "
                     f"replayed {_describe(diff['replayed'])}")
    if problem is not None:
        parts.append(problem)
    if not parts:
        parts.append(f"trace hash differs (recorded {recorded['sha256'][:16]}, {recorded['events']} events; "
                     f"replayed {sha[:16]}, {events} events)")
    return ReplayResult(False, events, sha, applied, "; ".join(parts), diff, warnings)
