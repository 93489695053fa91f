"""The guides shipped in the package (`vanguard_fsm/docs/*.md`): their topics, titles and text.

A user reads the project's documentation from the installed package, not from a checkout, so the
guides are package data read through `importlib.resources` (a wheel works like an editable
install). A topic is a guide's file name without `.md`; its title is the guide's first line
(`# Title`). `vanguard-fsm docs` prints them and the web server serves them; both go through
`read`, which takes only a known topic name, never a path.
"""
from __future__ import annotations

import difflib
from importlib import resources

# The order a newcomer reads them in; a guide not named here follows, alphabetically.
READING_ORDER = ("flows", "cards", "scenarios", "variants", "simulation", "search", "contract",
                 "architecture", "data-and-python", "card-sources")


class UnknownTopic(LookupError):
    """A topic no guide has; the message is one line with the closest topic, if any."""

    def __init__(self, topic: str, known: list[str]):
        close = difflib.get_close_matches(topic, known, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        super().__init__(f"unknown topic {topic!r}{hint}; topics: {', '.join(known)}")


def _folder():
    return resources.files("vanguard_fsm").joinpath("docs")


def _text(name: str) -> str:
    return _folder().joinpath(f"{name}.md").read_text(encoding="utf-8")


def topics() -> dict[str, str]:
    """Every guide's topic with its title, in reading order (none when the package lacks its guides)."""
    folder = _folder()
    names = sorted(e.name[:-3] for e in folder.iterdir() if e.name.endswith(".md")) if folder.is_dir() else []
    ordered = [n for n in READING_ORDER if n in names] + [n for n in names if n not in READING_ORDER]
    return {name: _text(name).split("\n", 1)[0].lstrip("#").strip() for name in ordered}


def read(topic: str) -> str:
    """The Markdown text of one guide; `UnknownTopic` for anything that is not a topic's name."""
    known = list(topics())
    if topic not in known:
        raise UnknownTopic(topic, known)
    return _text(topic)


def listing() -> str:
    """The topics, one line each: `topic  title`."""
    found = topics()
    width = max(map(len, found), default=0)
    return "".join(f"{name:{width}}  {title}\n" for name, title in found.items())
