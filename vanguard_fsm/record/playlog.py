"""The readable turn-by-turn log of `vanguard-fsm play`.

It listens to the same game events as the trace and turns them into one line
each, with a header per turn, phase names as they begin, damage totals after
each battle, and the winner and why at the end.
"""
from __future__ import annotations

PHASES = {"stand_phase": "stand", "draw_phase": "draw", "ride_phase": "ride", "main_phase": "main",
          "battle_phase": "battle", "end_phase": "end"}


class PlayLog:
    def __init__(self, hooks, write=print) -> None:
        self.write = write
        hooks.on("event", self._event)
        hooks.on("state", self._state)
        self.phases: list[str] = []
        self.damage_changed = False

    def _who(self, game, seat) -> str:
        return f"P{seat} ({game.state.players[seat].deck_name})" if seat is not None else "nobody"

    def _state(self, game, machine, path):
        if machine == "battle" and path == "close_step" and self.damage_changed:
            self.damage_changed = False
            p = game.state.players
            self.write(f"    damage now P0 {len(p[0].damage)} - P1 {len(p[1].damage)}")
        if machine == "turn" and path in PHASES:
            self.phases.append(PHASES[path])

    def _flush_phases(self):
        if self.phases:
            self.write(f"  [{' > '.join(self.phases)}]")
            self.phases = []

    def _event(self, game, event, f):
        w = self.write
        name = game.cards
        if event == "game_start":
            w(f"Game seed {f['seed']} ({f['format']}): P0 {f['decks'][0]} vs P1 {f['decks'][1]}; "
              f"P{f['first']} goes first")
        elif event == "redraw":
            w(f"  P{f['player']} redraws {f['count']} card(s)")
        elif event == "turn_begin":
            self.phases = []
            p = game.state.players
            w(f"\n== Turn {game.state.turn}: {self._who(game, f['player'])} "
              f"| damage {len(p[0].damage)}-{len(p[1].damage)} | hands {len(p[0].hand)}-{len(p[1].hand)} "
              f"| decks {len(p[0].deck)}-{len(p[1].deck)}")
        elif event == "draw":
            if game.state.turn > 0:
                self._flush_phases()
                w(f"  P{f['player']} draws {f['card']}")
        elif event == "g_assist":
            w(f"  P{f['player']} G assist: took {f['card'] or 'nothing'}"
              + (f", removed {', '.join(f['removed'])}" if f['removed'] else ""))
        elif event == "ride":
            self._flush_phases()
            w(f"  P{f['player']} rides {f['card']} (grade {f['grade']} on grade {f['onto_grade']})")
        elif event == "stride":
            w(f"  P{f['player']} STRIDES {f['card']} over {f['heart']} (cost: {', '.join(f['cost'])})")
        elif event == "call":
            self._flush_phases()
            w(f"  P{f['player']} calls {f['card']} to {f['circle']}")
        elif event == "move":
            w(f"  P{f['player']} moves {f['card']} {f['from']} -> {f['to']}")
        elif event == "put" and f["cause"] != "setup":
            if f["from"] == f["to"]:
                w(f"    P{f['player']} turns {f['card']} face {f['face']} ({f['cause']})")
            else:
                w(f"    P{f['player']} {f['card']}: {f['from']} -> {f['to']} ({f['cause']})")
        elif event == "attack":
            self._flush_phases()
            w(f"  Battle {f['battle']}: P{f['player']} {f['attacker']} ({f['card']}) attacks {f['target']}")
        elif event == "boost":
            w(f"    boosted by {f['booster']} ({f['card']})")
        elif event == "guard":
            w(f"    P{f['player']} guards with {f['card']} ({f['how']}, shield {f['shield']})")
        elif event == "drive_check":
            w(f"    drive check {f['index']}/{f['total']}: {f['card']}" + (f" [{f['trigger']}]" if f['trigger'] else ""))
        elif event == "damage_check":
            self.damage_changed = True
            w(f"    damage check: {f['card']}" + (f" [{f['trigger']}]" if f['trigger'] else ""))
        elif event == "trigger":
            parts = [f"{k.split('_')[0]} -> {f[k]}" for k in ("power_to", "critical_to", "stood", "healed") if f[k]]
            w(f"      {f['type']} trigger " + (", ".join(parts) if f["active"] else "(no unit of its clan: no effect)"))
        elif event == "battle_result":
            w(f"    {f['attack_power']} vs {f['target_power']}: " + ("HIT" if f["hit"] else "no hit"))
        elif event == "retire":
            w(f"    P{f['player']} {f['card']} retired from {f['from']} to {f['to']}")
        elif event == "ability" and f["step"] != "pending":
            w(f"    P{f['player']} {f['card']} {f['kind']} ability ({f['timing']}): {f['step']}")
        elif event == "legion":
            w(f"  P{f['player']} LEGION: {f['leader']} with {f['mate']}")
        elif event == "game_over":
            self._flush_phases()
            why = {"damage": "took the final damage", "deck_out": "has no cards in the deck",
                   "no_vanguard": "has no vanguard", "turn_limit": "turn limit reached"}[f["reason"]]
            if f["winner"] is None:
                w(f"\nGame over after turn {game.state.turn}: no winner ({f['reason']}); damage {f['damage'][0]}-{f['damage'][1]}")
            else:
                w(f"\nGame over after turn {game.state.turn}: P{f['winner']} wins — P{f['loser']} {why}; "
                  f"damage {f['damage'][0]}-{f['damage'][1]}")
        del name
