"""Card attributes real G-era cards need (issue 19): two races on one card, and a card of
all clans (it counts as every clan: same-clan trigger checks, CR 2.8 / RULES 1.4; clan filters)."""
from __future__ import annotations

import textwrap

import pytest

from vanguard_fsm.abilities.language.targets import ABILITIES
from vanguard_fsm.game.cards import CardError, load_cards

HEAD = "clan: C\nnation: N\nrace: Human\ncards:\n"


def write(tmp_path, body):
    path = tmp_path / "cards.yaml"
    path.write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_card_may_have_two_races(tmp_path):
    db = load_cards(write(tmp_path, """\
        - {id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, race: [Elf, Angel]}
        - {id: X-2, name: B, grade: 1, power: 1, shield: 0, unit: normal}
        """))
    assert db["X-1"].races == ("Elf", "Angel") and db["X-1"].race == "Elf / Angel"
    assert db["X-2"].races == ("Human",) and db["X-2"].race == "Human"
    assert db["X-1"].to_json()["race"] == "Elf / Angel"          # the export's one race field


@pytest.mark.parametrize("race", ["[]", "[Elf, Elf]", "[A, B, C]", "3"])
def test_bad_races_are_located(tmp_path, race):
    path = write(tmp_path, f"- {{id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, race: {race}}}\n")
    with pytest.raises(CardError) as err:
        load_cards(path)
    assert err.value.line == 5


def test_a_card_of_all_clans_passes_every_clan_filter(tmp_path):
    db = load_cards(write(tmp_path, """\
        - {id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal, all_clans: true}
        - {id: X-2, name: B, grade: 1, power: 1, shield: 0, unit: normal}
        """))
    clan = ABILITIES.filters["clan"].fn
    assert clan(None, "Other", db["X-1"], None, None) and not clan(None, "Other", db["X-2"], None, None)


def test_a_trigger_of_all_clans_is_active_without_a_unit_of_its_printed_clan():
    from pathlib import Path
    from vanguard_fsm.abilities.sandbox import add, run, sandbox
    from vanguard_fsm.game.rules.triggers import resolve_trigger
    from vanguard_fsm.machine.hooks import Hooks
    fix = Path(__file__).parent / "fixtures" / "abilities"
    active = {}
    for card_id in ("FX-531", "FX-532"):
        hooks = Hooks()
        hooks.on("event", lambda g, name, f: active.update({f["card"]: f["active"]}) if name == "trigger" else None)
        game = sandbox(str(fix / "cards.yaml"), str(fix / "deck.yaml"), hooks=hooks)
        add(game, 0, card_id, "trigger")
        resolve_trigger(game)
        run(game)
    assert active == {"FX-531": False, "FX-532": True}
