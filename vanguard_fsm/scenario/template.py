"""`vanguard-fsm scenario new FILE`: a commented scenario that runs and passes as written.

A designer starts from it and changes the position, the script and the
expectations; every key is explained where it stands (the full format is in
tests/scenarios/README.md and vanguard_fsm/schemas/scenario.schema.json).
"""
from __future__ import annotations

import os
from pathlib import Path

from ..output_files import write_output

SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json"

TEMPLATE = """\
# yaml-language-server: $schema={schema}
# A scenario: a position, the players' choices, and what must happen.
# Run it: vanguard-fsm scenario run {name}    Step through it: vanguard-fsm debug --scenario {name}
name: a grade 2 attacks the vanguard and hits       # one line: what this checks
doc: Replace this with why the case matters.        # optional, free text
rules: ["CR.attack", "CR.damage.2"]                 # the rule IDs it checks (vanguard-fsm explain ID)
abilities: false          # true (the default) lets the cards' own abilities run
start:
  turn: 3                 # the turn number (1, 2, ...); turn_player is the seat whose turn it is
  turn_player: 0
  at: battle.start_step   # a flow state (vanguard-fsm explain STATE); outer machines are filled in
p0:                       # seat 0's zones: card ids (vanguard-fsm cards), decks from the top
  VC: AL-011
  front_left: AL-012
  hand: [AL-007]
  deck: [{{card: AL-009, count: 5}}]
p1:
  VC: TC-008
  hand: []
  deck: [{{card: TC-009, count: 5}}]
script:                   # every choice with two or more options, in order, by action id
  - P0 battle             # `P0 ` checks who chooses; `vanguard-fsm debug` shows the legal ids
  - P0 attack:VC->VC      # a decision with a single option (no booster here) takes no line
until: {{event: battle_result}}   # where the run stops (a state, timing, decision, event, turn)
expect:                   # checked where it stops
  events:
    - {{event: battle_result, hit: true}}
"""


def write_template(path: str | Path) -> Path:
    path = Path(path)
    if path.exists():
        raise FileExistsError(f"{path} exists; choose a new file name")
    schema = os.path.relpath(SCHEMA, path.resolve().parent)
    write_output(path, TEMPLATE.format(schema=schema, name=path))
    return path
