"""Issue 12, point 2: the rules digest ships in the package (own words, the IDs flows and
tests cite, CR section numbers), `explain` reads it, `coverage` uses it by default."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from vanguard_fsm.paths import REPO_DIR, builtin_flows_dir
from vanguard_fsm.reference.rules import DIGEST_PATH, load_digest
from vanguard_fsm.sim.coverage_rules import default_rules_path, parse_rule_ids, rule_coverage

SHARED = REPO_DIR.parent / "shared" / "rules"


def run(*args):
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], capture_output=True, text=True)


def _cited_ids():
    """Every rule ID written in a `rules:` list of a built-in flow or a scenario."""
    files = list(builtin_flows_dir().glob("*.yaml")) + list((REPO_DIR / "tests" / "scenarios").rglob("*.yaml"))
    found = set()
    for path in files:
        def walk(node):
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "rules" and isinstance(value, list):
                        found.update((str(v), path.name) for v in value)
                    else:
                        walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return found


def test_every_cited_rule_id_has_an_entry_or_is_a_cr_section_the_digest_maps():
    digest = load_digest()
    missing = sorted({(rid, f) for rid, f in _cited_ids()
                      if digest.get(rid) is None and not (rid.startswith("CR ") and digest.citing_cr(rid))})
    assert not missing, (f"rule IDs cited but not in {DIGEST_PATH}: {missing}; add an entry (own words) or, "
                         f"for a CR section, add it to the `cr` list of the entry it belongs to")


def test_digest_entries_have_titles_text_and_cr_sections():
    digest = load_digest()
    assert len(digest.rules) >= 60
    for rule in digest.rules.values():
        assert rule.title and len(rule.text) > 20
        assert all(re.fullmatch(r"CR \d+(\.\d+)*", c) for c in rule.cr), rule
    assert digest.official["url"].startswith("https://")


@pytest.mark.skipif(not (SHARED / "RULES.md").is_file(), reason="the shared RULES.md is not beside this clone")
def test_digest_covers_every_id_of_the_shared_rules_md():
    digest = load_digest()
    ids = [rid for rid, _ in parse_rule_ids((SHARED / "RULES.md").read_text(encoding="utf-8"))]
    assert [rid for rid in ids if digest.get(rid) is None] == []


@pytest.mark.skipif(not (SHARED / "cr-1.48.md").is_file(), reason="the official CR text is not beside this clone")
def test_digest_copies_no_sentence_of_the_comprehensive_rules():
    """Own words: no run of 10 words of a digest entry appears in the official text."""
    words = lambda text: re.findall(r"[a-z0-9']+", text.lower())
    cr = " " + " ".join(words((SHARED / "cr-1.48.md").read_text(encoding="utf-8"))) + " "
    for rule in load_digest().rules.values():
        w = words(rule.text)
        for i in range(len(w) - 9):
            run_ = " " + " ".join(w[i:i + 10]) + " "
            assert run_ not in cr, f"{rule.id} copies the CR: {run_.strip()!r}"


def test_explain_a_rule_a_state_a_name_and_refuses_nothing_known():
    rule = run("explain", "CR.drive.3")
    assert rule.returncode == 0 and "One drive check" in rule.stdout and "CR 10.14" in rule.stdout
    section = run("explain", "CR 7.5")
    assert "not reproduced" in section.stdout and "CR.guard: Guard step" in section.stdout
    state = run("explain", "battle.guard_step")
    out = state.stdout
    assert "doc: After a check timing, the non-turn player guards" in out and "CR.guard (Guard step)" in out
    assert "timings fired on entry: beginning_of_guard_step" in run("explain", "battle.guard_step_begins").stdout
    assert "decision: non_turn_player chooses among guard, intercept, g_guardian, pass" in out
    assert re.search(r"out: \[choice pass\] -> battle\.damage_step|out: \[choice pass\] -> damage_step", out)
    assert re.search(r"in:  from guard_step_begins -> .*battle\.yaml:\d+", out)
    assert re.search(r"in:  from g_guardian_call -> guard_step", out)      # CR 7.5.1.2.5: back to the play timing
    name = run("explain", "compare_power")
    assert "action compare_power:" in name.stdout and "used in battle.damage_step" in name.stdout
    typo = run("explain", "gaurd_step")
    assert typo.returncode == 2 and "did you mean battle.guard_step" in typo.stderr


def test_coverage_reads_the_package_digest_by_default(tmp_path):
    assert default_rules_path() == DIGEST_PATH
    rows = {r.id: r for r in rule_coverage(DIGEST_PATH, builtin_flows_dir(), REPO_DIR / "tests")}
    assert "battle.yaml" in rows["CR.guard"].flows
    assert rows["CR.drive.3"].scenarios, "scenarios cite CR.drive.3"
    assert rows["CR.drive.3"].line > 1
