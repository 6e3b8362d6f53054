"""The rules in short, made from the rules in force (the help screen's second half).

Each line is written from the options that decide it (a table's ``Rules``: a preset and its house rules), so a
summary never states another preset's rule: under Moscow a long run is a fifty, never "debertz wins the game".
Then every option that differs from the Moscow rules (the book's defaults) is listed in a player's words (the
house-rules screen's names and labels, :mod:`deberc_tui.text.rule_words`). The score pad's table penalties (§11)
are left out: a computer deals and checks, so they never happen at this table.
"""

from __future__ import annotations

from deberc_tui.engine import Rules
from deberc_tui.engine.options import (
    AllPass,
    BaitTo,
    BellaTo,
    BellaWhen,
    BidderMustBeat,
    BothOver,
    ComboTie,
    Debertz,
    DebertzSuit,
    DeclareUntil,
    Doubling,
    FalseClaim,
    FirstLead,
    Hanging,
    Money,
    StockCardShown,
    SwapSevenUntil,
    Turnup23,
    TurnupTo,
)
from deberc_tui.text.i18n import _, ngettext
from deberc_tui.text.rule_words import Section, rule_changes, value_label


def rules_in_short(rules: Rules) -> str:
    """The rules in force as a short Markdown text: the game in a few lines, then what differs from Moscow."""
    lines = [
        _("# The rules in short"),
        "",
        *(f"* {line}" for line in _game(rules)),
        "",
        _("# How these rules differ from Moscow"),
        "",
    ]
    changes = differences(rules)
    lines.extend(f"* {line}" for line in changes)
    if not changes:
        lines.append(_("These are the Moscow rules as the book has them."))
    return "\n".join(lines) + "\n"


def differences(rules: Rules) -> list[str]:
    """Every option of these rules that differs from the Moscow rules at this table, as "option: value" in the
    player's words (the score pad's table penalties left out: they never happen at a computer's table)."""
    return rule_changes(rules, leave_out_sections=(Section.TABLE_PENALTIES,))


def _game(rules: Rules) -> list[str]:
    return [
        _("32 cards. Trump order **J 9 A 10 K Q 8 7** (J 20, 9 14), plain **A 10 K Q J 9 8 7**. All card points "
          "152, last trick 10."),
        _dealing(rules),
        _bidding(rules),
        *_before_the_first_card(rules),
        _play(rules),
        _combinations(rules),
        _bella(rules),
        *_scoring(rules),
        *_end(rules),
    ]


def _dealing(rules: Rules) -> str:
    n = rules.players
    if n == 4:
        holder = _("the dealer") if rules.turnup_to is TurnupTo.DEALER else _("the bidder")
        return _("**Dealing**: 6 cards each and a turnup; after the bidding 2 more each (8 in hand, 8 tricks), the "
                 "turnup going to {holder}.").format(holder=holder)
    total = rules.tricks_per_deal
    text = _("**Dealing**: 6 cards each and a turnup; after the bidding {k} more each ({total} in hand, {total} "
             "tricks).").format(k=rules.extra_cards, total=total)
    if rules.turnup_2_3 is Turnup23.BIDDER:
        text += " " + _("The turnup goes to the bidder.")
    elif rules.turnup_2_3 is Turnup23.BOTTOM:
        text += " " + _("The turnup lies under the stock, out of play.")
    shown = {StockCardShown.BOTTOM: _("The stock's bottom card is shown to everybody."),
             StockCardShown.TOP_AFTER_FIRST_TRICK: _("After the first trick the stock's top card is shown to "
                                                     "everybody."),
             StockCardShown.NONE: _("No stock card is shown.")}
    return text + " " + shown[rules.stock_card_shown]


def _bidding(rules: Rules) -> str:
    text = _("**Bidding**: round 1 *play* (the turnup's suit) or *pass*; round 2 name another suit or pass.")
    if rules.all_pass is AllPass.DEALER_MUST:
        return text + " " + _("If everybody passes, the dealer must name a suit in round 2.")
    return text + " " + _("If everybody passes twice, the next player deals again.")


def _before_the_first_card(rules: Rules) -> list[str]:
    out: list[str] = []
    if rules.seven_swap_allowed:
        if rules.swap_seven_until is SwapSevenUntil.PICKUP:
            out.append(_("The holder of the trump 7 among their first six cards may **swap** it for the turnup "
                         "(round-1 trump) before their first card."))
        else:
            out.append(_("The holder of the trump 7 may **swap** it for the turnup (round-1 trump) before their "
                         "first card."))
    redeals = []
    if rules.four_sevens_redeal:
        redeals.append(_("all four sevens"))
    if rules.low_points_redeal is not None:
        redeals.append(ngettext("a hand worth at most {n} point", "a hand worth at most {n} points",
                                rules.low_points_redeal).format(n=rules.low_points_redeal))
    if redeals:
        what = redeals[0] if len(redeals) == 1 else _("{first} or {second}").format(first=redeals[0], second=redeals[1])
        out.append(_("A player may demand a **redeal** for {what}.").format(what=what))
    if rules.klabor:
        out.append(_("**Klabor**: A K Q J 10 9 of one suit in the first six cards wins the game at once."))
    return out


def _play(rules: Rules) -> str:
    first = (_("The player left of the dealer leads first.") if rules.first_lead is FirstLead.LEFT_OF_DEALER
             else _("The bidder leads first."))
    text = first + " " + _("**Play**: follow suit; if you can't, trump; on a trump lead overtrump if you can.")
    if rules.overtrump_on_ruff:
        text += " " + _("When you trump a plain lead, beat a trump already in the trick if you can.")
    if rules.partner_exempt and rules.players == 4:
        text += " " + _("You need not beat your partner's winning card.")
    return text


def _combinations(rules: Rules) -> str:
    when = (_("declared with your first card") if rules.declare_until is DeclareUntil.FIRST_CARD
            else _("declared with your first or second card"))
    kinds = [_("terz (3 in sequence) 20")]
    if rules.hundred:
        top = rules.hundred_length - 1
        kinds.append(_("fifty (4-{top}) 50").format(top=top) if top > 4 else _("fifty (4) 50"))
        kinds.append(_("hundred ({n} or more) 100").format(n=rules.hundred_length))
    else:
        kinds.append(_("fifty (4 or more) 50"))
    if rules.debertz is not Debertz.OFF:
        run = (_("{n} or more trumps in sequence") if rules.debertz_suit is DebertzSuit.TRUMP
               else _("{n} or more in sequence, any suit")).format(n=rules.debertz_length)
        kinds.append(_("debertz ({run}) wins the game at once").format(run=run) if rules.debertz is Debertz.WIN
                     else _("debertz ({run}) worth {points}").format(run=run, points=rules.target))
    text = _("**Combinations**, {when}: {kinds}.").format(when=when, kinds=", ".join(kinds))
    ties = {ComboTie.TRUMP_THEN_FIRST: _("between equal ones trump wins, else the first declared"),
            ComboTie.FIRST: _("between equal ones the first declared wins"),
            ComboTie.TRUMP_ONLY: _("between equal ones trump wins, else neither scores"),
            ComboTie.TRUMP_THEN_LAST_TRICK: _("between equal ones trump wins, else the last trick's taker"),
            ComboTie.LAST_TRICK: _("between equal ones the last trick's taker wins")}
    text += " " + _("Only the side with the senior combination scores ({tie}).").format(tie=ties[rules.combo_tie])
    if rules.combos_need_trick:
        text += " " + _("They score only if the side takes a trick.")
    return text


def _bella(rules: Rules) -> str:
    when = {BellaWhen.WITH_CARD: _("when playing one of them"),
            BellaWhen.WHILE_HOLDING: _("with any card while you still hold one of them"),
            BellaWhen.UNTIL_LAST_CARD: _("with any card up to your last")}[rules.bella_when]
    text = _("**Bella** (trump K+Q): 20, declared {when}.").format(when=when)
    if rules.bella_to is BellaTo.TRICK_WINNER:
        text += " " + _("The 20 go to whoever takes the trick it is declared in.")
    return text


def _scoring(rules: Rules) -> list[str]:
    three = rules.players == 3
    beat = (_("both defenders together") if three and rules.bidder_must_beat is BidderMustBeat.COMBINED
            else _("each defender") if three else _("the defenders"))
    to = (_("the higher defender") if three and rules.bait_to is BaitTo.HIGHER
          else _("both defenders, half each") if three else _("the defending side"))
    out = [_("The bidder must score **more** than {beat}, else **bait** (БТ): the bidder's points go to "
             "{to}.").format(beat=beat, to=to)]
    ties = {Hanging.HANG: _("A tie **hangs** — vs(xx) — and goes to the next deal's winner."),
            Hanging.BAIT: _("A tie counts as a bait."),
            Hanging.EACH_OWN: _("In a tie everybody writes their own points."),
            Hanging.FORCED: _("A tie is held (висяк): the next deal is played without bidding by the same "
                              "bidder, the turnup's suit trump, and decides both deals.")}
    out.append(ties[rules.hanging])
    penalties = []
    if rules.bait_penalty is not None and rules.bait_penalty.points:
        penalties.append(value_label("bait_penalty", rules.bait_penalty.to_dict()))
    if rules.ski_penalty:
        penalties.append(_("−{points} for a side that takes no trick").format(points=rules.ski_penalty))
    if penalties:
        out.append(_("Penalties: {penalties}.").format(penalties="; ".join(penalties)))
    return out


def _end(rules: Rules) -> list[str]:
    if rules.short:
        out = [_("**The short game**: one deal decides the game; the side with more points in it wins.")]
    else:
        out = [_("The first side to reach **{target}** wins.").format(target=rules.target)]
        both = {BothOver.DEFENDER: _("the defending side wins"), BothOver.HIGHER: _("the higher total wins"),
                BothOver.BIDDER: _("the bidder wins"), BothOver.LAST_TRICK: _("the side that took the last trick wins")}
        out[0] += " " + _("If several sides reach it in the same deal, {rule}.").format(rule=both[rules.both_over])
        if rules.gap_end is not None and rules.players == 2:
            out.append(_("A lead of {gap} points wins before the target.").format(gap=rules.gap_end))
    if rules.claims:
        false = {FalseClaim.LOSES: _("a false claim loses the game"),
                 FalseClaim.CONTINUE: _("after a false claim play goes on"),
                 FalseClaim.DOUBLE_TO_OPPONENT: _("a false claim strikes the claimant's total to 0 and gives twice "
                                                  "it to the others")}
        assert rules.false_claim is not None
        text = _("A player on lead may **claim** the game («Партия»); {false}.").format(false=false[rules.false_claim])
        if not rules.claim_after_trump_jack:
            text += " " + _("Not right after winning a trick with the trump jack.")
        out.append(text)
    else:
        out.append(_("There are no claims: the game ends only after a deal."))
    if rules.concede_50 and rules.players == 2:
        out.append(_("Once trump is named, before the extra cards, the defender may offer to **concede** the deal: "
                     "accepted, the bidder writes 50."))
    if rules.mars:
        out.append(_("**Mars**: a win counts double when the loser has less than half the target."))
    if rules.match_target is not None:
        out.append(_("A **match** is won by the first side with {n} game points.").format(n=rules.match_target))
    if rules.players == 2 and rules.doubling is Doubling.DAIVI:
        out.append(_("«Дайви»: on your turn you may offer to double the game; refused, you win it."))
    elif rules.players == 2 and rules.doubling is Doubling.DAVE:
        out.append(_("«Даве»: on your turn you may raise the stake; the opponent plays on for it or concedes."))
    if rules.money is not Money.NONE:
        out.append(_("Played for money (a unit is worth {stake}).").format(stake=rules.stake))
    return out
