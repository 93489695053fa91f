"""Issue 31, papercuts a first-time user met at the command line: a closed pipe, a missing extra."""
from __future__ import annotations

import os
import subprocess
import sys


def test_a_closed_pipe_ends_play_quietly():
    """`vanguard-fsm play | head -1`: the reader is gone, which is no flow-action failure and no
    traceback; the run stops with nothing on stderr (exit 1, as Python's own tools do)."""
    read_end, write_end = os.pipe()
    os.close(read_end)                  # a reader that has already gone: every write fails
    try:
        out = subprocess.run([sys.executable, "-m", "vanguard_fsm", "play", "--seed", "1"], stdout=write_end,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert out.stderr == ""
    assert out.returncode == 1


WITHOUT_STARLETTE = ("import sys; sys.modules['starlette'] = None; sys.argv[0] = 'vanguard-fsm'; "
                     "from vanguard_fsm.cli import main; main()")


def test_web_without_the_web_extra_names_it_in_one_line():
    """As `evaluate --html` does for matplotlib: one line naming the extra to install, exit 2."""
    out = subprocess.run([sys.executable, "-c", WITHOUT_STARLETTE, "web", "--port", "0"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip().splitlines() == [
        "web needs the 'web' extra (starlette, uvicorn, websockets; missing: starlette): "
        "pip install 'vanguard-fsm[web]'"]
