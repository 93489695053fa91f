"""Every built-in deck plays a complete game in each front end a user reaches it by (issue 28: "every trial
deck plays complete games in `play`, `simulate`, `debug` and `web`"): the command line's `play` and
`simulate`, the terminal debugger run to the end from a script, and the browser debugger's session over
its WebSocket. Each deck meets the next one of the sorted list (the last meets the first), so every deck
plays against another of its format and is seen from both seats. The refereed games (conservation, legality of every
action) are tests/test_ability_corpus.py's; this test is about the front ends carrying each deck through.
"""
from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

from vanguard_fsm.cli import main
from vanguard_fsm.game.cards import load_cards
from vanguard_fsm.game.decks import builtin_deck_names, load_deck

def _pairs() -> list[tuple[str, str]]:
    """Each deck against the next one of its format (a quick deck meets quick decks, CR 5.2)."""
    db = load_cards()
    by_format: dict[str, list[str]] = {}
    for name in builtin_deck_names():
        by_format.setdefault(load_deck(name, db).format, []).append(name)
    return [(deck, decks[(i + 1) % len(decks)]) for decks in by_format.values() for i, deck in enumerate(decks)]


PAIRS = _pairs()
SEED = 5


def _ids(pair):
    return f"{pair[0]}-vs-{pair[1]}"


@pytest.mark.parametrize("pair", PAIRS, ids=_ids)
def test_play_and_simulate_finish_a_game(pair, tmp_path):
    runner = CliRunner()
    played = runner.invoke(main, ["play", "--seed", str(SEED), "--decks", *pair])
    assert played.exit_code == 0, played.output
    assert "winner" in played.output.lower()
    out = tmp_path / "summary.json"
    simulated = runner.invoke(main, ["simulate", "--games", "2", "--seed", str(SEED), "--decks", *pair, "--out", str(out)])
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(out.read_text())["summary"]["games"] == 2


@pytest.mark.parametrize("pair", PAIRS, ids=_ids)
def test_the_terminal_debugger_runs_the_game_to_its_end(pair):
    out = CliRunner().invoke(main, ["debug", "--seed", str(SEED), "--decks", *pair], input="continue\nquit\n")
    assert out.exit_code == 0, out.output
    assert "the game is over" in out.output


@pytest.mark.parametrize("pair", PAIRS[::2], ids=_ids)   # every other pair: each deck once
def test_the_browser_debugger_runs_the_game_to_its_end(pair):
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from vanguard_fsm.web.server import create_app

    client = TestClient(create_app({"seed": SEED, "decks": list(pair)}), base_url="http://127.0.0.1")
    with client.websocket_connect(f"ws://127.0.0.1/ws?token={client.app.state.token}") as socket:
        hello = json.loads(socket.receive_text())
        assert hello["ok"], hello
        socket.send_text(json.dumps({"id": 2, "cmd": "continue"}))
        done = json.loads(socket.receive_text())
    assert done["ok"], done.get("error")
    assert done["position"]["over"]
