"""The project's rules digest (`rules.yaml` beside this module), shipped with the package.

Every rule ID that flows, cards, tests and scenarios cite has an entry: a title,
the rule in this project's own words, and the sections of the official
Comprehensive Rules 1.48 it corresponds to. `explain` prints entries; `coverage`
lists every ID with what cites it. A "CR n.n" citation that is not an entry of its
own is a section of the official document, found through the entries' `cr` lists.
"""
from __future__ import annotations

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
