"""`vanguard-fsm lint` for card data: every name an ability uses must be registered.

Checks each ability of each card file (the built-in set unless told otherwise), and the
costs of the G unit skills `stride:` and `g_guardian:`:
kind, zone, timing (an AUTO timing must be declared by some flow state or be a
known engine event), conditions, costs, effects and their parameters, targets
(selectors and filters), card choices, and abilities given by `give` — each
problem as `path:line:col: message`, located with `machine.yamlsrc`.
"""
from __future__ import annotations

import re
from pathlib import Path

from ... import cache_files
from ...game import rules  # noqa: F401  (registers the engine events)
from ...game.cards import SKILLS, CardError, card_files, load_cards, printed_problem
from ...machine.loader import load_flowset
from ...machine.registry import REGISTRY
from ...machine.yamlsrc import SourceError, load
from ...paths import builtin_flows_dir
from ..effects import basic, branches, zone_effects  # noqa: F401  (registration)
from ..language import conditions, costs  # noqa: F401  (registration)
from ..language.costs import REPLACED
from .terms import SCALAR_KINDS, TermChecks, unknown as _unknown
from ..effects.basic import CARD_ZONES
from ..runtime.events import WATCHED
from ..language.registry import ABILITIES
from ..mechanics.cont_restrictions import CONT_ONLY
from ..mechanics.deck_rules import DECK_RULES
from .composite import LIST_KINDS, CompositeChecks
from .reads import clan_read_in_also_clan, everywhere, power_read_in_cont
from .watch import check_watch
from ..language.spec import DEFAULT_TIMING, KINDS, ONCE, ZONE_NAMES
from ..language.filters import FILTER_KEYS

# the G unit skills whose cost card data writes in the cost vocabulary (CR 11.11.2, 11.14)
SKILLS_WITH_COSTS = ("stride", "g_guardian")
ABILITY_KEYS = ("kind", "zone", "timing", "watch", "conditions", "if", "optional", "cost", "effect", "text", "unexpressed")
# engine events about the card itself: a zone may be omitted (CR 8.1.1.2.1)
SELF_EVENTS = frozenset(REGISTRY.engine_events.names())


def _check_clauses(linter, raw, path, kind, timing) -> None:
    """An ability's `if:` ("If (requirement)", CR 8.1.1.1.2, 8.1.1.2.3): conditions read as it resolves;
    and its `watch:`, the parameters of a watcher timing (`watch.py`)."""
    check_watch(linter, raw, path, kind, timing)
    for i, item in enumerate(raw.get("if", ()) or ()):
        if linter.named(item, path + ("if", i), ABILITIES.conditions) in ONCE:
            linter.error(path + ("if", i), "a once-per limit applies even when the requirement fails "
                                           "(CR 8.1.1.2.3.1): write it in conditions")
    if "if" in raw and kind == "CONT":
        linter.key_error(path, "if", "a CONT ability has no resolution: its requirement goes in conditions")
    if kind == "CONT":
        power_read_in_cont(linter, raw, path)
        clan_read_in_also_clan(linter, raw, path)


class Linter(TermChecks, CompositeChecks):
    def __init__(self, doc, timings: set[str], states: frozenset = frozenset()) -> None:
        self.doc = doc
        self.timings = timings
        self.states = states     # `machine.state` paths of the flows being linted (a variant's own)
        self.problems: list[SourceError] = []
        self.kind = None     # the kind of the ability whose effects are being checked
        self.zone = None     # and the zone it works from (`self` is the card there)

    def error(self, path, message) -> None:
        self.problems.append(self.doc.error(path, message))

    def key_error(self, path, key, message) -> None:
        line, col = self.doc.marks.get(tuple(path) + (key, "__key__"), self.doc.where(path))
        self.problems.append(SourceError(self.doc.path, line, col, message))

    # -- one ability ------------------------------------------------------------
    def ability(self, raw, path) -> None:
        if not isinstance(raw, dict):
            self.error(path, "an ability is a mapping (kind, zone, timing, conditions, cost, effect ...)")
            return
        for key in raw:
            if key not in ABILITY_KEYS:
                close = _unknown("ability field", key, ABILITY_KEYS)
                self.key_error(path, key, close + ("" if "did you mean" in close else f" (fields: {', '.join(ABILITY_KEYS)})"))
        kind = raw.get("kind")
        if kind not in KINDS:
            self.error(path + ("kind",), f"kind must be one of {', '.join(KINDS)} (got {kind!r})")
            return
        if "unexpressed" in raw and not (isinstance(raw["unexpressed"], str) and raw["unexpressed"].strip()):
            self.error(path + ("unexpressed",), "unexpressed says why, in words (a non-empty text)")
        if "unexpressed" in raw and not raw.get("effect"):
            return         # kept as data only: the printed ability is never played (spec.playable)
        zone = raw.get("zone")
        timing = raw.get("timing")
        if zone is not None and zone not in ZONE_NAMES:
            self.error(path + ("zone",), f"unknown zone {zone!r} (zones: {', '.join(ZONE_NAMES)})")
        if kind == "AUTO":
            if not isinstance(timing, str) or timing not in self.timings:   # a list is no timing (nor hashable)
                self.error(path + ("timing",), _unknown("timing", timing, self.timings)
                           + " (no flow state declares it and it is not an engine event)")
            elif zone is None and (timing not in SELF_EVENTS or timing in WATCHED):
                self.error(path, f"AUTO ability at flow timing {timing!r} needs a zone to work from")
        else:
            if zone is None and not (everywhere(raw) or _deck_rule(raw)):   # also a <<clan>> / deck building
                self.error(path, f"a {kind} ability needs a zone")
            if timing is not None and timing != DEFAULT_TIMING[kind]:
                self.error(path + ("timing",), f"a {kind} ability has no trigger timing "
                                               f"(omit it, or write {DEFAULT_TIMING[kind]!r})")
        names = []
        for i, item in enumerate(raw.get("conditions", ()) or ()):
            name = self.named(item, path + ("conditions", i), ABILITIES.conditions)
            names.append(name)
            self.cause_watched(name, kind, timing, path + ("conditions", i))
        _check_clauses(self, raw, path, kind, timing)
        for i, item in enumerate(raw.get("cost", ()) or ()):
            self.named(item, path + ("cost", i), ABILITIES.costs)
        if kind == "ACT" and not raw.get("cost") and not any(n in ONCE for n in names):
            self.error(path, "an ACT ability needs a cost or once_per_turn / once_per_game "
                             "(otherwise it could be played forever)")
        if "optional" in raw and not isinstance(raw["optional"], bool):
            self.error(path + ("optional",), "optional is true or false")
        items = raw.get("effect", ())
        outer, self.kind, self.zone = (self.kind, self.zone), kind, zone
        listed = isinstance(items, (list, tuple))     # a single effect may be written without a list
        for i, item in enumerate(items if listed else (items,)):
            self.effect(item, path + (("effect", i) if listed else ("effect",)))
        self.game_end_last(items if listed else (items,), path + ("effect",))
        self.kind, self.zone = outer
        if not items and kind != "CONT":
            self.error(path, "an ability needs an effect")

    def named(self, item, path, section):
        """A bare name or a one-key mapping, checked against a registry section."""
        if isinstance(item, str):
            name, arg, has_arg = item, None, False
        elif isinstance(item, dict) and len(item) == 1:
            (name, arg), = item.items()
            has_arg = True
        else:
            self.error(path, "expected a name or a one-key mapping {name: argument}")
            return None
        if section is ABILITIES.costs and name in REPLACED:
            self.error(path, f"cost {name!r} is gone: write {REPLACED[name](arg)} (the discard cost with filters)")
            return name
        if name not in section:
            self.error(path, section.unknown_message(str(name)))
            return name
        entry = section[name]
        if entry.arg == "none" and has_arg and arg is not None:
            self.error(path, f"{section.kind} {name!r} takes no argument")
        elif entry.arg != "none":
            if not has_arg and not (entry.arg in ("int", "pick") and section is ABILITIES.costs):   # a bare cost is 1
                self.error(path, f"{section.kind} {name!r} needs an argument ({entry.arg})")
            elif has_arg:
                self.arg(entry.arg, arg, path + (name,), f"{section.kind} {name!r}")
        return name

    def arg(self, kind, value, path, what) -> None:
        if kind in SCALAR_KINDS:
            self.scalar(kind, value, path, what)
        elif kind == "target":
            self.target(value, path)
        elif kind == "cards":
            self.cards(value, path)
        elif kind == "ability":
            self.ability(value, path)
        elif kind in ("count", "number"):
            self.count(value, path, what, negative=kind == "number")
        elif kind == "comparison":
            self.comparison(value, path, what)
        elif kind == "bound":
            self.bound(value, path, what)
        elif kind in ("pick", "move"):      # a cost's pick; move_cards' zones and pick (`terms.py`)
            getattr(self, kind)(value, path, what)
        elif kind in LIST_KINDS:
            self.composite(kind, value, path, what)
        elif isinstance(kind, tuple) and value not in kind:
            self.error(path, f"{what} is one of {', '.join(kind)} (got {value!r})")

    def effect(self, item, path) -> None:
        if isinstance(item, str):
            if item not in ABILITIES.effects:
                self.error(path, ABILITIES.effects.unknown_message(item))
            elif item in CONT_ONLY and self.kind != "CONT":
                self.error(path, f"effect {item!r} is a restriction: write it in a CONT ability")
            elif ABILITIES.effects[item].arg not in ("none", "cards"):
                self.error(path, f"effect {item!r} needs an argument ({ABILITIES.effects[item].arg})")
            return
        if not isinstance(item, dict):
            self.error(path, "an effect is a name or a mapping {effect: argument, parameter: value ...}")
            return
        names = [k for k in item if k in ABILITIES.effects]
        if len(names) != 1:
            unknown = [k for k in item if k not in ABILITIES.effects]
            message = (ABILITIES.effects.unknown_message(str(unknown[0])) if not names and unknown
                       else f"an effect item names exactly one effect (found {names})")
            self.error(path, message)
            return
        entry = ABILITIES.effects[names[0]]
        if names[0] in CONT_ONLY and self.kind != "CONT":
            self.error(path + (names[0],), f"effect {names[0]!r} is a restriction: write it in a CONT ability")
        if entry.arg == "none" and item[names[0]] is not None and item[names[0]] is not True:   # not 1 (== True)
            self.error(path + (names[0],), f"effect {names[0]!r} takes no argument (got {item[names[0]]!r})")
        self.arg(entry.arg, item[names[0]], path + (names[0],), f"effect {names[0]!r}")
        self.in_cont(names[0], item[names[0]], path + (names[0],))
        self.leaps_a_rear_guard(names[0], item[names[0]], path + (names[0],))
        self.together(names[0], item, path)
        for key, value in item.items():
            if key == names[0]:
                continue
            if key not in entry.params:
                self.key_error(path, key, f"effect {names[0]!r} has no parameter {key!r}"
                               + (f" (parameters: {', '.join(entry.params)})" if entry.params else ""))
            elif entry.params[key] == "none":      # a flag: `every: true` (left out when it does not apply)
                if value is not True:
                    self.error(path + (key,), f"{names[0]}.{key} is a flag: write `{key}: true` or leave it out "
                                              f"(got {value!r})")
            else:
                self.arg(entry.params[key], value, path + (key,), f"{names[0]}.{key}")

    def target(self, value, path) -> None:
        if isinstance(value, str):
            if value not in ABILITIES.selectors:
                self.error(path, ABILITIES.selectors.unknown_message(value))
            return
        if not isinstance(value, dict):
            self.error(path, "a target is a selector name or {from: selector, choose: N, up_to: bool, filters}")
            return
        source = value.get("from", "your_units")
        if not isinstance(source, str):
            self.error(path + ("from",), f"'from' names one target selector, not a {type(source).__name__} "
                                         f"(`vanguard-fsm names targets`)")
        elif source not in ABILITIES.selectors:
            self.error(path + ("from",), ABILITIES.selectors.unknown_message(str(source)))
        self.choice_keys(value, path, units=True)

    def cards(self, value, path) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            self.error(path, "a card choice is {from: zone, choose: N, up_to: bool, filters}")
            return
        if value.get("from", "hand") not in CARD_ZONES:
            self.error(path + ("from",), f"cards come from one of {', '.join(CARD_ZONES)} "
                                         f"(got {value.get('from')!r})")
        self.choice_keys(value, path)

    def choice_keys(self, value, path, units=False) -> None:
        for key, arg in value.items():
            if key == "from":
                continue
            if key == "choose":     # how many units may be a count ("one for each ...")
                self.arg("count" if units else "int", arg, path + (key,), "choose")
            elif key == "up_to":
                if not isinstance(arg, bool):
                    self.error(path + (key,), "up_to is true or false")
            elif key not in FILTER_KEYS:
                self.filter_key(key, arg, path, value)


def known_timings(flows_dir) -> set[str]:
    """Every timing a flow state declares, plus the engine events."""
    timings = set(REGISTRY.engine_events.names())
    return timings | load_flowset(flows_dir if flows_dir is not None else builtin_flows_dir()).declared_timings()


def printed_skill_names(flowset) -> list[SourceError]:
    """`printed_cards.skill_grades` names only skills the card schema knows (a misspelt skill
    would silently forbid the real one), each problem at its line in parameters.yaml."""
    unknown = [s for s in flowset.parameters["printed_cards"]["skill_grades"] if s not in SKILLS]
    if not unknown or flowset.parameters_path is None:
        return []
    doc = load(Path(flowset.parameters_path))
    return [doc.error(("parameters", "printed_cards", "skill_grades", s, "__key__"),
                      f"{_unknown('skill', s, SKILLS)} in printed_cards.skill_grades (skills: {', '.join(SKILLS)})")
            for s in unknown]


def lint_cards(flows_dir=None, cards_path=None) -> list[SourceError]:
    """Problems in the abilities of the card files (built-in set by default), and printed numbers
    the flows' parameters do not allow (`printed_cards`, RULES 1.1-1.3), sorted by place."""
    flowset = load_flowset(flows_dir if flows_dir is not None else builtin_flows_dir())
    timings = set(REGISTRY.engine_events.names()) | flowset.declared_timings()
    states = frozenset(f"{f.name}.{p}" for f in flowset.flows.values() for p in f.all_states)
    try:
        db = load_cards(cards_path)     # shape and card rules first (jsonschema + the checks of game/cards.py)
        files = card_files(cards_path)
    except CardError as exc:
        return [SourceError(exc.path, exc.line, exc.col, exc.message)]
    problems: list[SourceError] = printed_skill_names(flowset)
    printed = flowset.parameters["printed_cards"]
    context = _lint_context(timings, states)
    for file in files:
        try:
            doc = load(file)
        except SourceError as exc:
            problems.append(exc)
            continue
        linter = Linter(doc, timings, states)
        key = _clean_key(doc, context)
        clean = key is not None and cache_files.read_value("card-lint", key) is True
        printed_count = 0
        for ci, card in enumerate((doc.data or {}).get("cards", ()) or ()):
            problem = printed_problem(db[card["id"]], printed)     # parameters: checked every time
            if problem is not None:
                field, message = problem
                printed_count += 1
                linter.error(("cards", ci, field) if field in card else ("cards", ci), f"card {card['id']!r}: {message}")
            if clean:
                continue
            for ai, ability in enumerate(card.get("abilities", ()) or ()):
                linter.ability(ability, ("cards", ci, "abilities", ai))
            for skill in SKILLS_WITH_COSTS:     # `stride: {cost: [...]}`, `g_guardian: {cost: [...]}`
                for i, item in enumerate(((card.get(skill) or {}).get("cost") or ())):
                    linter.named(item, ("cards", ci, skill, "cost", i), ABILITIES.costs)
        if key is not None and not clean and len(linter.problems) == printed_count:
            cache_files.write_value("card-lint", key, True)
        problems.extend(linter.problems)
    return sorted(problems, key=lambda p: (p.path, p.line, p.col))


def _lint_context(timings, states) -> str | None:
    """Everything but the file that the lint of a card file's abilities depends on: the code
    (abilities may import only game, machine and the foundation modules: tests/test_architecture.py),
    the names registered when it runs, and the flows' timings and states. None: caching is off."""
    if not cache_files.enabled():
        return None
    code = cache_files.code_fingerprint("__init__.py", "paths.py", "schema_messages.py", "abilities", "game", "machine")
    sections = (ABILITIES.conditions, ABILITIES.costs, ABILITIES.effects, ABILITIES.selectors, ABILITIES.filters,
                ABILITIES.zones, REGISTRY.engine_events)
    names = [f"{s.kind}:{n}:{getattr(s[n], 'arg', '')!r}:{sorted(getattr(s[n], 'params', {}))}"
             for s in sections for n in s.names()]
    return cache_files.digest(code, *names, "", *sorted(timings), "", *sorted(states))


def _clean_key(doc, context: str | None) -> str | None:
    """The name under which a card file's abilities are remembered as clean (no problem):
    only a clean lint is remembered, so a problem is found and said again, exactly."""
    return None if context is None or doc.digest is None else cache_files.digest(doc.digest, context)


# "at the beginning of your ride phase": a flow timing fires in both players' turns, so the
# ability needs a turn condition to trigger only in the turn its text names (CR 8.1.1.2.1)
_YOUR_TIMING = re.compile(r"\b(?:beginning|start|end) of your\b", re.IGNORECASE)
TURN_CONDITIONS = ("your_turn", "opponent_turn", "during_your")


def card_warnings(cards_path=None) -> list[SourceError]:
    """Warnings (never refusals) on card files: an AUTO ability on a flow timing whose text says
    "... of your <phase or step>" but whose conditions name no turn (your_turn, opponent_turn).
    An ability kept as data only (no `effect`: never played) triggers nothing, so is not warned of."""
    out = []
    for file in card_files(cards_path):
        doc = load(file)
        for ci, card in enumerate((doc.data or {}).get("cards", ()) or ()):
            for ai, ability in enumerate(card.get("abilities", ()) or ()):
                if not isinstance(ability, dict) or ability.get("kind") != "AUTO" or "effect" not in ability \
                        or ability.get("timing") in SELF_EVENTS or not _YOUR_TIMING.search(str(ability.get("text", ""))):
                    continue
                names = {item if isinstance(item, str) else next(iter(item), None)
                         for item in ability.get("conditions", ()) or () if isinstance(item, (str, dict))}
                if not names & set(TURN_CONDITIONS):
                    out.append(doc.error(("cards", ci, "abilities", ai, "timing"),
                                         f"warning: {card.get('id')}: its text names your turn's timing but no "
                                         f"condition says whose turn: it also triggers in the opponent's turn; "
                                         f"add your_turn (or opponent_turn)"))
    return out


def _deck_rule(raw) -> bool:
    """A CONT ability whose one effect changes how a deck is built (CR 5.1.2): it has no zone."""
    effect = raw.get("effect")
    return raw.get("kind") == "CONT" and isinstance(effect, dict) and bool(DECK_RULES & set(effect))
