"""The words about the players: a verb agrees with whom it speaks of (deberc_tui.text.persons).

"You" is spoken to in the second person ("you take trump", «вы загрузились»), another player in the third, and in
Russian a past-tense verb takes the player's gender where the game knows it (its bots' names, or the person's
choice): «загрузился Борис», «загрузилась Клара»; a player it knows nothing of is said without a gender. Bids are
written as suit symbols, a refusal of your own move says "you hold", and the hint names the suit it weighs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bots.expert import ExpertBot
from deberc_tui import settings
from deberc_tui.app.look import Look
from deberc_tui.app.narrator import Narrator
from deberc_tui.app.screens.match_end import GAME_OVER
from deberc_tui.cli import chosen_gender, main
from deberc_tui.engine import Bid, BidCall, Game, PlayCard, Rules, Suit
from deberc_tui.engine import events as ev
from deberc_tui.engine.text import Text
from deberc_tui.records import RecordError, load_record
from deberc_tui.table import steps
from deberc_tui.table.session import TableSession, default_players
from deberc_tui.text.i18n import _, set_language, translate
from deberc_tui.text.persons import TO_YOU, cast

GOLDEN = Path(__file__).parent / "golden" / "moscow_2p_e2.record.json"
LOOK = Look()
THREE = Rules.preset("moscow", players=3)


def a_record_of_you_and_boris(tmp_path: Path) -> Path:
    """A stored game (2 players, 6 deals) where seat 1 is the person at the keyboard, "You", and seat 2 Boris."""
    doc = json.loads(GOLDEN.read_text(encoding="utf-8"))
    doc["players"] = [{"name": "You", "kind": "human"}, {"name": "Boris", "kind": "bot", "bot": "heuristic"}]
    path = tmp_path / "you.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def replay(path: Path, lang: str) -> list[str]:
    result = CliRunner().invoke(main, ["--lang", lang, "replay", str(path)])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


# -- the replay, the saved-games viewer and the resumed log tell one story ------------------------------------


def test_the_replay_speaks_to_you_in_the_second_person(tmp_path: Path) -> None:
    lines = replay(a_record_of_you_and_boris(tmp_path), "en")
    assert "Deal 1 — your deal, turnup 8♥" in lines
    assert "  you take trump ♣ in round 2; bottom card A♥" in lines
    assert "  you declare terz to the K♠" in lines
    assert "  combinations: you score 20" in lines
    assert "Deal 4 — dealer Boris, turnup 7♦" in lines
    assert "  Boris takes trump ♥ in round 1; bottom card Q♣" in lines
    assert not [line for line in lines if re.search(r"\bYou (takes|declares|scores|deals|claims|swaps)\b", line)]


def test_the_replay_writes_bids_as_suit_symbols(tmp_path: Path) -> None:
    lines = replay(a_record_of_you_and_boris(tmp_path), "en")
    assert "  bids: Boris: pass, You: pass, Boris: pass, You: ♣" in lines


def test_the_replay_speaks_to_you_in_russian(tmp_path: Path) -> None:
    lines = replay(a_record_of_you_and_boris(tmp_path), "ru")
    assert "Сдача 1 — сдаёте вы, вскрышка 8♥" in lines
    assert "  торговля: Boris: пас, Вы: пас, Boris: пас, Вы: ♣" in lines
    assert "  вы загружаетесь: козырь ♣, круг 2; фреза Т♥" in lines
    assert "  вы объявляете терц до К♠" in lines
    assert "  комбинации: вы записываете 20" in lines
    assert "Сдача 4 — сдаёт Boris, вскрышка 7♦" in lines
    assert not [line for line in lines if re.search(r"сдаёт Вы|Вы (загружается|объявляет|записывает)", line)]


def test_the_resumed_log_tells_the_story_as_the_replay_does(tmp_path: Path) -> None:
    session = TableSession.from_record(a_record_of_you_and_boris(tmp_path), pace=0.0)
    try:
        history = session.history()
    finally:
        session.close()
    assert "  you take trump ♣ in round 2; bottom card A♥" in history
    assert "  combinations: you score 20" in history
    assert not [line for line in history if re.search(r"\bYou (takes|declares|scores)\b", line)]


def test_a_side_of_you_and_a_partner_is_spoken_to_in_russian() -> None:
    """4 players: the side «Вы & Клара» takes the second person plural, «Борис & Дмитрий» the third."""
    from deberc_tui.text.sheet_text import SCORES

    set_language("ru")
    people = cast(Rules.preset("moscow", players=4), default_players(4))
    assert SCORES.say(people.sides[0], points=20) == "комбинации: Вы & Клара записываете 20"
    assert SCORES.say(people.sides[1], points=20) == "комбинации: Борис & Дмитрий записывают 20"


# -- the table's log in Russian: the gender of a name the game knows ----------------------------------------------


def trump_taken_said(players: list[dict[str, object]]) -> list[str]:
    """The log's line "trump ♠ taken" when each seat in turn takes it (in Russian)."""
    set_language("ru")
    narrator = Narrator(cast(Rules.preset("moscow", players=len(players)), players), LOOK)
    lines = []
    for seat in range(len(players)):
        line = narrator.line(ev.TrumpChosen(seat, Suit.SPADES, 1, None))
        assert line is not None
        lines.append(line.plain)
    return lines


def test_the_log_in_russian_agrees_with_you_a_male_bot_and_a_female_bot() -> None:
    set_language("ru")
    players = default_players(3)  # Вы, Борис, Клара
    assert trump_taken_said(players) == [
        "Козырь ♠ — вы загрузились", "Козырь ♠ — загрузился Борис", "Козырь ♠ — загрузилась Клара"]


def test_a_name_the_game_knows_nothing_of_is_said_without_a_gender() -> None:
    players: list[dict[str, object]] = [{"name": "Саша", "kind": "human"}, {"name": "Женя", "kind": "human"}]
    assert trump_taken_said(players) == [
        "Козырь ♠, играет Саша", "Козырь ♠, играет Женя"]


def test_a_person_who_chose_a_gender_is_said_with_it() -> None:
    players: list[dict[str, object]] = [{"name": "Саша", "kind": "human", "gender": "female"},
                                        {"name": "Женя", "kind": "human", "gender": "male"}]
    assert trump_taken_said(players) == [
        "Козырь ♠ — загрузилась Саша", "Козырь ♠ — загрузился Женя"]


def test_the_bot_names_keep_their_gender_in_a_record_made_in_english() -> None:
    players: list[dict[str, object]] = [{"name": "You", "kind": "human"}, {"name": "Clara", "kind": "bot"}]
    assert trump_taken_said(players) == [
        "Козырь ♠ — вы загрузились", "Козырь ♠ — загрузилась Clara"]


def test_the_end_of_a_game_in_russian_agrees_with_the_winner() -> None:
    set_language("ru")
    people = cast(THREE, default_players(3))
    how = _("target reached")
    assert [GAME_OVER.say(side, how=how) for side in people.sides] == [
        f"Игра окончена: вы выиграли — {how}.", f"Игра окончена: выиграл Борис — {how}.",
        f"Игра окончена: выиграла Клара — {how}."]


def test_the_last_line_of_a_game_won_on_a_claim_has_no_parentheses_in_parentheses() -> None:
    """The claim's count is in parentheses already («claim won (519)»): the line gives the reason after a dash."""
    set_language("en")
    people = cast(THREE, default_players(3))
    assert GAME_OVER.say(people.sides[1], how="claim won (519)") == "Game over: Boris won — claim won (519)."


def test_the_dealer_in_russian_is_you_not_vy_deals() -> None:
    """«сдаёте вы», not «сдаёт Вы»: the table's news of a new deal."""
    set_language("ru")
    session = TableSession(Rules.preset("moscow", players=2), default_players(2, ["random"]), first_dealer=0,
                           seed=1, pace=0.0)
    try:
        session.advance()
        news = [translate(n) for n in session.take_news() if isinstance(n, Text)]
    finally:
        session.close()
    assert any(line.startswith("Сдача 1: сдаёте вы, вскрышка ") for line in news), news


# -- what you are told about your own move --------------------------------------------------------------------


def test_a_refused_card_says_what_you_hold() -> None:
    """Following suit: the refusal of a card speaks to the person who tried it ("you hold"), as RULES.md §5."""
    session = TableSession(Rules.preset("moscow", players=2), default_players(2, ["first-legal"]), first_dealer=0,
                           seed=1, pace=0.0)
    try:
        for _step in range(400):
            step = session.advance()
            if isinstance(step, steps.Think):
                session.bot_answered(session.think(step.ask))
            elif isinstance(step, steps.PersonToAct):
                view = session.view(step.seat)
                legal = {a.card for a in view.legal if isinstance(a, PlayCard)}
                illegal = [c for c in view.hand if c not in legal]
                if view.current_trick and illegal:
                    assert not session.act(step.seat, PlayCard(illegal[0]))
                    assert session.error is not None
                    said = translate(session.error)
                    assert re.fullmatch(r"must (follow suit|trump|overtrump)\W.*you hold .*", said), said
                    return
                session.act(step.seat, view.legal[0])
            elif isinstance(step, steps.ShowSummary):
                session.resume()
        raise AssertionError("no refused card in 400 steps")
    finally:
        session.close()


def test_every_refusal_said_to_you_is_one_the_engine_gives() -> None:
    """The second-person wording replaces an engine reason word for word: a reworded engine message must not
    leave its "you" form behind unused."""
    sources = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.parent.joinpath(
        "deberc_tui", "engine").glob("*.py"))
    for template in TO_YOU:
        assert f'N_("{template}")' in sources, template


# -- the hint ---------------------------------------------------------------------------------------------------


def test_the_hint_on_a_bid_names_the_trump_it_weighs_and_says_no_i() -> None:
    game = Game(Rules.preset("moscow", players=2), first_dealer=0, seed=1)
    game.start_deal()
    deal = game.deal
    assert deal is not None and deal.to_act is not None
    view = game.view(deal.to_act)
    bot = ExpertBot(seed=1, samples=2, bid_samples=2)
    action, why = bot.decide(view, list(view.legal))
    said = translate(why)
    assert isinstance(action, Bid)
    trump = action.call.suit or (view.turnup.suit if action.call is BidCall.PLAY else None)
    assert any(suit.symbol in said for suit in Suit), said
    if trump is not None:
        assert trump.symbol in said, said
    assert not re.search(r"\b(I|my|me)\b", said), said


# -- the person's gender: a setting, a command-line option, a record's player entry -------------------------------


def test_the_gender_comes_from_the_command_line_else_the_settings() -> None:
    assert chosen_gender(None) is None
    settings.save_gender("female")
    assert chosen_gender(None) == "female"
    assert chosen_gender("male") == "male"
    assert chosen_gender("none") is None


def test_a_new_game_gives_the_person_their_gender() -> None:
    assert default_players(2, names=["Саша"], gender="female")[0] == {"name": "Саша", "kind": "human",
                                                                       "gender": "female"}


def test_a_record_with_a_gender_that_is_none_of_the_two_is_refused() -> None:
    doc = json.loads(GOLDEN.read_text(encoding="utf-8"))
    doc["players"][0]["gender"] = "robot"
    with pytest.raises(RecordError, match="player 1: 'gender' must be 'male' or 'female', not 'robot'"):
        load_record(doc)


async def test_the_new_game_screen_keeps_the_gender_chosen_there() -> None:
    from textual.widgets import Select

    from deberc_tui.app import make_app

    app = make_app(pace=0.0, look=LOOK, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#gender", Select).value = "female"
        await pilot.pause()
        assert settings.saved_gender() == "female"
        setup = app.screen.setup()  # type: ignore[attr-defined]
        assert setup.players[0]["gender"] == "female"
