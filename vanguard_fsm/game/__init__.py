"""The game: state, zones and the rules actions the flows compose (the third layer).

`engine.Game` is the pull-style driver (`advance`/`apply`/`snapshot`/`restore`);
`state` holds the board, `rules` registers the flow actions and conditions the
YAML names, `check_timing` runs rule actions and the ability queue.
May import machine (and paths); never abilities, agents or the subsystems.
"""
