"""`Debugger`: a session plus its command words, the object the CLI and tests drive.

The terminal loop (`cli/cmd_debug.py`) only reads lines and prints what
`execute` returns, so tests drive the very same code. The core lives in
`session` (movement, breakpoints, rewind), the text in `views`, the command
words in `commands`.
"""
from __future__ import annotations

from . import commands, views
from .commands import HELP
from .session import Session
from .views import format_event

__all__ = ["Debugger", "HELP", "format_event"]


class Debugger(Session):
    """Debugs one game; see `Session` for the arguments. Each method is one command
    (the Python face of the command words, for tests and the browser debugger)."""

    def execute(self, line: str) -> str:
        return commands.execute(self, line)

    def step(self, count: int = 1) -> str:
        return commands.step(self, [str(count)])

    def next(self) -> str:
        return commands.next_decision(self, [])

    def cont(self) -> str:
        return commands.cont(self, [])

    def auto(self) -> str:
        return commands.auto(self, [])

    def choose(self, answer: str) -> str:
        return commands.choose(self, [answer])

    def back(self, count: int = 1) -> str:
        return commands.back(self, [str(count)])

    def where(self) -> str:
        return views.where(self)

    def board(self) -> str:
        return views.board(self)

    def log(self, count: int = 20) -> str:
        return views.log(self, count)
