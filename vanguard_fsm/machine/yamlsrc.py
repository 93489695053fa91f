"""YAML with line numbers, without ever constructing anything but plain data.

Data comes from `yaml.safe_load`; positions come from `yaml.compose` (node marks
only, no construction), walked in parallel, so every error can say file:line:col.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

Key = tuple  # a path of mapping keys / list indexes into the document


@dataclass(frozen=True, slots=True)
class SourceError(Exception):
    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"


@dataclass(slots=True)
class Document:
    """Parsed data plus a map from key paths to (line, col), 1-based."""

    path: str
    data: Any
    marks: dict
    duplicates: list  # [(key_path, line, col)] of mapping keys written twice

    def where(self, key_path: Key) -> tuple[int, int]:
        """The position of the deepest known node along `key_path`."""
        key_path = tuple(key_path)
        while key_path and key_path not in self.marks:
            key_path = key_path[:-1]
        return self.marks.get(key_path, (1, 1))

    def locate(self, key_path: Key) -> tuple[str, int, int]:
        """(file, line, col) of `key_path`: a merged variant document spans several files."""
        return (self.path, *self.where(key_path))

    def error(self, key_path: Key, message: str) -> SourceError:
        return SourceError(*self.locate(key_path), message)


def _walk(node, path: Key, marks: dict, duplicates: list) -> None:
    marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        seen = set()
        for key_node, value_node in node.value:
            key = key_node.value
            if key in seen:
                duplicates.append((path + (key,), key_node.start_mark.line + 1, key_node.start_mark.column + 1))
                continue
            seen.add(key)
            # the key's own position, distinct from its value's
            marks[path + (key, "__key__")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            _walk(value_node, path + (key,), marks, duplicates)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), marks, duplicates)


def parse(text: str, path: str, syntax_label: str = "YAML syntax error") -> Document:
    """Parse YAML text; raise SourceError with the position of a syntax error."""
    try:
        data = yaml.safe_load(text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or str(exc)
        raise SourceError(path, line, col, f"{syntax_label}: {problem}") from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise SourceError(path, 1, 1, f"YAML error: {exc}") from None
    marks: dict = {}
    duplicates: list = []
    if node is not None:
        _walk(node, (), marks, duplicates)
    return Document(path, data, marks, duplicates)


def load(path: str | Path, syntax_label: str = "YAML syntax error") -> Document:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceError(str(path), 1, 1, f"cannot read file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SourceError(str(path), 1, 1, "file is not UTF-8 text") from None
    return parse(text, str(path), syntax_label)
