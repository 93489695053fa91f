"""Show one ability of a real card resolving: `vanguard-fsm cards probe KEY`.

A user who asks "does this card's ability work here?" and the ability corpus test (issue 28
item 6) both need a game in which the ability resolves, for any of the ~1,400 abilities the card
data can resolve, without a hand-written scenario for each. The probe builds a start position
from the card data (`probe_position`), through the validated scenario builder, and plays a short
seeded game from it (the turn it starts in and the next, at most `MAX_DECISIONS` decisions) with
a probing agent: it picks only among the engine's legal actions, but prefers those that lead to
the ability (play its ACT, pay its cost, use the card: ride, call, attack, boost, guard, and
choose something when a choice may be declined; keep the vanguard, the hand copies or the booster
the ability's data asks about; play the card's own ACT that lifts its Restraint or Legions, and the
ACTs of the cards that do what the ability waits for). It tries each plan with a few seeds and stops
at the first game whose trace reports the ability `resolved` (a delayed or given part counts
for its printed ability). Nothing is resolved directly: the game runs as in play.

The found game is kept as scenario data with its script (the choices with two or more options,
by action id) and `until:` the resolution, so `scenario run` replays it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import yaml

from ..agents import make_agent
from ..game.cards import load_cards
from ..game.factory import load_inputs
from ..machine.hooks import Hooks
from .build import build_game
from .probe_position import Pool, does, names_in, placed_from, plans, probe_position, wanted_effect
from .schema import parse_scenario

MAX_DECISIONS = 250     # per probe game: two turns rarely take 150
SEEDS = 2               # agent seeds tried per plan
BEHIND = {"back_center": "VC", "back_left": "front_left", "back_right": "front_right"}   # booster -> boosted
PREFER = 0.85           # how often the agent takes a preferred action when one is legal


def printed(key: str) -> str:
    """The printed ability a resolved key belongs to: `BT14-003#1.later2.1` -> `BT14-003#1`."""
    return key.split(".", 1)[0]


@dataclass
class ProbeResult:
    key: str
    found: bool
    data: dict | None = None          # the scenario: position, script, until
    tried: int = 0                    # games played
    seed: int = 0                     # the probing agent's seed of the game found
    events: list = field(default_factory=list)

    def position(self) -> dict:
        """The start position alone (no script, no `until`)."""
        return {k: v for k, v in self.data.items() if k not in ("script", "until", "doc")}


class ProbingAgent:
    """Legal actions only (the engine's list); the ones that lead to `key` preferred."""

    name = "probe"

    def __init__(self, key: str, seat: int, seed: int, raw=None, names: frozenset = frozenset()) -> None:
        raw = raw or {}
        self.key, self.card_id, self.seat, self.names = key, key.split("#")[0], seat, names
        timing, said = str(raw.get("timing", "")), repr(raw)
        self.ridden = "ridden" in timing or "legion" in timing     # leaving VC is the point
        # the vanguard the plan chose is what the ability asks about: keep it
        self.keep_vanguard = any(w in said for w in ("vanguard_is", "vanguard_grade", "limit_break", "'in_legion'",
                                                      "your_soul"))
        # a cost that discards a card of this name: the copies in hand are kept for it
        self.keep_copies = "'discard'" in repr(raw.get("cost")) and "'name'" in repr(raw.get("cost"))
        self.checked = "damage_check" in timing     # the opponent's attacks must hit the vanguard
        self.boosted = "boosted" in timing      # the unit behind it must stay a booster
        self.on_v = raw.get("zone") == "V"     # works on VC alone: copies called to R are no help
        self.source = placed_from(raw)      # a call from this zone is what the ability waits for
        self.wanted = wanted_effect(raw)    # what another card's ability must do for this one to trigger
        self.rng = random.Random(seed)
        self.fallback = make_agent("heuristic", seed)

    def _card_here(self, game, p, circle) -> bool:
        unit = p.circles.get(circle) if isinstance(circle, str) else None
        return unit is not None and game.cards[unit.card].id == self.card_id

    def score(self, game, action) -> int:
        base = self._score(game, action)
        if base >= 0 and action.kind in ("ride", "normal_call") and self.names:   # the cards the ability names
            card = game.cards[action.args[0]]
            base += 5 if card.name in self.names else 3 if any(n in card.name for n in self.names) else 0
        return base

    def _score(self, game, action) -> int:
        kind, args, aid = action.kind, action.args, action.id
        if kind == "act":
            return 100 if args[1] == self.key else 90 if self._frees(game, args[1]) else \
                80 if self._enables(game, args[1]) else -1
        if kind == "ability_cost":
            return (60 if args[0] else 0) if self.key in aid or self._enables(game, aid) else 0
        if kind == "ability_order":
            return 60 if self.key in aid else 0
        if kind in ("guard", "intercept", "g_guardian") and action.player != self.seat:
            return -1       # the opponent lets the attacks hit: many abilities need a hit
        mine = game.state.players[self.seat]
        if kind == "normal_call" and self._card_here(game, mine, args[1]):
            return -1       # never call over the probed card
        if kind == "normal_call" and self.boosted and self._card_here(game, mine, BEHIND.get(args[1])):
            return -1       # nor over the unit that boosts it
        if kind == "move" and action.player == self.seat:
            return -1       # the plan put the card where its ability works: leave the rows alone
        if kind in ("ride", "stride") and action.player == self.seat and self._card_here(game, mine, "VC"):
            return 50 if self.ridden else -1
        if kind == "ride" and action.player == self.seat and self.keep_vanguard and \
                game.cards[args[0]].id != self.card_id and not any(n in game.cards[args[0]].name for n in self.names):
            return -1
        if kind in ("ride", "normal_call") and (self.keep_copies or self.source) and \
                game.cards[args[0]].id == self.card_id:
            return -1       # the copy in hand pays the cost, or the card waits for a call from elsewhere
        if kind == "normal_call" and self.on_v and game.cards[args[0]].id == self.card_id:
            return 0
        if kind == "hand_grades_total":
            return 0        # a Stride cost: the probed card's copies are no better to discard than others
        if any(type(a) is int and 0 <= a < len(game.cards) and game.cards[a].id == self.card_id for a in args):
            return 50
        if kind in ("attack", "boost", "intercept", "move") and action.player == self.seat and \
                any(self._card_here(game, mine, a) for a in args):
            return 50
        if kind == "attack" and action.player != self.seat and (self._card_here(game, mine, args[1]) or
                                                                 (self.checked and args[1] == "VC")):
            return 30       # attacked: the card, or the vanguard for a damage check
        if self.card_id in aid:
            return 40
        if kind in ("ability_card", "ability_circle", "ability_target"):
            return 0 if aid.endswith(":done") else 5     # an effect's "up to": pick something
        if kind == "attack" and action.player == self.seat:
            return 12 if args[1] == "VC" else 10
        return 10 if kind == "battle" else 0

    def _frees(self, game, ability: str) -> bool:
        """Another ACT of the probed card that lifts its Restraint (so it can attack) or Legions."""
        card_id, _, number = ability.partition("#")
        if card_id != self.card_id or not number.isdigit():
            return False
        effect = repr(game.db[card_id].abilities[int(number) - 1].get("effect"))
        return "restraint" in effect or "'legion'" in effect

    def _enables(self, game, ability: str) -> bool:
        """An ability (a key somewhere in `ability`) that does what the probed one waits for."""
        if not self.wanted:
            return False
        for part in ability.replace(":", " ").split():
            card_id, _, number = part.partition("#")
            number = number.split(".")[0]
            if card_id in game.db and number.isdigit() and 0 < int(number) <= len(game.db[card_id].abilities):
                return does(game.db[card_id].abilities[int(number) - 1], self.wanted)
        return False

    def choose(self, game, decision):
        scored = [(self.score(game, a), a) for a in decision.actions]
        best = max(s for s, _ in scored)
        if best > 0 and self.rng.random() < PREFER:
            return self.rng.choice([a for s, a in scored if s == best])
        allowed = [a for s, a in scored if s >= 0] or list(decision.actions)
        pick = self.fallback.choose(game, decision) if self.rng.random() < 0.5 else self.rng.choice(allowed)
        return pick if pick in allowed else self.rng.choice(allowed)


def play_probe(data: dict, key: str, seed: int, hooks: Hooks, check=None, watch=None, db=None):
    """Play the probe game from position `data` with the agent's `seed`: (the resolved ability's
    trace key or None, the game stopped there, the script of its choices, its trace events)."""
    resolved: list = []
    events: list = []

    def seen(_game, name, fields):
        events.append({"event": name, **fields})
        if name == "ability" and fields.get("step") == "resolved" and printed(str(fields.get("ability"))) == key \
                and "requirement" not in fields:     # its "if" held: the effect was done
            resolved.append(fields["ability"])
    hooks.on("event", seen)
    scenario = parse_scenario(yaml.safe_dump(data, sort_keys=False), "<probe>")
    game = build_game(scenario, hooks, db=db)
    if watch is not None:
        watch(game, hooks)
    card_id, _, number = key.partition("#")
    raw = game.db[card_id].abilities[int(number) - 1]
    agent = ProbingAgent(key, 0, seed, raw, frozenset(names_in(raw)))
    last_turn = data["start"]["turn"] + 1
    script: list[str] = []
    for _ in range(MAX_DECISIONS):
        decision = game.advance()
        if resolved or decision is None or game.state.turn > last_turn:
            break
        action = agent.choose(game, decision)
        if check is not None:
            check(game, decision, action)
        if len(decision.actions) > 1:
            script.append(f"P{decision.player} {action.id}")
        game.apply(action)
    return (resolved[0] if resolved else None), game, script, events


def probe(key: str, db=None, seeds: int = SEEDS, first_seed: int = 0, check=None, watch=None) -> ProbeResult:
    """Try the plans for ability `key` (`CARD#n`) until one game resolves it. `check(game,
    decision, action)` referees every action; `watch(game, hooks)` is called once each game is
    built, before it runs (to attach the conservation check). KeyError for an unknown card or ability."""
    db = db if db is not None else load_cards()
    card_id, _, n = key.partition("#")
    card = db[card_id]
    index = int(n) - 1 if n.isdigit() else -1
    if not 0 <= index < len(card.abilities):
        raise KeyError(f"{card_id} has no ability #{n} (it has {len(card.abilities)})")
    pool = Pool(db)
    limits = _limits()
    tried = 0
    for plan in plans(card, card.abilities[index]):
        data = probe_position(pool, card, index, plan, limits)
        for seed in range(first_seed, first_seed + seeds):
            tried += 1
            hooks = Hooks()
            found, game, script, events = play_probe(data, key, seed, hooks, check, watch, db)
            if found:
                scenario = dict(data, script=script, until={"event": "ability", "ability": found, "step": "resolved"})
                scenario["doc"] = f"found by `vanguard-fsm cards probe {key}` (agent seed {seed})"
                return ProbeResult(key, True, scenario, tried, seed, events)
    return ProbeResult(key, False, None, tried)


def _limits() -> dict:
    """The standard format's deck-construction limits and damage to lose, from the flows' parameters."""
    params = load_inputs(None)["flows"].spec.parameters
    return {**params["deck_construction"]["standard"], "damage_to_lose": params["damage_to_lose"]["standard"]}
