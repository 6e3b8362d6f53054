"""Plain-text renderings shared by ``deberc replay``, logs and the UI: the score sheet as players
write it (running totals, БТ for a bait, vs(xx) for hanging points) and a deal's story from its events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from deberc_tui.engine import Combo, Deal, Rules
from deberc_tui.engine import events as ev
from deberc_tui.engine.match import GameResult
from deberc_tui.engine.options import Doubling, Money
from deberc_tui.engine.scoring import BAIT, HANGING, IN_PROGRESS, THROWN_IN, DealOutcome, DealResult
from deberc_tui.text import words
from deberc_tui.text.game_end import game_end_words
from deberc_tui.text.i18n import N_, _
from deberc_tui.text.persons import W_, Cast, Person, Phrase, cast
from deberc_tui.text.stake_story import STAKE_EVENTS, stake_said

OUTCOME_WORDS: Final[dict[str, str]] = {
    DealOutcome.MADE: N_("made"),
    DealOutcome.BAIT: N_("bait (БТ)"),
    DealOutcome.HANGING: N_("hanging"),
    DealOutcome.THROWN_IN: N_("thrown in"),
    DealOutcome.IN_PROGRESS: N_("in progress"),
    DealOutcome.CLAIM_WON: N_("won by claim"),
    DealOutcome.CLAIM_LOST: N_("lost by a false claim"),
    DealOutcome.DEBERTZ: N_("debertz"),
    DealOutcome.KLABOR: N_("klabor"),
    DealOutcome.DOUBLE_REFUSED: N_("double refused"),
    DealOutcome.DAVE_CONCEDED: N_("«даве» conceded"),
}
"""How a deal's story names its outcome (one the table lacks is said as its code)."""
# Why a deal was thrown in or a redeal demanded (the engine's codes, as the story tells them).
REASON_WORDS = {"all_pass": N_("all pass"), "four_sevens": N_("four sevens"), "low_points": N_("low points")}


def outcome_word(code: str) -> str:
    return _(OUTCOME_WORDS[code]) if code in OUTCOME_WORDS else code


def reason_word(code: str) -> str:
    return _(REASON_WORDS[code]) if code in REASON_WORDS else code.replace("_", " ")


def combo_text(combo: Combo) -> str:
    """``terz to the K♥`` in the current language (English: the engine's ``Combo.describe``)."""
    text = _("{kind} to the {top}").format(kind=words.combo(combo.kind), top=words.rank_letter(combo.top.value))
    return text + str(combo.suit.symbol)


def side_names(rules: Rules, players: Sequence[Mapping[str, object]]) -> list[str]:
    return cast(rules, players).side_names


def sheet_cell(row: DealResult, side: int) -> str:
    """One side's entry for one deal, as written: the running total, БТ, or vs(xx)."""
    if row.outcome is THROWN_IN:
        return "—"
    pen = f" ({row.penalties[side]})" if row.penalties and row.penalties[side] else ""
    if side == row.bidder and row.outcome is BAIT:
        return "БТ" + pen
    if side == row.bidder and row.outcome is HANGING and row.written[side] == 0 and row.points[side] > 0:
        return f"vs({row.points[side]})" + pen
    return f"{row.totals[side]}{pen}"


def sheet_lines(rows: Sequence[DealResult], names: Sequence[str]) -> list[str]:
    width = max(8, *(len(n) for n in names)) + 2
    head = "  #  " + "".join(n.rjust(width) for n in names)
    lines = [head, "-" * len(head)]
    for row in rows:
        if row.outcome is IN_PROGRESS:
            continue
        cells = "".join(sheet_cell(row, s).rjust(width) for s in range(len(names)))
        lines.append(f"{row.index + 1:>3}  {cells}")
    return lines


def shows_stakes(rules: Rules) -> bool:
    """Whether a sheet speaks of games and stakes (§12): a match, doubling with 2 players, or money."""
    doubling = rules.doubling is not Doubling.NONE and rules.players == 2
    return rules.match_target is not None or doubling or rules.money is not Money.NONE


def _per_side(values: Sequence[int], names: Sequence[str], signed: bool = False) -> str:
    return ", ".join(f"{names[s]} {v:+d}" if signed else f"{names[s]} {v}" for s, v in enumerate(values))


GAME_WON = Phrase(N_("Game {number}: you win; game points {points} (×{multiplier})"),
                  N_("Game {number}: {name} wins; game points {points} (×{multiplier})"),
                  W_("Game {number}: {name} win; game points {points} (×{multiplier})"))


def game_end_lines(result: GameResult, rules: Rules, sides: Sequence[Person]) -> list[str]:
    """A finished game of a match as the sheet writes it: the winner, each side's game points and the
    multiplier, and the money when the game is played for money."""
    names = [p.name for p in sides]
    out = [GAME_WON.say(sides[result.winner], number=result.index + 1,
                        points=_per_side(result.game_points, names), multiplier=result.multiplier)]
    out.append("  " + _("how: {how}").format(how=game_end_words(rules, result, names)))
    if rules.money is not Money.NONE:
        out.append("  " + _("money: {money}").format(money=_per_side(result.money, names, signed=True)))
    return out


def match_lines(settled: Sequence[GameResult], rules: Rules, names: Sequence[str], winner: int | None) -> list[str]:
    """The match so far: its points (and the target), the money summed, and its winner once it is over."""
    sides = range(rules.sides)
    points = [sum(r.game_points[s] for r in settled) for s in sides]
    if rules.match_target is None:
        out = [_("game points: {points}").format(points=_per_side(points, names))]
    else:
        out = [_("match: {points} (to {target})").format(points=_per_side(points, names), target=rules.match_target)]
    if rules.money is not Money.NONE:
        money = [sum(r.money[s] for r in settled) for s in sides]
        out.append(_("money: {money}").format(money=_per_side(money, names, signed=True)))
    if winner is not None:
        out.append(_("winner of the match: {name}").format(name=names[winner]) if rules.match_target is not None
                   else _("winner: {name}").format(name=names[winner]))
    else:
        out.append(_("match in progress") if rules.match_target is not None else _("game in progress"))
    return out


# The story's lines said of a seat or a side (deberc_tui.text.persons says each for whom it is about).
DEALS = Phrase(N_("Deal {number} — your deal, turnup {turnup}"), N_("Deal {number} — dealer {name}, turnup {turnup}"))
TAKES_TRUMP = Phrase(N_("you take trump {trump} in round {round}"), N_("{name} takes trump {trump} in round {round}"))
TAKES_TRUMP_BOTTOM = Phrase(N_("you take trump {trump} in round {round}; bottom card {bottom}"),
                            N_("{name} takes trump {trump} in round {round}; bottom card {bottom}"))
SWAPS = Phrase(N_("you swap {seven} for {turnup}"), N_("{name} swaps {seven} for {turnup}"))
DEMANDS_REDEAL = Phrase(N_("you demand a redeal ({reason})"), N_("{name} demands a redeal ({reason})"))
KLABOR = Phrase(N_("you announce klabor"), N_("{name} announces klabor"))
DECLARES = Phrase(N_("you declare {combo}"), N_("{name} declares {combo}"))
DECLARES_MORE = Phrase(N_("you declare {combo} (+{more} more)"), N_("{name} declares {combo} (+{more} more)"))
NO_TRICK = Phrase(N_("combinations: you took no trick: your combinations do not score"),
                  N_("combinations: {name} took no trick: the combinations do not score"),
                  W_("combinations: {name} took no trick: their combinations do not score"))
WINS_COMPARISON = Phrase(N_("combinations: you win the comparison with {points}"),
                         N_("combinations: {name} wins the comparison with {points}"),
                         W_("combinations: {name} win the comparison with {points}"))
SCORES = Phrase(N_("combinations: you score {points}"), N_("combinations: {name} scores {points}"),
                W_("combinations: {name} score {points}"))
FORCED = Phrase(N_("forced deal: no bidding, you play the turnup's suit; held {held}"),
                N_("forced deal: no bidding, {name} plays the turnup's suit; held {held}"))
CLAIMS = Phrase(N_("you claim the game with {counted}: {verdict}"), N_("{name} claims the game with {counted}: {verdict}"))


def deal_story(deal: Deal, row: DealResult, people: Cast) -> list[str]:
    """What happened in a deal, one line per step that matters to a reader (in the current language); each line
    about a seat or a side agrees with it (``you take trump``, ``Boris takes trump``)."""
    card = words.card
    seats, sides = people.seats, people.sides
    names = people.side_names
    out = [DEALS.say(seats[deal.dealer], number=row.index + 1, turnup=card(deal.deck[deal.n * 6]))]
    bids: list[str] = []
    # sides that won the comparison but took no trick (combos_need_trick): the story never says they scored
    forfeited = {e.forfeited for e in deal.events if isinstance(e, ev.DeclarationsResolved) and e.forfeited is not None}

    def line(text: str) -> None:
        out.append("  " + text)

    for e in deal.events:
        if isinstance(e, ev.BidMade):
            bids.append(f"{seats[e.seat].name}: {words.call(e.call)}")
        elif isinstance(e, ev.TrumpChosen):
            if bids:
                line(_("bids: {bids}").format(bids=", ".join(bids)))
            if e.bottom:
                line(TAKES_TRUMP_BOTTOM.say(seats[e.seat], trump=e.trump.symbol, round=e.round, bottom=card(e.bottom)))
            else:
                line(TAKES_TRUMP.say(seats[e.seat], trump=e.trump.symbol, round=e.round))
        elif isinstance(e, ev.StockTopShown):
            line(_("the stock's top card is turned face up: {card}").format(card=card(e.card)))
        elif isinstance(e, ev.ThrownIn):
            if bids:
                line(_("bids: {bids}").format(bids=", ".join(bids)))
            line(_("thrown in ({reason})").format(reason=reason_word(e.reason)))
        elif isinstance(e, ev.SevenSwapped):
            line(SWAPS.say(seats[e.seat], seven=card(e.seven), turnup=card(e.turnup)))
        elif isinstance(e, ev.RedealDemanded):
            line(DEMANDS_REDEAL.say(seats[e.seat], reason=reason_word(e.reason)))
        elif isinstance(e, ev.KlaborAnnounced):
            line(KLABOR.say(seats[e.seat]))
        elif isinstance(e, ev.Declared):
            if e.count > 1:
                line(DECLARES_MORE.say(seats[e.seat], combo=combo_text(e.best), more=e.count - 1))
            else:
                line(DECLARES.say(seats[e.seat], combo=combo_text(e.best)))
        elif isinstance(e, ev.DeclarationsResolved):
            if e.forfeited is not None:
                line(NO_TRICK.say(sides[e.forfeited]))
            elif e.side is None:
                line(_("combinations: nobody scores {points}").format(points=e.points))
            elif e.side in forfeited:  # it won the comparison, but its combinations did not score in the end
                line(WINS_COMPARISON.say(sides[e.side], points=e.points))
            else:
                line(SCORES.say(sides[e.side], points=e.points))
        elif isinstance(e, ev.BellaDeclared):
            line(_("{seat}: bella").format(seat=seats[e.seat].name))
        elif isinstance(e, ev.TrickWon):
            cards = " ".join(card(c) for _seat, c in e.cards)
            line(_("trick {number}: {cards:<16} → {seat} ({points})").format(
                number=e.trick + 1, cards=cards, seat=seats[e.seat].name, points=e.points))
        elif isinstance(e, ev.ForcedDeal):
            held = ", ".join(f"{names[s]} {p}" for s, p in enumerate(e.held))
            line(FORCED.say(seats[e.bidder], held=held))
        elif isinstance(e, STAKE_EVENTS):
            phrase, params = stake_said(e)
            line(phrase.say(seats[e.seat], **params))
        elif isinstance(e, ev.ClaimStruck):
            moved = ", ".join(f"{names[s]} {m:+d}" for s, m in enumerate(e.moved))
            line(_("false claim: the total is struck and doubled to the other side ({moved})").format(moved=moved))
        elif isinstance(e, ev.ClaimMade):
            verdict = _("right") if e.valid else _("wrong")
            line(CLAIMS.say(seats[e.seat], counted=e.counted, verdict=verdict))
    if row.outcome is not IN_PROGRESS:
        pts = ", ".join(f"{names[s]} {p}" for s, p in enumerate(row.points))
        line(_("points: {points}; {outcome}").format(points=pts, outcome=outcome_word(row.outcome)))
        wr = ", ".join(f"{names[s]} {w}" for s, w in enumerate(row.written))
        if row.hanging:
            line(_("written: {written}; hanging {hanging}").format(written=wr, hanging=row.hanging))
        else:
            line(_("written: {written}").format(written=wr))
    else:
        line(_("(in progress)"))
    return out
