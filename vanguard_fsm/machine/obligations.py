"""Lint: work a choice leaves open is finished before the next decision.

Some choices only begin a call that later flow steps complete: choosing a G unit to
stride (its cost is paid and it is placed in the next states), choosing a G guardian,
taking a card by G assist (cards are then removed and the deck shuffled). The game
layer declares such a context with `settle_before_decisions` (`REGISTRY.declare_context`)
and says, on the choice, what must follow (`then`). From every transition taken by
such a choice, this check follows the flows as the runner would (the transition's
actions, the `do` of each state entered, then the automatic transitions and, at a
decision whose kinds the context allows, its choices) and reports, at the
transition's `file:line:col`, a decision reached while the work is still open.

This is what a flow set written for the older flow language meets: there one Python
choice did the whole call, so its `choice: stride` goes straight to the main phase,
and the G unit would never be placed (the audit's `flows-cr-order/`).
"""
from __future__ import annotations

from .builder import _entered
from .registry import Registry
from .spec import FlowSpec

MAX_STATES = 500


def _open_after(names, section, open_ctx: set) -> set:
    for name in names:
        open_ctx = open_ctx - set(section.ends(name))
    return open_ctx


def _first_unsettled(flow: FlowSpec, t, source, registry: Registry, ctx: str):
    """The first decision state reachable from transition `t` with `ctx` still open, or None."""
    allowed = registry.obligations[ctx]
    todo = [(t, source)]
    seen = set()
    while todo and len(seen) < MAX_STATES:
        trans, leaf_from = todo.pop()
        if not trans.dest:
            continue
        if not _open_after(trans.actions, registry.actions, {ctx}):
            continue
        target = flow.all_states[trans.dest]
        still = {ctx}
        for state in _entered(flow, leaf_from, target):
            still = _open_after(state.actions, registry.actions, still)
        if not still:
            continue
        leaf = flow.initial_leaf(target)
        if leaf.path in seen:
            continue
        seen.add(leaf.path)
        if leaf.invoke or leaf.final:       # another machine or the end: not followed
            continue
        if leaf.decision and not set(leaf.decision.kinds) <= set(allowed):
            return leaf
        for node in [leaf, *leaf.ancestors()[::-1]]:
            for nxt in node.transitions:
                if nxt.trigger == "advance" or (leaf.decision and nxt.trigger in allowed):
                    todo.append((nxt, leaf))
    return None


def open_work_problems(flows: dict, registry: Registry):
    """Yield (flow, key path, message) for each choice whose open work reaches a decision."""
    choices = registry.choices
    for flow in flows.values():
        if any(s.is_compound and s.initial not in s.children for s in flow.all_states.values()):
            continue        # lint reports that first; the steps entered cannot be followed
        for leaf in flow.leaves():
            if not leaf.decision:
                continue
            taken = set()
            for node in [leaf, *leaf.ancestors()[::-1]]:
                for t in node.transitions:
                    if t.trigger == "advance" or t.trigger not in leaf.decision.kinds:
                        continue
                    taken.add(t.trigger)
                    for ctx in choices.gives(t.trigger):
                        if ctx not in registry.obligations:
                            continue
                        stuck = _first_unsettled(flow, t, leaf, registry, ctx)
                        if stuck is not None:
                            yield flow, t.key + ("choice",), _message(registry, t.trigger, ctx, flow, stuck)
            for i, kind in enumerate(leaf.decision.kinds):   # a kind with no transition keeps the state
                for ctx in choices.gives(kind) if kind not in taken else ():
                    if ctx in registry.obligations and kind not in registry.obligations[ctx]:
                        yield (flow, leaf.key + ("decision", "kinds", i),
                               _message(registry, kind, ctx, flow, leaf, kept=True))


def _message(registry: Registry, kind: str, ctx: str, flow: FlowSpec, stuck, kept: bool = False) -> str:
    sections = (registry.actions, registry.choices)
    enders = [n for s in sections for n in s.names() if ctx in s.ends(n)]
    then = registry.choices.then(kind)
    where = (f"no transition takes it, so the same decision at '{flow.name}.{stuck.path}' is offered again"
             if kept else f"the decision at '{flow.name}.{stuck.path}' can be offered")
    return (f"choice {kind!r} leaves work open ({registry.contexts.get(ctx, ctx)}), and {where} "
            f"before any step finishes it "
            f"(ended by: {', '.join(enders) or '-'}); after this choice the flows must do: "
            f"{then or 'an action that ends ' + repr(ctx)} (see `vanguard-fsm explain {kind}`)")
