"""Random agents, each from its own seeded RNG.

- `random`: uniform over the legal actions. It declines about half of its attacks,
  so its games are long (most end by deck-out): a measure of game length as much as
  of the engine.
- `random-attacker`: the same, except that whenever an attack can be started or
  declared it picks among those actions only, so its games look like played games.
"""
from __future__ import annotations

import random

# decision kinds that start or declare an attack (flows/battle.yaml: `battle`, `attack`)
ATTACK_KINDS = frozenset({"battle", "attack"})


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, decision):
        # Random.choice(seq) is seq[_randbelow(len(seq))], the very number randrange(len(seq)) draws:
        # the same games, one call less at every decision
        return self.rng.choice(decision.actions)


class RandomAttackerAgent(RandomAgent):
    name = "random-attacker"

    def choose(self, game, decision):
        actions = decision.actions
        attacks = [a for a in actions if a.kind in ATTACK_KINDS]
        if attacks:
            actions = attacks
        return self.rng.choice(actions)
