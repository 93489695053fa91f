"""`python -m vanguard_fsm` runs the CLI (tests use it without relying on PATH)."""
from .cli.main import main

main()
