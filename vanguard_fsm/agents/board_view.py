"""The board as a `rich` renderable: both fields, hands, zone counts, damage and soul.

Shared by the `human` agent (which shows it before every choice) and the
debugger's `board` command, so a person playing and a person debugging read
the same picture. A pure function of the game: it never changes anything.
Hands are shown only for the seats in `reveal` (a human player sees their own).
Rendered through a `Console` without colour, it reads well as plain text
(pipes, tests, bug reports).
"""
from __future__ import annotations

from io import StringIO

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..game import zones

# how the field is drawn, as a player sees their own side: front row above the back row
FIELD_ROWS = (("front_left", "VC", "front_right"), ("back_left", "back_center", "back_right"))


def _unit_cell(game, unit, face_down: bool = False, hidden: bool = False) -> Text:
    """A unit's cell; the first vanguard before the stand up is face down (CR 5.4.3): hidden from
    the opponent, marked for its owner."""
    if unit is None:
        return Text("-", style="dim")
    if face_down and hidden:
        return Text("face down\n(first vanguard)", style="dim")
    card = game.cards[unit.card]
    text = Text(f"{card.id} {card.name}\n", style="bold")
    crit = zones.critical(game, unit)
    text.append(f"G{card.grade} {zones.power(game, unit)} C{crit}")
    if unit.rested:
        text.append(" rested", style="yellow")
    if face_down:
        text.append(" face down", style="dim")
    if unit.heart is not None:
        text.append(f"\nheart {game.cards[unit.heart].id}")
    if unit.mate is not None:   # a legion mate beside it (CR 10.25), or a heart with the leader
        mate = unit.mate
        text.append(f"\nlegion mate {game.cards[mate.card].id}")
        if unit.legion():
            text.append(f" {zones.power(game, mate)} C{zones.critical(game, mate)}")
            if mate.rested:
                text.append(" rested", style="yellow")
    return text


def _cards(game, instances) -> str:
    return ", ".join(game.cards[i].id for i in instances) or "-"


def player_view(game, seat: int, show_hand: bool = True) -> Table:
    """One player's side: the six circles, guardians, and every zone."""
    state = game.state
    p = state.players[seat]
    marks = []
    if state.turn > 0 and state.turn_player == seat:
        marks.append("turn player")
    if state.first == seat:
        marks.append("first")
    limit = game.params["damage_to_lose"][state.format]
    title = f"P{seat} {p.deck_name}" + (f" ({', '.join(marks)})" if marks else "")
    field = Table(box=box.SQUARE, show_header=True, show_lines=True, title=title, title_justify="left", expand=False)
    for name in FIELD_ROWS[0]:
        field.add_column(name, min_width=18)
    for row in FIELD_ROWS:
        cells = [_unit_cell(game, p.circles[c], p.circles[c] is not None and p.circles[c].card in p.face_down,
                            not show_hand) for c in row]
        if row is FIELD_ROWS[1]:
            cells = [Text(f"{c}\n", style="dim") + cell for c, cell in zip(row, cells)]
        field.add_row(*cells)
    lines = Text()
    if p.gc:
        guards = ", ".join(f"{game.cards[u.card].id} (shield {game.cards[u.card].shield or 0}, guards {u.guarding})"
                           for u in p.gc)
        lines.append(f"GC: {guards}\n")
    face_down = len([i for i in p.damage if i in p.face_down])
    lines.append(f"damage {len(p.damage)}/{limit}: {_cards(game, p.damage)}"
                 + (f" ({face_down} face down)" if face_down else "") + "\n")
    lines.append(f"soul {len(p.soul)}: {_cards(game, p.soul)}\n")
    lines.append(f"deck {len(p.deck)}  drop {len(p.drop)}  G zone {len(p.g_zone)} "
                 f"({len(p.g_face_up & set(p.g_zone))} face up)  removed {len(p.removed)}")
    if p.trigger:
        lines.append(f"\ntrigger zone: {_cards(game, p.trigger)}")
    if show_hand:
        hand = "  ".join(f"[{i}] {game.cards[c].id} G{game.cards[c].grade}" for i, c in enumerate(p.hand))
        lines.append(f"\nhand {len(p.hand)}: {hand or '-'}")
    else:
        lines.append(f"\nhand {len(p.hand)} (hidden)")
    outer = Table.grid()
    outer.add_row(field)
    outer.add_row(lines)
    return outer


def battle_line(game) -> Text | None:
    b = game.state.battle
    if b is None or b.attacker is None:
        return None
    from ..game.rules.damage import attack_power, defense_power
    tp = game.state.turn_player
    text = f"battle: P{tp} {b.attacker}" + (f" boosted by {b.booster}" if b.booster else "")
    if b.target is not None:
        text += f" attacks P{1 - tp} " + ", ".join(f"{c}: {attack_power(game)} vs {defense_power(game, c)}"
                                                    for c, _ in b.targets())
    return Text(text)


def board_view(game, reveal=(0, 1)):
    """Both sides (the opponent of the first revealed seat on top), then the battle in progress."""
    state = game.state
    me = reveal[0] if reveal else 0
    header = Text(f"turn {state.turn}" + (f", P{state.turn_player} to play" if state.turn > 0 else " (setup)"))
    if state.result is not None:
        winner, loser, reason = state.result
        header.append(f" — game over: winner {winner}, loser {loser} ({reason})")
    parts = [header, player_view(game, 1 - me, (1 - me) in reveal), player_view(game, me, me in reveal)]
    line = battle_line(game)
    if line is not None:
        parts.append(line)
    return Group(*parts)


def render_text(renderable, color: bool = False, width: int = 100) -> str:
    """A renderable as a string: plain when `color` is false (pipes and tests)."""
    out = StringIO()
    console = Console(file=out, width=width, force_terminal=color, color_system="standard" if color else None,
                      highlight=False)
    console.print(renderable)
    return out.getvalue()
