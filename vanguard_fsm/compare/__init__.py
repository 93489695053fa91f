"""Rule sets side by side: the structural diff of two flow sets, paired play of the same
games under both, and the balance report of one — every number read from trace events.

Used by `vanguard-fsm diff`, `compare` and `evaluate`; sits above `sim` (it reuses the
seeds, seating, process pool and Dask code of `simulate`).
"""
