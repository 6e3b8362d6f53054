"""What the expert's worlds learn from the first trick's declarations (bots/declarations.py): a run announced but not
shown is in the announcer's hand, in a suit it fits; a seat that played its first card in silence held no
combination it would have declared."""

from __future__ import annotations

from rulehelp import deck, new_deal, rules, run

from bots.declarations import Heard, Silent, declaration_clues
from bots.expert import ExpertBot
from bots.knowledge import knowledge
from deberc_tui.engine import SeatView, Suit, find_combos, mask_of, parse_cards
from deberc_tui.engine.combos import ComboKind
from deberc_tui.engine.deal import Deal
from deberc_tui.engine.view import seat_view

# 2 players, dealer 0 (seat 1 leads), trump hearts after "play". Seat 1's best: a terz to the ace of clubs.
HANDS = {1: "AC KC QC 7D 8D 9D JH 9H 7S", 0: "AS KS QS 7C 8C 9C TD JD QD"}


def view_after(script: str, seat: int) -> SeatView:
    deal = new_deal(rules(), HANDS, "8H")
    run(deal, script)
    return seat_view(deal, seat)


def played_by(view: SeatView) -> list[int]:
    out = [0] * view.rules.players
    for s, c in view.current_trick:
        out[s] |= c.bit
    return out


def best_of(view: SeatView, hands: list[int], seat: int) -> tuple[str, str, int] | None:
    combos = find_combos(hands[seat] | played_by(view)[seat], Suit.HEARTS, view.rules)
    return (combos[0].kind, combos[0].top.value + combos[0].suit.value, combos[0].length) if combos else None


def worlds(view: SeatView, count: int = 200) -> list[list[int]]:
    bot = ExpertBot(seed=5)
    know = knowledge(view)
    return [bot._sample(know, [], played_by(view)) for _ in range(count)]


def test_a_terz_announced_and_not_yet_shown_is_in_the_announcers_hand_in_a_suit_it_fits() -> None:
    view = view_after("play AC+d", seat=0)
    clues = declaration_clues(view)
    assert clues is not None and clues.clues == (Heard(1, ComboKind.TERZ, 7, 3),)
    # Spades and diamonds cannot hold it: seat 0 has the spade ace and the diamond queen.
    bests = {best_of(view, hands, 1) for hands in worlds(view)}
    assert bests == {("terz", "AC", 3), ("terz", "AH", 3)}


def test_a_seat_that_led_without_declaring_held_no_combination() -> None:
    view = view_after("play AC", seat=0)
    clues = declaration_clues(view)
    assert clues is not None and clues.clues == (Silent(1, ()),)
    assert all(best_of(view, hands, 1) is None for hands in worlds(view))


def test_without_the_clue_a_world_often_gives_the_silent_seat_a_combination() -> None:
    """The test above can fail: the same draws without the clues give seat 1 a combination in some worlds."""
    view = view_after("play AC", seat=0)
    know = knowledge(view)
    know.clues = None
    bot = ExpertBot(seed=5)
    assert any(find_combos(bot._sample(know, [], played_by(view))[1] | parse_mask("AC"), Suit.HEARTS, view.rules)
               for _ in range(200))


def parse_mask(cards: str) -> int:
    return mask_of(parse_cards(cards))


def test_silence_after_a_better_announcement_allows_a_lesser_combination_but_not_a_better_one() -> None:
    view = view_after("play AC+d 7C", seat=1)  # seat 0 followed in silence after hearing the terz to the ace
    clues = declaration_clues(view)
    assert clues is not None and [type(c) for c in clues.clues] == [Silent]
    by = played_by(view)
    lesser = [parse_mask("KS QS JS 8C 9C TD 8S AD"), 0]  # a terz to the king: beaten, so rightly kept quiet
    better = [parse_mask("KS QS JS TS 9C TD 8S AD"), 0]  # a fifty: it would have been declared
    assert clues.fits(lesser, by)
    assert not clues.fits(better, by)


def test_the_forced_deal_gives_no_clues_nobody_may_declare() -> None:
    r = rules(hanging="forced")
    deal = Deal(r, 0, deck(2, HANDS, "8H"), forced_bidder=1)
    run(deal, "AC")
    assert declaration_clues(seat_view(deal, 0)) is None
