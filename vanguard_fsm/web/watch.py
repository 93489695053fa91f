"""`web --watch`: the designer's edit loop — edit a flow or a card file, the page follows.

The page asks every second whether a file of the session's flow set (a variant's bases
included) or card data changed on disk (names, times and sizes: `Stamp`). When one did,
or when the page's "reload rules" button asks, the rules are linted first (the flows'
lint, then the cards' lint under those flows): each problem comes back as
`file:line:col: message` for the page to show, and the game stays where it was. When
lint passes, the session starts again under the new rules and replays the choices it
had made (and those recorded ahead) up to the same transition — or stops at the first
decision where the recorded choice is no longer legal, and says where. The breakpoints
are kept.
"""
from __future__ import annotations

from pathlib import Path

from ..abilities.lint.cards import lint_cards
from ..game.cards import CardError, card_files, file_signature
from ..game.factory import flows_stamp
from ..machine.loader import lint_report
from ..machine.yamlsrc import SourceError
from ..paths import resolve_flows

MAX_PROBLEMS = 50        # a broken file can have hundreds: the first ones locate the edit


class Stamp:
    """What the rules' files look like on disk; `changed()` is true once per change."""

    def __init__(self, flows_dir, cards) -> None:
        self.flows_dir, self.cards = flows_dir, cards
        self.seen = self.now()

    def now(self) -> tuple:
        """The flow files' names, times and sizes (a variant's bases too), then the card files'."""
        try:
            flows = flows_stamp(resolve_flows(self.flows_dir).resolve())
        except (SourceError, OSError) as exc:         # the flows directory itself is unreadable
            flows = (("unreadable", str(exc)),)
        try:
            cards = file_signature(card_files(self.cards))
        except (CardError, SourceError, OSError) as exc:     # a card source that vanished: lint says where
            cards = (("unreadable", str(exc)),)
        return flows + cards

    def changed(self) -> bool:
        now = self.now()
        if now == self.seen:
            return False
        self.seen = now
        return True


def _shown(problem: SourceError) -> str:
    """A problem as the page shows it: the file by its name (the page needs no server directory)."""
    return f"{Path(str(problem.path)).name}:{problem.line}:{problem.col}: {problem.message}"


def rule_problems(flows_dir, cards) -> list[str]:
    """The lint of the flows, then (when they load) of the cards under them; [] when both pass."""
    try:
        problems, _ = lint_report(resolve_flows(flows_dir))
        if not problems:
            problems = lint_cards(flows_dir, cards)
    except SourceError as exc:
        problems = [exc]
    except (CardError, OSError) as exc:
        return [str(exc)]
    return [_shown(p) for p in problems[:MAX_PROBLEMS]] + (
        [f"... and {len(problems) - MAX_PROBLEMS} more"] if len(problems) > MAX_PROBLEMS else [])


def replay_to(debugger, target: int, deciding: bool) -> str:
    """Run the debugger's recorded choices up to transition `target` (and, when `deciding`, on to
    the decision offered there, as it was); what happened, said."""
    while debugger.transitions < target or (deciding and debugger.transitions == target
                                            and debugger.game.pending is None and not debugger.game.over):
        if debugger.unit("recorded") is None:
            break
    debugger.mark_stop()
    game = debugger.game
    if debugger.transitions >= target:
        return f"replayed {len(game.history)} choice(s) to transition {debugger.transitions}, where it was"
    decision = game.pending
    recorded = debugger.recorded_next()
    if decision is not None and recorded is not None and decision.find(recorded) is None:
        return (f"the choices diverge at transition {debugger.transitions}: the recorded choice {recorded!r} is "
                f"not legal at P{decision.player}'s {decision.kind} under the new rules; stopped there")
    if game.over:
        return f"the game ends earlier under the new rules, at transition {debugger.transitions}"
    return f"stopped at transition {debugger.transitions} (of {target}): a decision with no recorded choice"
