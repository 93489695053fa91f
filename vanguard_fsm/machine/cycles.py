"""Lint: a loop of automatic transitions that nothing can leave would hang the game.

Between decisions the runner moves on its own: from a state with no decision, no
invoked machine and not final, the first transition whose guards hold fires. A set
of such states that only lead to one another (no decision, no exit) is an endless
loop: `play` and `simulate` would hang. Transitions after an unconditional one
can never fire and are ignored.
"""
from __future__ import annotations

from .spec import FlowSpec


def _auto_edges(flow: FlowSpec, leaf) -> list[str]:
    """The leaves this leaf may move to on its own (`advance` transitions up to the first unconditional)."""
    edges = []
    for node in [leaf, *leaf.ancestors()[::-1]]:
        for t in node.transitions:
            if t.trigger != "advance" or not t.dest:
                continue
            edges.append(flow.initial_leaf(flow.all_states[t.dest]).path)
            if not t.conditions and not t.unless:
                return edges
    return edges


def hanging_loops(flow: FlowSpec) -> list[list]:
    """Each closed loop of automatic states (as StateSpecs, in path order)."""
    moving = {leaf.path: leaf for leaf in flow.leaves()
              if leaf.decision is None and leaf.invoke is None and not leaf.final}
    edges = {path: _auto_edges(flow, leaf) for path, leaf in moving.items()}

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    reachable = {path: reach(path) for path in moving}
    loops, done = [], set()
    for path in moving:
        if path in done or path not in reachable[path]:
            continue
        component = {p for p in reachable[path] if path in reachable.get(p, ())}
        done |= component
        closed = all(set(edges[p]) <= component for p in component)
        if closed:
            loops.append([moving[p] for p in sorted(component)])
    return loops
