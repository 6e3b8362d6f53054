"""A review in words, in the current language: the kinds of decision, the labels, the actions, a game's verdict,
and the text report ``deberc review`` prints (the review screen says the same things with the same functions)."""

from __future__ import annotations

from collections.abc import Sequence

from deberc_tui.engine import Action, Bid, Claim, Concede50, ConcedeStep, Klabor, PlayCard, Redeal, SwapSeven
from deberc_tui.engine.actions import Dave, DaveStep, Double, DoubleStep
from deberc_tui.text import words
from deberc_tui.text.i18n import N_, _, ngettext, pgettext

from .judge import GAME
from .report import Decision, GameReview, SeatReview

__all__ = ["action_words", "decision_line", "game_words", "kind_word", "label_word", "loss_words", "report_lines",
           "short_kind", "verdict"]

KIND_WORDS = {
    "bid": N_("bidding"), "swap": N_("the trump seven's swap"), "redeal": N_("redeal"), "klabor": N_("klabor"),
    "declare": N_("declaring"), "bella": N_("bella"), "card": N_("card play"), "claim": N_("claim («Партия»)"),
    "concede_50": N_("conceding for fifty"), "double": N_("double («Дайви»)"), "dave": N_("«даве»"),
}
LABEL_WORDS = {"best": N_("best"), "fine": N_("fine"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
               "blunder": N_("blunder")}
NOT_TAKEN = {
    "swap": N_("no swap"), "redeal": N_("no redeal"), "klabor": N_("no klabor"), "claim": N_("play on, no claim"),
    "double": N_("no double"), "dave": N_("no «даве»"),
}
REDEAL_REASONS = {"four_sevens": N_("four sevens"), "low_points": N_("weak hand")}


def kind_word(kind: str) -> str:
    return _(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def short_kind(kind: str) -> str:
    """A kind of decision in a word, for a narrow column: ``card``, ``bid`` (``карта``, ``заказ``)."""
    words_ = {
        "bid": pgettext("decision", "bid"), "swap": pgettext("decision", "swap"),
        "redeal": pgettext("decision", "redeal"), "klabor": pgettext("decision", "klabor"),
        "declare": pgettext("decision", "declare"), "bella": pgettext("decision", "bella"),
        "card": pgettext("decision", "card"), "claim": pgettext("decision", "claim"),
        "concede_50": pgettext("decision", "fifty"), "double": pgettext("decision", "double"),
        "dave": pgettext("decision", "«даве»"),
    }
    return words_.get(kind, kind)


def label_word(label: str) -> str:
    return _(LABEL_WORDS[label]) if label in LABEL_WORDS else label


def action_words(action: Action | None, kind: str) -> str:
    """An alternative as a player says it: ``Q♥``, ``Q♥ and declare``, ``play``, ``♠``, ``swap the seven``..."""
    if action is None:
        return _(NOT_TAKEN[kind]) if kind in NOT_TAKEN else "—"
    if isinstance(action, PlayCard):
        text = words.card(action.card)
        if kind == "declare":
            return _("{card}, declaring").format(card=text) if action.declare else _("{card}, not declaring").format(
                card=text)
        if kind == "bella":
            return _("{card} with bella").format(card=text) if action.bella else _("{card} without bella").format(
                card=text)
        return text
    if isinstance(action, Bid):
        return words.call(action.call)
    if isinstance(action, SwapSeven):
        return _("swap the seven")
    if isinstance(action, Redeal):
        return _("redeal ({reason})").format(reason=_(REDEAL_REASONS[action.reason]))
    if isinstance(action, Klabor):
        return _("klabor")
    if isinstance(action, Claim):
        return _("claim («Партия»)")
    if isinstance(action, Concede50):
        return {ConcedeStep.OFFER: _("offer to concede for fifty"), ConcedeStep.PLAY: _("play the deal"),
                ConcedeStep.ACCEPT: _("accept the fifty"), ConcedeStep.REFUSE: _("refuse the fifty")}[action.step]
    if isinstance(action, Double):
        return {DoubleStep.OFFER: _("offer to double"), DoubleStep.ACCEPT: _("accept the double"),
                DoubleStep.REFUSE: _("refuse the double")}[action.step]
    assert isinstance(action, Dave)
    return {DaveStep.OFFER: _("say «даве»"), DaveStep.PLAY: _("play on at the higher stake"),
            DaveStep.CONCEDE: _("concede the game")}[action.step]


def loss_words(decision: Decision) -> str:
    """What a decision lost: ``31 points``, or for a decision about the game ``0.40 game points (9% of the game)``."""
    if decision.basis == GAME:
        return _("{loss:.2f} game points ({chance:.0f}% of the game)").format(loss=decision.loss,
                                                                              chance=decision.chance_lost)
    return ngettext("{n} point", "{n} points", round(decision.loss)).format(n=f"{decision.loss:.0f}")


def decision_line(decision: Decision) -> str:
    """``deal 3, action 14 (card play): 7♠ — best Q♦, loses 81 points (blunder)``."""
    where = _("deal {deal}, action {action} ({kind})").format(deal=decision.deal, action=decision.action,
                                                               kind=kind_word(decision.kind))
    chosen = action_words(decision.chosen, decision.kind)
    if decision.label == "best":
        return _("{where}: {chosen} (best)").format(where=where, chosen=chosen)
    return _("{where}: {chosen} — best {best}, loses {loss} ({label})").format(
        where=where, chosen=chosen, best=action_words(decision.best, decision.kind), loss=loss_words(decision),
        label=label_word(decision.label))


def verdict(review: SeatReview, you: bool = False) -> str:
    """The game in one sentence: how many points luck and how many the decisions moved, and the result."""
    luck, loss = review.luck, review.loss
    if review.won is None:
        if you:
            return _("So far luck gave you {luck:+.0f} points and your decisions lost {loss:.0f}.").format(luck=luck,
                                                                                                      loss=loss)
        return _("So far luck gave {name} {luck:+.0f} points and their decisions lost {loss:.0f}.").format(
            name=review.name, luck=luck, loss=loss)
    if review.match:
        if review.won and you:
            return _("You won the match; luck over its deals {luck:+.0f}, decisions lost {loss:.0f} points.").format(
                luck=luck, loss=loss)
        if review.won:
            return _("{name} won the match; luck over its deals {luck:+.0f}, decisions lost {loss:.0f} points.").format(
                name=review.name, luck=luck, loss=loss)
        if you:
            return _("You lost the match; luck over its deals {luck:+.0f}, decisions lost {loss:.0f} points.").format(
                luck=luck, loss=loss)
        return _("{name} lost the match; luck over its deals {luck:+.0f}, decisions lost {loss:.0f} points.").format(
            name=review.name, luck=luck, loss=loss)
    if review.won:
        if you:
            return _("You won this game with {luck:+.0f} points of luck, and lost {loss:.0f} points in decisions.").format(
                luck=luck, loss=loss)
        return _("{name} won this game with {luck:+.0f} points of luck, and lost {loss:.0f} points in decisions.").format(
            name=review.name, luck=luck, loss=loss)
    if luck < 0:
        n = round(-luck)
        if you:
            return ngettext("You lost this game by {luck} point of luck and {loss:.0f} points of decisions.",
                            "You lost this game by {luck} points of luck and {loss:.0f} points of decisions.",
                            n).format(luck=n, loss=loss)
        return ngettext("{name} lost this game by {luck} point of luck and {loss:.0f} points of decisions.",
                        "{name} lost this game by {luck} points of luck and {loss:.0f} points of decisions.",
                        n).format(name=review.name, luck=n, loss=loss)
    if you:
        return _("You lost this game with {luck:+.0f} points of luck, and lost {loss:.0f} points in decisions.").format(
            luck=luck, loss=loss)
    return _("{name} lost this game with {luck:+.0f} points of luck, and lost {loss:.0f} points in decisions.").format(
        name=review.name, luck=luck, loss=loss)


def summary_lines(review: SeatReview, named: bool = True, you: bool = False) -> list[str]:
    """The summary: the decisions and the accuracy, the loss by kind, the luck and the result (``named``: the first
    line names the player; ``you``: the verdict is said to the player)."""
    accuracy = review.accuracy
    n = len(review.decisions)
    lines = [ngettext("{name} (seat {seat}): {n} decision judged, {forced} forced",
                      "{name} (seat {seat}): {n} decisions judged, {forced} forced", n).format(
        name=review.name, seat=review.seat + 1, n=n, forced=review.forced) if named else
        ngettext("{n} decision judged, {forced} forced", "{n} decisions judged, {forced} forced", n).format(
            n=n, forced=review.forced)]
    if accuracy is not None:
        lines.append(_("accuracy {accuracy:.1f}, {loss:.1f} points lost per decision").format(
            accuracy=accuracy, loss=review.loss_per_decision))
    by_kind = {k: v for k, v in review.loss_by_kind().items() if v}
    if by_kind:
        lines.append(_("lost by kind: {kinds}").format(kinds=", ".join(
            f"{kind_word(k)} {v:.0f}" for k, v in by_kind.items())))
    lines.append(_("luck {luck:+.0f}, result {result:+.0f}, luck-adjusted {adjusted:+.0f}").format(
        luck=review.luck, result=review.result, adjusted=review.result - review.luck))
    games = review.games
    if len(games) > 1:
        lines.append(_("game by game: {games}").format(games="; ".join(game_words(g) for g in games)))
    lines.append(verdict(review, you))
    return lines


def game_words(game: GameReview) -> str:
    """One game of a match in a few words: ``game 2: accuracy 91.2, won``."""
    accuracy = game.accuracy
    if accuracy is None:
        text = _("game {n}: nothing judged").format(n=game.game)
    else:
        text = _("game {n}: accuracy {accuracy:.1f}").format(n=game.game, accuracy=accuracy)
    if game.won is None:
        return text
    return (_("{game}, won") if game.won else _("{game}, lost")).format(game=text)


def deal_lines(review: SeatReview) -> list[str]:
    """A line per deal: its luck, what the decisions lost, and the result (columns as wide as their headings)."""
    heads = _("deal   luck   lost  result").split()
    widths = [max(len(h), w) for h, w in zip(heads, (4, 5, 5, 6), strict=False)]
    if len(heads) != 4:  # a translation that is not four words: the English layout
        heads, widths = ["", "", "", ""], [4, 5, 5, 6]
    lines = ["  ".join(h.rjust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    for d in review.deals:
        luck = "—" if d.luck is None else f"{d.luck:+.0f}"
        result = "—" if d.result is None else f"{d.result:+.0f}"
        cells = [str(d.deal), luck, f"{d.loss:.0f}", result]
        lines.append("  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True)))
    return lines


def report_lines(reviews: Sequence[SeatReview], worst: int = 10) -> list[str]:
    """``deberc review``'s text: per seat the summary, the deals, and the worst decisions first."""
    lines: list[str] = []
    for review in reviews:
        if lines:
            lines.append("")
        lines.extend(summary_lines(review))
        lines.append("")
        lines.extend(deal_lines(review))
        ranked = review.worst(worst)
        if ranked:
            lines.append("")
            lines.append(_("The costliest decisions:"))
            lines.extend("  " + decision_line(d) for d in ranked)
        if review.unjudged:
            lines.append(ngettext("{n} decision could not be judged (no deal fits what was seen)",
                                  "{n} decisions could not be judged (no deal fits what was seen)",
                                  review.unjudged).format(n=review.unjudged))
    return lines
