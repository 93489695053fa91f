"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The agent builds one tree over *its information set*, not over one position:
every iteration re-deals the cards it cannot see (`determinize`), walks the
tree with UCB where a child's exploration term counts how often it was
*available* (an opponent's move exists only in some deals), adds one node,
plays the rest out with the rollout agent (the heuristic agent by default) and
backs the result up. Actions are keyed by what they are (kind and card ids, see
`action_key`), so "guard with a 10000 shield" is one edge whichever hand
position that card had in a deal.

Vanguard's luck (drive and damage checks) is far larger than the difference
between most moves, so the root moves are compared on common random numbers:
each round plays every root move on the same deal and the same chance seed,
and the heuristic agent's move stands unless another beats it on those paired
results by `margin` standard errors (`pick`). Rollouts stop when the next turn
starts (`depth` turn changes; 0 plays to the end) and the position is scored by
`position_value`, a logistic model fitted on heuristic games.

Budgets (`budget_kind` says which one an agent runs with): `iterations=N` plays N
playouts a decision whatever they cost, so the same seed, position and N give the same
tree on any machine — exactly reproducible. The default budget (60 playouts) also stops
at `cap` CPU seconds (0.9 s, so that no decision takes more than a second: a position
whose rollouts cross a turn full of stride options can cost 25 ms a playout), and a
`time` budget, in process CPU seconds, stops when it is spent: those are reproducible
only up to their budget — a slower or busier machine plays fewer playouts and may choose
differently. A decision whose options are all the same move (one option, or copies of
one card) is answered without searching, and a move back to a position the player already
stood at this turn is never played while it may pass (`repetition.py`, issue 33).
"""
from __future__ import annotations

import math
import random
import re
import time as clock

from .determinize import action_key, determinize, search_game
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent
from .repetition import SeenPositions

DEFAULT_ITERATIONS = 60
DEFAULT_DEPTH = 1
DEFAULT_C = 0.7
DEFAULT_BIAS = 2.0   # progressive bias toward the heuristic agent's move: b / (visits + 1)
DEFAULT_MARGIN = 1.0   # standard errors a move must beat the heuristic's move by (paired on the same deals)
DEFAULT_WIDEN = 0.5    # below the root a node holds 1 + widen * sqrt(visits) moves (progressive widening)
DEFAULT_CAP = 0.9      # process CPU seconds after which any search stops (the 1 s a decision target)
MAX_ROLLOUT_DECISIONS = 5000
_HAND = re.compile(r"hand\[(\d+)\]")


class Node:
    """One move in the tree: who made it, a readable label, and its statistics."""

    __slots__ = ("player", "key", "label", "children", "visits", "reward", "avail")

    def __init__(self, player: int | None = None, key=None, label: str = "") -> None:
        self.player = player
        self.key = key
        self.label = label
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0   # summed results from the point of view of `player`
        self.avail = 0

    def best_child(self):
        return max(self.children.values(), key=lambda n: (n.visits, n.reward)) if self.children else None

    def line(self, length: int = 8) -> list[str]:
        """The principal line below this node: the most visited child, repeatedly."""
        out, node = [], self
        while len(out) < length:
            node = node.best_child()
            if node is None or node.visits < 2:
                break
            out.append(f"P{node.player} {node.label}")
        return out


def readable(game, action) -> str:
    """An action id with hand positions replaced by the card there: `guard:TC-005->VC`."""
    hand = game.state.players[action.player].hand
    return _HAND.sub(lambda m: game.cards[hand[int(m.group(1))]].id if int(m.group(1)) < len(hand)
                     else m.group(0), action.id)


# Logistic-regression weights of `position_value`, per feature of the seat (the opponent's
# feature takes the opposite weight): fitted on 64,110 turn-start positions of 3,000
# heuristic-vs-heuristic games (both deck orders, both points of view; held-out
# log-likelihood -0.557 against -0.665 for the hand-set damage-and-hand guess it replaced).
POSITION_WEIGHTS = {
    "damage": -0.3654, "damage_sq": -0.0860, "hand": +0.6217, "shield": -0.4259, "rear_guards": +0.3336,
    "grade": +0.7764, "g_face_down": -0.0495, "counter_blast": +0.0932, "soul": -0.0751, "deck": +0.6432,
}
TURN_PLAYER_WEIGHT = 0.4490   # half the fitted difference between holding the turn and not


def _side_value(game, player) -> float:
    cards, w = game.cards, POSITION_WEIGHTS
    vanguard = player.circles["VC"]
    damage = len(player.damage)
    rear = sum(1 for circle, unit in player.circles.items() if unit is not None and circle != "VC")
    return (w["damage"] * damage + w["damage_sq"] * damage * damage / 6 + w["hand"] * len(player.hand)
            + w["shield"] * sum(cards[c].shield or 0 for c in player.hand) / 10000 + w["rear_guards"] * rear
            + w["grade"] * min(cards[vanguard.card].grade if vanguard is not None else 0, 3)
            + w["g_face_down"] * sum(1 for c in player.g_zone if c not in player.g_face_up)
            + w["counter_blast"] * sum(1 for c in player.damage if c not in player.face_down)
            + w["soul"] * len(player.soul) + w["deck"] * min(len(player.deck), 10))


def position_value(game, seat: int) -> float:
    """`seat`'s winning chance where a rollout stops early (at the start of a turn), as the
    fitted logistic model above estimates it between heuristic players: damage, hand and
    shields, rear-guards, the vanguard's grade, resources, a deck near its end, and who holds
    the turn. A finished game scores 1, 0 or 0.5."""
    state = game.state
    if state.result is not None:
        winner = state.result[0]
        return 0.5 if winner is None else float(winner == seat)
    me, them = state.players[seat], state.players[1 - seat]
    x = _side_value(game, me) - _side_value(game, them)
    x += TURN_PLAYER_WEIGHT if state.turn_player == seat else -TURN_PLAYER_WEIGHT
    return 1.0 / (1.0 + math.exp(-x))


class ISMCTSAgent:
    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, time: float | None = None,
                 rollout: str = "heuristic", depth: int = DEFAULT_DEPTH, c: float = DEFAULT_C,
                 bias: float = DEFAULT_BIAS, margin: float = DEFAULT_MARGIN, widen: float = DEFAULT_WIDEN,
                 cap: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations if iterations is not None else (None if time else DEFAULT_ITERATIONS)
        self.time = time
        self.depth = depth
        self.c = c
        if rollout == "random":
            self.policy = (RandomAgent(seed ^ 0x5EED), RandomAgent(seed ^ 0xBEEF))
            self.policy[0].rng = self.policy[1].rng = self.rng
        else:
            self.policy = (HeuristicAgent(seed), HeuristicAgent(seed))
        self.hints = (HeuristicAgent(seed), HeuristicAgent(seed))
        self.bias = bias
        self.margin = margin
        self.widen = widen
        # an iteration budget asked for is played whole (exactly reproducible); the default budget
        # and a time budget stop at the CPU cap
        self.cap = cap if cap is not None else (math.inf if iterations is not None else DEFAULT_CAP)
        self.rounds: dict = {}
        self.last_hint = None
        self._shadow = None
        self._shadow_of = None
        self.last_root: Node | None = None
        self.seen = SeenPositions()   # this turn's positions: no move back to one of them (issue 33)
        self.playouts = 0   # iterations run so far (benchmarks read it)

    def budget_kind(self) -> str:
        """Which budget this agent searches with, and what that means for replaying its games."""
        if self.time is not None:
            return (f"a time budget: {min(self.time, self.cap):g} CPU s a decision, reproducible only up to "
                    f"its budget (a slower or busier machine plays fewer playouts and may choose otherwise)")
        if math.isinf(self.cap):
            return f"an iteration budget: {self.iterations} playouts a decision, exactly reproducible"
        return (f"an iteration budget: {self.iterations} playouts a decision, cut at {self.cap:g} CPU s: "
                f"reproducible unless a search reaches the cap (ismcts:iterations=N has no cap)")

    # -- deciding ------------------------------------------------------------
    def choose(self, game, decision):
        distinct: dict = {}
        for a in decision.actions:
            distinct.setdefault(action_key(game, a), a)
        if len(distinct) == 1:
            return decision.actions[0]
        banned = self.seen.repeating(game, self._search_game(game), distinct)
        left = [k for k in distinct if k not in banned]
        if len(left) == 1:
            return distinct[left[0]]
        key = self.pick(self.search(game, banned))
        return _first_with_key(game, decision, key) if key is not None else decision.actions[0]

    def _search_game(self, game):
        if self._shadow_of is not game:
            self._shadow, self._shadow_of = search_game(game), game
        return self._shadow

    def search(self, game, banned=frozenset()) -> Node:
        """Search from `game`'s pending decision; returns the root (children: the deciding seat's moves).

        The search runs in *rounds*: one deal of the hidden cards (and one seed for the
        search game's own chance) is played once after every root move, so the root
        moves are compared on common random numbers: the same drive and damage checks,
        the same draws. Vanguard's luck dwarfs most single decisions, and without the
        pairing a few dozen playouts could not tell the moves apart. Below the root the
        tree is ordinary ISMCTS (`_descend`), widened slowly from the heuristic's move.
        Each round plays the heuristic's move first, so a budget that runs out within the
        first round still has it to compare with, and keeps it (issue 33: a starved budget
        took the first of the other moves). `banned`: moves left out (`SeenPositions`)."""
        started = clock.process_time()
        decision = game.pending
        seat = decision.player
        shadow, rng = self._search_game(game), self.rng
        snap = game.snapshot()
        root = Node()
        hint = action_key(game, self.hints[seat].choose(game, decision))
        for action in decision.actions:
            key = action_key(game, action)
            if key not in root.children and key not in banned:
                root.children[key] = Node(seat, key, readable(game, action))
        keys = sorted(root.children, key=lambda k: k != hint)   # the heuristic's move first (a stable sort)
        self.rounds = {k: [] for k in keys}
        limit = self.iterations if self.iterations is not None else 1 << 60
        seconds = min(self.time, self.cap) if self.time is not None else self.cap
        done = 0
        while done < limit:
            deal = rng.getrandbits(64)
            for key in keys[:limit - done]:
                if done and clock.process_time() - started >= seconds:
                    limit = done
                    break
                shadow.restore(snap)
                determinize(shadow, seat, random.Random(deal))
                pending = shadow.advance()
                shadow.apply(_first_with_key(shadow, pending, key))
                child = root.children[key]
                child.avail += 1
                value = self._descend(shadow, child, seat, rng, shadow.state.turn)
                root.visits += 1
                self.rounds[key].append(value)
                done += 1
        self.playouts += done
        self.last_root, self.last_hint = root, hint
        return root

    def pick(self, root: Node):
        """The move to play: the heuristic's move unless another beats it on the same deals
        by more than `margin` standard errors of the paired difference."""
        hint = self.last_hint if self.last_hint in root.children else None
        base = self.rounds.get(hint) if hint is not None else None
        if not base:
            best = root.best_child()
            return best.key if best is not None else None
        best_key, best_score = hint, 0.0
        for key, values in self.rounds.items():
            n = min(len(values), len(base))
            if key == hint or n < 2:
                continue
            diffs = [values[i] - base[i] for i in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            score = mean - self.margin * math.sqrt(var / n)
            if score > best_score:
                best_key, best_score = key, score
        return best_key

    def _descend(self, shadow, top: Node, seat: int, rng: random.Random, start_turn: int) -> float:
        """One ISMCTS iteration below a root move already applied to `shadow`: select by UCB
        among the moves available in this deal (plus a progressive bias toward the heuristic's
        move), add one node, roll out, back the value up; returns the value for `seat`."""
        path = [top]
        node = top
        hints = self.hints
        while True:
            decision = shadow.advance()
            if decision is None:
                break
            by_key: dict = {}
            for a in decision.actions:
                by_key.setdefault(action_key(shadow, a), a)
            children = node.children
            if len(by_key) == 1:   # a forced move: no node, it cannot be chosen differently
                shadow.apply(decision.actions[0])
                continue
            hint = action_key(shadow, hints[decision.player].choose(shadow, decision))
            present = [k for k in by_key if k in children]
            for k in present:
                children[k].avail += 1
            room = 1 + int(self.widen * math.sqrt(node.visits))
            untried = [k for k in by_key if k not in children]
            if untried and (not present or (hint not in children) or len(children) < room):
                key = hint if hint in untried else untried[rng.randrange(len(untried))]
                action = by_key[key]
                child = children[key] = Node(decision.player, key, readable(shadow, action))
                child.avail += 1
                shadow.apply(action)
                path.append(child)
                break
            c, bias = self.c, self.bias
            best, best_score = None, -1.0
            for k in present:
                child = children[k]
                score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if k == hint:
                    score += bias / (child.visits + 1)
                if score > best_score:
                    best, best_score = k, score
            node = children[best]
            shadow.apply(by_key[best])
            path.append(node)
        value = self._rollout(shadow, seat, start_turn)
        for n in path:
            n.visits += 1
            n.reward += value if n.player == seat else 1.0 - value
        return value

    def _rollout(self, shadow, seat: int, start_turn: int) -> float:
        policy, depth, runner = self.policy, self.depth, shadow.runner
        for _ in range(MAX_ROLLOUT_DECISIONS):
            if runner.finished or (depth and shadow.state.turn - start_turn >= depth):
                break
            decision = shadow.advance()
            if decision is None:
                break
            shadow.apply(policy[decision.player].choose(shadow, decision))
        return position_value(shadow, seat)


def _first_with_key(game, decision, key):
    for a in decision.actions:
        if action_key(game, a) == key:
            return a
    return decision.actions[0]


def evaluate_actions(game, seat: int, iterations: int = 200, seed: int = 0, depth: int = DEFAULT_DEPTH,
                     rollout: str = "heuristic") -> list[tuple[str, float, int, list[str]]]:
    """Each legal action at `game`'s pending decision, as the search sees it from `seat`:
    (action id, estimated win probability for `seat`, visits, principal line after it),
    most visited first. Reads only what `seat` can see; leaves `game` unchanged."""
    decision = game.pending
    if decision is None:
        raise ValueError("no decision is pending")
    if decision.player != seat:
        raise ValueError(f"the pending decision is player {decision.player}'s, not player {seat}'s")
    agent = ISMCTSAgent(seed, iterations=iterations, depth=depth, rollout=rollout, cap=math.inf)   # analysis: no cap
    root = agent.search(game)
    rows = []
    for action in decision.actions:
        child = root.children.get(action_key(game, action))
        if child is None or not child.visits:
            rows.append((action.id, None, 0, []))
        else:
            rows.append((action.id, child.reward / child.visits, child.visits, child.line()))
    rows.sort(key=lambda r: (-r[2], r[0]))
    return rows
