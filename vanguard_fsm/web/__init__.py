"""The browser debugger and the HTML reports: a debugger session seen in a web page.

`server` is a small Starlette app (one WebSocket per browser tab, each with its own
debugger `Session`, bound to 127.0.0.1 unless told otherwise); `commands` is the
closed list of what a page may ask (step, next, continue, back, goto, breakpoints,
choose, save, load ...); `views` turns a position into JSON (board, decision,
machines); `flowinfo` the flow diagrams and what a clicked state means; `report`
writes one self-contained offline HTML file from a trace. The page renders the
trace and the game's own data: no rule is decided here. May import every layer
before it (machine, game, abilities, agents, diagram, record, scenario, sim, debug).
"""
