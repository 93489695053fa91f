"""Variant rule sets: a flows directory that states only what it changes.

A rules designer tries a rule change without copying the whole rule set: a
variant directory (`flows/variants/NAME/`) holds a `variant.yaml`

    extends: base            # 'base' (the flows directory holding variants/), a sibling
                             # variant's name, or a path relative to this directory
    doc: The first player does not draw on turn 1.
    rules: ["CR 6.4.1.1"]    # optional: what the change is about
    parameters:              # a merge patch of parameters.yaml's `parameters`
      damage_to_lose: {standard: 7}
    patch:                   # per machine: a merge patch of its flow file
      turn:
        states:
          draw_phase:
            states:
              g_assist_search: null          # null removes a key
              g_assist_step:
                transitions: {0: {to: ride_phase}}   # integer keys patch one list item

and optionally whole files: `NAME.yaml` replaces (or adds) machine NAME, a
`parameters.yaml` replaces the base's parameters. The patch is JSON merge patch
(RFC 7386: mappings merge, null removes, anything else replaces) with one
extension, a mapping of integer keys applied to a list patches those items, so a
variant that retargets one transition keeps the rest of it (its `if`, `do`, `doc`)
and survives later edits of the base. Positions are kept per key: an error in a
patched part of a flow points into variant.yaml, anything else into the base file.
A variant may extend another variant, at most `MAX_VARIANT_DEPTH` deep (a longer
`extends` chain is refused at its `extends:` line, before anything is read from it).
"""
from __future__ import annotations

import copy
import difflib
from pathlib import Path

import jsonschema
import yaml

from .parameters_file import PARAMETERS_FILE
from ..schema_messages import plain_message
from .schema import RULE_ID
from .yamlsrc import Document, SourceError, load, read_source

VARIANT_FILE = "variant.yaml"
BASE = "base"
MAX_VARIANT_DEPTH = 16       # variants extending variants; the shipped ones extend base directly

VARIANT_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["extends", "doc"],
    "properties": {
        "extends": {"type": "string", "minLength": 1},
        "doc": {"type": "string"},
        "rules": {"type": "array", "items": RULE_ID},
        "parameters": {"type": "object"},
        "patch": {"type": "object", "additionalProperties": {"type": ["object", "null"]}},
    },
}
_VALIDATOR = jsonschema.Draft202012Validator(VARIANT_SCHEMA)


class OverlayDocument(Document):
    """A Document merged from several files: `origins` maps a key path to (file, line, col)."""

    __slots__ = ("origins",)

    def __init__(self, path: str, data, origins: dict, duplicates: list) -> None:
        super().__init__(path, data, {k: v[1:] for k, v in origins.items()}, duplicates)
        self.origins = origins

    @classmethod
    def of(cls, doc: Document) -> "OverlayDocument":
        if isinstance(doc, OverlayDocument):
            return cls(doc.path, copy.deepcopy(doc.data), dict(doc.origins), list(doc.duplicates))
        return cls(doc.path, copy.deepcopy(doc.data), {k: (doc.path, *v) for k, v in doc.marks.items()},
                   list(doc.duplicates))

    def locate(self, key_path) -> tuple[str, int, int]:
        key_path = tuple(key_path)
        while key_path and key_path not in self.origins:
            key_path = key_path[:-1]
        return self.origins.get(key_path, (self.path, 1, 1))

    def where(self, key_path) -> tuple[int, int]:
        return self.locate(key_path)[1:]


def is_variant(directory: Path) -> bool:
    return (Path(directory) / VARIANT_FILE).is_file()


def _base_of(variant_dir: Path, name: str) -> Path | None:
    """The directory a variant's `extends` names: 'base', a sibling variant, or a relative path."""
    if name == BASE:
        if variant_dir.parent.name == "variants":
            return variant_dir.parent.parent
        from ..paths import builtin_flows_dir
        return builtin_flows_dir()
    sibling = variant_dir.parent / name
    if "/" not in name and is_variant(sibling):
        return sibling
    relative = variant_dir / name
    return relative.resolve() if relative.is_dir() else None


def source_files(directory: Path) -> list[Path]:
    """Every YAML file a flows directory is made of (a variant's bases included), for caches."""
    files, seen, directory = [], set(), Path(directory).resolve()
    while directory not in seen and len(seen) <= MAX_VARIANT_DEPTH:
        seen.add(directory)
        files.extend(sorted(directory.glob("*.yaml")))
        if not is_variant(directory):
            break
        try:
            extends = (yaml.safe_load(read_source(directory / VARIANT_FILE)) or {}).get("extends")
        except (SourceError, yaml.YAMLError, AttributeError):   # the loader reports it, located
            break
        base = _base_of(directory, str(extends)) if extends else None
        if base is None:
            break
        directory = base.resolve()
    return files


# -- merging -------------------------------------------------------------------

class _Merger:
    """Applies one patch (a sub-tree of variant.yaml) to one OverlayDocument."""

    def __init__(self, target: OverlayDocument, patch_doc: Document, problems: list) -> None:
        self.target, self.patch_doc, self.problems = target, patch_doc, problems

    def _mark(self, patch_key) -> tuple:
        return (self.patch_doc.path, *self.patch_doc.where(patch_key))

    def _replace(self, container, key, value, result_key: tuple, patch_key: tuple) -> None:
        origins = self.target.origins
        for k in [k for k in origins if k[:len(result_key)] == result_key]:
            del origins[k]
        container[key] = copy.deepcopy(value)
        n = len(patch_key)
        for k, (line, col) in self.patch_doc.marks.items():
            if k[:n] == patch_key:
                origins[result_key + k[n:]] = (self.patch_doc.path, line, col)

    def _mistyped(self, current: dict, key, value, where: tuple) -> bool:
        """A new key among items of one shape (states, ...) that lacks what every one of them has
        is a patch of an existing item under a mistyped name (`drive_stpe`): said so, with the
        name meant, instead of adding a half item the schema then refuses piece by piece."""
        items = list(current.values())
        if not isinstance(value, dict) or len(items) < 2 or not all(isinstance(i, dict) for i in items):
            return False
        missing = set.intersection(*(set(i) for i in items)) - set(value)
        close = difflib.get_close_matches(str(key), [str(k) for k in current], n=1, cutoff=0.6)
        if not missing or not close:
            return False
        self.problems.append(self.patch_doc.error(where, (
            f"no {key!r} in the base to patch (did you mean {close[0]!r}?); a new one would need "
            f"{', '.join(sorted(missing))}, as every item here has")))
        return True

    def apply(self, container, key, patch, result_key: tuple, patch_key: tuple) -> None:
        current = container[key] if key in container or isinstance(container, list) else None
        if isinstance(patch, dict) and isinstance(current, dict):
            self.target.origins[result_key] = self._mark(patch_key)
            for k, v in patch.items():
                self.target.origins[result_key + (k, "__key__")] = self._mark(patch_key + (k, "__key__"))
                if v is None:
                    if k not in current:
                        self.problems.append(self.patch_doc.error(patch_key + (k, "__key__"),
                                             f"cannot remove {k!r}: the base has no such key here "
                                             f"(keys: {', '.join(map(str, current)) or 'none'})"))
                        continue
                    del current[k]
                    for o in [o for o in self.target.origins if o[:len(result_key) + 1] == result_key + (k,)]:
                        del self.target.origins[o]
                elif k not in current and self._mistyped(current, k, v, patch_key + (k, "__key__")):
                    continue
                else:
                    self.apply(current, k, v, result_key + (k,), patch_key + (k,))
        elif isinstance(patch, dict) and isinstance(current, list) and patch and \
                all(isinstance(k, int) and not isinstance(k, bool) for k in patch):
            for index, v in patch.items():
                if not 0 <= index < len(current):
                    self.problems.append(self.patch_doc.error(patch_key + (str(index), "__key__"),
                                         f"no item {index} to patch: the base list has {len(current)} "
                                         f"(items 0-{len(current) - 1})"))
                    continue
                # yamlsrc marks a mapping key by its text: the position of `7:` is under '7'
                self.apply(current, index, v, result_key + (index,), patch_key + (str(index),))
        else:
            self._replace(container, key, patch, result_key, patch_key)


def _read_variant(directory: Path) -> tuple[Document | None, list[SourceError]]:
    try:
        doc = load(directory / VARIANT_FILE)
    except SourceError as exc:
        return None, [exc]
    problems = []
    for key_path, line, col in doc.duplicates:
        problems.append(SourceError(doc.path, line, col, f"duplicate name {key_path[-1]!r}: "
                                    f"a later entry would silently replace the earlier one"))
    for error in _VALIDATOR.iter_errors(doc.data):
        path = tuple(error.absolute_path)
        message = plain_message(error, "variant file")
        if error.validator == "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)
            if extra:
                path, message = path + (extra[0], "__key__"), \
                    f"unknown key {extra[0]!r} (a variant has: {', '.join(VARIANT_SCHEMA['properties'])})"
        problems.append(doc.error(path, f"variant: {message}"))
    return (None if problems else doc), problems


def collect(directory: Path, load_flow_files, builtin_parameters: Path) -> tuple:
    """(flow documents by file stem, parameters document or None, problems, extra source files)
    of a flows directory, plain or variant; `load_flow_files(dir)` reads a plain one's flow files."""
    return _collect(Path(directory), load_flow_files, builtin_parameters, ())


def _collect(directory: Path, load_flow_files, builtin_parameters: Path, seen: tuple) -> tuple:
    if not is_variant(directory):
        docs, problems = load_flow_files(directory)
        params_path = directory / PARAMETERS_FILE
        params_path = params_path if params_path.exists() else builtin_parameters
        params = None
        if params_path.exists():
            try:
                params = load(params_path)
            except SourceError as exc:
                problems.append(exc)
        return docs, params, problems, []
    variant, problems = _read_variant(directory)
    if variant is None:
        return {}, None, problems, []
    name = variant.data["extends"]
    base = _base_of(directory, name)
    if base is None or not base.is_dir():
        siblings = sorted(p.name for p in directory.parent.iterdir() if is_variant(p) and p != directory)
        return {}, None, [variant.error(("extends",), f"extends unknown rule set {name!r}: use 'base', a sibling "
                                        f"variant ({', '.join(siblings) or 'none'}) or a directory path")], []
    if base.resolve() in seen or base.resolve() == directory.resolve():
        return {}, None, [variant.error(("extends",), f"variant {directory.name!r} extends itself (through {name!r})")], []
    if len(seen) >= MAX_VARIANT_DEPTH:
        return {}, None, [variant.error(("extends",), f"variants extend each other more than {MAX_VARIANT_DEPTH} "
                                                      f"deep here (the limit); extend an earlier one")], []
    docs, params, problems, extra = _collect(base, load_flow_files, builtin_parameters, seen + (directory.resolve(),))
    docs = {stem: OverlayDocument.of(d) for stem, d in docs.items()}
    # whole files first (they replace the base's), then the patches on top
    own, own_problems = load_flow_files(directory, exclude=(VARIANT_FILE,))
    problems = problems + own_problems
    docs.update({stem: OverlayDocument.of(d) for stem, d in own.items()})
    if (directory / PARAMETERS_FILE).exists():
        try:
            params = load(directory / PARAMETERS_FILE)
        except SourceError as exc:
            problems.append(exc)
    for machine, patch in (variant.data.get("patch") or {}).items():
        key = ("patch", machine)
        if patch is None:
            if docs.pop(machine, None) is None:
                problems.append(variant.error(key + ("__key__",), f"cannot remove machine {machine!r}: the base has none"))
            continue
        if machine not in docs:
            problems.append(variant.error(key + ("__key__",), f"no machine {machine!r} to patch in {name!r} "
                                          f"(machines: {', '.join(sorted(docs))}); to add one, put {machine}.yaml "
                                          f"in the variant directory"))
            continue
        target = docs[machine]
        if not isinstance(target.data, dict):
            continue
        _Merger(target, variant, problems).apply({"": target.data}, "", patch, (), key)
    if "parameters" in variant.data and params is not None:
        merged = OverlayDocument.of(params)
        if isinstance(merged.data, dict) and isinstance(merged.data.get("parameters"), dict):
            _Merger(merged, variant, problems).apply(merged.data, "parameters", variant.data["parameters"],
                                                     ("parameters",), ("parameters",))
        params = merged
    return docs, params, problems, extra + [variant.path]
