"""The machine layer: flow files -> validated specs -> `transitions` machines -> a runner.

Nothing here knows the card game; the game layer registers its conditions, actions,
decision kinds and timings in `registry.REGISTRY`, and the runner calls them by name.
"""
