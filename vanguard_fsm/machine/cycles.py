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


def _loops(flow: FlowSpec) -> list[tuple[list, bool]]:
    """Each loop of automatic states (StateSpecs in path order), and whether nothing leads out of it."""
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
        loops.append(([moving[p] for p in sorted(component)], closed))
    return loops


def hanging_loops(flow: FlowSpec) -> list[list]:
    """Each closed loop of automatic states (as StateSpecs, in path order)."""
    return [loop for loop, closed in _loops(flow) if closed]


def still_loops(flow: FlowSpec) -> list[list]:
    """Each loop of automatic states with a way out that changes nothing on its way round: no
    action, no timing in its states (or the states around them) nor on its transitions. Its
    guards then read the same game on every pass: if no way out holds on entry, none ever will."""
    out = []
    for loop, closed in _loops(flow):
        paths = {leaf.path for leaf in loop}
        nodes = {id(n): n for leaf in loop for n in (leaf, *leaf.ancestors())}.values()
        acting = any(n.actions or n.timings for n in nodes) or any(
            t.actions for n in nodes for t in n.transitions
            if t.dest and flow.initial_leaf(flow.all_states[t.dest]).path in paths)
        if not closed and not acting:
            out.append(loop)
    return out
