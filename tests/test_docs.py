"""The documentation works: README.md is a front page, every guide is reachable from it and from
`vanguard-fsm docs`, every link resolves and every command a guide shows is a real command.

Links: every `[text](target)` and `![alt](target)` of README.md and `vanguard_fsm/docs/*.md`
outside code — a relative file or folder must exist, and an `#anchor` must be a heading of the
target Markdown file (GitHub's slugs); `vanguard-fsm docs TOPIC` named in the text must be a topic.

Commands: every line of a ```sh or ```console block (console: the lines after `$ `) is split at
`&&`, `|` and `;`, and each part that starts with `vanguard-fsm` is checked in two ways:
- PARSED, always: the verb (and sub-verb) exists and click accepts every option and argument
  (`make_context`); an input file the example merely names (`thresholds.yaml`) may be missing;
- RUN, when cheap (`CHEAP_VERBS`, no search agent, a scenario folder of at most
  `MAX_SCENARIOS_RUN` files): through click's CliRunner, in order, in a scratch folder per document
  that sees the checkout's `flows`, `tests` and `vanguard_fsm` (so `play --record` then `replay`
  works; a command already run elsewhere that writes no file is not run again); it must exit 0 or 1 (1: the checked thing differs, as `diff` of two rule sets), never 2
  and never a traceback. Everything else (simulate, compare, evaluate, ladder, bench, coverage,
  diagram, debug, web, whole scenario folders) is parsed only.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from vanguard_fsm.cli import main
from vanguard_fsm.reference import guides

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
GUIDES = sorted((ROOT / "vanguard_fsm" / "docs").glob("*.md"))
DOCUMENTS = [README, *GUIDES]
README_MAX_BYTES = 25_000
CHEAP_VERBS = {"docs", "names", "explain", "cards", "decks", "lint", "diff", "play", "replay", "report", "scenario"}
MAX_SCENARIOS_RUN = 12
WRITES = ("--trace", "--record", "-o", "--out", "--trace-dir", "--diagram")
ALREADY_RUN: set[tuple[str, ...]] = set()      # the same command shown twice runs once (unless it writes a file)

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
DOCS_TOPIC = re.compile(r"vanguard-fsm docs ([a-z][a-z0-9-]*)")


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _prose(text: str) -> str:
    """The text without fenced code blocks and code spans (no links live there)."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: its text, lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found, seen = set(), {}
    for _, title in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(title)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


@pytest.mark.parametrize("doc", DOCUMENTS, ids=_name)
def test_every_yaml_example_is_yaml(doc):
    for lang, body in FENCE.findall(doc.read_text(encoding="utf-8")):
        if lang == "yaml":
            yaml.safe_load(body)


@pytest.mark.parametrize("doc", DOCUMENTS, ids=_name)
def test_every_link_resolves_to_a_file_and_a_heading(doc):
    broken = []
    for target in LINK.findall(_prose(doc.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue                                    # https:, mailto: — outside the repository
        path_part, _, anchor = target.partition("#")
        path = (doc.parent / path_part).resolve() if path_part else doc
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: no heading #{anchor} in {path.name}")
    for topic in DOCS_TOPIC.findall(doc.read_text(encoding="utf-8")):
        if topic not in guides.topics():
            broken.append(f"`vanguard-fsm docs {topic}`: no such topic")
    assert not broken, f"{_name(doc)}: " + "; ".join(broken)


def test_every_guide_is_linked_from_the_readme_and_listed_by_docs():
    linked = {(README.parent / t.partition("#")[0]).resolve() for t in LINK.findall(_prose(README.read_text("utf-8")))}
    assert [g for g in GUIDES if g.resolve() not in linked] == [], "a guide the README does not link to"
    assert set(guides.topics()) == {g.stem for g in GUIDES}
    listed = re.findall(r"^\| `([a-z-]+)` \| \[", README.read_text("utf-8"), re.M)
    assert listed == list(guides.topics()), "the README's guide table: one row per topic, in `docs` order"


def test_the_readme_is_a_front_page():
    size = len(README.read_bytes())
    assert size <= README_MAX_BYTES, f"README.md is {size} bytes: move the detail into a guide"
    text = README.read_text("utf-8")
    ci = (ROOT / ".ci" / "run").read_text("utf-8").strip().splitlines()[-1]
    assert ci in text, f"README.md should show .ci/run's command: {ci}"
    assert ".ci/bootstrap && vanguard-fsm play --seed 7" in text


@pytest.mark.parametrize("topic", list(guides.topics()))
def test_docs_prints_each_guide(topic):
    result = CliRunner().invoke(main, ["docs", topic])
    assert result.exit_code == 0, result.output
    assert result.output == (ROOT / "vanguard_fsm" / "docs" / f"{topic}.md").read_text(encoding="utf-8")


def test_docs_without_a_topic_lists_every_topic_with_its_title():
    result = CliRunner().invoke(main, ["docs"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == list(guides.topics())
    for line, guide in zip(lines, guides.topics().values()):
        assert line.endswith(guide) and guide


@pytest.mark.parametrize("topic", ["flow", "../README", "cards.md"])
def test_an_unknown_topic_is_one_line_with_a_suggestion_and_exit_2(topic):
    result = CliRunner().invoke(main, ["docs", topic])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    if topic == "flow":
        assert "did you mean 'flows'?" in result.stderr


def test_the_web_server_serves_the_guides_with_the_page_headers():
    pytest.importorskip("starlette")
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from vanguard_fsm.web.server import PAGE_HEADERS, create_app
    client = TestClient(create_app({"seed": 3}), base_url="http://127.0.0.1")     # the guard wants a loopback Host
    page = client.get("/docs/cards")
    assert page.status_code == 200 and page.text == guides.read("cards")
    assert page.headers["content-security-policy"] == PAGE_HEADERS["Content-Security-Policy"]
    assert page.headers["content-type"].startswith("text/plain")
    assert client.get("/docs/").text == guides.listing()
    for wrong in ("/docs/nope", "/docs/..%2FREADME.md"):
        assert client.get(wrong).status_code == 404


# --- commands shown in the documentation ---------------------------------------------------------

def shown_commands(doc: Path) -> list[list[str]]:
    """Every `vanguard-fsm ...` command of the document's sh/console blocks, in order, as argv."""
    found = []
    for lang, body in FENCE.findall(doc.read_text(encoding="utf-8")):
        if lang not in ("sh", "console"):
            continue
        for line in body.splitlines():
            if lang == "console":
                if not line.startswith("$ "):
                    continue                          # output shown after the command
                line = line[2:]
            words, part = [], []
            for word in shlex.split(line, comments=True):
                if word in ("&&", "|", ";", "||"):
                    words.append(part)
                    part = []
                else:
                    part.append(word)
            words.append(part)
            found += [w[1:] for w in words if w and w[0] == "vanguard-fsm"]
    return found


def parse(args: list[str]) -> click.Command:
    """click's own parsing of a command line, without running it; returns the command found."""
    ctx = click.Context(main, info_name="vanguard-fsm")
    command, name, rest = main, "vanguard-fsm", list(args)
    while isinstance(command, click.Group):
        if command.invoke_without_command and (not rest or rest[0].startswith("-")):
            break            # a group that runs alone (`cards --json`, `decks`)
        assert rest and not rest[0].startswith("-"), f"{args}: no verb"
        name, rest = rest[0], rest[1:]
        command = ctx.command.get_command(ctx, name)
        assert command is not None, f"vanguard-fsm has no verb {name!r} ({' '.join(args)})"
        if isinstance(command, click.Group):
            ctx = click.Context(command, info_name=name, parent=ctx)
    try:
        command.make_context(name, rest, parent=ctx)
    except click.BadParameter as exc:
        if "does not exist" not in exc.format_message():      # a file the example only names
            raise
    return command


def cheap(args: list[str]) -> bool:
    if args[0] not in CHEAP_VERBS or any(a.startswith("ismcts") for a in args):
        return False
    if args[0] == "scenario":
        files = [f for a in args[2:] if not a.startswith("-") for f in
                 ((ROOT / a).rglob("*.yaml") if (ROOT / a).is_dir() else [ROOT / a])]
        return len(files) <= MAX_SCENARIOS_RUN
    return True


@pytest.mark.parametrize("doc", DOCUMENTS, ids=_name)
def test_every_command_shown_parses_and_the_cheap_ones_run(doc, tmp_path, monkeypatch):
    commands = shown_commands(doc)
    for name in ("flows", "tests", "vanguard_fsm"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    ran = []
    for args in commands:
        shown = "vanguard-fsm " + " ".join(args)
        try:
            parse(args)
        except click.ClickException as exc:
            pytest.fail(f"{_name(doc)}: `{shown}` does not parse: {exc.format_message()}")
        if cheap(args) and (tuple(args) not in ALREADY_RUN or any(a in WRITES for a in args)):
            ALREADY_RUN.add(tuple(args))
            result = CliRunner().invoke(main, args)
            assert result.exit_code in (0, 1) and "Traceback" not in result.output, \
                f"{_name(doc)}: `{shown}` exited {result.exit_code}: {result.output[-800:]}"
            ran.append(shown)
    print(f"\n{_name(doc)}: {len(commands)} commands parsed, {len(ran)} run: {ran}")


def test_the_scenario_shown_in_the_scenarios_guide_is_the_file_it_names():
    text = (ROOT / "vanguard_fsm" / "docs" / "scenarios.md").read_text(encoding="utf-8")
    named = re.search(r"A real one, `(tests/scenarios/[^`]+\.yaml)`:\s*```yaml\n(.*?)```", text, re.S)
    assert named, "the scenarios guide should show a real scenario file"
    file_text = (ROOT / named.group(1)).read_text(encoding="utf-8")
    assert file_text.split("\n", 1)[1] == named.group(2)      # the file less its schema comment line


def test_the_tours_misspelt_target_gives_the_lint_line_the_readme_shows(tmp_path, monkeypatch):
    shown = re.search(r"\$ vanguard-fsm lint flows\n(flows/turn\.yaml:(\d+):\d+: .*)\n", README.read_text("utf-8"))
    assert shown, "the README's tour should show lint's line for the misspelt target"
    import shutil
    shutil.copytree(ROOT / "flows", tmp_path / "flows")
    turn = tmp_path / "flows" / "turn.yaml"
    lines = turn.read_text(encoding="utf-8").split("\n")
    line = int(shown.group(2))
    assert lines[line - 1].strip() == "- to: end_phase", "the README's tour names another line of flows/turn.yaml"
    lines[line - 1] = lines[line - 1].replace("end_phase", "end_phse")
    turn.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["lint", "flows"])
    assert result.exit_code == 1 and shown.group(1) in result.output.splitlines()
