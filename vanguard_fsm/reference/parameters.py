"""The rules parameters (`parameters.yaml`) as a vocabulary: what each one means, its type,
its default and the rules it encodes, for `names parameters`, `explain NAME` and the reference.

The meaning and the rule IDs are data (`parameters.yaml` beside this module, one entry per
key of the parameters schema); the type is read from the schema that checks the file
(`machine/schema.py`), the default from the built-in flows' parameters.yaml, so neither can
drift from what a game really uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..machine.schema import PARAMETERS_SCHEMA
from ..machine.yamlsrc import load

DOCS_PATH = Path(__file__).resolve().parent / "parameters.yaml"


@dataclass(frozen=True)
class Parameter:
    name: str
    doc: str
    type: str
    default: object
    rules: tuple


def schema_of(name: str) -> dict:
    return PARAMETERS_SCHEMA["properties"]["parameters"]["properties"][name]


def type_text(schema: dict) -> str:
    """A schema in a designer's words: `whole number 1-10`, `list of: losing, ...`."""
    kind = schema.get("type")
    if "enum" in schema:
        return "one of: " + ", ".join(map(str, schema["enum"]))
    if "anyOf" in schema:
        return " or ".join(type_text(s) for s in schema["anyOf"])
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        return "whole number" + (f" {low} to {high}" if low is not None and high is not None else "")
    if kind == "boolean":
        return "true or false"
    if kind == "null":
        return "null"
    if kind == "string":
        return "text"
    if kind == "array":
        return "list of " + type_text(schema.get("items", {}))
    if kind == "object" and schema.get("properties"):
        return "mapping: " + ", ".join(schema["properties"])
    if kind == "object":
        return "mapping: name -> " + type_text(schema.get("additionalProperties") or {})
    return "value"


def parameters(defaults: dict | None = None) -> list[Parameter]:
    """Every parameter, in the order of its data file; `defaults`: the built-in values."""
    data = load(DOCS_PATH).data["parameters"]
    defaults = defaults or {}
    return [Parameter(name, " ".join(str(entry["doc"]).split()), type_text(schema_of(name)), defaults.get(name),
                      tuple(str(r) for r in entry.get("rules", ()))) for name, entry in data.items()]


def builtin_defaults() -> dict:
    """The built-in flows' parameters (the default of each)."""
    from ..machine.loader import load_parameters
    return load_parameters()
