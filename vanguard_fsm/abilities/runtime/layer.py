"""The ability layer of one game: triggers, the pending queue, CONT values and ACT.

It is attached to a `Game` (`game.abilities`) by `vanguard_fsm.abilities.attach`
and listens to the game's hooks:

- flow timings (`timing` channel): AUTO abilities with that timing on either
  player's cards in their zone trigger;
- engine events (`event` channel): the card an event is about (the unit called,
  the attacker ...) triggers its own AUTO abilities for the matching engine
  timing (`call` -> `when_placed`, `when_placed_on_R` ...; see `events.py`).

A triggered ability becomes pending (trace `ability` step `pending`); the game's
`check_timing` calls `resolve_next` after the rule actions (CR 8.4.1): the turn
player's pending abilities first, in the order the player chooses, then the
non-turn player's; each is paid or declined, resolved, and the check timing
starts over. "When hits / not hit" abilities wait until the damage checks are
done: they trigger only at the hit event (CR 7.7.1.4, 7.7.1.7), which the flows place with
`release_hit_abilities`. CONT abilities are recomputed at every look.
"""
from __future__ import annotations

from functools import lru_cache

from ...game import deleted
from ...game.actions import Action
from ...machine.runner import Runaway
from . import abstate, loops, static
from ..mechanics import attacks, cont_restrictions
from ..mechanics.also_clan import AddedClans
from ..language import costs
from .abstate import EMPTY, TURN_RECORD_READERS, Pending
from ..language.conditions import all_hold
from ..language.spec import compile_card
from .static import pay_and_resolve
from ..language.targets import Ctx
from .events import events_listened, hit_event, on_zone_change
from . import listeners
from .listeners import cards_in, given_timings, timing_specs
from ..effects.delayed import stand_by_delayed
from ..language.identity import home_of


# a named tuple made with every field given, without its class call's Python __new__ (once per
# trigger and ability played: `Ctx`, `Pending`); a named tuple's class call costs half as much again
_new = tuple.__new__


@lru_cache(maxsize=512)
def _compiled(card):
    return compile_card(card)


def _records_turn(cards) -> bool:
    """A card here asks what happened this turn ("was an opponent's rear-guard put into the drop zone
    during ...", "the rear-guards you called this turn": `abstate.TURN_RECORD_READERS`): only then are
    the drops and calls recorded, so no other game pays for it."""
    return any(_mentions(card.abilities, name) for card in cards for name in TURN_RECORD_READERS)


def _mentions(data, name: str) -> bool:
    """`name` is a key or a value anywhere in a card's (frozen) ability data: a condition may sit in an
    `if`, an `any` or a given ability, so only a deep look finds every use."""
    if isinstance(data, dict):
        return any(k == name or _mentions(v, name) for k, v in data.items())
    if isinstance(data, tuple):
        return any(_mentions(v, name) for v in data)
    return data == name


def emit_ability(layer, game, ctx, kind, step, **more) -> None:
    """An ability's step (`pending`, `resolved`, `declined` ...) as the game event `ability`; built only
    when someone hears it (a trace, a log): most games have nobody listening."""
    if game.hooks.event_subs["ability"]:
        game.emit("ability", player=ctx.seat, card=game.cards[ctx.inst].id, kind=kind, timing=ctx.timing,
                  step=step, ability=ctx.key, **more)


def resolve_next_pending(layer, game, check_timing) -> None:
    """The turn player plays one of their pending abilities (their choice), else the other player."""
    pending = (game.state.abilities or EMPTY).pending    # `abstate.get`, written out (once per ability played)
    if len(pending) == 1:   # the only one standing by, whoever's (most check timings): no choice to look for
        play_next(game, pending[0], check_timing)
        return
    tp = game.state.turn_player if game.state.turn_player is not None else 0
    for seat in (tp, 1 - tp):
        mine = [p for p in pending if p.seat == seat]
        if mine:
            break
    else:
        return
    if len(mine) == 1:   # one to play: no choice to build (`Game.ask` would take its one option at once)
        play_next(game, mine[0], check_timing)
        return
    actions, seen = [], set()
    for p in mine:
        aid = f"play_ability:{p.key}@{p.timing}"
        if aid in seen:
            continue    # two equal pending abilities: the same choice
        seen.add(aid)
        actions.append(Action(aid, "ability_order", seat, (p,)))
    game.ask(seat, "ability_order", actions, lambda g, act: play_next(g, act.args[0], check_timing),
             "CR 8.4.1: choose which pending ability to play")


def play_next(game, entry, check_timing) -> None:
    """The pending ability chosen is played; then the check timing starts over (CR 8.4.1.2)."""
    if not count_played(game, entry):   # True: a loop nobody can stop, a draw (CR 12.1.1.1)
        game.then(check_timing)
        game.then(play_pending, entry)


def watch(layer, game, seat, timing, that=(), by=None, holds=None, origin=None) -> None:
    """`seat`'s cards watching an event of theirs ("when your G unit strides") trigger; `that`: the
    units the event was about ("retire that unit"); `by`: whose card's effect caused it; `holds`:
    (seat, instance, spec, placement) -> does this ability wait for the event (its `watch:`, `watch.py`)."""
    if timing in layer.timing_zones:
        for owner, inst, spec, placed in timing_specs(layer, game, timing):
            if owner == seat and (holds is None or holds(seat, inst, spec, placed)):
                layer.trigger(game, seat, inst, spec, timing, placed, origin, that=that, by=by)


def timing_stand_by(layer, game, name, dry) -> bool:
    """The abilities on timing `name` stand by, except those that stood by at it in an earlier
    pass of this stay's repeat loop (CR 7.8.1.1, 6.8.1.3: "that have not become stand by in
    this step"). `dry`: True if one would on the loop's next pass."""
    if (game.state.abilities or EMPTY).delayed and stand_by_delayed(layer, game, name, dry):
        return True
    scope, now = game.runner.scope()
    s = game.state.abilities or EMPTY     # `abstate.get`, written out (as below)
    stood = s.stood if s.stood_scope == scope else frozenset()
    before = {m[:4] for m in stood if dry or m[4] < now} if stood else ()   # none stood by yet: the usual case
    added = []
    for seat, inst, spec, placed in timing_specs(layer, game, name):
        mark = (name, inst, spec.key, placed)
        if mark not in before and layer.trigger(game, seat, inst, spec, name, placed, dry=dry):
            if dry:
                return True
            added.append(mark + (now,))
    if added:
        abstate.set_stood(game, stood | frozenset(added), scope)
    return False


def _twin(layer):
    """A copy of `layer` whose attributes are set one by one, as `__init__` set the original's: read
    hundreds of times a game (`self.auto`, `layer.listeners` ...), they stay in the instance's own
    inline values, which Python 3.11 reads in a few instructions. `copy.copy`'s default fills a
    `__dict__` it makes first, from which every read then costs about five times as much. (Values
    stay inline while every layer sets the same names: the class keeps one table of them, which
    takes few new names once many layers were made.)"""
    twin = object.__new__(type(layer))
    for name, value in vars(layer).items():
        setattr(twin, name, value)
    return twin


class AbilityLayer(AddedClans):
    def __init__(self, game, cards) -> None:
        self.game = game
        self.played_at, self.loop_run = (-1, 0), None   # (game.moves, played since): the bound; `loops.LoopRun`
        self.specs: dict = {}
        self.auto: dict = {}     # card id -> timing -> specs
        self.cont: dict = {}     # card id -> CONT specs
        self.act: dict = {}      # card id -> ACT specs
        self.timing_zones: dict = {}
        self.timing_ids: dict = {}   # timing -> ids of the cards with an AUTO ability on it
        self.listeners = None        # per game: `listeners.TimingListeners`, built on first use
        self.subject_ids: dict = {}  # `_subject_ids`, filled as events ask
        self.cost_questions: dict = {}   # ability key -> `_cost_question`, filled as optional abilities are played
        self.effect_by = None        # while an effect retires a unit: its card's player (`effects._retire`)
        for card in sorted(cards, key=lambda c: c.id):
            for spec in _compiled(card):
                self.specs[spec.key] = spec
                if ".give" in spec.key or ".later" in spec.key:   # given / delayed: not the card's own
                    self._index_timing(spec)
                    continue
                self._index(card.id, spec)
        self.cont_zones = frozenset(z for specs in self.cont.values() for s in specs for z in s.zones or ())
        self.act_zones = frozenset(z for specs in self.act.values() for s in specs for z in s.zones)
        self.granted_cont = any(s.kind == "CONT" and ".give" in s.key for s in self.specs.values())
        # which values CONT abilities change at all (power, critical): the others cost nothing
        self.cont_effects = frozenset(n for s in self.specs.values() if s.kind == "CONT" for n, _, _ in s.effects)
        # `allows` (game, seat, unit, attack | be_boosted, [other]): Lord, cannot_..., asked at every attack,
        # boost, guard; no card here restricts: `allowed` says yes, and `restricts` False lets the battle
        # rules skip it; `refuses`: the asks a card here can say no to (the others need not be asked).
        # All set whatever the cards, so every layer has the same attributes (`_twin`)
        self.refuses = cont_restrictions.refused_asks(self.cont_effects)
        self.restricts = bool(self.refuses)
        self.allows = cont_restrictions.allows if self.restricts else cont_restrictions.allowed
        self.records_turn = _records_turn(cards)   # then `events` records the drops and calls
        # what -> card id -> ((spec, amount, target), ...): CONT effects indexed once, read often
        self.cont_by_what: dict = {}
        self.cont_self: dict = {}    # the same for "this unit gets ...": only the unit's own card can apply
        for card_id, specs in self.cont.items():
            for spec in specs:
                for name, arg, params in spec.effects:
                    target = dict(params).get("target", "self")
                    table = self.cont_self if target == "self" else self.cont_by_what
                    table.setdefault(name, {}).setdefault(card_id, []).append((spec, arg, target))
        self.cont_own_ids = {what: static.own_only_ids(self, what) for what in self.cont_effects}   # `cont_value`'s
        self.cont_power_ids = self.cont_own_ids.get("power", frozenset())   # `zones.power`'s test, before the call
        # the event and timing names its game's hooks deliver to it (`abilities.attach`): fixed by the cards
        self.heard = (events_listened(self), frozenset(self.timing_zones))

    def _index(self, card_id, spec) -> None:
        if spec.kind == "AUTO":
            self.timing_ids.setdefault(spec.timing, set()).add(card_id)
            self.auto.setdefault(card_id, {}).setdefault(spec.timing, []).append(spec)
            self._index_timing(spec)
        elif spec.kind == "CONT":
            self.cont.setdefault(card_id, []).append(spec)
        else:
            self.act.setdefault(card_id, []).append(spec)

    def _index_timing(self, spec) -> None:
        if spec.kind == "AUTO":
            zones = self.timing_zones.setdefault(spec.timing, set())
            zones.update(spec.zones or ("V", "R", "GC"))

    __copy__ = _twin    # each game's layer, from the one built for its card set (`abilities._layer_for`)

    # -- where cards are --------------------------------------------------------
    cards_in = cards_in     # (game, seat, zones, ids): where the player's cards in those zones are

    def granted_specs(self, game, placed):
        granted = abstate.get(game).granted
        if not granted or not placed:
            return ()
        return tuple(self.specs[key] for p, key, _ in granted if p == placed)

    # -- triggering ---------------------------------------------------------------
    emit = emit_ability     # (game, ctx, kind, step, **more): the trace's `ability` step

    def trigger(self, game, seat, inst, spec, timing, placed, origin=None, dry=False, that=(), by=None) -> bool:
        """Stands by if it may (True); `dry`: only say if; `that`: the event's units; `by`: its cause (Ctx.by)."""
        if spec.once is not None and abstate.is_used(game, spec.once, inst, placed, spec.key):
            return False
        # the Ctx (a named tuple: several times a plain tuple's cost) made only for whoever reads it:
        # the conditions (none: nothing to ask) and the trace's `pending` step (most games: nobody);
        # this one and the Pending made by tuple.__new__ with every field (`_new`)
        ctx = _new(Ctx, (seat, inst, spec.key, timing, placed, origin, None, by)) if spec.conditions else None
        if ctx is not None and not all_hold(game, ctx, spec.conditions):
            return False
        if dry:
            return True
        home = None if placed else home_of(game, inst, placed)     # a unit's: None (`home_of`, written out)
        abstate.stand_by(game, _new(Pending, (seat, inst, spec.key, timing, placed, that, home)))
        if game.hooks.event_subs["ability"]:    # `emit_ability`'s test
            self.emit(game, ctx or Ctx(seat, inst, spec.key, timing, placed, origin, None, by), "AUTO", "pending")
        return True

    def subject(self, game, seat, inst, timings, zone, placed, origin=None, by=None) -> None:
        """The card an engine event is about triggers its own AUTO abilities for `timings`."""
        ids = self.subject_ids.get(timings)
        if ids is None:
            ids = _subject_ids(self, timings)
        held = game.state.abilities          # none of its own, none given on these timings: the usual
        if game.cards[inst].id not in ids and (      # case, decided first
                held is None or not held.granted or given_timings(self, held.granted).isdisjoint(timings)):
            return
        by_timing = _printed_auto(self, game, inst, placed)
        granted = self.granted_specs(game, placed) if placed else ()   # given to units only
        if by_timing is None and not granted:
            return
        for timing in timings:
            specs = by_timing.get(timing, ()) if by_timing else ()
            if granted:
                specs = list(specs) + [s for s in granted if s.kind == "AUTO" and s.timing == timing]
            for spec in specs:
                if spec.zones is None or zone in spec.zones:
                    self.trigger(game, seat, inst, spec, timing, placed, origin, by=by)

    on_timing = listeners.on_timing     # (game, name, dry): a flow timing; most are decided by the index alone
    stand_by_at = timing_stand_by       # (game, name, dry): its AUTO abilities stand by (`on_timing`)

    on_zone_change = on_zone_change     # (game, seat, inst, src, dst, placed): a card arrived in a zone

    def hit_event(self, game) -> None:
        """The hit / not hit event (CR 7.7.1.7); the flows say where, with `release_hit_abilities`."""
        if game.state.battle is not None and game.state.battle.attacker is not None:
            hit_event(self, game)

    def end_of(self, game, until: str) -> None:
        """Granted abilities 'until end of battle / turn' end (the flows' end_battle, end_turn_effects)."""
        if (game.state.abilities or EMPTY).granted:   # `abstate.get`, written out (every close step and end phase)
            self.expire(game, until)

    def expire(self, game, until) -> None:
        s = abstate.get(game)
        abstate.put(game, s._replace(granted=tuple(g for g in s.granted if g[2] != until)))

    # -- check timing (CR 8.4.1) ------------------------------------------------
    def has_pending(self) -> bool:
        state = self.game.state.abilities   # `abstate.get`, written out: every check timing asks
        return state is not None and bool(state.pending)

    resolve_next = resolve_next_pending     # (game, check_timing): CR 8.4.1, the next pending ability is played

    # -- CONT (recomputed, never stored) and ACT: see static.py -------------------------
    cont_value = static.cont_value    # (game, unit, power | critical): the CONT bonus to it now

    resisted = staticmethod(cont_restrictions.resisted)        # (game, chooser, seat, unit): Resist
    battled_by = attacks.battled_by     # (game, seat, attacking unit): circles a CONT `battles` adds

    watchers = watch     # (game, seat, timing, that, by, holds, origin): cards watching an event of theirs

    act_legal = static.act_legal     # (game, seat): the ACT abilities the player may play now, none without any

    act_apply = static.act_apply     # (game, act): pay and resolve the ACT ability chosen


def _subject_ids(layer, timings: tuple) -> frozenset:
    """The ids of the cards with a printed AUTO ability on one of `timings` (`subject`'s first test),
    kept per tuple: it follows from the layer's indexes alone, fixed once built, and the events ask
    with tuples written in `events.py` (a bounded few)."""
    ids = layer.subject_ids[timings] = frozenset().union(*(layer.timing_ids.get(t, ()) for t in timings))
    return ids


def _printed_auto(layer, game, inst, placed):
    """The card's own AUTO abilities by timing, none for a deleted unit: it has lost its printed
    text (CR 10.26.3); abilities given to it still work (CR 10.26.7)."""
    by_timing = layer.auto.get(game.cards[inst].id)
    return None if by_timing is not None and placed and placed in deleted.placements(game) else by_timing


# -- playing one ability (tasks: immutable arguments only) ----------------------------

def count_played(game, entry) -> bool:
    """Abilities played since the last flow move are bounded (`limits.abilities_per_check_timing`):
    a mandatory loop whose situation comes back is a draw (CR 12.1.1.1, `loops.py`; True: decided),
    any other ability that re-triggers itself is a located error, not an endless check timing."""
    layer = game.abilities
    moves, played = layer.played_at
    played = played + 1 if moves == game.moves else 1
    layer.played_at = (game.moves, played)
    bound = game.params["limits"]["abilities_per_check_timing"]
    if loops.endless(game, layer, layer.specs[entry.key], played, bound):
        game.decide(None, None, "loop")
        return True
    if played > bound:
        path, line, col = game.db.where(game.cards[entry.inst].id) or ("<cards>", 1, 1)
        raise Runaway(path, line, col, f"runaway ability: {entry.key} played {played} times in one check "
                                       f"timing (does it trigger itself? the bound is "
                                       f"limits.abilities_per_check_timing in parameters.yaml)")
    return False


def play_pending(game, entry) -> None:
    """Play a pending AUTO ability: once-limits, cost (paid or declined), effects."""
    layer = game.abilities
    rest = list((game.state.abilities or EMPTY).pending)    # `abstate.get`, written out
    rest.remove(entry)
    abstate.set_pending(game, tuple(rest))
    spec = layer.specs[entry.key]
    ctx = _new(Ctx, (entry.seat, entry.inst, entry.key, entry.timing, entry.placed, None, entry.home, None))
    if spec.requirement and not abstate.is_used(game, spec.once, entry.inst, entry.placed, spec.key) \
            and not all_hold(game, ctx, spec.requirement):
        abstate.mark_used(game, spec.once, entry.inst, entry.placed, spec.key)   # CR 8.1.1.2.3.1
        layer.emit(game, ctx, "AUTO", "resolved", requirement="failed")   # "if" fails: nothing, no cost (8.1.1.2.3)
        return
    if spec.once is not None and abstate.is_used(game, spec.once, entry.inst, entry.placed, spec.key) \
            or spec.cost and not costs.payable(game, ctx, spec.cost):     # no limit, no cost: nothing to ask
        layer.emit(game, ctx, "AUTO", "declined")
        return
    if not spec.optional:    # play_pending is an agenda task (`play_next`): this is its last step
        pay_and_resolve(game, ctx, spec, "AUTO", entry.that, last_step=True)
        return
    question = layer.cost_questions.get(spec.key)
    if question is None:
        question = _cost_question(layer, spec)
    pay, decline, prompt = question
    actions = [Action(pay, "ability_cost", entry.seat, (True,)), Action(decline, "ability_cost", entry.seat, (False,))]

    def answer(g, act):
        if act.args[0]:
            pay_and_resolve(g, ctx, g.abilities.specs[ctx.key], "AUTO", entry.that)
        else:
            g.abilities.emit(g, ctx, "AUTO", "declined")

    game.ask(entry.seat, "ability_cost", actions, answer, prompt)


def _cost_question(layer, spec) -> tuple:
    """(pay action id, decline action id, prompt) of an optional ability: they follow from its spec
    alone, fixed when the layer is built, so each is formatted once per layer (`cost_questions`)."""
    what = ", ".join(n if a is None else f"{n} {a}" for n, a in spec.cost) or "no cost"
    question = layer.cost_questions[spec.key] = (f"ability:pay:{spec.key}", f"ability:decline:{spec.key}",
                                                 f"{spec.key} ({what}): use it?")
    return question


# -- engine events -> engine timings for the card the event is about ----------------
