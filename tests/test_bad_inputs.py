"""Issue 18: every class of bad input is refused cleanly (tests/bad_inputs/*/case.yaml).

One parametrised test runs each case as a real `vanguard-fsm` process in a scratch
copy of its directory (FIFOs, symlinks to /dev/zero and a closed stdin are real),
with a timeout so a hang fails instead of blocking the suite; see
tests/bad_inputs/README.md for the case format.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from vanguard_fsm.paths import builtin_cards_dir

CASES = Path(__file__).parent / "bad_inputs"
REPO = Path(__file__).parent.parent
LOCATED = re.compile(r"^(\S[^:]*:\d+:\d+: |--[a-z][a-z-]*: |[a-z]+: )")
TIMEOUT = 120


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "case.yaml").is_file())


def _repeat(parts: list) -> str:
    """["[", 3, "]", 3, "\n"] -> "[[[]]]\n": a string followed by an int is repeated that often."""
    out = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            count = parts[i + 1] if i + 1 < len(parts) and isinstance(parts[i + 1], int) else 1
            out.append(part * count)
    return "".join(out)


def _setup(work: Path, steps: list) -> None:
    for step in steps:
        (op, arg), = step.items()
        if op in ("copy_flows", "copy_cards"):
            dest = work / arg["to"]
            shutil.copytree(REPO / "flows" if op == "copy_flows" else builtin_cards_dir(), dest)
            if "replace" in arg:
                old, new = arg["replace"]
                hits = [p for p in dest.glob("*.yaml") if old in p.read_text()]
                assert hits, f"the built-in {op[5:]} no longer contain {old!r}: update the case"
                for p in hits:
                    p.write_text(p.read_text().replace(old, new, 1))
        elif op == "copy":
            shutil.copy(work / arg[0], work / arg[1])
        elif op == "write":
            (work / arg[0]).write_text(arg[1])
        elif op == "write_repeat":
            (work / arg[0]).write_text(_repeat(arg[1]))
        elif op == "mkdir":
            (work / arg).mkdir(parents=True)
        elif op == "mkfifo":
            os.mkfifo(work / arg)
        elif op == "symlink":
            os.symlink(arg[1], work / arg[0])
        else:
            raise AssertionError(f"unknown setup step {op!r}")


@pytest.mark.parametrize("case_dir", _cases(), ids=lambda p: p.name)
def test_bad_input_is_refused_cleanly(case_dir: Path, tmp_path: Path):
    case = yaml.safe_load((case_dir / "case.yaml").read_text(encoding="utf-8"))
    work = tmp_path / case_dir.name
    shutil.copytree(case_dir, work, ignore=shutil.ignore_patterns("case.yaml"))
    _setup(work, case.get("setup", []))
    stdin_text = case.get("stdin", "")
    if "stdin_repeat" in case:
        stdin_text = _repeat(case["stdin_repeat"])
    closed = stdin_text == "closed"
    env = dict(os.environ, PYTHONPATH=str(REPO), COLUMNS="200")
    proc = subprocess.run(
        [sys.executable, "-m", "vanguard_fsm", *case["args"]], cwd=work, env=env, timeout=TIMEOUT,
        input=None if closed else stdin_text.encode(), capture_output=True,
        preexec_fn=(lambda: os.close(0)) if closed else None)
    out, err = proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")
    what = f"{case['class']}\nexit {proc.returncode}\nstdout: {out[-1500:]}\nstderr: {err[-1500:]}"
    assert "Traceback" not in err + out, what
    assert proc.returncode == case["exit"], what
    if "stderr" in case:
        assert case["stderr"] in err, what
    if "stdout" in case:
        assert case["stdout"] in out, what
    if case["exit"] == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert lines and LOCATED.match(lines[0]), what     # the refusal leads, located
    for path in case.get("absent", []):
        assert not (work / path).exists(), f"{path} was left behind\n{what}"
    leftovers = [p.name for p in work.rglob("*.part")]
    assert not leftovers, f"half-written files left behind: {leftovers}"


def test_a_located_error_survives_a_with_block(tmp_path):
    """A scenario with a YAML syntax error, read inside a `with` block (contextlib sets the
    exception's __traceback__), stays the located SourceError, not a TypeError."""
    import contextlib

    from vanguard_fsm.machine.yamlsrc import SourceError
    from vanguard_fsm.scenario.runner import run_scenario

    @contextlib.contextmanager
    def around():
        yield

    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nstart: {turn: 1\n")
    with pytest.raises(SourceError) as info:
        with around():
            run_scenario(bad)
    assert str(info.value).startswith(f"{bad}:3:1: ")
    same = SourceError(info.value.path, info.value.line, info.value.col, info.value.message)
    assert len({info.value, same}) == 1     # hashable by value: problems deduplicate
