"""The sheet as players write it: running totals per side, БТ for a baited bidder, vs(xx) for hanging points."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from deberc_tui.engine import DealResult, Suit
from deberc_tui.engine import scoring as sc
from deberc_tui.scorepad.model import OFFENCES, THROW_REASONS, EnteredDeal, Fault, FaultKind, Pad
from deberc_tui.text.i18n import _

BAIT_MARK: Final = "БТ"
NOTHING: Final = "—"
SUIT_SYMBOLS: Final[dict[str, str]] = {suit.value: suit.symbol for suit in Suit}  # the engine's, by letter


def hang_mark(points: int) -> str:
    return f"vs({points})"


def _minus(value: int) -> str:
    return f"−{-value}" if value < 0 else f"+{value}"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One written line of the pad: deal number (1-based), who dealt, who bid, each side's cell, a note."""

    number: int
    dealer: str
    bidder: str
    trump: str
    cells: tuple[str, ...]
    points: tuple[str, ...]
    note: str
    result: DealResult


def sheet_rows(pad: Pad) -> list[SheetRow]:
    rows: list[SheetRow] = []
    held = [0] * pad.sides  # points held by tied deals under ``hanging: "forced"``, written by the forced deal
    for deal, r in zip(pad.deals, pad.results, strict=True):
        rows.append(_row(pad, r, deal, tuple(held)))
        if r.outcome == sc.HELD:
            held = [h + p for h, p in zip(held, r.points, strict=True)]
        elif r.outcome != sc.THROWN_IN:
            held = [0] * pad.sides
    return rows


def _moved(r: DealResult) -> list[int]:
    """Per side, what false claims and table penalties moved in this deal (written or taken off)."""
    out = [0] * len(r.totals)
    if r.detail is not None:
        for move in (r.detail.struck, r.detail.table):
            for s, amount in enumerate(move):
                out[s] += amount
    return out


def _row(pad: Pad, r: DealResult, deal: EnteredDeal, held: tuple[int, ...]) -> SheetRow:
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
    elif r.outcome == sc.HANGING:
        assert bidder is not None
        if rules.hanging == "hang":
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
    elif r.outcome in (sc.DEBERTZ_WON, sc.KLABOR_WON):
        cells = [NOTHING] * nsides
        winner = r.detail.winner if r.detail else None
        template = _("debertz by {side}") if r.outcome == sc.DEBERTZ_WON else _("klabor by {side}")
        notes.append(template.format(side=pad.side_name(winner) if winner is not None else "?"))
    for s, amount in enumerate(r.hanging_received):
        if amount:
            notes.append(_("{side} gets {points} hanging").format(side=pad.side_name(s), points=amount))
    notes.extend(_claim_notes(pad, deal, r))
    notes.extend(_fault_note(pad, r.index, deal, fault) for fault in deal.faults)
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
    if r.outcome in sc.PLAYED_OUT and r.hanging and not (r.outcome == sc.HANGING and rules.hanging == "hang"):
        notes.append(_("{points} still hanging").format(points=r.hanging))
    elif r.outcome == sc.HANGING and rules.hanging == "hang" and r.hanging != r.points[r.bidder or 0]:
        notes.append(_("{points} hanging in all").format(points=r.hanging))
    points = tuple(str(p) if r.outcome in sc.PLAYED_OUT or r.outcome == sc.CLAIM_WON else "" for p in r.points)
    return SheetRow(
        number=r.index + 1,
        dealer=pad.names[r.dealer],
        bidder=pad.names[bidder_seat] if bidder_seat is not None else "",
        trump=SUIT_SYMBOLS.get(r.trump or "", ""),
        cells=tuple(cells),
        points=points,
        note="; ".join(notes),
        result=r,
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
        if rules.cut_penalty == "minus_100":
            return _("no cut offered by {name}: −100").format(name=pad.names[deal.dealer])
        return _("no cut offered by {name}: bait").format(name=pad.names[deal.dealer])
    if fault.kind is FaultKind.BAIT_ON_CARDS:
        return _("bait on the cards: {side}, {offence}").format(side=name, offence=_(OFFENCES.get(fault.offence, fault.offence)))
    other = fault.to if fault.to is not None else 1 - side
    if fault.kind is FaultKind.RENEGE:
        if rules.renege_penalty == "redeal_minus_100":
            return _("renege by {side}: void deal, −100").format(side=name)
        if rules.renege_penalty == "bait":
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
    """Totals, hanging points, the next dealer or the winner, in one line."""
    sheet = pad.sheet
    totals = ", ".join(f"{pad.side_name(s)} {t}" for s, t in enumerate(sheet.totals))
    parts = [totals]
    if sheet.hanging:
        parts.append(_("{mark} waiting").format(mark=hang_mark(sheet.hanging)))
    if sheet.forced_bidder is not None and sheet.outcome is None:
        parts.append(_("forced deal next: {name} plays, {points} held").format(
            name=pad.names[sheet.forced_bidder], points=sum(sheet.held_points)))
    if sheet.outcome is not None:
        o = sheet.outcome
        won = _("{side} wins").format(side=pad.side_name(o.winner))
        if o.reason == "gap" and pad.rules.gap_end is not None:
            won += _(" (a lead of {gap} or more)").format(gap=pad.rules.gap_end)
        if o.game_points > 1:
            won += _(" ({n} game points: mars)").format(n=o.game_points)
        parts.append(won)
    else:
        parts.append(_("next to deal: {name}").format(name=pad.names[sheet.next_dealer]))
    return " · ".join(parts)


def render_text(pad: Pad, detail: bool = False) -> str:
    """The sheet as a plain-text table (``deberc scorepad show``)."""
    heads = ["#", _("dealer"), _("bidder")] + pad.side_names + [_("note")]
    body: list[list[str]] = []
    for row in sheet_rows(pad):
        cells = list(row.cells)
        if detail:
            cells = [f"{c} [{p}]" if p else c for c, p in zip(cells, row.points, strict=True)]
        body.append([str(row.number), row.dealer, f"{row.bidder} {row.trump}".strip(), *cells, row.note])
    widths = [max(len(h), *(len(line[i]) for line in body)) if body else len(h) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for line in body:
        lines.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
    lines.append("")
    lines.append(status_line(pad))
    return "\n".join(lines)
