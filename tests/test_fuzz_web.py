"""Property test of the browser debugger's messages (issues 18 and 27): generated WebSocket
texts — garbage, JSON of any shape, deeply nested JSON, and commands with mistyped,
missing or extra arguments — each get one JSON reply with `ok`, never an internal error;
a refused message leaves the session where it was.

The messages go through `web.server._answer`, the function the socket hands every text
to, on one session per module (the socket itself is tested in test_web_security.py).
Quick profile by default, the long one with `pytest -m fuzz`.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_profiles import FUZZ, QUICK

pytest.importorskip("starlette")

from vanguard_fsm.web import commands, server  # noqa: E402
from vanguard_fsm.web.session import PageSession  # noqa: E402

ARGUMENTS = ("count", "transitions", "action", "kind", "name", "number", "seq", "machine", "path", "what", "text",
             "seed", "seat", "iterations", "run", "id")
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.integers(), st.floats(),
                    st.text(max_size=20), st.sampled_from(["scenario", "replay", "trace", "battle", "guard_step",
                                                           "state", "condition", "../../etc/passwd", "/etc/passwd"]))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=12)
COMMAND = st.builds(lambda cmd, args: {"cmd": cmd, **args},
                    st.one_of(st.sampled_from(sorted(commands.COMMANDS)), SCALARS),
                    st.dictionaries(st.sampled_from(ARGUMENTS), JSON_VALUES, max_size=4))
NESTED = st.builds(lambda depth, opener, inside: (opener * depth) + inside + ("]" if opener == "[" else "}") * depth,
                   st.integers(500, 200_000), st.sampled_from(["[", '{"a":']), st.sampled_from(["", "1", "[]"]))
MESSAGES = st.one_of(st.text(max_size=60), JSON_VALUES.map(json.dumps), COMMAND.map(json.dumps), NESTED)


@pytest.fixture(scope="module")
def page():
    return PageSession({"seed": 3})


def position(page) -> tuple:
    return commands.position_key(page), page.label, page.viewer, page.breakpoint_list()


def _one_message(page, text: str) -> None:
    if "evaluate" in text:          # the search agent's cost is bounded but not small: keep it to a few
        text = text.replace('"iterations"', '"iterations_"')
    before = position(page)
    reply = json.loads(server._answer(page, text))
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
    if not reply["ok"]:
        assert not reply["error"].startswith("internal error"), (text[:300], reply["error"])
        assert position(page) == before, text[:300]


@given(text=MESSAGES)
@QUICK
def test_every_message_gets_one_reply_and_a_refusal_changes_nothing(page, text):
    _one_message(page, text)


@pytest.mark.fuzz
@given(text=MESSAGES)
@FUZZ
def test_fuzz_web_messages(page, text):
    _one_message(page, text)
