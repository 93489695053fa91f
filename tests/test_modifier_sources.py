"""Power/critical modifiers remember their source (issue 14: the board shows each modifier
with the card or ability that gave it), and end with their 'until' like the totals do."""
from __future__ import annotations

from vanguard_fsm.game.state import Unit
from vanguard_fsm.web import views
from vanguard_fsm.web.session import PageSession


def test_a_unit_keeps_each_modifier_with_its_source_until_its_end():
    unit = Unit(7)
    unit.modified("power", 3000, "turn", "AL-010#1")
    unit.modified("power", 5000, "battle", "critical trigger AL-003")
    unit.modified("critical", 1, "battle", "critical trigger AL-003")
    assert (unit.power_turn, unit.power_battle, unit.crit_battle) == (3000, 5000, 1)
    copy = unit.clone()
    unit.modifiers_end("battle")
    assert (unit.power_turn, unit.power_battle, unit.crit_battle) == (3000, 0, 0)
    assert unit.sources == (("power", 3000, "turn", "AL-010#1"),)
    assert len(copy.sources) == 3                      # a snapshot's copy is not changed by the original
    unit.modifiers_end("turn")
    assert unit.power_turn == 0 and unit.sources == ()


def test_the_board_names_every_modifier_and_they_add_up_to_the_power_shown():
    """Seed 3, agents playing: every unit's power and critical is its printed value plus the
    listed modifiers, and triggers, AUTO abilities and CONT abilities each appear by name."""
    page = PageSession({"seed": 3})
    dbg = page.debugger
    kinds = set()
    for _ in range(1400):
        if dbg.unit("agents") is None:
            break
        for seat in views.board(dbg.game)["seats"]:
            for unit in [*seat["circles"].values(), *seat["gc"]]:
                if not unit:
                    continue
                for what, base in (("power", "base_power"), ("critical", "base_critical")):
                    listed = sum(m["value"] for m in unit["modifiers"] if m["what"] == what)
                    assert unit[base] + listed == unit[what], unit
                for m in unit["modifiers"]:
                    assert m["source"] != "no recorded source", unit
                    kinds.add("trigger" if "trigger" in m["source"] else m["until"] if "#" in m["source"]
                              else "heart" if m["source"].startswith("heart") else "other")
    assert {"trigger", "turn", "battle", "continuous", "heart"} <= kinds, kinds


def test_a_scenario_modifier_without_a_source_says_so():
    page = PageSession({"seed": 3})
    page.debugger.next()                               # the redraw: the starting vanguards stand
    game = page.game
    unit = game.state.players[0].circles["VC"]
    unit.power_turn += 2000
    shown = views.board(game)["seats"][0]["circles"]["VC"]
    assert {"what": "power", "value": 2000, "until": "turn", "source": "no recorded source"} in shown["modifiers"]
