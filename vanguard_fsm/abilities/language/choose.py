"""Choices made while an ability is paid for or resolves, one pick at a time.

`choose(...)` offers options (a label for the action id and a value) until
`count` are picked, or the player says `done` when `up_to` allows it (CR 8.5.4.1).
Equal labels (two copies of one card) are one option. The continuation is a
task `(fn, args)` run as `fn(game, *args, chosen)` with `chosen` a tuple of values,
so every pause keeps only immutable data (snapshots stay valid).
"""
from __future__ import annotations

from ...game.actions import Action


def choose(game, seat: int, kind: str, options: tuple, count: int, up_to: bool, done: tuple,
           prompt: str = "", chosen: tuple = ()) -> None:
    """Pick up to / exactly `count` of `options` ((label, value), ...); then run `done`."""
    fn, args = done
    if count <= 0 or not options:
        game.then(fn, *args, chosen)
        return
    seen, actions = set(), []
    for label, value in options:
        if label not in seen:
            seen.add(label)
            actions.append(Action(f"{kind}:{label}", kind, seat, (label, value)))
    if up_to:
        actions.append(Action(f"{kind}:done", kind, seat, ()))

    def resolve(g, act):
        if not act.args:
            g.then(fn, *args, chosen)
            return
        label, value = act.args
        rest = list(options)
        rest.remove((label, value))
        choose(g, seat, kind, tuple(rest), count - 1, up_to, done, prompt, chosen + (value,))

    game.ask(seat, kind, actions, resolve, prompt)


def card_options(game, instances, prefix: str = "") -> tuple:
    """Options for cards in a zone, labelled by card id (equal cards are one choice)."""
    cards = game.cards
    return tuple((f"{prefix}{cards[i].id}", i) for i in instances)


def unit_options(game, refs, seat: int) -> tuple:
    """Options for units: labelled by circle, `opponent.<circle>` for the other player's."""
    return tuple((where if s == seat else f"opponent.{where}", (s, unit.placed)) for s, where, unit in refs)
