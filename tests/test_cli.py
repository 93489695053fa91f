"""The CLI verbs of CONTRACT.md that the engine issue owns: cards, decks, play flags, exit codes."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

CONTRACT_FIELDS = {"id", "name", "grade", "power", "shield", "critical", "clan", "nation", "race", "unit",
                   "trigger", "skills", "g_guardian", "abilities", "number", "set"}


def run(*args):
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True)


def test_cards_json_has_the_contract_fields():
    out = run("cards", "--json")
    assert out.returncode == 0
    cards = json.loads(out.stdout)
    assert len(cards) >= 40
    for card in cards:
        assert CONTRACT_FIELDS <= set(card)
        assert card["unit"] in ("normal", "trigger", "g_unit")
        assert card["trigger"] in (None, "critical", "draw", "stand", "heal")
        assert all("kind" in a and "timing" in a for a in card["abilities"])


def test_decks_lists_and_validates(tmp_path):
    listing = run("decks")
    assert listing.returncode == 0 and "aurora" in listing.stdout and "tidewyrm-quick" in listing.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nformat: standard\nstarter: AL-001\nmain:\n  - {card: AL-001, count: 1}\n"
                   "  - {card: AL-007, count: 5}\ng_deck: []\n")
    out = run("decks", "validate", str(bad))
    assert out.returncode == 1
    assert "2.1: a standard deck has exactly 50 cards" in out.stdout
    assert "2.1: at most 4 cards named" in out.stdout
    from vanguard_fsm.paths import builtin_decks_dir
    good = run("decks", "validate", *sorted(str(p) for p in builtin_decks_dir().glob("*.yaml")))
    assert good.returncode == 0, good.stdout
    missing = run("decks", "validate", str(tmp_path / "none.yaml"))
    assert missing.returncode == 2


@pytest.mark.parametrize("agents", [("random", "random"), ("heuristic", "random")])
def test_play_quiet_and_formats(agents):
    out = run("play", "--seed", "3", "--agents", *agents, "--format", "quick", "--quiet")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("result: winner=") and "== Turn" not in out.stdout


def test_play_usage_errors():
    assert run("play", "--agents", "random", "genius").returncode == 2
    assert run("play", "--format", "huge").returncode == 2
    assert run("play", "--flows", "/nonexistent/flows").returncode == 2


def test_play_with_a_human_whose_input_ends_exits_2():
    out = subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--agents", "human", "heuristic",
                          "--seed", "1"], input="1\n", capture_output=True, text=True)
    assert out.returncode == 2
    assert "input ended" in out.stderr and "game abandoned" in out.stderr


def test_play_log_shows_abilities():
    out = run("play", "--seed", "12")
    assert out.returncode == 0
    assert "ability (when_ridden_upon): resolved" in out.stdout


def test_decks_reads_the_card_data_cards_names(tmp_path):
    """Issue 27: every verb that loads cards takes `--cards`; `decks` had none. The listing reads the
    built-in decks with those cards (the ones naming a card the set lacks are said, not listed), and
    `decks --cards P validate` validates with them too."""
    import shutil

    from vanguard_fsm.paths import builtin_cards_dir, builtin_decks_dir
    shutil.copy(builtin_cards_dir() / "aurora_lancers.yaml", tmp_path / "aurora_lancers.yaml")
    listing = run("decks", "--cards", str(tmp_path))
    assert listing.returncode == 0, listing.stderr
    assert "aurora-quick" in listing.stdout and "\nkagero " not in listing.stdout
    said = next(line for line in listing.stdout.splitlines() if f"that {tmp_path} does not hold: " in line)
    assert "dark-irregulars" in said and "kagero" in said and "aurora" not in said.split("hold: ")[1]
    other = run("decks", "--cards", str(tmp_path), "validate", str(builtin_decks_dir() / "kagero.yaml"))
    assert other.returncode == 2 and "unknown card id 'BT01-016'" in other.stderr
