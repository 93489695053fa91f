"""Print a diagram model as Graphviz DOT (and let Debian's `dot` draw SVG / PNG).

Phases and invoked machines become nested clusters; decision states are hexagons
coloured by who decides; final states have a double border; a legend explains the
marks that appear in the diagram. Labels are HTML-like so the rule IDs, timings and
actions sit in small type under the state's name.
"""
from __future__ import annotations

from html import escape

import graphviz

from .model import Cluster, Diagram, Edge, Node, state_parts, who

FONT = "DejaVu Sans"
INK, MUTED, HIGHLIGHT = "#333333", "#666666", "#d62728"
DECIDER_COLOURS = {  # (fill, line) by who decides: each decider of the flows its own colour
    "turn_player": ("#fde2c4", "#c0661a"),
    "non_turn_player": ("#cfe3f7", "#2b6cb0"),
    "first_player": ("#e2f0d9", "#3c7a26"),
    "second_player": ("#eadcf2", "#7b3fa0"),
}
OTHER_DECIDER = ("#f3efc9", "#857400")
CLUSTER_FILLS = ("#f4f4f4", "#e9e9e9", "#dedede", "#d3d3d3")
INVOKE_FILL, INVOKE_LINE = "#eef3fa", "#7a93b8"
LINE_STYLE = {  # how each kind of label line is set
    "rules": ('<FONT POINT-SIZE="9" COLOR="%s">' % MUTED, "</FONT>"),
    "timings": ('<FONT POINT-SIZE="9" COLOR="#7a4a00"><I>', "</I></FONT>"),
    "do": ('<FONT POINT-SIZE="9">', "</FONT>"),
    "invoke": ('<FONT POINT-SIZE="10"><B>', "</B></FONT>"),
    "final": ('<FONT POINT-SIZE="9"><B>', "</B></FONT>"),
    "decides": ('<FONT POINT-SIZE="10"><B>', "</B></FONT>"),
    "kinds": ('<FONT POINT-SIZE="10">', "</FONT>"),
}


def decider_colours(decider: str | None) -> tuple[str, str]:
    return DECIDER_COLOURS.get(decider, OTHER_DECIDER) if decider else ("#ffffff", INK)


def _table(title: str, lines: list, size: int = 11, align: str = "CENTER") -> str:
    rows = [f'<TR><TD ALIGN="{align}"><FONT POINT-SIZE="{size}"><B>{escape(title)}</B></FONT></TD></TR>']
    rows += [f'<TR><TD ALIGN="{align}">{LINE_STYLE[kind][0]}{escape(text)}{LINE_STYLE[kind][1]}</TD></TR>'
             for kind, text in lines]
    return '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">' + "".join(rows) + "</TABLE>>"


def _node(graph, node: Node) -> None:
    attrs = {"tooltip": node.tooltip or node.title}
    if node.role == "start":
        attrs.update(shape="circle", style="filled", fillcolor=INK, label="", width="0.22", fixedsize="true")
    elif node.role == "any":
        attrs.update(shape="note", style="filled", fillcolor="#fbeaea", color="#b03a2e",
                     label=_table(node.title, node.lines, 10))
    else:
        fill, line = decider_colours(node.decider)
        attrs.update(label=_table(node.title, node.lines), fillcolor=fill, color=line)
        if node.decider:
            attrs.update(shape="hexagon", style="filled,bold", margin="0.02,0.02")
        elif node.invoke:
            attrs.update(shape="box3d", fillcolor=INVOKE_FILL, color=INVOKE_LINE, URL=f"{node.invoke}.svg")
        if node.final:
            attrs.update(peripheries="2")
    if node.highlighted:
        attrs.update(color=HIGHLIGHT, penwidth="4")
    graph.node(node.id, **attrs)


def _cluster(graph, cluster: Cluster, depth: int) -> None:
    with graph.subgraph(name=f"cluster_{cluster.id}") as sub:
        invoked = cluster.role == "invoke"
        sub.attr(label=_table(cluster.title, cluster.lines, 12, "LEFT"), labeljust="l", tooltip=cluster.tooltip,
                 style="rounded,filled" + (",dashed" if invoked else ""), margin="10",
                 fillcolor=INVOKE_FILL if invoked else CLUSTER_FILLS[min(depth, len(CLUSTER_FILLS) - 1)],
                 color=HIGHLIGHT if cluster.highlighted else (INVOKE_LINE if invoked else "#9a9a9a"),
                 penwidth="4" if cluster.highlighted else "1")
        _items(sub, cluster.items, depth + 1)


def _items(graph, items: list, depth: int) -> None:
    for item in items:
        if isinstance(item, Cluster):
            _cluster(graph, item, depth)
        else:
            _node(graph, item)


def _edge(graph, edge: Edge) -> None:
    colour = decider_colours(edge.decider)[1] if edge.kind in ("choice", "stay") else INK
    attrs = {"color": colour, "fontcolor": colour, "tooltip": edge.tooltip or " ".join(edge.label) or "next"}
    if edge.label:
        body = "<BR/>".join(escape(line) for line in edge.label)
        attrs["label"] = f"<<B>{body}</B>>" if edge.kind == "choice" else f"<{body}>"
    if edge.kind == "choice":
        attrs["penwidth"] = "2"
    elif edge.kind == "stay":
        attrs.update(style="dashed", dir="back", arrowtail="normal", arrowhead="none")
    elif edge.kind == "interrupt":
        attrs.update(style="dashed", color="#b03a2e", fontcolor="#b03a2e")
    if edge.back:  # loops run up the right-hand side, clear of the forward edges' labels
        attrs.update(tailport="e", headport="e")
    if edge.ltail:
        attrs["ltail"] = f"cluster_{edge.ltail}"
    if edge.highlighted:
        attrs.update(color=HIGHLIGHT, fontcolor=HIGHLIGHT, penwidth="4")
    graph.edge(edge.src, edge.dst, **attrs)


def _legend_rows(diagram: Diagram) -> list[tuple[str, str, str]]:
    """(swatch colour, swatch text, meaning) for each mark that appears in the diagram."""
    nodes = diagram.nodes()
    rows = [("#ffffff", "name", "a state: " + state_parts(diagram))]
    for decider in diagram.deciders():
        rows.append((decider_colours(decider)[0], "&#x2B22;", f"a decision of the {who(decider)}; its choice kinds"))
    if any(n.invoke for n in nodes):
        rows.append((INVOKE_FILL, "runs", "runs another machine until it finishes (see that diagram)"))
    if "phase" in diagram.cluster_roles():
        rows.append((CLUSTER_FILLS[0], "phase", "grey group: a phase (compound state) and its steps"))
    if "invoke" in diagram.cluster_roles():
        rows.append((INVOKE_FILL, "group", "blue dashed group: a state running another machine, drawn inside"))
    if any(n.final for n in nodes):
        rows.append(("#ffffff", "final", "double border: a final state, where the machine ends"))
    rows.append((INK, "&#x25CF;", "the start; thin arrows move on their own: the first one listed whose 'if' holds"))
    if any(e.kind == "choice" for e in diagram.edges):
        rows.append(("#ffffff", "&#x2192;", "bold coloured arrow: a player's choice of that kind"))
    if any(e.label and e.label[0].startswith("auto") for e in diagram.edges):
        rows.append(("#ffffff", "auto", "leaves a decision state without asking, when its 'if' holds"))
    if any(e.kind == "stay" for e in diagram.edges):
        rows.append(("#ffffff", "&#x21BA;", "dashed loop: choices that stay in the state"))
    if any(e.kind == "interrupt" for e in diagram.edges):
        rows.append(("#fbeaea", "&#x21AF;", "dashed red arrow: an event that interrupts any state"))
    return rows


def _legend(graph, diagram: Diagram) -> None:
    cells = "".join(
        f'<TR><TD BGCOLOR="{fill}" BORDER="1" WIDTH="34">'
        f'<FONT POINT-SIZE="9" COLOR="{"#ffffff" if fill == INK else INK}">{mark}</FONT></TD>'
        f'<TD ALIGN="LEFT"><FONT POINT-SIZE="9">{escape(text)}</FONT></TD></TR>'
        for fill, mark, text in _legend_rows(diagram))
    label = ('<<TABLE BORDER="1" COLOR="#9a9a9a" CELLBORDER="0" CELLSPACING="2" CELLPADDING="3">'
             '<TR><TD COLSPAN="2" ALIGN="LEFT"><B>Legend</B></TD></TR>' + cells + "</TABLE>>")
    graph.node(f"{diagram.name}._legend", label=label, shape="plaintext", style="solid", tooltip="legend")


def to_dot(diagram: Diagram) -> str:
    """The DOT text of a diagram; the same diagram always gives the same bytes."""
    graph = graphviz.Digraph(diagram.name, comment=f"generated by `vanguard-fsm diagram` from "
                                                   f"{', '.join(diagram.sources)}; do not edit")
    graph.attr(label=escape(diagram.title), labelloc="t", fontname=FONT, fontsize="14", compound="true",
               newrank="true", rankdir="TB", nodesep="0.3", ranksep="0.35", bgcolor="white", pad="0.3")
    graph.attr("node", fontname=FONT, fontsize="11", shape="box", style="rounded,filled", color=INK, margin="0.1,0.05")
    graph.attr("edge", fontname=FONT, fontsize="9", arrowsize="0.7")
    _legend(graph, diagram)
    _items(graph, diagram.items, 0)
    for edge in diagram.edges:
        _edge(graph, edge)
    return graph.source


def render(dot_source: str, fmt: str) -> bytes:
    """Draw DOT text with Debian's `dot` into `svg` or `png` bytes."""
    return graphviz.pipe("dot", fmt, dot_source.encode("utf-8"))
