"""Draw a rule change: B's flows with additions green, changes orange and A's removed
states and transitions red (dashed), one picture per machine that differs.

It reuses the diagram package: both flow sets are drawn to DOT the usual way, then
the statements are compared by what they declare (a node by its id, an edge by its
ends and its place among the edges with the same ends, a phase by its cluster id).
A statement of B that A lacks is an addition, one whose text differs a change; A's
statements that B lacks are copied in, drawn red and dashed. An edge B only retargeted
(same source, same label, another target) is a change, as in the text: the new edge
orange, the old one orange and dashed. The legend counts what the text of
`vanguard-fsm diff` lists for the machine, so the picture and the text agree.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..diagram.dot import render, to_dot
from ..diagram.model import build_diagram
from ..machine.spec import FlowSet
from ..output_files import write_output
from .structure import diff_flowsets

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


def _label_of(line: str) -> str:
    """An edge statement's `label=<...>` (balanced angle brackets), '' when it has none."""
    start = line.find("label=<")
    if start < 0:
        return ""
    depth, i = 0, start + len("label=")
    for i in range(start + len("label="), len(line)):
        depth += {"<": 1, ">": -1}.get(line[i], 0)
        if depth == 0:
            break
    return line[start:i + 1]


def _retargeted(gone: dict, added: dict) -> list[tuple]:
    """(A's edge key, B's edge key) pairs: the same source and label, another target."""
    pairs, free = [], [k for k in added if k[0] == "edge"]
    for key, (_, text) in gone.items():
        if key[0] != "edge":
            continue
        match = next((k for k in free if k[1] == key[1] and _label_of(added[k][1]) == _label_of(text)), None)
        if match is not None:
            free.remove(match)
            pairs.append((key, match))
    return pairs


def _legend(name: str, counts: dict) -> str:
    rows = "".join(f'<TR><TD BGCOLOR="{c}" WIDTH="24"> </TD><TD ALIGN="LEFT">{label} ({counts[label]})</TD></TR>'
                   for c, label in ((GREEN, "added"), (ORANGE, "changed"), (RED, "removed")))
    return (f'\t"{name}._diff_legend" [label=<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2">'
            f'<TR><TD COLSPAN="2"><B>Rule change</B></TD></TR>{rows}</TABLE>> shape=plaintext]')


def diff_dot(a: FlowSet, b: FlowSet, machine: str, text_counts: dict | None = None) -> tuple[str, dict]:
    """The DOT of `machine` as B has it (or as A had it, if B removed it), marked; and the counts
    (`text_counts`, the structural diff's changes of this machine, when given: what the legend says)."""
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
        added = {k: v for k, v in sb.items() if k not in sa and not (k[0] == "node" and k[1].endswith('_legend"'))}
        gone = {k: v for k, v in sa.items() if k not in sb and k[0] != "cluster"}
        moved = _retargeted(gone, added)
        for key, (i, text) in sb.items():
            if key[0] == "node" and key[1].endswith('_legend"'):
                continue
            if key in added:
                colour = ORANGE if key in {new for _, new in moved} else GREEN
                lines[i] = _paint(text, colour) if key[0] != "cluster" else text + f' color="{colour}" penwidth=3'
                counts["added" if colour == GREEN else "changed"] += 1
            elif sa[key][1] != text:
                lines[i] = _paint(text, ORANGE) if key[0] != "cluster" else text + f' color="{ORANGE}" penwidth=3'
                counts["changed"] += 1
        before = {old for old, _ in moved}
        # removed nodes first, so their edges have both ends declared
        drawn = sorted(((text, RED if key not in before else ORANGE) for key, (_, text) in gone.items()),
                       key=lambda item: 1 if _EDGE.match(item[0]) else 0)
        counts["removed"] = len(gone) - len(before)
        closing = max(i for i, line in enumerate(lines) if line.strip() == "}")
        lines[closing:closing] = ["\t" + _paint(text.strip(), colour, True) for text, colour in drawn]
    if text_counts is not None:
        counts = dict(text_counts)
    closing = max(i for i, line in enumerate(lines) if line.strip() == "}")
    lines.insert(closing, _legend(machine, counts))
    return "\n".join(lines) + "\n", counts


def write_diff_diagrams(a: FlowSet, b: FlowSet, out_dir, formats=("svg", "dot")) -> list[Path]:
    """One marked diagram per machine that differs (DOT and SVG); returns the files written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    by_machine: dict = {}
    for change in diff_flowsets(a, b).changes:
        by_machine.setdefault(change.machine, {"added": 0, "changed": 0, "removed": 0})[change.change] += 1
    for machine in dict.fromkeys([*b.flows, *a.flows]):
        dot, counts = diff_dot(a, b, machine, by_machine.get(machine, {"added": 0, "changed": 0, "removed": 0}))
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
