"""«Партия» (RULES.md §8): what a claim by the person on lead would count, said before they claim.

A claim is right when the side's total + the card points in its tricks + its scoring combinations + its bella
reach the target; a false one loses the game at 2 players (``false_claim``). So the first press of ``a`` shows
the count the engine will check, part by part, and what is needed — and says plainly when the claim cannot be
right; the second press claims.
"""

from __future__ import annotations

from deberc_tui.engine import Claim, SeatView
from deberc_tui.engine.options import FalseClaim
from deberc_tui.engine.text import N_, Text

__all__ = ["claim_count_text", "claim_question", "claim_right"]


def claim_right(view: SeatView) -> bool:
    """Whether a claim by ``view``'s seat is allowed now and would be right: the count reaches the target."""
    return any(isinstance(a, Claim) for a in view.legal) and view.claim_count >= view.rules.target


def claim_count_text(view: SeatView) -> Text:
    """The claim's count part by part: ``76 written + 24 in tricks + 20 combinations + 0 bella = 120``."""
    side = view.rules.side_of(view.seat)
    written = view.totals[side]
    tricks = sum(t.points for t in view.tricks if view.rules.side_of(t.winner) == side)
    combos = view.combo_points[side] if view.combo_points else 0
    bella = view.claim_count - written - tricks - combos  # declared, or held under claim_bella "held"
    return Text(N_("{written} written + {tricks} in tricks + {combos} combinations + {bella} bella = {count}"),
                {"written": written, "tricks": tricks, "combos": combos, "bella": bella, "count": view.claim_count})


def claim_question(view: SeatView) -> Text:
    """What the first press of ``a`` says: the count against the target, whether the claim is right, and what
    a false claim costs under the rules in force."""
    rules = view.rules
    count = claim_count_text(view)
    if view.claim_count >= rules.target:
        return Text(N_("«Партия»: your side counts {count} of the {target} needed: the claim is right. "
                       "Press a again to claim."), {"count": count, "target": rules.target})
    side = rules.side_of(view.seat)
    rule: Text
    if rules.false_claim is FalseClaim.LOSES:
        rule = Text(N_("a false claim loses the game"))
    elif rules.false_claim is FalseClaim.DOUBLE_TO_OPPONENT:
        rule = Text(N_("a false claim strikes your {total} to 0 and doubles it to the other side"),
                    {"total": view.totals[side]})
    else:
        rule = Text(N_("a false claim is ignored"))
    return Text(N_("«Партия» cannot be right now: your side counts {count}, {short} short of the {target} "
                   "needed; {rule}. Press a again to claim all the same."),
                {"count": count, "short": rules.target - view.claim_count, "target": rules.target, "rule": rule})
