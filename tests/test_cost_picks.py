"""A cost's pick (`abilities/language/picks.py`): a card's pick (read-only `FrozenDict` card data) is kept
once worked out; a plain mapping (a scenario's or an effect's, which may change) is read again at each
look, so a kept pick never hides a change."""
from __future__ import annotations

from vanguard_fsm.abilities.language.picks import picked
from vanguard_fsm.game.frozen import freeze


def test_a_plain_pick_is_read_again_after_it_changes():
    pick = {"choose": 1, "grade": 0}
    assert picked(pick) == (1, (("grade", 0),))
    pick["choose"], pick["grade"] = 2, 3
    assert picked(pick) == (2, (("grade", 3),))


def test_a_card_pick_is_kept_and_equal_to_the_one_worked_out():
    pick = freeze({"choose": 2, "trigger": "heal"})
    first = picked(pick)
    assert first == (2, (("trigger", "heal"),))
    assert picked(pick) is first       # kept: the same answer, not worked out again


def test_a_count_or_nothing_is_a_pick_without_filters():
    assert picked(3) == (3, ())
    assert picked(None) == (1, ())
