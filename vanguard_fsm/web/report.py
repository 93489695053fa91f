"""`vanguard-fsm report`: one self-contained HTML file from a trace, to attach to a bug report.

The file holds everything inline — the trace rows as JSON, the board's changes at
each row (`report_board`: the position at every event, rebuilt from the trace), the
cards' names and texts, the SVG of every machine the trace enters, the CSS and the
viewer's JS (`static/common.js`, `board.js`, `report.js`) — so it opens offline from a
mail or an issue, with no server.
The trace is read tolerantly (unknown events and fields are shown as they are);
a line that is not a JSON object is a `ReportError` naming `path:line:col`.
"""
from __future__ import annotations

import json
import re
from html import escape
from importlib import resources

from ..diagram.render import load_flows
from ..machine.yamlsrc import SourceError, read_source
from ..record.trace import MAX_TRACE_BYTES, parse_trace_lines
from ..output_files import write_output
from . import flowinfo
from .report_board import board_changes, named_cards


class ReportError(ValueError):
    """The trace cannot be read; the message is `path:line:col: what is wrong`."""


def parse_trace(text: str, name: str = "trace") -> list[dict]:
    rows = []
    try:
        lines = parse_trace_lines(text, name)
    except SourceError as exc:
        raise ReportError(str(exc)) from None
    for number, row in lines:
        if not isinstance(row, dict) or not isinstance(row.get("event"), str):
            raise ReportError(f"{name}:{number}:1: a trace line is a JSON object with an 'event'")
        rows.append(row)
    if not rows:
        raise ReportError(f"{name}:1:1: the trace is empty")
    return rows


def asset(name: str) -> str:
    return resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")


def _script_json(data) -> str:
    """JSON that can sit inside <script>: no '</' may end the element early."""
    return json.dumps(data, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "\\u003c!--")


def report_data(rows: list[dict], name: str, flowset) -> dict:
    entered = {r["path"].split(".", 1)[0] for r in rows if r.get("event") == "state" and isinstance(r.get("path"), str)}
    machines = [m for m in flowset.flows if m in entered or m == flowset.root]
    return {"title": name, "events": rows, "root": flowset.root, "machines": machines,
            "board": board_changes(rows), "cards": named_cards(rows),
            "damage_to_lose": dict(flowset.parameters.get("damage_to_lose", {})),
            "diagrams": {m: flowinfo.diagram_svg(flowset, m) for m in machines},
            "state_rules": flowinfo.state_rules(flowset), "state_docs": flowinfo.state_docs(flowset),
            "rule_texts": flowinfo.rule_texts(flowset)}


def report_html(text: str, name: str = "trace", flowset=None, flows_dir=None) -> str:
    """The whole report page for the trace `text` (ReportError for an unreadable trace)."""
    rows = parse_trace(text, name)
    return render_page(rows, name, flowset if flowset is not None else load_flows(flows_dir))


def render_page(rows: list[dict], name: str, flowset) -> str:
    data = report_data(rows, name, flowset)
    page = asset("report.html")
    script = "\n".join(asset(name) for name in ("common.js", "board.js", "report.js"))
    parts = {"/*STYLE*/": asset("app.css"), "/*SCRIPT*/": script,
             "{{TITLE}}": escape(f"vanguard-fsm report: {name}"), "{{DATA}}": _script_json(data)}
    return fill_template(page, parts)


def fill_template(page: str, parts: dict) -> str:
    """Each marker of the page replaced by its value in one pass: a value is never searched for
    markers again, so a title or a trace holding `{{DATA}}` cannot take another marker's place."""
    pattern = re.compile("|".join(re.escape(marker) for marker in parts))
    return pattern.sub(lambda match: parts[match.group(0)], page)


def read_trace_text(trace_path) -> str:
    """A trace file's text, read with the bounds of every trace reader (record.trace)."""
    try:
        return read_source(trace_path, MAX_TRACE_BYTES)
    except SourceError as exc:
        raise ReportError(str(exc)) from None


def write_report(trace_path, out_path, flows_dir=None) -> int:
    """Write the report of a trace file; returns the number of trace rows."""
    from pathlib import Path
    source = Path(trace_path)
    rows = parse_trace(read_trace_text(trace_path), str(trace_path))
    write_output(out_path, render_page(rows, source.name, load_flows(flows_dir)))
    return len(rows)
