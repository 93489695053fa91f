"""`Game`: one game of Vanguard, run by the flows, paused at every decision.

Pull style: `advance()` runs the flows until someone must choose, and `pending`
holds that `Decision`; `apply(action)` checks it is legal (else `IllegalAction`,
state untouched) and continues. One seeded generator per game (`rng.GameRandom`); nothing
else is random, so the same seed, decks, agents and flows replay exactly.
"""
from __future__ import annotations

from collections import deque

from ..machine.builder import CompiledFlowSet
from ..machine.hooks import Hooks
from ..machine.registry import REGISTRY
from ..machine.runner import MOVE_DECISION, MOVE_DONE, FlowStuck, Runaway, Runner
from .actions import Action, Decision, GameStateError, IllegalAction
from .board_cache import close
from .concede import concede, conceding_seat
from .rng import GameRandom
from .state import Player, State

# Registered names never change meaning (the registry refuses a second, different
# registration), so the functions behind decision names are looked up once.
_DECISION_FNS: dict[tuple, tuple] = {}
_CHOICE_APPLY: dict[str, object] = {}


def _decision_functions(who: str, kinds: tuple, offer_if: tuple = ()) -> tuple:
    """(decider, (legal-action generator, its kind's offer_if conditions) ...) for a flow state's decision."""
    key = (who, kinds, offer_if)
    found = _DECISION_FNS.get(key)
    if found is None:
        only_if = dict(offer_if)
        found = _DECISION_FNS[key] = (REGISTRY.deciders[who], tuple(
            (REGISTRY.choices[k].legal, tuple(REGISTRY.conditions[c] for c in only_if.get(k, ()))) for k in kinds))
    return found


def _offered(game, only_if: tuple) -> bool:
    """A decision kind's offer_if (flow data): every condition must hold."""
    for condition in only_if:
        if not condition(game):
            return False
    return True


def _state_decision(game) -> Decision:
    """The decision of the flow state the runner stopped at: its decider's legal actions."""
    frame = game.runner.stack[-1]
    leaf = frame.flow.moves[frame.state]   # the leaf's record (`builder.LeafMove`), as `Runner.move` reads it
    kept = leaf.kept          # (decider, legal functions, the leaf's path, its doc), kept by the leaf
    if kept is None:
        kept = _leaf_functions(leaf)
    decider, legal_fns, path, doc = kept
    player = decider(game)
    actions = []
    for legal, only_if in legal_fns:
        if only_if and not _offered(game, only_if):   # most kinds have no offer_if: no loop for them
            continue
        actions.extend(legal(game, player))
    if not actions:
        raise FlowStuck(f"{leaf.spec.where}: decision at {path!r} has no legal action; "
                        f"every decision state needs an option such as 'pass'")
    return Decision(player, path, tuple(actions), None, doc)


def _leaf_functions(leaf) -> tuple:
    """What `_state_decision` reads of a decision leaf (`builder.LeafMove`), worked out at its first
    decision and kept by the leaf (it lives as long as its compiled flows)."""
    spec = leaf.spec
    decision = spec.decision
    leaf.kept = (*_decision_functions(decision.who, decision.kinds, decision.offer_if), spec.path, decision.doc)
    return leaf.kept


def _short(value, limit: int = 80) -> str:
    """repr() of a refused value, cut short (a garbage argument may be huge)."""
    try:
        text = repr(value)
    except Exception:   # noqa: BLE001 - a garbage object's repr may fail too
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


def _check_not_started(game) -> None:
    if game.runner.stack or game.runner.finished:
        raise GameStateError("the game has already started; start() is called once, then advance()/apply()")


def _check_started(game) -> None:
    if not game.runner.stack and not game.runner.finished:
        raise GameStateError("the game has not started: call start() first")


def _runaway_turn(game) -> Runaway:
    """The located error for a turn that goes on and on with choices: the rules let some choices
    repeat without end (moving rear-guards in the main phase, CR 6.6.1.3), so an agent or a flow
    edit that never moves on would otherwise play one turn for hours."""
    where = game.runner.leaf().where
    recent = game.history[game.turn_began[1]:]
    counts: dict[str, int] = {}
    for action_id in recent:
        counts[action_id] = counts.get(action_id, 0) + 1
    top = sorted(counts.items(), key=lambda kv: -kv[1])[:3]
    return Runaway(where.path, where.line, where.col,
                   f"runaway turn: {len(recent)} decisions in turn {game.state.turn} without the turn ending, "
                   f"last at {' > '.join(game.runner.paths())}; most repeated: "
                   f"{', '.join(f'{a} x{n}' for a, n in top)} (an agent or a flow that never moves on? the "
                   f"bound is limits.decisions_per_turn in parameters.yaml)")


def _count_turn_decision(game) -> None:
    """One more decision in this turn: past limits.decisions_per_turn, a located `Runaway`
    before anything changes (`turn_began`: the turn, and the history's length at its start)."""
    turn = game.state.turn
    if turn != game.turn_began[0]:
        game.turn_began = (turn, len(game.history))
    elif len(game.history) - game.turn_began[1] >= game.decision_limit:
        raise _runaway_turn(game)


def _refuse_non_action(action, decision) -> None:
    """Only an action id or an `Action` (with a string id) may be applied: anything else (None, a
    number, a look-alike object) is an `IllegalAction`, never an AttributeError half-way through."""
    if isinstance(action, str) or (isinstance(action, Action) and isinstance(action.id, str)):
        return
    raise IllegalAction(f"{type(action).__name__} {_short(action)} is not an action (an action id string "
                        f"or an offered Action)", decision.ids() if decision else [])


def _conceded(game, action) -> bool:
    """Either player concedes at any decision (CR 1.2.4; game/concede.py): the game is over."""
    seat = conceding_seat(action)
    if seat is None:
        return False
    game.reads = None                # a writer runs from here on (`board_cache.close`)
    concede(game, seat)
    return True


def _match_action(action, decision) -> Action:
    """The offered action `action` names (an id, or an offered `Action`); else `IllegalAction`."""
    _refuse_non_action(action, decision)
    if decision is None:
        raise IllegalAction(f"no decision is pending ({_short(action)})", [])
    if not isinstance(action, str):
        for offered in decision.actions:   # agents hand back one of the offered objects
            if offered is action:
                return action
    chosen = decision.find(action if isinstance(action, str) else action.id)
    if chosen is None or (isinstance(action, Action) and chosen != action):
        what = action if isinstance(action, str) else action.id
        seat = "" if isinstance(action, str) or action.player == decision.player else \
            f" (it carries seat {action.player!r})"
        raise IllegalAction(f"{_short(what)} is not a legal action for player {decision.player} "
                            f"at {decision.kind}{seat}", decision.ids())
    return chosen


def _new_instances(game, card_ids, seat: int) -> range:
    """New instances of these cards, owned by `seat`: their numbers, in order (a whole deck at
    once, ~60 cards a game: one list extend rather than a call per card)."""
    cards, db = game.cards, game.db
    first = len(cards)
    cards.extend([db[card_id] for card_id in card_ids])
    game.owner.extend([seat] * (len(cards) - first))
    return range(first, len(cards))


class Game:
    __slots__ = ("flows", "db", "decks", "seed", "rng", "state", "cards", "owner", "hooks", "agenda",
                 "pending", "runner", "params", "trace_on", "moves", "history", "abilities", "chosen_at",
                 "move_limit", "decision_limit", "damage_limit", "turn_began", "reads")

    def __init__(self, flows: CompiledFlowSet, db, decks, seed: int = 0, fmt: str = "standard",
                 hooks: Hooks | None = None) -> None:
        self.flows, self.db, self.decks, self.seed = flows, db, decks, seed
        self.rng = GameRandom(seed)
        self.params = dict(flows.spec.parameters)   # flows/parameters.yaml, checked by its schema
        self.hooks = hooks or Hooks()
        self.cards: list = []
        self.owner: list[int] = []
        players = []
        for seat, deck in enumerate(decks):
            p = Player(seat, deck.name)
            p.deck.extend(_new_instances(self, deck.main, seat))
            p.g_zone.extend(_new_instances(self, deck.g_deck, seat))
            players.append(p)
        self.state = State(players, fmt)
        # the runner's LIFO stack of tasks: a deque, not a list. The agenda empties at every flow move,
        # and a list reallocates its buffer as it shrinks and frees it when empty (a new one at the next
        # extend), while a deque reuses its blocks: ~0.5% of a game's instructions
        self.agenda: deque = deque()
        self.pending: Decision | None = None
        self.runner = Runner(flows, self)
        self.moves = 0
        self.chosen_at = 0               # `moves` when the last action was applied (runaway bound)
        self.move_limit = self.params["limits"]["flow_moves_without_decision"]
        self.decision_limit = self.params["limits"]["decisions_per_turn"]
        # the format's damage limit (CR 9.2.2), which every check timing (~600 a game) compares the
        # damage zones with: read once, as the bounds above (a game's format does not change)
        self.damage_limit = self.params["damage_to_lose"][fmt]
        self.turn_began = (None, 0)      # (turn, len(history) at its first decision): the per-turn bound
        self.history: list[str] = []     # action ids applied, in order (replays)
        self.abilities = None            # the ability layer plugs in here (issue 4)
        self.reads = None                # values kept for this board version (`board_cache`)

    def _new_instance(self, card_id: str, seat: int) -> int:
        return _new_instances(self, (card_id,), seat)[0]

    # -- events ----------------------------------------------------------
    def emit(self, event: str, **fields) -> None:
        """A game event for subscribers (trace, log, abilities); nobody listening: one lookup."""
        for fn in self.hooks.event_subs[event]:    # (worked out at the first ask of the name)
            fn(self, event, fields)

    def emit_fields(self, event: str, fields: dict) -> None:
        """`emit` with the fields already in a dict, as an event naming the zone a card came `from` (a
        Python keyword) is sent: passed as `**{"from": ...}`, such an event costs ~7,000 instructions
        more than the same dict written out (the call, ride and guard events, a hundred a game)."""
        for fn in self.hooks.event_subs[event]:
            fn(self, event, fields)

    # -- scheduling --------------------------------------------------------
    def then(self, fn, *args) -> None:
        """Run `fn(game, *args)` next, before whatever was already scheduled."""
        self.agenda.append((fn, args))

    def schedule(self, tasks) -> None:
        """Run these (fn, args) tasks next, in the given order."""
        self.agenda.extend(reversed(tasks))

    def ask(self, player: int, kind: str, actions, resolver, prompt: str = "") -> None:
        """Pause for a choice raised inside an action. One option: taken at once."""
        actions = tuple(actions)
        if not actions:
            return
        if len(actions) == 1:
            resolver(self, actions[0])
            return
        self.pending = Decision(player, kind, actions, resolver, prompt)

    # -- running -----------------------------------------------------------
    def start(self) -> "Game":
        """Enter the root machine's initial state, once; `GameStateError` if already started."""
        _check_not_started(self)
        self.runner.start()
        return self

    def advance(self) -> Decision | None:
        """Run until a decision with two or more options is pending, or the game is over."""
        runner = self.runner
        if runner.finished:
            return None
        if not runner.stack:
            _check_started(self)     # not started: `GameStateError`
        while True:
            pending = self.pending
            if pending is not None:
                if len(pending.actions) > 1:
                    return pending
                self.apply(pending.actions[0])
                continue
            # tasks and flow moves until a decision or the end; asked as a method each time: most calls of
            # `advance` run it once or twice, and a method held in a local is an object made per call
            outcome = runner.run()
            if outcome is MOVE_DECISION:
                self.pending = _state_decision(self)
            elif outcome is MOVE_DONE:
                return None

    def step(self) -> str | None:
        """Drain the agenda, then one flow move: its kind, or None (a decision pending, or the end)."""
        _check_started(self)
        if self.pending is not None or self.runner.finished:
            return None
        outcome = self.runner.run(1)
        if outcome is MOVE_DECISION:
            self.pending = _state_decision(self)
        return outcome

    @property
    def position_label(self) -> str:
        """Where the game is, for run-time error messages (`machine.failure`)."""
        return f"turn {self.state.turn}"

    @property
    def over(self) -> bool:
        return self.runner.finished

    def legal_actions(self) -> tuple:
        return self.pending.actions if self.pending is not None else ()

    def apply(self, action: Action | str) -> None:
        """Take one legal action (its id, or an offered `Action`); else `IllegalAction`, nothing changed."""
        decision = self.pending
        chosen = None
        if decision is not None and action.__class__ is Action and action.id.__class__ is str:
            for offered in decision.actions:   # agents hand back one of the offered objects
                if offered is action:
                    chosen = action
                    break
        if chosen is None:   # an id, a copy, a wrong or an illegal action: checked in full
            if decision is not None and _conceded(self, action):
                return
            chosen = _match_action(action, decision)
        if self.state.turn != self.turn_began[0] or \
                len(self.history) - self.turn_began[1] >= self.decision_limit:
            _count_turn_decision(self)     # a new turn, or the runaway bound: checked in full
        self.reads = None                # a writer runs from here on (`board_cache.close`)
        self.pending = None
        self.chosen_at = self.moves
        self.history.append(chosen.id)
        if decision.resolver is not None:
            decision.resolver(self, chosen)
        else:
            frame = self.runner.stack[-1]
            kind = frame.answered = chosen.kind
            after = frame.flow.moves[frame.state].after_choice
            if after:     # the decision's after_each_choice: run once the choice is done
                self.agenda.extend(after)
            try:
                apply = _CHOICE_APPLY[kind]
            except KeyError:
                apply = _CHOICE_APPLY[kind] = REGISTRY.choices[kind].apply
            if apply is not None:     # None: the choice only steers the flow ('pass', 'battle')
                apply(self, chosen)

    # -- helpers used by rules -------------------------------------------
    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def card(self, instance: int):
        return self.cards[instance]

    def opponent(self, seat: int) -> int:
        return 1 - seat

    def decide(self, winner: int | None, loser: int | None, reason: str) -> None:
        """The game is decided: abandon every machine and go to the root's game-over state."""
        if self.state.result is None:
            self.state.result = (winner, loser, reason)
            self.runner.interrupt("game_decided")

    # -- snapshots (rewind) ------------------------------------------------
    def snapshot(self) -> tuple:
        # with the ability layer's count of abilities played since the last flow move: keyed by `moves`,
        # which a restore rewinds, it would count a search's iterations as one check timing (issue 29)
        layer = self.abilities
        return (self.state.clone(), list(self.agenda), self.runner.snapshot(), self.rng.position(),
                self.pending, self.moves, tuple(self.history), layer.played_at if layer is not None else None,
                self.turn_began)

    def restore(self, snap: tuple) -> None:
        state, agenda, runner, rng, pending, moves, history, played, self.turn_began = snap
        close(self)
        self.state = state.clone()
        self.agenda = deque(agenda)
        self.runner.restore(runner)
        self.rng.go_to(rng)
        self.pending = pending
        self.moves = self.chosen_at = moves
        self.history[:] = history     # the whole line: restoring a later snapshot brings its choices back
        if played is not None and self.abilities is not None:
            self.abilities.played_at = played
