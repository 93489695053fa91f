"""Legal actions and decisions as small value objects (OpenSpiel style).

The game runs until it needs a choice, then exposes a `Decision`: who decides and
the list of legal `Action`s, each with a stable readable id
(`call:hand[2]->front_left`, `attack:VC->VC`, `guard:hand[0]->VC`, `pass`).
"""
from __future__ import annotations


class Action:
    __slots__ = ("id", "kind", "player", "args")

    def __init__(self, id: str, kind: str, player: int, args: tuple = ()) -> None:
        self.id = id
        self.kind = kind
        self.player = player
        self.args = args

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and (self.id, self.kind, self.player, self.args) == \
            (other.id, other.kind, other.player, other.args)

    def __hash__(self) -> int:
        return hash((self.id, self.kind, self.player))

    def __repr__(self) -> str:
        return f"Action({self.id!r}, player={self.player})"


class KeptActions(dict):
    """Offered actions kept by what makes them, for a legal-action generator whose options come back
    decision after decision (the main phase's calls after each call, the guard step's guardians after
    each guardian) and game after game: an `Action` is an immutable value, so the same object is
    offered again instead of its id being formatted and a new one built (a thousand options a game).
    A key holds everything the action's id, kind, seat and arguments are made from, so a kept action
    is the one a fresh build would give. Bounded: the stores are kept while games are made of the
    same cards (`keep_for`, from `factory.new_game`: a simulation of one pairing fills them in its
    first few hundred games, then they barely grow), emptied when the cards change, and each is
    emptied when full."""

    __slots__ = ()
    LIMIT = 4096
    STORES: list = []
    kept_for = None       # the cards of the games whose options the stores hold (`keep_for`)

    def __init__(self) -> None:
        super().__init__()
        KeptActions.STORES.append(self)

    @classmethod
    def forget_all(cls) -> None:
        for store in cls.STORES:
            store.clear()
        cls.kept_for = None

    @classmethod
    def keep_for(cls, cards) -> None:
        """A game of `cards` (each seat's instances, as card ids in order) is made: the stores go on
        if the last game was made of the same, else they start empty."""
        if cards != cls.kept_for:
            cls.forget_all()
            cls.kept_for = cards

    def new(self, key, action_id: str, kind: str, player: int, args: tuple = ()) -> "Action":
        return self.keep(key, Action(action_id, kind, player, args))

    def keep(self, key, value):
        """Keep `value` (an action, or a row of them) under `key`; returns it."""
        if len(self) >= self.LIMIT:
            self.clear()
        self[key] = value
        return value


class Decision:
    """A pending choice. `resolver` is None for a flow state's decision (the action's
    kind is applied through the registry) or a function(game, action) for a choice
    raised in the middle of an action (a trigger's target, a card to remove ...)."""

    __slots__ = ("player", "kind", "actions", "resolver", "prompt", "_by_id")

    def __init__(self, player: int, kind: str, actions: tuple, resolver=None, prompt: str = "") -> None:
        self.player = player
        self.kind = kind
        self.actions = actions
        self.resolver = resolver
        self.prompt = prompt
        self._by_id = None

    def find(self, action_id: str) -> Action | None:
        if self._by_id is None:
            self._by_id = {a.id: a for a in self.actions}
        return self._by_id.get(action_id)

    def ids(self) -> list[str]:
        return [a.id for a in self.actions]

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}, {len(self.actions)} actions)"


class IllegalAction(ValueError):
    """An action that is not legal now. The game state is unchanged."""

    def __init__(self, message: str, legal: list[str]) -> None:
        self.legal = legal
        shown = ", ".join(legal[:30]) + (" ..." if len(legal) > 30 else "")
        super().__init__(f"{message}; legal now: {shown or 'nothing (no decision pending)'}")


class GameStateError(RuntimeError):
    """The game was driven out of order (`start()` twice, `advance()` before `start()`).
    Nothing was changed."""
