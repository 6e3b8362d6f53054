"""Why a game was won, in a player's words: the engine says it as values (:class:`~deberc_tui.engine.sheet.Outcome`:
the :class:`~deberc_tui.engine.scoring.GameEnd`, the ``both_over`` rule that chose among several sides over the
target, a claim's count and claimant, mars), and this module turns them into a sentence for the game-over dialogs
and ``deberc replay``, and into a short cell for a table of games.

The sentences name a side without a verb that agrees with it ("«Партия» by Anna: 312 of 301"), so that they read
right in Russian whoever the side is.
"""

from __future__ import annotations

from collections.abc import Sequence

from deberc_tui.engine import Rules
from deberc_tui.engine.match import GameResult
from deberc_tui.engine.options import BothOver
from deberc_tui.engine.scoring import GameEnd
from deberc_tui.engine.sheet import Outcome
from deberc_tui.text import words
from deberc_tui.text.i18n import N_, _

#: The rule that chose the winner among several sides at the target (§8 ``both_over``), as a clause.
BOTH_OVER_WORDS: dict[BothOver, str] = {
    BothOver.DEFENDER: N_("the side that defended in that deal wins: {side}"),
    BothOver.BIDDER: N_("the side that bid in that deal wins: {side}"),
    BothOver.LAST_TRICK: N_("the side that took its last trick wins: {side}"),
    BothOver.HIGHER: N_("the higher total wins: {side} {total}"),
}
#: The same, as a table's cell.
BOTH_OVER_CELLS: dict[BothOver, str] = {
    BothOver.DEFENDER: N_("both over: the defender"),
    BothOver.BIDDER: N_("both over: the bidder"),
    BothOver.LAST_TRICK: N_("both over: the last trick"),
    BothOver.HIGHER: N_("both over: the higher total"),
}


def _outcome(result: GameResult) -> Outcome:
    """The result's outcome (a result made without one: as much as the result itself says)."""
    return result.outcome or Outcome(result.winner, max(result.game_points[result.winner], 1), result.reason)


def _others(rules: Rules, winner: int) -> list[int]:
    return [s for s in range(rules.sides) if s != winner]


def game_end_words(rules: Rules, result: GameResult, names: Sequence[str]) -> str:
    """Why ``result``'s winner won, as a sentence (``names``: each side's name): the target, and when several sides
    reached it which rule chose; a claim with its count; a debertz or klabor; a refused double or a conceded «даве»
    with the stake; a lead of ``gap_end``; the short game — and mars with the losers' totals."""
    outcome = _outcome(result)
    side = names[outcome.winner]
    totals = result.totals
    target = rules.target
    reason = outcome.reason
    others = _others(rules, outcome.winner)
    loser = names[others[0]] if len(others) == 1 else ", ".join(names[s] for s in others)
    claimant = names[outcome.claimant] if outcome.claimant is not None else loser
    if reason is GameEnd.TARGET and outcome.both_over is not None:
        over = sum(1 for t in totals if t >= target)
        head = (_("both sides reached {target} in the same deal") if over == 2
                else _("{n} sides reached {target} in the same deal")).format(n=over, target=target)
        text = head + "; " + _(BOTH_OVER_WORDS[outcome.both_over]).format(side=side, total=totals[outcome.winner])
    elif reason is GameEnd.TARGET:
        text = _("the target of {target} reached: {side} {total}").format(
            target=target, side=side, total=totals[outcome.winner])
    elif reason is GameEnd.GAP and rules.gap_end is not None:
        lead = totals[outcome.winner] - max(totals[s] for s in others)
        text = _("a lead of {gap} points or more wins before the target: {side} ahead by {lead}").format(
            gap=rules.gap_end, side=side, lead=lead)
    elif reason is GameEnd.SHORT:
        text = _("the short game: one deal decides it, and the most points in it win: {side}").format(side=side)
    elif reason is GameEnd.CLAIM_WON:
        text = (_("«Партия» by {side}: {count} of {target}, the claim is right") if outcome.claim_count is not None
                else _("«Партия» by {side}: the claim is right")).format(
            side=claimant, count=outcome.claim_count, target=target)
    elif reason is GameEnd.CLAIM_LOST:
        text = (_("«Партия» by {claimant}: only {count} of {target}, and a false claim loses the game")
                if outcome.claim_count is not None else _("«Партия» by {claimant}: a false claim loses the game")).format(
            claimant=claimant, count=outcome.claim_count, target=target)
    elif reason is GameEnd.DEBERTZ:
        text = _("a debertz declared by {side} wins the game at once").format(side=side)
    elif reason is GameEnd.KLABOR:
        text = _("klabor announced by {side} wins the game at once").format(side=side)
    elif reason is GameEnd.DOUBLE_REFUSED:
        text = _("the double refused by {loser}: the game ends, won by {side} at ×{multiplier}").format(
            loser=loser, side=side, multiplier=result.multiplier)
    elif reason is GameEnd.DAVE_CONCEDED:
        text = _("the «даве» conceded by {loser}: {side} wins the stake {stake}").format(
            loser=loser, side=side, stake=result.multiplier)
    else:
        text = words.game_end(reason)
    if outcome.mars and not rules.short:
        losers = ", ".join(f"{names[s]} {totals[s]}" for s in others)
        text += "; " + _("mars: {losers}, under half the target (at most {limit}), so the win counts double").format(
            losers=losers, limit=(target - 1) // 2)
    return text


def game_end_cell(rules: Rules, result: GameResult) -> str:
    """Why the game was won in a few words, for a table of games: ``both over: the defender``, ``claim (312)``."""
    outcome = _outcome(result)
    reason = outcome.reason
    if reason is GameEnd.TARGET and outcome.both_over is not None:
        cell = _(BOTH_OVER_CELLS[outcome.both_over])
    elif reason is GameEnd.GAP and rules.gap_end is not None:
        cell = _("a lead of {gap} points or more").format(gap=rules.gap_end)
    elif reason in (GameEnd.CLAIM_WON, GameEnd.CLAIM_LOST) and outcome.claim_count is not None:
        cell = f"{words.game_end(reason)} ({outcome.claim_count})"
    else:
        cell = words.game_end(reason)
    if outcome.mars and not rules.short:
        cell += ", " + _("mars")
    return cell
