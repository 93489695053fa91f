"""The board as plain data: players, zones, circles, units. Cheap to clone.

A card in play is an int: its instance number in the game (`Game.cards[i]` is its
`Card`, `Game.owner[i]` its owner). Zones are lists of instances, the top of the
deck at the END of the list. Units carry their modifiers by duration
(`until end of battle` / `until end of turn`) so the close step and the end phase
clear them with one assignment. Everything clones in well under a millisecond,
which is what rewind and snapshots rely on.
"""
from __future__ import annotations

CIRCLES = ("VC", "front_left", "back_left", "back_center", "front_right", "back_right")
REAR_CIRCLES = CIRCLES[1:]
FRONT_ROW = ("VC", "front_left", "front_right")
FRONT_REAR = ("front_left", "front_right")
BACK_ROW = ("back_left", "back_center", "back_right")
MATE = "VC_mate"   # the legion mate's place name: beside the leader on VC (CR 10.25.1), a vanguard too (10.25.3)
# the back circle of each front circle's column (RULES glossary: columns)
BEHIND = {"VC": "back_center", "front_left": "back_left", "front_right": "back_right"}
COLUMN_PARTNER = {"front_left": "back_left", "back_left": "front_left",
                  "front_right": "back_right", "back_right": "front_right",
                  "VC": "back_center", "back_center": "VC"}


_new = object.__new__    # an instance without `__init__`: the copies below set every slot


class Unit:
    """A card standing on a circle (or GC), with its state and modifiers."""

    __slots__ = ("card", "rested", "power_turn", "power_battle", "crit_turn", "crit_battle",
                 "shield_battle", "heart", "placed", "guarding", "mate", "keep_rested", "sources")

    def __init__(self, card: int, rested: bool = False, placed: int = 0) -> None:
        self.card = card
        self.rested = rested
        self.power_turn = 0
        self.power_battle = 0
        self.crit_turn = 0
        self.crit_battle = 0
        self.shield_battle = 0
        self.heart = None      # the instance under a G unit on VC (RULES 3.3.3.2)
        self.placed = placed   # order of placement, for CR 9.3 and "placed this turn"
        self.guarding = None   # for a guardian: the circle it guards
        self.mate = None       # on VC: the legion mate, a Unit (CR 10.25); kept under a G unit as a heart
        self.keep_rested = False   # an effect keeps it from standing in its master's next stand phase
        self.sources = ()      # where the modifiers above came from: ((what, amount, until, source), ...)

    def clone(self) -> "Unit":
        # one statement per attribute: a multiple assignment of more than three builds a tuple and
        # unpacks it (~25% of a unit's copy, and a snapshot and its restore copy every unit twice)
        u = _new(Unit)
        u.card = self.card
        u.rested = self.rested
        u.power_turn = self.power_turn
        u.power_battle = self.power_battle
        u.crit_turn = self.crit_turn
        u.crit_battle = self.crit_battle
        u.shield_battle = self.shield_battle
        u.heart = self.heart
        u.placed = self.placed
        u.guarding = self.guarding
        mate = self.mate
        u.mate = mate if mate is None else mate.clone()
        u.keep_rested = self.keep_rested
        u.sources = self.sources   # a tuple: shared, never changed in place
        return u

    def modified(self, what: str, amount: int, until: str, source: str) -> None:
        """Add a power/critical modifier `until` the end of the turn or battle, remembering its source."""
        if what == "power":
            if until == "battle":
                self.power_battle += amount
            else:
                self.power_turn += amount
        elif until == "battle":
            self.crit_battle += amount
        else:
            self.crit_turn += amount
        self.sources += ((what, amount, until, source),)

    def modifiers_end(self, until: str) -> None:
        """The modifiers lasting `until` the end of this turn or battle end (their sources with them)."""
        if until == "battle":
            self.power_battle = self.crit_battle = self.shield_battle = 0
        else:
            self.power_turn = self.crit_turn = 0
        if self.sources:
            self.sources = tuple([s for s in self.sources if s[2] != until])

    def legion(self) -> bool:
        """A vanguard in legion (CR 10.25.2), not while the pair are hearts under a G unit (CR 10.27.4)."""
        return self.mate is not None and self.heart is None

    def canonical(self) -> tuple:
        mate = self.mate.canonical() if self.mate is not None else None
        return (self.card, self.rested, self.power_turn, self.power_battle, self.crit_turn, self.crit_battle,
                self.shield_battle, self.heart, mate, self.keep_rested)


class Player:
    __slots__ = ("seat", "deck", "hand", "drop", "damage", "face_down", "soul", "trigger", "g_zone",
                 "g_face_up", "removed", "bind", "circles", "gc", "deck_name", "rode", "strode", "redrew",
                 "revealed", "overloaded", "assist", "paying", "locked")

    def __init__(self, seat: int, deck_name: str = "") -> None:
        self.seat = seat
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.drop: list[int] = []
        self.damage: list[int] = []
        self.face_down: set[int] = set()   # damage and G zone cards turned face down
        self.soul: list[int] = []
        self.trigger: list[int] = []
        self.g_zone: list[int] = []
        self.g_face_up: set[int] = set()   # G zone cards face up (after striding / G guardian)
        self.removed: list[int] = []
        self.bind: list[int] = []          # bound cards (CR 4.9, 10.19): a public zone, face up
        self.circles: dict[str, Unit | None] = dict.fromkeys(CIRCLES)
        self.gc: list[Unit] = []
        self.deck_name = deck_name
        self.rode = False       # normal ride done this turn
        self.strode = False     # normal stride done this turn
        self.redrew = False
        self.revealed: list[int] = []   # cards looked at (G assist), still in the deck
        # (circle, Unit): units a newer unit was placed over, until the overloaded-circle
        # rule action (CR 8.5.3.2, 9.3.1, 9.3.6) takes them at the next check timing
        self.overloaded: list[tuple[str, Unit]] = []
        self.assist: tuple | None = None   # a G assist under way (game/rules/g_assist.py)
        self.paying: int | None = None     # the G unit chosen to stride or guard, its cost not yet paid (game/rules/g_calls.py)
        # circle -> card: locked cards (CR 10.22), face down on their circle (a lock circle, CR 4.6.7);
        # not units (CR 3.8.1), so not in `circles`; no card is called or moved onto that circle
        self.locked: dict[str, int] = {}

    @property
    def vanguard(self) -> Unit | None:
        return self.circles["VC"]

    def units(self):
        """(circle, unit) for every unit on VC and the R circles; a legion mate is `VC_mate`."""
        # the dict's own (circle, unit) pairs, kept as they come: no unpacking and re-packing
        out = [pair for pair in self.circles.items() if pair[1] is not None]
        v = self.circles["VC"]
        if v is not None and v.legion():
            out.insert(1, (MATE, v.mate))
        return out

    def unit_circles(self) -> tuple:
        """The circles of `units()`, in its order, without its (circle, unit) pairs (a trigger's options)."""
        circles = self.circles
        out = [c for c in circles if circles[c] is not None]
        v = circles["VC"]
        if v is not None and v.legion():
            out.insert(1, MATE)
        return tuple(out)

    def unit_at(self, name: str) -> Unit | None:
        """The unit on a circle, the legion mate for `VC_mate`, a guardian for `GC[i]`."""
        if name[0] == "G":
            return self.gc[int(name[3:-1])]
        if name == MATE:
            v = self.circles["VC"]
            return v.mate if v is not None and v.legion() else None
        return self.circles[name]

    def end_modifiers(self, until: str) -> None:
        """Every unit's modifiers lasting `until` the end of the battle or turn end (`Unit.modifiers_end`);
        a unit with none to end, most at each close step and end phase, is passed over without a call."""
        battle = until == "battle"
        for unit in self.circles.values():   # `units()` without its list: each circle's unit, then a legion mate
            while unit is not None:
                if unit.sources or (unit.power_battle or unit.crit_battle or unit.shield_battle if battle
                                    else unit.power_turn or unit.crit_turn):
                    unit.modifiers_end(until)
                unit = unit.mate if unit.mate is not None and unit.heart is None else None   # `legion()`

    def rear_guards(self):
        return [(c, u) for c, u in self.circles.items() if u is not None and c != "VC"]

    def clone(self) -> "Player":
        p = _new(Player)     # (one statement per attribute, as `Unit.clone`)
        p.seat = self.seat
        p.deck_name = self.deck_name
        p.deck = self.deck[:]
        p.hand = self.hand[:]
        p.drop = self.drop[:]
        p.damage = self.damage[:]
        p.face_down = set(self.face_down)
        p.soul = self.soul[:]
        p.trigger = self.trigger[:]
        p.g_zone = self.g_zone[:]
        p.g_face_up = set(self.g_face_up)
        p.removed = self.removed[:]
        p.bind = self.bind[:]
        p.circles = circles = self.circles.copy()
        for c, u in circles.items():
            if u is not None:
                circles[c] = u.clone()
        p.gc = list(map(Unit.clone, self.gc)) if self.gc else []
        p.rode = self.rode
        p.strode = self.strode
        p.redrew = self.redrew
        p.revealed = self.revealed[:]
        p.overloaded = [(c, u.clone()) for c, u in self.overloaded] if self.overloaded else []
        p.assist = self.assist
        p.paying = self.paying
        p.locked = self.locked.copy() if self.locked else {}
        return p

    def canonical(self) -> tuple:
        """Everything about this player as plain tuples, for equality checks."""
        units = tuple((c,) + u.canonical() if u is not None else (c,) for c, u in self.circles.items())
        gc = tuple((u.card, u.rested, u.guarding) for u in self.gc)
        return (self.seat, tuple(self.deck), tuple(self.hand), tuple(self.drop), tuple(self.damage),
                tuple(sorted(self.face_down)), tuple(self.soul), tuple(self.trigger), tuple(self.g_zone),
                tuple(sorted(self.g_face_up)), tuple(self.removed), tuple(self.bind), units, gc, self.rode, self.strode,
                self.redrew, tuple(self.revealed), tuple((c,) + u.canonical() for c, u in self.overloaded),
                self.assist, self.paying, tuple(sorted(self.locked.items())))

    def all_instances(self) -> list[int]:
        """Every card this player owns, wherever it is (for the conservation invariant)."""
        cards = self.deck + self.hand + self.drop + self.damage + self.soul + self.trigger \
            + self.g_zone + self.removed + self.bind
        for u in self.circles.values():
            if u is None:
                continue
            cards.append(u.card)
            if u.heart is not None:
                cards.append(u.heart)
            if u.mate is not None:
                cards.append(u.mate.card)
        cards.extend(u.card for u in self.gc)
        cards.extend(u.card for _, u in self.overloaded)
        cards.extend(self.locked.values())
        return cards


class Battle:
    """Bookkeeping of the battle in progress (CR 7.1): who attacks whom, boosted by whom."""

    __slots__ = ("attacker", "target", "booster", "attacker_card", "attacker_placed", "target_placed", "hit", "drive_checks",
                 "damage_left", "target_is_vanguard", "booster_placed", "more", "hits", "guard_for")

    def __init__(self) -> None:
        self.attacker = None       # circle of the attacking unit
        self.attacker_card = None  # its card instance (its abilities: "when not hit" even once it left)
        # the attacking and attacked units by placement: a unit that leaves its circle is no longer
        # either, and the same card placed again is a new unit (CR 4.1.4, 7.4.1.8.2)
        self.attacker_placed = 0
        self.target = None         # circle of the attacked unit (opponent's)
        self.target_placed = 0
        self.booster = None        # circle of the booster
        self.booster_placed = 0    # the boosting unit's placement: it boosts only while it stays (CR 7.4.1.10-11)
        self.hit = False
        self.drive_checks = 0      # drive checks made in this battle's drive step (CR 7.6.1.3)
        self.damage_left = 0       # damage checks still to do
        self.target_is_vanguard = False
        # More than one attacked unit (CR 7.4.1.8.4-5, 10.20): the units an effect added beside the
        # one chosen (`target`), as (circle, placement) pairs; empty in the common one-target battle
        self.more = ()
        self.hits = ()             # with `more`: the circles of the attacked units hit (CR 7.7.1.2)
        self.guard_for = None      # the attacked unit's circle a chosen G guardian will guard

    def set_attack(self, state, seat: int, attacker: str, target: str) -> None:
        """`seat`'s unit on `attacker` attacks the opponent's unit on `target` (CR 7.4.1.3, 7.4.1.6)."""
        unit, attacked = state.players[seat].circles[attacker], state.players[1 - seat].circles[target]
        self.attacker, self.attacker_card, self.attacker_placed = attacker, unit.card, unit.placed
        self.target, self.target_placed = target, attacked.placed

    def targets(self) -> tuple:
        """Every attacked unit as (circle, placement), the chosen one first (CR 7.4.1.8.5)."""
        return ((self.target, self.target_placed),) + self.more

    def clone(self) -> "Battle":
        b = Battle.__new__(Battle)
        b.attacker, b.target, b.booster = self.attacker, self.target, self.booster
        b.attacker_card, b.attacker_placed, b.target_placed = self.attacker_card, self.attacker_placed, self.target_placed
        b.hit = self.hit
        b.drive_checks = self.drive_checks
        b.damage_left, b.target_is_vanguard = self.damage_left, self.target_is_vanguard
        b.booster_placed = self.booster_placed
        b.more, b.hits, b.guard_for = self.more, self.hits, self.guard_for
        return b


class State:
    """All mutable game data; `Game` adds the static parts (cards, flows, hooks)."""

    __slots__ = ("players", "turn", "turn_player", "first", "battle", "battle_count", "result",
                 "placed_counter", "format", "in_battle_phase", "abilities", "statuses")

    def __init__(self, players: list[Player], fmt: str) -> None:
        self.players = players
        self.turn = 0
        self.turn_player = None
        self.first = None
        self.battle: Battle | None = None
        self.battle_count = 0
        self.result = None          # (winner, loser, reason) once decided
        self.placed_counter = 0
        self.format = fmt
        self.in_battle_phase = False
        self.abilities = None       # the ability layer's bookkeeping: an immutable value (issue 4)
        self.statuses: tuple = ()   # what effects forbid or change, until when (game/statuses.py)

    def canonical(self) -> tuple:
        """The whole state as plain tuples: equal tuples mean equal game states."""
        b = self.battle
        battle = tuple(getattr(b, n) for n in Battle.__slots__) if b is not None else None
        return (tuple(p.canonical() for p in self.players), self.turn, self.turn_player, self.first, battle,
                self.battle_count, self.result, self.placed_counter, self.format, self.in_battle_phase,
                self.abilities, self.statuses)

    def clone(self) -> "State":
        s = State.__new__(State)
        s.players = list(map(Player.clone, self.players))
        s.turn, s.turn_player, s.first = self.turn, self.turn_player, self.first
        s.battle = self.battle.clone() if self.battle is not None else None
        s.battle_count, s.result, s.placed_counter, s.format = \
            self.battle_count, self.result, self.placed_counter, self.format
        s.in_battle_phase = self.in_battle_phase
        s.abilities = self.abilities
        s.statuses = self.statuses
        return s
