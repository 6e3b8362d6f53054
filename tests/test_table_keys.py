"""The keys at the table as a player meets them: a key whose action the rules refuse says why in the status line,
«Партия» shows the count before it claims, Enter plays a sensible card, and the game-over dialog does not
vanish under Escape or Enter.

The rules below the screen are tested on the session (no app); each key is also pressed once on the screen,
and the test reads what the screen shows.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from apphelp import always, first_legal, human_move, screen_text, settle, table_screen
from rulehelp import deck, new_deal, rules, run
from tablehelp import to_game_over
from test_rules_scoring import MADE_HANDS
from test_table_second_edition import PLAYERS, Offerer, loaded, on_lead_after_a_trick, saved

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.modals import ConcedeAnswerScreen
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.app.table_view import status_line
from deberc_tui.engine import Card, Game, PlayCard, Rules, SwapSeven, seat_view
from deberc_tui.engine.text import Text
from deberc_tui.records import record_from_game
from deberc_tui.table import steps
from deberc_tui.table.advice import Hint
from deberc_tui.table.claim import claim_question
from deberc_tui.table.default_card import default_card
from deberc_tui.table.services import FirstLegalBot, Services
from deberc_tui.table.session import TableSession, default_players

LOOK = Look()


def session(preset: str = "moscow", first_dealer: int = 1, seed: int = 11) -> TableSession:
    """A table of 2 with a first-legal bot in seat 1 and nothing saved."""
    return TableSession(Rules.preset(preset, players=2), default_players(2), seed=seed, first_dealer=first_dealer,
                        services=Services(make_bot=lambda name, seed=None: FirstLegalBot()), pace=0.0)


def shown_status(s: TableSession) -> str:
    """The status line as the table draws it."""
    return status_line(s, s.my_view(), LOOK).plain


def until_person(s: TableSession) -> steps.PersonToAct:
    """Let the bot act until the person must."""
    for _ in range(50):
        step = s.advance()
        if isinstance(step, steps.PersonToAct):
            return step
        assert isinstance(step, steps.Think), step
        s.bot_answered(s.think(step.ask))
    raise AssertionError("the person never had to act")


# -- a refused key says why, and the answer stays up --------------------------------------------------------


def test_a_refusal_stays_in_the_status_line_when_a_bot_moves_next() -> None:
    # Seat 1 (the bot) bids first; the person presses w meanwhile. The bot's bid must not wipe the answer.
    s = session(first_dealer=0)
    step = s.advance()
    assert isinstance(step, steps.Think)
    assert not s.out_of_turn(SwapSeven)
    s.bot_answered(s.think(step.ask))
    assert len(s.match.deal.log) == 1, "the bot has bid"
    assert shown_status(s) == "✗ cannot swap the trump seven before trump is chosen"


def test_a_key_pressed_after_the_last_card_says_the_deal_is_over() -> None:
    s = session()
    while not (s.deal is not None and s.deal.is_over):
        step = s.advance()
        if isinstance(step, steps.Think):
            s.bot_answered(s.think(step.ask))
        else:
            assert isinstance(step, steps.PersonToAct)
            s.act(step.seat, s.view(step.seat).legal[0])
    assert not s.claim()
    assert str(s.error) == "Not now: the deal is over, its summary comes next"


KEY_REFUSALS = [
    ("w", "cannot swap the trump seven before trump is chosen"),
    ("r", "cannot demand a redeal for four sevens: you do not hold all four sevens"),
    ("k", "cannot announce klabor: the rules do not allow it"),
    ("o", "cannot concede for fifty: the rules do not allow it"),
    ("a", "cannot claim now: only the player on lead may claim, from trick 2 on"),
    ("plus", "cannot double: «Дайви» is not in force here (a house rule of matches for 2 players)"),
]


@pytest.mark.parametrize(("key", "reason"), KEY_REFUSALS)
async def test_a_key_whose_action_is_not_allowed_says_why_in_the_status_line(key: str, reason: str) -> None:
    # The first bid of a Moscow game of 2: no trump yet, no trick, no four sevens in this hand, no klabor, no
    # concession for fifty and no doubling in these rules.
    app = make_app(Rules.preset("moscow", players=2), seed=11, first_dealer=1, pace=0.0, look=LOOK,
                   bot_maker=first_legal)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        lines = " ".join(screen_text(app).split())
        assert "✗ " + reason in lines
        assert len(app.session.game.deal.log) == 0, "nothing happened"


async def test_the_swap_button_swaps_the_seven_like_its_key() -> None:
    # The action bar's buttons run the keys' actions: a click on "Swap 7 (w)" swaps (seed 5: the person holds
    # the trump seven when trump is named in round 1).
    from tablehelp import shown_buttons

    for seed in range(40):
        app = make_app(Rules.preset("moscow", players=2), seed=seed, first_dealer=1, pace=0.0, look=LOOK,
                       bot_maker=first_legal)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("p")
            await settle(pilot)
            scr = table_screen(app)
            if "swap" not in shown_buttons(scr):
                continue
            await pilot.click("#swap")
            await settle(pilot)
            assert any(isinstance(a, SwapSeven) for _seat, a in app.session.game.deal.log)
            assert "swap" not in shown_buttons(scr)
            return
    pytest.skip("no seed gave the person the trump seven")


# -- «Партия»: the count before the claim ----------------------------------------------------------------


def claim_view(total: int, **options: Any) -> Any:
    # Seat 1 leads A♣ and takes seat 0's 7♣ (11 points): on lead again, it may claim.
    d = new_deal(rules(**options), MADE_HANDS, "8H", totals=(0, total))
    run(d, "play AC 7C")
    return seat_view(d, 1)


def test_a_claim_that_cannot_be_right_says_so_with_the_count_and_what_is_missing() -> None:
    assert str(claim_question(claim_view(76))) == (
        "«Партия» cannot be right now: your side counts 76 written + 11 in tricks + 0 combinations + 0 bella = 87, "
        "414 short of the 501 needed; a false claim loses the game. Press a again to claim all the same.")


def test_a_right_claim_says_the_count_reaches_the_target() -> None:
    assert str(claim_question(claim_view(490))) == (
        "«Партия»: your side counts 490 written + 11 in tricks + 0 combinations + 0 bella = 501 of the 501 needed: "
        "the claim is right. Press a again to claim.")


def test_a_held_bella_is_counted_in_the_claim() -> None:
    # claim_bella "held": seat 1 still holds Q♥ after K♥ went without bella; the bella's 20 counts.
    d = new_deal(rules(target=301), {1: "KH QH AC 7D 8D JD 7S 8S TS", 0: "7H 7C 8C 9C 9D TD KC QC JC"}, "8H",
                 totals=(0, 277))
    run(d, "play KH 7H")
    assert str(claim_question(seat_view(d, 1))).startswith(
        "«Партия»: your side counts 277 written + 4 in tricks + 0 combinations + 20 bella = 301 of the 301 needed")


def test_where_a_false_claim_is_ignored_the_question_says_so() -> None:
    assert "; a false claim is ignored." in str(claim_question(claim_view(76, false_claim="continue")))


async def test_partiya_pressed_once_shows_the_count_and_claims_nothing(tmp_path: Path) -> None:
    app = loaded(saved(tmp_path, on_lead_after_a_trick("moscow", jack=False)))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = len(app.session.game.deal.log)
        written = app.session.game.totals[0]
        await pilot.press("a")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert f"«Партия» cannot be right now: your side counts {written} written + " in text
        assert "short of the 501 needed; a false claim loses the game. Press a again to claim all the same." in text
        assert len(app.session.game.deal.log) == before


# -- the card Enter plays ---------------------------------------------------------------------------------


def trump_jack_led(tmp_path: Path) -> Path:
    """The issue's deal saved: Boris (trump ♥) leads J♥; the person holds A♥ and Q♥, both lose to it."""
    game = Game(Rules.preset("moscow", players=2), first_dealer=0)
    game.start_deal(deck(2, {1: "JH 9H KH AC TC KC AD TD AS", 0: "AH QH 7C 8C 7D 8D 7S 8S 9C"}, "8H"))
    run(game, "play JH")
    return saved(tmp_path, record_from_game(game, PLAYERS))


def raised_card(app: Any) -> str:
    """The card drawn raised in the hand (the selected one has a heavy frame: ┃Q♥ ┃)."""
    found = re.findall(r"┃(\S+)\s*┃", screen_text(app))
    assert found, "no card is raised"
    return found[0]


async def test_enter_answers_a_trump_jack_with_the_cheap_trump_not_the_ace(tmp_path: Path) -> None:
    app = loaded(trump_jack_led(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert raised_card(app) == "Q♥"
        await pilot.press("enter")
        await settle(pilot)
        trick = app.session.game.deal.tricks[0]
        assert trick.cards[1] == (0, Card.parse("QH"))


def test_the_hand_is_offered_a_card_once_per_decision_then_the_players_choice_stands() -> None:
    s = session()
    until_person(s)
    s.act(0, s.my_view().legal[0])  # the person bids; the bot leads
    until_person(s)
    view = s.my_view()
    assert s.card_to_offer() is default_card(view)
    assert s.card_to_offer() is None, "the player's own choice is left alone"


def test_a_hint_that_names_a_card_moves_the_selection_to_it() -> None:
    s = session()
    until_person(s)
    s.act(0, s.my_view().legal[0])
    until_person(s)
    cards = [a.card for a in s.my_view().legal if isinstance(a, PlayCard)]
    other = next(c for c in cards if c is not default_card(s.my_view()))
    s.card_to_offer()
    s.hinted(Hint(s.moment(), Text("Hint: {what}", {"what": PlayCard(other)}), PlayCard(other)))
    assert s.card_to_offer() is other


# -- dialogs that must not go away by accident ------------------------------------------------------------


def game_of_one_deal() -> Any:
    return make_app(Rules.preset("moscow", players=2, target=1), seed=11, first_dealer=1, pace=0.0, look=LOOK,
                    bot_maker=first_legal)


async def test_escape_on_the_game_over_dialog_keeps_it_up_and_says_to_choose() -> None:
    app = game_of_one_deal()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_over(pilot)
        await pilot.press("escape")
        await pilot.pause()
        text = screen_text(app)
        assert "Game over" in text and "Play again (a)" in text and "Quit (q)" in text
        assert "Choose what comes next: each button says its key." in " ".join(text.split())
        assert app.is_running


@pytest.mark.parametrize("close", ["escape", "enter", "q"])
async def test_statistics_opened_from_game_over_close_back_to_the_dialog(close: str) -> None:
    app = game_of_one_deal()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_over(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert "1 game recorded" in screen_text(app)
        await pilot.press(close)
        await pilot.pause()
        text = screen_text(app)
        assert "Game over" in text and "Play again (a)" in text
        assert "1 game recorded" not in text and "New game" not in text.splitlines()[0]
        assert app.is_running


async def test_a_stray_enter_on_the_game_over_dialog_starts_no_new_game() -> None:
    app = game_of_one_deal()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_over(pilot)
        played = app.session
        await pilot.press("enter")
        await pilot.pause()
        assert "Game over" in screen_text(app)
        assert app.session is played


async def test_a_stray_enter_does_not_answer_an_offer_to_concede_for_fifty() -> None:
    app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=1, pace=0.0, look=LOOK,
                   bot_maker=always(Offerer()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ConcedeAnswerScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "offers to concede the deal for fifty" in screen_text(app)
        assert app.session.game.totals == [0, 0]


# -- the footer ---------------------------------------------------------------------------------------------------


def footer_keys(app: Any) -> list[str]:
    """The footer's keys as drawn, by their descriptions (a key whose action is not open now is not drawn)."""
    from textual.widgets._footer import FooterKey

    return [key.description for key in table_screen(app).query(FooterKey)]


async def test_the_footer_shows_undo_exactly_when_there_is_a_move_to_undo() -> None:
    """The footer is built again only when a key opens or closes, yet at every turn of a deal played by keys it
    shows the keys a footer built afresh would, Undo when, and only when, the session has a move of yours to take
    back."""
    app = make_app(Rules.preset("moscow", players=2), seed=11, first_dealer=1, pace=0.0, look=LOOK,
                   bot_maker=first_legal, autosave=False)
    seen = set()
    async with app.run_test(size=(120, 40)) as pilot:
        for turn in range(40):
            await settle(pilot)
            screen = app.screen
            if not isinstance(screen, TableScreen):
                break
            undo = screen.session.offers("undo")
            now = {b.binding.description for b in screen.active_bindings.values() if b.binding.show}  # built now
            shown = footer_keys(app)
            assert sorted(shown) == sorted(now), f"turn {turn}: the footer is out of date"
            assert ("Undo" in shown) is undo, f"turn {turn}: the session offers undo: {undo}"
            seen.add(undo)
            await human_move(pilot)
    assert seen == {True, False}, "Undo was seen both closed and open"
