"""Lint checks of the value terms card data writes inside abilities (issue 19).

Counts (`{count: source, filters, times, max, distinct}`), comparisons (`[count, operator,
count]`), a cost's pick (`N` or `{choose: N, filters}`) and filter keys, each problem
at its `file:line:col`. A mixin of `lint.Linter`, which provides `error`,
`key_error` and `arg`.
"""
from __future__ import annotations

import difflib

from ..effects.calling import CALL_PARAMS
from ..language.conditions import CAUSE_TIMINGS
from ..language.costs_zone import MOVE_ZONES, SELF_INCLUDED
from ..language.counts import DISTINCT, OPERATORS
from ..reads.circle_counts import CIRCLE_SOURCES
from ..language.registry import ABILITIES, MAX_AMOUNT
from ..mechanics.deck_rules import DECK_RULES


def unknown(what, name, known) -> str:
    close = difflib.get_close_matches(str(name), sorted(known), n=1, cutoff=0.75)
    return f"unknown {what} {name!r}" + (f" (did you mean {close[0]!r}?)" if close else "")


SCALAR_KINDS = ("int", "signed", "str", "state", "texts")
# terms whose cards may be called or go elsewhere (`to`, with its default): the call options need `to: call`
CALLS_TO = {"look_top": "hand", "reveal_top": "none", "reveal_until": "hand"}


class TermChecks:
    def scalar(self, kind, value, path, what) -> None:
        """A plain argument: a whole number within MAX_AMOUNT (`int` >= 0, `signed`), a text, texts,
        or a flow state of the flows being linted."""
        if kind == "int" and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AMOUNT):
            self.error(path, f"{what} needs a whole number >= 0, at most {MAX_AMOUNT} (got {value!r})")
        elif kind == "signed" and (not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_AMOUNT):
            self.error(path, f"{what} needs a whole number, + or -, at most {MAX_AMOUNT} (got {value!r})")
        elif kind == "str" and not isinstance(value, str):
            self.error(path, f"{what} needs a text argument (got {value!r})")
        elif kind == "state":
            self.flow_state(value, path, what)
        elif kind == "texts" and not (isinstance(value, str) or (
                isinstance(value, list) and value and all(isinstance(v, str) for v in value))):
            self.error(path, f"{what} needs a text or a list of texts (got {value!r})")

    def in_cont(self, name, arg, path) -> None:
        """An effect in a CONT ability is applied without a choice: a CONT `battles` names all its units. A
        deck-construction effect is a CONT ability of no zone, acting before the game (CR 5.1.2)."""
        if name in DECK_RULES:
            if self.kind != "CONT" or self.zone is not None:
                self.error(path, f"{name!r} changes how a deck is built (CR 5.1.2): write it in a CONT ability "
                                 f"with no zone")
            elif type(arg) is not int or not 1 <= arg <= MAX_AMOUNT:   # the deck check holds it to the format's
                self.error(path, f"{name!r} is the number of cards of this name a deck may hold, a whole number "
                                 f"of 1 or more (got {arg!r})")                # sizes (parameters.yaml)
        if self.kind == "CONT" and name == "battles" and isinstance(arg, dict) and {"choose", "up_to"} & set(arg):
            self.error(path, "a CONT 'battles' adds all the units it names as the attack is declared "
                             "(CR 7.4.1.8.4): no choose / up_to")

    def flow_state(self, value, path, what) -> None:
        """A flow state path (`during: battle.guard_step`) of the flows being linted, a variant's own."""
        if not isinstance(value, str):
            self.error(path, f"{what}: a flow state path (got {value!r})")
        elif value not in self.states:
            self.error(path, f"{what}: {unknown('flow state', value, self.states)} in the flows being linted "
                             f"(states: `vanguard-fsm names`)")

    def cause_watched(self, name, kind, timing, path) -> None:
        """`caused_by` reads the cause of the move an AUTO ability watches; elsewhere there is none."""
        if name == "caused_by" and (kind != "AUTO" or timing not in CAUSE_TIMINGS):
            self.error(path, f"caused_by is the cause of the move an AUTO ability at {' or '.join(CAUSE_TIMINGS)} "
                             f"watches: this {kind} ability has none, so it could never be played")

    def leaps_a_rear_guard(self, name, arg, path) -> None:
        """Time Leap binds rear-guards only (CR 10.31.2): `self` of an ability working from VC (or any
        zone but R), or a vanguard or guardian selector, names no unit it could leap."""
        if name != "time_leap":
            return
        source = arg.get("from", "your_units") if isinstance(arg, dict) else ("self" if arg is None else arg)
        if source == "self" and self.zone not in ("R", "V/R"):
            self.error(path, f"time_leap of `self` in an ability working from {self.zone or 'no zone'}: Time Leap "
                             f"binds a rear-guard (CR 10.31.2), so it would do nothing; write it in an R ability")
        elif source in ("your_vanguard", "opponent_vanguard", "your_guardians"):
            self.error(path, f"time_leap of {source}: Time Leap binds rear-guards only (CR 10.31.2), "
                             f"so it would do nothing")

    def game_end_last(self, items, path) -> None:
        """`win_game` ends the game at once (CR 1.2.1): an effect written after it would never be done."""
        for i, item in enumerate(items[:-1]):
            if item == "win_game" or isinstance(item, dict) and "win_game" in item:
                self.error(path + (i,), "win_game ends the game at once (CR 1.2.1): it is the last effect of "
                                        "its ability")

    def together(self, name, item, path) -> None:
        """Parameters that do not go together: the call options (`separate`, `circle`, `rested`) of a term
        that may also put its cards elsewhere need `to: call`; `order: any` orders cards put under the deck;
        `swap` exchanges exactly two units."""
        if name == "swap" and not (isinstance(item["swap"], dict) and item["swap"].get("choose") == 2):
            self.error(path + ("swap",), "swap exchanges two rear-guards: write the target with `choose: 2`")
        if name not in CALLS_TO:
            return
        if item.get("to") != "call":
            for key in CALL_PARAMS:
                if key in item:
                    self.error(path + (key,), f"{name}: `{key}` is an option of a call, so it goes with `to: call` "
                                              f"(got to: {item.get('to', CALLS_TO[name])})")
        if "order" in item and item.get("others") != "deck_bottom":
            self.error(path + ("order",), f"{name}: `order: any` is the order of the cards put under the deck, "
                                          f"so it goes with `others: deck_bottom`")

    def count(self, value, path, what, negative=False) -> None:
        """A whole number, or a count expression `{count: source, filters, times: N, max: N, distinct: grade, plus: N}`."""
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0 and not negative:
                self.error(path, f"{what} needs a whole number >= 0 or a count (got {value!r})")
            elif abs(value) > MAX_AMOUNT:
                self.error(path, f"{what}: {value} is past the largest number card data may write, {MAX_AMOUNT} "
                                 f"(abilities/registry.py MAX_AMOUNT)")
            return
        if not isinstance(value, dict) or "count" not in value:
            self.error(path, f"{what} needs a whole number or a count {{count: source, filters ...}} (got {value!r})")
            return
        source = value["count"]
        if not isinstance(source, str) or (source not in ABILITIES.zones and source not in ABILITIES.selectors):
            known = set(ABILITIES.zones.names()) | set(ABILITIES.selectors.names())
            self.error(path + ("count",), unknown("count source", source, known)
                       + " (a card zone, `names card_zones`, or a target selector, `names target_selectors`)")
        for key, arg in value.items():
            if key == "times":
                self.count(arg, path + (key,), "times", negative=True)
            elif key == "max":
                self.arg("int", arg, path + (key,), "max")
            elif key == "distinct" and source not in CIRCLE_SOURCES:
                self.arg(tuple(DISTINCT), arg, path + (key,), "distinct")
            elif key == "plus":
                self.arg("signed", arg, path + (key,), "plus")
            elif key != "count" and source in CIRCLE_SOURCES:
                self.key_error(path, key, f"{source} counts circles: it takes no filter nor distinct ({key!r})")
            elif key != "count":
                self.filter_key(key, arg, path, value)

    def comparison(self, value, path, what) -> None:
        if not isinstance(value, list) or len(value) != 3:
            self.error(path, f"{what} is [count, operator, count] (operators: {', '.join(OPERATORS)})")
            return
        if not isinstance(value[1], str) or value[1] not in OPERATORS:   # a mapping or list is no operator
            self.error(path + (1,), f"unknown operator {value[1]!r} (operators: {', '.join(OPERATORS)})")
        self.count(value[0], path + (0,), what, negative=True)
        self.count(value[2], path + (2,), what, negative=True)

    def bound(self, value, path, what) -> None:
        """`{operator: N}`: one `compare` operator and a whole number >= 0 (`{at_least: 3}`)."""
        if not isinstance(value, dict) or len(value) != 1:
            self.error(path, f"{what} is {{operator: N}}, one operator (operators: {', '.join(OPERATORS)})")
            return
        (op, n), = value.items()
        if not isinstance(op, str) or op not in OPERATORS:
            self.error(path, f"unknown operator {op!r} (operators: {', '.join(OPERATORS)})")
        else:
            self.arg("int", n, path + (op,), what)

    def pick(self, value, path, what) -> None:
        """A cost's `N` or `{choose: N, filters}`."""
        if isinstance(value, dict):
            if "choose" not in value:
                self.error(path, f"{what}: write how many as `choose: N`")
            for key, arg in value.items():
                if key == "choose":
                    self.arg("int", arg, path + (key,), "choose")
                else:
                    self.filter_key(key, arg, path, value, in_cost=what in SELF_INCLUDED)
        else:
            self.arg("int", value, path, what)

    def move(self, value, path, what) -> None:
        """`move_cards`: `{from: zone, to: zone, choose: N, filters}`, `bottom: true` only into the deck, and
        no filter on the deck's top cards (taken unseen)."""
        if not isinstance(value, dict):
            self.error(path, f"{what} is {{from: zone, to: zone, choose: N, filters}} (zones: {', '.join(MOVE_ZONES)})")
            return
        for key in ("from", "to"):
            if value.get(key) not in MOVE_ZONES:
                self.error(path + ((key,) if key in value else ()),
                           f"{what}: `{key}` is one of {', '.join(MOVE_ZONES)} (got {value.get(key)!r})")
        if value.get("from") == value.get("to") and "from" in value:
            self.error(path + ("to",), f"{what}: `from` and `to` name the same zone ({value['to']!r})")
        if "bottom" in value and (value["bottom"] is not True or value.get("to") != "deck"):
            self.error(path + ("bottom",), f"{what}: `bottom: true` puts the cards under the deck: only with `to: deck`")
        pick = {k: v for k, v in value.items() if k not in ("from", "to", "bottom")}
        if value.get("from") == "deck" and set(pick) - {"choose"}:
            self.error(path + ("from",), f"{what}: `from: deck` takes its top cards unseen: no filter")
        self.pick(pick, path, what)

    def filter_key(self, key, arg, path, value, in_cost=False) -> None:
        if key == "including_self" and not in_cost:
            self.key_error(path, key, "including_self lets a cost that takes your rear-guards (retire, "
                                      "soul_rear_guard, lock_rear_guard) choose this unit too: only in such a cost")
        elif key in ABILITIES.filters:
            entry = ABILITIES.filters[key]
            if entry.arg == "none":
                if arg is not True:
                    self.error(path + (key,), f"filter {key!r} is written `{key}: true`")
            else:
                self.arg(entry.arg, arg, path + (key,), f"filter {key!r}")
        else:
            self.key_error(path, key, ABILITIES.filters.unknown_message(str(key)))
