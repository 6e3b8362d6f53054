"""The sheet as players write it: running totals per side, БТ for a baited bidder, vs(xx) for hanging points;
in a match, a line under each game (who won it, its game points with mars and the multiplier, the money) and
the match score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from deberc_tui.engine import DealResult, Suit
from deberc_tui.engine import scoring as sc
from deberc_tui.engine.actions import OfferKind
from deberc_tui.engine.options import CutPenalty, Hanging, Money, RenegePenalty
from deberc_tui.scorepad.model import OFFENCES, THROW_REASONS, EnteredDeal, Fault, FaultKind, Pad, PadGame
from deberc_tui.text.i18n import _, ngettext
from deberc_tui.text.sheet_text import shows_stakes

BAIT_MARK: Final = "БТ"
NOTHING: Final = "—"
SUIT_SYMBOLS: Final[dict[str, str]] = {suit.value: suit.symbol for suit in Suit}  # the engine's, by letter


def hang_mark(points: int) -> str:
    return f"vs({points})"


def _minus(value: int) -> str:
    return f"−{-value}" if value < 0 else f"+{value}"


def signed(value: int) -> str:
    """Money as the sheet writes it: ``+8``, ``−8``, ``0``."""
    return _minus(value) if value else "0"


def stake_mark(kind: OfferKind | None, multiplier: int) -> str:
    """The stake a game is played at: ``×4`` («Дайви»'s multiplier) or ``stake 3`` (the «даве» stake)."""
    if kind is OfferKind.DAVE:
        return _("stake {k}").format(k=multiplier)
    return f"×{multiplier}"


def per_side(pad: Pad, values: Sequence[int], money: bool = False) -> str:
    """``Anna 2, Boris 0`` (money: ``Anna +8, Boris −8``)."""
    return ", ".join(f"{pad.side_name(s)} {signed(v) if money else v}" for s, v in enumerate(values))


def shows_games(pad: Pad) -> bool:
    """Whether the sheet speaks of games and stakes: a match, raising the stake, or money (§12)."""
    return shows_stakes(pad.rules)


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One written line of the pad: deal number (1-based, through the match), who dealt, who bid, each side's
    cell (its game's running total), a note, and the game (0-based) the deal belongs to."""

    number: int
    dealer: str
    bidder: str
    trump: str
    cells: tuple[str, ...]
    points: tuple[str, ...]
    note: str
    result: DealResult
    game: int = 0


@dataclass(frozen=True, slots=True)
class GameLine:
    """The line under a finished game: after which deal (1-based), each side's match points so far, what the
    game was worth (:func:`game_text`), and the game itself."""

    after: int
    cells: tuple[str, ...]
    text: str
    game: PadGame


def sheet_rows(pad: Pad) -> list[SheetRow]:
    rows: list[SheetRow] = []
    tally = pad.tally
    for game in tally.games:
        held = [0] * pad.sides  # points held by tied deals under ``hanging: "forced"``, written by the forced deal
        for i in game.deals:
            r = tally.results[i]
            rows.append(_row(pad, i, r, pad.deals[i], tuple(held), tally.stakes[i], game.index))
            if r.outcome == sc.HELD:
                held = [h + p for h, p in zip(held, r.points, strict=True)]
            elif r.outcome != sc.THROWN_IN:
                held = [0] * pad.sides
    return rows


def game_lines(pad: Pad) -> list[GameLine]:
    """A line per finished game, when the sheet speaks of games (:func:`shows_games`)."""
    if not shows_games(pad):
        return []
    out: list[GameLine] = []
    points = [0] * pad.sides
    for game in pad.tally.games:
        if game.result is None:
            continue
        points = [p + g for p, g in zip(points, game.result.game_points, strict=True)]
        out.append(GameLine(game.deals[-1] + 1, tuple(map(str, points)), game_text(pad, game), game))
    return out


def game_text(pad: Pad, game: PadGame, money: bool = True) -> str:
    """What a finished game was worth: ``Game 1: Anna wins (mars, ×2) — 4 game points · money: Anna +4, Boris −4``."""
    result = game.result
    outcome = game.sheet.outcome
    assert result is not None and outcome is not None
    rules = pad.rules
    how: list[str] = []
    if outcome.reason is sc.GameEnd.DOUBLE_REFUSED:
        how.append(_("double refused"))
    elif outcome.reason is sc.GameEnd.DAVE_CONCEDED:
        how.append(_("«даве» conceded"))
    elif outcome.game_points > 1 and not rules.short:
        how.append(_("mars"))
    if result.multiplier > 1:
        how.append(stake_mark(pad.stake_kind, result.multiplier))
    text = _("Game {number}: {side} wins").format(number=result.index + 1, side=pad.side_name(result.winner))
    if how:
        text += f" ({', '.join(how)})"
    scorers = [s for s, p in enumerate(result.game_points) if p]
    if scorers == [result.winner]:
        n = result.game_points[result.winner]
        worth = ngettext("{n} game point", "{n} game points", n).format(n=n)
    else:
        worth = _("game points: {points}").format(points=per_side(pad, result.game_points))
    text += " — " + worth
    if money and rules.money is not Money.NONE:
        text += " · " + _("money: {money}").format(money=per_side(pad, result.money, money=True))
    return text


def match_text(pad: Pad) -> str:
    """The match score: ``match: Anna 3, Boris 1 (to 5)`` (a pad of one game: its game points)."""
    points = per_side(pad, pad.tally.match_points)
    if pad.rules.match_target is None:
        return _("game points: {points}").format(points=points)
    return _("match: {points} (to {target})").format(points=points, target=pad.rules.match_target)


def _stake_notes(pad: Pad, deal: EnteredDeal, stakes: Sequence[int]) -> list[str]:
    """The stakes raised during a deal, as the note says them (2 players: the other one answered)."""
    notes: list[str] = []
    dave = pad.stake_kind is OfferKind.DAVE
    for call, multiplier in zip(deal.stakes, stakes, strict=False):
        name = pad.names[call.seat]
        other = pad.names[(call.seat + 1) % len(pad.names)]
        if call.accepted:
            template = (_("{name}: «даве», {other} played on: stake {k}") if dave
                        else _("{name} doubled, {other} accepted: ×{k}"))
        else:
            template = (_("{name}: «даве», {other} conceded: {name} wins the game") if dave
                        else _("{name} doubled, {other} refused: {name} wins the game"))
        notes.append(template.format(name=name, other=other, k=multiplier))
    return notes


def _moved(r: DealResult) -> list[int]:
    """Per side, what false claims and table penalties moved in this deal (written or taken off)."""
    out = [0] * len(r.totals)
    if r.detail is not None:
        for move in (r.detail.struck, r.detail.table):
            for s, amount in enumerate(move):
                out[s] += amount
    return out


def _row(pad: Pad, index: int, r: DealResult, deal: EnteredDeal, held: tuple[int, ...], stakes: Sequence[int],
         game: int) -> SheetRow:
    rules = pad.rules
    nsides = rules.sides
    cells = [str(t) for t in r.totals]
    notes: list[str] = []
    bidder = r.bidder
    bidder_seat = deal.bidder
    moved = _moved(r)
    if any(held) and r.outcome != sc.THROWN_IN:
        notes.append(_("forced deal: {points} held written with it").format(points=sum(held)))
    if r.outcome == sc.THROWN_IN:
        # nothing written, but a fine is taken off the total (a renege under redeal_minus_100)
        cells = [str(t) if r.penalties[s] else NOTHING for s, t in enumerate(r.totals)]
        if r.reason != "renege":  # a void deal: the renege's own note says so
            notes.append(_("thrown in: {reason}").format(reason=_(THROW_REASONS.get(r.reason, r.reason))))
    elif r.outcome == sc.HELD:
        cells = [NOTHING] * nsides
        forced = pad.names[bidder_seat] if bidder_seat is not None else "?"
        notes.append(_("tie: {points} held; the next deal is forced, {name} plays it").format(
            points=sum(r.points) + sum(held), name=forced))
    elif r.outcome == sc.CONCEDED:
        notes.append(_("conceded for fifty: {side} writes 50").format(
            side=pad.side_name(bidder) if bidder is not None else "?"))
    elif r.outcome == sc.BAIT:
        assert bidder is not None
        cells[bidder] = BAIT_MARK
        received = r.hanging_received or (0,) * nsides
        shares = [(s, r.written[s] - r.points[s] - held[s] - received[s] - max(0, moved[s]))
                  for s in range(nsides) if s != bidder]
        gets = ", ".join(f"{pad.side_name(s)} +{amount}" for s, amount in shares if amount > 0)
        notes.append(_("bait: {side}'s {points} → {gets}").format(side=pad.side_name(bidder),
                                                                   points=r.points[bidder] + held[bidder],
                                                                   gets=gets) if gets else _("bait"))
    elif r.outcome is sc.HANGING:
        assert bidder is not None
        if rules.hanging is Hanging.HANG:
            cells[bidder] = hang_mark(r.points[bidder])
            notes.append(_("{points} hang").format(points=r.points[bidder]))
        else:
            notes.append(_("tie: each writes their own"))
    elif r.outcome == sc.CLAIM_WON:
        winner = r.detail.winner if r.detail else None
        cells = [str(t) if s == winner else NOTHING for s, t in enumerate(r.totals)]
        notes.append(_("claim: {side} reached {target}").format(
            side=pad.side_name(winner) if winner is not None else "?", target=rules.target))
    elif r.outcome == sc.CLAIM_LOST:
        cells = [NOTHING] * nsides
        claimant = r.detail.claimant if r.detail else None
        notes.append(_("false claim by {side}").format(side=pad.side_name(claimant) if claimant is not None else "?"))
    elif r.outcome in sc.STAKE_ENDING:
        cells = [NOTHING] * nsides
    elif r.outcome in (sc.DEBERTZ_WON, sc.KLABOR_WON):
        cells = [NOTHING] * nsides
        winner = r.detail.winner if r.detail else None
        template = _("debertz by {side}") if r.outcome == sc.DEBERTZ_WON else _("klabor by {side}")
        notes.append(template.format(side=pad.side_name(winner) if winner is not None else "?"))
    for s, amount in enumerate(r.hanging_received):
        if amount:
            notes.append(_("{side} gets {points} hanging").format(side=pad.side_name(s), points=amount))
    notes.extend(_stake_notes(pad, deal, stakes))
    notes.extend(_claim_notes(pad, deal, r))
    notes.extend(_fault_note(pad, index, deal, fault) for fault in deal.faults)
    for s, pen in enumerate(r.penalties):
        if pen:
            cells[s] = f"{cells[s]} ({_minus(pen)})"
            took_none = r.outcome in sc.PLAYED_OUT and r.detail is not None and r.detail.tricks[s] == 0
            ski = -rules.ski_penalty if took_none else 0
            if ski:
                notes.append(_("{side} no trick {points}").format(side=pad.side_name(s), points=_minus(ski)))
            rest = pen - ski - min(0, moved[s])  # what false claims and table penalties took is said above
            if rest:
                notes.append(_("{side} repeated bait {points}").format(side=pad.side_name(s), points=_minus(rest)))
    if r.outcome in sc.PLAYED_OUT and r.hanging and not (r.outcome is sc.HANGING and rules.hanging is Hanging.HANG):
        notes.append(_("{points} still hanging").format(points=r.hanging))
    elif r.outcome is sc.HANGING and rules.hanging is Hanging.HANG and r.hanging != r.points[r.bidder or 0]:
        notes.append(_("{points} hanging in all").format(points=r.hanging))
    points = tuple(str(p) if r.outcome in sc.PLAYED_OUT or r.outcome == sc.CLAIM_WON else "" for p in r.points)
    return SheetRow(
        number=index + 1,
        dealer=pad.names[r.dealer],
        bidder=pad.names[bidder_seat] if bidder_seat is not None else "",
        trump=SUIT_SYMBOLS.get(r.trump or "", ""),
        cells=tuple(cells),
        points=points,
        note="; ".join(notes),
        result=r,
        game=game,
    )


def _claim_notes(pad: Pad, deal: EnteredDeal, r: DealResult) -> list[str]:
    """``false_claim: "double_to_opponent"``: who claimed wrongly and how the totals moved."""
    if not deal.false_claims or r.detail is None or not r.detail.struck:
        return [_("false claim by {side}").format(side=pad.side_name(s)) for s in deal.false_claims]
    moves = ", ".join(f"{pad.side_name(s)} {_minus(m)}" for s, m in enumerate(r.detail.struck) if m)
    claimants = _(" and ").join(pad.side_name(s) for s in dict.fromkeys(deal.false_claims))
    return [_("false claim by {side}: {moves}").format(side=claimants, moves=moves or "0")]


def _fault_note(pad: Pad, index: int, deal: EnteredDeal, fault: Fault) -> str:
    """One table penalty (§11) as the sheet's note says it."""
    rules = pad.rules
    side = rules.side_of(deal.dealer) if fault.kind is FaultKind.MISSED_CUT else (fault.side or 0)
    name = pad.side_name(side)
    if fault.kind is FaultKind.MISSED_CUT:
        if rules.cut_penalty is CutPenalty.MINUS_100:
            return _("no cut offered by {name}: −100").format(name=pad.names[deal.dealer])
        return _("no cut offered by {name}: bait").format(name=pad.names[deal.dealer])
    if fault.kind is FaultKind.BAIT_ON_CARDS:
        return _("bait on the cards: {side}, {offence}").format(side=name, offence=_(OFFENCES.get(fault.offence, fault.offence)))
    other = fault.to if fault.to is not None else 1 - side
    if fault.kind is FaultKind.RENEGE:
        if rules.renege_penalty is RenegePenalty.REDEAL_MINUS_100:
            return _("renege by {side}: void deal, −100").format(side=name)
        if rules.renege_penalty is RenegePenalty.BAIT:
            return _("renege by {side}: bait on the cards").format(side=name)
        return _("renege by {side}: a trick of {points} to {other}").format(
            side=name, points=fault.points, other=pad.side_name(other))
    written = fault.points or 0
    true = _unchecked_points(pad, index, deal, side)
    error = written - true
    if abs(error) == 100:
        return _("pencil: {side} wrote {written}, corrected to {true}").format(side=name, written=written, true=true)
    if error > 0:
        return _("pencil: {side} wrote {written}, not {true}: {excess} to {other}").format(
            side=name, written=written, true=true, excess=error, other=pad.side_name(other))
    return _("pencil: {side} wrote {written} (less than {true}): it stands").format(side=name, written=written, true=true)


def _unchecked_points(pad: Pad, index: int, deal: EnteredDeal, side: int) -> int:
    """A side's deal points before a pencil correction (what the entry is checked against)."""
    without = replace(deal, faults=tuple(f for f in deal.faults if f.kind is not FaultKind.PENCIL))
    return pad.check(without, index).points[side]


def status_line(pad: Pad) -> str:
    """Totals, hanging points, the next dealer or the winner, in one line; in a match also the game's number,
    its stake, the match score and the money."""
    tally = pad.tally
    sheet = tally.sheet
    totals = ", ".join(f"{pad.side_name(s)} {t}" for s, t in enumerate(sheet.totals))
    parts = [totals]
    if pad.is_match:
        parts.insert(0, _("game {number}").format(number=max(1, len(tally.games))))
    if sheet.hanging:
        parts.append(_("{mark} waiting").format(mark=hang_mark(sheet.hanging)))
    if sheet.forced_bidder is not None and sheet.outcome is None:
        parts.append(_("forced deal next: {name} plays, {points} held").format(
            name=pad.names[sheet.forced_bidder], points=sum(sheet.held_points)))
    if sheet.outcome is not None:
        o = sheet.outcome
        if shows_games(pad) and tally.games and tally.games[-1].result is not None:
            parts.append(game_text(pad, tally.games[-1], money=not pad.is_match))  # a match: the money in all follows
        else:
            won = _("{side} wins").format(side=pad.side_name(o.winner))
            if o.reason == "gap" and pad.rules.gap_end is not None:
                won += _(" (a lead of {gap} or more)").format(gap=pad.rules.gap_end)
            if o.game_points > 1:
                won += _(" ({n} game points: mars)").format(n=o.game_points)
            parts.append(won)
    if pad.is_match:
        parts.append(match_text(pad))
    if pad.is_match and pad.rules.money is not Money.NONE and tally.settled:
        parts.append(_("money: {money}").format(money=per_side(pad, tally.money, money=True)))
    if pad.is_over:
        if pad.is_match:
            assert tally.winner is not None
            parts.append(_("{side} wins the match").format(side=pad.side_name(tally.winner)))
        return " · ".join(parts)
    if tally.multiplier > 1:
        parts.append(stake_mark(pad.stake_kind, tally.multiplier))
    if tally.game_over:
        parts.append(_("game {number} next: {name} deals").format(number=len(tally.games) + 1,
                                                                  name=pad.names[tally.next_dealer]))
    else:
        parts.append(_("next to deal: {name}").format(name=pad.names[tally.next_dealer]))
    return " · ".join(parts)


def render_text(pad: Pad, detail: bool = False) -> str:
    """The sheet as a plain-text table (``deberc scorepad show``), a line under each game of a match."""
    heads = ["#", _("dealer"), _("bidder")] + pad.side_names + [_("note")]
    body: list[list[str]] = []
    for row in sheet_rows(pad):
        cells = list(row.cells)
        if detail:
            cells = [f"{c} [{p}]" if p else c for c, p in zip(cells, row.points, strict=True)]
        body.append([str(row.number), row.dealer, f"{row.bidder} {row.trump}".strip(), *cells, row.note])
    widths = [max(len(h), *(len(line[i]) for line in body)) if body else len(h) for i, h in enumerate(heads)]
    under = {line.after: line for line in game_lines(pad)}
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for line in body:
        lines.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
        game = under.get(int(line[0]))
        if game is not None:
            score = ""
            if pad.is_match:
                score = " · " + _("match: {points}").format(points=per_side(pad, [int(c) for c in game.cells]))
            lines.append(f"== {game.text}{score}")
    lines.append("")
    lines.append(status_line(pad))
    return "\n".join(lines)
