"""The table plays the rule book's second edition: what a player sees for each new action and state.

Declaring on the second card (Klabor), bella on any allowed card (club, Kharkiv), the forced deal after a
held tie («висяк»), the stock card shown after the first trick (club) and the turnup given to the bidder or
put under the stock, 10-card hands (Kharkiv), the concession for fifty ("mit fünfzig"), claims the rules
refuse, and the new outcomes in the summary, the score sheet, the log and the game-over dialog — in English
and Russian. Every test reads the screen (the screenshot's text, a widget's visible content), never which
object is up. Positions come from game records played out by the engine (a seeded search for the state each
rule needs), opened at the table the way a saved game is.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from apphelp import always, first_legal, human_move, screen_text, settle, table_screen
from tablehelp import shown_buttons, to_play

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.match_end import GameOverScreen
from deberc_tui.app.screens.modals import (
    ConcedeAnswerScreen,
    ConfirmScreen,
    DealSummaryScreen,
    ScoreSheetScreen,
)
from deberc_tui.app.screens.table import TableScreen
from deberc_tui.engine import (
    CONCEDE_OFFER,
    Action,
    Claim,
    Concede50,
    Game,
    Klabor,
    PlayCard,
    Rank,
    Redeal,
    Rules,
    find_combos,
)
from deberc_tui.engine import events as ev
from deberc_tui.records import record_from_game
from deberc_tui.text.i18n import set_language

LOOK = Look()
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
PLAYERS = [{"name": "You", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]


@pytest.fixture(autouse=True)
def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
# -- positions: a game played out by the engine until the state a rule needs --------------------------


def _pick(rng: random.Random, legal: Sequence[Action]) -> Action:
    """A random legal action, never a claim, a concession, a redeal or klabor (the game goes on normally)."""
    plain = [a for a in legal if not isinstance(a, Claim | Concede50 | Redeal | Klabor)]
    return rng.choice(plain or list(legal))


Stop = Callable[[Game], bool]


def record_until(rules: Rules, stop: Stop, seeds: Sequence[int] = range(400), max_deals: int = 12) -> dict[str, Any]:
    """The record of the first seeded game that reaches a state where ``stop(game)`` holds (checked before
    every action and after every deal)."""
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(rules, first_dealer=1, seed=seed)
        while not game.is_over and len(game.deals) < max_deals:
            deal = game.start_deal()
            while not deal.is_over:
                if stop(game):
                    return record_from_game(game, PLAYERS)
                seat = deal.to_act
                assert seat is not None
                game.apply(seat, _pick(rng, deal.legal_actions()))
            if stop(game):
                return record_from_game(game, PLAYERS)
    raise AssertionError("no seed reaches the position")


def saved(tmp_path: Path, record: dict[str, Any], name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def last_deal_held(game: Game) -> bool:
    return bool(game.results) and game.results[-1].outcome == "held" and game.deals[-1].is_over


def held_record(players: int = 2) -> dict[str, Any]:
    """Klabor: the whole first held deal (a tie, the «висяк») but its last card, which the table then plays."""
    record = record_until(Rules.preset("klabor", players=players), last_deal_held)
    record["deals"][-1]["actions"] = record["deals"][-1]["actions"][:-1]
    return record


def loaded(path: Path, **kw: Any) -> Any:
    return make_app(load=path, pace=0.0, look=LOOK, **{"bot_maker": first_legal, **kw})


async def finish_deal(pilot: Any) -> None:
    """Play on (the human by keys) until the deal's summary is up."""
    for _ in range(40):
        await settle(pilot)
        if isinstance(pilot.app.screen, DealSummaryScreen):
            return
        await human_move(pilot)
    raise AssertionError("the deal did not end")


def log_text(app: Any) -> str:
    return str(table_screen(app).query_one("#log").plain())


def status_text(app: Any) -> str:
    return str(table_screen(app).query_one("#status").content)


def panel_text(app: Any) -> str:
    return str(table_screen(app).query_one("#info").render())


# -- declaring on the second card (Klabor: declare_until "second_trick") ----------------------------


def klabor_with_a_terz() -> dict[str, Any]:
    """Klabor, 2 players: the human's first card is to be played and the human holds a combination."""
    rules = Rules.preset("klabor", players=2)

    def stop(game: Game) -> bool:
        deal = game.deal
        return (deal is not None and deal.to_act == 0 and deal.phase == "play" and not deal.tricks
                and any(isinstance(a, PlayCard) and a.declare for a in deal.legal_actions()))

    return record_until(rules, stop)


async def test_declaring_on_the_second_card_is_offered_when_the_first_card_kept_it_back(tmp_path: Path) -> None:
    app = loaded(saved(tmp_path, klabor_with_a_terz()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        assert "declare" in shown_buttons(scr)
        assert "(E: don't)" in shown_buttons(scr)["declare"]
        await pilot.press("E")  # keep the combination back for now
        assert "Not declaring" in shown_buttons(scr)["declare"]
        await human_move(pilot)
        for _ in range(6):  # on to the human's second card
            await settle(pilot)
            deal = scr.session.game.deal
            if deal.to_act == 0 and len(deal.tricks) == 1:
                break
            await human_move(pilot)
        assert len(scr.session.game.deal.tricks) == 1 and scr.session.game.deal.to_act == 0
        assert "declare" in shown_buttons(scr), "the second card may declare too"
        await pilot.press("e")
        assert "with this second card" in shown_buttons(scr)["declare"]
        await human_move(pilot)
        await settle(pilot)
        assert "You declare a" in log_text(app)
        assert "declare" not in shown_buttons(scr), "once declared, never again"


async def test_moscow_offers_no_declaration_on_the_second_card(tmp_path: Path) -> None:
    rules = Rules.preset("moscow", players=2)

    def stop(game: Game) -> bool:
        deal = game.deal
        return (deal is not None and deal.to_act == 0 and len(deal.tricks) == 1 and not deal.declarations
                and bool(find_combos(deal.play_hand[0], deal.trump, rules)))

    app = loaded(saved(tmp_path, record_until(rules, stop)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "declare" not in shown_buttons(table_screen(app))


# -- bella on any allowed card ------------------------------------------------------------------------


def bella_before_king_or_queen(preset: str) -> dict[str, Any]:
    """The human holds the trump K and Q and is to play, and may declare bella with a card that is neither."""
    rules = Rules.preset(preset, players=2)

    def stop(game: Game) -> bool:
        deal = game.deal
        if deal is None or deal.to_act != 0 or deal.phase != "play" or deal.trump is None:
            return False
        return any(isinstance(a, PlayCard) and a.bella and a.card.rank not in (Rank.KING, Rank.QUEEN)
                   for a in deal.legal_actions())

    return record_until(rules, stop)


@pytest.mark.parametrize("preset", ["kharkiv", "club"])
async def test_bella_is_offered_and_declared_with_any_card_the_rule_allows(tmp_path: Path, preset: str) -> None:
    app = loaded(saved(tmp_path, bella_before_king_or_queen(preset)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        assert shown_buttons(scr).get("bella", "").endswith("Bella with this card (B: not yet)")
        view = scr.session.game.view(0)
        card = next(a.card for a in view.legal if isinstance(a, PlayCard) and a.bella
                    and a.card.rank not in (Rank.KING, Rank.QUEEN))
        hand = scr.query_one("#hand")
        await pilot.press(str((hand.cards.index(card) + 1) % 10), "enter")
        await settle(pilot)
        assert f"You: bella! ({LOOK.card_str(card)})" in log_text(app)


async def test_bella_under_moscow_rules_waits_for_the_king_or_queen(tmp_path: Path) -> None:
    rules = Rules.preset("moscow", players=2)

    def stop(game: Game) -> bool:
        deal = game.deal
        return (deal is not None and deal.to_act == 0 and deal.phase == "play"
                and any(isinstance(a, PlayCard) and a.bella for a in deal.legal_actions()))

    app = loaded(saved(tmp_path, record_until(rules, stop)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert shown_buttons(table_screen(app))["bella"].endswith("Bella with K/Q (B: don't)")


# -- the forced deal after a held tie (Klabor «висяк») ----------------------------------------------


async def test_a_held_tie_is_summarised_and_the_forced_deal_says_who_must_play_and_what_is_held(tmp_path: Path) -> None:
    app = loaded(saved(tmp_path, held_record()))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_deal(pilot)
        summary = screen_text(app)
        assert "held (висяк)" in summary
        assert "A tie: nothing is written." in summary
        game = app.session.game
        held = game.results[-1].points
        assert f"held {held[0]}" in summary
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        bidder = game.deals[-2].bidder
        name = app.session.names[bidder]
        panel = panel_text(app)
        assert "Forced deal (висяк)" in panel and "after a tie: no bidding" in panel
        assert ("You must play" if name == "You" else f"{name} must play") in panel
        assert f"You {held[0]}" in panel and f"Boris {held[1]}" in panel
        log = log_text(app)
        assert "the last deal was a tie, so there is no bidding" in log
        assert f"held You {held[0]}, Boris {held[1]}" in log
        text = screen_text(app)
        assert "forced deal" in text.splitlines()[0]
        assert "Your bid" not in text
        scr = table_screen(app)
        assert not any(k.startswith("bid-") for k in shown_buttons(scr))
        assert "declare" not in shown_buttons(scr), "no combinations in the forced deal"


async def test_the_score_sheet_writes_a_held_deal_as_held(tmp_path: Path) -> None:
    app = loaded(saved(tmp_path, held_record()))
    async with app.run_test(size=(120, 40)) as pilot:
        await finish_deal(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        text = screen_text(app)
        points = app.session.game.results[-1].points
        assert f"held {points[0]}" in text and f"held {points[1]}" in text
        assert "the forced deal that follows decides those points" in text


# -- stock card shown after the first trick (club), the turnup to the bidder or under the stock -------


async def test_the_club_shows_the_stock_top_after_the_first_trick_on_the_felt() -> None:
    app = make_app(Rules.preset("club", players=2), seed=3, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await to_play(pilot)
        assert "Stock top" not in panel_text(app) and "Bottom" not in panel_text(app)
        while not scr.session.game.deal.tricks:
            await human_move(pilot)
            await settle(pilot)
        top = scr.session.game.view(0).stock_top
        assert top is not None
        assert f"Stock top {LOOK.card_str(top)}" in panel_text(app)
        felt = str(scr.query_one("#felt").render().plain)
        assert LOOK.card_str(top) in felt
        assert "The stock's top card is turned face up" in log_text(app)


async def test_the_turnup_goes_to_the_bidders_hand_and_off_the_felt() -> None:
    app = make_app(Rules.preset("moscow", players=2, turnup_2_3="bidder"), seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await to_play(pilot)
        deal = scr.session.game.deal
        turnup = deal.turnup
        taker = app.session.names[deal.bidder]
        assert turnup in deal.hand(deal.bidder)
        assert "Turnup" not in panel_text(app)
        expected = "goes into your hand" if taker == "You" else f"goes into {taker}'s hand"
        assert f"The turnup {LOOK.card_str(turnup)} {expected}" in log_text(app)
        assert scr.query_one("#felt").state.turnup is None
        assert "swap" not in shown_buttons(scr)


async def test_the_turnup_under_the_stock_is_shown_as_such() -> None:
    app = make_app(Rules.preset("moscow", players=2, turnup_2_3="bottom"), seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await to_play(pilot)
        turnup = scr.session.game.deal.turnup
        assert f"Under the stock {LOOK.card_str(turnup)}" in panel_text(app)
        assert "Bottom" not in panel_text(app), "the turnup is the only stock card shown"
        assert "lies face up under the stock, out of play" in log_text(app)
        assert scr.query_one("#felt").state.shown_stock == turnup


# -- 10-card hands (Kharkiv, 2-3 players) -------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_ten_cards_fit_and_the_tenth_is_keyed_zero(size: str) -> None:
    width, height = SIZES[size]
    app = make_app(Rules.preset("kharkiv", players=2), seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(width, height)) as pilot:
        scr = await to_play(pilot)
        hand = scr.query_one("#hand")
        assert len(hand.cards) == 10
        slots = [s for s in hand.query(".card") if s.display]
        assert len(slots) == 10 and all(s.region.right <= width and s.region.width > 0 for s in slots)
        text = screen_text(app)
        for card in hand.cards:
            assert LOOK.card_str(card) in text
        assert "1-9, 0" in status_text(app)
        assert f"Stock {scr.session.game.view(0).stock_size}" in panel_text(app)
        await pilot.press("0")
        assert hand.current == hand.cards[9]


# -- the concession for fifty ("fifty": concede_50) ---------------------------------------------------


async def test_a_human_defender_is_asked_before_the_extra_cards_and_confirms_the_offer() -> None:
    app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=0, pace=0.0, look=LOOK, bot_maker=first_legal)  # the bot bids first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        deal = scr.session.game.deal
        assert deal.bidder == 1, "the first-legal bot plays the turnup's suit"
        assert shown_buttons(scr).get("concede") == "Concede 50 (o)"
        assert len(scr.query_one("#hand").cards) == 6, "the offer comes before the extra cards"
        assert "o = offer to concede the deal for fifty, Enter = play on" in status_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "the table asks before conceding"
        text = screen_text(app)
        for words in ("Offer to concede this deal for fifty?", "Accepted: Boris writes 50", "nothing for this deal",
                      "Offer (y)", "Play on (n)"):
            assert words in text
        await pilot.press("y")
        await settle(pilot)
        assert "You offer to concede the deal for fifty" in log_text(app)
        assert "Boris accepts: writes 50, the deal ends" in log_text(app)
        assert isinstance(app.screen, DealSummaryScreen)
        text = screen_text(app)
        assert "conceded for fifty" in text and "Conceded for fifty: Boris 50, You 0" in text
        assert app.session.game.totals == [0, 50]


async def test_the_defender_who_thinks_again_or_plays_on_gets_the_extra_cards() -> None:
    app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=0, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("n")  # not after all: nothing is offered, the choice is still open
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and "offer to concede" not in log_text(app)
        assert len(scr.query_one("#hand").cards) == 6
        await pilot.press("enter")  # play on
        await settle(pilot)
        assert len(scr.query_one("#hand").cards) == 9
        assert "concede" not in shown_buttons(scr)


async def test_the_concession_is_offered_only_while_it_is_legal() -> None:
    app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)  # the human bids first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        assert "concede" not in shown_buttons(scr), "not during the bidding"
        await pilot.press("p")
        await settle(pilot)
        assert "concede" not in shown_buttons(scr), "the bidder does not offer"
        await pilot.press("o")
        assert "offer to concede" not in log_text(app)


class Offerer:
    """A defender bot that offers to concede for fifty whenever it may (else the first legal action)."""

    name = "offerer"

    def choose(self, view: Any, legal: Any, budget: float | None = None) -> Any:
        return next((a for a in legal if a == CONCEDE_OFFER), legal[0])

    def optional(self, view: Any, options: Any) -> Any:
        return next((a for a in options if a == CONCEDE_OFFER), None)


@pytest.mark.parametrize("answer", ["y", "n"])
async def test_a_bots_offer_asks_the_human_bidder_in_a_dialog_that_says_what_each_answer_means(
        monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=1, pace=0.0, look=LOOK, bot_maker=always(Offerer()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # the human bids: the bot defends and offers
        await settle(pilot)
        assert isinstance(app.screen, ConcedeAnswerScreen)
        assert len(table_screen(app).query_one("#hand").cards) == 6, "the bidder answers before the extra cards"
        text = screen_text(app)
        for words in ("Boris offers to concede the deal for fifty", "Accept: you write 50, the deal ends.",
                      "Refuse: play on.", "Accept (y)", "Refuse (n)"):
            assert words in text
        await pilot.press(answer)
        await settle(pilot)
        if answer == "y":
            assert isinstance(app.screen, DealSummaryScreen)
            assert "You accept: you write 50, the deal ends" in log_text(app)
            assert app.session.game.totals == [50, 0]
        else:
            assert isinstance(app.screen, TableScreen)
            assert "You refuse: play on" in log_text(app)
            assert "Your turn" in status_text(app)


# -- claims the rules refuse -------------------------------------------------------------------------


def on_lead_after_a_trick(preset: str, jack: bool) -> dict[str, Any]:
    rules = Rules.preset(preset, players=2)

    def stop(game: Game) -> bool:
        deal = game.deal
        if deal is None or deal.to_act != 0 or deal.phase != "play" or not deal.tricks or deal.trick:
            return False
        last = deal.tricks[-1]
        has_jack = any(c.suit is deal.trump and c.rank is Rank.JACK for _, c in last.cards)
        return last.winner == 0 and has_jack == jack

    return record_until(rules, stop)


@pytest.mark.parametrize(("preset", "jack", "reason"), [
    ("club", False, "cannot claim: the rules do not allow claims"),
    ("kharkiv", True, "cannot claim right after taking the trump jack: win another trick first"),
])
async def test_a_refused_claim_says_the_rules_reason_in_the_status_line_and_the_log(
        tmp_path: Path, preset: str, jack: bool, reason: str) -> None:
    app = loaded(saved(tmp_path, on_lead_after_a_trick(preset, jack)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(app.session.game.deal.log)
        await pilot.press("a")
        await pilot.pause()
        assert reason in status_text(app)
        assert reason in log_text(app)
        assert len(app.session.game.deal.log) == before, "nothing happened"
        assert isinstance(app.screen, TableScreen)


# -- the new outcomes: a false claim's strike, the gap, in the log, summary and game-over dialog ---------


def kharkiv_claim_with_points() -> dict[str, Any]:
    """Kharkiv: the human has points written, is on lead after a trick without the trump jack, may claim."""
    rules = Rules.preset("kharkiv", players=2)

    def stop(game: Game) -> bool:
        deal = game.deal
        return (deal is not None and game.totals[0] > 0 and deal.to_act == 0
                and any(isinstance(a, Claim) for a in deal.legal_actions()))

    return record_until(rules, stop)


async def test_a_false_claim_under_kharkiv_rules_is_struck_and_doubled_and_the_summary_says_so(tmp_path: Path) -> None:
    app = loaded(saved(tmp_path, kharkiv_claim_with_points()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        total = app.session.game.totals[0]
        await pilot.press("a")
        assert f"a false claim strikes your {total} to 0 and doubles it to the other side" in status_text(app)
        await pilot.press("a")
        await settle(pilot)
        assert f"False claim: your total {total} is struck to 0 and doubled to Boris +{2 * total}" in log_text(app)
        await finish_deal(pilot)
        text = screen_text(app)
        assert f"False claim: the total is struck (You -{total})" in text and f"(Boris +{2 * total})" in text


async def test_a_game_won_by_the_gap_says_so_in_the_game_over_dialog() -> None:
    app = make_app(Rules.preset("fifty", players=2, gap_end=30), seed=2, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, DealSummaryScreen):
                await pilot.press("enter")
                continue
            await human_move(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.session.game.outcome.reason == "gap"
        assert "how: a lead of 30 points or more" in screen_text(app)
        assert "won — a lead of 30 points or more." in log_text(app)


# -- in Russian --------------------------------------------------------------------------------------


async def test_the_held_deal_and_the_forced_deal_in_russian(tmp_path: Path) -> None:
    set_language("ru")
    record = held_record()
    record["players"] = [{"name": "Вы", "kind": "human"}, {"name": "Борис", "kind": "bot", "bot": "heuristic"}]
    app = loaded(saved(tmp_path, record))
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_deal(pilot)
        summary = screen_text(app)
        assert "висяк" in summary and "Ничья: ничего не записывается." in summary
        await pilot.press("enter")
        await settle(pilot)
        panel = panel_text(app)
        assert "Вынужденная сдача (висяк)" in panel and "после ничьей: без торговли" in panel
        assert "последняя сдача сыграна вничью, торговли нет" in log_text(app)


async def test_the_concession_dialog_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    set_language("ru")
    app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=1, pace=0.0, look=LOOK,
                   names=["Вы", "Борис"], bot_maker=always(Offerer()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        text = screen_text(app)
        assert "Борис предлагает сдаться за полтинник" in text
        assert "Принять: вы записываете 50, сдача окончена." in text and "Отказаться: играем дальше." in text
        await pilot.press("y")
        await settle(pilot)
        assert "сдача за полтинник" in screen_text(app)


# -- snapshots at 80×24 and 120×40 --------------------------------------------------------------------


async def _to_forced_deal(pilot: Any) -> None:
    await finish_deal(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def _to_concede_dialog(pilot: Any) -> None:
    await settle(pilot)
    await pilot.press("p")
    await settle(pilot)


async def _to_stock_top(pilot: Any) -> None:
    scr = await to_play(pilot)
    while not scr.session.game.deal.tricks:
        await human_move(pilot)
        await settle(pilot)


SNAPSHOTS = ("ten_cards", "forced_deal", "held_summary", "concede_dialog", "stock_top")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SNAPSHOTS)
def test_snapshot(snap_compare: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, size: str) -> None:
    if screen == "ten_cards":
        app, steps = make_app(Rules.preset("kharkiv", players=2), seed=5, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal), to_play
    elif screen in ("forced_deal", "held_summary"):
        app = loaded(saved(tmp_path, held_record()), seed=7)  # the forced deal is shuffled from the seed
        steps = _to_forced_deal if screen == "forced_deal" else finish_deal
    elif screen == "concede_dialog":
        app = make_app(Rules.preset("fifty", players=2), seed=4, first_dealer=1, pace=0.0, look=LOOK, bot_maker=always(Offerer()))
        steps = _to_concede_dialog
    else:
        app = make_app(Rules.preset("club", players=2), seed=3, first_dealer=1, pace=0.0, look=LOOK, bot_maker=first_legal)
        steps = _to_stock_top
    assert snap_compare(app, terminal_size=SIZES[size], run_before=steps)


def test_the_events_the_table_tells_are_the_engines() -> None:
    """Every event of the second edition has a line in the log (the narrator knows them all)."""
    from deberc_tui.app.narrator import Narrator
    from deberc_tui.text.persons import cast

    narrator = Narrator(cast(Rules.preset("moscow", players=2), PLAYERS), LOOK)
    from deberc_tui.engine import Card

    for event in (ev.ForcedDeal(1, (81, 81)), ev.StockTopShown(Card.parse("QS")), ev.ConcedeOffered(0),
                  ev.ConcedeAnswered(1, True), ev.ConcedeAnswered(1, False), ev.ClaimStruck(0, (-120, 240))):
        line = narrator.line(event)
        assert line is not None and line.plain.strip()



def test_the_log_tells_a_double_a_dave_and_what_a_game_of_a_match_was_worth() -> None:
    """§12 said at the table is kept in the log: who doubled or said «даве», the answer, and each game's worth."""
    from deberc_tui.app.narrator import Narrator
    from deberc_tui.text.persons import cast

    narrator = Narrator(cast(Rules.preset("moscow", players=2), PLAYERS), LOOK, match=True)
    said = [narrator.line(e) for e in (
        ev.DoubleOffered(0, 1), ev.DoubleAnswered(1, True, 2), ev.DaveOffered(1, 1), ev.DaveAnswered(0, False, 1),
        ev.GameSettled(0, 1, (0, 2), 2, (-20, 20)))]
    assert [line.plain if line else None for line in said] == [
        "You double («Дайви»): the game would count ×2",
        "Boris accepts: the game counts ×2",
        "Boris says «даве» at stake 1",
        "You concede: the other side wins 1",
        "Game 1: Boris won 2 game points",
    ]


def test_the_log_and_a_deals_story_say_the_same_of_the_stakes() -> None:
    """One wording per event: the log's line is the story's, begun with a capital (a double offered once said
    "would count ×2" in the log and "counts ×1" in the replay)."""
    from deberc_tui.app.narrator import Narrator
    from deberc_tui.text.persons import cast
    from deberc_tui.text.stake_story import stake_said

    people = cast(Rules.preset("moscow", players=2), PLAYERS)
    narrator = Narrator(people, LOOK, match=True)
    for e in (ev.ConcedeOffered(0), ev.ConcedeAnswered(1, True), ev.ConcedeAnswered(1, False), ev.DoubleOffered(1, 2),
              ev.DoubleAnswered(0, True, 4), ev.DoubleAnswered(0, False, 2), ev.DaveOffered(0, 2),
              ev.DaveAnswered(1, True, 3), ev.DaveAnswered(1, False, 2)):
        phrase, params = stake_said(e)
        story = phrase.say(people.seats[e.seat], **params)
        line = narrator.line(e)
        assert line is not None and line.plain == story[:1].upper() + story[1:]
    assert stake_said(ev.DoubleOffered(1, 2))[1] == {"multiplier": 4}  # what the game would count if accepted


def test_a_lone_game_ends_in_its_dialog_not_in_a_log_line() -> None:
    from deberc_tui.app.narrator import Narrator
    from deberc_tui.text.persons import cast

    narrator = Narrator(cast(Rules.preset("moscow", players=2), PLAYERS), LOOK)
    assert narrator.line(ev.GameSettled(0, 1, (0, 1), 1, (0, 0))) is None
