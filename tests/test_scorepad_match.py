"""The score pad keeping a match (RULES.md §12): games in a row, mars, «Дайви», «даве», money, the match's end.

The pad never settles a game itself: the engine's ``settle`` says what each game is worth, and the engine's
match rules say who deals the next game and when the match is won. Each test enters what a scorekeeper at a
real table would and reads what the sheet says.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deberc_tui.cli.scorepad import scorepad
from deberc_tui.engine import Rules
from deberc_tui.scorepad import (
    CLAIM,
    STAKE_REFUSED,
    Declared,
    EnteredDeal,
    Pad,
    PadError,
    PadStore,
    StakeCall,
    game_lines,
    render_text,
    status_line,
)
from deberc_tui.scorepad.export import to_csv, to_json_data

NAMES = ["Anna", "Boris"]
ANNA, BORIS = 0, 1
TWO_FIFTIES = Declared(fifty=2)  # 100 points of combinations: a game to 301 in two deals


def make(preset: str = "moscow", **options: Any) -> Pad:
    options.setdefault("target", 301)
    return Pad(Rules.preset(preset, players=2, **options), list(NAMES))


def play(pad: Pad, bidder: int, anna: int, boris: int, **kw: Any) -> None:
    """A deal played out; the bidder's side makes it when it has more points."""
    kw.setdefault("dealer", pad.suggested_dealer)
    pad.add(pad.with_pending(EnteredDeal(bidder=bidder, cards=(anna, boris), **kw)))


def big_deal(pad: Pad, winner: int, **kw: Any) -> None:
    """210 for ``winner`` (110 card points and two fifties), 42 for the other."""
    declared = (TWO_FIFTIES, Declared()) if winner == ANNA else (Declared(), TWO_FIFTIES)
    cards = (110, 42) if winner == ANNA else (42, 110)
    play(pad, winner, *cards, declared=declared, **kw)


def win_game(pad: Pad, winner: int, **kw: Any) -> None:
    """Two deals, 210 and 100 for ``winner`` (310, over 301) and 42 and 52 for the other (94: under half)."""
    big_deal(pad, winner, **kw)
    play(pad, winner, *((100, 52) if winner == ANNA else (52, 100)))


def refuse(pad: Pad, seat: int) -> None:
    """``seat`` raised the stake and the other refused (conceded): the deal and the game end there."""
    pad.raise_stake(seat, accepted=False)


def game_texts(pad: Pad) -> list[str]:
    return [line.text for line in game_lines(pad)]


# -- what a game is worth ---------------------------------------------------------------------------------------


def test_a_game_won_with_mars_counts_two_game_points() -> None:
    pad = make(match_target=5, mars=True)
    win_game(pad, ANNA)  # Boris ends on 94, under half of 301
    assert pad.tally.match_points == (2, 0)
    assert game_texts(pad) == ["Game 1: Anna wins (mars) — 2 game points"]


def test_without_mars_a_won_game_counts_one() -> None:
    pad = make(match_target=5)
    win_game(pad, ANNA)
    assert pad.tally.match_points == (1, 0)
    assert game_texts(pad) == ["Game 1: Anna wins — 1 game point"]


def test_an_accepted_double_doubles_what_the_game_is_worth() -> None:
    pad = make(match_target=9, mars=True, doubling="daivi")
    pad.raise_stake(BORIS)  # «Дайви»: Anna accepts, the game is played at ×2
    win_game(pad, ANNA)
    assert pad.tally.match_points == (4, 0)
    assert game_texts(pad) == ["Game 1: Anna wins (mars, ×2) — 4 game points"]
    assert "Boris doubled, Anna accepted: ×2" in render_text(pad)


def test_a_refused_double_ends_the_game_and_the_offerer_wins_the_multiplier() -> None:
    pad = make(match_target=9, mars=True, doubling="daivi")
    big_deal(pad, ANNA, stakes=(StakeCall(ANNA),))  # Anna doubled, Boris accepted: ×2
    refuse(pad, BORIS)  # Boris doubles to ×4; Anna refuses: Boris wins the game at ×2, no mars
    assert pad.tally.match_points == (0, 2)
    assert game_texts(pad) == ["Game 1: Boris wins (double refused, ×2) — 2 game points"]
    assert pad.deals[-1].kind == STAKE_REFUSED
    row = render_text(pad).splitlines()[3].split()
    assert row[:4] == ["2", "Anna", "—", "—"]  # deal 2 writes nothing
    assert " ".join(row[4:]) == "Boris doubled, Anna refused: Boris wins the game"


def test_the_players_alternate_in_doubling() -> None:
    pad = make(match_target=9, doubling="daivi")
    pad.raise_stake(ANNA)
    with pytest.raises(PadError, match="Anna cannot double again: the players alternate"):
        pad.raise_stake(ANNA)
    pad.raise_stake(BORIS)
    assert status_line(pad).endswith("×4 · next to deal: Anna")


def test_a_dave_conceded_gives_the_offerer_the_stake() -> None:
    pad = Pad(Rules.preset("short", players=2), list(NAMES))  # a match to 9 with «даве»
    pad.raise_stake(ANNA)  # «даве»: Boris plays on, stake 2
    pad.raise_stake(BORIS)  # «даве» again: Anna plays on, stake 3
    refuse(pad, ANNA)  # Anna says «даве» at 3 and Boris concedes: Anna wins 3
    assert pad.tally.match_points == (3, 0)
    assert game_texts(pad) == ["Game 1: Anna wins («даве» conceded, stake 3) — 3 game points"]


def test_a_dave_played_through_wins_the_stake_with_the_deal() -> None:
    pad = Pad(Rules.preset("short", players=2, dave_progression="geometric"), list(NAMES))
    pad.raise_stake(BORIS)  # stake 2
    pad.raise_stake(ANNA)  # geometric: stake 4
    play(pad, ANNA, 100, 52)  # the short game: one deal decides
    assert pad.tally.match_points == (4, 0)
    assert "Boris: «даве», Anna played on: stake 2; Anna: «даве», Boris played on: stake 4" in render_text(pad)


def test_a_stake_is_refused_without_doubling() -> None:
    pad = make(match_target=3)
    with pytest.raises(PadError, match="nobody raises the stake under these rules"):
        pad.raise_stake(ANNA)


# -- money ---------------------------------------------------------------------------------------------------


def _anna_claims_at_301(pad: Pad) -> None:
    """Anna 301 by a claim, Boris 210: the loser on 210 at target 301 (RULES.md §12's example)."""
    play(pad, BORIS, 52, 100)  # Anna 52, Boris 100
    play(pad, BORIS, 42, 110)  # Anna 94, Boris 210
    pad.add(EnteredDeal(dealer=pad.suggested_dealer, kind=CLAIM, bidder=ANNA, winner=ANNA, cards=(107,),
                        declared=(TWO_FIFTIES, Declared())))  # 94 + 107 + 100 = 301


def test_money_per_game_point() -> None:
    pad = make(match_target=5, mars=True, money="per_game", stake=5)
    win_game(pad, ANNA)  # mars: 2 game points
    assert pad.tally.money == (10, -10)
    assert game_texts(pad) == ["Game 1: Anna wins (mars) — 2 game points · money: Anna +10, Boris −10"]


def test_money_by_the_losers_deficit() -> None:
    pad = make(money="deficit", stake=3)
    _anna_claims_at_301(pad)
    assert pad.tally.money == (270, -270)  # (301 − 1 − 210) × 3


def test_money_by_the_difference_of_the_totals() -> None:
    pad = make(money="difference", stake=2)
    _anna_claims_at_301(pad)
    assert pad.tally.money == (182, -182)  # (301 − 210) × 2, not doubled: 91 is under half the target


def test_the_money_of_a_match_adds_up_game_by_game() -> None:
    pad = make(match_target=3, money="per_game", stake=2)
    win_game(pad, ANNA)
    win_game(pad, BORIS)
    assert status_line(pad).split(" · ")[-2:] == ["money: Anna 0, Boris 0", "game 3 next: Boris deals"]


# -- the match -----------------------------------------------------------------------------------------------


def test_the_next_game_is_dealt_by_the_winner_of_the_last() -> None:
    pad = Pad(Rules.preset("moscow", players=2, target=301, match_target=3), list(NAMES), first_dealer=BORIS)
    win_game(pad, ANNA)
    assert pad.suggested_dealer == ANNA and status_line(pad).endswith("game 2 next: Anna deals")
    big_deal(pad, BORIS)
    assert [g.deals for g in pad.games] == [range(0, 2), range(2, 3)]
    assert pad.sheet.totals == [42, 210]  # game 2 starts from nothing


def test_with_rotation_the_next_game_is_dealt_by_the_next_player() -> None:
    pad = make("club", match_target=3)  # next_dealer: rotate
    win_game(pad, BORIS)  # dealt by Anna, then Boris
    assert [d.dealer for d in pad.deals] == [ANNA, BORIS]
    assert pad.suggested_dealer == ANNA  # the rotation carries on, although Boris won


def test_the_match_ends_at_match_target() -> None:
    pad = make(match_target=2)
    win_game(pad, ANNA)
    assert not pad.is_over
    win_game(pad, BORIS)
    win_game(pad, ANNA)
    assert pad.is_over and pad.tally.winner == ANNA
    assert status_line(pad).endswith("match: Anna 2, Boris 1 (to 2) · Anna wins the match")
    with pytest.raises(PadError, match="the match is over: Anna won it"):
        big_deal(pad, BORIS)


def test_a_pad_of_one_game_ends_with_the_game() -> None:
    pad = make()
    win_game(pad, ANNA)
    assert pad.is_over and game_lines(pad) == []  # no games or stakes to speak of: the sheet as before
    with pytest.raises(PadError, match="the game is over: Anna won"):
        big_deal(pad, BORIS)


def test_an_edited_deal_in_game_one_moves_the_match_score() -> None:
    pad = make(match_target=3)
    win_game(pad, ANNA)  # deals 1-2
    win_game(pad, BORIS)  # deals 3-4: 1 all
    assert pad.tally.match_points == (1, 1)
    pad.replace(1, EnteredDeal(dealer=pad.deals[1].dealer, bidder=ANNA, cards=(30, 122)))  # Anna baited in deal 2
    # game 1 now goes on: Anna 210, Boris 42 + 152 = 194; deal 3 takes Boris to 404 and ends it
    assert [g.deals for g in pad.games] == [range(0, 3), range(3, 4)]
    assert pad.tally.match_points == (0, 1)
    assert game_texts(pad) == ["Game 1: Boris wins — 1 game point"]
    assert pad.undo() == "edit deal 2" and pad.tally.match_points == (1, 1)


def test_an_edit_that_ends_the_match_earlier_is_refused_while_deals_follow() -> None:
    pad = make(match_target=1, doubling="daivi")
    big_deal(pad, ANNA)
    play(pad, BORIS, 52, 100)
    with pytest.raises(PadError, match=r"the match ends at deal 1 \(Anna wins it\), but 1 deal follows: delete them"):
        pad.replace(0, EnteredDeal(dealer=pad.deals[0].dealer, kind=STAKE_REFUSED, stakes=(StakeCall(ANNA, False),)))
    assert len(pad.deals) == 2 and not pad.is_over


def test_a_stake_raised_before_the_deal_is_entered_goes_with_it_and_undo_takes_it_back() -> None:
    pad = make(match_target=3, doubling="daivi")
    pad.raise_stake(ANNA)
    assert pad.pending == (StakeCall(ANNA),) and "×2" in status_line(pad)
    assert pad.undo() == "raise stake" and not pad.pending and "×2" not in status_line(pad)
    pad.raise_stake(ANNA)
    big_deal(pad, ANNA)  # the deal played at ×2 carries Anna's double
    assert not pad.pending and pad.deals[0].stakes == (StakeCall(ANNA),)
    assert pad.undo() == "add deal" and pad.pending == (StakeCall(ANNA),)


def test_an_edit_that_breaks_the_pending_stake_is_refused() -> None:
    pad = make(match_target=3, doubling="daivi")
    big_deal(pad, ANNA, stakes=(StakeCall(ANNA),))
    pad.raise_stake(BORIS)
    with pytest.raises(PadError, match="the deal in progress: Boris cannot double again"):
        pad.replace(0, EnteredDeal(dealer=pad.deals[0].dealer, bidder=ANNA, cards=(110, 42),
                                   declared=(TWO_FIFTIES, Declared()), stakes=(StakeCall(BORIS),)))
    assert pad.deals[0].stakes == (StakeCall(ANNA),)


# -- the export ----------------------------------------------------------------------------------------------


def _short_match() -> Pad:
    pad = make(match_target=5, mars=True, doubling="daivi", money="per_game", stake=2)
    big_deal(pad, ANNA)
    play(pad, ANNA, 100, 52, stakes=(StakeCall(BORIS),))  # game 1: Anna, mars, ×2: 4 game points
    refuse(pad, ANNA)  # game 2: Boris refuses Anna's double: Anna wins 1
    return pad


def test_the_csv_holds_each_games_end_worth_and_the_match() -> None:
    rows = list(csv.DictReader(io.StringIO(to_csv(_short_match()))))
    assert [r["game"] for r in rows] == ["1", "1", "2"]
    assert [r["multiplier"] for r in rows] == ["1", "2", "1"]
    assert [r["stakes raised"] for r in rows] == ["", "Boris:2", "Anna:refused"]
    assert [r["game winner"] for r in rows] == ["", "Anna", "Anna"]
    assert [r["game end"] for r in rows] == ["", "target", "double_refused"]
    assert [(r["Anna game points"], r["Anna money"], r["Anna match"]) for r in rows] == [
        ("", "", ""), ("4", "8", "4"), ("1", "2", "5")]
    assert rows[1]["Boris money"] == "-8"


def test_the_json_export_holds_the_games_and_the_match() -> None:
    data = json.loads(json.dumps(to_json_data(_short_match())))
    games = data["games"]
    assert [(g["number"], g["deals"], g["winner_name"], g["game_points"], g["multiplier"], g["money"], g["reason"])
            for g in games] == [(1, [1, 2], "Anna", [4, 0], 2, [8, -8], "target"),
                                (2, [3, 3], "Anna", [1, 0], 1, [2, -2], "double_refused")]
    assert data["match"] == {"target": 5, "game_points": [5, 0], "money": [10, -10], "multiplier": None,
                             "winner": 0, "winner_name": "Anna"}
    assert [row["game"] for row in data["sheet"]] == [1, 1, 2]
    assert Pad.from_json(data).deals == _short_match().deals


# -- files ---------------------------------------------------------------------------------------------------


def test_a_match_pad_with_stakes_is_saved_and_loaded(tmp_path: Path) -> None:
    store = PadStore(tmp_path)
    pad = _short_match()
    pad.undo()
    pad.raise_stake(ANNA)
    pad_id = store.save(pad)
    again = store.load(pad_id)
    assert again.deals == pad.deals and again.pending == (StakeCall(ANNA),)
    assert again.undo_stack == pad.undo_stack and render_text(again) == render_text(pad)
    assert [i.describe() for i in store.infos()] == ["Anna · Boris (moscow) — match 4/0, game 1: 310/94 — 2 deals"]


def test_a_pad_saved_before_matches_loads_as_one_game(tmp_path: Path) -> None:
    """A version-1 pad of the short preset, its rules as the second edition wrote them (no §12 options):
    one short game, not the preset's match to 9 with «даве» of today."""
    rules = Rules.preset("short", players=2).to_dict()
    for key in ("match_target", "doubling", "dave_progression", "money", "stake", "cut_penalty", "renege_penalty",
                "pencil_rule"):
        del rules[key]
    doc = {"format": "deberc-scorepad", "version": 1, "id": "old", "created": "", "updated": "", "players": 2,
           "names": NAMES, "first_dealer": 0, "rules": rules,
           "deals": [{"dealer": 0, "kind": "played", "bidder": 1, "cards": [52, 100]}],
           "undo": [{"what": "add deal", "deals": []}]}
    (tmp_path / "old.json").write_text(json.dumps(doc), encoding="utf-8")
    pad = PadStore(tmp_path).load("old")
    assert not pad.is_match and pad.is_over and pad.tally.winner == BORIS
    assert game_lines(pad) == [] and status_line(pad) == "Anna 52, Boris 100 · Boris wins"
    with pytest.raises(PadError, match="the game is over: Boris won"):
        pad.raise_stake(ANNA)
    assert pad.undo() == "add deal" and pad.deals == []


def test_a_damaged_stake_in_a_pad_file_is_named(tmp_path: Path) -> None:
    pad = _short_match()
    data = pad.to_json()
    data["deals"][1]["stakes"][0]["seat"] = 5
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PadError, match=r"deals\[1\]\.stakes\[0\]\.seat: must be a whole number from 0 to 1, not 5"):
        PadStore(tmp_path).load("bad")


# -- the command line ------------------------------------------------------------------------------------------


def test_a_match_by_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(scorepad, list(args))
        assert result.exit_code == code, result.output
        return result.output

    pad = run("new", "--names", "Anna,Boris", "--target", "301", "--match", "5", "--doubling", "daivi",
              "--money", "per_game", "--stake", "2", "--mars").strip()
    run("add", pad, "--bidder", "Anna", "--cards", "110,42", "--decl", "Anna:2fifty")
    assert "Boris raised the stake, Anna played on: now ×2" in run("double", pad, "Boris")
    out = run("double", pad, "Boris", code=2)
    assert out.count("\n") == 1 and "Boris cannot double again" in out
    out = run("add", pad, "--bidder", "Anna", "--cards", "100,52")
    assert "(Boris doubled, Anna accepted: ×2)" in out
    assert "Game 1: Anna wins (mars, ×2) — 4 game points · money: Anna +8, Boris −8" in out
    assert out.strip().endswith("game 2 next: Anna deals")
    out = run("double", pad, "Anna", "--refused")
    assert "Game 2: Anna wins (double refused) — 1 game point" in out and "Anna wins the match" in out
    shown = run("show", pad)
    assert "== Game 1: Anna wins (mars, ×2) — 4 game points · money: Anna +8, Boris −8 · match: Anna 4, Boris 0" in shown
    run("undo", pad)
    run("edit", pad, "2", "--bidder", "Anna", "--cards", "102,50")  # the deal keeps its stake
    assert "Game 1: Anna wins (mars, ×2) — 4 game points" in run("show", pad)
    run("edit", pad, "2", "--bidder", "Anna", "--cards", "100,52", "--double", "none")
    assert "Game 1: Anna wins (mars) — 2 game points" in run("show", pad)
    assert run("add", pad, "--bidder", "Boris", "--cards", "52,100", "--refused", "Anna", code=2).count("\n") == 1
    rows = list(csv.DictReader(io.StringIO(run("export", pad, "--csv"))))
    assert rows[1]["Anna game points"] == "2"
    assert json.loads(run("export", pad, "--json"))["match"]["game_points"] == [2, 0]


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3", "--doubling", "daivi"], "--doubling daivi: the stake is raised only with 2 players"),
    (["--match", "100"], "100 is not between 0 and 99"),
    (["--stake", "0"], "0 is not between 1 and 1000000"),
    (["--money", "lots"], "'lots' is not one of 'none', 'per_game', 'deficit', 'difference'"),
])
def test_new_refuses_bad_match_options_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   args: list[str], message: str) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(scorepad, ["new", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert [line for line in result.output.splitlines() if line.startswith("Error")] == [
        next(line for line in result.output.splitlines() if message in line)]
