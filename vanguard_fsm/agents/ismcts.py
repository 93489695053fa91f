"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The agent builds one tree over *its information set*, not over one position:
every iteration re-deals the cards it cannot see (`determinize`), walks the
tree with UCB where a child's exploration term counts how often it was
*available* (an opponent's move exists only in some deals), adds one node,
plays the rest out with the rollout agent (the heuristic agent by default) and
backs the result up. Actions are keyed by what they are (kind and card ids, see
`action_key`), so "guard with a 10000 shield" is one edge whichever hand
position that card had in a deal.

Rollouts run to the end of the game (`depth=0`) or stop after `depth` more turn
changes and score the position by `position_value` (damage and cards in hand),
which makes each iteration several times cheaper.

Reproducible from its seed: the same seed, position and budget in iterations
give the same tree (a `time` budget depends on the machine). A decision whose
options are all the same move (one option, or copies of one card) is answered
without searching.
"""
from __future__ import annotations

import math
import random
import re
import time as clock

from .determinize import action_key, determinize, search_game
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

DEFAULT_ITERATIONS = 200
DEFAULT_DEPTH = 2
DEFAULT_C = 0.7
DEFAULT_BIAS = 2.0   # progressive bias toward the heuristic agent's move: b / (visits + 1)
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


def position_value(game, seat: int) -> float:
    """A guess of `seat`'s winning chance where a rollout stops early: damage (the way
    games are won) weighs most, growing near the losing count; then cards in hand."""
    state = game.state
    if state.result is not None:
        winner = state.result[0]
        return 0.5 if winner is None else float(winner == seat)
    limit = game.params["damage_to_lose"][state.format]
    me, them = state.players[seat], state.players[1 - seat]

    def danger(player):
        return 4.0 * (len(player.damage) / limit) ** 2
    x = danger(them) - danger(me) + 0.12 * (len(me.hand) - len(them.hand))
    return 1.0 / (1.0 + math.exp(-x))


class ISMCTSAgent:
    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, time: float | None = None,
                 rollout: str = "heuristic", depth: int = DEFAULT_DEPTH, c: float = DEFAULT_C,
                 bias: float = DEFAULT_BIAS) -> None:
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
        self._shadow = None
        self._shadow_of = None
        self.last_root: Node | None = None
        self.playouts = 0   # iterations run so far (benchmarks read it)

    # -- deciding ------------------------------------------------------------
    def choose(self, game, decision):
        distinct = {action_key(game, a): a for a in decision.actions}
        if len(distinct) == 1:
            return decision.actions[0]
        root = self.search(game)
        best = root.best_child()
        return _first_with_key(game, decision, best.key) if best is not None else decision.actions[0]

    def search(self, game) -> Node:
        """Search from `game`'s pending decision; returns the root (children: the deciding seat's moves)."""
        decision = game.pending
        seat = decision.player
        if self._shadow_of is not game:
            self._shadow, self._shadow_of = search_game(game), game
        shadow, rng = self._shadow, self.rng
        snap = game.snapshot()
        root = Node()
        started = clock.perf_counter()
        limit = self.iterations if self.iterations is not None else 1 << 60
        done = 0
        while done < limit:
            if self.time is not None and done and clock.perf_counter() - started >= self.time:
                break
            shadow.restore(snap)
            determinize(shadow, seat, rng)
            self._iterate(shadow, root, seat, rng)
            done += 1
        self.playouts += done
        self.last_root = root
        return root

    def _iterate(self, shadow, root: Node, seat: int, rng: random.Random) -> None:
        path = []
        node = root
        hints = self.hints
        start_turn = shadow.state.turn
        while True:
            decision = shadow.advance()
            if decision is None:
                break
            by_key: dict = {}
            for a in decision.actions:
                by_key.setdefault(action_key(shadow, a), a)
            children = node.children
            hint = action_key(shadow, hints[decision.player].choose(shadow, decision))
            untried = [k for k in by_key if k not in children]
            for k in by_key:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                key = hint if hint in untried else untried[rng.randrange(len(untried))]
                action = by_key[key]
                child = children[key] = Node(decision.player, key, readable(shadow, action))
                child.avail += 1
                shadow.apply(action)
                path.append(child)
                break
            c, bias = self.c, self.bias
            best, best_score = None, -1.0
            for k in by_key:
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
        root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += value if n.player == seat else 1.0 - value

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
    agent = ISMCTSAgent(seed, iterations=iterations, depth=depth, rollout=rollout)
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
