"""The game's random generator, whose position fits in two numbers.

`GameRandom` is `random.Random` — the same Mersenne Twister, so a seed gives the
very same shuffles as before — that counts the 32-bit words it has drawn. The
generator's whole state is then a function of (seed, words drawn): a snapshot
stores that pair (a few dozen bytes) instead of `getstate()`'s 625 numbers
(~24 KB, and ~5-20 µs to take and to put back).

Going back to a position uses a memo of full states by position, filled when a
snapshot is taken at a position not seen before (the state changes only when
cards are shuffled, so a game has a handful); a position not in the memo (the
memo is bounded, or the snapshot came from elsewhere) is reached by reseeding
and drawing the words again, which gives the same state.
"""
from __future__ import annotations

import random

MEMO_SIZE = 64   # full states kept per generator (each ~24 KB)

# The Mersenne Twister's own draws (C methods), called directly: `super().getrandbits` builds a
# `super` object per call, and a shuffle of a deck calls `getrandbits` once per card.
_draw_bits = random.Random.getrandbits
_draw_float = random.Random.random


class GameRandom(random.Random):
    """`random.Random` that knows its position: `position()` / `go_to(position)`."""

    def seed(self, a=None, version=2) -> None:
        super().seed(a, version)
        self.origin = a
        self.words = 0
        self.memo: dict[int, tuple] = {}

    # every draw of the Python-level methods (randrange, shuffle, choice ...) goes through these
    def getrandbits(self, k: int) -> int:
        if k > 0:
            self.words += (k - 1) // 32 + 1
        return _draw_bits(self, k)

    def random(self) -> float:
        self.words += 2
        return _draw_float(self)

    def shuffle(self, x) -> None:
        """`random.Random.shuffle`, draw for draw (its swaps and `_randbelow`'s rejection sampling:
        the same seed gives the same order), with the Twister's C draw called directly and the
        words counted once per shuffle: the stock method makes two Python calls per card (~60 a
        deck), which is most of what shuffling costs a game. A draw below `n` takes `n.bit_length()`
        bits, one word (a deck holds far fewer than 2**32 cards): that length is worked out once and
        lessened as `n` falls below `least` (the smallest number of that length), not asked per card."""
        draw = _draw_bits
        size = len(x)
        if size < 2:
            return
        k = size.bit_length()
        least = 1 << (k - 1)
        words = size - 1         # one a card but the last, and one for each draw rejected below
        for i in reversed(range(1, size)):
            n = i + 1
            if n < least:
                k -= 1
                least >>= 1
            r = draw(self, k)
            while r >= n:
                r = draw(self, k)
                words += 1
            x[i], x[r] = x[r], x[i]
        self.words += words

    def __reduce__(self):   # pickled as its position, not as 625 numbers
        return (_at, (self.origin, self.words))

    def position(self) -> tuple:
        """(seed, words drawn): everything needed to come back here."""
        words = self.words
        if words not in self.memo:
            if len(self.memo) >= MEMO_SIZE:
                del self.memo[next(iter(self.memo))]
            self.memo[words] = self.getstate()
        return (self.origin, words)

    def go_to(self, position: tuple) -> None:
        origin, words = position
        if origin == self.origin and words == self.words:
            return
        if origin == self.origin and words in self.memo:
            self.setstate(self.memo[words])
        else:
            memo = self.memo if origin == self.origin else {}
            self.seed(origin)
            self.memo = memo
            while self.words < words:   # drawn again in large pieces: the same words, the same state
                step = min(words - self.words, 1 << 16)
                super().getrandbits(32 * step)
                self.words += step
            self.memo[words] = self.getstate()
        self.words = words


def _at(origin, words: int) -> GameRandom:
    rng = GameRandom(origin)
    rng.go_to((origin, words))
    return rng
