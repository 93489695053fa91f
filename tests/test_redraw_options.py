"""The redraw's options (RULES 3.2.3) and the heuristic's pick among them, against a plain search.

redraw_legal makes every subset's cards in C (`combinations` over the hand, the subsets returning
the same cards as an earlier one left out by a mask worked out once per pattern of equal cards), and
the heuristic finds its best return by its cards rather than a key per option: both must give what
the obvious search gives, option for option, in order.
"""
from __future__ import annotations

import itertools
import types

from vanguard_fsm.agents.heuristic import _redraw
from vanguard_fsm.game.rules.setup import redraw_legal


def _patterns(size: int):
    """Every way of making `size` hand cards equal or not (card ids 0, 1, ... by first appearance)."""
    for pattern in itertools.product(range(size), repeat=size):
        if all(pattern[i] <= max(pattern[:i], default=-1) + 1 for i in range(size)):
            yield pattern


def _game(ids, most: int = 5, grades=None):
    cards = {100 + i: types.SimpleNamespace(id=f"C{card}", grade=(grades or {}).get(card, 0))
             for i, card in enumerate(ids)}
    hand = list(range(100, 100 + len(ids)))
    seats = [types.SimpleNamespace(hand=hand)] * 2
    return types.SimpleNamespace(cards=cards, params={"max_redraw": most}, state=types.SimpleNamespace(players=seats))


def _searched(ids, most: int) -> list:
    """(id, cards) of keeping, then of each subset of at most `most` cards, smaller first, the first
    (in `combinations` order) of those returning the same cards."""
    out, seen = [("redraw:keep", ())], set()
    for k in range(1, min(len(ids), most) + 1):
        for combo in itertools.combinations(range(len(ids)), k):
            returned = tuple(sorted(ids[i] for i in combo))
            if returned not in seen:
                seen.add(returned)
                out.append((f"redraw:hand[{','.join(map(str, combo))}]", tuple(100 + i for i in combo)))
    return out


def test_redraw_options_are_the_subsets_returning_different_cards_in_order():
    for size in range(7):
        for ids in _patterns(size):
            for most in range(size + 2):
                for seat in (0, 1):
                    offered = redraw_legal(_game(ids, most), seat)
                    assert [(a.id, a.args) for a in offered] == _searched(ids, most), (ids, most)
                    assert all(a.kind == "redraw" and a.player == seat for a in offered)


def test_heuristic_redraw_returns_what_the_best_key_returns():
    def by_key(game, actions):
        want = {i for i in game.state.players[0].hand if game.cards[i].grade >= 3}
        keys = [3 * len(want.intersection(a.args)) - 2 * len(a.args) for a in actions]
        return actions[keys.index(max(keys))]

    looked = 0
    for ids in _patterns(5):
        for grade_of in itertools.product((0, 1, 3), repeat=max(ids) + 1):
            for most in (1, 2, 5):
                game = _game(ids, most, dict(enumerate(grade_of)))
                actions = redraw_legal(game, 0)
                chosen = _redraw(game, types.SimpleNamespace(player=0), actions, None)
                assert chosen is by_key(game, actions), (ids, grade_of, most)
                looked += bool(chosen.args)
    assert looked
