"""`evaluate`'s ability table (issue 30.9): an ACT ability is never pending (it is played, CR 8.4),
so its uses per game are counted from its resolutions, not left at 0.0."""
from __future__ import annotations

from vanguard_fsm.compare.balance import ability_table
from vanguard_fsm.compare.metrics import GameRecord


def test_an_act_ability_that_resolved_counts_per_game():
    games = []
    for act_uses in (3, 1):
        record = GameRecord()
        record.abilities[("BT13-S07#2", "ACT", "resolved")] = act_uses
        record.abilities[("AL-001#1", "when_placed", "pending")] = 2
        record.abilities[("AL-001#1", "when_placed", "resolved")] = 1
        record.abilities[("AL-001#1", "when_placed", "declined")] = 1
        games.append(record)
    rows = {row["card"]: row for row in ability_table(games)}
    assert rows["BT13-S07#2"]["per_game"] == 2.0                  # 4 resolutions in 2 games
    assert rows["AL-001#1"]["per_game"] == 2.0                    # 4 times pending in 2 games
