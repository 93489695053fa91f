"""The report's board at every trace row, rebuilt from the trace alone (issue 30.7).

`record.board.TraceBoard` replays a version 2 trace into every zone of both seats (the
trace reports each card movement once); here each row becomes the list of changes it
made, `[seat, zone, card id, +n or -n]`, so the offline page can go to any row by
applying the changes up to it (a 1,000-event game is a few thousand small numbers, not
a thousand boards). A trace the board cannot follow (an older version without the
decks in `game_start`, a hand-edited row) keeps its board up to that row and says
where and why it stopped; the log and the diagram still cover every row.
"""
from __future__ import annotations

from collections import Counter

from ..game.cards import CardError, load_cards
from ..record.board import TraceBoard, TraceError
from .views import catalogue


def _zones(board: TraceBoard) -> dict[tuple[int, str], Counter]:
    return {(seat, zone): Counter(cards) for seat, zones in enumerate(board.seats) for zone, cards in zones.items()}


def _changes(before: dict, after: dict) -> list[list]:
    out = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key, Counter()), after.get(key, Counter())
        if old == new:
            continue
        for card in sorted(set(old) | set(new)):
            delta = new[card] - old[card]
            if delta:
                out.append([key[0], key[1], card, delta])
    return out


def board_changes(rows: list[dict]) -> dict:
    """`changes`: per row, what it moved; `stopped`: why the board stops early (or None), at row `at`."""
    board, before, changes = TraceBoard(), {}, []
    for index, row in enumerate(rows):
        try:
            if row.get("event") == "game_start" and not isinstance(row.get("zones"), list):
                raise TraceError("game_start names no decks (a trace before version 2)")
            board.feed(row)
        except (TraceError, KeyError, TypeError, ValueError, IndexError) as exc:
            why = exc.args[0] if isinstance(exc, (TraceError, KeyError)) and exc.args else exc
            return {"changes": changes, "stopped": f"the board stops at #{row.get('seq', index)}: {why}", "at": index}
        after = _zones(board)
        changes.append(_changes(before, after))
        before = after
    return {"changes": changes, "stopped": None, "at": len(rows)}


def named_cards(rows: list[dict]) -> dict:
    """The catalogue (names, stats, texts) of every card id the trace's decks hold, from the
    built-in card data; an id it does not know is shown as the id."""
    ids = set()
    for row in rows:
        if row.get("event") == "game_start" and isinstance(row.get("zones"), list):
            for zones in row["zones"]:
                if isinstance(zones, dict):
                    ids.update(c for z in zones.values() if isinstance(z, list) for c in z if isinstance(c, str))
    try:
        db = load_cards()
    except CardError:
        return {}
    return catalogue(db[i] for i in sorted(ids) if i in db)
