"""A balance report of one rule set and deck pool, from game records (metrics.py).

What a designer asks of a rule set before shipping it: is going first an advantage
(first-player win rate, Wilson interval), are games decided (share ending by damage,
share ending before the turn limit), how long are they, does a deck dominate, which
cards win when drawn — 17lands' "games drawn", "win rate when drawn" and "impact when
drawn" (win rate when drawn minus win rate of the same deck's games where it was not,
with Newcombe's interval) — how often abilities fire, resolve or are declined, and
which states, timings and transitions never happened in the run (dead rules).
"""
from __future__ import annotations

import statistics
from collections import Counter

from ..machine.spec import FlowSet
from .metrics import GameRecord
from .stats import mean_interval, newcombe, rate


def _deck_games(records: list[GameRecord]):
    """(record, seat, deck name, won) for each seat of each game."""
    for r in records:
        for seat in (0, 1):
            yield r, seat, str(r.decks[seat]) if seat < len(r.decks) else "?", r.winner == seat


def card_table(records: list[GameRecord], min_games: int = 1) -> list[dict]:
    """Per (deck, card): games drawn, win rate when drawn, impact when drawn, with intervals."""
    seats_of_deck: dict[str, list] = {}
    for r, seat, deck, won in _deck_games(records):
        seats_of_deck.setdefault(deck, []).append((r.drawn[seat], won))
    table = []
    for deck, seats in sorted(seats_of_deck.items()):
        cards = sorted({card for drawn, _ in seats for card in drawn})
        for card in cards:
            drawn = [won for cards_drawn, won in seats if card in cards_drawn]
            not_drawn = [won for cards_drawn, won in seats if card not in cards_drawn]
            if len(drawn) < min_games:
                continue
            when_drawn = rate(sum(drawn), len(drawn))
            table.append({"deck": deck, "card": card, "games": len(seats), "games_drawn": len(drawn),
                          "drawn_share": round(len(drawn) / len(seats), 6), "win_rate_when_drawn": when_drawn,
                          "win_rate_not_drawn": rate(sum(not_drawn), len(not_drawn)),
                          "impact_when_drawn": newcombe(sum(drawn), len(drawn), sum(not_drawn), len(not_drawn))})
    return table


def ability_table(records: list[GameRecord]) -> list[dict]:
    """Per (card, timing): how often the ability became pending, resolved, was declined, and its uses
    per game (times pending, or for an ACT, which is never pending, times resolved)."""
    totals: Counter = Counter()
    for r in records:
        totals.update(r.abilities)
    keys = sorted({(card, timing) for card, timing, _ in totals}, key=str)
    rows = []
    for card, timing in keys:
        fired = totals[(card, timing, "pending")]
        resolved, declined = totals[(card, timing, "resolved")], totals[(card, timing, "declined")]
        rows.append({"card": card, "timing": timing, "fired": fired, "resolved": resolved, "declined": declined,
                     "resolve_rate": rate(resolved, fired) if fired else None,
                     "decline_rate": rate(declined, fired) if fired else None,
                     # uses per game: an ACT is played, never pending (CR 8.4), so its resolutions count
                     "per_game": round(max(fired, resolved) / len(records), 6) if records else 0.0})
    return rows


def dead_rules(records: list[GameRecord], flowset: FlowSet | None) -> dict:
    """States, timings and transitions of the rule set that no game of the run reached.

    Transitions are seen as consecutive states of one machine in the trace, so two
    transitions with the same ends count as one."""
    if flowset is None:
        return {}
    states, timings, steps = Counter(), Counter(), Counter()
    for r in records:
        states.update(r.states)
        timings.update(r.timings)
        steps.update(r.steps)
    dead_states, dead_transitions = [], []
    for flow in flowset.flows.values():
        for leaf in flow.leaves():
            if states[f"{flow.name}.{leaf.path}"] == 0:
                dead_states.append(f"{flow.name}.{leaf.path}")
        seen = [(src, dst) for (machine, src, dst) in steps if machine == flow.name]
        for t in flow.transitions():
            dest = t.dest or t.to
            fired = any((src == t.source or src.startswith(t.source + ".")) and
                        (dst == dest or dst.startswith(dest + ".") or dest.startswith(dst + ".")) for src, dst in seen)
            if not fired:
                how = t.trigger if t.trigger != "advance" else "auto"
                dead_transitions.append(f"{flow.name}.{t.source} -{how}-> {dest}" +
                                        (f" [{t.where}]" if t.where else ""))
    declared = sorted(flowset.declared_timings())
    return {"states": dead_states, "timings": [t for t in declared if timings[t] == 0],
            "transitions": dead_transitions,
            "counted": {"states": sum(len(f.leaves()) for f in flowset.flows.values()),
                        "timings": len(declared),
                        "transitions": sum(len(f.transitions()) for f in flowset.flows.values())}}


def balance_report(records: list[GameRecord], flowset: FlowSet | None = None, min_card_games: int = 1,
                   seed: int = 0) -> dict:
    n = len(records)
    decided = [r for r in records if r.winner in (0, 1)]
    first = rate(sum(r.winner == r.first for r in decided), len(decided))
    first["advantage"] = round(first["rate"] - 0.5, 6) if decided else None
    reasons = Counter(r.reason or "unfinished" for r in records)
    turns = [r.turns for r in records]
    decks: dict[str, list] = {}
    for r, seat, deck, won in _deck_games(records):
        decks.setdefault(deck, []).append(won)
    return {
        "games": n,
        "decided": len(decided),
        "first_player": first,
        "decisiveness": {"by_damage": rate(reasons["damage"], n),
                         "before_turn_limit": rate(n - reasons["turn_limit"], n)},
        "duration": {"turns": mean_interval(turns, seed=seed), "median": statistics.median(turns) if turns else None,
                     "max": max(turns) if turns else None},
        "game_over_reasons": dict(sorted(reasons.items())),
        "deck_out": rate(reasons["deck_out"], n),
        "decks": {deck: rate(sum(wins), len(wins)) for deck, wins in sorted(decks.items())},
        "cards": card_table(records, min_card_games),
        "abilities": ability_table(records),
        "dead": dead_rules(records, flowset),
        "turns_histogram": dict(sorted(Counter(turns).items())),
    }


def flat_metrics(report: dict) -> dict:
    """The report's headline numbers by the names a thresholds file uses."""
    out = {
        "first_player_win_rate": report["first_player"]["rate"],
        "first_player_advantage": report["first_player"]["advantage"],
        "decisive_rate": report["decisiveness"]["by_damage"]["rate"],
        "before_turn_limit_rate": report["decisiveness"]["before_turn_limit"]["rate"],
        "deck_out_rate": report["deck_out"]["rate"],
        "turns_mean": report["duration"]["turns"]["mean"],
        "turns_max": report["duration"]["max"],
        "dead_states": len(report["dead"].get("states", [])),
        "dead_timings": len(report["dead"].get("timings", [])),
        "dead_transitions": len(report["dead"].get("transitions", [])),
    }
    wins = [d["rate"] for d in report["decks"].values() if d["rate"] is not None]
    out["deck_win_rate_min"] = min(wins) if wins else None
    out["deck_win_rate_max"] = max(wins) if wins else None
    impacts = [abs(c["impact_when_drawn"]["diff"]) for c in report["cards"] if c["impact_when_drawn"]["diff"] is not None]
    out["card_impact_max"] = max(impacts) if impacts else None
    return out
