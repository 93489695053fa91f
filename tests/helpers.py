"""Shared test helpers: play games with invariant checks, traces as text, a watchdog."""
from __future__ import annotations

import io
import shutil
import signal
from collections import Counter
from contextlib import contextmanager

import vanguard_fsm.abilities  # noqa: F401  (registers the card costs: a G guardian's cost names one)
from vanguard_fsm.agents import make_agent
from vanguard_fsm.game.factory import new_game
from vanguard_fsm.game.state import BACK_ROW, CIRCLES, FRONT_ROW
from vanguard_fsm.machine.hooks import Hooks
from vanguard_fsm.paths import builtin_cards_dir, builtin_flows_dir
from vanguard_fsm.record.trace import TraceRecorder


def trace_text(seed, agents=("random", "random"), fmt="standard", flows_dir=None, decks=None) -> str:
    hooks = Hooks()
    out = io.StringIO()
    TraceRecorder(hooks, out, keep=False)
    game = new_game(seed, decks, fmt, flows_dir, hooks=hooks)
    play(game, agents, seed)
    return out.getvalue()


def play(game, agents, seed, check=None):
    players = [make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)]
    while True:
        decision = game.advance()
        if decision is None:
            return game
        action = players[decision.player].choose(game, decision)
        if check is not None:
            check(game, decision, action)
        game.apply(action)


def conservation(game, initial) -> None:
    """Each player's cards across all zones are exactly their deck + G deck; one unit per circle."""
    for seat, p in enumerate(game.state.players):
        cards = p.all_instances()
        assert Counter(cards) == initial[seat], f"seat {seat}: cards appeared or vanished"
        assert all(game.owner[i] == seat for i in cards)
        assert set(p.circles) == set(CIRCLES)


def rule_check(game, decision, action) -> None:
    """An independent re-check of the main legality rules for each action taken."""
    state = game.state
    assert action in decision.actions
    p = state.players[action.player]
    vg = game.cards[p.circles["VC"].card].grade if p.circles["VC"] else -1
    kind = action.kind
    if kind == "normal_call":
        inst, circle = action.args
        assert inst in p.hand and game.cards[inst].grade <= vg, "3.3.4: call grade <= vanguard grade"
        assert circle != "VC"
    elif kind == "ride":
        g = game.cards[action.args[0]].grade
        assert vg <= g <= vg + 1 and not p.rode, "3.3.3.1: ride grade = or +1, once per turn"
    elif kind == "guard":
        assert game.cards[action.args[0]].grade <= vg, "CR 7.5.1.2.2: guardian grade <= vanguard grade"
    elif kind == "attack":
        attacker, target = action.args
        assert state.turn > 1, "CR.start: no attack on the first player's first turn"
        assert attacker in FRONT_ROW and not p.circles[attacker].rested
        assert target in FRONT_ROW
    elif kind == "boost":
        back = action.args[0]
        assert back in BACK_ROW and "boost" in game.cards[p.circles[back].card].skills
    elif kind == "intercept":
        assert action.args[0] != state.battle.target, "CR 7.5.1.2.4: the attacked unit cannot intercept"
    elif kind == "stride":
        opp = state.players[1 - action.player]
        assert vg >= 3 and game.cards[opp.circles["VC"].card].grade >= 3, "3.3.3.2: both vanguards grade 3+"


def play_checked(seed, agents, fmt="standard"):
    """A full game with the conservation invariant after every flow state entered."""
    hooks = Hooks()
    game = new_game(seed, None, fmt, hooks=hooks, start=False)
    initial = [Counter(p.all_instances()) for p in game.state.players]
    hooks.on("state", lambda g, machine, path: conservation(g, initial))
    game.start()
    play(game, agents, seed, rule_check)
    conservation(game, initial)
    return game


_PLAIN = ("deck", "hand", "soul", "damage", "drop", "g_zone", "bind", "removed")


def engine_zones(game, seat) -> dict[str, list[int]]:
    """The engine's zones as the trace names them; a checked card counts where it goes next."""
    state = game.state
    p = state.players[seat]
    zones = {z: list(getattr(p, z)) for z in _PLAIN}
    if p.trigger:
        zones["hand" if seat == state.turn_player else "damage"] += p.trigger
    for circle in CIRCLES:
        u = p.circles[circle]
        cards = []
        if u is not None:
            cards.append(u.card)
            if u.heart is not None:
                cards.append(u.heart)
            if u.mate is not None:
                cards.append(u.mate.card)
        zones[circle] = cards
    for circle, u in p.overloaded:
        zones[circle].append(u.card)
    for circle, card in p.locked.items():     # a locked card lies on its circle (CR 4.6.7): the trace's lock/unlock move nothing
        zones[circle].append(card)
    zones["GC"] = [u.card for u in p.gc]
    zones["damage_down"] = [i for i in p.damage if i in p.face_down]
    zones["g_up"] = [i for i in p.g_zone if i in p.g_face_up]
    return zones


# A one-card file whose sixth line is the card's `abilities: [...]` (the lint tests' frame).
ONE_CARD_HEAD = "clan: C\nnation: N\nrace: R\ncards:\n  - {id: X-1, name: A, grade: 1, power: 1, shield: 0, unit: normal,\n"


def assert_one_located_lint_problem(tmp_path, ability: str, token: str, fragment: str) -> None:
    """Card lint finds exactly one problem in `ability`, at the column of `token`, saying `fragment`."""
    from vanguard_fsm.abilities.lint.cards import lint_cards
    path = tmp_path / "cards.yaml"
    path.write_text(ONE_CARD_HEAD + "     abilities: [" + ability + "]}\n", encoding="utf-8")
    problems = [str(p) for p in lint_cards(None, path)]
    line = path.read_text().splitlines()[5]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:6:{line.index(token) + 1}: ") and fragment in problems[0], problems[0]


# -- a designer's edit of a copy (issue 11's tests) ---------------------------------------

def copy_flows(tmp_path, name: str = "flows"):
    """A copy of the built-in flows directory to edit."""
    flows = tmp_path / name
    shutil.copytree(builtin_flows_dir(), flows)
    return flows


def copy_cards(tmp_path, extra: str | None = None, name: str = "cards"):
    """A copy of the built-in cards directory, plus `extra` (a card file's text) as zz_test.yaml."""
    cards = tmp_path / name
    shutil.copytree(builtin_cards_dir(), cards)
    if extra is not None:
        (cards / "zz_test.yaml").write_text(extra)
    return cards


def edit(path, old: str, new: str, count: int = 1) -> None:
    """Replace the first `count` occurrences of `old` (which must be there) in a copied file."""
    text = path.read_text()
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count))


def write_scenario(tmp_path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def passes_only_when_edited(scenario, flows=None, cards=None):
    """The scenario passes with the edited `flows`/`cards` copies and fails with the built-in
    ones: the game follows the edit, and only because of it. Returns the passing result."""
    from vanguard_fsm.scenario.runner import run_scenario
    result = run_scenario(scenario, flows_dir=flows, cards=cards)
    assert result.passed, result.message
    assert not run_scenario(scenario).passed
    return result


class TooLong(BaseException):
    """A watchdog's alarm. Not an Exception: the batch runners count an Exception in a game
    as that game's error and go on, which would hide the alarm in a run of 10^12 games."""


@contextmanager
def watchdog(what: str, seconds: int):
    """Turn a command that hangs (or would run for hours) into a failure after `seconds`."""
    def too_long(*_):
        raise TooLong(f"no answer after {seconds}s: {what}")
    old = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
