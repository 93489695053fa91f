"""The scripted agent: plays a fixed list of action ids, for tests and scenarios.

Strict by default: a decision with no script line left, or a scripted id that is
not legal, raises `ScriptError` naming the script position.
"""
from __future__ import annotations


class ScriptError(AssertionError):
    pass


class ScriptedAgent:
    name = "scripted"

    def __init__(self, script, fallback=None) -> None:
        self.script = list(script)
        self.position = 0
        self.fallback = fallback

    def choose(self, game, decision):
        if self.position >= len(self.script):
            if self.fallback is not None:
                return self.fallback.choose(game, decision)
            raise ScriptError(f"no scripted choice left for player {decision.player} at {decision.kind} "
                              f"(legal: {', '.join(decision.ids()[:12])})")
        wanted = self.script[self.position]
        action = decision.find(wanted)
        if action is None:
            raise ScriptError(f"scripted choice #{self.position + 1} {wanted!r} is not legal at {decision.kind} "
                              f"(legal: {', '.join(decision.ids()[:12])})")
        self.position += 1
        return action

    @property
    def unused(self) -> list[str]:
        return self.script[self.position:]
