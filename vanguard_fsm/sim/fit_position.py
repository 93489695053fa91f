"""Fitting the search agent's position model (`agents.ismcts.POSITION_WEIGHTS`) from games.

ISMCTS rollouts stop when the next turn starts and score the position with a
logistic model of the deciding seat's chance to win between heuristic players.
This module is how its weights were made, so anyone can refit them (other
decks, other rules): play heuristic-vs-heuristic games (both deck orders), take
every turn's first decision as a sample from both seats' points of view, label
it with the game's winner, and fit a logistic regression by Newton's method
(a tiny ridge term keeps it well posed). The features are the differences of
each seat's terms (the model is symmetric: what one seat gains the other loses)
and who holds the turn (+1 / -1).

    python3 -m vanguard_fsm.sim.fit_position --games 3000

prints the weights and the held-out log-likelihood next to the shipped model's.
"""
from __future__ import annotations

import argparse
import math

import numpy as np

from ..abilities import new_game_with_abilities
from ..agents import make_agent
from ..agents.ismcts import POSITION_WEIGHTS, TURN_PLAYER_WEIGHT
from ..game.factory import default_decks

TERMS = tuple(POSITION_WEIGHTS)


def side_terms(game, player) -> dict:
    """One seat's terms, as `agents.ismcts._side_value` weighs them (a test keeps the two equal)."""
    cards = game.cards
    vanguard = player.circles["VC"]
    damage = len(player.damage)
    return {"damage": damage, "damage_sq": damage * damage / 6, "hand": len(player.hand),
            "shield": sum(cards[c].shield or 0 for c in player.hand) / 10000,
            "rear_guards": sum(1 for circle, unit in player.circles.items() if unit is not None and circle != "VC"),
            "grade": min(cards[vanguard.card].grade if vanguard is not None else 0, 3),
            "g_face_down": sum(1 for c in player.g_zone if c not in player.g_face_up),
            "counter_blast": sum(1 for c in player.damage if c not in player.face_down),
            "soul": len(player.soul), "deck": min(len(player.deck), 10)}


def features(game, seat: int) -> list[float]:
    """`seat`'s terms minus the opponent's, in `TERMS` order, then +1 / -1 for holding the turn."""
    me, them = (side_terms(game, game.state.players[s]) for s in (seat, 1 - seat))
    return [me[t] - them[t] for t in TERMS] + [1.0 if game.state.turn_player == seat else -1.0]


def samples(games: int, seed: int = 1000, fmt: str | None = None) -> tuple[list, list]:
    """(features, won) for both seats at the first decision of every turn of `games` heuristic games."""
    decks = default_decks(fmt or "standard")
    xs, ys = [], []
    for i in range(games):
        game = new_game_with_abilities(seed + i, decks=decks if i % 2 else tuple(reversed(decks)), fmt=fmt)
        agents = (make_agent("heuristic", 1), make_agent("heuristic", 2))
        turn, taken = -1, []
        while (decision := game.advance()) is not None:
            if game.state.turn > 0 and game.state.turn != turn:
                turn = game.state.turn
                taken.append((features(game, 0), features(game, 1)))
            game.apply(agents[decision.player].choose(game, decision))
        winner = game.state.result[0]
        if winner is not None:
            for f0, f1 in taken:
                xs += [f0, f1]
                ys += [float(winner == 0), float(winner == 1)]
    return xs, ys


def fit(xs, ys, ridge: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Logistic regression weights by Newton's method (no intercept: the model is symmetric)."""
    x, y = np.asarray(xs, float), np.asarray(ys, float)
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + ridge * np.eye(x.shape[1])
        w += np.linalg.solve(hessian, x.T @ (y - p) - ridge * w)
    return w


def log_likelihood(w, xs, ys) -> float:
    """Mean log-likelihood per sample (a coin scores log 0.5 = -0.693)."""
    x, y = np.asarray(xs, float), np.asarray(ys, float)
    p = np.clip(1.0 / (1.0 + np.exp(-x @ np.asarray(w, float))), 1e-12, 1 - 1e-12)
    return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def shipped_weights() -> list[float]:
    return [POSITION_WEIGHTS[t] for t in TERMS] + [TURN_PLAYER_WEIGHT]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    xs, ys = samples(args.games, args.seed)
    held = [k % 5 == 0 for k in range(len(ys))]
    train = fit([x for x, h in zip(xs, held) if not h], [y for y, h in zip(ys, held) if not h])
    test_x, test_y = [x for x, h in zip(xs, held) if h], [y for y, h in zip(ys, held) if h]
    print(f"{len(ys)} positions; held-out log-likelihood: fitted {log_likelihood(train, test_x, test_y):.4f}, "
          f"shipped {log_likelihood(shipped_weights(), test_x, test_y):.4f}, coin {math.log(0.5):.4f}")
    for name, value in zip(TERMS + ("turn_player",), fit(xs, ys)):
        print(f"{name:14s} {value:+.4f}")


if __name__ == "__main__":
    main()
