"""The search core by property, on both cores (bots/core.py).

A sampled world keeps everything the seat knows: its own hand, every other hand's size, the cards known to be in a
hand (the swapped turnup, declarations, bella), and no card where a seat showed it has none (a void, a failed
overtrump); the bidding is read alike. And nothing the Python side can hand the compiled core -- wrong types, masks
out of range, wrong lengths, a list that changes while it is read -- crashes the interpreter: each call answers or
raises a Python exception.
"""

from __future__ import annotations

import random
import threading
from types import SimpleNamespace
from typing import Any

import pytest
from corehelp import CORES, compiled, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.core import PYTHON, Core, SearchAborted
from bots.knowledge import FULL, Knowledge, above
from bots.sim import Position
from deberc_tui.engine.cards import SUIT_MASKS

# -- sampled worlds ---------------------------------------------------------------------------------------------


def mask(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


@st.composite
def knowledge_of_a_deal(draw: st.DrawFn) -> tuple[Knowledge, list[int]]:
    """A seat's knowledge of a real deal some cards into the play (and the hands as they are): the cards each seat
    played, some cards known to be in other hands, and voids and failed overtrumps that the true hands keep."""
    n = draw(st.sampled_from([2, 3, 4]))
    size = 8 if n == 4 else draw(st.sampled_from([9, 10]))
    deck = draw(st.permutations(range(32)))
    me = draw(st.integers(0, n - 1))
    trump = draw(st.integers(0, 3))
    gone = draw(st.integers(0, size - 1))  # tricks played
    hands, played = [], 0
    for s in range(n):
        dealt = deck[s * size:(s + 1) * size]
        extra = 1 if gone < size - 1 and draw(st.booleans()) else 0  # this seat played to the trick in progress
        played |= mask(dealt[:gone + extra])
        hands.append(mask(dealt[gone + extra:]))
    known = [0 if s == me else hands[s] & draw(st.integers(0, FULL)) & draw(st.integers(0, FULL)) for s in range(n)]
    forbidden = []
    for s in range(n):
        f = 0
        for suit in range(4):
            if not hands[s] & SUIT_MASKS[suit] and draw(st.booleans()):
                f |= SUIT_MASKS[suit]  # shown void
        held = [c for c in range(trump * 8, trump * 8 + 8) if hands[s] >> c & 1]
        if draw(st.booleans()):  # failed to beat a trump: holds none above it
            card = draw(st.integers(trump * 8, trump * 8 + 7))
            if not any(above(card, trump) >> c & 1 for c in held):
                f |= above(card, trump)
        forbidden.append(f & ~known[s])
    know = Knowledge(seat=me, n=n, trump=trump, hand=hands[me], played=played, unseen=FULL & ~hands[me] & ~played,
                     known=known, forbidden=forbidden, sizes=[h.bit_count() for h in hands])
    return know, hands


def keeps_what_the_seat_knows(world: list[int], know: Knowledge) -> None:
    assert world[know.seat] == know.hand
    taken = 0
    for s, h in enumerate(world):
        assert not h & taken, "a card in two hands"
        taken |= h
        if s == know.seat:
            continue
        assert h.bit_count() == know.sizes[s], "a hand of another size"
        assert not h & know.played and not h & ~(know.unseen | know.known[s]), "a card the seat has seen elsewhere"
        assert h & know.known[s] == know.known[s], "a card known to be in the hand is not"
        assert not h & know.forbidden[s], "a card where the seat showed it has none"


@pytest.mark.parametrize("core", CORES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=knowledge_of_a_deal(), seed=st.integers(0, 2**32))
def test_a_sampled_world_keeps_every_hand_size_known_card_void_and_failed_overtrump(
        core: Core, case: tuple[Knowledge, list[int]], seed: int) -> None:
    know, _truth = case
    world = core.sample_hands(know, random.Random(seed))
    keeps_what_the_seat_knows(world, know)
    assert world == PYTHON.sample_hands(know, random.Random(seed)), "the reference deals another world"


@pytest.mark.parametrize("core", CORES)
def test_the_trump_strength_read_from_the_bidding_is_the_reference_for_every_holding(core: Core) -> None:
    for trump in range(4):
        for holding in range(256):
            cards = holding << (8 * trump) | (0x5A5A5A5A & ~SUIT_MASKS[trump])  # other suits change nothing
            assert core.trump_worth(cards, trump) == PYTHON.trump_worth(holding << (8 * trump), trump)


@pytest.mark.parametrize("core", CORES)
@settings(max_examples=300, deadline=None)
@given(hands=st.lists(st.integers(0, FULL), min_size=2, max_size=4), extra=st.lists(st.integers(0, FULL), min_size=4,
       max_size=4), said=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 3), st.booleans()), max_size=6))
def test_a_world_agrees_with_the_bidding_as_the_reference_says(core: Core, hands: list[int], extra: list[int],
                                                               said: list[tuple[int, int, bool]]) -> None:
    # the bidder holds some strength in its trump; a seat that passed a suit does not hold jack, nine and a third
    assert core.fits_bidding(hands, extra, said) == PYTHON.fits_bidding(hands, extra, said)


# -- nothing crashes the compiled core ------------------------------------------------------------------------

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-5, 40), st.floats(allow_nan=True), st.text(max_size=3),
    st.binary(max_size=2), st.lists(st.integers(-3, 40), max_size=6), st.tuples(st.integers(-1, 5), st.integers(-1, 40)),
    st.just(object()),
)
SMALL_MASK = st.builds(mask, st.lists(st.integers(0, 31), max_size=3))  # a few cards: any search stays small


def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(strategy, strategy, JUNK)


@st.composite
def odd_positions(draw: st.DrawFn) -> Position:
    """Well-formed but not from any deal: hands that overlap or differ in size, any team numbers, any trick."""
    n = draw(st.integers(2, 4))
    seat, card = st.integers(0, n - 1), st.integers(0, 31)
    return Position(n, draw(st.integers(0, 3)), draw(st.lists(SMALL_MASK, min_size=n, max_size=n)),
                    tuple(draw(st.lists(st.integers(-2, 2), min_size=n, max_size=n))), draw(seat),
                    draw(st.lists(st.tuples(seat, card), max_size=n - 1)), draw(st.booleans()), draw(st.booleans()))


JUNK_POSITIONS = st.builds(
    Position, n=maybe(st.integers(2, 4)), trump=maybe(st.integers(0, 3)),
    hands=maybe(st.lists(maybe(SMALL_MASK), min_size=1, max_size=5)),
    team=maybe(st.lists(maybe(st.integers(0, 1)), max_size=5)), leader=maybe(st.integers(0, 3)),
    trick=maybe(st.lists(maybe(st.tuples(st.integers(0, 3), st.integers(0, 31))), max_size=4)),
    exempt=maybe(st.booleans()), ruff_over=maybe(st.booleans()),
)
POSITIONS = st.one_of(odd_positions(), JUNK_POSITIONS)
CLEAN = (TypeError, ValueError, OverflowError, SearchAborted)


def call(fn: Any, *args: Any, **kwargs: Any) -> None:
    try:
        fn(*args, **kwargs)
    except CLEAN:
        pass


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=POSITIONS, max_nodes=maybe(st.integers(0, 5000)), deadline=maybe(st.floats(-1e9, 1e12)),
       cards=maybe(st.lists(maybe(st.integers(0, 31)), max_size=6)), args=st.lists(JUNK, min_size=8, max_size=8))
def test_no_position_crashes_the_compiled_solver_or_rollouts(pos: Position, max_nodes: Any, deadline: Any, cards: Any,
                                                               args: list[Any]) -> None:
    fast = compiled()
    try:
        solver = fast.Solver(pos, max_nodes, deadline)
    except CLEAN:
        solver = None
    if solver is not None:
        call(solver.value)
        call(solver.root_values, cards)
        call(solver.root_values)
    call(fast.rollout, pos, *args[:1], max_nodes=max_nodes if isinstance(max_nodes, int) else 100, deadline=deadline)
    call(fast.rollout, pos, *args[:3])
    call(fast.greedy_card, pos, *args[:7])
    call(fast.greedy_card, pos, getattr(pos, "hands", None), *args[:6])
    call(fast.greedy_play, pos)
    call(fast.greedy_play, *args[:1])


def outcome(fn: Any, *args: Any) -> object:
    """What a call returns, or the kind of exception it raises."""
    try:
        return fn(*args)
    except Exception as exc:  # noqa: BLE001 - compared, not hidden
        return type(exc)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=odd_positions(), cards=st.lists(st.integers(0, 31), max_size=4), below=st.integers(0, 12))
def test_even_positions_no_deal_reaches_are_answered_as_the_reference_answers(pos: Position, cards: list[int],
                                                                              below: int) -> None:
    # hands that overlap or run out early: the reference's answer is still the one to give (an empty choice is
    # minus or plus "infinity", a greedy seat with no card a ValueError)
    fast = compiled()
    assert outcome(lambda: fast.Solver(pos).value()) == outcome(lambda: PYTHON.Solver(pos).value())
    assert outcome(lambda: fast.Solver(pos).root_values(cards)) == outcome(lambda: PYTHON.Solver(pos).root_values(cards))
    assert outcome(fast.rollout, pos, below) == outcome(PYTHON.rollout, pos, below)
    led, ws, wstr, bt, _ = pos.trick_state()
    args = (pos, pos.hands[:], pos.to_act(), len(pos.trick), led, ws, wstr, bt)
    assert outcome(fast.greedy_card, *args) == outcome(PYTHON.greedy_card, *args)
    assert outcome(fast.greedy_play, pos) == outcome(PYTHON.greedy_play, pos)


@settings(max_examples=400, deadline=None)
@given(args=st.lists(maybe(st.integers(-40, 40)), max_size=10), masks=st.lists(maybe(st.integers(0, FULL)), max_size=5),
       said=maybe(st.lists(maybe(st.tuples(maybe(st.integers(-1, 4)), maybe(st.integers(-1, 4)), JUNK)), max_size=4)))
def test_no_arguments_crash_the_compiled_masks_and_bidding_checks(args: list[Any], masks: list[Any], said: Any) -> None:
    fast = compiled()
    call(fast.legal_mask, *args)
    call(fast.legal_mask, *(args + [0] * 8)[:8])
    call(fast.can_beat, *(args + [0] * 4)[:4])
    call(fast.greedy_card, *args)
    call(fast.trump_worth, *args[:2])
    call(fast.fits_bidding, masks, masks, said)
    call(fast.fits_bidding, *args[:3])


@settings(max_examples=300, deadline=None)
@given(fields=st.fixed_dictionaries({
    "n": maybe(st.integers(2, 4)), "seat": maybe(st.integers(0, 3)), "hand": maybe(SMALL_MASK),
    "played": maybe(SMALL_MASK), "unseen": maybe(st.integers(0, FULL)),
    "known": maybe(st.lists(maybe(SMALL_MASK), max_size=5)), "forbidden": maybe(st.lists(maybe(SMALL_MASK), max_size=5)),
    "sizes": maybe(st.lists(maybe(st.integers(-3, 12)), max_size=5)),
}), sizes=maybe(st.lists(st.integers(-3, 40), max_size=5)), tries=maybe(st.integers(-3, 30)), drop=st.sampled_from(
    ["", "n", "known", "sizes"]))
def test_no_knowledge_crashes_the_compiled_sampler(fields: dict[str, Any], sizes: Any, tries: Any, drop: str) -> None:
    fast = compiled()
    know = SimpleNamespace(**{k: v for k, v in fields.items() if k != drop})
    call(fast.sample_hands, know, random.Random(0))
    call(fast.sample_hands, know, random.Random(1), sizes, tries)


def test_a_generator_that_draws_nonsense_is_refused() -> None:
    fast_sample = compiled().sample_hands
    know = position(random.Random(1), 2, 10).pos  # not a Knowledge at all
    with pytest.raises(TypeError):
        fast_sample(know, random.Random(0))  # type: ignore[arg-type]
    from bots import _core

    played = Knowledge(seat=0, n=2, trump=0, hand=0xFF, played=0, unseen=FULL & ~0xFF, known=[0, 0],
                       forbidden=[0, 0], sizes=[8, 8])
    for answer in (-1, "x", 2**70, None):
        with pytest.raises((TypeError, ValueError, OverflowError)):
            _core.sample_hands(played, SimpleNamespace(getrandbits=lambda k, a=answer: a))  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        _core.sample_hands(played, object())  # type: ignore[arg-type]


def test_a_list_that_changes_while_it_is_read_is_no_crash() -> None:
    from bots import _core

    compiled()
    hands = [1, 2, 3, 4]
    trick: list[Any] = []

    class Clears:
        """Python code that runs in the middle of a read and empties the list being read."""

        def __init__(self, victim: list[Any], answer: Any) -> None:
            self.victim, self.answer = victim, answer

        def __bool__(self) -> bool:
            self.victim.clear()
            return True

        def __iter__(self) -> Any:
            self.victim.clear()
            return iter(self.answer)

    said: list[Any] = [(0, 1, Clears(hands, None)), (1, 2, True), (0, 3, False)]
    said.append((0, 0, Clears(said, None)))
    assert isinstance(_core.fits_bidding(hands, [0, 0, 0, 0], said), bool)
    trick.extend([Clears(trick, (0, 5)), (1, 6)])
    pos = Position(3, 0, [0b1, 0b10, 0b100], (0, 1, 1), 0, trick)
    with pytest.raises((RuntimeError, TypeError, ValueError)):
        _core.Solver(pos).value()


def test_solvers_search_in_threads_at_once_and_agree_with_the_reference() -> None:
    # the compiled search lets other threads run while it thinks (a bot's worker beside the screen)
    fast = compiled()
    rng = random.Random(8)
    positions = [position(rng, 2, 14).pos for _ in range(6)]
    want = [PYTHON.Solver(p).root_values() for p in positions]
    got: list[dict[int, int] | None] = [None] * len(positions)

    def solve(i: int) -> None:
        got[i] = fast.Solver(positions[i]).root_values()

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(len(positions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want


def test_a_solver_asked_again_while_it_reads_its_position_refuses_instead_of_mixing_two_searches() -> None:
    from bots import _core

    compiled()
    pos = position(random.Random(3), 2, 8).pos
    answers: list[object] = []

    class Asks(Position):
        """A position whose hands, when read, ask the same solver again (as another thread could meanwhile)."""

        @property  # type: ignore[override]
        def hands(self) -> list[int]:
            answers.append(outcome(solver.value))
            answers.append(outcome(solver.__init__, pos))  # type: ignore[misc]
            return pos.hands

        @hands.setter
        def hands(self, value: list[int]) -> None:
            pass

    solver = _core.Solver(Asks(pos.n, pos.trump, pos.hands, pos.team, pos.leader, pos.trick, pos.exempt,
                               pos.ruff_over))
    assert solver.value() == PYTHON.Solver(pos).value()
    assert answers == [RuntimeError, RuntimeError]


# -- the greedy play's solved ending ----------------------------------------------------------------------------


@pytest.mark.parametrize("core", CORES)
def test_a_solved_ending_plays_the_lowest_of_the_cards_the_solver_values_best(core: Core) -> None:
    # greedy_play narrows the window after its first card: it must still play what the full values say
    rng = random.Random(22)
    checked = 0
    while checked < 300:
        n = rng.choice((2, 3, 4))
        pos = position(rng, n, rng.randint(1, 12)).pos
        if pos.trick:
            continue  # the solve starts at a trick's first card
        checked += 1
        values = PYTHON.Solver(Position(n, pos.trump, pos.hands[:], pos.team, pos.leader, list(pos.trick), pos.exempt,
                                        pos.ruff_over)).root_values()
        pick = max if pos.team[pos.to_act()] == 0 else min
        best = pick(values.values())
        assert core.greedy_play(pos, 32, 10**9)[0] == min(c for c, v in values.items() if v == best), pos
