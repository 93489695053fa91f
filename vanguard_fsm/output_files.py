"""How every output file is written (traces, replays, reports, diagrams, JSON and CSV results).

A file the user names is written as what it is (issue 27, S3):

- a regular file, or a path that does not exist yet, is written atomically: a temporary
  file beside the target, renamed over it only when everything was written, so a failed
  run leaves neither a half-written file nor a `.part` file behind (a writable file in a
  folder the user may not write is written in place: nothing can be put beside it);
- a symlink is followed: its target is written (atomically when it is a regular file),
  the link stays a link;
- a FIFO, a character device (`/dev/stdout`, `/dev/null`), a pipe or a terminal is
  written in place, as a stream; renaming a regular file over it would destroy it;
- a directory or a block device (a disk) is refused before anything is opened.

Any failure (`No space left on device`, permission denied, a reader that went away) is
an `OutputError`: one located line, `path:1:1: cannot write: ...`, exit 2 at the command
line. `OutputError` is an `OSError`, so code that handles write failures keeps working.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


class OutputError(OSError):
    """An output file that cannot be written: `path:1:1: message`."""

    def __init__(self, path, message: str, code: int = errno.EIO) -> None:
        super().__init__(code, message)
        self.path, self.line, self.col, self.message = str(path), 1, 1, message

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"

    def __reduce__(self):       # from a worker process back to the command, whole
        return OutputError, (self.path, self.message, self.errno)


def cannot_write(path, exc: OSError) -> OutputError:
    """`exc` as the located `OutputError` of `path` (itself when it already is one)."""
    if isinstance(exc, OutputError):
        return exc
    return OutputError(path, f"cannot write: {exc.strerror or exc}", exc.errno or errno.EIO)


def _refusal(path, info: os.stat_result) -> OutputError | None:
    if stat.S_ISDIR(info.st_mode):
        return OutputError(path, "cannot write: it is a directory, not a file", errno.EISDIR)
    if stat.S_ISBLK(info.st_mode):
        return OutputError(path, "cannot write: it is a block device (a disk), not a file", errno.EPERM)
    return None


def output_problem(path) -> str | None:
    """Why `path` cannot be written, checked before a long run starts (None: it looks writable)."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        return f"cannot write {name}: {exc.strerror}"
    if info is not None:
        refusal = _refusal(name, info)
        if refusal is not None:
            return f"{name}: {refusal.message}"
        return None if os.access(name, os.W_OK) else f"cannot write {name}: permission denied"
    parent = Path(os.path.realpath(name)).parent
    if not parent.is_dir():
        what = "is not a directory" if parent.exists() else "does not exist"
        return f"cannot write {name}: {parent} {what}"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write {name}: permission denied"
    return None


def _plan(name: str) -> tuple[str, os.stat_result | None, bool]:
    """(the path to open, the existing file's stat or None, whether to write it atomically)."""
    try:
        info = os.stat(name)                 # follows symlinks: what the link points at decides
    except FileNotFoundError:
        return os.path.realpath(name), None, True    # a new file (a dangling link: its target)
    except OSError as exc:
        raise cannot_write(name, exc) from None
    refusal = _refusal(name, info)
    if refusal is not None:
        raise refusal
    if not stat.S_ISREG(info.st_mode):
        return name, info, False             # FIFO, character device, socket: a stream
    real = os.path.realpath(name)
    try:
        same = os.path.samestat(os.stat(real), info)
    except OSError:
        same = False
    # /proc/self/fd/N of a deleted or unnamed file has no path to rename over, and a file
    # one may write in a folder one may not write cannot get a file beside it: in place
    atomic = same and os.access(os.path.dirname(real) or ".", os.W_OK | os.X_OK)
    return (real, info, True) if atomic else (name, info, False)


class _CheckedFile:
    """The file being written; a failed write is the located `OutputError`, not a traceback."""

    __slots__ = ("_file", "_path")

    def __init__(self, file, path: str) -> None:
        self._file, self._path = file, path

    def write(self, data):
        try:
            return self._file.write(data)
        except OSError as exc:
            raise cannot_write(self._path, exc) from None

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._file.flush()
        except OSError as exc:
            raise cannot_write(self._path, exc) from None

    def __getattr__(self, name):
        return getattr(self._file, name)


def _new_file_mode(existing: os.stat_result | None) -> int:
    if existing is not None:
        return stat.S_IMODE(existing.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def open_output(path, binary: bool = False, newline: str | None = None):
    """A file to write `path` with (text in UTF-8 unless `binary`), as the module docstring says."""
    name = os.fspath(path)
    target, existing, atomic = _plan(name)
    mode, encoding = ("wb", None) if binary else ("w", "utf-8")
    tmp = None
    try:
        if atomic:
            fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".part",
                                       dir=os.path.dirname(target) or ".")
            os.fchmod(fd, _new_file_mode(existing))    # mkstemp makes 0600; keep an existing file's mode
            file = os.fdopen(fd, mode, encoding=encoding, newline=newline)
        else:
            file = open(target, mode, encoding=encoding, newline=newline)
    except OSError as exc:
        raise cannot_write(name, exc) from None
    try:
        try:
            yield _CheckedFile(file, name)
        except BaseException:
            with contextlib.suppress(OSError):
                file.close()
            raise
        try:
            file.close()                     # the last buffered bytes: ENOSPC may come only now
            if tmp is not None:
                os.replace(tmp, target)
                tmp = None
        except OSError as exc:
            raise cannot_write(name, exc) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_output(path, data: str | bytes) -> None:
    """Write all of `data` to `path` (see `open_output`)."""
    with open_output(path, binary=isinstance(data, bytes)) as f:
        f.write(data)
