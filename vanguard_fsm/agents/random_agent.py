"""The random agent: uniform over the legal actions, from its own seeded RNG."""
from __future__ import annotations

import random


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, decision):
        actions = decision.actions
        return actions[self.rng.randrange(len(actions))]
