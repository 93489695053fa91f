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
        return decision.actions[self.below(len(decision.actions))]

    def below(self, n: int) -> int:
        """The index `self.rng.choice` would draw among n options: k-bit words until one is below n,
        as `random.Random._randbelow_with_getrandbits` (CPython 3.11-3.13; a test compares), so the
        games stay the same, without choice's and _randbelow's two Python calls at every decision.
        `rng` is a `random.Random` (ismcts may hand its own to its rollout agents)."""
        k = n.bit_length()
        r = self.rng.getrandbits(k)
        while r >= n:
            r = self.rng.getrandbits(k)
        return r


class RandomAttackerAgent(RandomAgent):
    name = "random-attacker"

    def choose(self, game, decision):
        actions = decision.actions
        attacks = 0
        for a in actions:     # counted in one plain loop: no list of them built
            if a.kind in ATTACK_KINDS:
                attacks += 1
        # `below(n)` written out (a call at each decision): the same words drawn, the same index
        n = attacks or len(actions)      # most decisions offer no attack: any option then
        k = n.bit_length()
        r = self.rng.getrandbits(k)
        while r >= n:
            r = self.rng.getrandbits(k)
        if not attacks:
            return actions[r]
        for a in actions:     # the r-th attack action, as a list of them indexed by r
            if a.kind in ATTACK_KINDS:
                if not r:
                    return a
                r -= 1
