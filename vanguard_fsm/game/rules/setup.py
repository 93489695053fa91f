"""Setup (RULES 3.2): decks in place, first player, starting vanguards, hands, redraw, stand up."""
from __future__ import annotations

from itertools import chain, combinations, compress, repeat

from ..actions import Action
from .common import action, choice
from .. import zones


@action("decide_first_player")
def decide_first_player(game) -> None:
    """Who goes first is decided at random before setup (RULES 3.2.4, not in seeds)."""
    state = game.state
    state.first = game.rng.randrange(2)
    if not game.hooks.hears("game_start"):     # every card of both decks named: for the trace only
        return
    flows, flows_hash = game.flows.identity     # so `replay` and `report` can tell other rules
    game.emit("game_start", seed=game.seed, format=state.format, first=state.first,
              decks=[p.deck_name for p in state.players], flows=flows, flows_hash=flows_hash, version=2,
              zones=[{"deck": [game.cards[i].id for i in reversed(p.deck)],
                      "g_zone": [game.cards[i].id for i in p.g_zone]} for p in state.players])


@action("place_starting_vanguards")
def place_starting_vanguards(game) -> None:
    """Each player puts their starting vanguard (grade `starting_vanguard_grade`, checked with the
    deck) face down on VC (RULES 3.2.1, CR 5.4.3): it is not revealed until the stand up. The
    trace's `put` says `face: down`; the board shows it to its owner only."""
    for seat, p in enumerate(game.state.players):
        starter = game.decks[seat].starter
        inst = next(i for i in p.deck if game.cards[i].id == starter)
        p.deck.remove(inst)
        p.circles["VC"] = zones.new_unit(game, inst)
        p.face_down.add(inst)
        if game.hooks.event_subs["put"]:     # (the trace's events: most games, nobody listens, no call)
            game.emit("put", player=seat, card=starter, **{"from": "deck"}, to="VC", cause="setup", face="down")


@action("shuffle_decks")
def shuffle_decks(game) -> None:
    """Both players shuffle their decks (RULES 3.2)."""
    for seat in (0, 1):
        zones.shuffle(game, seat)


@action("draw_opening_hands")
def draw_opening_hands(game) -> None:
    """Draw 5 each, first player first (RULES 3.2.2)."""
    first = game.state.first
    for seat in (first, 1 - first):
        for _ in range(game.params["hand_size"]):
            zones.draw(game, seat)


def redraw_legal(game, seat):
    """Return any 0-5 cards to the deck, shuffle, draw back to 5 (RULES 3.2.3)."""
    hand = game.state.players[seat].hand
    cards = game.cards
    first: dict = {}     # each hand card -> the index of the first card with its id: equal cards share one
    same = []
    for i, inst in enumerate(hand):
        same.append(first.setdefault(cards[inst].id, i))
    ids, kept, top = _distinct_subsets(tuple(same), game.params["max_redraw"])
    # every subset's cards, smaller first, in `combinations` order (as `_every_subset` lists them), made
    # in C (no tuple built per subset in Python), less the ones returning the same cards as an earlier one
    returned = chain.from_iterable(map(combinations, repeat(hand), range(1, top + 1)))
    if kept is not None:
        returned = compress(returned, kept)
    actions = [_KEEP[seat]]
    actions += map(Action, ids, repeat("redraw"), repeat(seat), returned)
    return actions


_KEEP = tuple(Action("redraw:keep", "redraw", seat, ()) for seat in (0, 1))   # an immutable value: one per seat
_SUBSETS: dict[tuple, tuple] = {}
_EVERY: dict[tuple, tuple] = {}


def _distinct_subsets(same: tuple, most: int) -> tuple:
    """(action ids, kept, top) of the non-empty subsets of at most `top` = min(hand size, `most`) hand
    cards, smaller first, the first of those returning the same cards (`same`: each card's first equal
    card), `kept` marking which of every subset (`_every_subset`'s order) they are (None: all of them).
    The same for every hand with equal cards in the same places, so worked out once per such pattern.
    Subsets come in `combinations` order, so the first of those returning the same cards is the one
    taking the lowest indices of each card: every index it takes comes with the one before it holding
    an equal card."""
    found = _SUBSETS.get((same, most))
    if found is None:
        if len(_SUBSETS) > 1024:     # hand sizes and redraw limits of many variants: start over
            _SUBSETS.clear()
        every = _every_subset(len(same), most)
        before, last = [], {}        # each index -> the index before it with an equal card (or None)
        for i, card in enumerate(same):
            before.append(last.get(card))
            last[card] = i
        kept = None
        if any(b is not None for b in before):      # (a hand of different cards keeps every subset)
            kept = tuple([all(before[i] is None or before[i] in combo for i in combo) for combo, _ in every])
        ids = tuple([action_id for (_, action_id), keep in zip(every, kept or repeat(True)) if keep])
        found = _SUBSETS[same, most] = (ids, kept, min(len(same), most))
    return found


def _every_subset(size: int, most: int) -> tuple:
    """(hand indices, action id) of every non-empty subset of at most `most` of `size` hand cards, smaller
    first: the same for every hand of that size (a few sizes and limits: kept)."""
    found = _EVERY.get((size, most))
    if found is None:
        if len(_EVERY) > 64:
            _EVERY.clear()
        found = _EVERY[size, most] = tuple([
            (combo, f"redraw:hand[{','.join(map(str, combo))}]")
            for k in range(1, min(size, most) + 1) for combo in combinations(range(size), k)])
    return found


def redraw_apply(game, act) -> None:
    seat = act.player
    p = game.state.players[seat]
    for inst in act.args:
        p.hand.remove(inst)
        p.deck.append(inst)
    if game.hooks.event_subs["redraw"]:
        game.emit("redraw", player=seat, count=len(act.args), returned=[game.cards[i].id for i in act.args])
    if act.args:
        zones.shuffle(game, seat)
        for _ in act.args:
            zones.draw(game, seat)
    p.redrew = True


choice("redraw", redraw_legal, redraw_apply)


@action("stand_up_vanguards")
def stand_up_vanguards(game) -> None:
    """"Stand up! Vanguard!": both starting vanguards are turned face up (RULES 3.2.4, CR 6.1.1): a
    `put` from VC to VC, `face: up`, `from_face: down` each (turned over in place), then `stand_up`."""
    for seat, p in enumerate(game.state.players):
        vanguard = p.circles["VC"]
        if vanguard is not None and vanguard.card in p.face_down:
            p.face_down.discard(vanguard.card)
            if game.hooks.event_subs["put"]:
                game.emit("put", player=seat, card=game.cards[vanguard.card].id, **{"from": "VC"}, to="VC",
                          cause="setup", face="up", from_face="down")
    if game.hooks.event_subs["stand_up"]:
        game.emit("stand_up", vanguards=[game.cards[p.circles["VC"].card].id for p in game.state.players])
