"""Work remembered across runs: parsed YAML and card checks, kept as files keyed by content.

Parsing the card files (a pure-Python YAML composer that keeps every node's position) and
checking them (schema, card lint) is most of a command's start-up time, and it is the same
work every run while the files do not change. Each result is stored once, in a file named
for what it was computed from (a hash of the input's bytes and of everything else it
depends on), so an edited input simply looks up another name: nothing is ever invalidated.

Where: `$VANGUARD_FSM_CACHE` if set to a directory, else `$XDG_CACHE_HOME/vanguard-fsm`, else
`~/.cache/vanguard-fsm`. `VANGUARD_FSM_CACHE=off` turns every cache off (the in-process ones
included); `VANGUARD_FSM_CACHE=check` recomputes everything, writes nothing and says where a
remembered parse differs from a fresh one (both for debugging). A directory that cannot be created or written
means no disk cache, silently.

The files are safe to read whatever is planted there: plain JSON (never pickle), a header
line naming the format, the kind and the key, and the SHA-256 of the rest. A file that is
not a regular file, too big, truncated, corrupt or for another key is ignored (the caller
recomputes and writes it again), never an error. A file is written beside its final name
and renamed over it, so a reader sees a whole file or none. Past `MAX_ENTRIES` files the
oldest are removed, so an often-edited file cannot fill the disk.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1                        # the layout of a cache file; a new layout reads no old file
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_ENTRIES = 4096                # files kept; the oldest go first
OFF, CHECK = "off", "check"
PACKAGE_DIR = Path(__file__).resolve().parent

_state: dict = {}                 # the directory chosen for the current environment, writes failed


def mode() -> str:
    """`off` (nothing remembered), `check` (everything recomputed, and a remembered parse that
    differs from a fresh one is an error: for debugging the caches) or `on`."""
    setting = os.environ.get("VANGUARD_FSM_CACHE", "").strip().lower()
    return setting if setting in (OFF, CHECK) else "on"


def enabled() -> bool:
    """False when `VANGUARD_FSM_CACHE=off`: every cache recomputes (in-process ones included)."""
    return mode() != OFF


def _chosen() -> Path | None:
    setting = os.environ.get("VANGUARD_FSM_CACHE", "").strip()
    if setting.lower() == OFF:
        return None
    if setting.lower() == CHECK:
        setting = ""
    if setting:
        return Path(setting).expanduser()
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base) if base else Path.home() / ".cache") / "vanguard-fsm"


def directory() -> Path | None:
    """The cache directory (created), or None: caching is off or the directory is unusable."""
    setting = (os.environ.get("VANGUARD_FSM_CACHE"), os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))
    if _state.get("setting") != setting:
        _state.clear()
        _state["setting"] = setting
        try:
            chosen = _chosen()
            if chosen is not None:
                chosen.mkdir(parents=True, exist_ok=True, mode=0o700)
                chosen = chosen if chosen.is_dir() else None
        except (OSError, RuntimeError):      # RuntimeError: no home directory to expand
            chosen = None
        _state["dir"] = chosen
    return _state["dir"]


def digest(*parts: str | bytes) -> str:
    """The SHA-256 (hex) of the parts, each length-prefixed so ("ab", "c") != ("a", "bc")."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def _file(kind: str, key: str) -> Path | None:
    folder = directory()
    return None if folder is None else folder / f"{kind}-{key}.json"


def read(kind: str, key: str) -> list[str] | None:
    """The text parts stored for (kind, key), or None: nothing stored, or not a sound file."""
    path = _file(kind, key)
    if path is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
                return None
            raw = f.read(MAX_FILE_BYTES + 1)
        header, _, body = raw.decode("utf-8").partition("\n")
        expected = {"format": FORMAT, "kind": kind, "key": key, "sha256": hashlib.sha256(body.encode()).hexdigest()}
        if json.loads(header) != expected:
            return None
        return body.split("\n")
    except (OSError, ValueError, RecursionError):   # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None


def write(kind: str, key: str, parts: list[str]) -> None:
    """Store the text parts (no newline inside a part) for (kind, key); silently nothing when
    the directory cannot be written."""
    path = _file(kind, key)
    if path is None or _state.get("unwritable") or mode() == CHECK:     # check: read, never write
        return
    body = "\n".join(parts)
    header = json.dumps({"format": FORMAT, "kind": kind, "key": key,
                         "sha256": hashlib.sha256(body.encode()).hexdigest()})
    if not _state.get("pruned"):
        _state["pruned"] = True
        with contextlib.suppress(OSError):
            _prune(path.parent)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".part-", suffix=".json", dir=path.parent)
    except OSError:
        _state["unwritable"] = True          # a read-only or full disk: stop trying for this run
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(header + "\n" + body)
        os.replace(tmp, path)                # fails only for this name (a directory planted there)
        tmp = None
    except (OSError, ValueError):
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def read_value(kind: str, key: str) -> Any:
    """The JSON value stored for (kind, key), or None (always None in `check` mode: recompute)."""
    parts = read(kind, key) if mode() != CHECK else None
    if parts is None or len(parts) != 1:
        return None
    try:
        return json.loads(parts[0])
    except (ValueError, RecursionError):
        return None


def write_value(kind: str, key: str, value: Any) -> None:
    write(kind, key, [json.dumps(value, separators=(",", ":"))])


def _prune(folder: Path) -> None:
    """Past MAX_ENTRIES files, remove the oldest quarter (and any half-written file left by a
    killed run), so the cache stays bounded however often its inputs change."""
    with os.scandir(folder) as entries:
        files = [e for e in entries if e.name.endswith(".json") and e.is_file(follow_symlinks=False)]
    if len(files) <= MAX_ENTRIES:
        return
    files.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns)
    for entry in files[:len(files) - MAX_ENTRIES * 3 // 4]:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


# -- positions of a parsed document, as stored -----------------------------------------

def decoded(tree_text: str):
    """A positions tree stored as JSON text, or None when it is not JSON."""
    try:
        return json.loads(tree_text)
    except (ValueError, RecursionError):   # a planted file: no positions
        return None


def positions_tree(data, marks: dict, path: tuple = ()):
    """The positions of a parsed document (`yamlsrc.Document.marks`: key path -> (line, col),
    and `path + (key, "__key__")` -> where the key itself is written) as a tree shaped like its
    data: [line, col] for a scalar, [line, col, {key: [key line, key col, tree]}] for a mapping,
    [line, col, [tree, ...]] for a list. KeyError when the data has a node the marks lack."""
    line, col = marks[path]
    if type(data) is dict:
        return [line, col, {k: [*marks[path + (k, "__key__")], positions_tree(v, marks, path + (k,))]
                            for k, v in data.items()}]
    if type(data) is list:
        return [line, col, [positions_tree(v, marks, path + (i,)) for i, v in enumerate(data)]]
    return [line, col]


def positions_map(tree) -> dict:
    """The marks of a positions tree, in the order `yamlsrc` makes them ({} for a bad tree)."""
    marks: dict = {}

    def walk(node, path):
        marks[path] = (node[0], node[1])
        children = node[2] if len(node) > 2 else ()
        if isinstance(children, dict):
            for key, (line, col, sub) in children.items():
                marks[path + (key, "__key__")] = (line, col)
                walk(sub, path + (key,))
        else:
            for index, sub in enumerate(children):
                walk(sub, path + (index,))

    tree = decoded(tree) if isinstance(tree, str) else tree
    try:
        if tree is not None:
            walk(tree, ())
    except (TypeError, ValueError, IndexError, RecursionError):   # a planted file: no positions
        return {}
    return marks


def position_in(tree, key_path: tuple) -> tuple[int, int]:
    """The position of the deepest node along `key_path` that the tree knows, (1, 1) for none:
    what the same question asked of `positions_map(tree)` answers (yamlsrc `Document.where`),
    provided no mapping key is named `__key__`."""
    try:
        node = tree
        if node is None:
            return (1, 1)
        at, step = (node[0], node[1]), 0
        while step < len(key_path) and len(node) > 2:
            children = node[2]
            if isinstance(children, dict):
                entry = children.get(key_path[step])
                if entry is None:
                    break
                if step + 1 < len(key_path) and key_path[step + 1] == "__key__":
                    return (entry[0], entry[1])
                node = entry[2]
            else:
                try:
                    node = children[range(len(children)).index(key_path[step])]   # (True,) finds (1,) as a dict does
                except ValueError:
                    break
            at, step = (node[0], node[1]), step + 1
        return at
    except (TypeError, IndexError, ValueError, RecursionError):   # a planted file: no positions
        return (1, 1)


_fingerprints: dict = {}


def code_fingerprint(*names: str, libraries: tuple = ()) -> str:
    """A hash of the Python source a cached result depends on: `names` are files or folders
    (every `*.py` below) relative to the package, plus the Python version and, for each library
    module given, where it is installed and its file's time and size (an upgrade changes them).
    Computed once a run (~2 ms for the whole engine)."""
    key = (names, tuple(getattr(m, "__file__", None) for m in libraries))
    if key not in _fingerprints:
        parts = [sys.version]
        for name in names:
            target = PACKAGE_DIR / name
            files = sorted(target.rglob("*.py")) if target.is_dir() else [target]
            for file in files:
                if "__pycache__" in file.parts:
                    continue
                try:
                    parts += [str(file.relative_to(PACKAGE_DIR)), file.read_bytes()]
                except OSError:
                    parts += [str(file), "missing"]
        for library in libraries:
            location = str(getattr(library, "__file__", None))
            with contextlib.suppress(OSError):
                info = os.stat(location)
                location += f"@{info.st_mtime_ns}:{info.st_size}"
            parts.append(location)
        _fingerprints[key] = digest(*parts)
    return _fingerprints[key]
