"""The Debertz rules engine: a pure library (no UI imports) that every other part goes through.

Typical use::

    game = Game(Rules.preset("moscow", players=2), first_dealer=0, seed=7)
    deal = game.start_deal()
    while not deal.is_over:
        seat = deal.to_act
        game.apply(seat, choose(game.view(seat)))
"""

from deberc_tui.engine.actions import (
    CLAIM,
    CONCEDE_ACCEPT,
    CONCEDE_OFFER,
    CONCEDE_PLAY,
    CONCEDE_REFUSE,
    KLABOR,
    PLAY,
    SWAP_SEVEN,
    Action,
    ActionFormatError,
    Bid,
    BidCall,
    Claim,
    Concede50,
    ConcedeStep,
    Klabor,
    PlayCard,
    Redeal,
    RedealReason,
    SwapSeven,
    action_from_record,
    action_to_record,
    parse_action,
)
from deberc_tui.engine.cards import (
    DECK,
    Card,
    CardError,
    Rank,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
    sort_hand,
)
from deberc_tui.engine.combos import Combo, ComboKind, Declaration, find_combos
from deberc_tui.engine.deal import Deal, DeckError, Phase, Trick
from deberc_tui.engine.errors import ApiMisuseError, DebercError, IllegalActionError, MalformedActionError
from deberc_tui.engine.events import Event, ThrowInReason
from deberc_tui.engine.game import Game, shuffled_deck
from deberc_tui.engine.rules import OPTION_HELP, PRESETS, BaitPenalty, Rules, RulesError
from deberc_tui.engine.scoring import DealOutcome, DealPoints, DealResult
from deberc_tui.engine.sheet import Outcome, ScoreSheet
from deberc_tui.engine.stack import stack_deck
from deberc_tui.engine.view import SeatView, seat_view

__all__ = [
    "CLAIM", "CONCEDE_ACCEPT", "CONCEDE_OFFER", "CONCEDE_PLAY", "CONCEDE_REFUSE", "Concede50", "ConcedeStep", "DECK", "KLABOR", "OPTION_HELP", "PLAY", "PRESETS", "SWAP_SEVEN",
    "Action", "ActionFormatError", "ApiMisuseError", "BaitPenalty", "Bid", "BidCall", "Card", "CardError", "Claim",
    "Combo", "ComboKind", "Deal", "DealOutcome", "DealPoints", "DealResult", "DebercError", "Declaration", "DeckError",
    "Event", "Game", "IllegalActionError", "Klabor", "MalformedActionError", "Outcome", "Phase", "PlayCard", "Rank",
    "Redeal", "RedealReason", "Rules", "RulesError", "ScoreSheet", "SeatView", "Suit", "SwapSeven", "ThrowInReason",
    "Trick", "action_from_record", "action_to_record", "cards_of", "find_combos", "mask_of", "parse_action", "parse_cards",
    "seat_view", "shuffled_deck", "sort_hand", "stack_deck",
]
