"""Many games at once: simulation statistics, the benchmark (and its floor), flow coverage.

`simulate` plays seeded games on processes or a Dask cluster; `bench` measures
speed and memory against the bare `transitions` floor (`bench_floor`);
`coverage` reports which states, transitions, timings and rule IDs were used.
May import machine, game, abilities, agents, diagram, record and scenario;
never the CLI.
"""
