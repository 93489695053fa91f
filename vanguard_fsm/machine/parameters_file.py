"""The rules parameters file of a flow set (`parameters.yaml`): completed, checked, read.

Kept apart from `loader.py`, which reads the flow machines, because the parameters are
another kind of document with rules of their own: a file written before a rules number
was added gets that key from the built-in file (`LATER_PARAMETERS`), a retired key is
dropped with a warning or refused (`renamed.py`), the schema types every value, and every
format needs both its damage limit and its deck construction, and the rule actions a card
could otherwise be left in no zone without (`KEPT_RULE_ACTIONS`) are listed. Each problem is reported
through the loader's linter at its `file:line:col`.
"""
from __future__ import annotations

from pathlib import Path

from ..paths import builtin_flows_dir
from .renamed import retired_parameter
from .schema import KEPT_RULE_ACTIONS, LATER_NESTED_PARAMETERS, LATER_PARAMETERS, schema_errors
from .spec import Where
from .yamlsrc import SourceError, load

PARAMETERS_FILE = "parameters.yaml"


def with_builtin_defaults(params_doc, linter):
    """A parameters file written before a rules number was added (LATER_PARAMETERS) lacks
    its key: that key comes from the built-in parameters.yaml, the one file holding every
    key (and so does a key added later inside a mapping, LATER_NESTED_PARAMETERS). A retired key (renamed.py) is dropped with a warning when its value is the one the
    card data now carries, else it is an error. Any other missing key, an unknown key or a
    wrong type stays an error."""
    data = params_doc.data
    builtin = builtin_flows_dir() / PARAMETERS_FILE
    if (Path(params_doc.path).resolve() == builtin.resolve() or not isinstance(data, dict)
            or not isinstance(data.get("parameters"), dict)):
        return data
    params = dict(data["parameters"])
    for key in list(params):
        retired = retired_parameter(key, params[key])
        if retired is not None:
            accepted, message = retired
            where = Where(*params_doc.locate(("parameters", key, "__key__")))
            linter.warn(where, message) if accepted else linter.add(where, message)
            del params[key]
    defaults = load(builtin).data["parameters"]
    missing = {k: defaults[k] for k in LATER_PARAMETERS if k not in params and k in defaults}
    for outer, inner in LATER_NESTED_PARAMETERS:
        if isinstance(params.get(outer), dict) and inner not in params[outer]:
            params[outer] = {**params[outer], inner: defaults[outer][inner]}
    return {**data, "parameters": {**params, **missing}}


def read_parameters(params_doc, linter) -> dict:
    """The rules parameters of `params_doc` (completed as above), or {} when they have problems
    (each one added to the linter's problems)."""
    data = with_builtin_defaults(params_doc, linter)
    errors = list(schema_errors(data, parameters=True))
    for key_path, message in errors:
        linter.problems.append(SourceError(*params_doc.locate(key_path), message))
    if errors:
        return {}
    parameters = data["parameters"]
    formats, built = set(parameters["damage_to_lose"]), set(parameters["deck_construction"])
    if formats != built:
        linter.problems.append(SourceError(
            *params_doc.locate(("parameters", "deck_construction", "__key__")),
            f"every format needs both damage_to_lose and deck_construction: "
            f"{', '.join(sorted(formats ^ built))} has only one"))
    for name, why in KEPT_RULE_ACTIONS.items():
        if name not in parameters["rule_actions"]:
            linter.problems.append(SourceError(*params_doc.locate(("parameters", "rule_actions", "__key__")),
                                               f"rule_actions must list {name!r}: {why}"))
    return parameters
