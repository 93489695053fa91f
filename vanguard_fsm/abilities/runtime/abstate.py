"""The ability layer's share of the game state, as one immutable value.

It lives in `State.abilities`, so snapshots and rewinds carry it for free:

- `pending`: AUTO abilities standing by (CR 8.6.2), in the order they triggered;
- `used`: once-per-turn / once-per-game uses, as (scope, placement, instance, ability key): a
  unit's by its placement, so the same card placed again is a new card with fresh limits (CR
  4.1.4); a card that is no unit (hand, soul, drop ...) has placement 0;
- `granted`: abilities given by effects, as (unit placement number, ability key, until);
- `that`: placement numbers of the units the resolving ability chose, called or rode last
  (the `that` selector; set anew when an ability starts resolving);
- `delayed`: effects an ability set to happen later ("at the end of the turn ..."), as
  `Delayed` records; they trigger at their timing with the `that` of their making;
- `stood`: (timing, instance, ability key, placement, loop pass) that stood by at a flow
  timing during the stay in a state named `stood_scope` (`Runner.scope()`): when a repeat
  loop enters the state again, its timings trigger only the others (CR 7.8.1.1, 6.8.1.3);
- `revealed`: the cards the resolving ability revealed last (the card zone `your_revealed`:
  "if the revealed cards have four or more different grades"); set anew when an ability
  starts resolving;
- `dropped`: (turn, seat, flow paths then, card instance) for each of a player's rear-guards put into
  the drop zone this turn (only this turn's are kept): "if an opponent's rear-guard was put into the
  drop zone during this main phase" (`opponent_rear_guard_dropped_during`), "if one of your Tachikaze
  was put into the drop zone from a rear-guard circle this turn" (`turn_record.py`);
- `called`: (turn, seat, card instance) for each card a player called to a rear-guard circle this
  turn ("the rear-guards you called this turn", `turn_record.py`);
- `stands`: (turn, placement) for each unit that became standing this turn, by a rule or an effect
  ("if this unit has not become [Stand] during that turn", `turn_record.py`). These three are
  recorded only in a game with a card that asks (`AbilityLayer.records_turn`, TURN_RECORD_READERS).
"""
from __future__ import annotations

from typing import NamedTuple


class Pending(NamedTuple):
    seat: int
    inst: int
    key: str
    timing: str
    placed: int      # the source unit's placement number at trigger time (0: not a unit)
    that: tuple = ()  # the units it refers to: a delayed effect's, or the unit an event was about (an unlock)
    home: str | None = None   # a card not a unit: its zone at trigger time ("this card", `identity.py`)


class Delayed(NamedTuple):
    """An effect set to happen at a later timing (CR 8.2): the ability spec `key` made by `inst`'s
    ability, whose master is `seat`, remembering the units it referred to (`that`)."""
    seat: int
    inst: int
    key: str
    timing: str
    placed: int
    that: tuple
    turn: int        # made on this turn: "at the end of the turn" means this one
    home: str | None = None   # the making ability's `Ctx.home` ("this card", `identity.py`)


class AbState(NamedTuple):
    pending: tuple = ()
    used: frozenset = frozenset()
    granted: tuple = ()
    stood: frozenset = frozenset()
    stood_scope: tuple | None = None
    that: tuple = ()
    delayed: tuple = ()
    harmony: tuple = ()      # (placement, placement, turn): units in harmony (CR 11.34, `harmony.py`)
    revealed: tuple = ()     # instances the resolving ability revealed last (`branches.py`, `your_revealed`)
    dropped: tuple = ()      # (turn, seat, flow paths, instance): rear-guards put into the drop zone this turn
    called: tuple = ()       # (turn, seat, instance): cards called to rear-guard circles this turn
    stands: tuple = ()       # (turn, placement): units that became standing this turn


EMPTY = AbState()
# the card-language names that read `dropped` / `called`: a game records them only when a card uses one
TURN_RECORD_READERS = ("opponent_rear_guard_dropped_during", "your_rear_guard_dropped_this_turn",
                       "your_rear_guards_called_this_turn", "stood_this_turn")


def get(game) -> AbState:
    return game.state.abilities or EMPTY


def put(game, value: AbState) -> None:
    game.state.abilities = value


# The writers that run at every trigger, stand-by and ability played change a field or three of the
# state: a list of its fields with those set, made an `AbState` by tuple.__new__ (what `_make` does
# after a Python call, then checking the length: a list made from an AbState has it). `_replace` does
# the same through a dict of its keywords and a map over every field name, several times slower.
_PENDING, _USED, _STOOD, _STOOD_SCOPE, _THAT, _REVEALED = (
    AbState._fields.index(name) for name in ("pending", "used", "stood", "stood_scope", "that", "revealed"))
_new = tuple.__new__


def set_pending(game, pending: tuple) -> None:
    """`pending` replaced (an ability stood by or is played)."""
    fields = list(game.state.abilities or EMPTY)     # `get`, written out
    fields[_PENDING] = pending
    game.state.abilities = _new(AbState, fields)


def set_stood(game, stood: frozenset, scope: tuple) -> None:
    """The flow timings' stood-by marks of this stay in a state (`stood`, `stood_scope`): every timing
    that makes an ability stand by writes them."""
    fields = list(game.state.abilities or EMPTY)
    fields[_STOOD], fields[_STOOD_SCOPE] = stood, scope
    game.state.abilities = _new(AbState, fields)


def stand_by(game, entry: Pending) -> None:
    """A triggered ability joins the pending queue (CR 8.6.2)."""
    set_pending(game, (game.state.abilities or EMPTY).pending + (entry,))    # `get`, written out


def scope(game, once: str):
    return game.state.turn if once == "turn" else "game"


def is_used(game, once: str | None, inst: int, placed: int, key: str) -> bool:
    """Asked at every trigger and play of an ability with a limit (no state yet: none used)."""
    if once is None:
        return False
    held = game.state.abilities
    return held is not None and (scope(game, once), placed, inst, key) in held.used


def mark_used(game, once: str | None, inst: int, placed: int, key: str) -> None:
    if once is not None:
        s = get(game)
        put(game, s._replace(used=s.used | {(scope(game, once), placed, inst, key)}))


def start_resolving(game, once: str | None, inst: int, placed: int, key: str, that: tuple) -> None:
    """An ability starts resolving: its once-per limit is used (`mark_used`), `that` is its units
    (`set_that`) and nothing is revealed yet (`set_revealed`), in one new value."""
    fields = list(game.state.abilities or EMPTY)     # `get`, written out; as `set_pending`
    if once is not None:
        fields[_USED] = fields[_USED] | {(scope(game, once), placed, inst, key)}
    fields[_THAT], fields[_REVEALED] = tuple(that), ()
    game.state.abilities = _new(AbState, fields)


def set_that(game, placements) -> None:
    """The units the resolving ability chose, called or rode last (the `that` selector)."""
    s = get(game)
    put(game, s._replace(that=tuple(placements)))


def set_revealed(game, instances) -> None:
    """The cards the resolving ability revealed last (the card zone `your_revealed`)."""
    s = get(game)
    if s.revealed or instances:
        put(game, s._replace(revealed=tuple(instances)))


def record_dropped(game, seat: int, paths: tuple, inst: int) -> None:
    """`seat`'s rear-guard `inst` was put into the drop zone now, the game in these flow states."""
    s = get(game)
    turn = game.state.turn
    put(game, s._replace(dropped=tuple(d for d in s.dropped if d[0] == turn) + ((turn, seat, paths, inst),)))


def dropped_this_turn(game, seat: int) -> list:
    """The flow paths at each time one of `seat`'s rear-guards was put into the drop zone this turn."""
    turn = game.state.turn
    return [d[2] for d in get(game).dropped if d[0] == turn and d[1] == seat]


def dropped_cards_this_turn(game, seat: int) -> list:
    """The cards of `seat`'s rear-guards put into the drop zone this turn (one per time)."""
    turn = game.state.turn
    return [d[3] for d in get(game).dropped if d[0] == turn and d[1] == seat]


def record_called(game, seat: int, inst: int) -> None:
    """`seat` called the card `inst` to a rear-guard circle now."""
    s = get(game)
    turn = game.state.turn
    put(game, s._replace(called=tuple(c for c in s.called if c[0] == turn) + ((turn, seat, inst),)))


def called_this_turn(game, seat: int) -> list:
    """The cards `seat` called to rear-guard circles this turn (one per call)."""
    turn = game.state.turn
    return [c[2] for c in get(game).called if c[0] == turn and c[1] == seat]


def record_stood(game, placements) -> None:
    """The units with these placement numbers became standing now."""
    s = get(game)
    turn = game.state.turn
    put(game, s._replace(stands=tuple(x for x in s.stands if x[0] == turn) + tuple((turn, p) for p in placements)))


def stood_this_turn(game) -> frozenset:
    """The placement numbers of the units that became standing this turn."""
    turn = game.state.turn
    return frozenset(p for t, p in get(game).stands if t == turn)
