"""The score pad under the rule book's second edition (§7, §8, §11): one rule, one entry, one expected sheet.

The pad never scores by itself: it turns what the players report into the engine's ``DealPoints`` and the
engine's ``ScoreSheet`` writes them, so each test here enters a deal and reads the sheet a person sees.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.widgets import DataTable, Input, Label, Select

from deberc_tui.app.screens.scorepad import DEAL_KINDS, FAULTS, DealFormScreen, PadScreen, make_app
from deberc_tui.cli.scorepad import scorepad
from deberc_tui.engine import Rules
from deberc_tui.scorepad import (
    Declared,
    EnteredDeal,
    Pad,
    PadError,
    PadStore,
    render_text,
    sheet_rows,
    status_line,
)
from deberc_tui.scorepad.model import CONCEDED, DEBERTZ, FALSE_CLAIM, Fault, FaultKind
from deberc_tui.text.i18n import set_language

NAMES = ["Anna", "Boris", "Cleo", "Dima"]


def make(preset: str = "moscow", players: int = 2, **options: Any) -> Pad:
    return Pad(Rules.preset(preset, players=players, **options), NAMES[:players])


def play(pad: Pad, bidder: int, *cards: int, **kw: Any) -> None:
    kw.setdefault("dealer", pad.suggested_dealer)
    pad.add(EnteredDeal(bidder=bidder, cards=tuple(cards), **kw))


def cells(pad: Pad) -> list[tuple[str, ...]]:
    return [row.cells for row in sheet_rows(pad)]


def notes(pad: Pad) -> list[str]:
    return [row.note for row in sheet_rows(pad)]


def refused(pad: Pad, deal: EnteredDeal) -> str:
    with pytest.raises(PadError) as info:
        pad.add(deal)
    return str(info.value)


# -- §2 extra_cards: ten cards in hand -------------------------------------------------------------------------


def test_ten_card_hands_hold_more_card_points_than_nine() -> None:
    """Kharkiv deals 10 cards each (extra_cards 4): 20 cards are played, up to 160 card points with 2 players."""
    kharkiv = make("kharkiv")
    play(kharkiv, 0, 120, 40)
    assert cells(kharkiv) == [("120", "40")]
    moscow = make()
    assert "at most 156" in refused(moscow, EnteredDeal(dealer=0, bidder=0, cards=(120, 40)))


def test_ten_cards_hold_combinations_nine_cannot() -> None:
    """Two terzes and a fifty need 10 cards: a Kharkiv hand holds them, a Moscow hand of 9 does not."""
    decl = (Declared(terz=2, fifty=1), Declared())
    kharkiv = make("kharkiv")
    play(kharkiv, 0, 100, 60, declared=decl)
    assert kharkiv.sheet.totals == [190, 60]
    assert "cannot be held in 9 cards" in refused(make(), EnteredDeal(dealer=0, bidder=0, cards=(100, 50), declared=decl))


def test_hundred_length_five_makes_room_for_a_fifty_beside_a_hundred() -> None:
    """hundred_length 5: a hundred of five cards and a fifty fit in nine cards; a hundred of six does not leave room."""
    decl = (Declared(hundred=1, fifty=1), Declared())
    five = make(hundred=True, hundred_length=5)
    play(five, 0, 100, 50, declared=decl)
    assert five.sheet.totals == [250, 50]
    six = make(hundred=True)
    assert "cannot be held in 9 cards" in refused(six, EnteredDeal(dealer=0, bidder=0, cards=(100, 50), declared=decl))


# -- §5 bella_needs_trick, debertz -----------------------------------------------------------------------------


@pytest.mark.parametrize(("needs_trick", "anna"), [(False, 20), (True, 0)])
def test_bella_needs_a_trick_only_with_bella_needs_trick(needs_trick: bool, anna: int) -> None:
    """Anna declared bella but took no trick: her 20 count unless bella_needs_trick."""
    pad = make(bella_needs_trick=needs_trick)
    play(pad, 1, 0, 130, declared=(Declared(bella=True), Declared()), took_trick=(False, None))
    assert pad.sheet.totals == [anna, 130]


def test_bella_needs_trick_asks_whether_a_side_without_points_took_a_trick() -> None:
    pad = make(bella_needs_trick=True)
    message = refused(pad, EnteredDeal(dealer=0, bidder=1, cards=(0, 130), declared=(Declared(bella=True), Declared())))
    assert "did it take a trick?" in message


def test_debertz_target_points_is_a_combination_worth_the_target() -> None:
    """debertz 'target_points': the debertz scores the target (301) like any combination, and here wins the game."""
    pad = make(debertz="target_points", target=301)
    play(pad, 0, 90, 60, declared=(Declared.parse("debertz"), Declared()))
    assert pad.sheet.totals == [391, 60]
    assert "Anna wins" in status_line(pad)


def test_debertz_target_points_needs_a_trick() -> None:
    pad = make(debertz="target_points", target=301)
    play(pad, 1, 0, 130, declared=(Declared(debertz=1), Declared()), took_trick=(False, None))
    assert pad.sheet.totals == [0, 130]


def test_debertz_is_refused_where_the_rules_have_none_or_it_wins_the_game() -> None:
    debertz = (Declared(debertz=1), Declared())
    assert "Anna: no debertz under these rules (debertz — no debertz: a fifty or a hundred)" == refused(
        make(), EnteredDeal(dealer=0, bidder=0, cards=(90, 60), declared=debertz))
    assert "enter the deal as debertz" in refused(
        make(debertz="win"), EnteredDeal(dealer=0, bidder=0, cards=(90, 60), declared=debertz))
    assert "enter the deal as played, with the debertz among the declarations" in refused(
        make(debertz="target_points"), EnteredDeal(dealer=0, kind=DEBERTZ, winner=0))


# -- §7 hanging "forced" -----------------------------------------------------------------------------------------


def test_a_tie_under_hanging_forced_is_held_and_the_next_deal_is_forced() -> None:
    """Klabor «висяк»: 70:70 with Boris bidding writes nothing, holds 140, and Boris must play the next deal."""
    pad = make("klabor")
    play(pad, 1, 70, 70, dealer=0)
    assert pad.results[0].outcome == "held"
    assert cells(pad) == [("—", "—")]
    assert notes(pad) == ["tie: 140 held; the next deal is forced, Boris plays it"]
    assert "forced deal next: Boris plays, 140 held" in status_line(pad)
    assert pad.sheet.forced_bidder == 1


def test_the_forced_deal_is_played_by_the_tied_deals_bidder_without_combinations() -> None:
    pad = make("klabor")
    play(pad, 1, 70, 70, dealer=0)
    assert "this is the forced deal: Boris plays it" in refused(pad, EnteredDeal(dealer=1, bidder=0, cards=(40, 100)))
    terz = (Declared(), Declared(terz=1))
    assert "only bella" in refused(pad, EnteredDeal(dealer=1, bidder=1, cards=(40, 100), declared=terz))


def test_a_made_forced_deal_writes_both_deals_points() -> None:
    pad = make("klabor")
    play(pad, 1, 70, 70, dealer=0)
    pad.add(EnteredDeal(dealer=1, cards=(40, 100)))  # the bidder is the forced one when not named
    assert pad.deals[1].bidder is None and pad.results[1].bidder == 1
    assert cells(pad)[1] == ("110", "170")
    assert notes(pad)[1] == "forced deal: 140 held written with it"


def test_a_baited_forced_deal_gives_the_defenders_all_points_of_both_deals() -> None:
    pad = make("klabor")
    play(pad, 1, 70, 70, dealer=0)
    play(pad, 1, 100, 40)
    assert cells(pad)[1] == ("280", "БТ")


# -- §8 concede for fifty, false claims that double, gap_end ------------------------------------------------------


def test_conceded_for_fifty_the_bidder_writes_fifty() -> None:
    pad = make("fifty")
    pad.add(EnteredDeal(dealer=0, kind=CONCEDED, bidder=1))
    assert cells(pad) == [("0", "50")]
    assert notes(pad) == ["conceded for fifty: Boris writes 50"]
    assert pad.suggested_dealer == 1  # (decided) the bidder deals next as the deal's winner


def test_nobody_concedes_for_fifty_without_the_rule() -> None:
    assert "nobody concedes for fifty" in refused(make(), EnteredDeal(dealer=0, kind=CONCEDED, bidder=1))
    assert "not played" in refused(make("fifty"), EnteredDeal(dealer=0, kind=CONCEDED, bidder=1, cards=(10, 20)))


def test_a_false_claim_under_double_to_opponent_strikes_the_total_and_doubles_it_to_the_other() -> None:
    """Kharkiv: Anna (120) claims wrongly in deal 2: her 120 are struck, Boris gets 240, and play goes on."""
    pad = make("kharkiv")
    play(pad, 0, 120, 40)
    play(pad, 0, 120, 40, false_claims=(0,))
    assert cells(pad)[1] == ("120 (−120)", "320")
    assert notes(pad)[1] == "false claim by Anna: Anna −120, Boris +240"


def test_with_three_players_the_struck_total_is_split_between_the_other_two() -> None:
    pad = make("kharkiv", players=3)
    play(pad, 0, 100, 30, 20)
    play(pad, 1, 20, 100, 30, false_claims=(0,))
    assert pad.sheet.totals == [100 - 100 + 20, 30 + 100 + 100, 20 + 30 + 100]


def test_a_false_claim_that_ends_the_deal_is_not_entered_as_played() -> None:
    assert ("play goes on after a false claim only where a wrong claim means «total to 0, twice it to the others», "
            "not under these rules (a wrong claim — loses the game)") == refused(
        make(), EnteredDeal(dealer=0, bidder=0, cards=(100, 50), false_claims=(0,)))
    assert "enter the deal as played, with the false claim" in refused(
        make("kharkiv"), EnteredDeal(dealer=0, kind=FALSE_CLAIM, winner=0))


def test_gap_end_ends_the_game_below_the_target() -> None:
    """«Mit fünfzig»: a lead of 250 wins at once."""
    pad = make("fifty")
    play(pad, 0, 140, 10)
    play(pad, 0, 140, 10)
    assert pad.is_over
    assert "Anna wins (a lead of 250 or more)" in status_line(pad)
    assert "the game is over: Anna won" in refused(pad, EnteredDeal(dealer=0, bidder=0, cards=(80, 70)))


# -- §11 table penalties ---------------------------------------------------------------------------------------------


def test_a_missed_cut_costs_the_dealers_side_100_under_minus_100() -> None:
    pad = make("klabor")
    play(pad, 0, 100, 40, dealer=1, faults=(Fault(FaultKind.MISSED_CUT),))
    assert cells(pad) == [("100", "-60 (−100)")]
    assert notes(pad) == ["no cut offered by Boris: −100"]


def test_a_missed_cut_baits_the_dealers_side_under_bait() -> None:
    """Kharkiv: Anna dealt without offering the cut and made her bid: she is baited all the same."""
    pad = make("kharkiv")
    play(pad, 0, 100, 60, dealer=0, faults=(Fault(FaultKind.MISSED_CUT),))
    assert cells(pad) == [("БТ", "160")]
    assert pad.sheet.baits_game == [1, 0]


def test_a_missed_cut_costs_nothing_under_none() -> None:
    assert "a missed cut costs nothing under these rules (no cut offered — no penalty)" == refused(
        make(), EnteredDeal(dealer=0, bidder=0, cards=(100, 50), faults=(Fault(FaultKind.MISSED_CUT),)))


def test_a_renege_under_bait_baits_the_offender_even_as_a_defender() -> None:
    """Moscow: Boris defends and reneges: his side writes nothing and his 50 go to Anna, the bidder."""
    pad = make()
    play(pad, 0, 100, 50, faults=(Fault(FaultKind.RENEGE, side=1),))
    assert cells(pad) == [("150", "БТ")]
    assert notes(pad) == ["bait: Boris's 50 → Anna +50; renege by Boris: bait on the cards"]


def test_a_renege_under_redeal_minus_100_voids_the_deal_and_costs_100() -> None:
    pad = make("klabor")
    pad.add(EnteredDeal(dealer=0, faults=(Fault(FaultKind.RENEGE, side=1),)))
    assert cells(pad) == [("—", "-100 (−100)")]
    assert notes(pad) == ["renege by Boris: void deal, −100"]
    assert pad.suggested_dealer == 0  # (decided) a void deal is dealt again by the same dealer


def test_a_renege_under_lose_trick_gives_the_trick_to_the_opponents_before_judging() -> None:
    """Kharkiv: Anna bid and took 100 against 60, but her renege gives a trick of 30 to Boris: 70 < 90, a bait."""
    pad = make("kharkiv")
    play(pad, 0, 100, 60, faults=(Fault(FaultKind.RENEGE, side=0, points=30),))
    assert cells(pad) == [("БТ", "160")]
    assert notes(pad) == ["bait: Anna's 70 → Boris +70; renege by Anna: a trick of 30 to Boris"]


def test_a_renege_under_lose_trick_with_three_players_names_who_gets_the_trick() -> None:
    pad = make("kharkiv", players=3)
    message = refused(pad, EnteredDeal(dealer=0, bidder=0, cards=(80, 40, 30), faults=(Fault(FaultKind.RENEGE, side=0, points=20),)))
    assert "name the side it goes to" in message
    play(pad, 0, 80, 40, 30, faults=(Fault(FaultKind.RENEGE, side=0, points=20, to=2),))
    assert pad.results[0].points == (60, 40, 50)


def test_bait_on_the_cards_counts_for_the_bait_penalty() -> None:
    """Klabor: bait penalty 100 from the third bait; Boris's third «байт на картах» (an extra card) costs 100."""
    pad = make("klabor")
    for _ in range(3):
        play(pad, 0, 100, 40, faults=(Fault(FaultKind.BAIT_ON_CARDS, side=1, offence="extra_card"),))
    assert pad.sheet.baits_game == [0, 3]
    assert cells(pad)[-1] == ("420", "БТ (−100)")
    assert "bait on the cards: Boris, an extra card" in notes(pad)[-1]
    assert "Boris repeated bait −100" in notes(pad)[-1]


def test_one_side_is_baited_in_a_deal() -> None:
    faults = (Fault(FaultKind.RENEGE, side=1), Fault(FaultKind.BAIT_ON_CARDS, side=0, offence="missing_card"))
    assert "one side is baited in a deal" in refused(make(), EnteredDeal(dealer=0, bidder=0, cards=(100, 50), faults=faults))


def test_an_overstated_entry_loses_the_excess_to_the_checker() -> None:
    """pencil_rule: Anna wrote 110 for a deal worth 100; Boris checked it: he gets the 10."""
    pad = make()
    play(pad, 0, 100, 50, faults=(Fault(FaultKind.PENCIL, side=0, points=110),))
    assert cells(pad) == [("100", "60")]
    assert notes(pad) == ["pencil: Anna wrote 110, not 100: 10 to Boris"]


def test_an_error_of_exactly_100_is_only_corrected() -> None:
    pad = make()
    play(pad, 0, 100, 50, faults=(Fault(FaultKind.PENCIL, side=0, points=200),))
    assert cells(pad) == [("100", "50")]
    assert notes(pad) == ["pencil: Anna wrote 200, corrected to 100"]


def test_an_understatement_stands_and_a_bidder_written_below_the_defender_is_baited() -> None:
    """Boris, the bidder, wrote 40 for a deal worth 80 against Anna's 70: 40 stands, and 40 < 70 is a bait."""
    pad = make()
    play(pad, 1, 70, 80, faults=(Fault(FaultKind.PENCIL, side=1, points=40),))
    assert cells(pad) == [("110", "БТ")]


def test_nothing_is_checked_without_the_pencil_rule() -> None:
    assert "entries are not checked under these rules (check the score — no): edit the deal instead" == refused(
        make(pencil_rule=False), EnteredDeal(dealer=0, bidder=0, cards=(100, 50), faults=(Fault(FaultKind.PENCIL, side=0, points=110),)))


def test_edit_delete_undo_and_saving_keep_the_penalties(tmp_path: Path) -> None:
    pad = make("klabor")
    play(pad, 0, 100, 40, dealer=1, faults=(Fault(FaultKind.MISSED_CUT),))
    play(pad, 0, 100, 40, faults=(Fault(FaultKind.BAIT_ON_CARDS, side=1, offence="false_declaration"),))
    assert pad.sheet.totals == [240, -60]
    pad.replace(0, EnteredDeal(dealer=1, bidder=0, cards=(100, 40)))
    assert pad.sheet.totals == [240, 40]
    pad.undo()
    assert pad.sheet.totals == [240, -60]
    pad.delete(1)
    assert pad.sheet.totals == [100, -60]
    pad.undo()
    store = PadStore(tmp_path)
    store.save(pad)
    again = store.load(pad.id)
    assert again.deals == pad.deals and again.sheet.totals == [240, -60]


def test_a_pad_file_with_an_unknown_penalty_is_refused_in_one_line(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    pad = make("klabor")
    play(pad, 0, 100, 40, dealer=1, faults=(Fault(FaultKind.MISSED_CUT),))
    store.save(pad)
    path = store.path(pad.id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["deals"][0]["faults"][0]["kind"] = "cheating"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(PadError, match=r"deals\[0\]\.faults\[0\]\.kind.*one of: missed_cut"):
        store.load(pad.id)


def test_the_presets_carry_their_sources_penalties() -> None:
    klabor, kharkiv = Rules.preset("klabor"), Rules.preset("kharkiv")
    assert (klabor.cut_penalty, klabor.renege_penalty) == ("minus_100", "redeal_minus_100")
    assert (kharkiv.cut_penalty, kharkiv.renege_penalty) == ("bait", "lose_trick")
    assert (Rules().cut_penalty, Rules().renege_penalty, Rules().pencil_rule) == ("none", "bait", True)


# -- the command line --------------------------------------------------------------------------------------------


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    runner = CliRunner()

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(scorepad, list(args))
        assert result.exit_code == code, result.output
        assert "Traceback" not in result.output
        return result.output

    return invoke


def test_cli_forced_deal_and_table_penalties(run: Any) -> None:
    pad = run("new", "--preset", "klabor", "--names", "Anna,Boris", "--first-dealer", "Anna").strip()
    assert "Boris plays it" in run("add", pad, "--bidder", "Boris", "--cards", "70,70")
    assert "deal 2: Anna 110  Boris 170" in run("add", pad, "--cards", "40,100")  # Boris bids the forced deal
    assert "no cut offered by Anna: −100" in run("add", pad, "--dealer", "Anna", "--bidder", "Anna", "--cards", "100,40",
                                                 "--missed-cut")
    assert "renege by Boris: void deal, −100" in run("add", pad, "--renege", "Boris")
    assert "pencil: Anna wrote 110, not 100: 10 to Boris" in run("add", pad, "--bidder", "Anna", "--cards", "100,40",
                                                                  "--pencil", "Anna:110")
    out = run("add", pad, "--bidder", "Anna", "--cards", "100,40", "--bait-on-cards", "Boris:swap_bottom")
    assert "bait on the cards: Boris, trump seven for the bottom card" in out
    assert "the offence one of: extra_card" in run("add", pad, "--bidder", "Anna", "--cards", "100,40",
                                                   "--bait-on-cards", "Boris:sneeze", code=2)
    assert "undone: add deal" in run("undo", pad)


def test_cli_concede_and_false_claim_that_doubles(run: Any) -> None:
    fifty = run("new", "--preset", "fifty").strip()
    assert "conceded for fifty: B writes 50" in run("add", fifty, "--bidder", "B", "--conceded")
    kharkiv = run("new", "--preset", "kharkiv", "--set", "cut_penalty=none").strip()
    run("add", kharkiv, "--bidder", "A", "--cards", "120,40")
    out = run("add", kharkiv, "--bidder", "A", "--cards", "120,40", "--false-claim", "A")
    assert "false claim by A: A −120, B +240" in out
    assert "costs nothing" in run("add", kharkiv, "--bidder", "A", "--cards", "100,60", "--missed-cut", code=2)


def test_cli_in_russian(run: Any) -> None:
    set_language("ru")
    pad = run("new", "--preset", "klabor", "--names", "Аня,Боря").strip()
    out = run("add", pad, "--bidder", "Боря", "--cards", "70,70")
    assert "ничья: 140 отложено; следующая сдача — вынужденная, играет Боря" in out
    out = run("add", pad, "--bidder", "Аня", "--cards", "40,100", code=2)
    assert "это вынужденная сдача: её играет Боря" in out


# -- the screen ------------------------------------------------------------------------------------------------------


def _store(tmp_path: Path, preset: str) -> tuple[PadStore, Pad]:
    store = PadStore(tmp_path)
    pad = make(preset)
    store.save(pad)
    return store, pad


def _rows(app: Any) -> list[list[str]]:
    table = app.screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def _form(pilot: Any) -> DealFormScreen:
    await pilot.pause()
    await pilot.press("a")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, DealFormScreen)
    return form


def _kind(name: str) -> int:
    return next(i for i, (label, _k, _r) in enumerate(DEAL_KINDS) if label == name)


def _fault(name: str) -> int:
    return next(i for i, (label, _f, offence) in enumerate(FAULTS) if label == name or offence == name)


async def test_screen_a_conceded_deal(tmp_path: Path) -> None:
    store, pad = _store(tmp_path, "fifty")
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _form(pilot)
        form.query_one("#kind", Select).value = _kind("conceded for fifty")
        await pilot.pause()
        assert form.query_one("#cards-0", Input).disabled
        form.query_one("#bidder", Select).value = 1
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        assert _rows(app)[-1][3:] == ["0", "50", "conceded for fifty: Boris writes 50"]


async def test_screen_the_forced_deal_is_said_and_its_bidder_chosen(tmp_path: Path) -> None:
    store, pad = _store(tmp_path, "klabor")
    pad.add(EnteredDeal(dealer=0, bidder=1, cards=(70, 70)))
    store.save(pad)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "forced deal next: Boris plays, 140 held" in str(app.screen.query_one("#status").content)
        form = await _form(pilot)
        assert form.query_one("#bidder", Select).value == 1
        assert "The forced deal: Boris plays it" in str(form.query_one("#forced").content)
        form.query_one("#cards-0", Input).value = "40"
        form.query_one("#cards-1", Input).value = "100"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _rows(app)[-1][3:] == ["110", "170", "forced deal: 140 held written with it"]


async def test_screen_a_renege_that_loses_a_trick(tmp_path: Path) -> None:
    store, pad = _store(tmp_path, "kharkiv")
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _form(pilot)
        form.query_one("#bidder", Select).value = 0
        form.query_one("#cards-0", Input).value = "100"
        form.query_one("#cards-1", Input).value = "60"
        form.query_one("#fault", Select).value = _fault("a renege")
        form.query_one("#fault-by", Select).value = 0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # the trick's points are missing
        assert "give its card points" in str(form.query_one("#error", Label).content)
        form.query_one("#fault-points", Input).value = "30"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _rows(app)[-1][3:] == ["БТ", "160", "bait: Anna's 70 → Boris +70; renege by Anna: a trick of 30 to Boris"]
        await pilot.press("e")  # editing shows the penalty again
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DealFormScreen)
        assert form.query_one("#fault", Select).value == _fault("a renege")
        assert form.query_one("#fault-points", Input).value == "30"


async def test_screen_a_false_claim_that_goes_on_in_russian(tmp_path: Path) -> None:
    set_language("ru")
    store, pad = _store(tmp_path, "kharkiv")
    pad.add(EnteredDeal(dealer=0, bidder=0, cards=(120, 40)))
    store.save(pad)
    app = make_app(store, pad.id)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await _form(pilot)
        form.query_one("#kind", Select).value = _kind("false claim")
        await pilot.pause()
        assert not form.query_one("#cards-0", Input).disabled  # the deal went on: its points are entered
        form.query_one("#winner", Select).value = 0
        form.query_one("#bidder", Select).value = 0
        form.query_one("#cards-0", Input).value = "120"
        form.query_one("#cards-1", Input).value = "40"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PadScreen)
        assert _rows(app)[-1][3:] == ["120 (−120)", "320", "ложная «Партия»: Anna: Anna −120, Boris +240"]


def test_the_form_offers_every_offence() -> None:
    assert [o for _label, f, o in FAULTS if f is FaultKind.BAIT_ON_CARDS] == [
        "extra_card", "missing_card", "false_declaration", "swap_bottom", "swap_round2"]


def test_render_text_shows_the_held_deal(tmp_path: Path) -> None:
    pad = make("klabor")
    play(pad, 1, 70, 70, dealer=0)
    assert "tie: 140 held" in render_text(pad)
