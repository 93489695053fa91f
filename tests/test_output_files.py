"""Issue 27, S3: an output file is written as what it is, never replaced by a regular file.

Every special file here is a scratch node in the test's own folder (`os.mknod` as root:
1,7 behaves as /dev/full, 1,3 as /dev/null; a FIFO with a reader thread); the system's
/dev is never touched. The commands run as real processes, as a user runs them.
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from vanguard_fsm.output_files import OutputError, open_output, output_problem, write_output

REPO = Path(__file__).resolve().parent.parent
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="mknod of a character device needs root")


def run(cwd, *args, stdin: str = ""):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "vanguard_fsm", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=300)


def device(folder: Path, name: str, minor: int) -> Path:
    path = folder / name
    os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, minor))
    return path


def is_char_device(path: Path) -> bool:
    return stat.S_ISCHR(os.lstat(path).st_mode)


def fifo_reader(path: Path) -> tuple[threading.Thread, list]:
    """A thread that reads the FIFO to its end (daemon: should the FIFO be replaced, it never
    gets a writer, and must not hold the test run)."""
    got: list = []
    thread = threading.Thread(target=lambda: got.append(path.read_text(encoding="utf-8")), daemon=True)
    os.mkfifo(path)
    thread.start()
    return thread, got


@needs_root
def test_play_trace_to_a_null_device_writes_it_and_leaves_it_a_device(tmp_path):
    null = device(tmp_path, "null", 3)
    out = run(tmp_path, "play", "--seed", "1", "--quiet", "--trace", "null")
    assert out.returncode == 0, out.stderr
    assert is_char_device(null), "the device node was replaced by a regular file"
    assert os.listdir(tmp_path) == ["null"]


@needs_root
def test_play_trace_to_a_full_device_is_one_located_line_and_exit_2(tmp_path):
    full = device(tmp_path, "full", 7)
    out = run(tmp_path, "play", "--seed", "1", "--quiet", "--trace", "full")
    assert out.returncode == 2, out.stderr
    assert out.stderr.splitlines()[0] == "full:1:1: cannot write: No space left on device"
    assert "Traceback" not in out.stderr
    assert is_char_device(full)
    assert os.listdir(tmp_path) == ["full"]        # nothing half-written beside it


def test_play_record_to_a_fifo_is_written_as_a_stream(tmp_path):
    thread, got = fifo_reader(tmp_path / "pipe")
    out = run(tmp_path, "play", "--seed", "1", "--quiet", "--record", "pipe")
    thread.join(timeout=60)
    assert out.returncode == 0, out.stderr
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe").st_mode), "the FIFO was replaced by a regular file"
    assert got and json.loads(got[0])["seed"] == 1


def test_play_trace_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    (tmp_path / "traces").mkdir()
    os.symlink("traces/game.jsonl", tmp_path / "latest.jsonl")
    out = run(tmp_path, "play", "--seed", "1", "--quiet", "--trace", "latest.jsonl")
    assert out.returncode == 0, out.stderr
    assert os.path.islink(tmp_path / "latest.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "traces" / "game.jsonl").read_text().splitlines()]
    assert rows[-1]["event"] == "game_over"


@needs_root
def test_debugger_save_replay_to_a_full_device_says_so_and_keeps_the_device(tmp_path):
    full = device(tmp_path, "full", 7)
    out = run(tmp_path, "debug", "--seed", "1", stdin="continue\nsave replay full\nquit\n")
    assert "full:1:1: cannot write: No space left on device" in out.stdout + out.stderr
    assert is_char_device(full)


def test_replay_trace_into_a_missing_proc_path_is_located(tmp_path):
    assert run(tmp_path, "play", "--seed", "1", "--quiet", "--record", "game.replay").returncode == 0
    out = run(tmp_path, "replay", "game.replay", "--trace", "/proc/no-such-file.jsonl")
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr.splitlines()[0].startswith("/proc/no-such-file.jsonl:1:1: cannot write: ")


def test_a_directory_and_a_block_device_are_refused_before_anything_is_written(tmp_path):
    (tmp_path / "folder").mkdir()
    with pytest.raises(OutputError, match=r"folder:1:1: cannot write: it is a directory"):
        write_output(tmp_path / "folder", "x")
    assert "is a directory" in output_problem(tmp_path / "folder")
    if os.geteuid() == 0:
        disk = tmp_path / "disk"
        os.mknod(disk, 0o600 | stat.S_IFBLK, os.makedev(7, 0))     # never opened: refused on its stat
        with pytest.raises(OutputError, match=r"disk:1:1: cannot write: it is a block device"):
            write_output(disk, "x")
        assert stat.S_ISBLK(os.lstat(disk).st_mode)
        out = run(tmp_path, "play", "--seed", "1", "--quiet", "--trace", "disk")
        assert out.returncode == 2 and out.stderr.startswith("--trace: disk: cannot write: it is a block device")


def test_a_regular_file_is_replaced_whole_and_keeps_its_mode(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    target.chmod(0o640)
    with pytest.raises(RuntimeError):
        with open_output(target) as f:
            f.write("half")
            raise RuntimeError("the work failed")
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["out.json"]
    write_output(target, "new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_writable_file_in_a_folder_one_may_not_write_is_written_in_place(tmp_path, monkeypatch):
    """Nothing can be put beside it (the folder is not writable): the file itself is rewritten."""
    from vanguard_fsm import output_files
    target = tmp_path / "out.json"
    target.write_text("old")
    inode = target.stat().st_ino
    real_access = os.access
    monkeypatch.setattr(output_files.os, "access",
                        lambda path, mode: False if Path(path) == tmp_path else real_access(path, mode))
    write_output(target, "new")
    assert target.read_text() == "new" and target.stat().st_ino == inode
