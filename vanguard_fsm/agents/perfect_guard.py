"""Perfect guards for the heuristic agent: which cards are one, and whether one would work now.

A perfect guard (the G era's Sentinel cards, CR 11.9) has shield 0: its worth is an AUTO ability
"when placed on the guardian circle, (pay a cost:) your attacked unit cannot be hit this battle"
— in the card language an AUTO on `GC` with timing `when_placed` and a `cannot_be_hit` effect.
The agent reads that from the compiled abilities, not from card names, so a new Sentinel card
in the data is played the same way. Whether one works now is asked of the same terms the engine
resolves with: its cost payable (`game.costs.payable`; the discard spares the card itself), the
attacked vanguard among its effect's targets. Only the guard steps where the hit matters get
here, and the perfect guards of a card set are found once (`_sentinels`), so the common case
costs nothing. A perfect guard whose ability gives more right now — an `if` among its effects
whose conditions hold as the guard is chosen (a Deletor sentinel's "and if another of its name is
in your drop zone and the opponent's vanguard is deleted, delete it again at the end of the turn")
— is worth playing whenever the hit is to be stopped, even where a cheap guardian would do
(`with_bonus`).
"""
from __future__ import annotations

from ..abilities.language.conditions import all_hold
from ..abilities.language.spec import split_item
from ..abilities.language.targets import Ctx, candidates
from ..game.rules.costs import payable

_EFFECT = "cannot_be_hit"


def _sentinels(layer) -> dict:
    """Card id -> its perfect-guard ability spec, for every such card of the layer's: worked out
    once per card set from the layer's AUTO index, which its games share read-only (kept with the
    index: its identity is checked, and holding it keeps its id from being reused). A game with
    none (most decks) then asks nothing more at a guard step."""
    auto = layer.auto
    kept = _SENTINELS.get(id(auto))
    if kept is None or kept[0] is not auto:
        if len(_SENTINELS) >= 8:
            _SENTINELS.clear()
        found = {}
        for card_id, by_timing in auto.items():
            for spec in by_timing.get("when_placed", ()):
                if spec.zones and "GC" in spec.zones and any(name == _EFFECT for name, _, _ in spec.effects):
                    found[card_id] = spec     # its first such ability, as the cards' order lists them
                    break
        kept = _SENTINELS[id(auto)] = (auto, found)
    return kept[1]


_SENTINELS: dict = {}     # id(layer.auto) -> (layer.auto, `_sentinels`)


def guarded(game, seat) -> bool:
    """A perfect guard of the player's is on the guardian circle this battle (its ability may still
    be pending): more guardians would be thrown away."""
    if game.abilities is None:
        return False
    sentinels = _sentinels(game.abilities)
    if sentinels:
        cards = game.cards
        for g in game.state.players[seat].gc:     # a plain loop: asked at every guard step that matters
            if cards[g.card].id in sentinels:
                return True
    return False


def playable(game, seat, guards, bonus=False):
    """The guard action (of `guards`) that puts a perfect guard on GC guarding the vanguard, whose
    cost can be paid and whose effect can choose the attacked vanguard; else None. With `bonus`,
    only one whose ability also has an `if` whose conditions hold now."""
    if game.abilities is None:
        return None
    sentinels = _sentinels(game.abilities)
    if not sentinels:
        return None
    cards = game.cards
    for a in guards:
        if len(a.args) > 1 and a.args[-1] != "VC":
            continue
        inst = a.args[0]
        spec = sentinels.get(cards[inst].id)
        if spec is None:
            continue
        ctx = Ctx(seat, inst, spec.key, spec.timing, 0)
        if bonus and not _bonus_holds(game, ctx, spec):
            continue      # (before the cost: most perfect guards have no `if` at all)
        if not payable(game, ctx, spec.cost):
            continue
        _, target, _ = next(e for e in spec.effects if e[0] == _EFFECT)
        units, _, _ = candidates(game, ctx, target)
        if any(where == "VC" for _, where, _ in units):
            return a
    return None


def _bonus_holds(game, ctx, spec) -> bool:
    """An `if` among the ability's effects whose conditions all hold now."""
    for name, arg, _ in spec.effects:
        if name == "if" and all_hold(game, ctx, [split_item(c) for c in arg]):
            return True
    return False


def with_bonus(game, seat, guards):
    """A playable perfect guard whose ability has more to give now (`playable` with `bonus`)."""
    return playable(game, seat, guards, bonus=True)
