"""The bidding practice screen as a person sees it: positions in a row, the verdict, the record, Russian, keys.

The evaluations use a fixed number of worlds (``worlds=``) and a fixed seed, and the time an evaluation took is
pinned, so the screens and the snapshots are the same on every run. Update the baselines with
``pytest tests/test_practice_ui.py --snapshot-update`` after a deliberate change.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_i18n import leaks

from deberc_tui.app.look import Look
from deberc_tui.app.screens import practice as practice_screen
from deberc_tui.app.screens.practice import PracticeApp, pretty, verdict_text
from deberc_tui.cli import main
from deberc_tui.engine import Card, Rules, parse_cards, sort_hand
from deberc_tui.practice.evaluate import BidValue, Evaluation
from deberc_tui.practice.history import Decision, History
from deberc_tui.practice.position import make_position
from deberc_tui.text.i18n import set_language

RULES = Rules.preset("moscow", players=2)
WORLDS = 6
SIZES = [(80, 24), (120, 40)]
KEY_NAMES = {"m"}  # the footer names the keys in Latin letters: n r m esc


@pytest.fixture(autouse=True)
def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the user's history file; an evaluation's running time pinned (it is on screen)."""
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    real = practice_screen.evaluate

    def pinned(*args: Any, **kwargs: Any) -> Evaluation:
        return dataclasses.replace(real(*args, **kwargs), seconds=0.25)

    monkeypatch.setattr(practice_screen, "evaluate", pinned)


def practice_app(seed: int | None = 5, look: Look | None = None, **kwargs: Any) -> PracticeApp:
    return PracticeApp(RULES, seed=seed, worlds=WORLDS, look=look or Look(), **kwargs)


def screen_text(app: Any) -> str:
    """The screen's lines exactly as a terminal shows them (spaces included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def hand_styles(app: Any) -> dict[str, set[str]]:
    """For each suit symbol in the "Your cards:" line, the colours it is shown in."""
    found: dict[str, set[str]] = {}
    for strip in app.screen._compositor.render_strips():
        if "Your cards:" not in strip.text and "Ваши карты:" not in strip.text:
            continue
        for seg in strip:
            for symbol in "♣♦♥♠":
                if symbol in seg.text and seg.style is not None and seg.style.color is not None:
                    found.setdefault(symbol, set()).add(seg.style.color.name)
    return found


async def settle(pilot: Any) -> None:
    """Let the dealing or the evaluation finish and the screen show it."""
    app = pilot.app
    shown = None
    same = 0
    # Until no worker runs and the screen stays the same over two rounds (one was not enough with the machine's two
    # cores busy with three other processes: a worker's answer still on its way to the screen); bounded.
    for _ in range(80):
        await app.workers.wait_for_complete()
        await pilot.pause(0.02)
        now = screen_text(app)
        same = same + 1 if now == shown and not any(worker.is_running for worker in app.workers) else 0
        if same >= 2:
            return
        shown = now


def hand_line(text: str) -> str:
    """The "Your cards:" line as shown."""
    found = re.search(r"(Your cards:|Ваши карты:)[^\n]*", text)
    assert found, text
    return found.group(0)


def table_rows(text: str) -> list[tuple[bool, str]]:
    """The tutor's table as shown, top (best by expected points) first: (your bid?, label) per row."""
    rows = re.findall(r"^[ \t]*(▶?)[ \t]*(\S.*?)[ \t]{2,}[+-]\d+\.\d", text, flags=re.M)
    return [(mark == "▶", label.strip()) for mark, label in rows]


def a_mistake(hand: str = "9C 9D 8H 7S 8S TS", turnup: str = "AH") -> Decision:
    """A past mistake in the record: played where passing was far better."""
    pos = make_position(RULES, parse_cards(hand), Card.parse(turnup), "first")
    return Decision(pos.to_json(), "play", "pass", 42.0, "mistake", {})


def write_history(*decisions: Decision) -> None:
    hist = History.load()
    hist.decisions.extend(decisions)
    hist.save()


# -- positions in a row (defect: DuplicateIds on the second position) ---------------------------------


@pytest.mark.parametrize("count", [3, 5])
async def test_positions_in_a_row_by_key_presses(count: int) -> None:
    app = practice_app()
    seen: list[str] = []
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for i in range(count):
            text = screen_text(app)
            hand = hand_line(text)
            assert len(re.findall(r"(?:10|[2-9AKQJ])[♣♦♥♠]", hand)) == 6, hand
            assert "Your bid? (digit key or click)" in text and "1 " in text
            seen.append(text.split("Your bid?")[0])
            await pilot.press("1")
            await settle(pilot)
            assert "worlds in" in screen_text(app)
            if i < count - 1:
                await pilot.press("n")
                await settle(pilot)
    assert len(set(seen)) == count, "every position differs from the one before"


async def test_next_before_the_tutor_answers_shows_the_new_position_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    quick = practice_screen.evaluate

    def slow(*args: Any, **kwargs: Any) -> Evaluation:
        time.sleep(0.4)  # the tutor is still playing it out when n comes
        return quick(*args, **kwargs)

    monkeypatch.setattr(practice_screen, "evaluate", slow)
    app = practice_app(seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        while "Your bid?" not in screen_text(app):  # the position, its evaluation begun and not done
            await pilot.pause(0.02)
        first = hand_line(screen_text(app))
        await pilot.press("1", "n", "n")  # no waiting for the evaluation or the dealing
        await settle(pilot)
        text = screen_text(app)
        assert "Your bid? (digit key or click)" in text and hand_line(text) != first
        assert "worlds in" not in text and "expected points" not in text, "no stale verdict or table"
        await pilot.press("1")
        await settle(pilot)
        assert "Your record: 1 decision," in screen_text(app), screen_text(app)


async def test_the_tutor_has_its_answer_ready_when_the_bid_comes() -> None:
    """The evaluation starts when the position is shown (its answer does not depend on the bid): once it is done,
    a bid is answered at once, with no worker left to wait for."""
    app = practice_app(seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert "Your bid?" in screen_text(app) and "worlds in" not in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert all(w.is_finished for w in app.workers), "nothing left to wait for"
        text = screen_text(app)
        assert "worlds in" in text and "Your record: 1 decision," in text, text


async def test_replaying_mistakes_after_a_bid_does_not_crash() -> None:
    write_history(a_mistake())
    app = practice_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        latest = History.load().mistakes()[-1]  # the bid just made, if the tutor called it a mistake
        await pilot.press("m")
        await settle(pilot)
        text = screen_text(app)
        shown = "  ".join(pretty(c) for c in sort_hand(Card.parse(n) for n in latest.position["hand"]))
        assert "Your cards:  " + shown in text, text
        assert "Turnup: " + pretty(Card.parse(latest.position["turnup"])) in text and "Your bid?" in text
        await pilot.press("2")
        await settle(pilot)
        assert "worlds in" in screen_text(app)


def reddish(colour: str) -> bool:
    """A colour name (``red3``, ``#ff6b6b``) that a person calls red."""
    from rich.color import Color

    r, g, b = Color.parse(colour).get_truecolor()
    return r > 150 and r > 1.5 * g and r > 1.5 * b


async def test_the_hand_shows_red_and_black_suits() -> None:
    write_history(a_mistake())
    app = practice_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert "Your cards:  9♣  9♦  8♥  10♠  8♠  7♠" in screen_text(app)
        colours = hand_styles(app)
    assert set(colours) == {"♣", "♦", "♥", "♠"}
    assert all(reddish(c) for c in colours["♥"] | colours["♦"]), colours
    assert not any(reddish(c) for c in colours["♣"] | colours["♠"]), colours


# -- a fresh position every launch unless --seed --------------------------------------------------------


async def first_position(seed: int | None) -> str:
    app = practice_app(seed=seed)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    return text.split("Your bid?")[0]


async def test_without_a_seed_each_launch_draws_a_fresh_position() -> None:
    unseeded = {await first_position(None) for _ in range(4)}
    assert len(unseeded) >= 3
    assert await first_position(7) == await first_position(7)


def test_the_practice_command_seeds_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[dict[str, Any]] = []
    monkeypatch.setattr(PracticeApp, "run", lambda self, *a, **k: launched.append(self._kwargs))
    monkeypatch.setattr("deberc_tui.cli.terminal.need_terminal", lambda: None)  # a test's output is no terminal
    runner = CliRunner()
    assert runner.invoke(main, ["practice"]).exit_code == 0
    assert runner.invoke(main, ["practice", "--seed", "7", "--worlds", "9", "--ascii"]).exit_code == 0
    assert launched[0]["seed"] is None
    assert launched[1]["seed"] == 7 and launched[1]["worlds"] == 9 and launched[1]["look"].ascii


# -- past mistakes written with card symbols ------------------------------------------------------------


@pytest.mark.parametrize(("look", "hand", "turnup"), [
    (Look(), "9♣ 9♦ 8♥ 7♠ 8♠ 10♠ / A♥", "A♥"),
    (Look(ascii=True), "9c 9d 8h 7s 8s 10s / Ah", "Ah"),
])
async def test_past_mistakes_show_the_cards_as_players_write_them(look: Look, hand: str, turnup: str) -> None:
    write_history(a_mistake())
    app = practice_app(look=look)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
    assert hand + ": you play, best pass (-42.0)" in text, text
    assert "Your record: 1 decision, 42.0 points lost per decision on average (mistake: 1)" in text
    assert "9C" not in text and "9D" not in text
    out = CliRunner().invoke(main, ["practice", "--review"] + (["--ascii"] if look.ascii else []))
    assert out.exit_code == 0, out.output
    assert hand.replace(" / ", " turnup ") in out.output, out.output
    assert "you play, best pass, -42.0 (mistake)" in out.output


async def test_the_ascii_look_has_no_suit_symbols_on_screen() -> None:
    app = practice_app(look=Look(ascii=True), round_=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        text = screen_text(app)
    assert not re.search("[♣♦♥♠]", text), text
    assert re.search(r"(?:10|[2-9AKQJ])[cdhs]\b", hand_line(text))


# -- Russian ----------------------------------------------------------------------------------------------


async def test_no_english_leaks_into_the_russian_practice_screen() -> None:
    set_language("ru")
    write_history(a_mistake())
    seen: list[str] = []
    app = practice_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        seen.append(screen_text(app))  # a position
        await pilot.press("1")
        await settle(pilot)
        seen.append(screen_text(app))  # the verdict and the table
        await pilot.press("r")
        await pilot.pause()
        seen.append(screen_text(app))  # the record and the past mistakes
        await pilot.press("m")
        await settle(pilot)
        seen.append(screen_text(app))  # a mistake played again
    assert "тренировка торговли" in seen[0]
    assert "9♣ 9♦ 8♥ 7♠ 8♠ 10♠ / Т♥" in seen[2]
    for text in seen:
        assert re.search("[а-яА-Я]", text)
        english = [w for w in leaks(text) if w not in KEY_NAMES]
        assert not english, (english, text)


# -- the verdict agrees with the numbers -------------------------------------------------------------


def test_the_verdict_names_the_bid_the_numbers_put_first() -> None:
    pos = make_position(RULES, parse_cards("7C 8C 9D 8D 7S 9S"), Card.parse("AH"), "first", round=2)
    ev = Evaluation(pos, [BidValue("pass", [0.0, 2.0, -2.0, 1.0]), BidValue("H", [30.0, 28.0, 33.0, 29.0]),
                          BidValue("C", [-50.0, -40.0, -45.0, -60.0]), BidValue("D", [-5.0, -9.0, -4.0, -7.0]),
                          BidValue("S", [-30.0, -35.0, -20.0, -25.0])], 4, 0.1)
    hist = History.load()
    decision = hist.add(ev, "pass")
    text = verdict_text(ev, "pass", decision)
    assert decision.rating == "mistake"
    assert text.startswith("Mistake: you lose 29.8 points against ♥ Hearts.")
    best = hist.add(ev, "H")
    assert verdict_text(ev, "H", best) == "Best bid.\nGraded by the deal's expected points."


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_verdict_on_screen_agrees_with_the_table(seed: int) -> None:
    app = practice_app(seed=seed, round_=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for key in ("1", "2"):
            await pilot.press(key)
            await settle(pilot)
            text = screen_text(app)
            rows = table_rows(text)
            assert len(rows) >= 2, text
            assert sum(mine for mine, _label in rows) == 1, rows
            top_is_mine, top = rows[0]
            verdict = text.split("worlds in")[0].split("Your bid?")[-1]
            assert ("Best bid." in verdict) == top_is_mine, (rows, verdict)
            if not top_is_mine:
                assert f"against {top}." in verdict or f"vs {top} differ" in verdict, (rows, verdict)
            await pilot.press("n")
            await settle(pilot)


# -- keys on the Russian layout ---------------------------------------------------------------------------


async def test_the_cyrillic_twin_of_n_deals_the_next_position() -> None:
    app = practice_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        before = screen_text(app).split("Your bid?")[0]
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("т")  # n on the Russian layout
        await settle(pilot)
        text = screen_text(app)
        assert "Your bid? (digit key or click)" in text
        assert text.split("Your bid?")[0] != before
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("к")  # r: the record
        await pilot.pause()
        assert "Your record: 2 decisions" in screen_text(app).split("Your bid?")[-1]
        assert "worlds in" not in screen_text(app)


# -- end to end: five positions by keys only --------------------------------------------------------------


async def test_five_positions_by_keys_only_end_to_end(tmp_path: Path) -> None:
    app = practice_app(seed=11)
    verdicts: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for i in range(5):
            assert "Your bid? (digit key or click)" in screen_text(app)
            await pilot.press("1" if i % 2 == 0 else "2")
            await settle(pilot)
            text = screen_text(app)
            verdict = re.search(r"(Best bid\.|Too close to call:|Fine:|Inaccuracy:|Mistake:|Blunder:)", text)
            assert verdict, text
            verdicts.append(verdict.group(1))
            assert f"Your record: {i + 1} decision" in text
            await pilot.press("n")
            await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        final = screen_text(app)
    assert "Your record: 6 decisions" in final and "points lost per decision on average" in final
    assert hand_line(final).count("  ") >= 6
    assert len(History.load().decisions) == 6


# -- snapshots ----------------------------------------------------------------------------------------------


def run_keys(*keys: str) -> Any:
    async def run_before(pilot: Any) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("keys", [(), ("1", "n"), ("1", "n", "2", "n")], ids=["first", "second", "third"])
def test_snapshot_positions_in_a_row(snap_compare: Any, size: tuple[int, int], keys: tuple[str, ...]) -> None:
    assert snap_compare(practice_app(), terminal_size=size, run_before=run_keys(*keys))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_verdict(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(practice_app(round_=2), terminal_size=size, run_before=run_keys("2"))


def test_snapshot_record_with_past_mistakes(snap_compare: Any) -> None:
    write_history(a_mistake(), a_mistake("JH 9H AH 7C 8D KS", "TH"))
    assert snap_compare(practice_app(), terminal_size=(80, 24), run_before=run_keys("1", "r"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_verdict_ru(snap_compare: Any, size: tuple[int, int]) -> None:
    set_language("ru")
    assert snap_compare(practice_app(round_=2), terminal_size=size, run_before=run_keys("2"))


async def test_a_long_verdict_leaves_every_bid_in_view_at_80x24() -> None:
    """Three players near the end of the game, round 2: four bids, and a verdict of seven lines (the chance of
    winning the game, your record). The body scrolls so that the tutor's table is shown whole, every bid's row."""
    app = PracticeApp(Rules.preset("moscow", players=3), seed=12, worlds=WORLDS, look=Look())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        calls = app.screen.position.legal_bids()
        assert len(calls) == 4 and app.screen.position.round == 2
        await pilot.press("2")
        await settle(pilot)
        text = screen_text(app)
        assert "to win the game" in text
        assert sorted(label for _, label in table_rows(text)) == ["Pass", "♠ Spades", "♣ Clubs", "♦ Diamonds"]


def test_snapshot_long_verdict_scrolled_at_80x24(snap_compare: Any) -> None:
    app = PracticeApp(Rules.preset("moscow", players=3), seed=12, worlds=WORLDS, look=Look())
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_keys("2"))
