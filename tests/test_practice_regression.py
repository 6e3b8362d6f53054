"""The tutor's card fit: the regression estimate of a bid's value and its standard error are least squares' own, the
estimate is unbiased, and each world's indicators say where its cards really went."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from deberc_tui.engine import DECK, Phase, Rules
from deberc_tui.engine.actions import BIDS, BidCall
from deberc_tui.engine.rules import PRESET_PLAYERS
from deberc_tui.practice.evaluate import TOO_CLOSE, BidValue, Evaluation, evaluate, standard_error
from deberc_tui.practice.position import random_position
from deberc_tui.practice.regression import CardRegression, Estimate
from deberc_tui.practice.worlds import Holder, WorldDeals

CARDS, MINE, OTHERS = 25, 3, 9  # a two-player position: 25 unknown cards, 3 come to you, 9 to the opponent


def dealt(rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """One random world of the two-player shape: the indicators, your three cards, the opponent's nine."""
    cards = list(range(CARDS))
    rng.shuffle(cards)
    mine, others = cards[:MINE], cards[MINE:MINE + OTHERS]
    return sorted(mine) + sorted(CARDS + c for c in others), mine, others


def fitted(worlds: int, value, seed: int = 0) -> tuple[CardRegression, list[float]]:
    rng = random.Random(seed)
    regression = CardRegression([MINE / CARDS] * CARDS + [OTHERS / CARDS] * CARDS, 1)
    ys = []
    for _ in range(worlds):
        active, mine, others = dealt(rng)
        y = value(mine, others, rng)
        regression.add(active, [y])
        ys.append(y)
    return regression, ys


def test_a_value_the_cards_decide_is_found_exactly() -> None:
    """Three points for each of your cards' numbers, one off for each of the opponent's: the fit explains every
    world, so it finds the true mean (3·3·12 − 9·12 = 0) with no error, where the plain mean is off by chance."""
    regression, ys = fitted(200, lambda mine, others, rng: 3 * sum(mine) - sum(others))
    [estimate] = regression.estimates() or []
    assert estimate.mean == pytest.approx(0.0, abs=1e-6)
    assert estimate.se == pytest.approx(0.0, abs=1e-6)
    assert standard_error(ys) > 1.0


def test_too_few_worlds_for_the_fit_leave_the_plain_mean() -> None:
    regression, _ = fitted(60, lambda mine, others, rng: rng.gauss(0, 10))
    assert regression.estimates() is None


def test_the_estimate_is_unbiased_and_its_standard_error_honest() -> None:
    """Worlds worth your cards plus noise as large as what they explain: over 200 fits of 150 worlds, the estimates
    centre on the true mean and miss it by about their standard error (z-scores of mean 0 and spread 1)."""
    truth = 2 * MINE * 12  # two points per card number of yours
    z = []
    for seed in range(200):
        regression, _ = fitted(150, lambda mine, others, rng: 2 * sum(mine) + rng.gauss(0, 25), seed)
        [estimate] = regression.estimates() or []
        z.append((estimate.mean - truth) / estimate.se)
    assert abs(statistics.fmean(z)) < 0.25
    assert 0.8 < statistics.stdev(z) < 1.2


def test_the_fit_narrows_the_standard_error_the_cards_explain() -> None:
    regression, ys = fitted(400, lambda mine, others, rng: 4 * sum(mine) - sum(others) + rng.gauss(0, 20))
    [estimate] = regression.estimates() or []
    assert estimate.se < standard_error(ys) / 2


@pytest.mark.parametrize("players", (2, 3, 4))
def test_every_indicator_says_where_its_card_went(players: int) -> None:
    """Under every preset: the bid made, each unknown card is where the world's indicators put it — in your hand,
    your partner's, another side's or the stock — and every holder gets as many as its known mean says."""
    for preset in [name for name, counts in PRESET_PLAYERS.items() if players in counts]:
        rules = Rules.preset(preset, players=players)
        rng = random.Random(players)
        for _ in range(4):
            position = random_position(rules, rng)
            deals = WorldDeals(position)
            width = len(deals.place)
            [fill] = deals.fills(rng, 1)
            deal = position.deal_with([DECK[i] for i in fill])
            take = next(b for b in position.legal_bids() if b != "pass")
            deal.apply(position.seat, BIDS[take])
            while deal.phase is Phase.BIDDING or deal.awaiting_concede:  # a suit chosen, the concession played on
                assert deal.to_act is not None
                deal.apply(deal.to_act, deal.legal_actions()[0])
            if deal.bidder != position.seat:
                continue
            where = {c.index: s for s in range(players) for c in deal.hand(s)}
            active = set(deals.indicators(fill))
            for card, i in deals.place.items():
                seat = where.get(card)
                holder = (Holder.STOCK if seat is None else Holder.MINE if seat == position.seat
                          else Holder.PARTNER if rules.side_of(seat) == position.side else Holder.OTHERS)
                for k, kept in enumerate(deals.holders):
                    assert (k * width + i in active) == (kept is holder), (preset, card, holder)
            for k in range(len(deals.holders)):
                share = sum(1 for j in active if j // width == k)
                assert deals.means[k * width] == pytest.approx(share / width), preset


def test_the_fit_needs_fewer_worlds_than_the_plain_mean() -> None:
    """Three seeded two-player positions priced to a standard error of 4 points: the fit gets there in fewer worlds
    in all (with its values within the two estimates' errors of the plain mean's)."""
    rng = random.Random(7)
    rules = Rules.preset("moscow", players=2)
    for k in range(3):
        position = random_position(rules, rng)
        plain = evaluate(position, seed=k, max_seconds=math.inf, target_se=4.0, fit=False)
        fit = evaluate(position, seed=k, max_seconds=math.inf, target_se=4.0)
        assert fit.worlds < plain.worlds
        assert all(b.fitted is not None and b.se <= 4.0 for b in fit.bids)
        for a, b in zip(plain.bids, fit.bids, strict=True):
            assert abs(a.ev - b.ev) <= 3 * math.hypot(a.se, b.se)


def test_an_outcome_left_out_of_later_worlds_keeps_the_fit_of_its_own_worlds() -> None:
    """Two outcomes over 150 worlds, the second left out of the last 50 (the tutor settled it): the first is fitted
    over all 150 worlds, as if alone, and the second's sums are those of its 100."""
    rng = random.Random(4)
    means = [MINE / CARDS] * CARDS + [OTHERS / CARDS] * CARDS
    both, first_alone, second_alone = CardRegression(means, 2), CardRegression(means, 1), CardRegression(means, 1)
    for world in range(150):
        active, mine, _ = dealt(rng)
        y0, y1 = rng.gauss(sum(mine), 5), rng.gauss(-sum(mine), 5)
        both.add(active, [y0, y1 if world < 100 else None])
        first_alone.add(active, [y0])
        if world < 100:
            second_alone.add(active, [y1])
    assert both.estimates([0]) == first_alone.estimates()
    assert (both.sum_y[1], both.sum_yy[1], both.cross[1]) == (second_alone.sum_y[0], second_alone.sum_yy[0],
                                                              second_alone.cross[0])


def test_each_bid_plays_worlds_until_its_own_value_is_within_the_target() -> None:
    """A two-player position in round 2 priced to a standard error of 4: the pass (a throw-in, worth the same in every
    world) is settled at the first fit, the suits each when its own fit is within 4, and the evaluation ends with
    the last of them. Each bid's worlds are the evaluation's first ones: its values are those an evaluation playing
    every bid in every world finds there."""
    position = random_position(Rules.preset("moscow", players=2), random.Random(7))
    priced = evaluate(position, seed=0, max_seconds=math.inf, target_se=4.0)
    every = evaluate(position, seed=0, max_seconds=math.inf, target_se=0.0, min_worlds=priced.worlds,
                     max_worlds=priced.worlds, fit=False)
    worlds = {b.bid: b.n for b in priced.bids}
    assert worlds[BidCall.PASS] == min(worlds.values()) < max(worlds.values()) == priced.worlds == every.worlds
    for settled, played in zip(priced.bids, every.bids, strict=True):
        assert settled.fitted is not None and settled.se <= 4.0
        assert settled.values == played.values[:settled.n]


def test_a_bid_settled_before_another_is_compared_by_the_two_fits_errors() -> None:
    """The pass settled at 4 worlds with a standard error of 3, the play after 6 with 2.5: the difference is known to
    √(3² + 2.5²) ≈ 3.9 points (its differences paired over the pass's 4 worlds would say 16); a 7-point loss is too
    close to call, a 9-point one is not."""
    position = random_position(Rules.preset("moscow", players=2), random.Random(7))
    passed = BidValue("pass", [0.0, 40.0, -40.0, 0.0], fitted=Estimate(-7.0, 3.0))
    play = BidValue("play", [0.0, 0.0, 0.0, 0.0, 1.0, -1.0], fitted=Estimate(0.0, 2.5))
    evaluation = Evaluation(position, [passed, play], 6, 0.1)
    assert evaluation.diff_se("play", "pass") == pytest.approx(math.hypot(3.0, 2.5))
    assert evaluation.rate("pass") == TOO_CLOSE
    passed.fitted = Estimate(-9.0, 3.0)
    assert evaluation.rate("pass") == "inaccuracy"  # 9 points: within 15, beyond 2 × 3.9
