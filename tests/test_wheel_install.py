"""Issue 12, point 8: `pip install .` (not editable) works like any Python package.

Builds the wheel offline from a copy of the sources, installs it into a fresh virtual
environment (with the system's site-packages, so the dependencies need no download),
and runs `vanguard-fsm play --seed 1` and `lint` from a directory outside the clone."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv

import pytest

from vanguard_fsm.paths import REPO_DIR

pytest.importorskip("wheel", reason="building a wheel offline needs the 'wheel' package (test extra)")


def _sh(*args, cwd, env=None):
    out = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, f"{args}: {out.stdout}\n{out.stderr}"
    return out.stdout


def test_the_wheel_installs_and_plays_outside_the_clone(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO_DIR / name, src / name)
    for name in ("vanguard_fsm", "flows"):
        shutil.copytree(REPO_DIR / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VANGUARD_FSM_FLOWS")}
    _sh(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", tmp_path / "dist", src,
        cwd=tmp_path, env=env)
    wheel = next((tmp_path / "dist").glob("vanguard_fsm-*.whl"))
    target = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(target)
    python = target / "bin" / "python"
    _sh(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel,
        cwd=tmp_path, env=env) if _pip_has_python_option() else \
        _sh(python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp_path, env=env)
    where = _sh(python, "-c", "import vanguard_fsm, vanguard_fsm.paths as p; print(vanguard_fsm.__file__); "
                "print(p.builtin_flows_dir())", cwd=tmp_path, env=env).split()
    assert where[0].startswith(str(target)), f"imported {where[0]}, not the installed wheel"
    assert where[1].startswith(str(target)) and where[1].endswith("share/vanguard-fsm/flows")
    exe = target / "bin" / "vanguard-fsm"
    played = _sh(exe, "play", "--seed", "1", "--quiet", cwd=tmp_path, env=env)
    assert played.startswith("result: winner=")
    linted = _sh(exe, "lint", cwd=tmp_path, env=env)
    from vanguard_fsm.paths import variant_names
    for name in variant_names():        # every shipped variant is installed (a pyproject data-files line)
        assert f"variants/{name}: ok" in linted, f"variant {name} is missing from pyproject's data-files"
    assert "One drive check" in _sh(exe, "explain", "CR.drive.3", cwd=tmp_path, env=env)
    assert _sh(exe, "docs", "flows", cwd=tmp_path, env=env).startswith("# The flow language")   # guides are package data
    assert list((target / "lib").rglob("schemas/flow.schema.json"))


def _pip_has_python_option() -> bool:
    out = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, text=True).stdout
    major, minor = (int(x) for x in out.split()[1].split(".")[:2])
    return (major, minor) >= (22, 3)
