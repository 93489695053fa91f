"""What a game leaves behind: the contract's JSONL trace, the readable play log and replays.

`trace.TraceRecorder` listens on the game's hooks; `playlog` prints a
turn-by-turn log; `replay` writes and re-runs recorded games.
May import machine, game, abilities and agents; not the other subsystems.
"""
