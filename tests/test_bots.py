"""Bots: always legal, blind to hidden cards, and a failing bot never stops the game."""

from __future__ import annotations

import dataclasses
import logging
import random
import time

import pytest

from bots.base import Bot
from bots.knowledge import bits
from bots.sim import Position, Solver
from deberc_tui.bot_hosting.registry import available, make_bot
from deberc_tui.bot_hosting.runner import fallback_action, safe_choose, safe_optional
from deberc_tui.engine import (
    Deal,
    Game,
    PlayCard,
    Rules,
    SeatView,
    shuffled_deck,
    stack_deck,
)
from deberc_tui.engine.play import legal_mask
from deberc_tui.engine.rules import PRESET_PLAYERS

CASES = [(p, n) for p, counts in PRESET_PLAYERS.items() for n in counts]
DEALS_PER_CASE = 200


def _fast_expert(seed: int) -> Bot:
    from bots.expert import ExpertBot

    return ExpertBot(seed=seed, samples=2, bid_samples=2)


def _play_checked(game: Game, bots: list[Bot], deck: list | None = None) -> None:
    """Play one deal asking the bots directly (no safety net): every answer must be legal."""
    deal = game.start_deal(deck)
    n = game.n
    while not deal.is_over:
        for s in range(n):
            opts = deal.optional_actions(s)
            if s != deal.to_act and opts:
                a = bots[s].optional(game.view(s), opts)
                assert a is None or a in opts, f"{bots[s].name} took {a} out of turn; options {opts}"
                if a is not None:
                    game.apply(s, a)
                    if deal.is_over:
                        return
        seat = deal.to_act
        view = game.view(seat)
        action = bots[seat].choose(view, view.legal, 0.05)
        assert action in view.legal, f"{bots[seat].name} chose illegal {action} from {view.legal}"
        game.apply(seat, action)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_bots_only_make_legal_actions(preset: str, players: int) -> None:
    rules = Rules.preset(preset, players=players)
    rng = random.Random(f"{preset}{players}")
    names = ["random", "novice", "heuristic"]
    for i in range(DEALS_PER_CASE):
        bots = [make_bot(rng.choice(names), seed=i * 10 + s, style=rng.choice(["cautious", "normal", "bold"]))
                for s in range(players)]
        if i % 100 == 0:  # a small share of (very fast) expert decisions
            bots[i % players] = _fast_expert(i)
        game = Game(rules, first_dealer=i % players, seed=i)
        _play_checked(game, bots)


def test_whole_games_with_claims_stay_legal() -> None:
    rules = Rules.preset("moscow", players=2, target=101)
    for g in range(20):
        game = Game(rules, first_dealer=g % 2, seed=g)
        bots = [make_bot("heuristic", seed=g), make_bot("novice", seed=g + 1)]
        while not game.is_over:
            _play_checked(game, bots)


# -- a bot cannot see hidden cards -------------------------------------------------------------

def _walk(obj: object, seen: set[int]) -> object:
    """Yield every object reachable from a view through its fields and containers."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _walk(getattr(obj, f.name), seen)
    elif isinstance(obj, tuple | list | set | frozenset):
        for x in obj:
            yield from _walk(x, seen)
    elif isinstance(obj, dict):
        for x in obj.values():
            yield from _walk(x, seen)


def test_a_view_holds_no_deal_and_no_hidden_card() -> None:
    rules = Rules.preset("moscow", players=2)
    game = Game(rules, first_dealer=0, seed=3)
    deal = game.start_deal()
    bots = [make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
    while not deal.is_over:
        seat = deal.to_act
        for s in range(2):
            view = game.view(s)
            objs = list(_walk(view, set()))
            assert not any(isinstance(o, Deal | Game) for o in objs)
            hidden = deal.hand_mask(1 - s)
            visible = {o.index for o in objs if hasattr(o, "suit") and hasattr(o, "rank")}
            leaked = visible & set(bits(hidden))
            # Only cards the rules show may appear: the swapped turnup or shown declarations.
            shown = {c.index for a in view.announcements for c in a.shown}
            if view.swapped_card is not None:
                shown.add(view.swapped_card.index)
            assert leaked <= shown
        view = game.view(seat)
        game.apply(seat, bots[seat].choose(view, view.legal))


@pytest.mark.parametrize("name", ["heuristic", "expert"])
def test_a_bot_decides_the_same_whatever_the_hidden_cards(name: str) -> None:
    """Two deals that look the same to seat 1 (own cards, turnup, bottom) but differ in seat 0's
    hand and the stock: a seeded bot in seat 1 makes the same decisions in both."""
    mine = "JH 9H AS TS KD 7C AH QC 8D"
    deck_a = stack_deck(2, 1, {1: mine}, turnup="QH", bottom="7D")
    spare = [c for c in deck_a[:31] if c.notation not in mine.split() and c.notation != "QH"]
    rng = random.Random(5)
    rng.shuffle(spare)
    deck_b = stack_deck(2, 1, {1: mine, 0: spare[:9]}, turnup="QH", bottom="7D")
    assert deck_a != deck_b
    choices = []
    for deck in (deck_a, deck_b):
        game = Game(Rules.preset("moscow", players=2), first_dealer=1, seed=0)
        deal = game.start_deal(deck)
        bot = make_bot(name, seed=11) if name != "expert" else _fast_expert(11)
        view = game.view(0)
        assert deal.to_act == 0
        game.apply(0, next(a for a in view.legal if str(a) == "pass"))
        view1 = game.view(1)
        choices.append(bot.choose(view1, view1.legal, 0.05))
    assert choices[0] == choices[1]


# -- the safety net -------------------------------------------------------------------------

class _Broken:
    name = "broken"

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def choose(self, view: SeatView, legal, budget=None):  # type: ignore[no-untyped-def]
        if self.mode == "raise":
            raise RuntimeError("boom")
        if self.mode == "slow":
            time.sleep(0.3)
            return legal[0]
        return PlayCard(view.hand[0]) if self.mode == "illegal" and view.phase == "play" else "nonsense"

    def optional(self, view: SeatView, options):  # type: ignore[no-untyped-def]
        raise ValueError("optional boom")


def _first_view() -> tuple[Game, SeatView]:
    game = Game(Rules.preset("moscow", players=2), first_dealer=0, seed=1)
    game.start_deal()
    return game, game.view(game.deal.to_act)  # type: ignore[union-attr]


@pytest.mark.parametrize(("mode", "hard", "words"), [
    ("raise", True, "raised RuntimeError: boom"),
    ("raise", False, "raised RuntimeError"),
    ("slow", True, "past its budget"),
    ("slow", False, "over its budget"),
    ("illegal", True, "not legal"),
])
def test_a_failing_bot_gets_a_safe_legal_action(mode: str, hard: bool, words: str, caplog: pytest.LogCaptureFixture) -> None:
    _, view = _first_view()
    with caplog.at_level(logging.WARNING, logger="deberc.bots"):
        action, failure = safe_choose(_Broken(mode), view, view.legal, 0.02, hard=hard)
    assert action in view.legal
    assert str(action) == "pass"  # the safe action while bidding
    assert failure is not None and words in failure
    assert "broken" in caplog.text and words in caplog.text


def test_safe_optional_swallows_failures(caplog: pytest.LogCaptureFixture) -> None:
    _, view = _first_view()
    with caplog.at_level(logging.WARNING, logger="deberc.bots"):
        assert safe_optional(_Broken("raise"), view, view.legal) is None
    assert "broken" in caplog.text


def test_a_crashing_bot_never_stops_an_arena_table() -> None:
    from deberc_tui.engine.match import Match
    from deberc_tui.play.arena import play_table

    match = Match(Rules.preset("moscow", players=2), first_dealer=0, seed=4)
    play_table(match, [_Broken("raise"), make_bot("heuristic", seed=1)], 0.01)
    assert match.deal is not None and match.deal.is_over


def test_fallback_prefers_a_cheap_card() -> None:
    legal = [PlayCard(c) for c in __import__("deberc_tui.engine", fromlist=["parse_cards"]).parse_cards("AS TS 7S")]
    assert str(fallback_action(legal)) == "7S"


# -- the registry --------------------------------------------------------------------------

def test_registry_lists_and_makes_the_builtins() -> None:
    names = available()
    assert list(names)[:4] == ["random", "novice", "heuristic", "expert"]
    assert all(names.values())
    for n in names:
        bot = make_bot(n, seed=1, style="bold")
        assert isinstance(bot, Bot) and hasattr(bot, "explain")
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_bot("nobody")
    with pytest.raises(ValueError, match="unknown bot style"):
        make_bot("heuristic", style="reckless")


def test_plugins_come_from_entry_points_and_are_never_imported_here(monkeypatch: pytest.MonkeyPatch) -> None:
    import deberc_tui.bot_hosting.registry as reg

    class EP:
        name = "mine"
        value = "mypackage.mine:Mine"

        def load(self):  # type: ignore[no-untyped-def]
            raise AssertionError("a plug-in must not be imported into the table's process")

    monkeypatch.setattr(reg, "_entry_points", lambda: {"mine": EP()})
    assert "mypackage.mine:Mine" in reg.available()["mine"]
    assert reg.is_process_bot("mine") and not reg.is_process_bot("heuristic")
    # Started through the adapter in a process of its own, which finds no such entry point there.
    with pytest.raises(ValueError, match="mine"):
        reg.make_bot("mine", seed=1)


def test_explain_gives_a_reason() -> None:
    _, view = _first_view()
    for n in ("novice", "heuristic"):
        assert str(make_bot(n, seed=1).explain(view, view.legal))
    reason = str(_fast_expert(1).explain(view, view.legal))
    assert "sampled" in reason or "no trump comes close" in reason


def test_a_bots_reason_is_a_template_the_players_language_fills_in() -> None:
    from deberc_tui.engine.text import render
    from deberc_tui.text import i18n

    _, view = _first_view()
    for n in ("random", "novice", "heuristic"):
        reason = make_bot(n, seed=1).explain(view, view.legal)
        assert reason.template and str(reason) == render(reason.template, reason.params)
        i18n.set_language("ru")
        try:
            russian = render(reason.template, reason.params, i18n._)
        finally:
            i18n.set_language("en")
        assert russian != str(reason) and any("а" <= ch <= "я" for ch in russian.lower()), russian


# -- the search model agrees with the engine --------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_search_position_reads_the_trick_as_the_engine_does(players: int) -> None:
    # one legal-card rule (engine.play.legal_mask); the search's own trick state must feed it what the deal does
    for overtrump in (False, True):
        rules = Rules.preset("moscow", players=players, overtrump_on_ruff=overtrump,
                             partner_exempt=players == 4 and overtrump)
        rng = random.Random(players)
        for i in range(40):
            deal = Deal(rules, i % players, shuffled_deck(rng))
            while not deal.is_over:
                seat = deal.to_act
                if deal.phase.value == "play":
                    pos = Position(players, deal.trump.index, [deal.hand_mask(s) for s in range(players)],  # type: ignore[union-attr]
                                   (0, 1) * 2, deal.trick_leader, list(deal.trick), rules.partner_exempt and players == 4,
                                   rules.overtrump_on_ruff)
                    led, ws, _, bt, _ = pos.trick_state()
                    assert legal_mask(deal.hand_mask(seat), seat, led, pos.trump, bt, ws, pos.exempt, pos.ruff_over) \
                        == deal.legal_card_mask(seat)
                acts = [a for a in deal.legal_actions() if not isinstance(a, PlayCard) or (not a.declare and not a.bella)]
                acts = [a for a in acts if str(a) not in ("claim",) and "redeal" not in str(a)]
                deal.apply(seat, rng.choice(acts))


def _brute(pos: Position) -> int:
    led, ws, _, bt, _ = pos.trick_state()
    seat = pos.to_act()
    if not pos.trick and not pos.hands[seat]:
        return 0
    vals = []
    for c in bits(legal_mask(pos.hands[seat], seat, led, pos.trump, bt, ws, pos.exempt, pos.ruff_over)):
        h = pos.hands[:]
        h[seat] ^= 1 << c
        nxt = Position(pos.n, pos.trump, h, pos.team, pos.leader, pos.trick + [(seat, c)])
        if len(nxt.trick) == pos.n:
            _, w, _, _, pts = nxt.trick_state()
            pts += 10 if not h[w] else 0
            vals.append((pts if pos.team[w] == 0 else 0) + _brute(Position(pos.n, pos.trump, h, pos.team, w, [])))
        else:
            vals.append(_brute(nxt))
    return max(vals) if pos.team[seat] == 0 else min(vals)


@pytest.mark.parametrize(("players", "per"), [(2, 4), (3, 3), (4, 2)])
def test_solver_matches_brute_force(players: int, per: int) -> None:
    rng = random.Random(players * 100 + per)
    team = (0, 1, 1) if players == 3 else tuple(s % 2 for s in range(players))
    for _ in range(150):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[s * per:(s + 1) * per]) for s in range(players)]
        pos = Position(players, rng.randrange(4), hands, team, rng.randrange(players), [])
        want = _brute(pos)
        solver = Solver(pos)
        assert solver.value() == want
        roots = solver.root_values()
        for c, v in roots.items():  # each root move against an independent solve
            after = Position(players, pos.trump, hands[:], team, pos.leader, [])
            after.hands[pos.leader] ^= 1 << c
            after.trick = [(pos.leader, c)]
            assert v == _brute(after)
        best = max(roots.values()) if team[pos.leader] == 0 else min(roots.values())
        assert best == want


def test_a_bot_asked_without_a_budget_gets_the_tables_own_view_on_its_turn_and_out_of_turn() -> None:
    # the tutor's play-outs: nothing is hidden in a sampled world, so nothing is copied (a copy would cost as
    # much as the decision); with a budget the bot gets its own copy
    _, view = _first_view()

    class Seen:
        def __init__(self) -> None:
            self.views: list[object] = []

        def choose(self, v: object, legal: object, budget: float | None = None) -> object:
            self.views.append(v)
            return view.legal[0]

        def optional(self, v: object, options: object) -> object:
            self.views.append(v)
            return None

    bot = Seen()
    safe_choose(bot, view, view.legal, None)  # type: ignore[arg-type]
    safe_optional(bot, view, view.legal, None)  # type: ignore[arg-type]
    assert [v is view for v in bot.views] == [True, True]
    safe_choose(bot, view, view.legal, 1.0)  # type: ignore[arg-type]
    safe_optional(bot, view, view.legal, 1.0)  # type: ignore[arg-type]
    assert [v is view for v in bot.views[2:]] == [False, False]
