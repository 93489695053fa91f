"""The game: state, zones and the rules actions the flows compose (the third layer).

`engine.Game` is the pull-style driver (`advance`/`apply`/`snapshot`/`restore`), built by
`factory`; `state` holds the board, `zones` and `statuses` the primitives that change it,
`cards`, `decks` and `clans` the card data. The `rules` subpackage holds the flow actions
and conditions the YAML names (importing it registers them), `rules.check_timing` the rule
actions and the ability queue.
May import machine (and paths); never abilities, agents or the subsystems.
"""
