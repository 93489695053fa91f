"""`python -m vanguard_fsm.tools` runs the CLI (tests use it without relying on PATH)."""
from .cli import main

main()
