"""A file given where another kind was expected is refused without its content (issue 27, S2).

`--decks /etc/passwd` used to answer `'root:x:0:0:...' is not of type 'object'`: jsonschema
starts its messages with the offending value, and a text file read as YAML is one long
value. Every reader now says what the file is not, with its path and line
(`machine/schema_messages.py`), never what it holds. Scratch files only, never the system's.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner

from vanguard_fsm.cli import main
from vanguard_fsm.schema_messages import plain_message
from vanguard_fsm.machine.schema import StrictValidator
from vanguard_fsm.paths import builtin_flows_dir

SECRET = "hunter2-SECRET-0f9a"
SHAPES = {
    "text": f"root:x:0:0:{SECRET}:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin\n",
    "private key": f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}AAAAB3NzaC1yc2E\n-----END OPENSSH PRIVATE KEY-----\n",
    "json text": json.dumps(f"{SECRET} " * 4),
    "json list": json.dumps([SECRET, SECRET]),
    "known key": f"cards: {SECRET}\nmain: {SECRET}\nextends: [{SECRET}]\ndoc: 1\nversion: {SECRET}\n",
}


def _flows_with(tmp_path, name: str, text: str):
    flows = tmp_path / "flows"
    shutil.copytree(builtin_flows_dir(), flows, ignore=shutil.ignore_patterns("variants"))
    (flows / name).write_text(text)
    return str(flows)


def _variant(tmp_path, text: str):
    (tmp_path / "variant").mkdir()
    (tmp_path / "variant" / "variant.yaml").write_text(text)
    return str(tmp_path / "variant")


READERS = {
    "decks": lambda tmp, f: ["play", "--quiet", "--decks", f, "aurora-quick"],
    "decks validate": lambda tmp, f: ["decks", "validate", f],
    "cards": lambda tmp, f: ["play", "--quiet", "--cards", f],
    "flow file": lambda tmp, f: ["play", "--quiet", "--flows", _flows_with(tmp, "battle.yaml", open(f).read())],
    "parameters": lambda tmp, f: ["play", "--quiet", "--flows", _flows_with(tmp, "parameters.yaml", open(f).read())],
    "variant": lambda tmp, f: ["play", "--quiet", "--flows", _variant(tmp, open(f).read())],
    "scenario": lambda tmp, f: ["scenario", "run", f],
    "replay": lambda tmp, f: ["replay", f],
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_file_of_another_kind_is_refused_without_quoting_it(tmp_path, reader, shape):
    """Exit 2, a located first line, and nothing of the file's text anywhere in the output."""
    path = tmp_path / "not-mine.yaml"
    path.write_text(SHAPES[shape])
    result = CliRunner().invoke(main, READERS[reader](tmp_path, str(path)))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    assert SECRET not in result.output
    first = [line for line in result.output.splitlines() if line.strip()][0].removeprefix("ERROR ")
    assert re.match(r"^\S[^:]*:\d+:\d+: \S", first), first


def test_play_decks_with_a_secret_file_is_one_line_naming_what_it_is_not(tmp_path):
    path = tmp_path / "id_rsa"
    path.write_text(SHAPES["private key"])
    result = CliRunner().invoke(main, ["play", "--decks", str(path), "aurora-quick"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"{path}:1:1: not a deck file (expected a mapping with `name:`, `format:`, `starter:`, `main:`)"]


def test_schema_messages_keep_a_short_typo_and_drop_a_long_value():
    validator = StrictValidator({"type": "object", "properties": {
        "at": {"enum": ["hand", "deck"]}, "n": {"type": "integer"}}})
    typo, = validator.iter_errors({"at": "hnad"})
    assert plain_message(typo) == "'hnad' is not one of ['hand', 'deck']"
    long_value, = validator.iter_errors({"at": SECRET * 5})
    assert SECRET not in plain_message(long_value) and "a text of 95 characters" in plain_message(long_value)
    wrong_type, = validator.iter_errors({"n": SECRET})
    assert plain_message(wrong_type) == "expected a whole number, found a text"
    top, = validator.iter_errors(SECRET)
    assert plain_message(top, "card file") == "not a card file (expected a mapping)"
