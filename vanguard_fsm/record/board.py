"""Every zone of both seats rebuilt from a version 2 trace alone (CONTRACT.md, "Version 2").

A reader that was not in the game replays the trace rows in order: `game_start` gives
each seat's deck and G deck, and every movement after it is reported exactly once,
by a `put` or by the event that implies it (`draw`, `call`, `ride` ...). The board
holds card ids per zone (a multiset: after a `shuffle` the deck's order is not known)
and which cards lie face down in the damage zone and face up in the G zone.

It is what `tests/test_trace_complete.py` compares with the engine at every state
entered, and a starting point for any tool that reads traces (a report, a viewer).
A checked card is counted where it goes next (`drive_check`: the hand,
`damage_check`: the damage zone): the trace says both moves at once.
"""
from __future__ import annotations

from collections import Counter

CIRCLE_ZONES = ("VC", "front_left", "back_left", "back_center", "front_right", "back_right", "GC")
ZONES = ("deck", "hand", "soul", "damage", "drop", "g_zone", "trigger", "bind", "removed") + CIRCLE_ZONES
FACES = ("damage_down", "g_up")     # face-down damage cards, face-up G zone cards
_ALIAS = {"VC_mate": "VC"}          # a legion mate is on VC beside its leader (CR 10.25.1)


class TraceError(ValueError):
    """A row that does not fit the board (a card reported from a zone it is not in)."""


class TraceBoard:
    def __init__(self) -> None:
        self.seats: list[dict[str, Counter]] = []
        self.version = None

    # -- moving ----------------------------------------------------------------
    def _take(self, seat: int, zone: str, card: str, row: dict) -> None:
        z = self.seats[seat][zone]
        if z[card] <= 0:
            raise TraceError(f"seq {row.get('seq')}: {card} is not in seat {seat}'s {zone} ({row})")
        z[card] -= 1
        if not z[card]:
            del z[card]

    def move(self, seat: int, card: str, src: str, dst: str, row: dict, face: str | None = None,
             from_face: str | None = None) -> None:
        zones = self.seats[seat]
        src, dst = _ALIAS.get(src, src), _ALIAS.get(dst, dst)
        if src == dst:           # turned over in place
            self._set_face(seat, card, dst, from_face, remove=True, row=row)
            self._set_face(seat, card, dst, face)
            return
        self._take(seat, src, card, row)
        self._set_face(seat, card, src, from_face, remove=True, row=row)
        zones[dst][card] += 1
        self._set_face(seat, card, dst, face)

    def _set_face(self, seat, card, zone, face, remove=False, row=None) -> None:
        key = "damage_down" if zone == "damage" and face == "down" else \
            "g_up" if zone == "g_zone" and face == "up" else None
        if key is None:
            return
        if remove:
            self._take(seat, key, card, row)
        else:
            self.seats[seat][key][card] += 1

    # -- rows --------------------------------------------------------------------
    def feed(self, row: dict) -> None:
        handler = getattr(self, "_on_" + row["event"], None)
        if handler is not None:
            handler(row, row.get("player"))

    def _on_game_start(self, row, _seat) -> None:
        self.version = row.get("version")
        self.seats = []
        for zones in row["zones"]:
            seat = {z: Counter() for z in ZONES + FACES}
            seat["deck"].update(zones["deck"])
            seat["g_zone"].update(zones["g_zone"])
            self.seats.append(seat)

    def _on_put(self, row, seat) -> None:
        self.move(seat, row["card"], row["from"], row["to"], row, row.get("face"), row.get("from_face"))

    def _on_draw(self, row, seat) -> None:
        self.move(seat, row["card"], "deck", "hand", row)

    def _on_redraw(self, row, seat) -> None:
        for card in row["returned"]:
            self.move(seat, card, "hand", "deck", row)

    def _on_g_assist(self, row, seat) -> None:
        if row.get("taken") is not None:
            self.move(seat, row["taken"], "deck", "hand", row)
        # traces written before 2026-12-05 listed the removals here too (always empty since they are puts)
        for card in row.get("removed_hand", ()):
            self.move(seat, card, "hand", "removed", row)
        for card, face in zip(row.get("removed_g", ()), row.get("removed_g_face", ())):
            self.move(seat, card, "g_zone", "removed", row, from_face=face)

    def _on_ride(self, row, seat) -> None:
        zones = self.seats[seat]
        zones["soul"].update(zones["VC"])   # the old vanguard (and a heart, a legion mate) to the soul
        zones["VC"].clear()
        self.move(seat, row["card"], row["from"], "VC", row)

    def _on_stride(self, row, seat) -> None:
        for card in row.get("cost", ()):     # older traces; the cost is `put` events (CONTRACT v2)
            self.move(seat, card, "hand", "drop", row)
        self.move(seat, row["card"], "g_zone", "VC", row)      # the old vanguard stays, as the heart

    def _on_call(self, row, seat) -> None:
        self.move(seat, row["card"], row["from"], row["circle"], row)

    def _on_move(self, row, seat) -> None:
        self.move(seat, row["card"], row["from"], row["to"], row)

    def _on_guard(self, row, seat) -> None:
        self.move(seat, row["card"], row["from"], "GC", row)

    def _on_drive_check(self, row, seat) -> None:
        self.move(seat, row["card"], "deck", "hand", row)      # deck -> trigger zone -> hand

    def _on_damage_check(self, row, seat) -> None:
        self.move(seat, row["card"], "deck", "damage", row)    # deck -> trigger zone -> damage, face up

    def _on_trigger(self, row, seat) -> None:
        if row.get("healed") is not None:
            self.move(seat, row["healed"], "damage", "drop", row, from_face=row.get("healed_face"))

    def _on_retire(self, row, seat) -> None:
        self.move(seat, row["card"], row["from"], row["to"], row, "up" if row["to"] == "g_zone" else None)

    def _on_legion(self, row, seat) -> None:
        self.move(seat, row["mate"], row["from"], "VC", row)

    # -- reading -----------------------------------------------------------------
    def zones(self, seat: int) -> dict[str, Counter]:
        return self.seats[seat]

    def sizes(self, seat: int) -> dict[str, int]:
        return {z: sum(self.seats[seat][z].values()) for z in ZONES}
