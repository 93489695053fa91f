"""`evaluate --html FILE`: the balance report as one self-contained page with plots.

The plots are drawn by matplotlib (the `report` extra) as SVG and embedded inline,
so the file can be mailed or attached to a ticket. SVG output is made stable
(no date, fixed id salt) so the same report gives the same bytes.
"""
from __future__ import annotations

import io
from html import escape


def _svg(fig) -> str:
    import matplotlib.pyplot as plt
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _plots(report: dict) -> list[tuple[str, str]]:
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "vanguard-fsm"
    import matplotlib.pyplot as plt
    plots = []
    hist = report["turns_histogram"]
    fig, ax = plt.subplots(figsize=(6, 2.6))
    ax.bar([int(k) for k in hist], list(hist.values()), color="#4c78a8")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("game length")
    plots.append(("Game length", _svg(fig)))

    decks = report["decks"]
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.5 * len(decks)))
    names = list(decks)
    rates = [decks[d]["rate"] or 0 for d in names]
    err = [[r - decks[d]["ci95"][0] for r, d in zip(rates, names)], [decks[d]["ci95"][1] - r for r, d in zip(rates, names)]]
    ax.barh(names, rates, xerr=err, color="#72b7b2", capsize=3)
    ax.axvline(0.5, color="#888888", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.set_title("win rate per deck (95% Wilson)")
    plots.append(("Decks", _svg(fig)))

    cards = sorted(report["cards"], key=lambda c: (c["impact_when_drawn"]["diff"] or 0))
    if cards:
        fig, ax = plt.subplots(figsize=(6.5, 0.6 + 0.22 * len(cards)))
        labels = [f"{c['deck']}: {c['card']}" for c in cards]
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
        plots.append(("Cards", _svg(fig)))

    reasons = report["game_over_reasons"]
    fig, ax = plt.subplots(figsize=(6, 2.2))
    ax.bar(list(reasons), list(reasons.values()), color="#f58518")
    ax.set_title("how games end")
    plots.append(("Game over", _svg(fig)))
    return plots


def _table(headers: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _ci(r: dict | None) -> str:
    if not r or r.get("rate") is None:
        return "-"
    return f"{r['rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]"


def html_report(report: dict, title: str, checks: list[dict] | None = None) -> str:
    fp, dec = report["first_player"], report["decisiveness"]
    turns = report["duration"]["turns"]
    summary = [["games", report["games"]], ["first player wins", _ci(fp)],
               ["ends by damage", _ci(dec["by_damage"])], ["ends before the turn limit", _ci(dec["before_turn_limit"])],
               ["deck-out", _ci(report["deck_out"])],
               ["turns per game", f"{turns['mean']:.2f} [{turns['ci95'][0]:.2f}, {turns['ci95'][1]:.2f}]"
                if turns["mean"] is not None else "-"]]
    parts = [f"<h1>{escape(title)}</h1>", _table(["measure", "value [95% interval]"], summary)]
    if checks:
        parts += ["<h2>Thresholds</h2>", _table(["metric", "value", "min", "max", "ok"],
                                                [[c["metric"], c["value"], c.get("min", ""), c.get("max", ""),
                                                  "ok" if c["ok"] else "FAIL"] for c in checks])]
    parts += [f"<h2>{escape(name)}</h2><div class='plot'>{svg}</div>" for name, svg in _plots(report)]
    parts += ["<h2>Decks</h2>", _table(["deck", "win rate [95%]"], [[d, _ci(r)] for d, r in report["decks"].items()])]
    parts += ["<h2>Cards</h2>", _table(
        ["deck", "card", "games drawn", "win rate when drawn", "impact when drawn [95%]"],
        [[c["deck"], c["card"], c["games_drawn"], _ci(c["win_rate_when_drawn"]),
          f"{c['impact_when_drawn']['diff']:+.1%} [{c['impact_when_drawn']['ci95'][0]:+.1%}, "
          f"{c['impact_when_drawn']['ci95'][1]:+.1%}]" if c["impact_when_drawn"]["diff"] is not None else "-"]
         for c in report["cards"]])]
    parts += ["<h2>Abilities</h2>", _table(["card", "timing", "fired", "resolved", "declined", "per game"],
                                           [[a["card"], a["timing"], a["fired"], a["resolved"], a["declined"],
                                             a["per_game"]] for a in report["abilities"]])]
    dead = report.get("dead") or {}
    parts += ["<h2>Never happened in this run</h2>"] + [
        f"<h3>{kind}</h3><ul>" + "".join(f"<li>{escape(x)}</li>" for x in dead.get(kind, [])) + "</ul>"
        for kind in ("states", "timings", "transitions")]
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;margin:1em 0}"
             "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}.plot svg{max-width:100%;height:auto}")
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
