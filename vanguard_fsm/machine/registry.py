"""The only way a name written in a flow file becomes code.

Flows name conditions, actions and decision kinds; the game layer registers a
function under each name. A name that is not registered is a lint error, and a
dotted name such as `os.system` is never imported: there is no path from YAML to
`import` or `eval`. Timings are names too: flows declare them, and the engine
registers the events it raises itself (`when_attacks`, ...) so card data can be
checked against both.
"""
from __future__ import annotations

import difflib
import inspect
from typing import Callable, Iterable

from .renamed import register_renamed


def doc_paragraphs(text: str | None) -> list[str]:
    """A docstring's paragraphs, each on one line (the first is the summary `names` lists);
    its `Example:` lines are left out: the references show them apart."""
    paragraphs, lines = [], []
    for line in inspect.cleandoc(text or "").splitlines() + [""]:
        if line.strip() and not line.strip().startswith("Example:"):
            lines.append(line.strip())
        elif lines and not line.strip():
            paragraphs.append(" ".join(lines))
            lines = []
    return paragraphs


class Section:
    """One namespace of registered names (conditions, actions, ...)."""

    __slots__ = ("kind", "_items", "_docs", "_contexts", "_renamed", "_then")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, object] = {}
        self._docs: dict[str, str] = {}
        self._contexts: dict[str, tuple] = {}     # name -> (needs, gives, ends)
        self._renamed: dict[str, tuple] = {}      # deprecated name -> (current name, why)
        self._then: dict[str, str] = {}           # name -> what must follow it (lint hint)

    def rename(self, old: str, new: str, why: str = "") -> None:
        """`old`, a name flows written for an older flow language use, is now `new`: it still
        resolves (to whatever `new` resolves to), and lint warns at each use, naming `new`."""
        if not old.isidentifier() or old in self._items:
            raise ValueError(f"{self.kind} {old!r}: a deprecated name must be a plain identifier no item uses")
        self._renamed[old] = (new, why)

    def current_name(self, name: str) -> str:
        """The name a deprecated one became (through every later rename); other names unchanged."""
        seen = set()
        while isinstance(name, str) and name in self._renamed and name not in seen:
            seen.add(name)
            name = self._renamed[name][0]
        return name

    def deprecated(self) -> dict[str, tuple]:
        """Deprecated name -> (current name, why), for lint and `vanguard-fsm names`."""
        return dict(sorted(self._renamed.items()))

    def deprecation_message(self, name: str) -> str | None:
        """The lint warning for a deprecated name, or None for a current one."""
        if not isinstance(name, str) or name not in self._renamed:
            return None
        why = self._renamed[name][1]
        return (f"deprecated {self.kind} {name!r}: write {self.current_name(name)!r}"
                + (f" ({why})" if why else ""))

    def declare(self, name: str, needs=(), gives=(), ends=(), then: str = "") -> None:
        """The contexts a name needs where it is written, and those it starts or ends
        (`machine.contexts` follows them through the flows; lint refuses a misuse);
        `then`: what the flows must do next when it starts an open context (lint's hint)."""
        self._contexts[name] = (tuple(needs), tuple(gives), tuple(ends))
        if then:
            self._then[name] = then

    def then(self, name: str) -> str:
        return self._then.get(self.current_name(name), "")

    def needs(self, name: str) -> tuple:
        return self._contexts.get(self.current_name(name), ((), (), ()))[0]

    def gives(self, name: str) -> tuple:
        return self._contexts.get(self.current_name(name), ((), (), ()))[1]

    def ends(self, name: str) -> tuple:
        return self._contexts.get(self.current_name(name), ((), (), ()))[2]

    def register(self, name: str, item: object, doc: str = "") -> None:
        if not name.isidentifier():
            raise ValueError(f"{self.kind} name {name!r} must be a plain identifier")
        if name in self._items and self._items[name] is not item:
            raise ValueError(f"{self.kind} {name!r} registered twice")
        self._items[name] = item
        own = getattr(item, "__doc__", "") if callable(item) or hasattr(item, "doc") else ""
        self._docs[name] = doc or getattr(item, "doc", "") or own or ""

    def __call__(self, name: str | None = None) -> Callable:
        """Decorator form: `@REGISTRY.conditions("attacker_drives")`."""
        def deco(fn):
            self.register(name or fn.__name__, fn)
            return fn
        return deco

    def __contains__(self, name: str) -> bool:
        # a list or dict from a file is no name; a deprecated name is known through its new one
        if not isinstance(name, str):
            return False
        return name in self._items or (name in self._renamed and self.current_name(name) in self._items)

    def __getitem__(self, name: str):
        items = self._items
        return items[name] if name in items else items[self.current_name(name)]

    def get(self, name: str, default=None):
        if not isinstance(name, str):
            return default
        items = self._items
        return items[name] if name in items else items.get(self.current_name(name), default)

    def names(self) -> list[str]:
        return sorted(self._items)

    def doc(self, name: str) -> str:
        """The summary: the doc's first paragraph, whole (not its first line)."""
        return next(iter(doc_paragraphs(self._docs.get(self.current_name(name), ""))), "")

    def details(self, name: str) -> list[str]:
        """The doc's other paragraphs (`explain` and the references show them)."""
        return doc_paragraphs(self._docs.get(self.current_name(name), ""))[1:]

    def unknown_message(self, name: str) -> str:
        """`unknown condition 'atacker_drives' (did you mean 'attacker_drives'?)`"""
        if "." in name or "/" in name or "(" in name:
            return (f"unknown {self.kind} {name!r}: names resolve only through the registry; "
                    f"dotted paths, imports and expressions are never executed")
        close = difflib.get_close_matches(name, self._items, n=1, cutoff=0.75)
        if close:
            return f"unknown {self.kind} {name!r} (did you mean {close[0]!r}?)"
        known = self.names()
        listed = ", ".join(known) if len(known) <= 12 else ", ".join(known[:12]) + ", ..."
        key = self.kind.replace(" ", "_") + "s"
        return f"unknown {self.kind} {name!r} (known: {listed}; see `vanguard-fsm names {key}`)"


class Registry:
    """Everything flows may name. One process-wide instance: `REGISTRY`."""

    def __init__(self) -> None:
        self.conditions = Section("condition")
        self.actions = Section("action")
        self.choices = Section("decision kind")
        self.engine_events = Section("engine event")
        self.deciders = Section("decider")  # who decides: turn_player, non_turn_player, ...
        self.interrupts = Section("interrupt")  # raised by the engine; the root flow says where each goes
        self.contexts: dict[str, str] = {}  # context name -> what it means (see machine/contexts.py)
        self.obligations: dict[str, tuple] = {}   # context -> decision kinds allowed while it is open

    def declare_context(self, name: str, doc: str, settle_before_decisions: bool = False,
                        allowed_kinds=()) -> None:
        """A context names, in `needs`/`gives`/`ends`, something that holds. With
        `settle_before_decisions`, it is also work a choice leaves open (a G unit chosen,
        its cost unpaid): an action must end it before any flow decision is offered, except
        a decision whose kinds are all in `allowed_kinds` (machine/obligations.py)."""
        self.contexts[name] = doc
        if settle_before_decisions:
            self.obligations[name] = tuple(allowed_kinds)

    def register_engine_events(self, names: Iterable[str] | dict) -> None:
        """`names`: event names, or a mapping name -> what raises it (its doc)."""
        docs = names if isinstance(names, dict) else {}
        for name in names:
            self.engine_events.register(name, name, docs.get(name, "") or f"engine event {name}")


REGISTRY = Registry()
register_renamed(REGISTRY)      # older flow files' names, as deprecated aliases (renamed.py)
