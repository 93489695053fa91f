"""Draw a rule change: B's flows with additions green, changes orange and A's removed
states and transitions red (dashed), one picture per machine that differs.

It reuses the diagram package: both flow sets are drawn to DOT the usual way, then
the statements are compared by what they declare (a node by its id, an edge by its
ends and its place among the edges with the same ends, a phase by its cluster id).
A statement of B that A lacks is an addition, one whose text differs a change; A's
statements that B lacks are copied in, drawn red and dashed.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..diagram.dot import render, to_dot
from ..diagram.model import build_diagram
from ..machine.spec import FlowSet
from ..output_files import write_output

GREEN, RED, ORANGE = "#2ca02c", "#d62728", "#ff7f0e"
_NODE = re.compile(r'^\s*("(?:[^"\\]|\\.)*")\s*\[')
_EDGE = re.compile(r'^\s*("(?:[^"\\]|\\.)*")\s*->\s*("(?:[^"\\]|\\.)*")\s*\[')
_CLUSTER = re.compile(r'^\s*subgraph\s+("?cluster_[^"{ ]*"?)\s*\{')


def _statements(dot: str) -> dict:
    """key -> (line index, text) for every node, edge and cluster statement."""
    found, lines, pairs = {}, dot.splitlines(), {}
    for i, line in enumerate(lines):
        if m := _EDGE.match(line):
            pair = (m.group(1), m.group(2))
            pairs[pair] = pairs.get(pair, -1) + 1
            found[("edge",) + pair + (pairs[pair],)] = (i, line)
        elif m := _NODE.match(line):
            found[("node", m.group(1))] = (i, line)
        elif m := _CLUSTER.match(line):
            found[("cluster", m.group(1))] = (i + 1, lines[i + 1] if i + 1 < len(lines) else "")
    return found


def _paint(line: str, colour: str, dashed: bool = False) -> str:
    style = ("dashed" if _EDGE.match(line) else "dashed,rounded,filled") if dashed else ""
    extra = f' color="{colour}" fontcolor="{colour}" penwidth=3' + (f' style="{style}"' if style else "")
    return line.rstrip()[:-1] + extra + "]" if line.rstrip().endswith("]") else line


def _legend(name: str, counts: dict) -> str:
    rows = "".join(f'<TR><TD BGCOLOR="{c}" WIDTH="24"> </TD><TD ALIGN="LEFT">{label} ({counts[label]})</TD></TR>'
                   for c, label in ((GREEN, "added"), (ORANGE, "changed"), (RED, "removed")))
    return (f'\t"{name}._diff_legend" [label=<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2">'
            f'<TR><TD COLSPAN="2"><B>Rule change</B></TD></TR>{rows}</TABLE>> shape=plaintext]')


def diff_dot(a: FlowSet, b: FlowSet, machine: str) -> tuple[str, dict]:
    """The DOT of `machine` as B has it (or as A had it, if B removed it), marked; and the counts."""
    dot_a = to_dot(build_diagram(a, machine, None)) if machine in a.flows else ""
    dot_b = to_dot(build_diagram(b, machine, None)) if machine in b.flows else ""
    base = dot_b or dot_a
    sa, sb = _statements(dot_a), _statements(dot_b)
    lines = base.splitlines()
    counts = {"added": 0, "changed": 0, "removed": 0}
    if not dot_b:           # the whole machine was removed
        counts["removed"] = sum(1 for k in sa if k[0] == "node")
        lines = [_paint(line, RED, True) if _NODE.match(line) or _EDGE.match(line) else line for line in lines]
    elif not dot_a:         # the whole machine is new
        counts["added"] = sum(1 for k in sb if k[0] == "node")
        lines = [_paint(line, GREEN) if _NODE.match(line) or _EDGE.match(line) else line for line in lines]
    else:
        for key, (i, text) in sb.items():
            if key[0] == "node" and key[1].endswith('_legend"'):
                continue
            if key not in sa:
                lines[i] = _paint(text, GREEN) if key[0] != "cluster" else text + f' color="{GREEN}" penwidth=3'
                counts["added"] += 1
            elif sa[key][1] != text:
                lines[i] = _paint(text, ORANGE) if key[0] != "cluster" else text + f' color="{ORANGE}" penwidth=3'
                counts["changed"] += 1
        gone = [text for key, (i, text) in sa.items() if key not in sb and key[0] != "cluster"]
        # removed nodes first, so their edges have both ends declared
        gone.sort(key=lambda text: 1 if _EDGE.match(text) else 0)
        counts["removed"] = len(gone)
        closing = max(i for i, line in enumerate(lines) if line.strip() == "}")
        lines[closing:closing] = ["\t" + _paint(text.strip(), RED, True) for text in gone]
    closing = max(i for i, line in enumerate(lines) if line.strip() == "}")
    lines.insert(closing, _legend(machine, counts))
    return "\n".join(lines) + "\n", counts


def write_diff_diagrams(a: FlowSet, b: FlowSet, out_dir, formats=("svg", "dot")) -> list[Path]:
    """One marked diagram per machine that differs (DOT and SVG); returns the files written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for machine in dict.fromkeys([*b.flows, *a.flows]):
        dot, counts = diff_dot(a, b, machine)
        if not any(counts.values()):
            continue
        if "dot" in formats:
            path = out / f"{machine}.diff.dot"
            write_output(path, dot)
            written.append(path)
        if "svg" in formats:
            path = out / f"{machine}.diff.svg"
            write_output(path, render(dot, "svg"))
            written.append(path)
    return written
