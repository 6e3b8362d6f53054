"""The score pad: seed score tables, every hanging and penalty option, edits, undo, bad input, storage, export."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from click.testing import CliRunner

from deberc_tui.cli.scorepad import scorepad
from deberc_tui.engine import Rules
from deberc_tui.scorepad import Declared, EnteredDeal, Pad, PadError, PadStore, sheet_rows
from deberc_tui.scorepad.export import to_csv, to_json_data
from deberc_tui.scorepad.model import CLAIM, DEBERTZ, FALSE_CLAIM, KLABOR, THROWN


def make(players: int = 2, preset: str = "moscow", names: str = "A,B,C,D", **options: Any) -> Pad:
    rules = Rules.preset(preset, players=players, **options)
    return Pad(rules, names.split(",")[:players])


def played(pad: Pad, bidder: int, cards: tuple[int | None, ...], dealer: int | None = None, **kw: Any) -> EnteredDeal:
    return EnteredDeal(dealer=pad.suggested_dealer if dealer is None else dealer, bidder=bidder, cards=cards, **kw)


def play(pad: Pad, bidder: int, *cards: int | None, **kw: Any) -> None:
    pad.add(played(pad, bidder, tuple(cards), **kw))


def cells(pad: Pad) -> list[tuple[str, ...]]:
    return [row.cells for row in sheet_rows(pad)]


# -- seed 004 / 000: the worked table ----------------------------------------------------------------


def test_seed_table_made_bait_and_hanging() -> None:
    """Seeds 004/000: A 15 / B 103; B baited → A 139 / БТ; B hangs with 51 → A 190 / vs(51)."""
    pad = make()
    play(pad, 1, 15, 103)
    play(pad, 1, 80, 44)
    play(pad, 1, 51, 51)
    assert cells(pad) == [("15", "103"), ("139", "БТ"), ("190", "vs(51)")]
    assert pad.sheet.hanging == 51
    assert pad.suggested_dealer == 0  # a hanging deal: the defender deals


def test_hanging_points_go_to_the_next_winner() -> None:
    pad = make()
    play(pad, 1, 51, 51)
    play(pad, 0, 100, 40)
    assert pad.sheet.totals == [51 + 100 + 51, 40]
    assert pad.results[-1].hanging_received == (51, 0)
    assert "A gets 51 hanging" in sheet_rows(pad)[-1].note


def test_thrown_in_deal_decides_no_hanging_points() -> None:
    pad = make()
    play(pad, 1, 51, 51)
    pad.add(EnteredDeal(dealer=pad.suggested_dealer, kind=THROWN, reason="all_pass"))
    assert pad.sheet.hanging == 51
    assert cells(pad)[-1] == ("—", "—")


def test_hanging_as_bait() -> None:
    pad = make(hanging="bait")
    play(pad, 1, 51, 51)
    assert cells(pad) == [("102", "БТ")]


def test_hanging_each_writes_own() -> None:
    pad = make(hanging="each_own")
    play(pad, 1, 51, 51)
    assert cells(pad) == [("51", "51")]
    assert pad.sheet.hanging == 0


def test_hanging_accumulate_gives_all_to_the_next_winner() -> None:
    pad = make(hanging_multi="accumulate")
    play(pad, 1, 51, 51)
    play(pad, 0, 60, 60)
    assert pad.sheet.hanging == 111
    play(pad, 0, 100, 40)
    assert pad.results[-1].hanging_received == (111, 0)
    assert pad.sheet.totals == [51 + 100 + 111, 60 + 40]


def test_hanging_queue_decides_one_amount_per_deal() -> None:
    pad = make(hanging_multi="queue")
    play(pad, 1, 51, 51)
    play(pad, 0, 60, 60)  # a hanging deal decides nothing (second edition): 51 and 60 wait in turn
    assert pad.results[-1].hanging_received == (0, 0)
    play(pad, 0, 100, 40)  # A scores most: the oldest amount, 51
    assert pad.results[-1].hanging_received == (51, 0)
    play(pad, 1, 30, 90)  # B scores most: the 60
    assert pad.results[-1].hanging_received == (0, 60)


def test_tied_next_deal_keeps_points_hanging() -> None:
    pad = make(players=3, names="A,B,C")
    play(pad, 0, 40, 40, 40)  # hangs 40
    play(pad, 0, 60, 50, 50)  # A made; hanging to A
    assert pad.results[-1].hanging_received == (40, 0, 0)
    play(pad, 0, 40, 40, 30)  # hangs again
    play(pad, 2, 20, 20, 70)  # C made; A and B tie below: C wrote most
    assert pad.results[-1].hanging_received == (0, 0, 40)


# -- 3 players --------------------------------------------------------------------------------------


def test_three_player_bait_to_higher_defender() -> None:
    pad = make(players=3, names="A,B,C", bait_to="higher")
    play(pad, 0, 30, 60, 40)
    assert cells(pad) == [("БТ", "90", "40")]


def test_three_player_bait_split() -> None:
    pad = make(players=3, names="A,B,C", bait_to="split")
    play(pad, 0, 31, 60, 40, dealer=2)  # A leads; the odd point goes to the first defender in play order, B
    assert pad.sheet.totals == [0, 60 + 16, 40 + 15]


def test_three_player_bidder_must_beat_combined() -> None:
    pad = make(players=3, names="A,B,C", bidder_must_beat="combined")
    play(pad, 0, 80, 40, 30)  # 80 > 40 + 30: made
    assert cells(pad)[-1] == ("80", "40", "30")
    play(pad, 0, 60, 40, 30)  # 60 < 70: bait
    assert cells(pad)[-1][0] == "БТ"


# -- 4 players ----------------------------------------------------------------------------------------


def test_four_players_one_side_is_enough() -> None:
    pad = make(players=4)
    play(pad, 0, 100)
    assert pad.results[-1].points == (100, 62)
    play(pad, 1, None, 70)
    assert pad.results[-1].points == (92, 70)
    assert cells(pad)[-1] == ("262", "БТ")
    assert pad.side_names == ["A+C", "B+D"]


# -- penalties ----------------------------------------------------------------------------------------


def _baits(pad: Pad, count: int) -> None:
    for _ in range(count):
        play(pad, 1, 80, 40)


@pytest.mark.parametrize(
    ("when", "count", "baits", "penalised"),
    [
        ("third", "game", 4, [3]),
        ("third_and_after", "game", 4, [3, 4]),
        ("every_third", "game", 6, [3, 6]),
    ],
)
def test_bait_penalty_when(when: str, count: str, baits: int, penalised: list[int]) -> None:
    pad = make(bait_penalty={"points": 100, "when": when, "count": count}, target=5001)
    _baits(pad, baits)
    hit = [i + 1 for i, r in enumerate(pad.results) if r.penalties[1]]
    assert hit == penalised
    assert all(r.penalties[1] == -100 for r in pad.results if r.penalties[1])
    assert "(−100)" in cells(pad)[penalised[0] - 1][1]


def test_bait_penalty_counted_in_a_row_is_reset_by_a_made_deal() -> None:
    pad = make(bait_penalty={"points": 50, "when": "third_and_after", "count": "row"}, target=5001)
    _baits(pad, 2)
    play(pad, 1, 40, 80)  # made: the row starts again
    _baits(pad, 2)
    assert not any(r.penalties[1] for r in pad.results)
    _baits(pad, 1)
    assert pad.results[-1].penalties == (0, -50)


def test_bait_penalty_counted_in_the_game_is_not_reset() -> None:
    pad = make(bait_penalty={"points": 50, "when": "third_and_after", "count": "game"})
    _baits(pad, 2)
    play(pad, 1, 40, 80)
    _baits(pad, 1)
    assert pad.results[-1].penalties == (0, -50)


@pytest.mark.parametrize("ski", [50, 100])
def test_ski_penalty_for_a_side_without_a_trick(ski: int) -> None:
    pad = make(ski_penalty=ski)
    play(pad, 1, 0, 120, took_trick=(False, None))
    assert pad.results[-1].penalties == (-ski, 0)
    assert pad.sheet.totals == [-ski, 120]
    assert "A no trick" in sheet_rows(pad)[-1].note


def test_ski_penalty_asks_whether_a_side_without_points_took_a_trick() -> None:
    pad = make(ski_penalty=50)
    with pytest.raises(PadError, match="did it take a trick"):
        play(pad, 1, 0, 120)
    play(pad, 1, 0, 120, took_trick=(True, None))  # an empty trick counts
    assert pad.results[-1].penalties == (0, 0)


def test_no_penalties_by_default() -> None:
    pad = make()
    _baits(pad, 4)
    assert not any(any(r.penalties) for r in pad.results)


# -- declarations ---------------------------------------------------------------------------------------


def test_declarations_count_for_one_side() -> None:
    pad = make()
    play(pad, 0, 70, 60, declared=(Declared.parse("terz+bella"), Declared()))
    assert pad.results[-1].points == (110, 60)
    play(pad, 0, 70, 60, declared=(Declared(), Declared.parse("fifty")))
    assert pad.results[-1].outcome == "bait"


def test_declared_total_and_parsing() -> None:
    assert Declared.parse("2terz + bella") == Declared(terz=2, bella=True)
    assert Declared.parse("70") == Declared(total=70)
    assert Declared.parse("терц+белла") == Declared(terz=1, bella=True)
    assert Declared.parse(Declared(terz=1, fifty=1, bella=True).notation()) == Declared(terz=1, fifty=1, bella=True)
    with pytest.raises(PadError, match="unknown declaration"):
        Declared.parse("quint")


def test_combinations_without_a_trick_do_not_score() -> None:
    pad = make()
    play(pad, 1, 0, 120, declared=(Declared(fifty=1), Declared()), took_trick=(False, None))
    assert pad.results[-1].points == (0, 120)


def test_combos_need_trick_false() -> None:
    pad = make(combos_need_trick=False)
    play(pad, 1, 0, 120, declared=(Declared(fifty=1), Declared()))
    assert pad.results[-1].points == (50, 120)


# -- the end of the game ----------------------------------------------------------------------------------


def test_target_ends_the_game_and_refuses_more_deals() -> None:
    pad = make(target=101)
    play(pad, 0, 110, 20)
    assert pad.is_over and pad.sheet.outcome is not None and pad.sheet.outcome.winner == 0
    with pytest.raises(PadError, match="the game is over: A won"):
        play(pad, 0, 110, 20, dealer=0)


def test_both_over_last_trick_needs_the_last_trick() -> None:
    pad = make(target=101, both_over="last_trick")
    play(pad, 0, 60, 50)
    with pytest.raises(PadError, match="who took the last trick"):
        play(pad, 1, 60, 70)
    play(pad, 1, 60, 70, last_trick=0)
    assert pad.sheet.outcome is not None and pad.sheet.outcome.winner == 0


def test_mars_doubles_the_win() -> None:
    pad = make(target=101, mars=True)
    play(pad, 0, 110, 20)
    assert pad.sheet.outcome is not None and pad.sheet.outcome.game_points == 2


def test_claim_won_and_false_claims() -> None:
    pad = make(target=201)
    play(pad, 0, 150, 0, took_trick=(None, False))
    with pytest.raises(PadError, match="claim is false: 190 is under 201"):
        pad.add(EnteredDeal(dealer=pad.suggested_dealer, kind=CLAIM, winner=0, cards=(40,)))
    pad.add(EnteredDeal(dealer=pad.suggested_dealer, kind=CLAIM, winner=0, cards=(40,), declared=(Declared(terz=1),)))
    assert pad.sheet.totals == [210, 0] and pad.sheet.outcome is not None
    assert cells(pad)[-1] == ("210", "—")
    pad2 = make()
    pad2.add(EnteredDeal(dealer=0, kind=FALSE_CLAIM, winner=0))
    assert pad2.sheet.outcome is not None and pad2.sheet.outcome.winner == 1


def test_debertz_and_klabor_win_at_once() -> None:
    pad = make(debertz="win")
    pad.add(EnteredDeal(dealer=0, kind=DEBERTZ, winner=1, bidder=1))
    assert pad.sheet.outcome is not None and pad.sheet.outcome.winner == 1
    with pytest.raises(PadError, match="klabor is not played"):
        make().add(EnteredDeal(dealer=0, kind=KLABOR, winner=1))
    pad3 = make(preset="klabor")
    pad3.add(EnteredDeal(dealer=0, kind=KLABOR, winner=0))
    assert pad3.sheet.outcome is not None and pad3.sheet.outcome.reason == "klabor"


# -- edit, delete, undo -------------------------------------------------------------------------------------


def test_editing_a_middle_deal_recomputes_later_rows() -> None:
    pad = make()
    play(pad, 1, 15, 103)
    play(pad, 1, 80, 44)
    play(pad, 1, 51, 51)
    play(pad, 0, 100, 40)
    pad.replace(1, EnteredDeal(dealer=pad.deals[1].dealer, bidder=1, cards=(44, 80)))
    assert cells(pad)[:3] == [("15", "103"), ("59", "183"), ("110", "vs(51)")]
    assert pad.sheet.totals == [110 + 100 + 51, 223]


def test_delete_and_undo() -> None:
    pad = make()
    play(pad, 1, 15, 103)
    play(pad, 1, 80, 44)
    pad.delete(0)
    assert cells(pad) == [("124", "БТ")]
    assert pad.undo() == "delete deal 1"
    assert cells(pad) == [("15", "103"), ("139", "БТ")]
    assert pad.undo() == "add deal"
    assert len(pad.deals) == 1
    pad.undo()
    with pytest.raises(PadError, match="nothing to undo"):
        pad.undo()


def test_an_edit_that_ends_the_game_early_is_refused() -> None:
    pad = make(target=201)
    play(pad, 0, 100, 20)
    play(pad, 0, 60, 20)
    with pytest.raises(PadError, match="the game ends at deal 1 .*1 deal follows"):
        pad.replace(0, EnteredDeal(dealer=0, bidder=0, cards=(150, 0), declared=(Declared(fifty=1, bella=True),),
                                   took_trick=(None, False)))
    assert pad.sheet.totals == [160, 40]


# -- bad input ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deal", "message"),
    [
        (2, EnteredDeal(dealer=0, bidder=0, cards=(151, 51)), "151 + 51 = 202: a 2-player deal holds at most 156"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(10, 5)), "at least 28"),
        (3, EnteredDeal(dealer=0, bidder=0, cards=(100, 50, 20)), "3-player deal holds at most 162"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(-5, 100)), "cannot be negative"),
        (4, EnteredDeal(dealer=0, bidder=0, cards=(170,)), "more than the deal holds (162"),
        (4, EnteredDeal(dealer=0, bidder=0, cards=(100, 100)), "100 + 100 = 200, but all cards"),
        (2, EnteredDeal(dealer=0, bidder=5, cards=(60, 60)), "bidder must be a seat 0..1"),
        (2, EnteredDeal(dealer=3, bidder=0, cards=(60, 60)), "dealer must be a seat"),
        (2, EnteredDeal(dealer=0, cards=(60, 60)), "who took trump"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(60,)), "B missing"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(60, 60), declared=(Declared(terz=1), Declared(terz=1))),
         "only one side's combinations score"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(60, 60), declared=(Declared(bella=True), Declared(bella=True))),
         "bella is scored once"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(60, 60), declared=(Declared(hundred=1),)), "no hundred"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(60, 60), declared=(Declared(fifty=3),)), "cannot be held in 9 cards"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(60, 60), declared=(Declared(total=30),)), "30 points of combinations"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(5, 60), last_trick=0), "took the last trick, so it has at least 10"),
        (2, EnteredDeal(dealer=0, bidder=0, cards=(20, 60), took_trick=(False, None)), "so it took a trick"),
        (2, EnteredDeal(dealer=0, kind=THROWN, reason="tired"), "why was the deal thrown in"),
        (2, EnteredDeal(dealer=0, kind=THROWN, reason="all_pass", cards=(10, 10)), "scores nothing"),
    ],
)
def test_impossible_input_is_refused_with_a_clear_message(players: int, deal: EnteredDeal, message: str) -> None:
    pad = make(players=players)
    with pytest.raises(PadError, match=message.replace("(", r"\(").replace("+", r"\+")) as info:
        pad.add(deal)
    assert "\n" not in str(info.value)
    assert pad.deals == []


def test_rule_dependent_refusals() -> None:
    with pytest.raises(PadError, match="dealer must name a suit"):
        make(preset="kharkiv").add(EnteredDeal(dealer=0, kind=THROWN, reason="all_pass"))
    with pytest.raises(PadError, match="weak hand gives no redeal"):
        make().add(EnteredDeal(dealer=0, kind=THROWN, reason="low_points"))
    make(preset="club").add(EnteredDeal(dealer=0, kind=THROWN, reason="low_points"))
    with pytest.raises(PadError, match="same name"):
        make(names="A,a")


def test_hundred_with_the_rule() -> None:
    pad = make(preset="club")
    play(pad, 0, 60, 60, declared=(Declared(hundred=1, terz=1),))
    assert pad.results[-1].points == (180, 60)


def test_next_dealer_rotate_and_thrown_in_rules() -> None:
    pad = make(players=3, names="A,B,C", next_dealer="rotate")
    play(pad, 0, 60, 30, 30, dealer=0)
    assert pad.suggested_dealer == 1
    pad.add(EnteredDeal(dealer=1, kind=THROWN, reason="four_sevens"))
    assert pad.suggested_dealer == 1
    pad.add(EnteredDeal(dealer=1, kind=THROWN, reason="all_pass"))
    assert pad.suggested_dealer == 2


# -- storage and export -----------------------------------------------------------------------------------------


def test_save_load_round_trip(tmp_path: Any) -> None:
    store = PadStore(tmp_path)
    pad = make(players=4, preset="kharkiv", names="Anna,Boris,Cleo,Dima", target=301)
    play(pad, 0, 100, declared=(Declared(terz=1, bella=True), Declared()))
    play(pad, 1, None, 30)
    pad.delete(0)
    pad_id = store.save(pad)
    again = store.load(pad_id)
    assert again.rules == pad.rules and again.names == pad.names
    assert again.deals == pad.deals
    assert again.undo_stack == pad.undo_stack
    assert again.sheet.totals == pad.sheet.totals
    assert again.undo() == "delete deal 1"
    assert store.load("last").id == pad_id
    assert store.resolve(pad_id[:12]) == pad_id
    assert [i.id for i in store.infos()] == [pad_id]
    assert not [p for p in tmp_path.glob(".*") if p.suffix != ".lock"]  # no temporary files left (locks stay)


def test_store_uses_data_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    store = PadStore()
    pad_id = store.save(make())
    assert (tmp_path / "scorepads" / f"{pad_id}.json").exists()


def test_csv_export() -> None:
    pad = make(names="Anna,Boris")
    play(pad, 1, 15, 103)
    play(pad, 1, 80, 44)
    rows = list(csv.DictReader(io.StringIO(to_csv(pad))))
    assert [r["Boris sheet"] for r in rows] == ["103", "БТ"]
    assert rows[1]["Anna total"] == "139" and rows[1]["outcome"] == "bait"


def test_json_export() -> None:
    pad = make()
    play(pad, 1, 51, 51)
    data = json.loads(json.dumps(to_json_data(pad)))
    assert data["sheet"][0]["sheet"] == ["51", "vs(51)"]
    assert data["hanging"] == 51 and data["outcome"] is None
    assert Pad.from_json(data).deals == pad.deals


# -- the command line ----------------------------------------------------------------------------------------------


def test_cli_round(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(scorepad, list(args))
        assert result.exit_code == code, result.output
        return result.output

    pad_id = run("new", "--players", "2", "--names", "A,B", "--preset", "moscow", "--bait-penalty", "100/third/game").strip()
    run("add", pad_id, "--bidder", "1", "--cards", "15,103")
    run("add", pad_id, "--bidder", "B", "--cards", "80,44")
    out = run("add", pad_id, "--bidder", "1", "--cards", "51,51")
    assert "vs(51)" in out
    out = run("add", pad_id, "--bidder", "1", "--cards", "151,51", code=2)
    assert "at most 156" in out and "Traceback" not in out
    out = run("show", pad_id)
    assert "БТ" in out and "190" in out
    run("edit", pad_id, "2", "--bidder", "1", "--cards", "44,80")
    assert "undone: edit deal 2" in run("undo", pad_id)
    assert run("export", pad_id, "--csv").startswith("deal,dealer")
    assert json.loads(run("export", pad_id, "--json"))["totals"] == [190, 103]
    run("add", pad_id, "--decl", "A:terz", "--bidder", "A", "--cards", "70,40", "--last-trick", "A")
    run("delete", pad_id, "4")
    assert pad_id in run("list")
    pad4 = run("new", "--players", "4", "--names", "A,B,C,D", "--set", "target=301").strip()
    out = run("add", pad4, "--bidder", "C", "--cards", ",70")
    assert "A+C 92" in out


def test_every_pad_command_takes_the_pad_the_same_way(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """--pad PAD after the command or before it, or the first word; without one, the pad changed last."""
    import os

    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(scorepad, list(args), prog_name="deberc scorepad")
        assert result.exit_code == code, result.output
        return result.output

    old = run("new", "--names", "Anna,Boris").strip()
    new = run("new", "--names", "Clara,Dmitri").strip()
    os.utime(PadStore().path(old), (1_700_000_000, 1_700_000_000))  # Clara and Dmitri's is the pad changed last
    assert "Clara" in run("show") and "Clara" in run("export")
    for words in (["show", "--pad", old], ["--pad", old, "show"], ["show", old], ["show", "--pad", old[:12]]):
        assert "Anna" in run(*words), words
    for words in (["export", "--pad", old, "--json"], ["--pad", old, "export", "--json"], ["export", old, "--json"]):
        assert json.loads(run(*words))["names"] == ["Anna", "Boris"], words
    assert "deal 1: Anna 52  Boris 100" in run("add", "--pad", old, "--bidder", "Boris", "--cards", "52,100")
    assert "deal 1: Anna 10  Boris 92" in run("edit", "1", "--bidder", "Boris", "--cards", "10,92")  # now the last
    assert "deal 1: Anna 100  Boris 52" in run("edit", old, "1", "--bidder", "Anna", "--cards", "100,52")
    assert "deal 1: Clara 100  Dmitri 52" in run("--pad", new, "add", "--bidder", "Clara", "--cards", "100,52")
    assert "Error: the pad is named twice, as " in run("--pad", new, "show", "--pad", old, code=2)
    assert "Error: which pad? name it: deberc scorepad remove PAD" in run("remove", code=2)  # it deletes: no default
    for command in ("add", "edit", "delete", "double", "undo", "show", "export", "remove"):
        usage = run(command, "--help")
        assert f"deberc scorepad {command} [OPTIONS] [PAD]" in usage and "--pad PAD" in usage, command
