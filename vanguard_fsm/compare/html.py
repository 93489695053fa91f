"""`evaluate --html FILE`: the balance report as one self-contained page with plots.

The plots are drawn by matplotlib (the `report` extra) as SVG and embedded inline,
so the file can be mailed or attached to a ticket. SVG output is made stable
(no date, fixed id salt) so the same report gives the same bytes.
"""
from __future__ import annotations

import io
import re
from html import escape

WHERE = re.compile(r"\[[^\[\]]*[/\\]([^/\\\[\]]+:\d+:\d+)\]")    # [DIR/battle.yaml:41:13] -> [battle.yaml:41:13]


def _svg(fig) -> str:
    import matplotlib.pyplot as plt
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _plots(report: dict, names: dict) -> dict[str, str]:
    """Each plot's SVG by the section it belongs to."""
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "vanguard-fsm"
    import matplotlib.pyplot as plt
    plots = {}
    hist = report["turns_histogram"]
    fig, ax = plt.subplots(figsize=(6, 2.6))
    ax.bar([int(k) for k in hist], list(hist.values()), color="#4c78a8")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("game length")
    plots["Game length"] = _svg(fig)

    decks = report["decks"]
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.5 * len(decks)))
    names = list(decks)
    rates = [decks[d]["rate"] or 0 for d in names]
    err = [[r - decks[d]["ci95"][0] for r, d in zip(rates, names)], [decks[d]["ci95"][1] - r for r, d in zip(rates, names)]]
    ax.barh(names, rates, xerr=err, color="#72b7b2", capsize=3)
    ax.axvline(0.5, color="#888888", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.set_title("win rate per deck (95% Wilson)")
    plots["Decks"] = _svg(fig)

    cards = sorted(report["cards"], key=lambda c: (c["impact_when_drawn"]["diff"] or 0))
    if cards:
        fig, ax = plt.subplots(figsize=(6.5, 0.6 + 0.22 * len(cards)))
        labels = [f"{c['deck']}: {names.get(c['card'], c['card'])}" for c in cards]
        diffs = [c["impact_when_drawn"]["diff"] or 0 for c in cards]
        lows = [d - (c["impact_when_drawn"]["ci95"][0] if c["impact_when_drawn"]["ci95"][0] is not None else d)
                for d, c in zip(diffs, cards)]
        highs = [(c["impact_when_drawn"]["ci95"][1] if c["impact_when_drawn"]["ci95"][1] is not None else d) - d
                 for d, c in zip(diffs, cards)]
        colours = ["#e45756" if d < 0 else "#54a24b" for d in diffs]
        ax.barh(labels, diffs, xerr=[lows, highs], color=colours, capsize=2)
        ax.axvline(0, color="#333333", linewidth=1)
        ax.tick_params(axis="y", labelsize=7)
        ax.set_title("impact when drawn (win rate drawn - not drawn, 95% Newcombe)")
        plots["Cards"] = _svg(fig)

    reasons = report["game_over_reasons"]
    fig, ax = plt.subplots(figsize=(6, 2.2))
    ax.bar(list(reasons), list(reasons.values()), color="#f58518")
    ax.set_title("how games end")
    plots["How games end"] = _svg(fig)
    return plots


class Named(str):
    """A table cell naming a card: its name shown, its id on hover."""

    def __new__(cls, card_id: str, names: dict):
        base = card_id.split("#", 1)
        cell = super().__new__(cls, names.get(base[0], base[0]) + (f" #{base[1]}" if len(base) > 1 else ""))
        cell.card_id = card_id
        return cell


def _cell(value) -> str:
    if isinstance(value, Named):
        return f"<td title='{escape(value.card_id)}'>{escape(str(value))}</td>"
    return f"<td>{escape(str(value))}</td>"


def _table(headers: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _ci(r: dict | None) -> str:
    if not r or r.get("rate") is None:
        return "-"
    return f"{r['rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]"


def _local(text: str) -> str:
    """A flow file's place by its name, never this machine's directories."""
    return WHERE.sub(lambda found: f"[{found.group(1)}]", text)


def _anchor(title: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")


def html_report(report: dict, title: str, checks: list[dict] | None = None, names: dict | None = None) -> str:
    """The page: a table of contents, then one section per subject (each heading once), cards by
    name with the id on hover (`names`: card id -> name). `title` is shown as given: the caller
    names files by their base names (the page carries no local paths)."""
    names = names or {}
    fp, dec = report["first_player"], report["decisiveness"]
    turns = report["duration"]["turns"]
    summary = [["games", report["games"]], ["first player wins", _ci(fp)],
               ["ends by damage", _ci(dec["by_damage"])], ["ends before the turn limit", _ci(dec["before_turn_limit"])],
               ["deck-out", _ci(report["deck_out"])],
               ["turns per game", f"{turns['mean']:.2f} [{turns['ci95'][0]:.2f}, {turns['ci95'][1]:.2f}]"
                if turns["mean"] is not None else "-"]]
    plots = _plots(report, names)
    plot = lambda name: f"<div class='plot'>{plots[name]}</div>" if name in plots else ""
    sections = [("Summary", _table(["measure", "value [95% interval]"], summary))]
    if checks:
        sections.append(("Thresholds", _table(["metric", "value", "min", "max", "ok"],
                                              [[c["metric"], c["value"], c.get("min", ""), c.get("max", ""),
                                                "ok" if c["ok"] else "FAIL"] for c in checks])))
    sections.append(("Game length", plot("Game length")))
    sections.append(("How games end", plot("How games end")))
    sections.append(("Decks", plot("Decks") + _table(["deck", "win rate [95%]"],
                                                     [[d, _ci(r)] for d, r in report["decks"].items()])))
    sections.append(("Cards", plot("Cards") + _table(
        ["deck", "card", "games drawn", "win rate when drawn", "impact when drawn [95%]"],
        [[c["deck"], Named(c["card"], names), c["games_drawn"], _ci(c["win_rate_when_drawn"]),
          f"{c['impact_when_drawn']['diff']:+.1%} [{c['impact_when_drawn']['ci95'][0]:+.1%}, "
          f"{c['impact_when_drawn']['ci95'][1]:+.1%}]" if c["impact_when_drawn"]["diff"] is not None else "-"]
         for c in report["cards"]])))
    sections.append(("Abilities", _table(["card", "timing", "fired", "resolved", "declined", "per game"],
                                         [[Named(a["card"], names), a["timing"], a["fired"], a["resolved"], a["declined"],
                                           a["per_game"]] for a in report["abilities"]])))
    dead = report.get("dead") or {}
    sections.append(("Never happened in this run", "".join(
        f"<h3>{kind}</h3><ul>" + "".join(f"<li>{escape(_local(x))}</li>" for x in dead.get(kind, [])) + "</ul>"
        for kind in ("states", "timings", "transitions"))))
    toc = "<nav class='toc'><b>Contents</b><ol>" + "".join(
        f"<li><a href='#{_anchor(name)}'>{escape(name)}</a></li>" for name, _ in sections) + "</ol></nav>"
    parts = [f"<h1>{escape(title)}</h1>", toc] + [
        f"<section id='{_anchor(name)}'><h2>{escape(name)}</h2>{body}</section>" for name, body in sections]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}.plot svg{max-width:100%;height:auto}"
             "td[title]{text-decoration:underline dotted}.toc ol{columns:2}")
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
