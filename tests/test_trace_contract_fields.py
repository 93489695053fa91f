"""CONTRACT v2 fields settled 2026-12-05 (issue 29 item 13): every cost payment's `put` names the
`ability` that paid it, or `for` the rules' own payment (stride, g_guardian, g_assist); the G assist
removals and the stride cost are `put` events only (no always-empty `removed*` / `cost` lists on
`g_assist` / `stride`); a `reveal` says `from`, and `ability` when it is a cost."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from vanguard_fsm.cli.main import main

PAIRINGS = [("gear-chronicle", "royal-paladin"), ("link-joker", "kagero"), ("shadow-paladin", "murakumo"),
            ("neo-nectar", "nova-grappler")]


def trace(tmp_path, seed, decks):
    path = tmp_path / f"t{seed}.jsonl"
    out = CliRunner().invoke(main, ["play", "--seed", str(seed), "--decks", *decks, "--trace", str(path), "--quiet"])
    assert out.exit_code == 0, out.output
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("decks", PAIRINGS, ids="-".join)
def test_cost_puts_name_what_paid_them_and_no_always_empty_lists(tmp_path, decks):
    seen = set()
    for seed in range(4):
        for e in trace(tmp_path, seed, decks):
            kind = e["event"]
            if kind == "put" and e["cause"] == "cost":
                assert ("ability" in e) != ("for" in e), e
                assert e.get("for", "stride") in ("stride", "g_guardian", "g_assist"), e
                seen.add(e.get("for", "ability"))
            elif kind == "g_assist":
                assert not {"removed", "removed_hand", "removed_g", "removed_g_face"} & set(e), e
            elif kind == "stride":
                assert "cost" not in e, e
            elif kind == "reveal":
                assert "from" in e and "zone" not in e and (e["cause"] != "cost" or "ability" in e), e
            if kind == "put" and e["to"] == "deck" and e.get("bottom") is not None:
                assert e["bottom"] is True, e
    assert "ability" in seen
