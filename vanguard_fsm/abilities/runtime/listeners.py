"""Which card instances listen to each flow timing, and whether any of them is where it can
trigger: the cheap test that lets a timing nobody can answer cost almost nothing.

A game fires ~550 timings; about one in five finds a listening card in a zone where its
ability works, and far fewer make anything stand by. The instances of a game never change
(the index is rebuilt only if instances were added, e.g. a scenario's extra cards), so per
timing the listening instances are one frozenset per owner, and "is one where it can trigger"
is a few set tests over that player's circles and the zones named — no list of candidates is built. It
only filters: when the test passes, the ability layer looks as it always did, in the same
order, so traces are unchanged. The same test tells whether a player has a card with an ACT
ability where it can be played, before the main phase lists them (CR 8.1.1.1). Also here: the
abilities on a timing that passed the test (`timing_specs`: from the index, or in the full look at
every card when abilities were given or a unit is deleted) and that full look's list of where a
player's cards are (`cards_in`, `AbilityLayer.cards_in`).
"""
from __future__ import annotations

from ...game import deleted
from ...game.state import MATE, REAR_CIRCLES
from ..language.conditions import turn_side
from .abstate import EMPTY

# the zones an ability may work from that are not circles: (zone name, player attribute)
HIDDEN_ZONES = (("soul", "soul"), ("drop", "drop"), ("hand", "hand"), ("G", "g_zone"), ("damage", "damage"),
                ("bind", "bind"))


class TimingListeners:
    """Per game: timing -> the looks a flow timing needs, by whose turn it is (`_looks`): for each
    player with some, their instances with an AUTO ability on it that may trigger on this side of the
    turn and the zones it works in. An ability "during your turn" (`conditions.turn_side`) listens
    on one side of the turn only; `act`: by seat, (the instances with an ACT ability, their zones'
    tests: `static.act_cards`). By owner, because a card is only ever in its owner's zones (CR 4.1.6;
    the engine moves cards within one player's zones and makes each instance in its owner's): a
    player none of whose cards listens is not looked at."""

    __slots__ = ("size", "by_timing", "sides", "owners", "act")

    def __init__(self, layer, cards: list, owner: list) -> None:
        self.size = len(cards)
        found: dict = {}   # timing -> (instances that may trigger on their owner's turn, on the other's)
        for inst, card in enumerate(cards):
            for timing, specs in layer.auto.get(card.id, {}).items():
                own_turn, other_turn = found.setdefault(timing, (set(), set()))
                for spec in specs:
                    side = turn_side(spec.conditions)
                    if side is not False:
                        own_turn.add(inst)
                    if side is not True:
                        other_turn.add(inst)
        self.by_timing = {timing: _looks(_by_owner(own_turn, owner), _by_owner(other_turn, owner),
                                         _zone_tests(layer.timing_zones.get(timing, ())))
                          for timing, (own_turn, other_turn) in found.items()}
        # by whose turn it is (as in by_timing): timing -> its looks, only those with some (`on_timing`)
        self.sides = tuple({timing: looks[k] for timing, looks in self.by_timing.items() if looks[k]}
                           for k in range(3))
        # timing -> by whose turn it is (as in by_timing): (seat 0 has a look, seat 1 has one)
        self.owners = {timing: tuple((any(look[0] == 0 for look in side), any(look[0] == 1 for look in side))
                                     for side in looks) for timing, looks in self.by_timing.items()}
        tests = _zone_tests(layer.act_zones)
        with_act = _by_owner([inst for inst, card in enumerate(cards) if card.id in layer.act], owner)
        self.act = tuple((insts, tests) for insts in with_act)


def _looks(own_turn: tuple, other_turn: tuple, tests: tuple) -> tuple:
    """(on seat 0's turn, on seat 1's turn, before the first turn): each a tuple of (seat, instances,
    zone tests, presence test) for the players with a card listening then; empty: no card listens."""
    present = _PRESENCE.get(tests, _present)

    def side(tp, seat):    # the seat's instances listening while `tp` is the turn player
        return (own_turn if tp == seat else other_turn)[seat]
    return tuple(tuple((seat, side(tp, seat), tests, present) for seat in (0, 1) if side(tp, seat))
                 for tp in (0, 1, None))


def _by_owner(insts, owner) -> tuple:
    """(seat 0's instances, seat 1's instances) of `insts`, each a frozenset."""
    return tuple(frozenset(i for i in insts if owner[i] == seat) for seat in (0, 1))


def _zone_tests(zones) -> tuple:
    """The zones to look at, as (on VC, on an R circle, on a GC, hidden (zone, attribute) pairs, the heart)."""
    return ("V" in zones, "R" in zones, "GC" in zones, tuple(pair for pair in HIDDEN_ZONES if pair[0] in zones),
            "heart" in zones)


def cards_in(layer, game, seat, zones, ids=None):
    """(zone, where, instance, placement) for the player's cards in those zones;
    with `ids`, only cards with one of those card ids (same order either way)."""
    p = game.state.players[seat]
    cards = game.cards
    out = []
    circles = p.circles
    vc = circles["VC"]
    if vc is not None and "V" in zones:
        if ids is None or cards[vc.card].id in ids:
            out.append(("V", "VC", vc.card, vc.placed))
        m = vc.mate if vc.legion() else None   # the legion mate is a vanguard with its own text (CR 10.25.4)
        if m is not None and (ids is None or cards[m.card].id in ids):
            out.append(("V", MATE, m.card, m.placed))
    if "R" in zones:
        for c in REAR_CIRCLES:
            u = circles[c]
            if u is not None and (ids is None or cards[u.card].id in ids):
                out.append(("R", c, u.card, u.placed))
    if "GC" in zones:
        for i, u in enumerate(p.gc):    # a plain loop: no generator object at every look
            if ids is None or cards[u.card].id in ids:
                out.append(("GC", f"GC[{i}]", u.card, u.placed))
    heart = vc.heart if vc is not None and "heart" in zones else None
    if heart is not None and (ids is None or cards[heart].id in ids):
        out.append(("heart", "heart", heart, 0))     # a heart card's own abilities (CR 10.27)
    if not zones.isdisjoint(_HIDDEN_ZONE_NAMES):     # most timings' abilities work on circles only
        for zone, attr in HIDDEN_ZONES:
            if zone in zones:   # a plain loop: no generator to resume at each card (a hand ACT: every main phase)
                for inst in getattr(p, attr):
                    if ids is None or cards[inst].id in ids:
                        out.append((zone, zone, inst, 0))
    return out


_HIDDEN_ZONE_NAMES = frozenset(zone for zone, _ in HIDDEN_ZONES)


def timing_specs(layer, game, name) -> list:
    """(seat, instance, spec, placement) of every AUTO ability on the flow timing `name`,
    the turn player's first (a list: no generator to resume at each one)."""
    state = game.state
    granted = (state.abilities or EMPTY).granted     # `abstate.get`, written out
    if granted and name not in given_timings(layer, granted):
        granted = ()     # none of the given abilities is an AUTO one on this timing
    if not granted and not state.statuses:   # the usual case: printed abilities alone, no deleted unit
        return listening_specs(layer, game, name)
    return every_card_specs(layer, game, name, granted)


def every_card_specs(layer, game, name, granted) -> list:
    """`timing_specs`'s full look: every listening card of the players with one on this side of the
    turn, or with `granted` (given abilities on this timing) every card, a deleted unit's own text left out."""
    state = game.state
    zones = layer.timing_zones[name]
    ids = None if granted else layer.timing_ids.get(name, ())   # granted abilities: look at every card
    tp = state.turn_player if state.turn_player is not None else 0
    gone = deleted.placements(game) if state.statuses else ()   # deleted units: no printed text (CR 10.26.3)
    owners = listening_owners(game, name) if ids is not None else (True, True)
    auto, cards = layer.auto, game.cards
    out = []
    for seat in (tp, 1 - tp):
        if not owners[seat]:
            continue
        for zone, _, inst, placed in cards_in(layer, game, seat, zones, ids):
            by_timing = auto.get(cards[inst].id) if not (placed and placed in gone) else None
            specs = by_timing.get(name, ()) if by_timing else ()
            if granted and placed:
                specs = list(specs) + [s for s in layer.granted_specs(game, placed)
                                       if s.kind == "AUTO" and s.timing == name]
            for spec in specs:
                if spec.zones is not None and zone in spec.zones:
                    out.append((seat, inst, spec, placed))
    return out


def listening_specs(layer, game, name: str) -> list:
    """`timing_specs` when no ability was given to a unit on timing `name` and no unit is
    deleted (no statuses): the instances of the index's looks on this side of the turn, where the
    timing's zones name (`_zone_tests`), in `cards_in`'s order, the turn player's first. An instance
    left out of a side's look (each of its abilities on `name` says the other side's turn,
    `conditions.turn_side`) is one whose conditions fail there: triggering it would do nothing."""
    index = layer.listeners   # `listeners_of`, its usual case written out (as in `on_timing`)
    if index is None or index.size != len(game.cards):
        index = listeners_of(game)
    looks = index.by_timing.get(name)
    out = []
    if looks is None:
        return out
    state = game.state
    tp = state.turn_player
    side = looks[2 if tp is None else tp]     # in seat order: seat 1's first on their turn
    auto, cards = layer.auto, game.cards
    for seat, insts, tests, _ in reversed(side) if tp == 1 else side:
        for zone, _, inst, placed in instances_in(state.players[seat], insts, tests):
            for spec in auto[cards[inst].id][name]:
                if spec.zones is not None and zone in spec.zones:
                    out.append((seat, inst, spec, placed))
    return out


def instances_in(p, insts: frozenset, tests: tuple) -> list:
    """(zone, where, instance, placement) of the player's cards among `insts` where `tests` look
    (`_zone_tests`), in `cards_in`'s order: each card tested by its instance (the index's), not its card
    id (a timing's listening cards, `listening_specs`; the cards with ACT abilities, `static.act_cards`)."""
    on_v, on_r, on_gc, hidden, on_heart = tests
    out = []
    circles = p.circles
    vc = circles["VC"]
    if on_v and vc is not None:
        if vc.card in insts:
            out.append(("V", "VC", vc.card, vc.placed))
        m = vc.mate if vc.legion() else None   # the legion mate is a vanguard with its own text (CR 10.25.4)
        if m is not None and m.card in insts:
            out.append(("V", MATE, m.card, m.placed))
    if on_r:
        for c in REAR_CIRCLES:
            u = circles[c]
            if u is not None and u.card in insts:
                out.append(("R", c, u.card, u.placed))
    if on_gc:
        for i, u in enumerate(p.gc):
            if u.card in insts:
                out.append(("GC", f"GC[{i}]", u.card, u.placed))
    if on_heart and vc is not None and vc.heart is not None and vc.heart in insts:
        out.append(("heart", "heart", vc.heart, 0))
    for zone, attr in hidden:
        for inst in getattr(p, attr):
            if inst in insts:
                out.append((zone, zone, inst, 0))
    return out


def listeners_of(game) -> TimingListeners:
    """The game's index, looked up on first use and again if the game gained instances."""
    layer = game.abilities
    index = layer.listeners
    if index is None or index.size != len(game.cards):
        index = layer.listeners = _shared_index(layer, game.cards, game.owner)
    return index


def _shared_index(layer, cards: list, owner: list) -> TimingListeners:
    """The index for these instances, shared by the games that have the same ones: it follows only
    from each instance's card id and owner and the layer's AUTO and ACT indexes, which every game
    of one card set shares read-only (`abilities._layer_for`), and nothing writes it once built.
    Games of the same decks number their instances alike, so each game no longer rebuilds it.
    Kept with the indexes it was built from: their identity is checked, and holding them keeps
    their ids from being reused."""
    key = (tuple(card.id for card in cards), tuple(owner))
    made_from = (layer.auto, layer.timing_zones, layer.act, layer.act_zones)
    hit = _SHARED_INDEXES.get(key)
    if hit is None or any(a is not b for a, b in zip(hit[0], made_from)):
        if len(_SHARED_INDEXES) >= _SHARED_INDEXES_KEPT:
            del _SHARED_INDEXES[next(iter(_SHARED_INDEXES))]
        hit = _SHARED_INDEXES[key] = (made_from, TimingListeners(layer, cards, owner))
    return hit[1]


_SHARED_INDEXES: dict = {}     # (card ids, owners) -> (the layer indexes used, TimingListeners)
_SHARED_INDEXES_KEPT = 8


def on_timing(layer, game, name: str, dry: bool = False) -> bool:
    """The ability layer's `timing` hook (`AbilityLayer.on_timing`; `dry`: would any stand by?): the
    AUTO abilities on flow timing `name` stand by (`layer.stand_by_at`), except those that already
    stood by at it during this stay in the state (a repeat loop). Decided here first, with no list
    built and no further call but the zone test (most timings): when no card listening to it is
    where it can trigger and no delayed effect waits, nothing does. Only a filter: what passes is
    looked at in full. An ability effects gave to a unit on this timing (`AbState.granted`) makes
    it look at every unit."""
    if game.abilities is not layer:
        return False
    state = game.state
    s = state.abilities     # `abstate.get`, written out: every timing asks (None: nothing delayed or given)
    if s is not None and (s.delayed or s.granted and name in given_timings(layer, s.granted)):
        return name in layer.timing_zones and layer.stand_by_at(game, name, dry)
    index = layer.listeners   # `listeners_of`, its usual case written out
    if index is None or index.size != len(game.cards):
        index = listeners_of(game)
    tp = state.turn_player
    # the printed AUTO abilities' looks on this side of the turn (a subset of timing_zones): none, half the calls
    looks = index.sides[2 if tp is None else tp].get(name)
    if looks is not None:
        players = state.players
        for seat, insts, tests, present in looks:
            if present(players[seat], insts, tests):
                return layer.stand_by_at(game, name, dry)
    return False


def given_timings(layer, granted: tuple) -> frozenset:
    """The timings of the AUTO abilities among `granted` (`AbState.granted`: what effects gave to
    units); most given abilities are CONT ones, which no timing needs to look for. Kept while the
    same `granted` tuple is asked again: the answer depends on it and the layer's specs alone,
    both immutable (granted is replaced, never changed; the specs are fixed when the layer is
    built), and holding them keeps their ids from being reused."""
    last = _LAST_GIVEN_TIMINGS[0]
    if last[0] is granted and last[1] is layer.specs:
        return last[2]
    specs = layer.specs
    found = frozenset(specs[key].timing for _, key, _ in granted if specs[key].kind == "AUTO")
    _LAST_GIVEN_TIMINGS[0] = (granted, specs, found)
    return found


_LAST_GIVEN_TIMINGS: list = [((), None, frozenset())]


def listening_owners(game, name: str) -> tuple:
    """(seat 0 has a card with a printed AUTO ability on timing `name` that may trigger on this side of
    the turn, seat 1 has): a player with none has nothing to look at for it (given abilities aside)."""
    index = game.abilities.listeners   # `listeners_of`, its usual case written out (as in `on_timing`)
    if index is None or index.size != len(game.cards):
        index = listeners_of(game)
    owners = index.owners.get(name)     # worked out with the index: no list of seats at every timing
    if owners is None:
        return False, False
    tp = game.state.turn_player
    return owners[2 if tp is None else tp]


def _present(p, insts: frozenset, tests: tuple) -> bool:
    """Is one of `insts` in the player's zones that `tests` names (`_zone_tests`)?"""
    on_v, on_r, on_gc, hidden, on_heart = tests
    circles = p.circles
    vc = circles["VC"]
    if on_v and vc is not None and (vc.card in insts or (vc.mate is not None and vc.mate.card in insts)):
        return True
    if on_heart and vc is not None and vc.heart is not None and vc.heart in insts:   # a heart card's own
        return True
    if on_r:
        for c in REAR_CIRCLES:
            u = circles[c]
            if u is not None and u.card in insts:
                return True
    if on_gc and any(u.card in insts for u in p.gc):
        return True
    for _, attr in hidden:
        if not insts.isdisjoint(getattr(p, attr)):
            return True
    return False


def _on_rear(p, insts: frozenset, tests: tuple) -> bool:
    """`_present` for a timing whose abilities work on R circles only (most "beginning of ..." ones)."""
    circles = p.circles
    for c in REAR_CIRCLES:
        u = circles[c]
        if u is not None and u.card in insts:
            return True
    return False


def _on_field(p, insts: frozenset, tests: tuple) -> bool:
    """`_present` for a timing whose abilities work on VC (the legion mate too) and R circles: every circle."""
    for u in p.circles.values():
        if u is not None and (u.card in insts or u.mate is not None and u.mate.card in insts):
            return True
    return False


def _on_vanguard(p, insts: frozenset, tests: tuple) -> bool:
    """`_present` for a timing whose abilities work on VC only (the legion mate too)."""
    vc = p.circles["VC"]
    return vc is not None and (vc.card in insts or vc.mate is not None and vc.mate.card in insts)


# zone tests (`_zone_tests`) -> the same test written for those zones alone: a timing's usual zones
_PRESENCE = {_zone_tests(("R",)): _on_rear, _zone_tests(("V", "R")): _on_field, _zone_tests(("V",)): _on_vanguard}
