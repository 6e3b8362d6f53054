"""RULES.md option keys and §10 presets: validation, defaults, preset contents."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deberc_tui.engine import OPTION_HELP, PRESETS, BaitPenalty, Rules, RulesError
from deberc_tui.engine.options import AllPass, BaitCount, BaitWhen, BellaTo, Doubling, Hanging, plain
from deberc_tui.engine.rules import OPTIONS, PRESET_PLAYERS, option_value

ALL_KEYS = {
    "target", "all_pass", "turnup_to", "swap_seven", "four_sevens_redeal", "low_points_redeal", "klabor",
    "hundred", "debertz", "combo_tie", "combos_need_trick", "bella_to", "first_lead", "overtrump_on_ruff",
    "partner_exempt", "bidder_must_beat", "bait_to", "hanging", "hanging_multi", "bait_penalty", "ski_penalty",
    "both_over", "claims", "false_claim", "mars", "short", "short_bait", "next_dealer",
    # the second edition
    "extra_cards", "extras_from", "turnup_2_3", "stock_card_shown", "swap_seven_until", "low_points_cards",
    "combo_rank", "declare_until", "hundred_length", "debertz_length", "debertz_suit", "bella_when",
    "bella_needs_trick", "claim_bella", "claim_after_trump_jack", "concede_50", "gap_end",
    # matches and stakes (§12)
    "match_target", "doubling", "dave_progression", "money", "stake",
    # table penalties (§11, the score pad)
    "cut_penalty", "renege_penalty", "pencil_rule",
}

MOSCOW_DEFAULTS: dict[str, Any] = {
    "target": 501, "all_pass": "redeal", "turnup_to": "dealer", "swap_seven": True, "four_sevens_redeal": True,
    "low_points_redeal": None, "klabor": False, "hundred": False, "debertz": "off", "combo_tie": "trump_then_first",
    "combos_need_trick": True, "bella_to": "holder", "first_lead": "left_of_dealer", "overtrump_on_ruff": False,
    "partner_exempt": False, "bidder_must_beat": "each", "bait_to": "higher", "hanging": "hang",
    "hanging_multi": "accumulate", "bait_penalty": None, "ski_penalty": 0, "both_over": "defender",
    "claims": True, "false_claim": "loses", "mars": False, "short": False, "short_bait": False,
    "next_dealer": "winner",
    "extra_cards": 3, "extras_from": "left_of_dealer", "turnup_2_3": "table", "stock_card_shown": "bottom",
    "swap_seven_until": "first_card", "low_points_cards": "six", "combo_rank": "length_first",
    "declare_until": "first_card", "hundred_length": 6, "debertz_length": 7, "debertz_suit": "trump",
    "bella_when": "with_card", "bella_needs_trick": False, "claim_bella": "held", "claim_after_trump_jack": True,
    "concede_50": False, "gap_end": None,
    "match_target": None, "doubling": "none", "dave_progression": "arithmetic", "money": "none", "stake": 1,
    "cut_penalty": "none", "renege_penalty": "bait", "pencil_rule": True,
}


def test_every_option_of_the_rule_book_is_known() -> None:
    assert set(OPTION_HELP) == ALL_KEYS


def test_moscow_is_the_default_and_changes_nothing() -> None:
    d = Rules.from_dict({}).to_dict()
    assert d.pop("preset") == "moscow"
    assert d == MOSCOW_DEFAULTS
    assert PRESETS["moscow"] == {}


PENALTY_100 = {"points": 100, "when": "third_and_after", "count": "game"}
KHARKIV = {"combo_tie": "first", "all_pass": "dealer_must", "first_lead": "bidder", "bait_to": "split",
           "bait_penalty": PENALTY_100, "ski_penalty": 50, "extra_cards": 4, "turnup_to": "bidder",
           "bella_when": "until_last_card", "claim_after_trump_jack": False, "false_claim": "double_to_opponent",
           "cut_penalty": "bait", "renege_penalty": "lose_trick"}
CLUB = {"hundred": True, "debertz": "win", "low_points_redeal": 13, "all_pass": "dealer_must",
        "bait_penalty": PENALTY_100, "next_dealer": "rotate", "claims": False, "combo_tie": "last_trick",
        "bella_when": "while_holding", "stock_card_shown": "top_after_first_trick"}


@pytest.mark.parametrize(
    ("preset", "players", "diff"),
    [
        ("kharkiv", 2, KHARKIV),  # the winner deals next with 2 players, as in Moscow
        # §10: Kharkiv rotates the deal with 3 and 4 players
        ("kharkiv", 3, {**KHARKIV, "next_dealer": "rotate", "false_claim": "double_to_opponent"}),
        ("kharkiv", 4, {**KHARKIV, "next_dealer": "rotate", "false_claim": "double_to_opponent"}),
        ("klabor", 3, {"first_lead": "bidder", "next_dealer": "rotate", "bella_to": "trick_winner",
                       "combo_tie": "trump_then_last_trick", "all_pass": "dealer_must", "low_points_redeal": 1,
                       "klabor": True, "bait_penalty": PENALTY_100, "ski_penalty": 100, "hanging": "forced",
                       "declare_until": "second_trick", "false_claim": "continue",
                       "cut_penalty": "minus_100", "renege_penalty": "redeal_minus_100"}),
        ("club", 2, {**CLUB, "ski_penalty": 50}),
        ("club", 3, {**CLUB, "ski_penalty": 50, "false_claim": "continue"}),
        # §10: the club's ski penalty is 100 with 4 players
        ("club", 4, {**CLUB, "ski_penalty": 100, "false_claim": "continue"}),
        ("short", 2, {"short": True, "match_target": 9, "doubling": "dave"}),  # §10: a match to 9 with «даве»
        ("short", 3, {"short": True, "false_claim": "continue"}),
        ("three", 3, {"bidder_must_beat": "combined", "bait_to": "split", "both_over": "last_trick",
                      "false_claim": "continue"}),
        ("fifty", 2, {"concede_50": True, "gap_end": 250}),
    ],
)
def test_presets_differ_from_moscow_exactly_as_the_table_says(preset: str, players: int, diff: dict[str, Any]) -> None:
    d = Rules.preset(preset, players=players).to_dict()
    assert d.pop("preset") == preset
    changed = {k: v for k, v in d.items() if MOSCOW_DEFAULTS[k] != v}
    assert changed == diff


def test_short_preset_is_only_for_two_or_three_players() -> None:
    with pytest.raises(RulesError, match="'short' is for 2, 3 players, not 4"):
        Rules.preset("short", players=4)


def test_a_preset_can_be_changed_option_by_option() -> None:
    r = Rules.preset("kharkiv", players=2, ski_penalty=0, target=301)
    assert (r.ski_penalty, r.target, r.combo_tie) == (0, 301, "first")
    assert r.with_options(hanging="bait").hanging == "bait"


def test_the_full_set_round_trips_through_to_dict() -> None:
    r = Rules.preset("club", players=4, target=1001)
    assert Rules.from_dict(r.to_dict(), players=4) == r


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "red"}, "unknown rule option 'colour'"),
        ({"preset": "paris"}, "unknown preset 'paris'"),
        ({"target": 0}, "'target' must be a positive whole number, not 0"),
        ({"target": "501"}, "'target' must be a positive whole number"),
        ({"target": True}, "'target' must be a positive whole number"),
        ({"hanging": "swing"}, "'hanging' must be one of 'hang', 'bait', 'each_own', 'forced', not 'swing'"),
        ({"combo_tie": "last"}, "'combo_tie' must be one of"),
        ({"ski_penalty": 25}, "'ski_penalty' must be one of 0, 50, 100, not 25"),
        ({"ski_penalty": True}, "'ski_penalty' must be one of"),
        ({"swap_seven": "yes"}, "'swap_seven' must be true or false, not 'yes'"),
        ({"mars": 1}, "'mars' must be true or false"),
        ({"low_points_redeal": -1}, "'low_points_redeal' must be null or a number"),
        ({"bait_penalty": 100}, "'bait_penalty' must be null or"),
        ({"bait_penalty": {"points": 70}}, "bait_penalty 'points' must be 0, 50 or 100, not 70"),
        ({"bait_penalty": {"when": "fourth"}}, "bait_penalty 'when' must be"),
        ({"bait_penalty": {"count": "deal"}}, "bait_penalty 'count' must be 'game' or 'row'"),
        ({"bait_penalty": {"points": 50, "every": 3}}, "'bait_penalty' has unknown key 'every'"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=_escape(message)):
        Rules.from_dict(data)


def test_unknown_option_refused_in_with_options_too() -> None:
    with pytest.raises(RulesError, match="unknown rule option 'colour'"):
        Rules().with_options(colour="red")


@pytest.mark.parametrize("players", [1, 5, "2", True])
def test_players_must_be_two_three_or_four(players: Any) -> None:
    with pytest.raises(RulesError, match="players must be 2, 3 or 4"):
        Rules.from_dict({}, players=players)


@pytest.mark.parametrize("target", [101, 301, 501, 1001, 777])
def test_target_any_positive_number(target: int) -> None:
    assert Rules.from_dict({"target": target}).target == target


def test_bait_penalty_fills_missing_keys_from_the_usual_100_third_and_after_game() -> None:
    assert Rules.from_dict({"bait_penalty": {"points": 50}}).bait_penalty == BaitPenalty(50, "third_and_after", "game")
    assert Rules.from_dict({"bait_penalty": None}).bait_penalty is None


def _escape(text: str) -> str:
    import re
    return re.escape(text)


# -- option values are typed, and refused where they are made -----------------------------------------


def test_a_closed_set_of_words_comes_back_as_its_enum_equal_to_the_record_string() -> None:
    r = Rules.from_dict({"all_pass": "dealer_must", "hanging": "each_own"})
    assert r.all_pass is AllPass.DEALER_MUST and r.all_pass == "dealer_must"
    assert r.hanging is Hanging.EACH_OWN


def test_to_dict_holds_plain_json_values_so_records_do_not_change() -> None:
    d = Rules.preset("kharkiv", players=3).to_dict()
    assert json.loads(json.dumps(d)) == d
    assert {type(v) for k, v in d.items() if isinstance(v, str)} == {str}
    assert {type(v) for v in d["bait_penalty"].values()} == {int, str}


def test_every_closed_option_takes_each_of_its_values_and_nothing_else() -> None:
    for key, spec in OPTIONS.items():
        for value in spec.values or ():
            assert Rules.from_dict({key: value}).to_dict()[key] == value
        with pytest.raises(RulesError, match=f"rule option '{key}' must be"):
            Rules.from_dict({key: "nonsense"})


def test_a_rules_value_made_directly_is_checked_too() -> None:
    with pytest.raises(RulesError, match="rule option 'all_pass' must be one of 'redeal', 'dealer_must', not 'x'"):
        Rules(all_pass="x")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="players must be 2, 3 or 4, not 5"):
        Rules(players=5)
    assert Rules(bella_to="trick_winner").bella_to is BellaTo.TRICK_WINNER  # type: ignore[arg-type]


@pytest.mark.parametrize("key", sorted(ALL_KEYS | {"preset"}))
@pytest.mark.parametrize("value", [[], {}, ["moscow"]])
def test_an_unhashable_value_is_a_rules_error_not_a_crash(key: str, value: object) -> None:
    if key == "bait_penalty" and value == {}:
        assert Rules.from_dict({key: value}).bait_penalty == BaitPenalty()
        return
    with pytest.raises(RulesError, match=f"'{key}'|preset"):
        Rules.from_dict({key: value})


@pytest.mark.parametrize("data", [[], "moscow", 7])
def test_rules_that_are_not_an_object_are_refused_in_one_line(data: Any) -> None:
    with pytest.raises(RulesError, match="the rules must be an object of options, not"):
        Rules.from_dict(data)


@pytest.mark.parametrize(("key", "value"), [("ski_penalty", 50.0), ("target", 501.0), ("low_points_redeal", 1.5)])
def test_a_number_must_be_whole(key: str, value: float) -> None:
    with pytest.raises(RulesError, match=f"'{key}' must be"):
        Rules.from_dict({key: value})


def test_a_bait_penalty_is_checked_when_made() -> None:
    with pytest.raises(RulesError, match="bait_penalty 'when' must be"):
        BaitPenalty(100, "fourth")  # type: ignore[arg-type]
    assert BaitPenalty(50, "every_third", "row").when is BaitWhen.EVERY_THIRD  # type: ignore[arg-type]


def test_every_preset_builds_for_each_of_its_player_counts() -> None:
    for name, counts in PRESET_PLAYERS.items():
        for players in counts:
            assert Rules.preset(name, players=players).preset_name == name


# -- one reader of option values: option_value (records, presets, screens and the command line) ---------------


def test_every_value_typed_as_text_is_the_value_a_record_holds() -> None:
    """``--rule KEY=VALUE`` reads VALUE as a record writes it: the same typed value, for every option and value."""
    for key, spec in OPTIONS.items():
        for value in [*(spec.values or ()), spec.default]:
            written = plain(value)
            typed = written if isinstance(written, str) else json.dumps(written)
            assert option_value(key, typed, text=True) == option_value(key, written), (key, typed)


@pytest.mark.parametrize(("key", "text", "value"), [
    ("match_target", "9", 9),
    ("doubling", "dave", Doubling.DAVE),
    ("doubling", '"dave"', Doubling.DAVE),
    ("hundred", "true", True),
    ("low_points_redeal", "null", None),
    ("bait_penalty", "null", None),
    ("bait_penalty", '{"points": 50, "count": "row"}', BaitPenalty(50, BaitWhen.THIRD_AND_AFTER, BaitCount.ROW)),
])
def test_text_is_read_as_json_and_a_bare_word_as_its_string(key: str, text: str, value: object) -> None:
    assert option_value(key, text, text=True) == value


@pytest.mark.parametrize(("key", "text", "message"), [
    ("mars", "yes", "rule option 'mars' must be true or false, not 'yes'"),
    ("match_target", "0", "rule option 'match_target' must be null or a number ≥ 1, not 0"),
    ("stake", '"5"', "rule option 'stake' must be a positive whole number, not '5'"),
    ("target", "1.5", "rule option 'target' must be a positive whole number, not 1.5"),
    ("doubling", "Dave", "rule option 'doubling' must be one of 'none', 'daivi', 'dave', not 'Dave'"),
    ("bait_penalty", "[100]", "rule option 'bait_penalty' must be null or {points, when, count}, not [100]"),
])
def test_a_value_of_the_wrong_kind_is_refused_naming_the_option(key: str, text: str, message: str) -> None:
    with pytest.raises(RulesError) as caught:
        option_value(key, text, text=True)
    assert str(caught.value) == message


def test_an_unknown_option_names_the_closest_one() -> None:
    with pytest.raises(RulesError) as caught:
        option_value("mras", True)
    assert str(caught.value) == "unknown rule option 'mras' (did you mean 'mars'?)"
    with pytest.raises(RulesError) as caught:
        Rules.from_dict({"dubling": "dave"})
    assert str(caught.value) == "unknown rule option 'dubling' (did you mean 'doubling'?)"
    with pytest.raises(RulesError) as caught:
        option_value("xyzzy", 1)
    assert str(caught.value) == "unknown rule option 'xyzzy'"


def test_a_json_string_is_no_number_even_from_a_record() -> None:
    """Text is read only where a person typed it: a record's ``"target": "501"`` stays refused."""
    with pytest.raises(RulesError, match="'target' must be a positive whole number"):
        Rules.from_dict({"target": "501"})
