"""``deberc scorepad``: the Textual pad, and subcommands for scripts and tests.

Every subcommand that works on a pad takes it the same way (:class:`PadCommand`): ``--pad PAD`` after the
subcommand's name or before it (``deberc scorepad --pad PAD show``), or as its first word as before
(``show PAD``, ``edit PAD 3``); PAD is an id, the start of one, or ``last``, and without it the pad changed last
is meant (``remove`` alone wants it named). Players are named by name (or its start) or seat number 0..n-1;
sides by a player's name, the side's name (``Anna+Cleo``) or number 0..sides-1. With 4 players sides are the
partnerships 0+2 and 1+3.

A pad is a match when ``new`` is given ``--match N`` (or its preset makes one): games follow each other until a
side has N game points. A stake raised at the table is recorded as it is said (``double PLAYER``, or
``dave``; ``--refused`` ends the game) or with the deal it was said in (``add --double PLAYER``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import click

from deberc_tui.cli import terminal
from deberc_tui.cli.values import Choice, Whole, checked_text, usage_line
from deberc_tui.engine import PRESETS, Rules, RulesError
from deberc_tui.engine.match import offer_kind
from deberc_tui.engine.options import DaveProgression, Doubling, Money
from deberc_tui.engine.rules import option_value
from deberc_tui.scorepad.export import to_csv, to_json
from deberc_tui.scorepad.model import (
    CLAIM,
    CONCEDED,
    DEBERTZ,
    FALSE_CLAIM,
    KLABOR,
    MAX_POSTED,
    OFFENCES,
    PLAYED,
    STAKE_REFUSED,
    THROW_REASONS,
    THROWN,
    Declared,
    EnteredDeal,
    Fault,
    FaultKind,
    Pad,
    PadError,
    StakeCall,
    undo_label,
)
from deberc_tui.scorepad.render import game_lines, render_text, sheet_rows, stake_mark, status_line
from deberc_tui.scorepad.storage import MAX_COUNT, NOTE_LIMIT, PadStore
from deberc_tui.text.i18n import N_, _
from deberc_tui.untrusted import InputError, Shortened, check_int_text

F = TypeVar("F", bound=Callable[..., Any])


class PadUsageError(click.ClickException):
    """A one-line error for the user (exit 2), never a traceback."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split())[:300])


def _store() -> PadStore:
    try:
        return PadStore()
    except OSError as exc:
        raise PadUsageError(_("cannot use the pads folder: {reason}").format(reason=exc.strerror or exc)) from None


def _load(store: PadStore, ref: str) -> Pad:
    try:
        return store.load(ref)
    except (PadError, RulesError) as exc:
        raise PadUsageError(usage_line(exc)) from None


def _change(ref: str, change: Callable[[Pad], str]) -> str:
    """Read pad ``ref``, apply ``change`` and write it back under the pad's lock; returns what ``change`` said.

    A refused change (:class:`PadError`) writes nothing; a pad that cannot be saved (a full disk, a read-only
    folder) is a one-line error, and the file on disk stays as it was.
    """
    store = _store()
    try:
        with store.editing(ref) as pad:
            return change(pad)
    except (PadError, RulesError, InputError) as exc:
        raise PadUsageError(usage_line(exc)) from None
    except OSError as exc:
        raise PadUsageError(_("cannot save the pad: {reason}").format(reason=exc.strerror or exc)) from None


#: The first word of a pad subcommand when the PAD word was left out (no word a person types).
_UNSAID: Final = "\0"
#: ``--pad``'s help, marked for the catalog (click translates it when it prints the help).
PAD_HELP: Final = N_("The pad: its id, the start of one, or 'last' (default: the pad changed last).")
PAD_NAMED_HELP: Final = N_("The pad: its id, the start of one, or 'last'.")


class PadCommand(click.Command):
    """A subcommand that works on one pad: ``--pad PAD`` (here or before the subcommand), or the first word.

    The first word is optional even before another argument (``edit 3`` is deal 3 of the last pad, ``edit PAD 3``
    of PAD): when the words given are one fewer than the arguments, the PAD word is the one left out. The command's
    function gets the pad as ``pad_ref``: the one named (twice, the same), else ``default`` (``last``; None: the
    pad must be named).
    """

    def __init__(self, *args: Any, default: str | None = "last", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.default = default
        self.params.insert(0, click.Argument(["pad_word"], required=False, metavar="[PAD]"))
        self.params.append(click.Option(["--pad", "pad_opt"], metavar="PAD", default=None,
                                        help=PAD_HELP if default == "last" else PAD_NAMED_HELP))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if self._pad_word_left_out(ctx, args):
            args = [_UNSAID, *args]
        return super().parse_args(ctx, args)

    def _pad_word_left_out(self, ctx: click.Context, args: list[str]) -> bool:
        try:
            given, _rest, _order = self.make_parser(ctx).parse_args(args=list(args))
        except click.UsageError:
            return False  # the real parse says what is wrong
        arguments = [param.name for param in self.get_params(ctx) if isinstance(param, click.Argument)]
        return sum(isinstance(given.get(name), str) for name in arguments) < len(arguments)

    def invoke(self, ctx: click.Context) -> Any:
        word, option = ctx.params.pop("pad_word", None), ctx.params.pop("pad_opt", None)
        before = ctx.parent.params.get("pad_ref") if ctx.parent is not None else None  # deberc scorepad --pad PAD …
        named = list(dict.fromkeys(ref for ref in (None if word == _UNSAID else word, option, before) if ref))
        if len(named) > 1:
            raise click.UsageError(_("the pad is named twice, as {one} and as {other}: name it once").format(
                one=Shortened(named[0]), other=Shortened(named[1])), ctx)
        if not named and self.default is None:
            raise click.UsageError(_("which pad? name it: {command} PAD (an id, the start of one, or 'last')").format(
                command=ctx.command_path), ctx)
        ctx.params["pad_ref"] = named[0] if named else self.default
        return super().invoke(ctx)


@click.group(invoke_without_command=True)
@click.option("--pad", "pad_ref", default=None, metavar="PAD",
              help="The pad (its id, the start of one, or 'last'): the app opens it, a subcommand works on it.")
@click.pass_context
def scorepad(ctx: click.Context, pad_ref: str | None) -> None:
    """Score pad for games played with real cards (opens the pad app without a subcommand).

    A subcommand works on the pad given with --pad (before or after the subcommand) or as its first word; without
    one, on the pad changed last.
    """
    if ctx.invoked_subcommand is not None:
        return
    from deberc_tui.app.screens.scorepad import ScorePadApp  # noqa: PLC0415 - Textual only when the app is wanted

    store = _store()
    try:
        pad_id = store.resolve(pad_ref) if pad_ref else None
    except PadError as exc:
        raise PadUsageError(usage_line(exc)) from None
    terminal.need_terminal()
    ScorePadApp(store=store, pad_id=pad_id).run()


# -- new ------------------------------------------------------------------------------------------


def parse_bait_penalty(text: str) -> dict[str, Any] | None:
    """``none`` or ``POINTS[/WHEN[/COUNT]]``, e.g. ``100/third_and_after/game``."""
    if text.strip().lower() in ("none", "off", "0", "no", "null"):
        return None
    parts = text.split("/")
    try:
        points = check_int_text(parts[0], "--bait-penalty", 0, MAX_POSTED)
    except InputError:
        raise PadError(_("bait penalty {text!r}: write POINTS/WHEN/COUNT, e.g. 100/third_and_after/game").format(
            text=Shortened(text))) from None
    out: dict[str, Any] = {"points": points}
    if len(parts) > 1:
        out["when"] = parts[1]
    if len(parts) > 2:
        out["count"] = parts[2]
    return out


@scorepad.command("new")
@click.option("--players", type=Whole(2, 4), default=2, show_default=True)
@click.option("--names", default=None, callback=checked_text(1000), help="Comma-separated names in seat order (default A,B,...).")
@click.option("--preset", type=Choice(list(PRESETS)), default="moscow", show_default=True)
@click.option("--first-dealer", default="0", show_default=True, help="Seat number or name.")
@click.option("--target", type=Whole(1, MAX_POSTED), default=None, help="Points that win (301, 501, 1001...).")
@click.option("--bidder-must-beat", type=Choice(["each", "combined"]), default=None)
@click.option("--bait-to", type=Choice(["higher", "split"]), default=None)
@click.option("--hanging", type=Choice(["hang", "bait", "each_own"]), default=None)
@click.option("--hanging-multi", type=Choice(["accumulate", "queue"]), default=None)
@click.option("--bait-penalty", default=None, help="none or POINTS/WHEN/COUNT, e.g. 100/third_and_after/row.")
@click.option("--ski-penalty", type=Choice(["0", "50", "100"]), default=None)
@click.option("--both-over", type=Choice(["defender", "higher", "bidder", "last_trick"]), default=None)
@click.option("--mars/--no-mars", default=None, help="A win counts twice when the loser has less than half the target.")
@click.option("--match", "match_target", type=Whole(0, 99), default=None,
              help="A match: games in a row until a side has this many game points (0: one game).")
@click.option("--doubling", type=Choice([d.value for d in Doubling]), default=None,
              help="2 players: raising the stake during a game, «Дайви» (daivi) or «даве» (dave).")
@click.option("--dave-progression", type=Choice([d.value for d in DaveProgression]), default=None,
              help="«даве»: the stake grows by one (arithmetic) or doubles (geometric).")
@click.option("--money", type=Choice([m.value for m in Money]), default=None,
              help="Money for a game: per game point, the loser's deficit, or the difference of the totals.")
@click.option("--stake", type=Whole(1, 10**6), default=None, help="What one unit of money is worth.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", callback=checked_text(1000),
              help="Any other rule option (JSON value).")
def new_cmd(players: int, names: str | None, preset: str, first_dealer: str, target: int | None,
            bidder_must_beat: str | None, bait_to: str | None, hanging: str | None, hanging_multi: str | None,
            bait_penalty: str | None, ski_penalty: str | None, both_over: str | None, mars: bool | None,
            match_target: int | None, doubling: str | None, dave_progression: str | None, money: str | None,
            stake: int | None, sets: tuple[str, ...]) -> None:
    """Start a new pad; prints its id."""
    options: dict[str, Any] = {}
    try:
        for key, value in (("target", target), ("bidder_must_beat", bidder_must_beat), ("bait_to", bait_to),
                           ("hanging", hanging), ("hanging_multi", hanging_multi), ("both_over", both_over),
                           ("mars", mars), ("doubling", doubling),
                           ("dave_progression", dave_progression), ("money", money), ("stake", stake)):
            if value is not None:
                options[key] = value
        if match_target is not None:
            options["match_target"] = match_target or None  # 0: one game, even where the preset plays a match
        if ski_penalty is not None:
            options["ski_penalty"] = int(ski_penalty)
        if bait_penalty is not None:
            options["bait_penalty"] = parse_bait_penalty(bait_penalty)
        for item in sets:
            key, sep, value = item.partition("=")
            if not sep:
                raise PadError(_("--set {item!r}: write KEY=VALUE").format(item=item))
            options[key.strip()] = option_value(key.strip(), value, text=True)  # as deberc --rule reads it
        rules = Rules.from_dict({"preset": preset, **options}, players=players)
        if doubling not in (None, Doubling.NONE.value) and offer_kind(rules) is None:
            raise PadError(_("--doubling {value}: the stake is raised only with 2 players").format(value=doubling))
        name_list = [n.strip() for n in names.split(",")] if names else [chr(ord("A") + i) for i in range(players)]
        pad = Pad(rules, name_list)
        pad.first_dealer = pad.seat_ref(first_dealer)
        pad_id = _store().save(pad)
    except (PadError, RulesError, InputError) as exc:
        raise PadUsageError(usage_line(exc)) from None
    except OSError as exc:
        raise PadUsageError(_("cannot save the pad: {reason}").format(reason=exc.strerror or exc)) from None
    click.echo(pad_id)


# -- entering deals ---------------------------------------------------------------------------------


def deal_options(func: F) -> F:
    opts = [
        click.option("--dealer", default=None, help="Who dealt (default: as the rules say)."),
        click.option("--bidder", default=None, help="Who took trump (player)."),
        click.option("--trump", default=None, help="Trump suit C D H S (for the record)."),
        click.option("--cards", default=None, help="Card points per side incl. last trick, e.g. 62,88 (4 players: one is enough, e.g. 62 or ,100)."),
        click.option("--decl", multiple=True, metavar="SIDE:WHAT", help="Scoring declarations, e.g. A:terz+bella, B:2terz, A:70."),
        click.option("--last-trick", default=None, help="Side that took the last trick."),
        click.option("--no-trick", multiple=True, metavar="SIDE", help="A side that took no trick."),
        click.option("--took-trick", multiple=True, metavar="SIDE", help="A side that took only pointless tricks."),
        click.option("--thrown", type=Choice(list(THROW_REASONS)), default=None, help="The deal was thrown in."),
        click.option("--claim", default=None, metavar="SIDE", help="This side claimed the game («Партия») rightly."),
        click.option("--false-claim", multiple=True, metavar="SIDE",
                     help="This side claimed wrongly (with false_claim double_to_opponent: during the deal, repeatable)."),
        click.option("--conceded", is_flag=True, help="The defender conceded for fifty and the bidder accepted."),
        click.option("--debertz", default=None, metavar="SIDE", help="This side declared debertz."),
        click.option("--klabor", default=None, metavar="SIDE", help="This side declared klabor."),
        click.option("--missed-cut", is_flag=True, help="The dealer did not offer the cut (cut_penalty)."),
        click.option("--renege", multiple=True, metavar="PLAYER[:POINTS[:SIDE]]",
                     help="A renege; under lose_trick the card points of the trick that goes over (and to whom, 3 players)."),
        click.option("--bait-on-cards", multiple=True, metavar="PLAYER:OFFENCE",
                     help="«Байт на картах»: " + ", ".join(OFFENCES) + "."),
        click.option("--pencil", multiple=True, metavar="SIDE:WRITTEN[:CHECKER]",
                     help="A checked entry: what the side wrote (and who checked it, 3 players)."),
        click.option("--double", "--dave", "doubles", multiple=True, metavar="PLAYER",
                     help="PLAYER doubled («Дайви») or said «даве» during the deal and the other played on (repeatable, "
                          "in order; editing, they replace the deal's; 'none': no stake was raised)."),
        click.option("--refused", default=None, metavar="PLAYER",
                     help="The other refused PLAYER's double (or conceded the «даве»): the game ends, PLAYER wins it."),
        click.option("--note", default="", callback=checked_text(NOTE_LIMIT), help="A remark kept with the deal."),
    ]
    for opt in reversed(opts):
        func = opt(func)
    return func


def _parse_cards(pad: Pad, text: str | None) -> tuple[int | None, ...]:
    if text is None:
        return ()
    values: list[int | None] = []
    for part in text.split(","):
        part = part.strip()
        if part in ("", "-", "_", "?"):
            values.append(None)
            continue
        try:
            values.append(check_int_text(part, "--cards", -MAX_POSTED, MAX_POSTED))
        except InputError:
            raise PadError(_("card points must be whole numbers, not {part!r}").format(part=Shortened(part))) from None
    if len(values) > pad.sides:
        raise PadError(_("{count} card points given, but this game has {sides} sides").format(count=len(values), sides=pad.sides))
    return tuple(values)


def build_deal(pad: Pad, *, dealer: str | None, bidder: str | None, trump: str | None, cards: str | None,
               decl: tuple[str, ...], last_trick: str | None, no_trick: tuple[str, ...],
               took_trick: tuple[str, ...], thrown: str | None, claim: str | None, false_claim: tuple[str, ...],
               conceded: bool, debertz: str | None, klabor: str | None, missed_cut: bool, renege: tuple[str, ...],
               bait_on_cards: tuple[str, ...], pencil: tuple[str, ...], note: str, default_dealer: int,
               forced: int | None = None, doubles: tuple[str, ...] = (), refused: str | None = None,
               stakes: tuple[StakeCall, ...] = ()) -> EnteredDeal:
    """An :class:`EnteredDeal` from command-line words (raises :class:`PadError`).

    ``forced``: the seat that plays this deal after a held tie, the bidder unless another is named (the pad
    then refuses it). Under ``false_claim: "double_to_opponent"`` a false claim is part of a played deal.
    ``doubles`` and ``refused``: the stakes raised during the deal (§12), after ``stakes`` (those recorded as they
    were said, or the edited deal's own; ``--double none`` drops them).
    """
    goes_on = pad.rules.false_claim == "double_to_opponent"
    lost_claim = false_claim[0] if false_claim and not goes_on else None
    if len(false_claim) > 1 and not goes_on:
        raise PadError(_("a false claim ends the deal under these rules: one claimant"))
    kinds = [(k, v) for k, v in ((THROWN, thrown), (CLAIM, claim), (FALSE_CLAIM, lost_claim), (DEBERTZ, debertz),
                                 (KLABOR, klabor), (CONCEDED, "yes" if conceded else None),
                                 (STAKE_REFUSED, refused)) if v]
    if len(kinds) > 1:
        raise PadError(_("a deal is one of: played, thrown in, claim, false claim, debertz, klabor, conceded, "
                         "stake refused — not several"))
    kind = kinds[0][0] if kinds else PLAYED
    winner = pad.side_ref(kinds[0][1]) if kinds and kind not in (THROWN, CONCEDED, STAKE_REFUSED) else None
    calls = _stake_calls(pad, doubles, refused, stakes)
    declared = [Declared()] * pad.sides
    for item in decl:
        side_text, sep, what = item.partition(":")
        if not sep:
            raise PadError(_("--decl {item!r}: write SIDE:WHAT, e.g. A:terz+bella").format(item=item))
        side = pad.side_ref(side_text)
        declared[side] = _declared(what)
    took: list[bool | None] = [None] * pad.sides
    for ref in no_trick:
        took[pad.side_ref(ref)] = False
    for ref in took_trick:
        took[pad.side_ref(ref)] = True
    faults = _faults(pad, missed_cut, renege, bait_on_cards, pencil)
    return EnteredDeal(
        dealer=pad.seat_ref(dealer) if dealer is not None else default_dealer,
        kind=kind,
        bidder=pad.seat_ref(bidder) if bidder is not None else (forced if kind != THROWN else None),
        trump=trump.strip().upper() if trump else None,
        cards=_parse_cards(pad, cards),
        declared=tuple(declared) if any(not d.empty for d in declared) else (),
        last_trick=pad.side_ref(last_trick) if last_trick is not None else None,
        took_trick=tuple(took) if any(t is not None for t in took) else (),
        reason=thrown or "",
        winner=winner,
        note=note,
        false_claims=tuple(pad.side_ref(ref) for ref in false_claim) if goes_on else (),
        faults=faults,
        stakes=calls,
    )


def _stake_calls(pad: Pad, doubles: tuple[str, ...], refused: str | None,
                 before: tuple[StakeCall, ...]) -> tuple[StakeCall, ...]:
    """The stakes raised during a deal from ``--double`` (accepted, in order) and ``--refused`` (the last)."""
    if any(ref.strip().lower() == "none" for ref in doubles):
        if len(doubles) > 1:
            raise PadError(_("--double none clears the stakes raised: give it alone"))
        before, doubles = (), ()
    calls = [call for call in before if call.accepted]  # a refusal is said again with --refused
    calls += [StakeCall(pad.seat_ref(ref)) for ref in doubles]
    if refused is not None:
        calls.append(StakeCall(pad.seat_ref(refused), accepted=False))
    return tuple(calls)


def _faults(pad: Pad, missed_cut: bool, renege: tuple[str, ...], bait_on_cards: tuple[str, ...],
            pencil: tuple[str, ...]) -> tuple[Fault, ...]:
    """The table penalties (§11) from ``--missed-cut``, ``--renege``, ``--bait-on-cards`` and ``--pencil``."""
    out: list[Fault] = [Fault(FaultKind.MISSED_CUT)] if missed_cut else []
    for item in renege:
        who, points, to = _fault_parts(item, "--renege")
        out.append(Fault(FaultKind.RENEGE, pad.rules.side_of(pad.seat_ref(who)), points,
                         pad.side_ref(to) if to else None))
    for item in bait_on_cards:
        who, sep, offence = item.partition(":")
        if not sep or offence.strip() not in OFFENCES:
            raise PadError(_("--bait-on-cards {item!r}: write PLAYER:OFFENCE, the offence one of: {offences}").format(
                item=Shortened(item), offences=", ".join(OFFENCES)))
        out.append(Fault(FaultKind.BAIT_ON_CARDS, pad.rules.side_of(pad.seat_ref(who)), offence=offence.strip()))
    for item in pencil:
        who, points, to = _fault_parts(item, "--pencil")
        if points is None:
            raise PadError(_("--pencil {item!r}: write SIDE:WRITTEN, e.g. A:92").format(item=Shortened(item)))
        out.append(Fault(FaultKind.PENCIL, pad.side_ref(who), points, pad.side_ref(to) if to else None))
    return tuple(out)


def _fault_parts(item: str, option: str) -> tuple[str, int | None, str]:
    """``WHO[:POINTS[:TO]]`` of ``--renege`` and ``--pencil``."""
    parts = [part.strip() for part in item.split(":")]
    if len(parts) > 3 or not parts[0]:
        raise PadError(_("{option} {item!r}: write WHO[:POINTS[:SIDE]]").format(option=option, item=Shortened(item)))
    points = check_int_text(parts[1], option, 0, MAX_POSTED) if len(parts) > 1 and parts[1] else None
    return parts[0], points, parts[2] if len(parts) > 2 else ""


def _declared(what: str) -> Declared:
    """``--decl``'s WHAT, with its numbers bounded before and after reading (a 30-digit total would make the
    check of which combinations fit in a hand run for ever)."""
    longest = max((len(m) for m in re.findall(r"\d+", what)), default=0)
    if longest > len(str(MAX_POSTED)):
        raise PadError(_("declaration {what!r}: numbers go up to {most}").format(what=Shortened(what), most=MAX_POSTED))
    declared = Declared.parse(what)
    if max(declared.terz, declared.fifty, declared.hundred) > MAX_COUNT or declared.combo_points > MAX_POSTED:
        raise PadError(_("declaration {what!r}: more combinations than a hand can hold").format(what=Shortened(what)))
    return declared


def _last_row(pad: Pad, index: int) -> str:
    rows = sheet_rows(pad)
    row = rows[index]
    cells = "  ".join(f"{name} {cell}" for name, cell in zip(pad.side_names, row.cells, strict=True))
    return _("deal {number}: {cells}").format(number=row.number, cells=cells) + (f"  ({row.note})" if row.note else "")


def _after(pad: Pad, index: int) -> str:
    """What a change to deal ``index`` says: its row, the line of the game it ended (if it did), the status."""
    lines = [_last_row(pad, index)]
    lines += [line.text for line in game_lines(pad) if line.after == index + 1]
    return "\n".join([*lines, status_line(pad)])


@scorepad.command("add", cls=PadCommand)
@deal_options
def add_cmd(pad_ref: str, **kw: Any) -> None:
    """Enter the next deal."""

    def add(pad: Pad) -> str:
        pad.add(build_deal(pad, default_dealer=pad.suggested_dealer, forced=pad.tally.forced, stakes=pad.pending, **kw))
        return _after(pad, len(pad.deals) - 1)

    click.echo(_change(pad_ref, add))


@scorepad.command("edit", cls=PadCommand)
@click.argument("number", type=Whole(-10**6, 10**6), metavar="NUMBER")
@deal_options
def edit_cmd(pad_ref: str, number: int, **kw: Any) -> None:
    """Replace deal NUMBER (1-based) with the deal described; later rows recompute."""

    def edit(pad: Pad) -> str:
        if not 1 <= number <= len(pad.deals):
            raise PadError(_("no deal {number}: the pad has {n}").format(number=number, n=len(pad.deals)))
        old = pad.deals[number - 1]
        kept = () if kw["doubles"] else old.stakes  # --double describes the deal's stakes anew
        deal = build_deal(pad, default_dealer=old.dealer, forced=pad.forced_before(number - 1), stakes=kept, **kw)
        pad.replace(number - 1, deal)
        return _after(pad, number - 1)

    click.echo(_change(pad_ref, edit))


@scorepad.command("delete", cls=PadCommand)
@click.argument("number", type=Whole(-10**6, 10**6), metavar="NUMBER")
def delete_cmd(pad_ref: str, number: int) -> None:
    """Delete deal NUMBER (1-based); later rows recompute."""

    def delete(pad: Pad) -> str:
        pad.delete(number - 1)
        return status_line(pad)

    click.echo(_change(pad_ref, delete))


@click.command("double", cls=PadCommand)
@click.argument("player")
@click.option("--refused", "--conceded", "refused", is_flag=True,
              help="The other refused the double (conceded the «даве»): the game ends, PLAYER wins it.")
def double_cmd(pad_ref: str, player: str, refused: bool) -> None:
    """Record a stake raised as it is said: PLAYER doubled («Дайви») or said «даве» during the deal in progress.

    Without --refused the other played on: the deal goes on at the raised stake, and the deal entered next
    carries it. (Also as 'deberc scorepad dave'.)
    """

    def record(pad: Pad) -> str:
        seat = pad.seat_ref(player)
        if refused:
            pad.raise_stake(seat, accepted=False)
            return _after(pad, len(pad.deals) - 1)
        pad.raise_stake(seat)
        other = pad.names[(seat + 1) % len(pad.names)]
        mark = stake_mark(pad.stake_kind, pad.tally.multiplier)
        return _("{name} raised the stake, {other} played on: now {stake}").format(
            name=pad.names[seat], other=other, stake=mark) + "\n" + status_line(pad)

    click.echo(_change(pad_ref, record))


scorepad.add_command(double_cmd)
scorepad.add_command(double_cmd, "dave")


@scorepad.command("undo", cls=PadCommand)
def undo_cmd(pad_ref: str) -> None:
    """Take back the last change."""

    def undo(pad: Pad) -> str:
        what = pad.undo()
        return _("undone: {what}").format(what=undo_label(what)) + "\n" + status_line(pad)

    click.echo(_change(pad_ref, undo))


@scorepad.command("show", cls=PadCommand)
@click.option("--detail", is_flag=True, help="Each side's own deal points in brackets.")
def show_cmd(pad_ref: str, detail: bool) -> None:
    """Print the sheet."""
    pad = _load(_store(), pad_ref)
    try:
        click.echo(render_text(pad, detail=detail))
    except PadError as exc:
        raise PadUsageError(usage_line(exc)) from None


@scorepad.command("list")
def list_cmd() -> None:
    """List saved pads, most recent first."""
    store = _store()
    infos = store.infos()
    for note in store.notes:  # a pad that cannot be read is named, and the others are still listed
        click.echo(" ".join(note.split())[:300], err=True)
    if not infos and not store.notes:
        click.echo(_("no pads yet: start one with 'deberc scorepad new'"))
    for info in infos:
        click.echo(f"{info.id}  {info.describe()}")


@scorepad.command("remove", cls=PadCommand, default=None)
def remove_cmd(pad_ref: str) -> None:
    """Delete a saved pad."""
    try:
        click.echo(_("removed {pad}").format(pad=_store().delete(pad_ref)))
    except PadError as exc:
        raise PadUsageError(usage_line(exc)) from None
    except OSError as exc:
        raise PadUsageError(_("cannot remove the pad: {reason}").format(reason=exc.strerror or exc)) from None


@scorepad.command("export", cls=PadCommand)
@click.option("--csv", "fmt", flag_value="csv", default=True, help="CSV, one row per deal (default).")
@click.option("--json", "fmt", flag_value="json", help="JSON: the pad and its sheet.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None, help="File (default: stdout).")
def export_cmd(pad_ref: str, fmt: str, output: Path | None) -> None:
    """Export a pad as CSV or JSON."""
    pad = _load(_store(), pad_ref)
    try:
        text = to_json(pad) if fmt == "json" else to_csv(pad)
    except PadError as exc:
        raise PadUsageError(usage_line(exc)) from None
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise PadUsageError(_("cannot write {path}: {reason}").format(path=output, reason=exc.strerror or exc)) from None
        click.echo(_("wrote {path}").format(path=output))
