"""Flow diagrams: the flows turned into a drawing model, then DOT (Graphviz) and Mermaid.

`model` builds clusters, nodes and edges from a loaded flow set; `dot` and
`mermaid` print it; `render` writes the files of `diagrams/` byte-stably.
May import machine (and game for parameter names); never the other subsystems.
"""
