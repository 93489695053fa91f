"""G assist (RULES 3.3.2.2, CR 6.4.1.2), one flow state per step of the rule.

`flows/turn.yaml` says the order: the three conditions (guards of the G assist step),
search or not (a decision: declining looks at nothing and shuffles nothing, CR
6.4.1.2.1.3), look at the top cards and take one or none (CR 6.4.1.2.5), remove cards
from the hand one at a time, then from the G zone (all of a zone when it holds fewer,
CR 6.4.1.2.5.2), shuffle. The functions here are those steps; the numbers are the
parameters `g_assist_look`, `g_assist_remove`, `g_assist_vanguard_below`,
`g_assist_g_zone_min`. The progress of one G assist is `Player.assist`:
(card taken or None, removed as (zone, id, face), hand removals left, G zone removals left).
Each movement is reported when it happens (trace v2): the `g_assist` event when the card
is taken (or none), then one `put` (cause `cost`: what the search costs) per removed card.
"""
from __future__ import annotations

from ..actions import Action
from .common import action, choice, condition, distinct
from .. import zones


def _turn_player(game):
    return game.state.players[game.state.turn_player]


@condition("vanguard_below_g_assist_grade")
def vanguard_below_g_assist_grade(game) -> bool:
    """G assist condition (a): the vanguard's grade is below parameter g_assist_vanguard_below (CR 6.4.1.2.2.1)."""
    return zones.vanguard_grade(game, game.state.turn_player) < game.params["g_assist_vanguard_below"]


@condition("no_card_of_next_grade_in_hand")
def no_card_of_next_grade_in_hand(game) -> bool:
    """G assist condition (b): no card in hand of the vanguard's grade + parameter
    g_assist_grade_above (1: CR 6.4.1.2.2.3)."""
    p = _turn_player(game)
    want = zones.vanguard_grade(game, p.seat) + game.params["g_assist_grade_above"]
    cards = game.cards
    for i in p.hand:     # a plain loop: asked at every draw step
        if cards[i].grade == want:
            return False
    return True


@condition("enough_cards_in_g_zone_for_g_assist")
def enough_cards_in_g_zone_for_g_assist(game) -> bool:
    """G assist condition (c): at least parameter g_assist_g_zone_min cards in the G zone (CR 6.4.1.2.2.2)."""
    return len(_turn_player(game).g_zone) >= game.params["g_assist_g_zone_min"]


def _search_legal(game, seat):
    """Search the deck by G assist (CR 6.4.1.2.1.2); `pass` declines without looking."""
    return [Action("g_assist_search", "g_assist_search", seat)]


choice("g_assist_search", _search_legal, None)     # no apply: the flow goes on to the search


@action("g_assist_look")
def g_assist_look(game) -> None:
    """Reveal the hand and look at the top `g_assist_look` cards of the deck (CR 6.4.1.2.4-5)."""
    p = _turn_player(game)
    p.revealed = p.deck[-game.params["g_assist_look"]:][::-1]


def g_assist_legal(game, seat):
    """Take a looked-at card of the vanguard's grade + g_assist_grade_above, or none (CR 6.4.1.2.5)."""
    p = game.state.players[seat]
    want = zones.vanguard_grade(game, seat) + game.params["g_assist_grade_above"]
    actions = [Action("g_assist:none", "g_assist", seat, ())]
    for i, inst in distinct(game, p.revealed):
        if game.cards[inst].grade == want:
            actions.append(Action(f"g_assist:top[{i}]", "g_assist", seat, (inst,)))
    return actions


def g_assist_apply(game, act) -> None:
    p = game.state.players[act.player]
    p.revealed = []
    if not act.args:
        p.assist = (None, (), 0, 0)
        if game.hooks.event_subs["g_assist"]:     # (the trace's events: most games, nobody listens)
            game.emit("g_assist", player=act.player, card=None, taken=None)   # removals: `put`s (CONTRACT v2)
        return
    inst = act.args[0]
    p.deck.remove(inst)
    p.hand.append(inst)
    n = game.params["g_assist_remove"]
    taken = game.cards[inst].id
    p.assist = (taken, (), n, n)
    if game.hooks.event_subs["g_assist"]:
        game.emit("g_assist", player=act.player, card=taken, taken=taken)


choice("g_assist", g_assist_legal, g_assist_apply)


@condition("g_assist_hand_removals_left")
def g_assist_hand_removals_left(game) -> bool:
    """G assist still removes a card from the hand (none left there: done, CR 6.4.1.2.5.2)."""
    p = _turn_player(game)
    return p.assist is not None and p.assist[2] > 0 and bool(p.hand)


@condition("g_assist_g_zone_removals_left")
def g_assist_g_zone_removals_left(game) -> bool:
    """G assist still removes a card from the G zone (none left there: done, CR 6.4.1.2.5.2)."""
    p = _turn_player(game)
    return p.assist is not None and p.assist[3] > 0 and bool(p.g_zone)


def _remover(zone_name: str, which: int):
    def legal(game, seat):
        """Remove a card of this zone from the game (G assist, CR 6.4.1.2.5)."""
        zone = getattr(game.state.players[seat], zone_name)
        return [Action(f"remove:{zone_name}[{i}]", f"g_assist_remove_{zone_name}", seat, (inst,))
                for i, inst in distinct(game, zone)]

    def apply(game, act):
        p = game.state.players[act.player]
        inst = act.args[0]
        face = zones.face_of(p, inst, zone_name)
        getattr(p, zone_name).remove(inst)
        p.removed.append(inst)
        p.g_face_up.discard(inst)
        if game.hooks.event_subs["put"]:     # (the trace's events: most games, nobody listens, no call)
            extra = {"from_face": face} if face is not None else {}
            game.emit("put", player=act.player, card=game.cards[inst].id, **{"from": zone_name}, to="removed",
                      cause="cost", **{"for": "g_assist"}, **extra)
        taken, removed, *left = p.assist
        left[which] -= 1
        p.assist = (taken, removed + ((zone_name, game.cards[inst].id, face),), *left)
    return legal, apply


choice("g_assist_remove_hand", *_remover("hand", 0))
choice("g_assist_remove_g_zone", *_remover("g_zone", 1))


@action("g_assist_shuffle")
def g_assist_shuffle(game) -> None:
    """Shuffle the deck, even if no card was taken (CR 6.4.1.2.5); the G assist is over."""
    seat = game.state.turn_player
    zones.shuffle(game, seat)
    game.state.players[seat].assist = None
