"""``deberc practice``: the bidding tutor (interactive), and ``--evaluate`` for scripts."""

from __future__ import annotations

import json

import click

from deberc_tui.cli import terminal
from deberc_tui.cli.values import Seconds, Whole, checked_text, usage_line
from deberc_tui.engine import Card, CardError, Rules, RulesError, parse_cards
from deberc_tui.practice.position import BidPosition, PositionError, make_position, role_offset
from deberc_tui.text import words
from deberc_tui.text.i18n import N_, _
from deberc_tui.untrusted import InputError, Shortened, check_int_text

MAX_WORLDS = 20_000  # about 40 s of evaluation: enough for any question, and a bound on the wait
MAX_SECONDS = 600.0

# The seats and ratings a review line names (history stores the English codes).
SEATS = {"first": N_("first (seat)"), "second": N_("second (seat)"), "third": N_("third (seat)"),
         "dealer": N_("dealer (seat)")}
RATINGS = {"best": N_("best"), "fine": N_("fine"), "too close to call": N_("too close to call"),
           "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


class PracticeError(click.ClickException):
    """A position or rules that cannot be: one line naming what is wrong (exit 2), never a traceback or a usage
    block (``deberc practice --preset three --players 2`` says only that the preset is for 3 players)."""

    exit_code = 2


def _word(table: dict[str, str], key: str) -> str:
    """A code in the current language; the code itself where there is no translation (English)."""
    message = table.get(key)
    if message is None:
        return key
    word = _(message)
    return key if word == message else word


def build_position(
    hand: str, turnup: str, seat: str, players: int, preset: str, round_: int, bids: str | None,
    score: str | None, target: int | None, hanging: int,
) -> BidPosition:
    try:
        overrides = {"target": target} if target is not None else {}
        rules = Rules.preset(preset, players=players, **overrides)
        cards = parse_cards(hand)
        up = Card.parse(turnup)
        totals = tuple(check_int_text(x, "--score", -99_999, 99_999) for x in score.split(",")) if score else ()
        position = make_position(rules, cards, up, seat, round_, totals, hanging)
        if bids is not None:
            given = tuple(b.strip().lower() for b in bids.split(",") if b.strip())
            if given != position.bids:
                raise PositionError(
                    _("--bids {bids!r} does not fit: before {seat}'s bid in round {round} come {n} passes").format(
                        bids=bids, seat=seat, round=round_, n=len(position.bids))
                )
        return position
    except (RulesError, CardError, PositionError) as exc:
        raise PracticeError(usage_line(exc)) from None
    except (InputError, ValueError):
        raise PracticeError(_("--score must be numbers separated by commas, not {score!r}").format(
            score=Shortened(score))) from None


@click.command()
@click.option("--evaluate", is_flag=True, help="Evaluate one position (given by --hand, --turnup ...) and print it.")
@click.option("--hand", callback=checked_text(100), help='Your six cards, e.g. "AS KS 9H JH 7C 8D".')
@click.option("--turnup", callback=checked_text(100), help="The turnup card, e.g. TH.")
@click.option("--seat", default=None, callback=checked_text(100),
              help="first, second, third or dealer (default: first; random when practising).")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True)
@click.option("--preset", default="moscow", show_default=True, callback=checked_text(100))
@click.option("--round", "round_", type=Whole(1, 2), default=None, help="Bidding round (default 1).")
@click.option("--bids", default=None, callback=checked_text(100), help='The bids before yours, e.g. "pass,pass" (all passes).')
@click.option("--score", default=None, callback=checked_text(100),
              help="The score before the deal, one number per side, the dealer's side first, e.g. 120,340.")
@click.option("--target", type=Whole(1, 9999), default=None, help="Points that win the game.")
@click.option("--hanging", type=Whole(0, 9999), default=0, help="Hanging points waiting for a winner.")
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=None,
              help="Seed: the same positions and worlds again (default: fresh ones every time).")
@click.option("--seconds", type=Seconds(0.1, MAX_SECONDS), default=5.0, show_default=True,
              help="Time limit per evaluation.")
@click.option("--worlds", type=Whole(1, MAX_WORLDS), default=None,
              help="Exactly this many worlds (no time limit): repeatable results.")
@click.option("--hard", is_flag=True, help="Practise only hard decisions (the top bids are close).")
@click.option("--mistakes", is_flag=True, help="Play your past mistakes again, the latest first.")
@click.option("--review", is_flag=True, help="List your past mistakes and your accuracy.")
@click.option("--json", "as_json", is_flag=True, help="With --evaluate: print one JSON object.")
@click.option("--ascii", "ascii_", is_flag=True, help="ASCII suits (c d h s) instead of ♣ ♦ ♥ ♠.")
def practice(
    evaluate: bool, hand: str | None, turnup: str | None, seat: str | None, players: int, preset: str,
    round_: int | None, bids: str | None, score: str | None, target: int | None, hanging: int, seed: int | None,
    seconds: float, worlds: int | None, hard: bool, mistakes: bool, review: bool, as_json: bool, ascii_: bool,
) -> None:
    """Practise bidding: bid, then see every bid's expected value in points."""
    from deberc_tui.app.look import Look, unicode_ok

    look = Look(ascii=ascii_ or not unicode_ok())
    if seat is not None:
        try:
            role_offset(players, seat)
        except PositionError as exc:
            raise PracticeError(usage_line(exc)) from None
    if review:
        from deberc_tui.app.screens.practice import call_word, card_mistake_line, noted_cards
        from deberc_tui.practice.history import History

        hist = History.load()
        for note in hist.take_notes():
            click.echo(f"deberc practice: {note}", err=True)
        click.echo(hist.summary())
        for i, d in enumerate(hist.mistakes(), start=1):
            pos = d.position
            if d.kind == "card":  # a card of a reviewed game
                click.echo(f"{i:>3}. " + card_mistake_line(d, look) + f" ({_word(RATINGS, d.rating)})")
                continue
            line = (_("{hand} turnup {turnup} ({seat}, round {round}): you {chosen}, best {best}, -{loss:.0f}% to win "
                      "the game ({rating})") if d.basis == "game" else
                    _("{hand} turnup {turnup} ({seat}, round {round}): you {chosen}, best {best}, -{loss:.1f} ({rating})"))
            click.echo(f"{i:>3}. " + line.format(hand=noted_cards(list(pos["hand"]), look), turnup=noted_cards([pos["turnup"]], look),
                     seat=_word(SEATS, pos["seat"]),
                     round=pos["round"], chosen=call_word(d.chosen, look), best=call_word(d.best, look), loss=d.loss,
                     rating=_word(RATINGS, d.rating)))
        return
    if evaluate:
        if not hand or not turnup:
            raise PracticeError(_("--evaluate needs --hand and --turnup"))
        position = build_position(
            hand, turnup, seat or "first", players, preset, round_ or 1, bids, score, target, hanging,
        )
        from deberc_tui.practice.evaluate import evaluate as run_evaluation

        seed = seed or 0
        if worlds is not None:
            result = run_evaluation(position, seed=seed, max_seconds=1e9, target_se=0.0, min_worlds=worlds, max_worlds=worlds)
        else:
            result = run_evaluation(position, seed=seed, max_seconds=seconds)
        if as_json:
            click.echo(json.dumps(result.to_json()))
        else:
            for line in describe(result):
                click.echo(line)
        return
    try:
        rules = Rules.preset(preset, players=players, **({"target": target} if target else {}))
    except RulesError as exc:
        raise PracticeError(usage_line(exc)) from None
    terminal.need_terminal()
    from deberc_tui.app.screens.practice import PracticeApp

    PracticeApp(rules, role=seat, round_=round_, hard=hard, seed=seed, seconds=seconds, mistakes=mistakes,
                worlds=worlds, look=look).run()


def describe(result: object) -> list[str]:
    from deberc_tui.practice.evaluate import Evaluation

    assert isinstance(result, Evaluation)
    game = result.basis == "game"
    near = result.knows_chances
    lines = [f"{_('bid'):<6}{'EV':>8}{'±SE':>7}{_('bait'):>7}" + (f"{_('game'):>7}" if near else "")]
    for b in result.ranked:
        lines.append(f"{words.call(b.bid):<6}{b.ev:>8.1f}{b.se:>7.1f}{b.bait * 100:>6.0f}%"
                     + (f"{b.chance * 100:>6.0f}%" if near else ""))
    lines.append(_("best: {bid}   ({worlds} worlds, {seconds:.1f} s)").format(
        bid=words.call(result.best.bid), worlds=result.worlds, seconds=result.seconds))
    lines.append(_("graded by the chance of winning the game (near its end)") if game
                 else _("graded by the deal's expected points"))
    return lines


def card_list(cards: list[Card]) -> str:
    return " ".join(c.pretty for c in cards)
