"""Untrusted files and values: every loader gives a valid result or one short line, never a traceback or a hang;
nothing the user has is lost (a bad file is kept aside, a newer one is left alone, writers take turns, a failed
save is told and retried, an interrupted write leaves no temporary file).

The fuzz tests mutate the golden records and a real pad (deep nesting, huge numbers, wrong types, lone
surrogates, truncation, a BOM, binary bytes) and feed them to the loaders and to the commands.
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deberc_tui import saved_games, stats, storage
from deberc_tui import settings as user_settings
from deberc_tui.cli import main
from deberc_tui.engine import DebercError, Rules
from deberc_tui.engine.text import Text
from deberc_tui.practice.history import History
from deberc_tui.records import RecordError, load_record, replay_record
from deberc_tui.scorepad import EnteredDeal, Pad, PadError, PadStore
from deberc_tui.scorepad.model import THROWN
from deberc_tui.settings import load_settings, save_language, settings_path
from deberc_tui.table.session import TableError, TableSession, default_players
from deberc_tui.text.i18n import translate, translate_error

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.record.json"))
# 400 damaged files per fuzz test, 1,200 in all: about 10 s on the 2-core development machine
FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def _no_notes_left() -> Iterator[None]:
    """What a test's damaged settings or statistics file made deberc say is not said in the next test."""
    yield
    user_settings.take_notes()
    stats.take_notes()


def one_line(text: str) -> bool:
    """What a refusal must look like: a single, short line, no traceback."""
    return "Traceback" not in text and len(text.strip().splitlines()) == 1 and len(text) < 400


# -- mutations ---------------------------------------------------------------------------------------------

HUGE = "9" * 5000
BAD_VALUES: list[object] = [[], {}, "x", True, None, -1, 1.5, "\ud800", [["play"]], "A" * 100_000, 10**30]


def _paths(doc: object, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [where]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*where, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:6]):
            out += _paths(value, (*where, i))
    return out


def _set(doc: Any, where: tuple[Any, ...], value: object) -> Any:
    if not where:
        return value
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    return doc


@st.composite
def mutated(draw: st.DrawFn, text: str) -> bytes:
    """``text`` (a JSON document) damaged in one of the ways a hostile or broken file is."""
    kind = draw(st.sampled_from(["value", "deep", "huge", "truncate", "bom", "binary", "flip"]))
    data = text.encode("utf-8")
    if kind in ("value", "deep", "huge"):
        doc = json.loads(text)
        where = draw(st.sampled_from(_paths(doc)))
        if kind == "deep":
            depth = draw(st.integers(30, 5000))
            return json.dumps(_set(doc, where, "@@")).replace('"@@"', "[" * depth + "]" * depth).encode()
        if kind == "huge":
            return json.dumps(_set(doc, where, "@@")).replace('"@@"', HUGE).encode()
        value = draw(st.sampled_from(BAD_VALUES))
        return json.dumps(_set(doc, where, value)).encode("utf-8", "surrogatepass")
    if kind == "truncate":
        return data[: draw(st.integers(0, len(data)))]
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    at = draw(st.integers(0, len(data)))
    if kind == "binary":
        return data[:at] + draw(st.binary(min_size=1, max_size=20)) + data[at:]
    flipped = bytearray(data)
    if flipped:
        flipped[min(at, len(flipped) - 1)] ^= 0xFF
    return bytes(flipped)


def _golden_texts() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in GOLDEN]


def _pad_text() -> str:
    pad = Pad(Rules.preset("moscow", players=2), ["Anna", "Boris"])
    pad.add(EnteredDeal(dealer=0, bidder=1, cards=(15, 103)))
    pad.add(EnteredDeal(dealer=pad.suggested_dealer, kind=THROWN, reason="all_pass"))
    pad.id = "pad"
    return json.dumps(pad.to_json(), ensure_ascii=False)


# -- the fuzz tests -----------------------------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_a_damaged_record_is_valid_or_one_line_through_every_loader(tmp_path: Path, data: st.DataObject) -> None:
    raw = data.draw(mutated(data.draw(st.sampled_from(_golden_texts()))))
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    try:
        replay_record(load_record(path))
        valid = True
    except RecordError as exc:
        assert one_line(str(exc)), str(exc)[:500]
        valid = False
    try:
        TableSession.from_record(path).close()
        assert valid
    except TableError as exc:
        assert not valid and one_line(str(exc)), str(exc)[:500]
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == (0 if valid else 2), result.output[:500]
    if not valid:
        assert one_line(result.output) and result.output.startswith("deberc replay: "), result.output[:500]


@FUZZ
@given(data=st.data())
def test_a_damaged_pad_is_valid_or_one_line_and_never_breaks_the_list(tmp_path: Path, data: st.DataObject) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    raw = data.draw(mutated(_pad_text()))
    (folder / "pad.json").write_bytes(raw)
    store = PadStore(folder)
    try:
        store.load("pad").sheet  # noqa: B018 - the sheet is computed from what was read
        valid = True
    except PadError as exc:
        assert one_line(str(exc)), str(exc)[:500]
        valid = False
    infos = store.infos()
    assert len(infos) == (1 if valid else 0) and len(store.notes) == (0 if valid else 1)
    assert (folder / "pad.json").read_bytes() == raw  # reading never changes or moves a pad


@FUZZ
@given(data=st.data())
def test_damaged_practice_stats_and_settings_files_never_raise_and_are_kept(tmp_path: Path,
                                                                           data: st.DataObject,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    home = Path(tempfile.mkdtemp(dir=tmp_path))
    monkeypatch.setenv("DEBERC_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("DEBERC_CONFIG_DIR", str(home / "config"))
    history = {"decisions": [{"position": {"preset": "moscow", "players": 2, "rules": {"preset": "moscow"},
                                            "hand": ["AS", "KS", "9H", "JH", "7C", "8D"], "turnup": "TH",
                                            "seat": "first", "round": 1, "score": [0, 0], "hanging": 0},
                              "chosen": "play", "best": "pass", "loss": 12.5, "rating": "inaccuracy",
                              "evaluation": {}}]}
    games = {"games": [{"players": 2, "level": "heuristic", "won": True, "totals": [510, 200], "deals": 7,
                        "when": 1_700_000_000}]}
    files = {"practice.json": json.dumps(history), "stats.json": json.dumps(games),
             "settings.json": json.dumps({"language": "ru"})}
    name = data.draw(st.sampled_from(sorted(files)))
    raw = data.draw(mutated(files[name]))
    folder = home / ("config" if name == "settings.json" else "data")
    folder.mkdir(parents=True)
    (folder / name).write_bytes(raw)
    if name == "practice.json":
        History.load()
    elif name == "stats.json":
        stats.load_stats()
    else:
        load_settings()
    kept = [p for p in folder.iterdir() if p.name.startswith(name)]
    assert any(p.read_bytes() == raw for p in kept)  # as it was, or kept aside under another name
    user_settings.take_notes()
    stats.take_notes()


# -- each finding of issue 12, as the user meets it -----------------------------------------------------


def _run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=input)


def test_a_record_error_is_an_engine_error() -> None:
    assert issubclass(RecordError, DebercError)


@pytest.mark.parametrize(("change", "expected"), [
    (lambda doc: doc["rules"].__setitem__("preset", []), "rules: 'preset' cannot be []"),
    (lambda doc: doc["deals"][0]["actions"].__setitem__(0, {"seat": 1, "bid": ["play"]}),
     "deal 1, action 1: 'bid' cannot be […]"),
    (lambda doc: doc["players"][0].__setitem__("name", "\ud800"), "players[0].name: text that is not valid Unicode"),
    (lambda doc: doc.__setitem__("format", "deberc-record/2"), "made by a newer deberc (deberc-record/2)"),
    (lambda doc: doc.__setitem__("format", "x" * 5_000_000), "the file is too large"),
    (lambda doc: doc.__setitem__("players", "N" * 5_000_000), "the file is too large"),
    (lambda doc: doc.__setitem__("format", "y" * 1_000_000), "'format' must be 'deberc-record/1', not 'yyyy"),
])
def test_replay_refuses_each_damage_in_one_short_line(tmp_path: Path, change: Any, expected: str) -> None:
    doc = json.loads(GOLDEN[0].read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8", errors="surrogatepass")
    result = _run("replay", str(path))
    assert result.exit_code == 2 and one_line(result.output) and expected in result.output, result.output[:400]


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"format": ' + "9" * 5000 + "}", "null", "[]"])
def test_deep_nesting_and_huge_numbers_are_one_line_in_replay_load_and_standard_input(tmp_path: Path, text: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    for result in (_run("replay", str(path)), _run("replay", "-", input=text), _run("--load", str(path))):
        assert result.exit_code == 2 and one_line(result.output), result.output[:400]


def test_a_50_mb_record_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(50 * 1024 * 1024)
    start = time.perf_counter()
    result = _run("replay", str(path))
    assert time.perf_counter() - start < 2.0
    assert result.exit_code == 2 and "the file is too large (50 MB; the limit is 4 MB)" in result.output


def test_scorepad_refuses_a_30_digit_declaration_at_once_and_a_pad_holding_one(tmp_path: Path) -> None:
    pad_id = _run("scorepad", "new", "--names", "A,B").output.strip()
    start = time.perf_counter()
    result = _run("scorepad", "add", pad_id, "--bidder", "A", "--cards", "15,103", "--decl", "A:" + "9" * 30)
    assert time.perf_counter() - start < 2.0
    assert result.exit_code == 2 and one_line(result.output) and "numbers go up to 9999" in result.output
    path = PadStore().path(pad_id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["deals"] = [{"dealer": 0, "bidder": 1, "cards": [15, 103], "declared": [{"total": 10**17}, {}]}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    start = time.perf_counter()
    listed = _run("scorepad", "list")
    assert time.perf_counter() - start < 2.0
    assert "deals[0].declared[0].total: must be a whole number from 0 to 9999" in listed.output


@pytest.mark.parametrize("doc", ["[]", "null", '{"format": "deberc-scorepad", "version": 1, "players": []}'])
def test_a_top_level_list_or_null_pad_is_named_and_the_others_are_still_listed(doc: str) -> None:
    good = _run("scorepad", "new", "--names", "Anna,Boris").output.strip()
    (PadStore().root / "broken.json").write_text(doc, encoding="utf-8")
    result = _run("scorepad", "list")
    assert result.exit_code == 0 and good in result.output and "skipped: pad broken:" in result.output
    shown = _run("scorepad", "show", "broken")
    assert shown.exit_code == 2 and one_line(shown.output)


def test_a_pad_from_a_newer_version_is_refused_and_never_rewritten() -> None:
    pad_id = _run("scorepad", "new", "--names", "A,B").output.strip()
    path = PadStore().path(pad_id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["version"] = 3
    doc["new_field"] = "kept"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    result = _run("scorepad", "add", pad_id, "--thrown", "all_pass")
    assert result.exit_code == 2 and "made by a newer deberc (pad version 3" in result.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("args", [
    ["practice", "--evaluate", "--hand", "AS KS 9H JH 7C 8D", "--turnup", "TH", "--worlds", "100000000"],
    ["practice", "--players", "4", "--seat", "fifth"],
    ["scorepad", "new", "--names", "A,\udc80"],
    ["--names", "Anna,\udc80", "--bots", "random"],
    ["scorepad", "new", "--target", "9" * 100_000],
    ["--bots", "x" * 999],
])
def test_bad_command_line_values_are_one_line_and_exit_2(args: list[str]) -> None:
    result = _run(*args)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output[:400]
    assert len(result.output) < 1200, result.output[:400]


def test_export_to_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    pad_id = _run("scorepad", "new", "--names", "A,B").output.strip()
    result = _run("scorepad", "export", pad_id, "-o", str(tmp_path / "nonexistent" / "x.csv"))
    assert result.exit_code == 2 and one_line(result.output) and "cannot write" in result.output


def test_a_corrupt_stats_file_is_kept_aside_and_the_game_over_is_recorded() -> None:
    path = stats.stats_path()
    path.write_text('{"games": 5}', encoding="utf-8")
    assert stats.record_game({"players": 2, "level": "random", "won": True, "totals": [510, 3], "deals": 5,
                              "when": 1}) is None
    kept = [p for p in path.parent.iterdir() if p.name.startswith("stats.json.unreadable-")]
    assert [p.read_text(encoding="utf-8") for p in kept] == ['{"games": 5}']
    assert [g["won"] for g in stats.load_stats()] == [True]
    assert any("stats.json could not be read completely" in translate(n) for n in stats.take_notes())


def test_one_malformed_practice_entry_keeps_the_file_aside_and_the_good_entries() -> None:
    from deberc_tui.practice.history import history_path

    good = {"position": {"preset": "moscow", "players": 2, "rules": {"preset": "moscow"},
                         "hand": ["AS", "KS", "9H", "JH", "7C", "8D"], "turnup": "TH", "seat": "first", "round": 1},
            "chosen": "play", "best": "pass", "loss": 12.5, "rating": "inaccuracy", "evaluation": {}}
    original = json.dumps({"decisions": [good, {"position": "broken"}, good]})
    path = history_path()
    path.write_text(original, encoding="utf-8")
    hist = History.load()
    assert len(hist.decisions) == 2
    assert any("1 of 3 entries cannot be read" in n for n in hist.take_notes())
    hist.save()
    kept = [p for p in path.parent.iterdir() if p.name.startswith("practice.json.unreadable-")]
    assert [p.read_text(encoding="utf-8") for p in kept] == [original]
    assert len(History.load().decisions) == 2


def test_a_newer_practice_record_is_read_and_never_written() -> None:
    from deberc_tui.practice.history import history_path

    path = history_path()
    path.write_text(json.dumps({"format": "deberc-practice", "version": 9, "decisions": [], "more": 1}), "utf-8")
    before = path.read_bytes()
    hist = History.load()
    with pytest.raises(OSError, match="newer deberc"):
        hist.save()
    assert path.read_bytes() == before


def test_an_unreadable_settings_file_is_kept_aside_not_overwritten() -> None:
    path = settings_path()
    path.write_text("{broken", encoding="utf-8")
    save_language("ru")
    assert json.loads(path.read_text(encoding="utf-8")) == {"language": "ru"}
    kept = [p for p in path.parent.iterdir() if p.name.startswith("settings.json.unreadable-")]
    assert [p.read_text(encoding="utf-8") for p in kept] == ["{broken"]


@pytest.mark.parametrize(("locale", "told"), [
    ("en_US.UTF-8", "deberc: settings.json could not be read (not valid JSON: Expecting property name enclosed "
                    "in double quotes at line 1, column 2); it was kept as settings.json.unreadable-"),
    ("ru_RU.UTF-8", "deberc: settings.json не читается (неверный JSON: Expecting property name enclosed in double "
                    "quotes (строка 1, столбец 2)); он сохранён как settings.json.unreadable-"),
])
def test_a_damaged_settings_file_is_told_in_one_line_in_the_users_language(
        monkeypatch: pytest.MonkeyPatch, locale: str, told: str) -> None:
    monkeypatch.setenv("LANG", locale)
    settings_path().write_text("{broken", encoding="utf-8")
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    [line] = [line for line in result.stderr.splitlines() if "settings.json" in line]
    assert line.startswith(told), line


def test_a_settings_file_from_a_newer_version_refuses_the_new_language_in_one_line() -> None:
    path = settings_path()
    path.write_text(json.dumps({"version": 9, "language": "en"}), encoding="utf-8")
    with pytest.raises(OSError) as refused:
        save_language("ru")
    assert translate_error(refused.value) == "settings.json is from a newer deberc: it is read but not written"
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": 9, "language": "en"}


def test_an_old_autosave_from_a_newer_version_is_kept_aside_before_the_copy_is_written() -> None:
    old = storage.data_dir() / "autosave.json"
    doc = json.loads(GOLDEN[0].read_text(encoding="utf-8"))
    doc["format"] = "deberc-record/3"
    old.write_text(json.dumps(doc), encoding="utf-8")
    usable, note = saved_games.claim_mirror(old)
    assert usable and note is not None and "kept as autosave.json.unreadable-" in translate(note)
    kept = [p for p in old.parent.iterdir() if p.name.startswith("autosave.json.unreadable-")]
    assert json.loads(kept[0].read_text(encoding="utf-8"))["format"] == "deberc-record/3"


def test_a_saved_game_from_a_newer_version_is_listed_as_skipped_and_left_in_place() -> None:
    doc = json.loads(GOLDEN[0].read_text(encoding="utf-8"))
    doc["format"] = "deberc-record/2"
    path = saved_games.games_dir() / "20240101-000000-abcdef.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    found = saved_games.list_games()
    assert found.games == [] and path.exists()
    assert found.notes and "left as it is" in translate(found.notes[0])


# -- two writers, a full disk, a read-only folder, a kill ----------------------------------------------------


def _add_thrown_deals(root: str, pad_id: str, count: int) -> None:
    store = PadStore(Path(root))
    for _ in range(count):
        with store.editing(pad_id) as pad:
            pad.add(EnteredDeal(dealer=pad.suggested_dealer, kind=THROWN, reason="all_pass"))


def test_two_processes_adding_deals_to_one_pad_lose_none(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    pad_id = store.save(Pad(Rules.preset("moscow", players=2), ["A", "B"]))
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_add_thrown_deals, args=(str(tmp_path), pad_id, 40)) for _ in range(2)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
        assert w.exitcode == 0
    assert len(PadStore(tmp_path).load(pad_id).deals) == 80


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", no_space)


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    storage.atomic_write(path, "old")
    with monkeypatch.context() as m:
        _full_disk(m)
        with pytest.raises(OSError, match="No space left"):
            storage.atomic_write(path, "new")
    assert path.read_text(encoding="utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_full_disk_at_the_table_is_told_at_once_and_the_next_save_retries(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = TableSession(Rules.preset("moscow", players=2), default_players(2, ["random"]), first_dealer=0, seed=1,
                         save_path=tmp_path / "g.json", pace=0.0)

    def saving_news() -> list[str]:
        return [translate(n) for n in table.take_news() if isinstance(n, Text) and "saved" in n.template]

    with monkeypatch.context() as m:
        _full_disk(m)
        table.advance()  # the first deal is dealt and saved
        news = saving_news()
        assert len(news) == 1 and "could not be saved (No space left on device)" in news[0]
        deal = table.deal
        assert deal is not None and deal.to_act is not None
        table.act(deal.to_act, deal.legal_actions()[0])
        assert saving_news() == []  # told once, not after every move
    deal = table.deal
    assert deal is not None and deal.to_act is not None
    table.act(deal.to_act, deal.legal_actions()[0])
    assert saving_news() == ["The game is saved again."]
    assert len(json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["deals"][0]["actions"]) == 2


def test_a_full_disk_in_scorepad_add_is_one_line_and_the_pad_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    pad_id = _run("scorepad", "new", "--names", "A,B").output.strip()
    before = PadStore().path(pad_id).read_bytes()
    _full_disk(monkeypatch)
    result = _run("scorepad", "add", pad_id, "--thrown", "all_pass")
    assert result.exit_code == 2 and one_line(result.output) and "No space left" in result.output
    assert PadStore().path(pad_id).read_bytes() == before


def test_a_read_only_data_folder_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pad_id = _run("scorepad", "new", "--names", "A,B").output.strip()
    folder = PadStore().root
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: chmod does not make a folder read-only")
        result = _run("scorepad", "add", pad_id, "--thrown", "all_pass")
        assert result.exit_code == 2 and one_line(result.output), result.output
    finally:
        folder.chmod(0o700)


WRITER = """
import sys, json
from pathlib import Path
from deberc_tui.storage import atomic_write
path = Path(sys.argv[1])
text = json.dumps({"deals": ["x" * 2000] * 200})
print("ready", flush=True)
while True:
    atomic_write(path, text)
"""


def test_killing_a_writer_leaves_a_valid_file_and_its_temporary_file_is_swept(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert len(json.loads(path.read_text(encoding="utf-8"))["deals"]) == 200
    storage.sweep_temp_files(tmp_path, force=True)
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]


def test_stale_temporary_files_are_swept_and_a_live_writer_s_file_is_kept(tmp_path: Path) -> None:
    old_style = tmp_path / ".autosave.json.k2j3h4g5"  # tempfile.mkstemp's, from before pids were kept
    old_style.write_text("half")
    os.utime(old_style, (time.time() - 120, time.time() - 120))
    live = tmp_path / f".game.json.{os.getpid()}.abcd1234.tmp"
    live.write_text("being written")
    young_old_style = tmp_path / ".stats.json.abcdefgh"
    young_old_style.write_text("maybe being written")
    removed = storage.sweep_temp_files(tmp_path, force=True)
    assert removed == [old_style] and live.exists() and young_old_style.exists()


# -- issue 20: a named pipe, a folder or an odd name where a file is expected ---------------------------------

DEBERC = [sys.executable, "-c", "from deberc_tui.cli import main; main()"]


def within(seconds: float, work: Any) -> Any:
    """``work()``'s result, or a failed test if it has not returned after ``seconds`` (a read that waits for a
    named pipe's writer would wait for ever: the thread is left behind, the test fails instead of hanging)."""
    import threading

    box: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            box.append(work())
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            failure.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s: {work}"
    if failure:
        raise failure[0]
    return box[0] if box else None


def _socket(path: Path) -> None:
    import socket

    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()


# What can stand where deberc expects a file (each made at ``path``), and whether it is "not a regular file".
ODD_THINGS: dict[str, Any] = {
    "named pipe": os.mkfifo,
    "folder": lambda path: path.mkdir(),
    "link to a named pipe": lambda path: (os.mkfifo(path.with_name(path.name + ".pipe")),
                                          path.symlink_to(path.with_name(path.name + ".pipe"))),
    "device": lambda path: path.symlink_to("/dev/zero"),
    "socket": _socket,
    "dangling link": lambda path: path.symlink_to(path.with_name("nowhere")),
    "link loop": lambda path: path.symlink_to(path),
}
NOT_REGULAR = {"named pipe", "folder", "link to a named pipe", "device", "socket"}


def _still_there(path: Path) -> bool:
    return os.path.lexists(path)


@pytest.mark.parametrize("thing", sorted(ODD_THINGS))
def test_each_reader_refuses_a_file_that_is_no_file_at_once_and_leaves_it_as_it_is(thing: str) -> None:
    data, config = storage.data_dir(), user_settings.config_dir()
    pads = PadStore()
    places = {"settings": config / "settings.json", "stats": data / "stats.json",
              "practice": data / "practice.json", "pad": pads.root / "2026-01-01-a-b.json"}
    for path in places.values():
        ODD_THINGS[thing](path)
    settings_read = within(10, load_settings)
    stats_read = within(10, stats.load_stats)
    history = within(10, History.load)
    pads_read = within(10, PadStore().infos)
    said = " | ".join([*(translate(n) for n in user_settings.take_notes() + stats.take_notes()),
                       *history.take_notes()])
    assert settings_read == {} and stats_read == [] and history.decisions == [] and pads_read == []
    if thing in NOT_REGULAR:
        assert said.count("not a regular file") == 3, said
        with pytest.raises(OSError):  # never written over: a pipe would be replaced by a file
            save_language("ru")
        assert stats.record_game({"players": 2, "level": "random", "won": True, "totals": [510, 3], "deals": 5,
                                  "when": 1}) is not None
        assert all(_still_there(path) for path in places.values())
        assert not (data / "stats.json").is_file() and not (config / "settings.json").is_file()
    stats._pending.clear()


@pytest.mark.parametrize("thing", sorted(NOT_REGULAR))
def test_a_record_that_is_no_file_is_refused_in_one_line_by_every_opener(tmp_path: Path, thing: str) -> None:
    path = tmp_path / "game.json"
    ODD_THINGS[thing](path)
    with pytest.raises(RecordError, match="not a regular file"):
        within(10, lambda: load_record(path))
    with pytest.raises(TableError, match="not a regular file"):
        within(10, lambda: TableSession.from_record(path))


@pytest.mark.parametrize("thing", sorted(NOT_REGULAR))
def test_the_saved_games_list_passes_over_a_game_file_that_is_no_file(thing: str) -> None:
    folder = saved_games.games_dir()
    path = folder / "20260101-000000-abcdef.json"
    ODD_THINGS[thing](path)
    ODD_THINGS[thing](folder / ".index.json")
    ODD_THINGS[thing](storage.data_dir() / "autosave.json")
    found = within(10, saved_games.list_games)
    assert found.games == []
    assert any("not a regular file" in translate(note) for note in found.notes), found.notes
    assert _still_there(path) or any(_still_there(p) for p in (folder / "unreadable").iterdir())


def _deberc(*args: str, timeout: float = 30, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DEBERC, *args], capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL, **kw)


def test_a_named_pipe_for_settings_stops_no_command_not_even_version() -> None:
    os.mkfifo(user_settings.config_dir() / "settings.json")
    proc = _deberc("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("deberc, version")
    assert proc.stderr.splitlines() == [
        "deberc: settings.json cannot be read (not a regular file: a named pipe (FIFO)) and is left as it is"]


@pytest.mark.parametrize("args", [["replay", "{pipe}"], ["--load", "{pipe}"], ["replay", "{folder}"],
                                  ["--load", "{folder}"]])
def test_replay_and_load_refuse_a_named_pipe_or_a_folder_in_one_line(tmp_path: Path, args: list[str]) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "folder.json").mkdir()
    given = [a.format(pipe=tmp_path / "pipe.json", folder=tmp_path / "folder.json") for a in args]
    proc = _deberc(*given)
    assert proc.returncode == 2 and one_line(proc.stderr), proc.stderr
    assert "not a regular file" in proc.stderr and given[1] in proc.stderr


@pytest.mark.parametrize("args", [["scorepad", "list"], ["practice", "--review"], ["--version"]])
def test_a_named_pipe_in_the_data_folder_stops_no_list(args: list[str]) -> None:
    data = storage.data_dir()
    for name in ("practice.json", "stats.json", "autosave.json"):
        os.mkfifo(data / name)
    os.mkfifo(PadStore().root / "2026-01-01-a-b.json")
    proc = _deberc(*args)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert all(len(line) < 300 for line in proc.stderr.splitlines())


# -- issue 20: a games folder that cannot be made -------------------------------------------------------------


def _cannot_make_games_folder(how: str, data: Path) -> None:
    if how == "a file named games":
        (data / "games").write_text("not a folder", encoding="utf-8")
    else:
        data.chmod(0o500)
        if os.access(data, os.W_OK):
            data.chmod(0o700)
            pytest.skip("running as root: chmod does not make a folder read-only")


@pytest.mark.parametrize("how", ["a file named games", "a read-only data folder"])
async def test_a_game_starts_without_saving_when_the_games_folder_cannot_be_made(how: str) -> None:
    from deberc_tui.app import make_app
    from deberc_tui.app.screens.table import TableScreen
    from deberc_tui.table.services import FirstLegalBot

    data = storage.data_dir()
    _cannot_make_games_folder(how, data)
    try:
        app = make_app(Rules.preset("moscow", players=2), bot_maker=lambda name, seed=None: FirstLegalBot(), pace=0.0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session.save_path is None
            told = [n.message for n in app._notifications]
            assert any("this game is not saved" in m and ("not a folder" in m or "ermission" in m) for m in told), told
    finally:
        data.chmod(0o700)
    assert not (data / "autosave.json").exists()


def test_a_file_named_games_is_named_as_not_a_folder() -> None:
    (storage.data_dir() / "games").write_text("mine", encoding="utf-8")
    with pytest.raises(OSError) as caught:
        saved_games.new_game_path()
    assert translate_error(caught.value) == f"{storage.data_dir() / 'games'} is not a folder"
    assert (storage.data_dir() / "games").read_text(encoding="utf-8") == "mine"


# -- issue 20: a version that is no number --------------------------------------------------------------------


@pytest.mark.parametrize("version", ['"1"', "1.0", "true", "0", "null"])
def test_a_version_that_is_no_number_is_damage_not_a_newer_deberc(version: str) -> None:
    from deberc_tui.practice.history import history_path

    settings_file = settings_path()
    settings_file.write_text(f'{{"version": {version}, "language": "ru"}}', encoding="utf-8")
    stats.stats_path().write_text(f'{{"version": {version}, "games": []}}', encoding="utf-8")
    history_path().write_text(f'{{"version": {version}, "decisions": []}}', encoding="utf-8")
    load_settings()
    stats.load_stats()
    history = History.load()
    said = [translate(n) for n in user_settings.take_notes() + stats.take_notes()] + history.take_notes()
    assert not any("newer" in line for line in said), said
    assert sum(f"its version {version.replace(chr(34), chr(39))} is not a version number" in line
               for line in said) == 3, said
    save_language("en")  # damage is kept aside and written anew, as for any damaged file
    assert json.loads(settings_file.read_text(encoding="utf-8")) == {"language": "en"}


# -- issue 20: practice entries the screen cannot show are refused at load --------------------------------------

GOOD_ENTRY: dict[str, Any] = {
    "position": {"preset": "moscow", "players": 2, "rules": {"preset": "moscow"},
                 "hand": ["AS", "KS", "9H", "JH", "7C", "8D"], "turnup": "TH", "seat": "first", "round": 1,
                 "score": [120, 340], "hanging": 0},
    "chosen": "play", "best": "pass", "loss": 12.5, "rating": "inaccuracy", "evaluation": {}}


@pytest.mark.parametrize(("field", "value"), [
    ("score", ["x", "y"]), ("score", [1.5, 2]), ("score", [True, False]), ("score", [10**9, 0]), ("score", "0:0"),
    ("hanging", "lots"), ("hanging", -5), ("hanging", 2.5), ("round", True), ("round", "1"), ("players", "2"),
    ("hand", "AS KS 9H JH 7C 8D"), ("hand", ["AS", "KS", "9H", "JH", "7C", ["8D"]]), ("turnup", ["TH"]),
    ("seat", ["first"]), ("rules", "moscow"), ("chosen", ["play"]), ("chosen", "everything"), ("best", 7),
])
def test_a_practice_entry_with_a_field_the_screen_cannot_use_is_refused_at_load(field: str, value: object) -> None:
    from deberc_tui.practice.history import history_path

    bad = json.loads(json.dumps(GOOD_ENTRY))
    (bad if field in ("chosen", "best") else bad["position"])[field] = value
    history_path().write_text(json.dumps({"decisions": [GOOD_ENTRY, bad]}), encoding="utf-8")
    hist = History.load()
    assert len(hist.decisions) == 1
    assert any("1 of 2 entries cannot be read" in n for n in hist.take_notes())
    assert hist.mistakes()[0].position["score"] == [120, 340]


def test_the_review_of_past_mistakes_shows_the_readable_ones_after_a_bad_entry() -> None:
    from deberc_tui.practice.history import history_path

    bad = json.loads(json.dumps(GOOD_ENTRY))
    bad["position"]["score"] = ["x", "y"]
    history_path().write_text(json.dumps({"decisions": [bad, GOOD_ENTRY]}), encoding="utf-8")
    result = _run("practice", "--review")
    assert result.exit_code == 0, result.output
    assert "1 of 2 entries cannot be read" in result.output
    assert "  1. A♠ K♠ 9♥ J♥ 7♣ 8♦ turnup 10♥" in result.output


def test_a_file_is_named_whole_in_an_error_and_a_path_too_long_keeps_its_own_name() -> None:
    from deberc_tui.untrusted import path_shown

    deep = "/tmp/pytest-of-root/pytest-52/popen-gw0/test_a_bad_load_file_gives_one2/game.json"
    assert path_shown(deep) == deep  # a real path, whole: "game.jso…" names no file
    absurd = "/x" * 400 + "/game.json"
    shown = path_shown(absurd)
    assert len(shown) == 200 and shown.endswith("/x/x/game.json") and shown.startswith("/x/x") and "…" in shown
