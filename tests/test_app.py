"""The Textual table, driven by a pilot: new game, a whole deal by keyboard, illegal cards, undo,
autosave and resume, the house-rules screen, hot-seat privacy, resizing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, human_move, screen_text, settle, table_screen

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.modals import DealSummaryScreen, PrivacyScreen, ScoreSheetScreen
from deberc_tui.app.screens.newgame import NewGameScreen
from deberc_tui.app.screens.rules import HouseRulesScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import OPTION_HELP, PlayCard, Rules

LOOK = Look()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    return tmp_path


def quick_app(players: int = 2, target: int = 501, **kw: Any) -> Any:
    args: dict[str, Any] = dict(seed=11, first_dealer=1, pace=0.0, look=LOOK)
    args.update(kw)
    return make_app(Rules.preset("moscow", players=players, target=target), **args)


async def test_new_game_defaults_start_with_one_key() -> None:
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None
        assert app.session.rules.players == 2 and app.session.rules.preset_name == "moscow"
        assert app.session.players[0]["kind"] == "human"
        assert app.session.players[1] == {"name": "Boris", "kind": "bot", "bot": "heuristic"}


async def test_house_rules_screen_edits_every_option() -> None:
    app = make_app(pace=0.0, look=LOOK)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.action_house_rules()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HouseRulesScreen)
        for key in OPTION_HELP:
            assert screen.query_one(f"#opt-{key}")
        assert screen.values() == {}
        screen.query_one("#opt-ski_penalty").value = "50"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.rules().ski_penalty == 50


async def test_a_whole_deal_by_keyboard(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    app = quick_app(bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await settle(pilot)
            if isinstance(app.screen, DealSummaryScreen):
                break
            await human_move(pilot)
        else:
            raise AssertionError("the deal did not end")
        deal = app.session.game.deals[0]
        assert deal.is_over and len(app.session.game.results) == 1
        assert "Deal 1" in screen_text(app)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("escape", "enter")
        await settle(pilot)
        assert len(app.session.game.deals) == 2  # Enter after the summary deals again
    saved = json.loads((data_dir / "autosave.json").read_text())
    assert saved["format"] == "deberc-record/1" and len(saved["deals"]) == 2


async def test_an_illegal_card_shows_the_reason_and_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = quick_app(bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot)
            scr = table_screen(app)
            hand = scr.query_one("#hand")
            illegal = [i for i, c in enumerate(hand.cards) if hand.legal and c not in hand.legal]
            if illegal:
                before = len(scr.session.game.deal.log)
                await pilot.press(str(illegal[0] + 1), "enter")
                await pilot.pause()
                assert len(scr.session.game.deal.log) == before
                status = str(scr.query_one("#status").content)
                assert "must" in status
                return
            await human_move(pilot)
        pytest.skip("no illegal card came up with this seed")


async def test_undo_takes_back_the_last_card(monkeypatch: pytest.MonkeyPatch) -> None:
    app = quick_app(bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        while scr.session.game.deal.phase.value == "bidding":
            await human_move(pilot)
            await settle(pilot)
        hand_before = list(scr.query_one("#hand").cards)
        log_before = len(scr.session.game.deal.log)
        await human_move(pilot)
        await settle(pilot)
        assert len(scr.session.game.deal.log) > log_before
        await pilot.press("u")
        await settle(pilot)
        assert len(scr.session.game.deal.log) == log_before
        assert list(scr.query_one("#hand").cards) == hand_before


async def test_autosave_after_every_action_and_resume(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    app = quick_app(bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await settle(pilot)
            await human_move(pilot)
        await settle(pilot)
        log = [(s, str(a)) for s, a in app.session.game.deal.log]
    saved = json.loads((data_dir / "autosave.json").read_text())
    assert len(saved["deals"][0]["actions"]) == len(log)
    resumed = make_app(resume=True, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert [(s, str(a)) for s, a in resumed.session.game.deal.log] == log
        assert isinstance(resumed.screen, TableScreen)


async def test_load_a_record_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = quick_app(bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await human_move(pilot)
        await settle(pilot)
        doc = app.session.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    loaded = make_app(load=path, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with loaded.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(loaded.session.game.deal.log) >= len(doc["deals"][0]["actions"])


async def test_hot_seat_never_shows_the_other_humans_cards() -> None:
    app = quick_app(bots=["human"], names=["Anna", "Boris"])
    async with app.run_test(size=(80, 24)) as pilot:
        checked = 0
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, PrivacyScreen):
                scr = table_screen(app)
                assert scr.query_one("#hand").cards == []
                text = screen_text(app)
                for seat in (0, 1):
                    for card in scr.session.game.deal.hand(seat):
                        assert LOOK.card_str(card) not in text
                await pilot.press("enter")
                continue
            if isinstance(app.screen, DealSummaryScreen):
                break
            scr = table_screen(app)
            deal = scr.session.game.deal
            me, other = deal.to_act, 1 - deal.to_act
            assert scr.session.viewer == me
            assert scr.query_one("#hand").cards == list(scr.session.game.view(me).hand)
            public = {c for t in deal.tricks for _, c in t.cards} | {c for _, c in deal.current_trick}
            public |= {deal.turnup, deal.bottom, deal.swapped_card}
            for decl in deal.declarations:
                public |= {c for combo in decl.combos for c in combo.cards}
            text = screen_text(app)
            assert all(LOOK.card_str(c) in text for c in deal.hand(me))  # the check can see cards
            for card in deal.hand(other):
                if card not in public:
                    assert LOOK.card_str(card) not in text, f"{card} of seat {other} on screen"
            checked += 1
            await human_move(pilot)
        assert checked > 10


async def test_resizing_keeps_the_table_usable(monkeypatch: pytest.MonkeyPatch) -> None:
    app = quick_app(players=4, bots=["random", "random", "random"], bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for size in ((120, 40), (80, 24), (100, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert "Clara" in screen_text(app)
        scr = table_screen(app)
        assert scr.query_one("#hand").cards == list(scr.session.game.view(0).hand)


def test_ascii_look_has_no_suit_symbols() -> None:
    from deberc_tui.engine import Card

    look = Look(ascii=True)
    assert look.card_str(Card.parse("TH")) == "10h"
    assert all(ch.isascii() for line in look.box(Card.parse("AS")) for ch in line.plain)


def test_legal_variants_exist_for_declare() -> None:
    assert PlayCard  # the table picks declare/bella variants from view.legal


async def test_game_over_records_statistics(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    from deberc_tui.app.screens.match_end import GameOverScreen
    from deberc_tui.app.screens.modals import StatsScreen, summarize_stats
    from deberc_tui.stats import load_stats
    app = quick_app(target=1, bots=["novice"], bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            await human_move(pilot)
        else:
            raise AssertionError("the game did not end")
        await pilot.pause()
        from textual.widgets import Static

        assert any("won the game" in str(w.content) for w in app.screen.query(Static))
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    games = load_stats()
    assert len(games) == 1 and games[0]["level"] == "novice" and games[0]["players"] == 2
    rows = {row[0]: row for row in summarize_stats(games)}
    assert rows["vs novice"][1] + rows["vs novice"][2] == 1


def test_startup_benchmark_reports_time_and_memory() -> None:
    from deberc_tui.app.bench_startup import bench_startup

    result = bench_startup(runs=1)
    assert result["screen"] == "NewGameScreen"
    assert 0 < result["startup_best_s"] < 10 and result["peak_memory_mb"] > 0
