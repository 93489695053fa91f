"""A start position built from the card data alone that gives one ability its best chance.

`cards probe KEY` (and the ability corpus test) must show an ability of a real card working
without a hand-written scenario: this module writes the position as scenario data, so it goes
through the same validated builder (`build.build_game`, `position.check_position`) as any
scenario file, and what no legal game reaches is refused the same way. The card stands where
its ability works (`zone`: VC, an R circle, the soul, the drop zone, the hand for a guardian,
the G zone for a G unit), the rest of the player's cards are of its clan (so clan and name
conditions can be met; every card the ability names is included), with face-up damage for
Counter Blast and Limit Break, a soul for Soul Blast, a G zone for Stride, and an opponent with
rear-guards to attack and retire. A `Plan` says whose turn it starts and where the card goes;
the numbers of copies shown stay within the format's deck limits (CR 5.2.2).

The ability's own data shapes the position further: "the turn's fourth battle" starts in the
battle phase with the earlier battles over (`start.battle.count`, CR 7.1.2.1); an ability that
waits for another card's effect (a call from the deck, drop or soul, a lock, a retire, a bind, a
Soul Blast) brings the clan's cards that have one (`wanted_effect`); an "if" about an empty
soul, N grade X units, a locked opponent card, a Legion vanguard (CR 10.25) or the attacked
unit's power is met by the cards shown, never by a state the rules could not reach.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

OPPONENT_CLANS = ("Royal Paladin", "Kagero")   # the opponent's cards: a common clan, not the card's own
DECK = 24               # cards left in each deck: enough for two turns of draws and searches
START_TURN = 7          # both vanguards grade 3 reachable, Limit Break and Stride possible


@dataclass(frozen=True)
class Plan:
    """One way to set up the probe: whose turn starts (`own_turn`), where the card stands
    (`spot`: VC, a rear-guard circle, hand, soul, drop or g_zone) and which pool cards fill
    the rest (`rotation`, so two plans try different companions)."""
    own_turn: bool
    spot: str
    rotation: int = 0
    strode: bool = False    # a G unit already on VC this turn (it strode in the ride phase)
    battles: int = 0        # battles already over: the plan starts at the battle phase's next attack

    @property
    def lean(self) -> bool:
        """Every other plan shows fewer cards (an empty soul, fewer rear-guards on both sides), for
        the abilities whose "if" asks for little."""
        return self.rotation % 2 == 1


def names_in(raw) -> set[str]:
    """Every card name an ability's data mentions (`name`, `names`, `name_contains`, ...)."""
    found: set[str] = set()
    stack = [raw]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key == "not":        # "not named X": a name to avoid, not one to bring
                    continue
                if key.startswith("name") and isinstance(value, str):
                    found.add(value)
                elif key.startswith("name") and isinstance(value, (list, tuple)):
                    found.update(v for v in value if isinstance(v, str))
                else:
                    stack.append(value)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def _needs(raw) -> dict:
    """The largest Counter Blast, Soul Blast and Limit Break an ability's data asks for."""
    need = {"counter_blast": 0, "soul_blast": 0, "limit_break": 0, "drop_to_deck": 0}
    stack = [raw]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                amount = value.get("choose", 1) if isinstance(value, dict) else value
                if key in need and isinstance(amount, int) and not isinstance(amount, bool):
                    need[key] = max(need[key], amount)
                stack.append(value)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return need


def _mentions(raw, word: str) -> bool:
    return word in repr(raw)


class Pool:
    """The real cards of each clan, by grade, in a fixed order (the probes are deterministic)."""

    def __init__(self, db) -> None:
        self.db = db
        self.by_clan: dict[str, list] = {}
        self.g_units: dict[str, list] = {}
        for card in sorted(db, key=lambda c: c.id):
            bucket = self.g_units if card.unit == "g_unit" else self.by_clan
            bucket.setdefault(card.clan, []).append(card)

    def clan(self, name: str, grade: int | None = None, unit: str | None = None, rotation: int = 0) -> list:
        cards = [c for c in self.by_clan.get(name, ()) if (grade is None or c.grade == grade)
                 and (unit is None or c.unit == unit)]
        if not cards:
            return []
        shift = rotation % len(cards)
        return cards[shift:] + cards[:shift]

    def matching(self, names: set[str], clan: str, grade: int | None = None) -> list:
        """Cards (no G units) whose name is, or contains, one the ability mentions; the clan's
        first, then those of the `grade` it asks for."""
        hits = [c for c in self.db if c.unit != "g_unit" and any(n == c.name or n in c.name for n in names)]
        return sorted(hits, key=lambda c: (c.clan != clan, grade is not None and c.grade != grade,
                                           c.name not in names, c.id))[:6]

    def legion_mate(self, card):
        """The card a Legion ACT of `card` names as its mate (CR 10.25), or None."""
        for ability in card.abilities:
            effect = ability.get("effect")
            name = effect.get("legion") if isinstance(effect, dict) else None
            if isinstance(name, str):
                return next((c for c in self.db if c.name == name and c.unit != "g_unit"), None)
        return None

    def enablers(self, clan: str, want: str, leave: str) -> list:
        """Cards of `clan` (no G units, not the probed card `leave`) with an ability that does what
        the probed ability waits for (`want`, see `wanted_effect`)."""
        return [c for c in self.by_clan.get(clan, ()) if c.unit != "g_unit" and c.id != leave
                and any(does(a, want) for a in c.abilities)][:3]


def wanted_effect(raw) -> str:
    """What another ability must do for this one to trigger: call a unit from the deck, drop or
    soul (`placed_from`), lock or retire an opponent's rear-guard, bind an opponent's card, or
    pay a Soul Blast (this card goes from the soul to the drop zone); '' for none of these."""
    timing = str(raw.get("timing") or "")
    if placed_from(raw):
        return placed_from(raw)
    if timing == "when_opponent_rear_guard_locked":
        return "lock"
    if timing == "when_opponent_rear_guard_put_into_drop":
        return "retire"
    if "'to': 'bind'" in repr(raw.get("watch")):
        return "bind"
    if "put_into_drop" in timing and "'from_zone': 'soul'" in repr(raw.get("conditions")):
        return "soul_blast"
    if timing == "when_card_put_into_your_soul":
        return "soul_charge"
    return ""


def does(ability, want: str) -> bool:
    """The ability does `want` (see `wanted_effect`): for a zone, its effect calls a unit from
    there (from the deck also a look at the top cards that calls one)."""
    said = repr(ability.get("effect"))
    if want == "soul_blast":
        return "soul_blast" in repr(ability.get("cost"))
    if want in ("lock", "bind", "soul_charge"):
        return f"'{want}'" in said
    if want == "retire":
        return "'retire': {'from': 'opponent_rear_guards'" in said
    return f"'call': {{'from': '{want}'" in said or \
        (want == "deck" and "look_top" in said and "'to': 'call'" in said)


def placed_from(raw) -> str:
    """The zone a "placed from ..." ability waits for its unit to come from (deck, drop, soul), or ''."""
    if "placed" not in str(raw.get("timing") or ""):
        return ""
    said = repr(raw.get("conditions")) + repr(raw.get("watch"))
    return next((z for z in ("deck", "drop", "soul") if f"'from_zone': '{z}'" in said), "")


class _Shown:
    """A player's cards, kept within the format's deck limits (copies of a name, triggers, heal
    triggers, Sentinels: CR 5.2.2), the deck included, so no player holds more than a deck may."""

    def __init__(self, limits: dict) -> None:
        self.limits, self.names, self.groups = limits, Counter(), Counter()

    def take(self, card) -> bool:
        groups = [g for g, on in (("trigger", card.unit == "trigger"), ("heal", card.trigger == "heal"),
                                  ("sentinel", "sentinel" in card.skills)) if on]
        caps = {"trigger": self.limits.get("triggers", 16), "heal": self.limits.get("max_heal", 4),
                "sentinel": self.limits.get("max_sentinel", 4)}
        if self.names[card.name] >= self.limits.get("max_copies", 4) or \
                any(self.groups[g] >= caps[g] for g in groups):
            return False
        self.names[card.name] += 1
        self.groups.update(groups)
        return True


def _pick(shown: _Shown, cards, count: int, used: set | None = None) -> list[str]:
    out = []
    for card in cards:
        if len(out) == count:
            break
        if (used is None or card.id not in used) and shown.take(card):
            out.append(card.id)
            if used is not None:
                used.add(card.id)
    return out


def limits_lose(limits: dict) -> int:
    """The most damage a position may show: one less than loses (the loss is checked at once)."""
    return limits.get("damage_to_lose", 6) - 1


def _clan_of(card, pool: Pool) -> str:
    return card.clan if card.clan in pool.by_clan else sorted(pool.by_clan, key=lambda c: -len(pool.by_clan[c]))[0]


def _player(pool: Pool, card, raw, plan: Plan, limits: dict, named: list) -> dict:
    """The probed card's owner: the card where `plan.spot` says, the rest of its clan."""
    clan, rot = _clan_of(card, pool), plan.rotation
    shown, used = _Shown(limits), set()
    units = lambda grade: [c for c in pool.clan(clan, grade, "normal", rot)]   # noqa: E731
    spot = plan.spot
    me: dict = {}
    # the deck's top: a copy of the card and of each named card, kept before the other zones take them
    top = _pick(shown, ([card] if card.unit != "g_unit" else []) + named, 1 + len(named), set())
    if placed_from(raw) == "deck" and top:      # called from the deck: under the card drawn first,
        top = top[1:2] + top[:1] + top[2:]        # among the cards a "look at the top" shows
        if shown.take(card):
            top.insert(3, card.id)
    if spot == "VC" and card.unit != "g_unit":
        shown.take(card)
        vanguard = card.id
    else:
        big = [c for c in named if c.grade >= 3 and c.unit == "normal"] + units(3) + units(2)
        if _mentions(raw, "limit_break"):    # "a unit with Limit Break": a vanguard that has one
            big.sort(key=lambda c: not any(_mentions(a.get("conditions"), "limit_break") for a in c.abilities))
        if spot == "hand" and "placed_on_V" in str(raw.get("timing")):   # ridden from the hand
            big = units(max(card.grade - 1, 0)) + big
        if _mentions(raw, "'in_legion'"):     # "if your vanguard is in Legion": a vanguard with a mate
            big = [c for c in units(3) if pool.legion_mate(c)] + big
        vanguard = _pick(shown, big, 1)[0]
    v_grade = pool.db[vanguard].grade
    need = _needs(raw)
    small_soul = plan.lean and _mentions(raw.get("if"), "your_soul")    # "if your soul is empty"
    soulful = [c for c in named if c.grade < v_grade] if _mentions(raw, "soul") else []   # "X in your soul"
    soul = _pick(shown, soulful + units(max(v_grade - 1, 0)) + units(1)
                 + units(0) + units(2), need["soul_blast"] if small_soul else
                 max(0 if plan.lean else 6, need["soul_blast"] + 1))
    if spot == "soul" and shown.take(card):
        soul.append(card.id)
    me["VC"] = {"card": vanguard, "soul": soul}
    mate = pool.legion_mate(pool.db[vanguard]) if _mentions(raw, "'in_legion'") else None
    if mate is not None and shown.take(mate):
        me["VC"]["mate"] = mate.id
    if card.unit == "g_unit" and plan.strode:
        me["VC"] = {"card": card.id, "heart": vanguard, "soul": soul}
    for circle in ("front_left", "back_left", "back_center", "front_right")[:3 if plan.lean else 4]:
        if circle == spot:
            if shown.take(card):     # "when this card is unlocked": it starts locked (CR 10.22)
                me[circle] = {"card": card.id, "locked": True} if raw.get("timing") == "when_unlocked" else card.id
            continue
        grade = min(v_grade, 2 if circle.startswith("front") else 1)
        if circle.startswith("front") and counted_grade(raw) is not None:    # "two grade 3 units"
            grade = counted_grade(raw)
        filler = [c for c in named if c.grade <= v_grade] + units(grade) + units(max(grade - 1, 0))
        me[circle] = (_pick(shown, filler, 1, used) or [None])[0]
    me = {k: v for k, v in me.items() if v is not None}
    ride = units(min(v_grade + 1, 3)) + units(v_grade)
    hand = [card.id] if spot != "hand" and card.unit != "g_unit" and shown.take(card) else []
    if spot == "hand" and shown.take(card):
        hand.append(card.id)
    hand += _pick(shown, named + ride[:2] + pool.clan(clan, 0, "trigger", rot) + units(1) + units(2), 5, used)
    me["hand"] = hand
    damage = max(need["counter_blast"], need["limit_break"], 4 if plan.own_turn else 3)
    me["damage"] = _pick(shown, named + units(1) + units(2) + units(0), min(damage, limits_lose(limits)))
    if len(me["damage"]) < limits_lose(limits) and not plan.lean:   # one already paid: for Counter Charge
        me["damage"] += [{"card": c, "face_down": True} for c in _pick(shown, units(1) + units(0), 1)]
    drop = [card.id] if spot == "drop" and shown.take(card) else []
    me["drop"] = drop + _pick(shown, named + units(2) + units(1), max(3, need["drop_to_deck"]))
    me["deck"] = top + _pick(shown, units(None) + pool.clan(clan, 0, "trigger", rot), DECK - len(top))
    if len(me["deck"]) < DECK:    # a clan with few cards: the deck is topped up from a large clan
        me["deck"] += _pick(shown, pool.clan(OPPONENT_CLANS[clan == OPPONENT_CLANS[1]]), DECK - len(me["deck"]))
    g_units = ([card] if card.unit == "g_unit" and not plan.strode else []) + \
        [g for g in pool.g_units.get(clan, ()) if g.id != card.id]
    if g_units:     # "with a face-up card in your G zone": those shown face up (G units that strode)
        face_up = _mentions(raw.get("if"), "face_up_g_zone")
        me["g_zone"] = [{"card": g.id, "face_up": True} if face_up and g is not card else g.id for g in g_units[:4]]
    locked = _pick(shown, units(1) + units(0) + units(2), 1) if _mentions(raw.get("effect"), "'unlock'") else []
    if locked and "back_right" not in me:    # a locked card of yours to unlock
        me["back_right"] = {"card": locked[0], "locked": True}
    if plan.strode:
        me["rode"] = me["strode"] = True
    return me


def counted_grade(raw):
    """The grade an ability's "if you have N grade X units" counts among your units, or None."""
    stack = [raw.get("conditions"), raw.get("if")]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("count") in ("your_units", "your_rear_guards") and isinstance(item.get("grade"), int):
                return item["grade"]
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return None


def attacked_power(raw) -> dict:
    """The power an ability's "if the unit it battles has N or more / less" asks of the
    attacked unit (`{"at_least": N}` or `{"at_most": N}`), or {}."""
    for item in raw.get("if") or ():
        exists = item.get("exists") if isinstance(item, dict) else None
        if isinstance(exists, dict) and exists.get("from") == "attacked_unit" and isinstance(exists.get("power"), dict):
            return exists["power"]
    return {}


def _vanguards(units, bound: dict) -> list:
    """The opponent's vanguard candidates: a grade 3 unless the attacked unit's power is asked
    for, then the units of any grade within that bound first (a vanguard may stay grade 1)."""
    if not bound:
        return units(3)
    least, most = bound.get("at_least"), bound.get("at_most")
    fits = [c for g in (3, 2, 1) for c in units(g) if (least is None or c.power >= least)
            and (most is None or c.power <= most)]
    return sorted(fits, key=lambda c: -c.power if least is not None else c.power) + units(3)


def _opponent(pool: Pool, clan: str, limits: dict, lean: bool, locked: bool = False, bound=None) -> dict:
    """The other player: a grade 3 vanguard (or one of the power the attacked unit must have),
    rear-guards to attack and to be retired, guards in hand."""
    bound = bound or {}
    other = OPPONENT_CLANS[clan == OPPONENT_CLANS[0]]
    shown = _Shown(limits)
    units = lambda grade: sorted(pool.clan(other, grade, "normal"), key=lambda c: (c.power, c.id))   # noqa: E731
    them = {"VC": {"card": _pick(shown, _vanguards(units, bound), 1)[0], "soul": _pick(shown, units(2) + units(1), 2)},
            "front_left": _pick(shown, units(2), 1)[0], "front_right": _pick(shown, units(2)[1:], 1)[0],
            "back_center": _pick(shown, units(1), 1)[0], "back_left": _pick(shown, units(1)[1:], 1)[0],
            "hand": _pick(shown, pool.clan(other, 0, "trigger") + units(1), 3),
            "damage": _pick(shown, units(1)[3:], 3),
            "deck": _pick(shown, units(None) + pool.clan(other, 0, "trigger"), DECK)}
    if lean:
        del them["front_right"], them["back_left"]
    if locked:      # "if your opponent has a locked card": one rear-guard locked (CR 10.22)
        them["back_right"] = {"card": _pick(shown, units(1) + units(0), 1)[0], "locked": True}
    return them


def probe_position(pool: Pool, card, index: int, plan: Plan, limits: dict) -> dict:
    """Scenario data (no script yet) for ability `index` (0-based) of `card` under `plan`."""
    raw = card.abilities[index]
    watch = raw.get("watch") if isinstance(raw.get("watch"), dict) else {}
    named = pool.matching(names_in(raw), card.clan, watch.get("grade") if isinstance(watch.get("grade"), int) else None)
    if "legion" in str(raw.get("timing")) and pool.legion_mate(card) is not None:   # "when it Legions"
        named = named + [pool.legion_mate(card)]
    want = wanted_effect(raw)
    if want:        # it waits for another card's effect: cards of its clan with such an effect
        named = named + [c for c in pool.enablers(_clan_of(card, pool), want, card.id) if c not in named]
    me = _player(pool, card, raw, plan, limits, named)
    seat = 0 if plan.own_turn else 1
    turn = START_TURN if plan.own_turn else START_TURN + 1
    at = "turn.main_phase" if plan.strode else "turn.stand_phase"
    start = {"turn": turn, "turn_player": seat, "first": 0, "at": at, **({} if plan.strode else {"enter": True})}
    if plan.battles:    # "the fourth battle of the turn": the earlier battles are over (CR 7.1.2.1)
        start = {"turn": turn, "turn_player": seat, "first": 0, "at": "battle.start_step",
                 "battle": {"count": plan.battles}}
    return {"name": f"probe of {card.id}#{index + 1} ({card.name})",
            "rules": ["probe"], "seed": plan.rotation, "start": start,
            "p0": me, "p1": _opponent(pool, _clan_of(card, pool), limits, plan.lean,
                                      _mentions(raw.get("if"), "opponent_locked"), attacked_power(raw))}


def plans(card, raw) -> list[Plan]:
    """The plans to try for one ability, the likeliest first."""
    zone, timing = str(raw.get("zone") or "V/R"), str(raw.get("timing") or "")
    if card.unit == "g_unit":
        spots = [Plan(True, "g_zone"), Plan(True, "VC", strode=True), Plan(False, "g_zone")]
        return spots
    back = ("boost" in timing and "boosted" not in timing) or _mentions(raw.get("conditions"), "boosting")
    rear = "back_center" if back else "front_left"
    spot = {"V": ["VC"], "R": [rear] + (["back_left"] if back else []), "V/R": ["VC", rear], "GC": ["hand"], "hand": ["hand"],
            "drop": ["drop"], "soul": ["soul"]}.get(zone, ["VC", rear])
    if "placed" in timing or "ridden" in timing or "put_into_drop" in timing:
        spot = spot + ["hand"]
    if placed_from(raw) in ("drop", "soul") and zone != "soul":
        spot = [placed_from(raw)] + spot    # it is called from there
    if "placed_on_R" in timing:
        spot = [s for s in spot if s != "VC"] or spot
    if _mentions(raw.get("conditions"), "'from_zone': 'soul'") and "put_into_drop" in timing:
        spot = ["soul"] + spot          # it goes from the soul to the drop zone: it starts in the soul
    if _mentions(raw.get("conditions"), "'from_zone': 'R'") and "put_into_drop" in timing:
        spot = [rear] + spot            # from a rear-guard circle
    mine = [Plan(True, s, r) for r in (0, 1) for s in spot]
    theirs = [Plan(False, s, r) for r in (0, 1) for s in spot]
    later = _battle_number(raw)
    if later:     # the turn's Nth battle: a plan that starts with N-1 battles over, on its own turn
        mine = [Plan(True, s, r, battles=later - 1) for r in (0, 1) for s in spot[:1]] + mine
    return theirs + mine if zone == "GC" or "intercept" in timing else mine + theirs


def _battle_number(raw) -> int:
    """The earliest battle of the turn an ability's `battle_number` condition allows (0: none)."""
    found = 0
    stack = [raw.get("conditions"), raw.get("if")]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            number = item.get("battle_number")
            if isinstance(number, dict):
                least = number.get("at_least", number.get("equal_to", 0))
                found = max(found, least if isinstance(least, int) and least > 1 else 0)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found
