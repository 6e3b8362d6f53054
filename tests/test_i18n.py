"""Translation: the catalog covers every message, the language follows --lang, the settings and the locale,
and the Russian screens speak Russian (snapshots, and no English words leak into them)."""

from __future__ import annotations

import functools
import gettext
import io
import json
import re
import string
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, human_move, settle, table_screen
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from click.testing import CliRunner
from tablehelp import play_deal, to_game_over, to_mid_trick, to_score_sheet

from deberc_tui import settings
from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.cli import lang_from_args, main
from deberc_tui.engine import Bid, Card, Game, IllegalActionError, PlayCard, Rules
from deberc_tui.engine.text import render
from deberc_tui.text import i18n
from deberc_tui.text.i18n import (
    LANGUAGES,
    _,
    choose_language,
    current_language,
    language_from_env,
    ngettext,
    set_language,
)

SIZE = (80, 24)
LOOK = Look()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the catalog tool is a developer tool at the top level, outside the package
from tools import i18n as catalog_tool  # noqa: E402

RUSSIAN_PLURALS = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"


@functools.cache
def messages_in_code() -> dict[str, Message]:
    """Every message id the extractor finds in the sources (Babel's, as ``tools/i18n.py`` runs it)."""
    return {catalog_tool.key(m): m for m in catalog_tool.extract_messages() if m.id}


def ru_po() -> dict[str, Message]:
    """The Russian catalog's source, as Babel reads it (entries gone from the code, ``#~``, are not in it)."""
    return {catalog_tool.key(m): m for m in catalog_tool.read_catalog(catalog_tool.po_path("ru")) if m.id}


def fields(text: str) -> list[str]:
    return sorted({f for _, f, _, _ in string.Formatter().parse(text) if f is not None and f.isidentifier()})


HOW = f"— run {catalog_tool.USAGE}, then fill in the empty msgstr in {catalog_tool.po_path('ru').relative_to(ROOT)} " \
      "and run python3 tools/i18n.py compile"


# -- the catalog -------------------------------------------------------------------------------


def test_the_shipped_catalog_is_compiled_from_the_current_po() -> None:
    shipped = catalog_tool.mo_path("ru").read_bytes()
    now = catalog_tool.entries(catalog_tool.mo_catalog(catalog_tool.compiled("ru")))
    then = catalog_tool.entries(catalog_tool.mo_catalog(shipped))
    differ = [key for key in now.keys() | then.keys() if now.get(key) != then.get(key)]
    assert not differ, f"deberc.mo is older than deberc.po ({differ[:5]}) — run python3 tools/i18n.py compile"
    # what the standard library reads from it: the plural rule from the header
    assert gettext.GNUTranslations(io.BytesIO(shipped)).info()["plural-forms"] == RUSSIAN_PLURALS


def test_every_message_has_a_russian_translation() -> None:
    catalog = ru_po()
    messages = messages_in_code()
    missing = [m for m in messages if m not in catalog]
    assert not missing, f"not in the catalog: {missing[:10]} {HOW}"
    empty = [m for m in catalog_tool.untranslated(catalog_tool.read_catalog(catalog_tool.po_path("ru")))]
    assert not empty, f"untranslated or fuzzy: {empty[:10]} {HOW}"
    assert len(messages) > 400


def test_no_stale_translations() -> None:
    messages = messages_in_code()
    stale = [m for m in ru_po() if m not in messages]
    assert not stale, f"ids no longer in the code: {stale[:10]} {HOW}"


def test_translations_keep_the_fields_and_plural_forms() -> None:
    messages = messages_in_code()
    for key, entry in ru_po().items():
        plural = not isinstance(messages[key].id, str)
        assert plural == (not isinstance(entry.id, str)), key
        forms = tuple(entry.string) if plural else (entry.string,)
        assert len(forms) == (3 if plural else 1), (key, forms)
        for form in (f for f in forms if f):  # an empty one is untranslated: the test above names it
            assert form.strip(), f"{key!r}: a blank translation"
            assert fields(form) == fields(key), f"{key!r} → {form!r}: the translation must keep {fields(key)}"


EDGE = re.compile(r"^[\s,;:]*|[\s,;:]*$")
"""The spaces and separators a message begins and ends with: they join it to the text it is put beside."""


def test_translations_keep_the_spaces_and_commas_that_join_them_to_the_text_beside() -> None:
    for entry in ru_po().values():
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        source = entry.id if isinstance(entry.id, str) else entry.id[0]
        for form in (f for f in forms if f):
            assert EDGE.findall(form) == EDGE.findall(source), \
                f"{source!r} → {form!r}: keep how the message begins and ends ({EDGE.findall(source)})"


def test_source_language_catalog_is_only_a_header() -> None:
    """English is the message ids themselves; its catalog exists so gettext's locale search can find English."""
    english = catalog_tool.read_catalog(catalog_tool.po_path("en"))
    assert [m.id for m in english if m.id] == []
    assert catalog_tool.mo_path("en").exists()


RU_HEADER = f'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Plural-Forms: {RUSSIAN_PLURALS}\\n"\n\n'


def a_catalog(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, entries: str) -> Path:
    """A Russian ``.po`` with ``entries`` in a locale directory of its own, where the tool will look."""
    monkeypatch.setattr(catalog_tool, "LOCALE", tmp_path)
    po = catalog_tool.po_path("ru")
    po.parent.mkdir(parents=True)
    po.write_text(RU_HEADER + entries, encoding="utf-8")
    return po


def test_the_tool_adds_new_ids_empty_keeps_gone_ones_as_comments_and_compiles(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    po = a_catalog(monkeypatch, tmp_path, 'msgid "Pass"\nmsgstr "Пас"\n\nmsgid "Gone"\nmsgstr "Ушло"\n\n'
                   'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} карта"\nmsgstr[1] "{n} карты"\n'
                   'msgstr[2] "{n} карт"\n')
    template = Catalog()
    for message in ("Pass", "New", ("{n} card", "{n} cards")):
        template.add(message, locations=[("deberc_tui/x.py", 1)])
    [report] = catalog_tool.update_all(template)
    assert (report.untranslated, report.obsolete) == (("New",), ("Gone",))
    text = po.read_text(encoding="utf-8")
    assert 'msgid "New"\nmsgstr ""\n' in text and '#~ msgid "Gone"\n#~ msgstr "Ушло"\n' in text
    assert catalog_tool.compile_all() == [catalog_tool.mo_path("ru")]
    ru = gettext.translation(catalog_tool.DOMAIN, tmp_path, languages=["ru"])
    assert [ru.gettext("Pass"), ru.gettext("New"), ru.gettext("Gone")] == ["Пас", "New", "Gone"]
    assert [ru.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 3, 5)] == ["1 карта", "3 карты", "5 карт"]
    before = po.read_bytes()
    catalog_tool.update_all(template)
    assert po.read_bytes() == before and catalog_tool.compile_all() == []  # running it again changes nothing


@pytest.mark.parametrize(("entries", "error"), [
    ('msgid "Pass"\nmsgstr "Пас"\n\nmsgid "Pass"\nmsgstr "Пас!"\n', "line 9: 'Pass' is in the catalog twice"),
    ('msgid "Pass"\nmsgtsr "Пас"\n', "line 7: Unknown or misformatted keyword: 'msgtsr \"Пас\"'"),
])
def test_the_tool_names_the_file_and_line_of_a_broken_catalog(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str], entries: str,
        error: str) -> None:
    po = a_catalog(monkeypatch, tmp_path, entries)
    assert catalog_tool.main(["compile"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tools/i18n.py: {po}: {error}") and err.count("\n") == 1, err
    assert not catalog_tool.mo_path("ru").exists()


def test_russian_plural_forms() -> None:
    set_language("ru")
    assert [ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 11, 21, 22, 25, 112)] == [
        "1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка", "25 очков", "112 очков"]
    assert ngettext("{n} point", "{n} points", 3).format(n=3) == "3 очка"
    set_language("en")
    assert ngettext("{n} point", "{n} points", 1) == "{n} point"
    assert ngettext("{n} point", "{n} points", 2) == "{n} points"


def test_the_game_words_are_the_players_words() -> None:
    set_language("ru")
    words = {"Pass": "Пас", "Play trump": "Играю", "Turnup": "Вскрышка", "Bottom": "Фреза", "terz": "терц",
             "fifty": "полтинник", "hundred": "сотня", "Bella": "Бела", "Партия": "Партия", "bait (БТ)": "байт (БТ)",
             "mars": "марс", "Last trick": "Послед"}
    for english, russian in words.items():
        assert _(english) == russian
    assert _("") == ""  # never the catalog's header
    assert _("no such message, left in English") == "no such message, left in English"


def test_extractor_finds_markers_click_help_docstrings_and_fstrings() -> None:
    source = b'''
import click
x = _("one")
y = N_("two")
z = ngettext("{n} card", "{n} cards", 2)
w = f"{_('three'):<8} {i18n._('four')}"
@click.command()
@click.option("--a", help="Option help.")
def cmd():
    """Command help.

    More."""
'''
    found: dict[str, str | None] = {}
    for _line, message, _comments, _context in extract(catalog_tool.extract_deberc, io.BytesIO(source),
                                                          catalog_tool.KEYWORDS):  # type: ignore[arg-type]
        found[message if isinstance(message, str) else message[0]] = None if isinstance(message, str) else message[1]
    assert found == {"one": None, "two": None, "{n} card": "{n} cards", "three": None, "four": None,
                     "Option help.": None, "Command help.\n\nMore.": None}



def test_a_message_said_by_gender_is_extracted_plain_and_under_he_and_she() -> None:
    """``G_`` (deberc_tui.text.persons): the plain id is the words for a player whose gender nobody gave; ``W_``
    adds the words for a side with "you"."""
    source = b'''
one = G_("{name} took it")
many = W_("{name} take it")
'''
    found = {(context, message) for _line, message, _comments, context in extract(
        catalog_tool.extract_deberc, io.BytesIO(source), catalog_tool.KEYWORDS)}  # type: ignore[arg-type]
    assert found == {(None, "{name} took it"), ("he", "{name} took it"), ("she", "{name} took it"),
                     (None, "{name} take it"), ("you and", "{name} take it")}

def test_the_package_data_ships_every_compiled_catalog() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    package = ROOT / "deberc_tui"
    shipped = {path for pattern in globs["deberc_tui"] for path in package.glob(pattern)}
    for lang in LANGUAGES:
        assert catalog_tool.mo_path(lang) in shipped, lang


# -- engine refusals ---------------------------------------------------------------------------


def test_refusals_carry_a_template_that_gives_the_english_reason() -> None:
    game = Game(Rules.preset("moscow"), first_dealer=1, seed=3)
    deal = game.start_deal()
    with pytest.raises(IllegalActionError) as info:
        game.apply(0, PlayCard(Card.parse("AS")))
    exc = info.value
    assert exc.reason == exc.template.format(**exc.params) == "cannot play a card during the bidding"
    with pytest.raises(IllegalActionError) as info:
        game.apply(0, Bid(deal.turnup.suit.value))
    exc = info.value
    assert exc.params == {"suit": deal.turnup.suit}  # a value: the text layer writes it
    assert exc.reason == render(exc.template, exc.params) == exc.template.format(suit=deal.turnup.suit.symbol)
    assert exc.reason.startswith("cannot name a suit in round 1")
    assert str(exc) == f"seat 0 {exc.reason}"
    set_language("ru")
    assert i18n.translate_reason(exc.template, exc.params).startswith("в первом круге масть не называют")


def test_every_engine_template_is_a_message_id() -> None:
    messages = messages_in_code()
    engine = Path(__file__).resolve().parent.parent / "deberc_tui" / "engine"
    for path in engine.glob("*.py"):
        with path.open("rb") as fileobj:
            for _line, message, _comments, _context in extract(catalog_tool.extract_deberc, fileobj,
                                                                  catalog_tool.KEYWORDS):  # type: ignore[arg-type]
                assert (message if isinstance(message, str) else message[0]) in messages


# -- choosing the language ---------------------------------------------------------------------


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANGUAGE": "uk:ru:en", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LANGUAGE": "en:ru", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_ALL": "ru_UA.UTF-8"}, "ru"),
    ({"LANGUAGE": "ru"}, "ru"),
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_locale_variables_choose_the_language(monkeypatch: pytest.MonkeyPatch, environ: dict[str, str],
                                              lang: str) -> None:
    for var, value in environ.items():
        monkeypatch.setenv(var, value)
    assert language_from_env() == lang
    assert set_language(None) == lang


def test_lang_ru_locale_then_lang_en_overrides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert choose_language(None) == "ru"
    runner = CliRunner()
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0 and "Деберц (клабор) в терминале" in result.output
    assert "Язык интерфейса" in result.output
    result = runner.invoke(main, ["--lang", "en", "--help"])
    assert result.exit_code == 0 and "Debertz (Деберц, Klabor) in the terminal" in result.output
    assert current_language() == "en"
    result = runner.invoke(main, ["--lang", "ru", "scorepad", "--help"])
    assert "Блокнот для игр живыми картами" in result.output


def test_lang_is_read_before_click_parses() -> None:
    assert lang_from_args(["--lang", "ru", "replay", "x"]) == "ru"
    assert lang_from_args(["--lang=en"]) == "en"
    assert lang_from_args(["--lang", "xx"]) is None
    assert lang_from_args(["replay", "--", "--lang", "ru"]) is None


def test_the_saved_setting_wins_over_the_locale(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DEBERC_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    runner = CliRunner()
    settings.save_language("ru")
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {"language": "ru"}
    assert "Деберц (клабор) в терминале" in runner.invoke(main, ["--help"]).output
    assert "Debertz (Деберц, Klabor) in the terminal" in runner.invoke(main, ["--lang", "en", "--help"]).output
    settings.save_language(None)
    assert "Debertz (Деберц, Klabor) in the terminal" in runner.invoke(main, ["--help"]).output


def test_choose_language_takes_the_saved_language_the_caller_read() -> None:
    assert choose_language(None, "ru") == "ru"
    assert choose_language("en", "ru") == "en"  # --lang first
    assert choose_language(None, "xx") == "en"  # a saved value it does not know: the locale (here: none)
    assert choose_language(None, None) == "en"


async def test_the_new_game_screen_switches_and_saves_the_language(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from textual.widgets import Select

    monkeypatch.setenv("DEBERC_CONFIG_DIR", str(tmp_path))
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#language", Select).value = "ru"
        await pilot.pause()
        await pilot.pause()
        assert current_language() == "ru"
        assert "Деберц — новая игра" in visible_text(app)
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["language"] == "ru"


# -- the Russian screens -----------------------------------------------------------------------


@pytest.fixture
def russian(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    set_language("ru")


def table_app() -> Any:
    return make_app(Rules.preset("moscow", players=2), seed=11, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)


SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_new_game_ru(snap_compare: Any, russian: None, size: str) -> None:
    assert snap_compare(make_app(pace=0.0, look=LOOK, bot_maker=first_legal), terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_bidding_ru(snap_compare: Any, russian: None, size: str) -> None:
    assert snap_compare(table_app(), terminal_size=SIZES[size], run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_play_ru(snap_compare: Any, russian: None, size: str) -> None:
    assert snap_compare(table_app(), terminal_size=SIZES[size], run_before=to_mid_trick)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_deal_summary_ru(snap_compare: Any, russian: None, size: str) -> None:
    assert snap_compare(table_app(), terminal_size=SIZES[size], run_before=play_deal)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_score_sheet_ru(snap_compare: Any, russian: None, size: str) -> None:
    assert snap_compare(table_app(), terminal_size=SIZES[size], run_before=to_score_sheet)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_game_over_ru(snap_compare: Any, russian: None, size: str) -> None:
    app = make_app(Rules.preset("moscow", players=2, target=101), seed=11, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=to_game_over)


# Words with Latin letters that may appear on a Russian screen: the program's name, key names, notation.
ALLOWED_LATIN = {"deberc", "vs", "xx", "enter", "esc", "ctrl", "ascii", "english", "se", "c", "d", "h", "s", "p", "x", "e",
                 "b", "w", "r", "k", "a", "l", "t", "i", "u", "f", "g", "q", "n", "v"}
ENGLISH_WORDS = {"the", "deal", "trump", "pass", "play", "bid", "score", "cards", "you", "turnup", "players",
                 "rules", "new", "game", "start", "quit", "help", "sheet", "total", "tricks", "bella", "hint",
                 "round", "seat", "bidder", "dealer", "preset", "target", "moscow", "human", "bot", "heuristic"}


def visible_text(app: Any) -> str:
    """The text of every visible widget on the current screen (and what Rich renders in it)."""
    svg = app.export_screenshot()
    import html

    return html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def leaks(text: str) -> list[str]:
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    return sorted(w for w in words if w not in ALLOWED_LATIN or w in ENGLISH_WORDS)


async def test_no_english_leaks_into_the_russian_screens(russian: None) -> None:
    seen: list[str] = []
    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seen.append(visible_text(app))
        await pilot.press("ctrl+r")  # house rules
        await pilot.pause()
        seen.append(visible_text(app))
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        seen.append(visible_text(app))  # bidding
        await human_move(pilot)
        await settle(pilot)
        await human_move(pilot)
        await settle(pilot)
        seen.append(visible_text(app))  # play
        await pilot.press("question_mark")
        await pilot.pause()
        seen.append(visible_text(app))  # help
        await pilot.press("escape")
        await play_deal(pilot)
        seen.append(visible_text(app))  # deal summary
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        seen.append(visible_text(app))  # score sheet
        await pilot.press("escape")
        await pilot.press("l")
        await pilot.pause()
        seen.append(visible_text(app))  # last tricks
        assert table_screen(app).session.game.deals
    for text in seen:
        assert re.search("[а-яА-Я]", text)
        assert not leaks(text), (leaks(text), text[:400])


async def test_an_illegal_card_is_refused_in_russian(russian: None) -> None:
    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        for _attempt in range(40):
            await settle(pilot)
            scr = table_screen(app)
            deal = scr.session.game.deal
            hand = scr.query_one("#hand")
            if deal.phase.value == "play" and deal.to_act == 0 and hand.legal and len(hand.legal) < len(hand.cards):
                index = next(i for i, c in enumerate(hand.cards) if c not in hand.legal)
                await pilot.press(str(index + 1), "enter")
                await pilot.pause()
                status = str(scr.query_one("#status").content)
                assert status.startswith("✗ нужно"), status
                return
            await human_move(pilot)
    pytest.skip("no illegal card came up in this deal")


# -- the command line in Russian: replay, records, rules, score pad, practice -------------------

GOLDEN = Path(__file__).resolve().parent / "golden"
LATIN_WORDS = re.compile(r"\b(?:deal|dealer|turnup|trick|bids|points|written|winner|rules|players|target|takes|trump|"
                         r"round|declares|combinations|scores|claims|bella|bait|hanging|made|seat|action|must)\b")


def test_replay_prints_russian_and_english_stays(tmp_path: Path) -> None:
    record = GOLDEN / "moscow_2p_5.record.json"
    runner = CliRunner()
    english = runner.invoke(main, ["replay", str(record)])
    assert english.exit_code == 0
    assert english.output.startswith("moscow rules, 2 players, target 501\nDeal 1 — dealer P1, turnup K♣\n")
    assert "  trick 1: A♦ 7♦            → P0 (11)\n" in english.output
    russian = runner.invoke(main, ["--lang", "ru", "replay", str(record)])
    assert russian.exit_code == 0, russian.output
    out = russian.output
    assert out.startswith("правила: московский, игроков: 2, игра до 501\nСдача 1 — сдаёт P1, вскрышка К♣\n")
    for words in ("торговля: P0: играю", "загружается: козырь ♣, круг 1; фреза 7♥", "объявляет терц до 9♦",
                  "взятка 1: Т♦ 7♦", "байт (БТ)", "записано:", "говорит «Партия» с 13: неверно", "победитель: P1"):
        assert words in out, words
    assert not LATIN_WORDS.search(out), LATIN_WORDS.search(out)
    # the sheet itself keeps its notation
    assert "БТ" in out and "#" in out


def test_a_bad_record_gives_one_russian_line(tmp_path: Path) -> None:
    doc = json.loads((GOLDEN / "moscow_2p_5.record.json").read_text(encoding="utf-8"))
    first = doc["deals"][0]["actions"][0]
    doc["deals"][0]["actions"][0] = {**{k: v for k, v in first.items() if k not in ("bid", "card")},
                                     "seat": 1 - first["seat"], "bid": "pass"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    runner = CliRunner()
    english = runner.invoke(main, ["replay", str(bad)])
    assert english.exit_code == 2
    assert english.output == f"deberc replay: {bad}: deal 1, action 1: P1 (seat 2) cannot bid now: it is seat 1's turn\n"
    russian = runner.invoke(main, ["--lang", "ru", "replay", str(bad)])
    assert russian.exit_code == 2 and isinstance(russian.exception, SystemExit)
    assert "Traceback" not in russian.output
    assert russian.output.count("\n") == 1
    assert russian.output == f"deberc replay: {bad}: сдача 1, ход 1: P1 (место 2) — сейчас не ваше слово: говорит место 1\n"
    doc["rules"]["hanging"] = "x"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    russian = runner.invoke(main, ["--lang", "ru", "replay", str(bad)])
    assert russian.exit_code == 2
    assert "правила: правило 'hanging': нужно одно из 'hang', 'bait', 'each_own', 'forced', а не 'x'" in russian.output


def test_errors_keep_the_english_text_and_translate() -> None:
    from deberc_tui.engine import Card, CardError, RulesError
    from deberc_tui.records import RecordError, parse_record

    with pytest.raises(RulesError) as rules_info:
        Rules.preset("short", players=4)
    assert str(rules_info.value) == "preset 'short' is for 2, 3 players, not 4"
    with pytest.raises(CardError) as card_info:
        Card.parse("QX")
    with pytest.raises(RecordError) as record_info:
        parse_record({"format": "deberc-record/1", "players": [{"name": "A"}, {"name": "B"}], "rules": {"mars": 3}})
    assert str(record_info.value) == "rules: rule option 'mars' must be true or false, not 3"
    set_language("ru")
    assert i18n.translate_error(rules_info.value) == "набор правил 'short' — для 2, 3 игроков, не для 4"
    assert i18n.translate_error(card_info.value).startswith("это не карта: 'QX'")
    assert i18n.translate_error(record_info.value) == "правила: правило 'mars': нужно true или false, а не 3"
    assert i18n.translate_error(ValueError("plain")) == "plain"
    assert str(record_info.value) == "rules: rule option 'mars' must be true or false, not 3"


def test_scorepad_refuses_in_russian(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    assert runner.invoke(main, ["scorepad", "new", "--names", "Anna,Boris"]).exit_code == 0
    english = runner.invoke(main, ["scorepad", "add", "last", "--bidder", "Anna", "--cards", "200,40"])
    assert english.exit_code == 2
    assert "card points 200 + 40 = 240: a 2-player deal holds at most 156 with the last trick" in english.output
    russian = runner.invoke(main, ["--lang", "ru", "scorepad", "add", "last", "--bidder", "Anna", "--cards", "200,40"])
    assert russian.exit_code == 2
    assert "очки в картах 200 + 40 = 240: в сдаче на 2 игроков с последом не больше 156" in russian.output
    russian = runner.invoke(main, ["--lang", "ru", "scorepad", "delete", "last", "3"])
    assert russian.exit_code == 2 and "сдачи 3 нет: в блокноте 0 сдач" in russian.output
    russian = runner.invoke(main, ["--lang", "ru", "scorepad", "new", "--set", "colour=1"])
    assert russian.exit_code == 2 and "неизвестное правило 'colour'" in russian.output
    added = runner.invoke(main, ["--lang", "ru", "scorepad", "add", "last", "--bidder", "Anna", "--cards", "100,40"])
    assert added.exit_code == 0 and added.output.startswith("сдача 1: Anna 100  Boris 40")
    undone = runner.invoke(main, ["--lang", "ru", "scorepad", "undo", "last"])
    assert undone.output.startswith("отменено: добавление сдачи")


def test_practice_evaluate_speaks_russian() -> None:
    args = ["practice", "--evaluate", "--hand", "AS KS 9H JH 7C 8D", "--turnup", "TH", "--worlds", "10"]
    runner = CliRunner()
    english = runner.invoke(main, args)
    assert english.exit_code == 0
    lines = english.output.splitlines()
    assert lines[0] == "bid         EV    ±SE   bait" and lines[-2].startswith("best: ")
    assert lines[-1] == "graded by the deal's expected points"
    russian = runner.invoke(main, ["--lang", "ru", *args])
    assert russian.exit_code == 0, russian.output
    lines = russian.output.splitlines()
    assert lines[0] == "слово       EV    ±SE   байт"
    assert {line.split()[0] for line in lines[1:-2]} == {"играю", "пас"}
    assert lines[-2].startswith("лучшее: ") and "миров: 10" in lines[-2]
    assert lines[-1] == "оценка по ожидаемым очкам сдачи"
    refused = runner.invoke(main, ["--lang", "ru", "practice", "--evaluate", "--hand", "AS KS", "--turnup", "TH"])
    assert refused.exit_code == 2 and "на торговле на руке шесть разных карт" in refused.output
