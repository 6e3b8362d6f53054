"""What a player sees at the table: each dialog shows its content, toggles say their state, messages are
readable to their end, the log keeps up, keys work on the Russian layout, the table says when it does not fit.

Each test reads the screen (the SVG screenshot's text, or a widget's visible content), not which object is up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apphelp import always, first_legal, human_move, screen_text, seen_in, settle, shown, table_screen
from rulehelp import new_deal, run
from tablehelp import Passer, play_deal, shown_buttons, to_game_over, to_play

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.modals import ConfirmScreen, LastTrickScreen, StatsScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import Bid, Card, IllegalActionError, PlayCard, Rules, Suit
from deberc_tui.engine.text import Text as EngineText

LOOK = Look()


@pytest.fixture(autouse=True)
def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
def quick_app(players: int = 2, seed: int = 11, first_dealer: int = 1, target: int = 501, **kw: Any) -> Any:
    return make_app(Rules.preset("moscow", players=players, target=target), seed=seed, first_dealer=first_dealer,
                    pace=0.0, look=LOOK, **{"bot_maker": first_legal, **kw})


async def test_the_last_trick_dialog_shows_the_cards_and_who_took_them() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = await to_play(pilot)
        while not scr.session.game.deal.tricks:
            await human_move(pilot)
            await settle(pilot)
        trick = scr.session.game.deal.tricks[-1]
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastTrickScreen)
        text = screen_text(app)
        assert "Last tricks" in text
        for _seat, card in trick.cards:
            assert LOOK.card_str(card) in text
        winner = scr.session.names[trick.winner]
        first = LOOK.card_str(trick.cards[0][1])
        row = next(line for line in text.splitlines() if first in line and f"+{trick.points}" in line)
        assert row.count(winner) >= 1 and row.index(first) < row.index(f"+{trick.points}")


async def test_the_last_trick_dialog_before_any_trick_says_so() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        assert "No trick has been played yet in this deal." in screen_text(app)


async def test_game_over_names_the_winner_and_offers_the_choices() -> None:
    app = quick_app(target=101, bots=["novice"])
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_over(pilot)
        text = screen_text(app)
        outcome = app.session.game.outcome
        winner = app.session.side_name(outcome.winner)
        assert ("You won the game!" if winner == "You" else f"{winner} won the game") in text
        for total in app.session.game.totals:
            assert str(total) in text
        for choice in ("New game (n)", "Statistics (s)", "Score sheet (t)", "Quit (q)"):
            assert choice in text
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        stats = screen_text(app)
        assert "Statistics" in stats and "1 game recorded" in stats and "won" in stats


async def test_statistics_from_the_table_show_their_table() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("g")
        await pilot.pause()
        text = screen_text(app)
        assert "Statistics" in text and "No finished games yet." in text and "0 games recorded" in text


async def declaring_position(pilot: Any) -> TableScreen:
    """Bid and reach the human's first card with a combination to declare."""
    await settle(pilot)
    scr = await to_play(pilot)
    for _ in range(10):
        view = scr.session.game.view(0)
        if view.to_act == 0 and any(isinstance(a, PlayCard) and a.declare for a in view.legal):
            return scr
        await human_move(pilot)
        await settle(pilot)
    pytest.fail("no declaration came up")


def seed_with_a_declaration() -> int:
    """A seed whose human hand (seat 0, bidding first) holds a combination in the turnup's suit game."""
    from deberc_tui.engine import Rules, find_combos, mask_of
    from deberc_tui.engine.game import Game

    for seed in range(1, 400):
        game = Game(Rules.preset("moscow", players=2), first_dealer=1, seed=seed)
        deal = game.start_deal()
        trump = deal.turnup.suit
        deal.apply(0, Bid("play"))
        if find_combos(mask_of(deal.hand(0)), trump, deal.rules):
            return seed
    raise AssertionError("no seed")


async def test_pressing_e_as_the_footer_says_declares_and_shift_e_keeps_it_back() -> None:
    app = quick_app(seed=seed_with_a_declaration())
    async with app.run_test(size=(100, 30)) as pilot:
        scr = await declaring_position(pilot)
        label = shown_buttons(scr)["declare"]
        assert label.startswith("☑ Declaring ") and "(E: don't)" in label
        await pilot.press("e")  # what a player does who wants to declare: it stays on
        await pilot.pause()
        assert shown_buttons(scr)["declare"].startswith("☑ Declaring ")
        assert "will be declared with your card" in " ".join(screen_text(app).split())
        await pilot.press("E")
        await pilot.pause()
        assert shown_buttons(scr)["declare"].startswith("☐ Not declaring ")
        await pilot.click("#declare")  # a click switches it: on, then off again
        await pilot.pause()
        assert shown_buttons(scr)["declare"].startswith("☑ Declaring ")
        await pilot.pause(0.3)  # a button takes no second click while it shows the first (Button.active_effect)
        await pilot.click("#declare")
        await pilot.pause()
        assert shown_buttons(scr)["declare"].startswith("☐ Not declaring ")
        await pilot.press("e")
        await pilot.pause()
        assert shown_buttons(scr)["declare"].startswith("☑ Declaring ")
        await human_move(pilot)
        await settle(pilot)
        assert any(d.seat == 0 for d in scr.session.game.deal.declarations)


async def test_shift_e_then_a_card_plays_without_declaring() -> None:
    app = quick_app(seed=seed_with_a_declaration())
    async with app.run_test(size=(100, 30)) as pilot:
        scr = await declaring_position(pilot)
        await pilot.press("E")
        await human_move(pilot)
        await settle(pilot)
        assert not any(d.seat == 0 for d in scr.session.game.deal.declarations)


@pytest.mark.parametrize(("size", "lang", "declare", "bella"), [
    ((80, 24), "en", "☑ terz to A♦, terz to 10♥ (E: don't)", "☑ Bella (B: don't)"),
    ((80, 24), "ru", "☑ терц до Т♦, терц до 10♥ (E)", "☑ Бела (B)"),
    ((120, 40), "en", "☑ Declaring terz to A♦, terz to 10♥ (E: don't)", "☑ Bella with K/Q (B: don't)"),
])
async def test_the_declaration_and_bella_toggles_say_as_much_as_leaves_every_button_whole(
        size: tuple[int, int], lang: str, declare: str, bella: str) -> None:
    from deberc_tui.text.i18n import set_language

    set_language(lang)
    app = quick_app(players=3, seed=35)  # you lead holding two terzes and the trump K and Q, the seven to swap
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        scr = await to_play(pilot)
        bar = " ".join(seen_in(app, scr.query_one("#actions")))
        assert declare in bar and bella in bar
        assert ("Обмен 7 (w)" if lang == "ru" else "Swap 7 (w)") in bar
        await pilot.press("E", "B")  # both off: each says so, and every button still stands whole
        await pilot.pause()
        bar = " ".join(seen_in(app, scr.query_one("#actions")))
        labels = shown_buttons(scr)
        assert labels["declare"].startswith("☐") and labels["bella"].startswith("☐")
        assert all(label in bar for label in labels.values()), (labels, bar)


async def test_b_declares_bella_and_shift_b_keeps_it_back() -> None:
    app = quick_app(seed=47)  # seat 0 leads holding the trump K and Q
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await human_move(pilot)
        await settle(pilot)
        scr = table_screen(app)
        assert shown_buttons(scr)["bella"].startswith("☑ Bella with K/Q (B: don't)")
        await pilot.press("B")
        await pilot.pause()
        assert shown_buttons(scr)["bella"].startswith("☐ No bella")
        await pilot.press("b")
        await pilot.pause()
        assert shown_buttons(scr)["bella"].startswith("☑ Bella")


async def test_a_long_message_is_readable_to_its_end_and_kept_in_the_log() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        scr.session.error = EngineText("Claim «Партия»? Your side has 480 written + this deal's points, target 501; a false claim "
                     "loses the game. Press a again to claim.")
        scr.refresh_table()
        await pilot.pause()
        status = scr.query_one("#status")
        assert status.size.height >= 2
        text = " ".join(screen_text(app).split())
        assert "Press a again to claim." in text
        assert "Press a again to claim." in scr.query_one("#log").plain()


async def test_the_log_follows_the_newest_line_and_rewraps_on_resize() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        log = scr.query_one("#log")
        for i in range(40):
            log.write(f"line number {i} of a long story that needs more than one row in the panel")
        assert "line number 39" in await shown(pilot, "line number 39")
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "line number 39" in await shown(pilot, "line number 39")
        rows = [r for r in screen_text(app).splitlines() if "line number 39" in r]
        assert rows and "story" in rows[0]  # wrapped anew for the wider panel


async def test_keys_work_on_the_russian_layout() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        assert scr.session.game.deal.to_act == 0
        await pilot.press("з")  # the p key on ЙЦУКЕН: play the turnup's suit
        await settle(pilot)
        assert scr.session.game.deal.log[0] == (0, Bid("play"))
        await pilot.press("д")  # l: the last tricks
        await pilot.pause()
        assert isinstance(app.screen, LastTrickScreen)


async def test_q_asks_before_quitting_and_n_keeps_playing() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Save the game and quit?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_footer_offers_quit_once() -> None:
    app = quick_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert footer.count("Quit") == 1


async def test_a_too_small_terminal_is_told_and_the_table_comes_back() -> None:
    app = quick_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Terminal too small: need 80×24, now 60×20." in text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = screen_text(app)
        assert "Terminal too small" not in text and "Boris" in text


async def test_round_two_offers_only_the_suits_one_may_name(monkeypatch: pytest.MonkeyPatch) -> None:
    app = quick_app(first_dealer=0, bot_maker=always(Passer()))  # Boris bids first, and passes
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await settle(pilot)
            deal = table_screen(app).session.game.deal
            if deal.to_act == 0 and table_screen(app).session.game.view(0).bid_round == 2:
                break
            await pilot.press("x")
        scr = table_screen(app)
        turnup = scr.session.game.deal.turnup.suit
        status = str(scr.query_one("#status").content)
        assert status.startswith("Round 2: name a suit")
        assert LOOK.suit(turnup) not in status
        others = [s for s in "CDHS" if s != turnup.value]
        for letter in others:
            assert f"{letter.lower()} = " in status
        assert f"bid-{turnup.value}" not in shown_buttons(scr)


async def test_partiya_is_not_offered_when_the_target_is_out_of_reach() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = await to_play(pilot)
        for _ in range(8):
            view = scr.session.game.view(0)
            assert "claim" not in shown_buttons(scr)
            assert "Партия" not in screen_text(app).splitlines()[-1]
            if view.to_act != 0:
                break
            await human_move(pilot)
            await settle(pilot)


async def test_help_gives_each_key_its_own_row() -> None:
    app = quick_app()
    async with app.run_test(size=(100, 80)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        sheet = next(r for r in rows if "the score sheet" in r)
        assert "hint" not in sheet and "last tricks" not in sheet


async def test_house_rules_help_shows_no_code_values() -> None:
    from textual.widgets import Select

    app = make_app(pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.action_house_rules()
        await pilot.pause()
        helps = [str(w.content) for w in app.screen.query(".opt-help")]
        labels = [label for select in app.screen.query(Select) for label, _value in select._options]
        assert any("the dealer must name a suit" in str(label) for label in labels)
        for text in helps + [str(x) for x in labels]:
            for code in ("'dealer", "'bidder'", "'hang'", "null", "dealer_must", "trick_winner", "left_of_dealer",
                         "each_own", "'loses'", "'rotate'"):
                assert code not in text, text


def test_cards_in_refusals_are_written_as_the_look_draws_them() -> None:
    from deberc_tui.app.screens.table import message_text

    deal = new_deal(Rules(), {1: "AS 7C 8C 9C 7D 8D 9D TC JC", 0: "QS 7S AC KC QC AD KD QD JD"}, "8H")
    run(deal, "play AS")
    with pytest.raises(IllegalActionError) as info:
        run(deal, "AC")
    assert message_text(info.value, Look()) == "must follow suit ♠ (holds Q♠, 7♠)"
    assert message_text(info.value, Look(ascii=True)) == f"must follow suit {Look(ascii=True).suit(Suit.SPADES)} (holds " \
        f"{Look(ascii=True).card_str(Card.parse('QS'))}, {Look(ascii=True).card_str(Card.parse('7S'))})"
    with pytest.raises(IllegalActionError, match=r"^seat 0 does not hold TH$") as info:
        deal.apply(0, PlayCard(Card.parse("TH")))
    assert message_text(info.value, Look()) == "does not hold 10♥"


async def test_new_game_from_the_game_over_dialog_opens_the_new_game_screen() -> None:
    app = quick_app(target=101, bots=["novice"])
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_over(pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert "new game" in screen_text(app)


async def test_a_click_on_a_bid_button_bids() -> None:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        assert "bid-pass" in shown_buttons(scr)
        await pilot.click("#bid-pass")
        await settle(pilot)
        assert scr.session.game.deal.log[0] == (0, Bid("pass"))


async def test_a_hint_names_a_choice_and_its_reason_and_stays_in_the_log() -> None:
    app = quick_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        for _step in range(100):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if table_screen(app).hint_text.startswith("Hint:"):
                break
        scr = table_screen(app)
        assert scr.hint_text.startswith("Hint: ") and (" play " in scr.hint_text or " pass" in scr.hint_text or "name" in scr.hint_text)
        assert " — " in scr.hint_text  # the reason comes with the choice
        assert "Hint: " in " ".join(screen_text(app).split())
        assert scr.hint_text in scr.query_one("#log").plain()


async def test_the_tutor_lets_a_good_bid_through_or_warns_before_a_costly_one() -> None:
    app = quick_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+t")  # warn above 5 points
        await pilot.press("p")
        for _step in range(200):
            await app.workers.wait_for_complete()
            await pilot.pause()
            scr = table_screen(app)
            if scr.session.game.deal.log or scr.error_text.startswith("Tutor:"):
                break
        scr = table_screen(app)
        if scr.session.game.deal.log:
            assert scr.session.game.deal.log[0] == (0, Bid("play"))
        else:
            assert "Choose it again to go ahead." in " ".join(screen_text(app).split())
            await pilot.press("p")
            await settle(pilot)
            assert scr.session.game.deal.log[0] == (0, Bid("play"))


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_footer_fits_at_80_columns_with_declare_and_bella_up(lang: str) -> None:
    from deberc_tui.text.i18n import _, set_language

    set_language(lang)
    app = quick_app(seed=47)  # seat 0 leads with a combination and bella
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await human_move(pilot)
        await settle(pilot)
        assert {"declare", "bella"} <= set(shown_buttons(table_screen(app)))
        footer = screen_text(app).splitlines()[-1].rstrip()
        assert footer.endswith(_("Quit"))


async def test_names_in_brackets_are_shown_as_written_in_the_tables_dialogs() -> None:
    """A name is text, never markup: the hot-seat cover and the deal's summary show ``[b]Boris[/b]`` as typed."""
    app = quick_app(bots=["human"], names=["[i]Anna[/i]", "[b]Boris[/b]"], first_dealer=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Pass to [b]Boris[/b]" in screen_text(app)
    app = quick_app(names=["[i]Anna[/i]", "[b]Boris[/b]"])
    async with app.run_test(size=(80, 24)) as pilot:
        await play_deal(pilot)
        text = screen_text(app)
        assert "[i]Anna[/i]" in text and "[b]Boris[/b]" in text
