"""Breakpoints on conditions of the position: "a G guardian can be called", "damage >= 5".

The debugger's own breakpoints stop on something that happens (a state entered, a
timing, an event, a card named); a condition stops where a fact about the position
becomes true. Conditions are a closed vocabulary parsed here (no expression is ever
evaluated): `g_guardian` (a pending decision offers a G guardian), `decision KIND`
(a decision of that kind with two or more options), and `[p0.|p1.]ZONE OP N` with
ZONE one of damage, hand, soul, drop, deck, g_zone_face_up, and `turn OP N` (OP may be
written ≥ or ≤, as a person writes "damage ≥ 5").
A condition hits when it turns from false to true, so it stops once, not at every step.
"""
from __future__ import annotations

import operator
import re

OPS = {">=": operator.ge, "<=": operator.le, "==": operator.eq, ">": operator.gt, "<": operator.lt}
COUNTED = {"damage": lambda p: len(p.damage), "hand": lambda p: len(p.hand), "soul": lambda p: len(p.soul),
           "drop": lambda p: len(p.drop), "deck": lambda p: len(p.deck),
           "g_zone_face_up": lambda p: len(p.g_face_up & set(p.g_zone))}
NUMERIC = re.compile(r"^(?:p([01])\.)?([a-z_]+)\s*(>=|<=|==|>|<)\s*(\d{1,4})$")
EXAMPLES = "g_guardian, decision guard_step, damage >= 5, p1.hand <= 2, turn >= 6"


def parse(text: str):
    """A condition's test, fn(game) -> bool; ValueError saying what is understood."""
    text = " ".join(text.replace("≥", ">=").replace("≤", "<=").split())
    if text == "g_guardian":
        return lambda game: game.pending is not None and any(a.kind == "g_guardian" for a in game.pending.actions)
    if text.startswith("decision "):
        kind = text.split(" ", 1)[1]
        return lambda game: (game.pending is not None and game.pending.kind == kind
                             and len(game.pending.actions) > 1)
    found = NUMERIC.match(text)
    if found:
        seat, what, op, number = found.groups()
        compare, number = OPS[op], int(number)
        if what == "turn" and seat is None:
            return lambda game: compare(game.state.turn, number)
        if what in COUNTED:
            count = COUNTED[what]
            seats = (int(seat),) if seat is not None else (0, 1)
            return lambda game: any(compare(count(game.state.players[s]), number) for s in seats)
    raise ValueError(f"unknown condition {text!r}: write one of {EXAMPLES} "
                     f"(zones: {', '.join(COUNTED)})")


class Conditions:
    """Numbered condition breakpoints sharing the debugger's breakpoint numbers."""

    def __init__(self, breakpoints) -> None:
        self.breakpoints = breakpoints        # the debugger's Breakpoints: one numbering for all
        self.items: dict[int, tuple[str, object]] = {}
        self.was: dict[int, bool] = {}

    def add(self, text: str, game) -> int:
        test = parse(text)
        text = text.replace("≥", ">=").replace("≤", "<=")
        number = self.breakpoints.next_number
        self.breakpoints.next_number += 1
        self.items[number] = (" ".join(text.split()), test)
        self.was[number] = bool(test(game))
        return number

    def delete(self, number: int) -> bool:
        self.was.pop(number, None)
        return self.items.pop(number, None) is not None

    def prime(self, game) -> None:
        """Remember which conditions hold before a run, so only a change to true hits."""
        self.was = {n: bool(test(game)) for n, (_, test) in self.items.items()}

    def hits(self, game) -> list[str]:
        out = []
        for number, (text, test) in self.items.items():
            now = bool(test(game))
            if now and not self.was.get(number, False):
                out.append(f"breakpoint {number}: condition {text}")
            self.was[number] = now
        return out
