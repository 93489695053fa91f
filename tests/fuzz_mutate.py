"""Mutations of valid input documents, for the property tests of issue 18.

A mutation takes a valid document (flows, parameters, cards, a deck, a scenario, a
replay) and breaks it the way people and tools do: delete a key or an item, change a
value's type, rename a reference, duplicate, nest, or truncate the text. Everything is
drawn from a Hypothesis `data` object, so failures shrink to the smallest mutation.
"""
from __future__ import annotations

import copy

from hypothesis import strategies as st

ODD_VALUES = [None, 0, -1, 1, 5.0, 10 ** 12, -(10 ** 9), "", "x", "os.system", [], {}, True, [None], {"x": 1},
              "pass", "VC", "AL-001", "when_attacks", 3.5, "0" * 60]
OPS = ("delete", "retype", "rename", "duplicate", "nest", "truncate")


def paths(node, prefix=()) -> list[tuple]:
    """Every key path in the document (the root excluded)."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append(prefix + (k,))
            out.extend(paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append(prefix + (i,))
            out.extend(paths(v, prefix + (i,)))
    return out


def strings(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in strings(k) + strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in strings(v)]
    return []


def _parent(doc, path):
    node = doc
    for k in path[:-1]:
        node = node[k]
    return node


def mutate(data, doc) -> tuple[object, str | None, str]:
    """(mutated document, or None; a text cut (for 'truncate') or None; a description)."""
    doc = copy.deepcopy(doc)
    op = data.draw(st.sampled_from(OPS), label="op")
    if op == "truncate":
        return doc, "truncate", op
    all_paths = paths(doc)
    if not all_paths:
        return ODD_VALUES[data.draw(st.integers(0, len(ODD_VALUES) - 1))], None, "replace the root"
    path = data.draw(st.sampled_from(all_paths), label="path")
    parent, key = _parent(doc, path), path[-1]
    if op == "delete":
        del parent[key]
    elif op == "retype":
        parent[key] = data.draw(st.sampled_from(ODD_VALUES), label="value")
    elif op == "rename":
        names = sorted(set(strings(doc))) or ["x"]
        value = parent[key]
        if isinstance(value, str) and data.draw(st.booleans(), label="swap"):
            parent[key] = data.draw(st.sampled_from(names), label="other name")
        elif isinstance(value, str):
            parent[key] = value + data.draw(st.sampled_from(["_x", "X", "s", ".y", " "]), label="suffix")
        elif isinstance(parent, dict) and isinstance(key, str):
            parent[key + "_renamed"] = parent.pop(key)
        else:
            parent[key] = data.draw(st.sampled_from(names), label="name")
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[f"{key}_copy"] = copy.deepcopy(parent[key])
            if isinstance(parent[key], list):
                parent[key] = parent[key] + copy.deepcopy(parent[key])
    elif op == "nest":
        parent[key] = data.draw(st.sampled_from([[parent[key]], {"x": parent[key]}, [[parent[key]]]]))
    return doc, None, f"{op} at {'/'.join(map(str, path))}"


def cut(data, text: str) -> str:
    """The text truncated at a drawn position."""
    return text[:data.draw(st.integers(0, max(0, len(text) - 1)), label="cut at")]
