"""The verbs that play many games and measure them: `simulate`, `bench`, `evaluate`, `ladder`,
`compare` and `coverage`.

Each parses its arguments and hands the work to `sim` or `compare`, like every verb
(`cli/common.py` turns their errors into the contract's exit codes); kept apart from the
verbs that play, inspect and draw one game so each folder stays small.
"""
