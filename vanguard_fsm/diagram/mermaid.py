"""Print a diagram model as a Mermaid flowchart, so code hosts draw the flows in Markdown.

A flowchart (not a Mermaid state diagram) because it allows arrows between states in
different nested groups, which phases and invoked machines need. Same marks as the DOT
picture: hexagons for decisions, coloured by who decides; a subroutine box for a state
running another machine; a stadium for final states; thick arrows for choices.
"""
from __future__ import annotations

import json
import re

from .dot import DECIDER_COLOURS, HIGHLIGHT, INK, INVOKE_FILL, INVOKE_LINE, OTHER_DECIDER, \
    decider_colours
from .model import Cluster, Diagram, Edge, Node, who

INTERRUPT = "#b03a2e"
CLASSES = {
    "state": f"fill:#ffffff,stroke:{INK},color:#222222",
    "invoke": f"fill:{INVOKE_FILL},stroke:{INVOKE_LINE},color:#222222",
    "final": f"fill:#ffffff,stroke:{INK},stroke-width:3px,color:#222222",
    "start": f"fill:{INK},stroke:{INK}",
    "any": f"fill:#fbeaea,stroke:{INTERRUPT},color:#222222",
    "legend": "fill:#ffffff,stroke:#9a9a9a,color:#222222,font-size:12px",
}
LINE_TAGS = {"timings": ("<i>", "</i>"), "decides": ("<b>", "</b>"), "invoke": ("<b>", "</b>"),
             "final": ("<b>", "</b>"), "stays": ("<i>", "</i>")}


def mermaid_id(model_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", model_id.replace(".", "__"))


def text(raw: str) -> str:
    """Escape a label for Mermaid: its entity codes, not HTML's."""
    for char, code in (("#", "#35;"), ('"', "#quot;"), ("|", "#124;"), ("<", "#lt;"), (">", "#gt;")):
        raw = raw.replace(char, code)
    return raw


def _label(title: str, lines: list) -> str:
    parts = [f"<b>{text(title)}</b>"]
    parts += [LINE_TAGS.get(kind, ("", ""))[0] + text(line) + LINE_TAGS.get(kind, ("", ""))[1] for kind, line in lines]
    return "<br/>".join(parts)


def decision_class(decider: str) -> str:
    return f"decides_{decider}"


def _node(node: Node, indent: str, stays: dict) -> list[str]:
    nid = mermaid_id(node.id)
    if node.role == "start":
        return [f'{indent}{nid}((" ")):::start']
    label = _label(node.title, node.lines + [("stays", line) for line in stays.get(node.id, ())])
    if node.role == "any":
        shape, cls = f'>"{label}"]', "any"
    elif node.decider:
        shape, cls = f'{{{{"{label}"}}}}', decision_class(node.decider)
    elif node.invoke:
        shape, cls = f'[["{label}"]]', "invoke"
    elif node.final:
        shape, cls = f'(["{label}"])', "final"
    else:
        shape, cls = f'["{label}"]', "state"
    lines = [f"{indent}{nid}{shape}:::{cls}"]
    if node.highlighted:
        lines.append(f"{indent}style {nid} stroke:{HIGHLIGHT},stroke-width:5px")
    return lines


def _cluster(cluster: Cluster, indent: str, depth: int, stays: dict) -> list[str]:
    cid = mermaid_id(cluster.id)
    # one title line: Mermaid lets a group's first states cover a taller title
    title = " · ".join([f"<b>{text(cluster.title)}</b>"] + [text(line) for _, line in cluster.lines])
    lines = [f'{indent}subgraph {cid}["{title}"]', f"{indent}  direction TB"]
    lines += _items(cluster.items, indent + "  ", depth + 1, stays)
    lines.append(f"{indent}end")
    invoked = cluster.role == "invoke"
    fill = INVOKE_FILL if invoked else ("#f4f4f4", "#e9e9e9", "#dedede", "#d3d3d3")[min(depth, 3)]
    line = HIGHLIGHT if cluster.highlighted else (INVOKE_LINE if invoked else "#9a9a9a")
    width = "4px" if cluster.highlighted else "1px"
    dash = ",stroke-dasharray:6 4" if invoked else ""
    lines.append(f"{indent}style {cid} fill:{fill},stroke:{line},stroke-width:{width}{dash}")
    return lines


def _items(items: list, indent: str, depth: int, stays: dict) -> list[str]:
    out: list[str] = []
    for item in items:
        out += _cluster(item, indent, depth, stays) if isinstance(item, Cluster) else _node(item, indent, stays)
    return out


ARROWS = {"auto": "-->", "start": "-->", "choice": "==>", "interrupt": "-.->"}


def _edge(edge: Edge) -> str:
    src = mermaid_id(edge.ltail) if edge.ltail else mermaid_id(edge.src)
    label = "<br/>".join(text(line) for line in edge.label)
    middle = f'{ARROWS[edge.kind]}|"{label}"|' if label else ARROWS[edge.kind]
    return f"  {src} {middle} {mermaid_id(edge.dst)}"


def _edge_style(edge: Edge) -> str | None:
    if edge.highlighted:
        return f"stroke:{HIGHLIGHT},stroke-width:4px,color:{HIGHLIGHT}"
    if edge.kind == "choice":
        colour = decider_colours(edge.decider)[1]
        return f"stroke:{colour},color:{colour}"
    if edge.kind == "interrupt":
        return f"stroke:{INTERRUPT},color:{INTERRUPT}"
    return None


def _legend(diagram: Diagram) -> list[str]:
    kinds = diagram.line_kinds()
    shown = ["rule IDs"] + (["<i>fires: timings on entry</i>"] if "timings" in kinds else []) + \
        (["do: actions"] if "do" in kinds else ["(actions: in the machine's own diagram)"])
    entries = [f'lg_state["<b>state</b><br/>{"<br/>".join(shown)}"]:::legend']
    for decider in diagram.deciders():
        entries.append(f'lg_{decider}{{{{"decision of the {who(decider)}<br/>choice kinds"}}}}:::'
                       f"{decision_class(decider)}")
    if any(n.invoke for n in diagram.nodes()):
        entries.append('lg_invoke[["runs another machine<br/>until it finishes"]]:::invoke')
    if any(n.final for n in diagram.nodes()):
        entries.append('lg_final(["final state"]):::final')
    entries.append('lg_arrows["thin arrow: moves on its own,<br/>first matching one wins<br/>'
                   "thick arrow: a player's choice<br/>stays: choices that keep the state\"]:::legend")
    lines = ['  subgraph legend["Legend"]', "    direction LR"] + [f"    {e}" for e in entries]
    ids = [e.split("[")[0].split("{")[0].split("(")[0] for e in entries]
    lines += [f"    {a} ~~~ {b}" for a, b in zip(ids, ids[1:])]
    lines += ["  end", "  style legend fill:#ffffff,stroke:#9a9a9a"]
    return lines


def to_mermaid(diagram: Diagram) -> str:
    """The Mermaid text of a diagram; the same diagram always gives the same bytes."""
    lines = ["---", f"title: {json.dumps(diagram.title)}", "config:", "  flowchart:", "    wrappingWidth: 400",
             "---", "flowchart TB",
             f"  %% generated by `vanguard-fsm diagram` from {', '.join(diagram.sources)}; do not edit"]
    lines += [f"  classDef {name} {style}" for name, style in CLASSES.items()]
    for decider in sorted(set(DECIDER_COLOURS) | set(diagram.deciders())):
        fill, line = decider_colours(decider) if decider in DECIDER_COLOURS else OTHER_DECIDER
        lines.append(f"  classDef {decision_class(decider)} fill:{fill},stroke:{line},stroke-width:2px,color:#222222")
    legend = _legend(diagram)
    lines += legend
    # choices that keep a state are a line in it: Mermaid's layout puts self-loop labels over other labels
    stays = {e.src: e.label for e in diagram.edges if e.kind == "stay"}
    edges = [e for e in diagram.edges if e.kind != "stay"]
    lines += _items(diagram.items, "  ", 0, stays)
    lines += [_edge(e) for e in edges]
    styles: dict[str, list[int]] = {}
    invisible = sum("~~~" in line for line in legend)  # the legend's links come first
    for index, edge in enumerate(edges):
        style = _edge_style(edge)
        if style:
            styles.setdefault(style, []).append(index + invisible)
    lines += [f"  linkStyle {','.join(map(str, idx))} {style}" for style, idx in sorted(styles.items())]
    return "\n".join(lines) + "\n"
