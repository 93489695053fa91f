"""Issue 28 item 7: the parse cache and the card-check caches (`vanguard_fsm/cache_files.py`)
change how fast the card files load, never what loading them says. Every located error is
the same with the caches off, cold and warm; a planted, corrupt or foreign cache file is
ignored; an edited file is read again; a cache directory that cannot be written means no
cache, silently; and the input bounds keep working on every read."""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from vanguard_fsm import cache_files
from vanguard_fsm.abilities.language.registry import ABILITIES
from vanguard_fsm.abilities.lint.cards import lint_cards
from vanguard_fsm.game import cards as game_cards
from vanguard_fsm.machine import yamlsrc
from vanguard_fsm.machine.loader import lint_flows
from vanguard_fsm.paths import builtin_cards_dir, builtin_flows_dir

FIXTURES = Path(__file__).parent / "fixtures"
CARD_FILE = builtin_cards_dir() / "kagero.yaml"
SCALAR_LINE = re.compile(r"^(\s*(?:- )?[a-z_]+: )(\S.*)$")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache directory of this test only, and nothing remembered in this process."""
    directory = tmp_path / "cache"
    monkeypatch.setenv("VANGUARD_FSM_CACHE", str(directory))
    forget(monkeypatch)
    return directory


def forget(monkeypatch) -> None:
    """Forget what this process remembers (the next read comes from the cache files, or a parse)."""
    monkeypatch.setattr(yamlsrc, "_memo", {})
    monkeypatch.setattr(cache_files, "_state", {})     # the directory is chosen again
    game_cards._load_cached.cache_clear()


def said(fn, *args) -> list[str]:
    """What a check says, as the lines a user reads (an exception is its located line)."""
    try:
        return [str(p) for p in fn(*args)]
    except (yamlsrc.SourceError, game_cards.DataError) as exc:
        return [str(exc)]


def mutants(tmp_path: Path, count: int = 12) -> list[Path]:
    """Copies of a built-in card file, each with one value spread through the file replaced by
    something the schema, the card rules or the lint refuses."""
    lines = CARD_FILE.read_text(encoding="utf-8").splitlines()
    spots = [i for i, line in enumerate(lines) if SCALAR_LINE.match(line)]
    files = []
    for n, i in enumerate(spots[len(spots) // (count + 1)::len(spots) // (count + 1)][:count]):
        bad = list(lines)
        bad[i] = SCALAR_LINE.sub(lambda m: m.group(1) + ("[]" if n % 3 else "no_such_name"), bad[i])
        path = tmp_path / f"mutant{n}.yaml"
        path.write_text("\n".join(bad) + "\n", encoding="utf-8")
        files.append(path)
    return files


def test_every_located_error_is_the_same_with_the_caches_off_cold_and_warm(tmp_path, cache, monkeypatch):
    """The positions a cached document keeps (a tree walked by `Document.where`) locate every
    schema, card-rule and lint problem where a fresh parse does (issue 27: path:line:col)."""
    card_inputs = mutants(tmp_path) + [FIXTURES / "cards" / n for n in ("bad_grade.yaml", "duplicate_id", "good.yaml")]
    flow_inputs = sorted(p for p in (FIXTURES / "flows").iterdir() if p.is_dir())

    def everything() -> list[list[str]]:
        return [said(lint_cards, None, path) for path in card_inputs] + \
               [said(lint_flows, path) for path in flow_inputs]

    monkeypatch.setenv("VANGUARD_FSM_CACHE", "off")
    without = everything()
    assert sum(bool(lines) for lines in without) >= 2 * len(without) // 3    # mostly refusals, at their places
    assert all(re.match(r"^\S+:\d+:\d+: ", line) for lines in without for line in lines)
    monkeypatch.setenv("VANGUARD_FSM_CACHE", str(cache))
    forget(monkeypatch)
    assert everything() == without           # cold: parsed, then written
    assert any(cache.glob("yaml-*.json")) and any(cache.glob("schema-pass-*.json"))
    forget(monkeypatch)
    assert everything() == without           # warm: every document read back from its file
    assert everything() == without           # and from this process's memory


def test_a_cached_document_answers_every_position_question_as_a_fresh_parse(cache):
    """`Document.where` on the stored tree equals the lookup in the marks of a fresh parse, for
    every node, every key, and paths that go past, beside or under what the file holds."""
    files = sorted(builtin_cards_dir().glob("*.yaml"))[:6] + sorted(builtin_flows_dir().glob("*.yaml"))
    for path in files:
        fresh = yamlsrc.parse(path.read_text(encoding="utf-8"), str(path))
        yamlsrc.load(path)
        yamlsrc._memo.clear()
        cached = yamlsrc.load(path)
        assert cached._marks is None and cached.digest, f"{path.name} was not cached"
        questions = set(fresh.marks)
        for key in list(fresh.marks):
            questions |= {key + ("no_such_key",), key + (999,), key + ("__key__",), key + (True,),
                          key[:-1] + ("__key__", "x")}
        wrong = [k for k in questions if cached.where(k) != fresh.where(k)]
        assert not wrong, f"{path.name}: {sorted(map(str, wrong))[:5]}"
        assert cached.data == fresh.data and cached.marks == fresh.marks


def _warm(path: Path) -> None:
    assert lint_cards(None, path) == []


@pytest.mark.parametrize("planted", ["garbage", "truncated", "foreign key", "other format", "bad checksum",
                                     "forged positions", "dev zero", "fifo", "empty", "directory"])
def test_a_planted_or_broken_cache_file_is_ignored_and_written_again(planted, tmp_path, cache, monkeypatch):
    """Whatever sits in the cache directory under a document's name, the card file loads and
    lints as it does without a cache, and a sound file replaces an unsound one."""
    card = tmp_path / "cards.yaml"
    shutil.copy(CARD_FILE, card)
    _warm(card)
    expected = [str(c) for c in game_cards.load_cards(card)]      # parsed from the file
    stored = sorted(cache.glob("*.json"))
    assert stored
    for file in stored:
        raw = file.read_text(encoding="utf-8")
        header, _, body = raw.partition("\n")
        fields = json.loads(header)
        file.unlink()
        if planted == "garbage":
            file.write_bytes(os.urandom(2048))
        elif planted == "truncated":
            file.write_text(raw[:len(raw) // 2], encoding="utf-8")
        elif planted in ("foreign key", "other format"):
            fields["key" if planted == "foreign key" else "format"] = "0" * 64 if planted == "foreign key" else 99
            file.write_text(json.dumps(fields) + "\n" + body, encoding="utf-8")
        elif planted == "bad checksum":
            file.write_text(header + "\n" + body.replace("Kagero", "Kagerq"), encoding="utf-8")
        elif planted == "forged positions":        # a sound file whose tree has the wrong shape
            parts = body.split("\n")
            parts[-1] = json.dumps([1] if len(parts) == 2 else True)
            body = "\n".join(parts)
            fields["sha256"] = __import__("hashlib").sha256(body.encode()).hexdigest()
            file.write_text(json.dumps(fields) + "\n" + body, encoding="utf-8")
        elif planted == "dev zero":
            file.symlink_to("/dev/zero")
        elif planted == "fifo":
            os.mkfifo(file)
        elif planted == "empty":
            file.write_bytes(b"")
        else:
            file.mkdir()
    forget(monkeypatch)
    _warm(card)
    assert [str(c) for c in game_cards.load_cards(card)] == expected
    if planted not in ("forged positions", "dev zero", "fifo", "directory"):
        for file in stored:                  # read back as sound files: rewritten
            assert cache_files.read(file.name.split("-")[0] if file.name.startswith("yaml") else
                                    file.name.rsplit("-", 1)[0], file.stem.rsplit("-", 1)[1]) is not None


def test_an_edited_file_is_read_again_even_with_the_same_size_and_time(tmp_path, cache, monkeypatch):
    """The cache is keyed by the file's content, not its path or its time stamp."""
    card = tmp_path / "cards.yaml"
    text = CARD_FILE.read_text(encoding="utf-8")
    card.write_text(text, encoding="utf-8")
    stamp = card.stat().st_mtime_ns
    first = yamlsrc.load(card).data["cards"][0]["name"]
    edited = text.replace(first, first[::-1], 1)
    assert len(edited) == len(text) and edited != text
    card.write_text(edited, encoding="utf-8")
    os.utime(card, ns=(stamp, stamp))
    assert yamlsrc.load(card).data["cards"][0]["name"] == first[::-1]
    forget(monkeypatch)
    assert yamlsrc.load(card).data["cards"][0]["name"] == first[::-1]
    card.write_text(text.replace("grade: 1", "grade: []", 1), encoding="utf-8")   # a new time: load_cards re-reads
    assert said(lint_cards, None, card) and "grade" in said(lint_cards, None, card)[0]


def test_a_cache_directory_that_cannot_be_written_means_no_cache(tmp_path, monkeypatch):
    """A cache path under a regular file cannot be created; a directory whose files cannot be
    written (a read-only disk) takes nothing: loading works the same, silently."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory\n")
    monkeypatch.setenv("VANGUARD_FSM_CACHE", str(blocker / "cache"))
    forget(monkeypatch)
    assert cache_files.directory() is None
    _warm(CARD_FILE)
    assert yamlsrc.load(CARD_FILE).digest          # remembered in this process all the same

    readonly = tmp_path / "readonly"
    monkeypatch.setenv("VANGUARD_FSM_CACHE", str(readonly))
    forget(monkeypatch)

    def refused(*args, **kwargs):
        raise PermissionError(13, "Read-only file system")
    monkeypatch.setattr(cache_files.tempfile, "mkstemp", refused)
    _warm(CARD_FILE)
    assert readonly.is_dir() and not any(readonly.iterdir())
    assert said(lint_cards, None, FIXTURES / "cards" / "bad_grade.yaml")[0].startswith(str(FIXTURES))


def test_a_name_that_cannot_be_written_stops_only_that_file(tmp_path, cache, monkeypatch):
    """A directory planted under one document's name keeps that one from being stored, not the rest."""
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("a: 1\n", encoding="utf-8")
    second.write_text("b: 2\n", encoding="utf-8")
    yamlsrc.load(first)
    (stored,) = cache.glob("yaml-*.json")
    stored.unlink()
    stored.mkdir()
    forget(monkeypatch)
    assert yamlsrc.load(first).data == {"a": 1}
    assert yamlsrc.load(second).data == {"b": 2}
    assert len([p for p in cache.glob("yaml-*.json") if p.is_file()]) == 1


@pytest.mark.parametrize("text, kept", [
    ("when: 2024-01-01\n", False),                 # a date: JSON would make it a string
    ("1: one\n", False),                           # an integer key
    ("__key__: x\n", False),                       # the name the positions use
    ("a: 1\na: 2\n", False),                       # a key written twice: reported every time
    ("a: &x [1, 2]\nb: *x\nc: {d: 1.5, e: null, f: true}\n", True),
])
def test_only_a_document_json_keeps_exactly_is_cached(text, kept, tmp_path, cache, monkeypatch):
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    first = yamlsrc.load(path)
    forget(monkeypatch)
    again = yamlsrc.load(path)
    assert again.data == first.data and again.duplicates == first.duplicates
    assert [type(v) for v in (again.data or {}).values()] == [type(v) for v in (first.data or {}).values()]
    assert bool(list(cache.glob("yaml-*.json"))) == kept


@pytest.mark.parametrize("text, message", [
    ("a: \x00\n", "not allowed"),
    ("a: [" * (yamlsrc.MAX_DEPTH + 2) + "\n", "nested deeper"),
    ("a: &a [*a]\n", "contains it"),
])
def test_the_input_bounds_refuse_on_every_read(text, message, tmp_path, cache, monkeypatch):
    """A refused file is never cached: the second read refuses it at the same place."""
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    refusals = []
    for _ in range(2):
        forget(monkeypatch)
        with pytest.raises(yamlsrc.SourceError) as err:
            yamlsrc.load(path)
        refusals.append(str(err.value))
    assert refusals[0] == refusals[1] and message in refusals[0]
    assert not list(cache.glob("yaml-*.json"))


def test_a_clean_lint_is_not_reused_once_a_name_it_used_is_gone(tmp_path, cache, monkeypatch):
    """The card-lint cache is keyed by the names registered when it ran: an ability that was
    clean with an effect registered is refused, at its line, once the effect is not."""
    card = tmp_path / "cards.yaml"
    text = CARD_FILE.read_text(encoding="utf-8")
    assert "effect: {draw: 1}" in text
    card.write_text(text.replace("effect: {draw: 1}", "effect: {draw_for_this_test: 1}", 1), encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setitem(ABILITIES.effects._items, "draw_for_this_test", ABILITIES.effects["draw"])
        assert lint_cards(None, card) == []
    game_cards._load_cached.cache_clear()
    problems = said(lint_cards, None, card)
    assert len(problems) == 1 and "draw_for_this_test" in problems[0]


def test_check_mode_finds_a_stored_parse_that_differs_from_the_file(tmp_path, cache, monkeypatch):
    """`VANGUARD_FSM_CACHE=check` recomputes and compares: a stored parse that does not say
    what the file says (a sound file with other data) is reported, located at the file."""
    card = tmp_path / "cards.yaml"
    shutil.copy(CARD_FILE, card)
    yamlsrc.load(card)
    (stored,) = cache.glob("yaml-*.json")
    header, _, body = stored.read_text(encoding="utf-8").partition("\n")
    body = body.replace("Kagero", "Kagerq")
    fields = dict(json.loads(header), sha256=__import__("hashlib").sha256(body.encode()).hexdigest())
    stored.write_text(json.dumps(fields) + "\n" + body, encoding="utf-8")
    forget(monkeypatch)
    assert yamlsrc.load(card).data["clan"] == "Kagerq"      # a sound file is believed ...
    monkeypatch.setenv("VANGUARD_FSM_CACHE", "check")
    forget(monkeypatch)
    monkeypatch.setattr(cache_files, "_chosen", lambda: cache)
    with pytest.raises(yamlsrc.SourceError, match="differs from a fresh parse"):
        yamlsrc.load(card)                                   # ... unless checked


def test_check_mode_writes_nothing(tmp_path, cache, monkeypatch):
    """`check` recomputes everything and leaves the cache as it found it (the suite may run so)."""
    monkeypatch.setenv("VANGUARD_FSM_CACHE", "check")
    forget(monkeypatch)
    monkeypatch.setattr(cache_files, "_chosen", lambda: cache)
    _warm(CARD_FILE)
    assert cache_files.directory() == cache and cache.is_dir() and not any(cache.iterdir())


def test_the_test_session_has_a_cache_of_its_own():
    """conftest.py: the suite never writes into the user's cache, nor reads an old run's."""
    setting = os.environ.get("VANGUARD_FSM_CACHE", "")
    if setting.lower() in ("off", "check"):
        pytest.skip("the suite was asked to run without the caches")
    assert Path(setting).name.startswith("vanguard-fsm-test-cache-")
    assert not Path(setting).resolve().is_relative_to(Path.home() / ".cache")
