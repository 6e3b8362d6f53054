"""What a seat did about the deal's or the game's worth — conceding for fifty (§8), doubling («Дайви») and «даве»
(§12) — said once, for the table's log and for a deal's story (the replay, the saved-games viewer, the sheet).

Two wordings of one event drift apart: the log said a double "would count ×2" while the story said "the game counts
×1" of the same offer. Both now take the line from here; the log only begins it with a capital letter.
"""

from __future__ import annotations

from typing import Final

from deberc_tui.engine import events as ev
from deberc_tui.text.i18n import N_
from deberc_tui.text.persons import Phrase

StakeEvent = (ev.ConcedeOffered | ev.ConcedeAnswered | ev.DoubleOffered | ev.DoubleAnswered | ev.DaveOffered
              | ev.DaveAnswered)
STAKE_EVENTS: Final = (ev.ConcedeOffered, ev.ConcedeAnswered, ev.DoubleOffered, ev.DoubleAnswered, ev.DaveOffered,
                       ev.DaveAnswered)

OFFERS_FIFTY = Phrase(N_("you offer to concede the deal for fifty"), N_("{name} offers to concede the deal for fifty"))
ACCEPTS_FIFTY = Phrase(N_("you accept: you write 50, the deal ends"), N_("{name} accepts: writes 50, the deal ends"))
REFUSES_FIFTY = Phrase(N_("you refuse: play on"), N_("{name} refuses: play on"))
DOUBLES = Phrase(N_("you double («Дайви»): the game would count ×{multiplier}"),
                 N_("{name} doubles («Дайви»): the game would count ×{multiplier}"))
ACCEPTS_DOUBLE = Phrase(N_("you accept: the game counts ×{multiplier}"),
                        N_("{name} accepts: the game counts ×{multiplier}"))
REFUSES_DOUBLE = Phrase(N_("you refuse the double: the game ends at ×{multiplier}"),
                        N_("{name} refuses the double: the game ends at ×{multiplier}"))
SAYS_DAVE = Phrase(N_("you say «даве» at stake {stake}"), N_("{name} says «даве» at stake {stake}"))
PLAYS_ON = Phrase(N_("you play on for stake {stake}"), N_("{name} plays on for stake {stake}"))
CONCEDES_DAVE = Phrase(N_("you concede: the other side wins {stake}"),
                       N_("{name} concedes: the other side wins {stake}"))


def stake_said(e: StakeEvent) -> tuple[Phrase, dict[str, object]]:
    """The phrase said of ``e.seat`` and its numbers. A double offered says what the game would count if accepted
    (the event carries the multiplier before it); an answer, what it counts after."""
    if isinstance(e, ev.ConcedeOffered):
        return OFFERS_FIFTY, {}
    if isinstance(e, ev.ConcedeAnswered):
        return (ACCEPTS_FIFTY if e.accepted else REFUSES_FIFTY), {}
    if isinstance(e, ev.DoubleOffered):
        return DOUBLES, {"multiplier": e.multiplier * 2}
    if isinstance(e, ev.DoubleAnswered):
        return (ACCEPTS_DOUBLE if e.accepted else REFUSES_DOUBLE), {"multiplier": e.multiplier}
    if isinstance(e, ev.DaveOffered):
        return SAYS_DAVE, {"stake": e.stake}
    return (PLAYS_ON if e.played else CONCEDES_DAVE), {"stake": e.stake}
