"""Schema messages that never repeat a file's content (issue 27, S2).

jsonschema starts most of its messages with the offending value's repr. A file given
where another kind was expected (`--cards /etc/passwd`, a private key as a deck) is
one long YAML scalar, so its whole text came back in the error. Every reader builds
its schema messages here instead:

- the document's top level that is not a mapping is "not a card file (expected a
  mapping with `cards:`)": the path and line say where, nothing says what;
- a wrong type says what was expected and what kind of value was found, never a
  text (`expected a whole number, found a text`; a number is shown: `found 5.0`);
- any other message keeps a value only when it is a short one-line scalar, so a typo
  stays readable (`'hnad' is not one of [...]`), and names its kind otherwise.
"""
from __future__ import annotations

SHORT = 40   # the longest text value a message may repeat (a card id, a state name, a typo)

_EXPECTED = {"object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
             "number": "a number", "boolean": "true or false", "null": "nothing (null)"}


def kind_of(value) -> str:
    """What kind of value this is, in words, without the value."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return f"a text of {len(value)} characters" if len(value) > SHORT or "\n" in value else "a text"
    return "a mapping" if isinstance(value, dict) else "a list" if isinstance(value, list) else "a value"


def shown(value) -> str:
    """The value as a message may quote it: its repr if it is a short one-line scalar, else its kind."""
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, str) and len(value) <= SHORT and "\n" not in value:
        return repr(value)
    return kind_of(value)


def _found(value) -> str:
    """A wrong-typed value: a number or true/false as written (`5.0`), a text never, only its kind."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return kind_of(value)


def not_a(document: str, schema: dict) -> str:
    """The message for a top level that is not a mapping at all."""
    required = ", ".join(f"`{key}:`" for key in schema.get("required", ()))
    return f"not a {document} (expected a mapping{' with ' + required if required else ''})"


def plain_message(error, document: str = "data file") -> str:
    """One jsonschema `ValidationError` as a message that does not quote the file's content."""
    if error.validator == "type":
        if not error.absolute_path and error.validator_value == "object":
            return not_a(document, error.schema)
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        return f"expected {' or '.join(_EXPECTED.get(t, t) for t in wanted)}, found {_found(error.instance)}"
    text = error.message
    quoted = repr(error.instance)
    if shown(error.instance) != quoted and quoted in text:
        text = text.replace(quoted, kind_of(error.instance), 1)
    return text
