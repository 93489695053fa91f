"""The readable turn-by-turn log of `vanguard-fsm play`, following the flows.

It listens to the same game events as the trace and turns them into one line
each. Headers come from the flow states the game is in (`[draw phase > g assist
step]`, `[battle phase > guard step]`), read from the runner's stack when a line
is written, so a phase or step a designer adds to a flow gets its header with no
change here, and every line sits under the state it happened in. A header is
printed only when something happened in its state. Cards are shown by name with
their id, as in `Radiant Lancer, Vessa (AL-011)`.
"""
from __future__ import annotations


def _label(dotted: str) -> str:
    """`turn.draw_phase.g_assist_step` -> `draw phase > g assist step` (the machine name is dropped)."""
    return " > ".join(part.replace("_", " ") for part in dotted.split(".")[1:])


class PlayLog:
    def __init__(self, hooks, write=print) -> None:
        self.write = write
        hooks.on("event", self._event)
        hooks.on("state", self._state)
        self.header = None          # the header printed last
        self.damage_at = None       # the header under which damage checks were printed

    # -- where the game is -------------------------------------------------------------
    def _where(self, game) -> str:
        paths = game.runner.paths()[1:]          # below the root machine (the whole game)
        return " > ".join(_label(p) for p in paths if _label(p))

    def _line(self, game, text: str, indent: int = 2) -> None:
        where = self._where(game)
        if where and where != self.header:
            self.header = where
            self.write(f"  [{where}]")
        self.write(" " * indent + text)

    def _state(self, game, machine, path):
        if self.damage_at is not None and self._where(game) != self.damage_at:
            p = game.state.players
            self.damage_at = None
            self.write(f"    damage now P0 {len(p[0].damage)} - P1 {len(p[1].damage)}")

    @staticmethod
    def _card(game, card_id) -> str:
        card = game.db.get(card_id) if card_id is not None else None
        return f"{card.name} ({card_id})" if card is not None else str(card_id)

    def _who(self, game, seat) -> str:
        return f"P{seat} ({game.state.players[seat].deck_name})" if seat is not None else "nobody"

    # -- events --------------------------------------------------------------------------
    def _event(self, game, event, f):
        handler = getattr(self, f"_on_{event}", None)
        if handler is not None:
            handler(game, f, lambda text, indent=2: self._line(game, text, indent), lambda c: self._card(game, c))

    def _on_game_start(self, game, f, w, c):
        self.write(f"Game seed {f['seed']} ({f['format']}): P0 {f['decks'][0]} vs P1 {f['decks'][1]}; "
                   f"P{f['first']} goes first")

    def _on_redraw(self, game, f, w, c):
        w(f"P{f['player']} redraws {f['count']} card(s)")

    def _on_turn_begin(self, game, f, w, c):
        p = game.state.players
        self.header = None
        self.write(f"\n== Turn {game.state.turn}: {self._who(game, f['player'])} "
                   f"| damage {len(p[0].damage)}-{len(p[1].damage)} | hands {len(p[0].hand)}-{len(p[1].hand)} "
                   f"| decks {len(p[0].deck)}-{len(p[1].deck)}")

    def _on_draw(self, game, f, w, c):
        if game.state.turn > 0:
            w(f"P{f['player']} draws {c(f['card'])}")

    def _on_g_assist(self, game, f, w, c):
        w(f"P{f['player']} G assist: took {c(f['card']) if f['card'] else 'nothing'}")   # removals: puts

    def _on_ride(self, game, f, w, c):
        w(f"P{f['player']} rides {c(f['card'])} (grade {f['grade']} on grade {f['onto_grade']})")

    def _on_stride(self, game, f, w, c):
        w(f"P{f['player']} STRIDES {c(f['card'])} over {c(f['heart'])}"     # its cost: the puts before
          + (" (cost waived)" if f.get("cost_waived") else ""))

    def _on_call(self, game, f, w, c):
        w(f"P{f['player']} calls {c(f['card'])} to {f['circle']}")

    def _on_move(self, game, f, w, c):
        w(f"P{f['player']} moves {c(f['card'])} {f['from']} -> {f['to']}")

    def _on_put(self, game, f, w, c):
        if f["cause"] == "setup":
            return
        if f["from"] == f["to"] and "face" in f:     # turned over in place (damage, G zone)
            w(f"P{f['player']} turns {c(f['card'])} face {f['face']} ({f['cause']})", 4)
        else:    # a deck card put under the deck (look_top, reveal_until) says so
            under = " (bottom)" if f.get("bottom") else ""
            w(f"P{f['player']} {c(f['card'])}: {f['from']} -> {f['to']}{under} ({f['cause']})", 4)

    def _on_reveal(self, game, f, w, c):
        w(f"P{f['player']} reveals {', '.join(c(i) for i in f['cards'])} ({f.get('from', f.get('zone'))}, {f['cause']})", 4)

    def _on_attack(self, game, f, w, c):
        w(f"Battle {f['battle']}: P{f['player']} {f['attacker']} ({c(f['card'])}) attacks {f['target']}")

    def _on_boost(self, game, f, w, c):
        w(f"boosted by {f['booster']} ({c(f['card'])})", 4)

    def _on_guard(self, game, f, w, c):
        w(f"P{f['player']} guards with {c(f['card'])} ({f['how']}, shield {f['shield']})", 4)

    def _on_drive_check(self, game, f, w, c):
        w(f"drive check {f['index']}/{f['total']}: {c(f['card'])}" + (f" [{f['trigger']}]" if f['trigger'] else ""), 4)

    def _on_damage_check(self, game, f, w, c):
        w(f"damage check: {c(f['card'])}" + (f" [{f['trigger']}]" if f['trigger'] else ""), 4)
        self.damage_at = self._where(game)

    def _on_trigger(self, game, f, w, c):
        parts = [f"{k.split('_')[0]} -> {f[k]}" for k in ("power_to", "critical_to", "stood", "healed") if f[k]]
        w(f"{f['type']} trigger " + (", ".join(parts) if f["active"] else "(no unit of its clan: no effect)"), 6)

    def _on_battle_result(self, game, f, w, c):
        w(f"{f['attack_power']} vs {f['target_power']}: " + ("HIT" if f["hit"] else "no hit"), 4)

    def _on_retire(self, game, f, w, c):
        w(f"P{f['player']} {c(f['card'])} retired from {f['from']} to {f['to']}", 4)

    def _on_ability(self, game, f, w, c):
        if f["step"] != "pending":
            w(f"P{f['player']} {c(f['card'])} {f['kind']} ability ({f['timing']}): {f['step']}", 4)

    def _on_legion(self, game, f, w, c):
        w(f"P{f['player']} LEGION: {c(f['leader'])} with {c(f['mate'])}")

    def _on_concede(self, game, f, w, c):
        w(f"P{f['player']} CONCEDES (CR 1.2.4)")

    def _on_game_over(self, game, f, w, c):
        why = {"damage": "took the final damage", "deck_out": "has no cards in the deck",
               "no_vanguard": "has no vanguard", "turn_limit": "turn limit reached",
               "loop": "a loop nobody can stop (CR 12.1.1.1)", "concede": "conceded (CR 1.2.4)",
               "effect": "lost to a card's effect (CR 1.2.5)"}.get(f["reason"], f["reason"])
        if f["winner"] is None:
            self.write(f"\nGame over after turn {game.state.turn}: no winner ({f['reason']}); "
                       f"damage {f['damage'][0]}-{f['damage'][1]}")
        else:
            self.write(f"\nGame over after turn {game.state.turn}: P{f['winner']} wins — P{f['loser']} {why}; "
                       f"damage {f['damage'][0]}-{f['damage'][1]}")
