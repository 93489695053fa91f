"""The project's rules digest (`rules.yaml` beside this module), shipped with the package.

Every rule ID that flows, cards, tests and scenarios cite has an entry: a title,
the rule in this project's own words, and the sections of the official
Comprehensive Rules 1.48 it corresponds to. `explain` prints entries; `coverage`
lists every ID with what cites it. A "CR n.n" citation that is not an entry of its
own is a section of the official document, found through the entries' `cr` lists.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..machine.yamlsrc import SourceError, load

DIGEST_PATH = Path(__file__).resolve().parent / "rules.yaml"


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: str
    cr: tuple = ()
    line: int = 0


@dataclass
class Digest:
    path: str
    official: dict
    rules: dict = field(default_factory=dict)       # id -> Rule, in file order

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(normalize(rule_id))

    def citing_cr(self, section: str) -> list[Rule]:
        """Entries whose CR sections contain `section` (`CR 7.4` matches `CR 7.4` and `CR 7.4.1`...)."""
        section = normalize(section)
        return [r for r in self.rules.values()
                if any(c == section or c.startswith(section + ".") or section.startswith(c + ".") for c in r.cr)]


def normalize(rule_id: str) -> str:
    """`cr 7.4` / `CR7.4` -> `CR 7.4`; other IDs unchanged."""
    text = str(rule_id).strip()
    if text[:2].upper() == "CR" and text[2:3] not in (".",) and text[2:].strip()[:1].isdigit():
        return "CR " + text[2:].strip()
    return text


def load_digest(path: str | Path | None = None) -> Digest:
    """Read the digest; a malformed file is a SourceError at its line."""
    doc = load(path or DIGEST_PATH)
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        raise SourceError(doc.path, 1, 1, "a rules digest is a mapping with a 'rules' list")
    digest = Digest(doc.path, data.get("official") or {})
    for i, raw in enumerate(data["rules"]):
        if not isinstance(raw, dict) or not {"id", "title", "text"} <= set(raw):
            raise doc.error(("rules", i), "a rule needs id, title and text")
        rule_id = normalize(raw["id"])
        if rule_id in digest.rules:
            raise doc.error(("rules", i, "id"), f"rule {rule_id!r} is written twice")
        digest.rules[rule_id] = Rule(rule_id, raw["title"], raw["text"], tuple(normalize(c) for c in raw.get("cr", ())),
                                     doc.where(("rules", i))[0])
    return digest


OFFICIAL_SECTION = re.compile(r"CR \d+(?:\.\d+)*")


def unknown_rule_id(digest: Digest, rule_id) -> str | None:
    """Why `rule_id` names no rule (None when it does): an ID is a digest entry, or a section
    number of the official rules (`CR 7.4.1`), as `explain` reads them."""
    text = normalize(str(rule_id))
    if digest.get(text) is not None or OFFICIAL_SECTION.fullmatch(text):
        return None
    close = difflib.get_close_matches(text, list(digest.rules), n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return (f"unknown rule ID {str(rule_id)!r}{hint}: a rule ID is an entry of the rules digest "
            f"(`vanguard-fsm explain ID`) or an official section number such as 'CR 7.4.1'")


def _rule_lists(data, key: tuple):
    """(key path of each rule ID, the ID) in a machine's document: its own and its states'."""
    if not isinstance(data, dict):
        return
    if isinstance(data.get("rules"), list):
        for i, rule_id in enumerate(data["rules"]):
            yield key + ("rules", i), rule_id
    for name, state in (data.get("states") or {}).items() if isinstance(data.get("states"), dict) else ():
        yield from _rule_lists(state, key + ("states", name))


def rule_id_problems(directory, digest: Digest | None = None) -> list[SourceError]:
    """Every rule ID a flow set cites that names no rule, at its `file:line:col`: the machines'
    and states' `rules`, a deck format's `rule` (parameters.yaml) and a variant's own `rules`."""
    from ..machine.loader import flow_documents
    from ..machine.overlay import VARIANT_FILE, source_files
    from ..paths import resolve_flows
    digest = digest or load_digest()
    docs, params = flow_documents(directory)
    cited = [(doc, key, rule_id) for doc in docs.values() for key, rule_id in _rule_lists(doc.data, ())]
    formats = ((params.data or {}).get("parameters") or {}).get("deck_construction") if params else None
    for name, spec in (formats or {}).items() if isinstance(formats, dict) else ():
        if isinstance(spec, dict) and "rule" in spec:
            cited.append((params, ("parameters", "deck_construction", name, "rule"), spec["rule"]))
    for path in source_files(resolve_flows(directory)):
        if path.name == VARIANT_FILE:
            doc = load(path)
            cited += [(doc, ("rules", i), r) for i, r in enumerate(doc.data.get("rules") or ())]
    problems = {}
    for doc, key, rule_id in cited:
        message = unknown_rule_id(digest, rule_id)
        if message is not None:
            problems[doc.locate(key)] = message
    return [SourceError(*where, message) for where, message in sorted(problems.items())]
