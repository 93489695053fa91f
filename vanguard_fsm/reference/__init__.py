"""The designer's reference: what may be written in flows, cards and scenarios, and why.

Everything here is derived from the registries (so it stays right as names are
added) or is data shipped with the package: the vocabulary (`names`), the
generated Markdown references of the flow and card languages, the published JSON
Schemas (`vanguard_fsm/schemas/`), the project's own rules digest (`rules.yaml`,
read by `explain` and `coverage`), `explain` itself, and the guides (`guides`: the
Markdown files of `vanguard_fsm/docs/`, printed by `docs` and served by `web`). Imports the layers up to
`scenario` (whose file format it publishes); `sim`, `debug` and `cli` may import it.
"""
