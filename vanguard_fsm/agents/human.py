"""The human agent: a person picks each action from a numbered list at the terminal.

Before every choice it shows the board (their own hand revealed, the
opponent's hidden) and the decision's numbered legal actions; the answer is a
number or an action id. `board` shows the board again, `?` lists the actions.
Anything else is refused with the reason and asked again, so a typo never
plays a wrong card. Reads `stdin` and writes `stdout` by default (both can be
given, for tests); the end of input raises `HumanInputClosed` naming the
decision that was left unanswered.
"""
from __future__ import annotations

import sys

from ..game.concede import CONCEDE_IDS, concede_actions, conceding_seat
from .board_view import board_view, render_text


class HumanInputClosed(EOFError):
    """The input ended while a human player still had to choose."""


def numbered_actions(decision) -> str:
    """`  1. pass` lines, the numbers `choose N` and the human agent accept; then the concession
    either player may make at any decision (CR 1.2.4), never numbered so no slip of a digit makes it."""
    return "\n".join([f"  {n}. {a.id}" for n, a in enumerate(decision.actions, 1)]
                     + [f"  ({' / '.join(CONCEDE_IDS)}: concede the game, CR 1.2.4; 'concede': P{decision.player})"])


def pick(decision, answer: str):
    """The action an answer names: a 1-based number (ASCII digits: '²' or '٣' are not numbers
    here, and a 5,000-digit answer is simply out of range) or an exact action id; None if neither.
    `concede` is the deciding player's concession, `concede:N` seat N's (CR 1.2.4)."""
    answer = answer.strip()
    if answer == "concede" or conceding_seat(answer) is not None:
        seat = decision.player if answer == "concede" else conceding_seat(answer)
        return concede_actions()[seat]
    if answer.isascii() and answer.isdigit():
        if len(answer) > len(str(len(decision.actions))):
            return None
        n = int(answer)
        return decision.actions[n - 1] if 1 <= n <= len(decision.actions) else None
    return decision.find(answer)


class HumanAgent:
    name = "human"

    def __init__(self, stdin=None, stdout=None, color: bool | None = None) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.color = color

    def _io(self):
        out = self.stdout or sys.stdout
        color = self.color if self.color is not None else bool(getattr(out, "isatty", lambda: False)())
        return self.stdin or sys.stdin, out, color

    def choose(self, game, decision):
        stdin, out, color = self._io()
        seat = decision.player
        if stdin is None:   # the process was started with stdin closed (0<&-)
            raise HumanInputClosed(f"no input (stdin is closed) while P{seat} had to choose at {decision.kind}")
        out.write(render_text(board_view(game, reveal=(seat,)), color=color))
        out.write(f"P{seat}, choose at {decision.kind}"
                  + (f" ({decision.prompt})" if decision.prompt else "") + ":\n")
        out.write(numbered_actions(decision) + "\n")
        while True:
            out.write(f"P{seat}> ")
            out.flush()
            line = stdin.readline()
            if not line:
                raise HumanInputClosed(f"input ended while P{seat} had to choose at {decision.kind} "
                                       f"(legal: {', '.join(decision.ids()[:12])})")
            answer = line.strip()
            if answer == "board":
                out.write(render_text(board_view(game, reveal=(seat,)), color=color))
                continue
            if answer in ("?", "help", ""):
                out.write(numbered_actions(decision) + "\n")
                continue
            action = pick(decision, answer)
            if action is not None:
                return action
            shown = answer if len(answer) <= 40 else answer[:40] + "..."
            out.write(f"{shown!r} is neither a number from 1 to {len(decision.actions)} nor a legal action id; "
                      f"'?' lists them, 'board' shows the board\n")
