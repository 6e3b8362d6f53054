"""Game records (RECORD.md, ``deberc-record/1``): load and validate, replay through the engine, save.

A record is checked by replaying it: every action goes through the same engine that plays live
games, so "valid" means exactly "the rules accept it". Errors name the deal and action (1-based,
as a person counts them), the player and seat (from 1) and the rule:
``deal 3, action 14: Boris (seat 2) must follow suit ♥ (holds QH)``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deberc_tui.engine import (
    ActionFormatError,
    Card,
    CardError,
    DebercError,
    Game,
    IllegalActionError,
    Rules,
    RulesError,
    action_from_record,
    action_to_record,
)
from deberc_tui.engine.actions import CONCEDE_PLAY, CONCEDE_REFUSE, Action, Concede50, ConcedeStep, PlayCard
from deberc_tui.engine.match import Match
from deberc_tui.engine.text import N_, Text
from deberc_tui.storage import RECORD_LIMIT, atomic_write
from deberc_tui.untrusted import (
    MAX_TEXT,
    InputError,
    NewerVersionError,
    Shortened,
    check_tree,
    is_unicode,
    parse_json,
    read_text,
    shortened,
    size_words,
)

FORMAT = "deberc-record/1"
VERSION = 1
_FORMAT_NAME = re.compile(r"deberc-record/(\d{1,9})")
PLAYER_KINDS = ("human", "bot")
GENDERS = ("male", "female")
"""A player's optional ``gender``: how sentences about them agree («загрузилась Клара»); absent, they need none."""


class RecordError(DebercError):
    """A record that is not valid JSON, not RECORD.md's format, or breaks a rule; the message is one line.

    ``template`` + ``params`` give it for translation (``deberc_tui.text.i18n.translate_error``); params may be
    messages themselves (the engine's refusal, a rules error), translated with it. A ``DebercError``, so a
    caller can catch every refusal of the engine and of records in one place.
    """


class NewerRecordError(RecordError, NewerVersionError):
    """A record of a newer format version than this deberc reads: refused, never rewritten."""


@dataclass
class DealRecord:
    deck: list[Card]
    actions: list[tuple[int, Action]] = field(default_factory=list)


@dataclass
class Record:
    rules: Rules
    players: list[dict[str, object]]
    first_dealer: int
    deals: list[DealRecord] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "players": [dict(p) for p in self.players],
            "first_dealer": self.first_dealer,
            "deals": [
                {
                    "deck": [c.notation for c in d.deck],
                    "actions": [action_to_record(seat, a) for seat, a in d.actions],
                }
                for d in self.deals
            ],
        }


# -- reading ------------------------------------------------------------------------------------


def load_record(source: str | Path | Mapping[str, Any]) -> Record:
    """Read a record from a path, a JSON string or an already-parsed object, checking its shape.

    The actions are checked against the rules by :func:`replay_record`. Whatever the input, the only
    error is :class:`RecordError` (one line): a file over :data:`~deberc_tui.storage.RECORD_LIMIT` is refused
    before it is read, and the JSON is read as :mod:`deberc_tui.untrusted` says (numbers, nesting, Unicode).
    """
    try:
        if isinstance(source, Mapping):
            check_tree(source)
            doc: object = source
        else:
            doc = parse_json(_read_text(source))
    except InputError as exc:
        raise RecordError(exc.template, exc.params) from None
    return parse_record(doc)


def _read_text(source: str | Path) -> str:
    if isinstance(source, Path):
        try:
            return read_text(source, RECORD_LIMIT)
        except OSError as exc:
            raise RecordError(N_("cannot read {path}: {reason}"), {"path": source, "reason": exc.strerror or exc}) from None
    if len(source) > RECORD_LIMIT:
        raise RecordError(N_("the input is too large (over {limit})"), {"limit": size_words(RECORD_LIMIT)})
    return source


def parse_record(doc: object) -> Record:
    if not isinstance(doc, Mapping):
        raise RecordError(N_("a record must be a JSON object"))
    found = doc.get("format")
    version = _FORMAT_NAME.fullmatch(found) if isinstance(found, str) else None
    if version is not None and int(version[1]) > VERSION:
        raise NewerRecordError(N_("made by a newer deberc ({found}); this version reads {expected}"),
                               {"found": found, "expected": FORMAT})
    unknown = set(doc) - {"format", "rules", "players", "first_dealer", "deals"}
    if unknown:
        raise RecordError(N_("unknown key {key!r} in the record"), {"key": Shortened(sorted(unknown, key=str)[0])})
    if found != FORMAT:
        raise RecordError(N_("'format' must be {expected!r}, not {found!r}"), {"expected": FORMAT, "found": Shortened(found)})
    players = doc.get("players")
    if not isinstance(players, list) or len(players) not in (2, 3, 4):
        raise RecordError(N_("'players' must be a list of 2, 3 or 4 players"))
    checked_players = [_check_player(i, p) for i, p in enumerate(players)]
    rules = parse_rules(doc.get("rules", {}), len(players))
    first_dealer = doc.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < len(players):
        raise RecordError(N_("'first_dealer' must be a seat 0..{last}, not {value!r}"),
                          {"last": len(players) - 1, "value": Shortened(first_dealer)})
    deals_doc = doc.get("deals", [])
    if not isinstance(deals_doc, list):
        raise RecordError(N_("'deals' must be a list"))
    deals = [_parse_deal(i + 1, d) for i, d in enumerate(deals_doc)]
    return Record(rules, checked_players, first_dealer, deals)


def parse_rules(rules_doc: object, players: int) -> Rules:
    """RECORD.md's ``rules`` object (a preset plus options) for ``players`` seats; raises :class:`RecordError`.

    Option values are plain JSON values (``bait_penalty`` an object of them): a list or object where the
    engine expects a word or number is refused here, naming the option.
    """
    if not isinstance(rules_doc, Mapping):
        raise RecordError(N_("'rules' must be an object"))
    for key, value in rules_doc.items():
        allowed: tuple[type, ...] = (str,) if key == "preset" else (str, int, float, bool, type(None))
        if key == "bait_penalty" and isinstance(value, Mapping):
            inner = [v for v in value.values() if not isinstance(v, allowed)]
            if not inner:
                continue
        if not isinstance(value, allowed):
            raise RecordError(N_("rules: {key!r} cannot be {value!r}"), {"key": Shortened(key), "value": Shortened(value)})
    try:
        return Rules.from_dict(rules_doc, players=players)
    except RulesError as exc:
        raise RecordError(N_("rules: {reason}"), {"reason": shortened(exc)}) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:  # the engine's own checks missed a type
        raise RecordError(N_("rules: {reason}"), {"reason": Shortened(str(exc))}) from None


def _check_player(index: int, player: object) -> dict[str, object]:
    where = Text(N_("player {index}"), {"index": index + 1})  # counted from 1, as people count
    if not isinstance(player, Mapping):
        raise RecordError(N_("{where} must be an object with 'name' and 'kind'"), {"where": where})
    name = player.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RecordError(N_("{where} needs a non-empty 'name'"), {"where": where})
    if len(name) > MAX_TEXT or not is_unicode(name) or any(ch < " " for ch in name):
        raise RecordError(N_("{where}: the name {name!r} is not a name (at most {limit} printable characters)"),
                          {"where": where, "name": Shortened(name), "limit": MAX_TEXT})
    kind = player.get("kind", "human")
    if not isinstance(kind, str) or kind not in PLAYER_KINDS:
        raise RecordError(N_("{where}: 'kind' must be 'human' or 'bot', not {kind!r}"),
                          {"where": where, "kind": Shortened(kind)})
    gender = player.get("gender")
    if gender is not None and (not isinstance(gender, str) or gender not in GENDERS):
        raise RecordError(N_("{where}: 'gender' must be 'male' or 'female', not {gender!r}"),
                          {"where": where, "gender": Shortened(gender)})
    out = dict(player)
    out["kind"] = kind
    bot = out.get("bot", "")
    if kind == "bot" and (not isinstance(bot, str) or len(bot) > MAX_TEXT):
        raise RecordError(N_("{where}: 'bot' must be a bot's name"), {"where": where})
    return out


def _parse_deal(number: int, deal: object) -> DealRecord:
    where = Text(N_("deal {number}"), {"number": number})
    if not isinstance(deal, Mapping):
        raise RecordError(N_("{where} must be an object with 'deck' and 'actions'"), {"where": where})
    unknown = set(deal) - {"deck", "actions"}
    if unknown:
        raise RecordError(N_("{where}: unknown key {key!r}"), {"where": where, "key": Shortened(sorted(unknown, key=str)[0])})
    deck_doc = deal.get("deck")
    if not isinstance(deck_doc, list):
        raise RecordError(N_("{where}: 'deck' must be a list of the 32 cards"), {"where": where})
    deck: list[Card] = []
    if len(deck_doc) > 32:
        raise RecordError(N_("{where}: the deck must hold the 32 cards, not {count}"), {"where": where, "count": len(deck_doc)})
    for i, text in enumerate(deck_doc):
        if not isinstance(text, str):
            raise RecordError(N_("{where}, deck card {index}: {reason}"),
                              {"where": where, "index": i + 1, "reason": Text(N_("not a card: {value!r}"), {"value": Shortened(text)})})
        try:
            deck.append(Card.parse(text))
        except CardError as exc:
            raise RecordError(N_("{where}, deck card {index}: {reason}"), {"where": where, "index": i + 1, "reason": shortened(exc)}) from None
    _check_deck(where, deck)
    actions_doc = deal.get("actions", [])
    if not isinstance(actions_doc, list):
        raise RecordError(N_("{where}: 'actions' must be a list"), {"where": where})
    actions = []
    for i, obj in enumerate(actions_doc):
        if isinstance(obj, Mapping):
            for key, value in obj.items():
                if isinstance(value, Mapping | list):  # RECORD.md's action values are words, numbers and flags
                    raise RecordError(N_("{where}, action {index}: {key!r} cannot be {value!r}"),
                                      {"where": where, "index": i + 1, "key": Shortened(key), "value": Shortened(value)})
        try:
            actions.append(action_from_record(obj))
        except ActionFormatError as exc:
            raise RecordError(N_("{where}, action {index}: {reason}"), {"where": where, "index": i + 1, "reason": shortened(exc)}) from None
    return DealRecord(deck, actions)


def _check_deck(where: Text, deck: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for c in deck:
        if c in seen:
            raise RecordError(N_("{where}: the deck holds {card} twice"), {"where": where, "card": c.notation})
        seen.add(c)
    if len(deck) != 32:
        missing = sorted(set(Card.from_index(i) for i in range(32)) - seen)
        if missing:
            raise RecordError(N_("{where}: the deck must hold the 32 cards, not {count} ({cards} missing)"),
                              {"where": where, "count": len(deck), "cards": ", ".join(c.notation for c in missing[:4])})
        raise RecordError(N_("{where}: the deck must hold the 32 cards, not {count}"), {"where": where, "count": len(deck)})


# -- replaying ----------------------------------------------------------------------------------


def replay_record(record: Record) -> Game:
    """Rebuild the game by applying every action; raise :class:`RecordError` at the first illegal one.

    For a record of a match (RULES.md §12) this is its last game: :func:`replay_match` gives the whole match.
    """
    return replay_match(record).game


def replay_match(record: Record) -> Match:
    """Rebuild the match (one game when ``match_target`` is null) by applying every action, offers to double
    and «даве» included; raise :class:`RecordError` at the first illegal one. When a game ends, the next deal
    of the record is the first deal of the next game (RECORD.md)."""
    match = Match(record.rules, record.first_dealer)
    for number, deal_rec in enumerate(record.deals, start=1):
        if match.is_over:
            if record.rules.match_target is None:
                raise RecordError(N_("deal {number}: the game is already over"), {"number": number})
            raise RecordError(N_("deal {number}: the match is already over"), {"number": number})
        if not match.needs_deal:
            raise RecordError(N_("deal {number}: deal {previous} is not finished"), {"number": number, "previous": number - 1})
        try:
            deal = match.start_deal(deal_rec.deck)
        except DebercError as exc:
            raise RecordError(N_("deal {number}: {reason}"), {"number": number, "reason": shortened(exc)}) from None
        pending = list(enumerate(deal_rec.actions, start=1))  # (the action's number in the record, the action)
        k = 0
        while k < len(pending):
            if deal.concede_open and not isinstance(pending[k][1][1], Concede50):
                assert deal.bidder is not None
                pending[k:] = _older_concession(pending[k:], (deal.bidder + 1) % 2)
            index, (seat, action) = pending[k]
            k += 1
            where = Text(N_("deal {number}, action {index}"), {"number": number, "index": index})
            if deal.is_over:
                raise RecordError(N_("{where}: the deal is already over"), {"where": where})
            if not 0 <= seat < match.n:
                raise RecordError(N_("{where}: seat {seat} is not at this table (0..{last})"),
                                  {"where": where, "seat": seat, "last": match.n - 1})
            try:
                match.apply(seat, action)
            except IllegalActionError as exc:
                raise RecordError(N_("{where}: {name} (seat {seat}) {reason}"), {
                    "where": where, "name": _player_name(record, exc.seat), "seat": exc.seat + 1,
                    "reason": _people_seats(exc)}) from None
            except DebercError as exc:  # refused by the engine in another way (a seat's misuse, ...)
                raise RecordError(N_("{where}: {reason}"), {"where": where, "reason": shortened(exc)}) from None
    return match


_Numbered = tuple[int, tuple[int, Action]]


def _older_concession(rest: list[_Numbered], defender: int) -> list[_Numbered]:
    """The actions of a deal from the moment the defender chooses whether to concede for fifty, as a record made
    before that choice came first has them (until issue 21 the extra cards came with the trump and the offer
    stayed open until the first card): an offer made before the first card, with its answer, is moved first, and
    the actions it came after (a trump-seven swap, a double) follow a refused offer — after an accepted one the
    deal ends, and they are dropped; without an offer the defender's ``play`` goes first. The cards each player
    gets are the same either way: the extra cards come off the deck in the same order."""
    for j, (_number, (_seat, action)) in enumerate(rest):
        if isinstance(action, PlayCard):
            break
        if isinstance(action, Concede50) and action.step is ConcedeStep.OFFER:
            answer = rest[j + 1:j + 2]
            refused = bool(answer) and answer[0][1][1] == CONCEDE_REFUSE
            return [rest[j], *answer, *(rest[:j] if refused else []), *rest[j + 2:]]
    return [(rest[0][0], (defender, CONCEDE_PLAY)), *rest]


def _player_name(record: Record, seat: int) -> str:
    try:
        return str(record.players[seat]["name"])
    except (IndexError, KeyError):
        return str(seat + 1)


def _people_seats(exc: IllegalActionError) -> Text:
    """The engine's reason with its seat numbers counted from 1, as players count them (``it is seat 1's turn``)."""
    params = dict(exc.params)
    for key in ("turn",):
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            params[key] = value + 1
    return Text(exc.template, params)


def record_from_game(
    game: Game | Match, players: Sequence[Mapping[str, object]], first_dealer: int | None = None
) -> dict[str, Any]:
    """The RECORD.md document of a game or a whole match so far (a deal in progress included)."""
    rec = Record(
        game.rules,
        [dict(p) for p in players],
        game.first_dealer if first_dealer is None else first_dealer,
        [DealRecord(list(d.deck), list(d.log)) for d in game.deals],
    )
    return rec.to_json()


def game_identity(match: Match, game_index: int) -> str:
    """A finished game's identity: a hash of its record — the rules, the first dealer and every deal of the match
    up to the end of game ``game_index`` (its decks and actions). The same game reached twice (its record opened
    again, a copy of a saved game finished the same way) has the same identity; any other game, dealt from
    another shuffled deck, has another. The statistics count a game once by it."""
    deals = [d for game in match.games[: game_index + 1] for d in game.deals]
    doc = {
        "rules": match.rules.to_dict(),
        "first_dealer": match.first_dealer,
        "deals": [[[c.notation for c in d.deck], [action_to_record(s, a) for s, a in d.log]] for d in deals],
    }
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def record_text(doc: Mapping[str, Any]) -> str:
    """A record as its file holds it: indented for a reader, or — where that would pass
    :data:`~deberc_tui.storage.RECORD_LIMIT` — compact, so that a long match still opens (the same JSON;
    indenting adds about 70%)."""
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if len(text) * 4 > RECORD_LIMIT and len(text.encode("utf-8")) > RECORD_LIMIT:  # the cheap test first
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
    return text


def save_record(path: str | Path, doc: Mapping[str, Any] | Record) -> None:
    """Write a record atomically (a crash leaves the old file or the new one, never half)."""
    data = doc.to_json() if isinstance(doc, Record) else dict(doc)
    atomic_write(Path(path), record_text(data))


def replay_json(played: Game | Match) -> dict[str, Any]:
    """RECORD.md's ``replay --json`` object: every deal with its ``game``, the current game's ``totals``, the
    ``games`` (one for a lone game) and ``match_points``; ``finished``/``winner`` are the match's."""
    match = played if isinstance(played, Match) else Match.of_game(played)
    deals: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = [r.to_json() for r in match.settled]
    for index, game in enumerate(match.games):
        deals.extend({**row.to_json(), "game": index} for row in game.sheet())
        if not game.is_over:
            zeros = [0] * match.rules.sides
            games.append({"winner": None, "game_points": zeros, "multiplier": match.multiplier, "money": zeros})
    return {
        "sides": match.sides,
        "deals": deals,
        "totals": list(match.game.totals),
        "finished": match.is_over,
        "winner": match.winner,
        "games": games,
        "match_points": list(match.match_points),
    }
