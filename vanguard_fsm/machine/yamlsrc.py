"""YAML with line numbers, without ever constructing anything but plain data.

One `yaml.SafeLoader` composes the node graph (node marks give the positions)
and constructs plain data from that same graph, so every error can say
file:line:col. Every input is bounded before anything walks it, because every
reader (flows, parameters, cards, decks, scenarios; replays use `read_source`)
must refuse hostile files with one located line instead of hanging:

- only regular files are read (a FIFO or a symlink to `/dev/zero` would block or
  never end), at most `MAX_BYTES`;
- nesting deeper than `MAX_DEPTH` is refused while composing (no `RecursionError`);
- the document expanded through its aliases may hold at most `MAX_NODES` nodes
  (a "billion laughs" alias bomb is a few hundred bytes that expand to 10^9
  nodes in any walk), and an alias may not contain itself.
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .. import cache_files

MAX_BYTES = 4 * 1024 * 1024   # the largest built-in file is ~12 KB
MAX_DEPTH = 64                # the deepest built-in nesting is ~12
MAX_NODES = 200_000           # nodes after alias expansion; a card file has ~3,000

Key = tuple  # a path of mapping keys / list indexes into the document


@dataclass(slots=True, unsafe_hash=True)
class SourceError(Exception):
    """A located problem in an input file (`path:line:col: message`).

    Not a frozen dataclass: Python code that handles exceptions sets attributes on them
    (`contextlib` assigns `__traceback__` when an error leaves a `with` block), and a frozen
    slots dataclass turns that into `TypeError: super(type, obj)` instead of the located
    error. Hashable by value all the same, so located problems can be deduplicated."""
    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"


class Document:
    """Parsed data plus a map from key paths to (line, col), 1-based.

    `marks` maps every key path to the position of its node, and `path + (key, "__key__")`
    to the position of a mapping key itself. A document read back from the parse cache
    (`load`) keeps its positions as a tree that `where` walks; the full `marks` map is built
    from it only when asked for. `digest` names the data and positions of a cached document
    (what the card checks key their own caches on), None for one that is never cached."""

    __slots__ = ("path", "data", "duplicates", "digest", "_marks", "_tree")

    def __init__(self, path: str, data: Any, marks: dict | None, duplicates: list,
                 digest: str | None = None, tree: Any = None) -> None:
        self.path, self.data, self.duplicates, self.digest = path, data, duplicates, digest
        self._marks, self._tree = marks, tree   # duplicates: [(key_path, line, col)] of keys written twice

    def __repr__(self) -> str:
        return f"<Document {self.path}>"

    @property
    def marks(self) -> dict:
        if self._marks is None:
            self._marks = cache_files.positions_map(self._tree)
        return self._marks

    def where(self, key_path: Key) -> tuple[int, int]:
        """The position of the deepest known node along `key_path`."""
        key_path = tuple(key_path)
        if self._marks is None:
            if isinstance(self._tree, str):       # decoded at the first question
                self._tree = cache_files.decoded(self._tree)
            return cache_files.position_in(self._tree, key_path)
        while key_path and key_path not in self._marks:
            key_path = key_path[:-1]
        return self._marks.get(key_path, (1, 1))

    def positions(self) -> Document:
        """This document without its data: what locates a problem later, kept for little memory."""
        return Document(self.path, None, self._marks, [], self.digest, self._tree)

    def locate(self, key_path: Key) -> tuple[str, int, int]:
        """(file, line, col) of `key_path`: a merged variant document spans several files."""
        return (self.path, *self.where(key_path))

    def error(self, key_path: Key, message: str) -> SourceError:
        return SourceError(*self.locate(key_path), message)


_MERGE = "tag:yaml.org,2002:merge"


def _walk(node, path: Key, marks: dict, duplicates: list) -> None:
    """Marks and duplicate keys of the graph as written: called before construction, which
    flattens merge keys (`<<: *anchor`) into the mapping and would make an override look
    written twice."""
    marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        seen = set()
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                continue
            key = key_node.value
            if key in seen:
                duplicates.append((path + (key,), key_node.start_mark.line + 1, key_node.start_mark.column + 1))
                continue
            seen.add(key)
            # the key's own position, distinct from its value's
            marks[path + (key, "__key__")] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            _walk(value_node, path + (key,), marks, duplicates)
        for key_node, value_node in _merged_pairs(node):   # a key written here wins over a merged one
            if key_node.value not in seen:
                seen.add(key_node.value)
                marks[path + (key_node.value, "__key__")] = (key_node.start_mark.line + 1,
                                                            key_node.start_mark.column + 1)
                _walk(value_node, path + (key_node.value,), marks, [])   # its duplicates: at the anchor
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, path + (index,), marks, duplicates)


def _merged_pairs(node):
    """The (key, value) nodes a mapping's merge keys bring in, the first source first (YAML merge)."""
    for key_node, value_node in node.value:
        if key_node.tag != _MERGE:
            continue
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            if isinstance(source, yaml.MappingNode):
                yield from ((k, v) for k, v in source.value if k.tag != _MERGE)
                yield from _merged_pairs(source)


class _TooBig(Exception):
    def __init__(self, mark, message: str) -> None:
        super().__init__(message)
        self.mark, self.message = mark, message


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader that refuses nesting deeper than MAX_DEPTH while composing."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent, index):
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooBig(self.peek_event().start_mark, f"nested deeper than {MAX_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _check_expansion(root) -> None:
    """Count the nodes of the document with every alias expanded; refuse past MAX_NODES
    and refuse an alias that contains itself (either would never end in a walk)."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise _TooBig(node.start_mark, "an alias refers to a node that contains it (a recursive structure)")
        if len(sizes) + len(open_nodes) >= MAX_NODES:   # as written, before any alias is expanded
            raise _TooBig(node.start_mark, f"the file holds more than {MAX_NODES} YAML nodes (keys, values, "
                                           f"list items), the input limit; this is the first one past it: "
                                           f"split the file")
        total = 1
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            open_nodes.add(key)
            children = node.value if isinstance(node, yaml.SequenceNode) else \
                [n for pair in node.value for n in pair]
            for child in children:
                total += size(child)
                if total > MAX_NODES:
                    raise _TooBig(node.start_mark, f"the document expands to more than {MAX_NODES} nodes "
                                                   f"through its aliases (an alias bomb?)")
            open_nodes.discard(key)
        sizes[key] = total
        return total

    size(root)


def parse(text: str, path: str, syntax_label: str = "YAML syntax error") -> Document:
    """Parse YAML text; raise SourceError with the position of a syntax error or a bound."""
    if len(text) > MAX_BYTES:
        raise SourceError(path, 1, 1, f"too large: {len(text)} characters (the limit is {MAX_BYTES})")
    loader = None
    try:
        loader = _BoundedLoader(text)      # inside the try: the reader refuses a NUL byte right here
        node = loader.get_single_node()
        marks: dict = {}
        duplicates: list = []
        if node is not None:
            _check_expansion(node)
            _walk(node, (), marks, duplicates)
        data = loader.construct_document(node) if node is not None else None
    except _TooBig as exc:
        raise SourceError(path, exc.mark.line + 1, exc.mark.column + 1, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "malformed"   # str(exc) would quote the line (issue 27)
        raise SourceError(path, line, col, f"{syntax_label}: {problem}") from None
    except yaml.reader.ReaderError as exc:    # a character YAML does not allow (NUL, other controls)
        before = text[:exc.position]
        line, col = before.count("\n") + 1, exc.position - before.rfind("\n")
        raise SourceError(path, line, col, f"{syntax_label}: character #x{exc.character:04x} is not allowed "
                                           f"in YAML ({exc.reason})") from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise SourceError(path, 1, 1, f"YAML error: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()
    return Document(path, data, marks, duplicates)


# -- the parse cache ---------------------------------------------------------------
# A file's text is parsed once: later reads (in this run, or another run while the text is
# unchanged) get the same data and positions from `cache_files`, keyed by a hash of the text
# and of this module's own source (its bounds and its positions). Only a document that JSON
# keeps exactly is cached: plain data (string keys; strings, numbers, booleans, null, lists,
# mappings), no key written twice, no key named `__key__`; its positions are stored as a
# tree (`cache_files.positions_tree`) that `Document.where` walks.
MEMO_CHARS = 64 * 1024 * 1024            # remembered in this process (then all forgotten at once)
_memo: dict = {}                         # text key -> (data as JSON, positions tree as JSON, digest)


def _memorize(key: str, entry: tuple) -> None:
    if key not in _memo and sum(len(e[0]) + len(e[1]) for e in _memo.values()) > MEMO_CHARS:
        _memo.clear()
    _memo[key] = entry


def _remembered(key: str, path: str) -> Document | None:
    found = _memo.get(key)
    if found is None:
        parts = cache_files.read("yaml", key)
        if parts is None or len(parts) != 2:
            return None
        found = (parts[0], parts[1], cache_files.digest(*parts))
    try:
        data = json.loads(found[0])
    except (ValueError, RecursionError):
        return None
    _memorize(key, found)
    return Document(path, data, None, [], found[2], found[1])


def _remember(key: str, doc: Document) -> Document:
    """Cache `doc` when JSON keeps it exactly (see above); the document itself is returned."""
    if doc.duplicates:
        return doc
    try:
        data_text = json.dumps(doc.data, separators=(",", ":"))
        if '"__key__"' in data_text or json.loads(data_text) != doc.data:
            return doc
        tree = cache_files.positions_tree(doc.data, doc.marks) if doc.data is not None else None
        if cache_files.positions_map(tree) != doc.marks:
            return doc
        tree_text = json.dumps(tree, separators=(",", ":"))
    except (TypeError, ValueError, KeyError, RecursionError):   # dates, sets, huge ints, odd keys
        return doc
    doc.digest = cache_files.digest(data_text, tree_text)
    _memorize(key, (data_text, tree_text, doc.digest))
    cache_files.write("yaml", key, [data_text, tree_text])
    return doc


def read_source(path: str | Path, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `max_bytes`; SourceError otherwise.
    A FIFO, a device (a symlink to /dev/zero), a directory or a dangling symlink is refused
    before it is opened for reading, so nothing blocks or reads without end."""
    name = str(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        why = "dangling symlink (its target does not exist)" if os.path.islink(name) else "no such file"
        raise SourceError(name, 1, 1, f"cannot read file: {why}") from None
    except OSError as exc:
        raise SourceError(name, 1, 1, f"cannot read file: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = ("a directory" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "a special file")
        raise SourceError(name, 1, 1, f"cannot read file: it is {kind}, not a regular file")
    if info.st_size > max_bytes:
        raise SourceError(name, 1, 1, f"too large: {info.st_size} bytes (the limit is {max_bytes})")
    try:
        # O_NONBLOCK: should the file be swapped for a FIFO after the check, open() still returns
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise SourceError(name, 1, 1, f"cannot read file: {exc.strerror}") from None
    if len(raw) > max_bytes:
        raise SourceError(name, 1, 1, f"too large: more than {max_bytes} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError(name, 1, 1, "file is not UTF-8 text") from None


def load(path: str | Path, syntax_label: str = "YAML syntax error") -> Document:
    """The parsed file (`parse`), from the parse cache when its text was parsed before."""
    text, mode = read_source(path), cache_files.mode()
    if mode == cache_files.OFF:
        return parse(text, str(path), syntax_label)
    key = cache_files.digest(cache_files.code_fingerprint("machine/yamlsrc.py", "cache_files.py", libraries=(yaml,)), text)
    if mode == cache_files.CHECK:
        return _compared(_remembered(key, str(path)), parse(text, str(path), syntax_label))
    return _remembered(key, str(path)) or _remember(key, parse(text, str(path), syntax_label))


def _compared(cached: Document | None, fresh: Document) -> Document:
    """`VANGUARD_FSM_CACHE=check`: the fresh parse, after making sure the remembered one
    (if any) has the same data and the same position for every node."""
    if cached is not None and (cached.data != fresh.data or cached.marks != fresh.marks):
        raise SourceError(fresh.path, 1, 1, "the parse cache differs from a fresh parse of this file "
                                            "(VANGUARD_FSM_CACHE=check): please report it")
    return fresh
