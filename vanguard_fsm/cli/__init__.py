"""The `vanguard-fsm` command line: one click group (`main`) and one module per verb.

A verb parses its arguments, calls the subsystem that does the work and turns
its errors into the contract's exit codes (`common.input_errors`). No rules or
game logic lives here. May import every other package; nothing imports it.
The verbs that play many games and measure them are in `measure/`. To add a verb:
write `cmd_<verb>.py` (here, or in `measure/`) with a `COMMANDS` list and add the module
to `main._register`.
"""

from .main import main

__all__ = ["main"]
