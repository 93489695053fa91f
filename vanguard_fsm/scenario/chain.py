"""Chained choices in scenario scripts and checks: `A/B[/C...]`.

Some calls are several decisions of one player: striding is `stride:AL-017` and then
the stride cost, one card at a time (`hand_grades_total:AL-015`, ...,
`hand_grades_total:done`); a G guardian is `g_guardian:AL-019->VC` and then its own
cost (`discard:AL-006`). A chain writes such a call on one line: "choose A,
then B at the next decision(s) of the same player", e.g.
`stride:AL-017/hand_grades_total:AL-015/hand_grades_total:done`. Action ids never
contain `/` (card ids cannot), so `/` always separates links.

**Older cost form.** Scenario files written before the stride and G guardian calls
became flow steps (issue 11) named the cost inside one id:
`stride:AL-017/discard:hand[0,1]` and `g_guardian:AL-019/discard:hand[0]->VC`. Both
still work, with this explicit mapping:

- a link `discard:hand[i,j,...]` (not an action id the decision offers) means "pay
  this cost with those hand cards": the indices are read in the hand as it was at the
  chain's first decision (as the one-step id read them), and each card becomes one pick
  `KIND:<card id>` at successive decisions of that player, where KIND is the kind of
  the pay-cost decision met (`hand_grades_total`, `discard` or another cost's
  pick); then, if that player's next decision is still KIND and
  offers `KIND:done`, it is taken (the old id named the whole set). A cost with a
  single possible payment is paid by the engine without any decision: the link is then
  used up when the cards it names have left the hand;
- such a cost link names no target, so a `->X` written after it belongs to the chain's
  first link: `g_guardian:AL-019/discard:hand[0]->VC` is `g_guardian:AL-019->VC`, then
  the pick of hand[0].

A decision with a single option is taken by itself as everywhere in a scenario; a
link it matches is used up there. Every other decision met before the chain ends must
be the same player's, and must accept the next link, or the run fails naming which
link of the chain failed and what was legal. `legal_present` / `legal_absent` judge a
chain on a private copy of the game (`chain_is_legal`): present when A is legal now
and the rest is accepted at the same player's following decisions.
"""
from __future__ import annotations

import re
from collections import Counter

_LEGACY_COST = re.compile(r"^discard:hand\[(\d+(?:,\d+)*)\]$")
_TARGET = re.compile(r"^(.*?)(->\S+)$")
MAX_PROBE_STEPS = 20_000
MAX_HAND_INDEX_DIGITS = 3    # no hand holds a thousand cards: a longer number is a typo, never an index


class ChainError(Exception):
    """A chain that cannot be written (empty link) or a link the game refused."""


class LinkError(ChainError):
    def __init__(self, chain: "Chain", index: int, message: str) -> None:
        self.chain, self.index = chain, index
        link = chain.links[index] if index < len(chain.links) else "?"
        super().__init__(f"link {index + 1} of {len(chain.links)} ({link!r}) of chain {chain.text!r}: {message}")


class Chain:
    """A script line or check entry split into links (one link: an ordinary action id)."""

    __slots__ = ("text", "links", "costs")

    def __init__(self, text: str) -> None:
        self.text = text
        links = text.split("/")
        if any(not link for link in links):
            raise ChainError(f"chain {text!r} has an empty link (write A/B, each link an action id)")
        last = _TARGET.match(links[-1])
        if len(links) > 1 and last and _LEGACY_COST.match(last.group(1)) and "->" not in links[0]:
            links = [links[0] + last.group(2)] + links[1:-1] + [last.group(1)]   # the old form's target
        self.links = tuple(links)
        self.costs = tuple(_legacy_indices(link) for link in self.links)

    @property
    def chained(self) -> bool:
        return len(self.links) > 1


def _legacy_indices(link: str) -> tuple | None:
    m = _LEGACY_COST.match(link)
    if not m:
        return None
    digits = m.group(1).split(",")
    longest = max(digits, key=len)
    if len(longest) > MAX_HAND_INDEX_DIGITS:
        shown = longest if len(longest) <= 12 else f"{longest[:12]}... ({len(longest)} digits)"
        raise ChainError(f"link 'discard:hand[...]': hand index {shown} is not a position in a hand "
                         f"(at most {MAX_HAND_INDEX_DIGITS} digits)")
    return tuple(int(i) for i in digits)


def _legal(d, limit: int = 20) -> str:
    ids = d.ids()
    return ", ".join(ids[:limit]) + (" ..." if len(ids) > limit else "")


class Walker:
    """Where a chain stands while its links are matched against successive decisions."""

    __slots__ = ("chain", "player", "hand", "next", "picks", "pick_kind", "named", "optional_done", "cost_index")

    def __init__(self, chain: Chain, player: int, hand: tuple = ()) -> None:
        self.chain, self.player = chain, player
        self.hand = tuple(hand)     # the player's hand at the chain's first decision: what `hand[i]` reads
        self.next = 0               # index of the next link
        self.picks: list = []       # card ids still to pick for an older-form cost link
        self.pick_kind = None       # the pay-cost decision's kind, once met
        self.named: tuple = ()      # every card id that cost link names
        self.optional_done = None   # a pick kind whose `done` is taken if offered next
        self.cost_index = 0         # which link the older-form cost is

    @property
    def finished(self) -> bool:
        return not self.links_left and self.optional_done is None

    @property
    def links_left(self) -> bool:
        return self.next < len(self.chain.links) or bool(self.picks)

    def settled(self, game) -> bool:
        """Nothing left to choose: every link used, or only cards of a cost link that the
        engine has since paid without asking (a single possible payment)."""
        return not self.links_left or (self.next >= len(self.chain.links) and self._paid_without_asking(game))

    def _save(self) -> tuple:
        return (self.next, list(self.picks), self.pick_kind, self.named, self.optional_done, self.cost_index)

    def _load(self, saved: tuple) -> None:
        self.next, self.picks, self.pick_kind, self.named, self.optional_done, self.cost_index = saved
        self.picks = list(self.picks)

    def action_for(self, game, d):
        """The action to take at decision `d`, or None when the chain is done and `d` is the
        script's. A single-option decision the chain does not name is taken by itself."""
        if len(d.actions) == 1:
            saved = self._save()
            try:
                chosen = self._step(game, d)
            except LinkError:
                chosen = False
            if chosen is None:          # the chain is done: the decision is the script's
                return None
            if chosen is False or chosen.id != d.actions[0].id:
                self._load(saved)       # not this chain's: taken by itself, the links wait
                return d.actions[0]
            return chosen
        return self._step(game, d)

    def _step(self, game, d):
        chain = self.chain
        if self.optional_done is not None:
            kind, self.optional_done = self.optional_done, None
            if d.player == self.player and d.kind == kind:     # the cost still asks: `done`, or too few cards
                done = d.find(f"{kind}:done")
                if done is None:
                    raise LinkError(chain, self.cost_index, f"the cards it names do not complete the payment: "
                                                            f"{kind} still asks; legal: {_legal(d)}")
                return done
            self.check_end(game)
            if not self.links_left:
                return None
        while True:
            index = self.next - (1 if self.picks else 0)
            if d.player != self.player:
                raise LinkError(chain, index, f"player {self.player} was to choose it next, but player "
                                              f"{d.player} decides first at {d.kind}; legal: {_legal(d)}")
            if self.picks:
                chosen = self._pick(d)
                if chosen is not None:
                    return chosen
                if not self._paid_without_asking(game):
                    raise LinkError(chain, index, f"paying with {self.picks[0]} (read as "
                                                  f"{self.pick_kind or d.kind}:{self.picks[0]}) is not a choice "
                                                  f"at {d.kind}; legal: {_legal(d)}")
                self.picks = []         # the engine took the only possible payment without asking
                continue
            if self.next >= len(chain.links):
                return None
            link, cost = chain.links[self.next], chain.costs[self.next]
            self.next += 1
            chosen = d.find(link)
            if chosen is not None:
                return chosen
            if cost is None:
                raise LinkError(chain, self.next - 1, f"not legal at {d.kind}; legal: {_legal(d)}")
            bad = [i for i in cost if i >= len(self.hand)]
            if bad:
                raise LinkError(chain, self.next - 1, f"hand[{bad[0]}] does not exist (the hand held "
                                                      f"{len(self.hand)} card(s) when the chain began)")
            self.picks = [game.cards[self.hand[i]].id for i in cost]
            self.named, self.pick_kind, self.cost_index = tuple(self.picks), None, self.next - 1

    def _pick(self, d):
        """The next card of an older-form cost link, as the pay-cost decision's own id (or None)."""
        if self.pick_kind is not None and d.kind != self.pick_kind:
            return None
        chosen = d.find(f"{d.kind}:{self.picks[0]}")
        if chosen is None:
            return None
        self.pick_kind = d.kind
        self.picks.pop(0)
        if not self.picks:
            self.optional_done = self.pick_kind
        return chosen

    def check_end(self, game) -> None:
        """Where a run stops with the chain's cost paid: `LinkError` if it took more than named."""
        if self.named and not self.picks:
            extra = self._taken_beyond_named(game)
            if extra:
                raise LinkError(self.chain, self.cost_index, f"the cards it names do not complete the "
                                                             f"payment: {', '.join(extra)} had to be paid too")

    def _taken_beyond_named(self, game) -> list:
        """Hand cards that left beyond those the cost link names (the engine takes a last
        single possible pick by itself)."""
        cards = game.cards
        gone = Counter(cards[i].id for i in self.hand) - Counter(cards[i].id for i in
                                                                 game.state.players[self.player].hand)
        return sorted((gone - Counter(self.named)).elements())

    def _paid_without_asking(self, game) -> bool:
        """Every card the cost link names has left the hand (a cost with one possible payment
        is paid by the engine without a decision)."""
        cards = game.cards
        before = Counter(cards[i].id for i in self.hand)
        now = Counter(cards[i].id for i in game.state.players[self.player].hand)
        named = Counter(self.named)
        return all(now[c] <= before[c] - n for c, n in named.items())


def private_copy(game):
    """A game of its own at `game`'s position: no trace, log or debugger hooks, its own
    random generator at the same place (so a probe changes nothing the run will see)."""
    from ..agents.determinize import search_game
    from ..game.rng import GameRandom
    shadow = search_game(game)
    shadow.rng = GameRandom(game.seed)
    shadow.restore(game.snapshot())
    return shadow


def start_chain(game, chain: Chain) -> Walker:
    """A walker for `chain` at `game`'s pending decision (its player, its hand)."""
    d = game.pending
    return Walker(chain, d.player, game.state.players[d.player].hand)


def play_chain(game, walker: Walker, apply=None) -> None:
    """Take the chain's links at `game`'s decisions, from the pending one on, running the
    flows in between (`apply`: how an action is taken, default `game.apply`). Stops once
    every link is used (at the next decision when a `done` may still follow); raises
    `LinkError` at a link the game refuses or when the game ends first."""
    apply = apply or type(game).apply
    for _ in range(MAX_PROBE_STEPS):
        if game.pending is not None:
            chosen = walker.action_for(game, game.pending)
            if chosen is None:
                return
            apply(game, chosen)
            if walker.finished:
                return
        elif game.runner.finished:
            if not walker.settled(game):
                raise LinkError(walker.chain, min(walker.next, len(walker.chain.links) - 1),
                                "the game ended before it was chosen")
            return
        else:
            game.step()


def chain_is_legal(game, text: str) -> tuple[bool, str]:
    """Is `text` (an action id or a chain) legal at `game`'s pending decision? (legal, why)."""
    d = game.pending
    chain = Chain(text)
    if not chain.chained:
        return (d.find(text) is not None, f"legal: {_legal(d, 40)}")
    if d.find(chain.links[0]) is None:
        return (False, f"its first link {chain.links[0]!r} is not legal; legal: {_legal(d, 40)}")
    shadow = private_copy(game)
    try:
        play_chain(shadow, start_chain(shadow, chain))
    except LinkError as err:
        return (False, str(err))
    return (True, f"every link was accepted by player {d.player}'s decisions")
