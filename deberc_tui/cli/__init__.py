"""The ``deberc`` command: a click group; each subcommand lives in its own module and is added here."""

from __future__ import annotations

import inspect
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from deberc_tui import __version__
from deberc_tui.cli import terminal
from deberc_tui.cli.arena import arena, bots_cmd
from deberc_tui.cli.bench import bench
from deberc_tui.cli.practice import practice
from deberc_tui.cli.replay import replay
from deberc_tui.cli.review import review
from deberc_tui.cli.scorepad import scorepad
from deberc_tui.cli.terminal import fit_output, speakable_language
from deberc_tui.cli.values import Choice, RuleSetting, RuleValue, Whole, checked_text, usage_line
from deberc_tui.engine.options import plain
from deberc_tui.engine.rules import OPTION_HELP, OPTIONS, PRESET_PLAYERS, PRESETS, Rules, RulesError
from deberc_tui.text import i18n
from deberc_tui.text.i18n import LANGUAGES, N_, _, choose_language, ngettext, translate, translate_error
from deberc_tui.untrusted import Shortened, one_line, path_shown


class UserError(click.ClickException):
    """A one-line error for the user (exit 2), never a traceback."""

    exit_code = 2


def check_seat_counts(
    ctx: click.Context, n: int, players_given: bool, bots: list[str] | None, names: list[str] | None,
) -> None:
    """Refuse (usage error, exit 2) ``--bots``/``--names`` lists that do not fit the table of ``n`` seats.

    ``--bots`` names the other seats (``n - 1``; fewer repeat the last level), ``--names`` all ``n`` seats
    (fewer keep the default names): more than that would silently drop seats.
    """
    if bots and len(bots) > n - 1:
        if players_given:
            raise click.UsageError(ngettext(
                "--bots lists {count} bots but --players {n} leaves {others} other seat",
                "--bots lists {count} bots but --players {n} leaves {others} other seats", n - 1).format(
                    count=len(bots), n=n, others=n - 1), ctx)
    if names and len(names) > n:
        if players_given:
            raise click.UsageError(_("--names lists {count} names but --players {n} has {n} seats").format(
                count=len(names), n=n), ctx)
        raise click.UsageError(_("--names lists {count} names but --bots makes a table of {n} seats").format(
            count=len(names), n=n), ctx)


def lang_from_args(args: Sequence[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` before the subcommand (None if absent or unknown)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None:
            return value if value in LANGUAGES else None
    return None


# click's own words (its help frame and its errors), which click passes through gettext's ``_``/``ngettext``
# in its modules; :func:`translate_click_frame` points those at our catalog. Marked here for the extractor.
CLICK_WORDS = (
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Show this message and exit."), N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"), N_("Error: {message}"), N_("Try '{command} {option}' for help."),
    N_("Aborted!"), N_("Missing command."), N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing parameter: {param_name}"), N_("Missing {param_type}"), N_("No such option {name!r}."),
    N_("No such command {name!r}."), N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_("Could not open file {filename!r}: {message}"), N_("unknown error"), N_("Option {name!r} does not take a value."),
    N_("{value} is not in the range {range}."), N_("{value!r} is not a valid {number_type}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"), N_("Choose from:\n\t{choices}"),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."), N_("{name} {filename!r} is not readable."), N_("file"), N_("directory"),
    N_("path"), N_("default: {default}"), N_("env var: {var}"), N_("deprecated"), N_("(dynamic)"),
    N_("[OPTIONS]"), N_("COMMAND [ARGS]..."), N_("[COMMAND] [ARGS]..."),
)


def click_plural_words(n: int) -> list[str]:
    """click's messages with a plural (listed for the extractor; click itself calls them)."""
    return [
        ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", n),
        ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", n),
        ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", n),
        ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", n),
        ngettext("{len_type} values are required, but {len_value} was given.",
                 "{len_type} values are required, but {len_value} were given.", n),
        ngettext("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given.", n),
    ]


def _click_gettext(message: str) -> str:
    return i18n._(message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.ngettext(singular, plural, n)


def translate_click_frame() -> None:
    """Make click say its frame words (Usage, Options, Error, ...) in the current language.

    click calls ``_``/``ngettext`` (imported from gettext) at the moment it prints; replacing those names in
    its modules with our catalog's lookups translates them (English and unknown messages stay as they are).
    """
    import importlib

    for name in ("core", "exceptions", "formatting", "decorators", "parser", "types", "termui", "utils"):
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # pragma: no cover - a click without that module
            continue
        if hasattr(module, "_"):
            # click's modules import ``_`` from gettext without declaring it: stubs do not know the name
            module._ = _click_gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            # as for ``_`` above: ``ngettext`` is imported from gettext, not part of click's typed API
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]


def translate_click(cmd: click.Command) -> None:
    """Put the help texts of ``cmd`` and its subcommands into the current language (idempotent)."""
    translate_click_frame()
    originals: dict[str, str | None] = cmd.__dict__.setdefault("_i18n_originals", {})
    if "help" not in originals:
        originals["help"] = cmd.help
        originals["short_help"] = cmd.short_help
        originals["options_metavar"] = cmd.options_metavar
        originals["subcommand_metavar"] = getattr(cmd, "subcommand_metavar", None)
    if originals["options_metavar"] == "[OPTIONS]":
        cmd.options_metavar = _("[OPTIONS]")
    # click 8.4 says COMMAND [ARGS]...; 8.5 brackets the command of a group that runs without one.
    metavar = originals["subcommand_metavar"]
    if isinstance(cmd, click.Group) and metavar in ("COMMAND [ARGS]...", "[COMMAND] [ARGS]..."):
        cmd.subcommand_metavar = _(metavar)
    if originals["help"]:
        cmd.help = _(inspect.cleandoc(originals["help"]))
    if originals["short_help"]:
        cmd.short_help = _(originals["short_help"])
    for param in cmd.params:
        if isinstance(param, click.Option):
            saved = param.__dict__.setdefault("_i18n_help", param.help)
            if saved:
                param.help = _(saved)
    help_option = getattr(cmd, "_help_option", None)  # click caches the --help option once it was made
    if isinstance(help_option, click.Option):
        help_option.help = _("Show this message and exit.")
    if isinstance(cmd, click.Group):
        for sub in cmd.commands.values():
            translate_click(sub)


class DebercGroup(click.Group):
    """The ``deberc`` group: chooses the language (``--lang``, settings, locale) before click says anything,
    and turns whatever a command did not handle into one line and exit 2 — never a traceback
    (``DEBERC_DEBUG=1`` shows it, for developers)."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        fit_output()  # a cp1251 / KOI8-R / Latin-1 terminal: write what it can show, never fail half-way
        argv = list(sys.argv[1:] if args is None else args)
        from deberc_tui import settings

        lang = lang_from_args(argv)
        choose_language(lang, settings.saved_language() if lang is None else None)
        fallback = speakable_language()
        translate_click(self)
        if fallback is not None:
            click.echo(f"deberc: {fallback}", err=True)
        for note in settings.take_notes():
            click.echo(f"deberc: {translate(note)}", err=True)
        from bots import core

        if core.NOT_BUILT:  # once per process, whatever the command
            click.echo("deberc: " + _("the bots think on the slower pure-Python core (the compiled one is not built: "
                                      "see docs/DEVELOPMENT.md)"), err=True)
        return super().main(argv, *rest, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): click ends quietly, as Unix tools do
            raise
        except OSError as exc:  # a full disk, a read-only folder, a missing directory
            if os.environ.get("DEBERC_DEBUG"):
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            raise UserError(one_line(_("cannot use a file: {where}{reason}").format(
                where=where, reason=exc.strerror or translate_error(exc)))) from None
        except Exception as exc:  # noqa: BLE001 - the last guard: one line, never a traceback
            if os.environ.get("DEBERC_DEBUG"):
                raise
            raise UserError(one_line(_("unexpected error: {error}").format(
                error=f"{exc.__class__.__name__}: {exc}"))) from None


def preset_list() -> str:
    """Every preset with the player counts it is for, from the presets themselves (``--preset``'s help):
    presets for the same counts share one mention of them."""
    groups: list[tuple[tuple[int, ...], list[str]]] = []
    for name in PRESETS:
        counts = PRESET_PLAYERS[name]
        if groups and groups[-1][0] == counts:
            groups[-1][1].append(name)
        else:
            groups.append((counts, [name]))
    parts = []
    for counts, names in groups:
        span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        parts.append(ngettext("{presets} ({span} player)", "{presets} ({span} players)", counts[-1]).format(
            presets=", ".join(names), span=span))
    return "; ".join(parts)


class RuleOption(click.Option):
    """A flag for one option of the rule book (``--match``, ``--doubling``, ``--mars/--no-mars``): its value is
    read by the engine's ``option_value`` (:class:`RuleValue`; a true/false option is an on/off flag), and its
    help is the option's own line of the rule book's declaration, so the flag and a record say one thing."""

    def __init__(self, param_decls: Sequence[str], *, rule: str, **attrs: Any) -> None:
        attrs.setdefault("help", OPTION_HELP[rule])
        attrs.setdefault("default", None)
        if OPTIONS[rule].values != (True, False):
            attrs.setdefault("type", RuleValue(rule))
        super().__init__(param_decls, **attrs)
        self.rule = rule

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None:
            return None
        names, text = record  # the rule book's line starts small: here it starts a sentence
        return names, text[:1].upper() + text[1:]


class PresetOption(click.Option):
    """``--preset``: its help lists every preset (``{presets}`` in the help, filled from the presets themselves
    when click prints it, after the help was translated), so a new preset is never missing from it."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        template = self.help
        if template:
            self.help = template.format(presets=preset_list())
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = template


def _version_option(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version`` in the current language (click's own option fixes its words when the module loads)."""
    if value and not ctx.resilient_parsing:
        click.echo(_("%(prog)s, version %(version)s") % {"prog": "deberc", "version": __version__})
        ctx.exit()


def _lang_option(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None and not ctx.resilient_parsing:
        choose_language(value)
        speakable_language()  # the fallback to English stays (told once, by DebercGroup.main)
        translate_click(ctx.command)


@click.group(cls=DebercGroup, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version_option,
              help="Show the version and exit.")
@click.option("--lang", type=Choice(LANGUAGES), default=None, expose_value=False, is_eager=True,
              callback=_lang_option, help="Interface language: ru or en (default: the settings, else the locale).")
@click.option("--players", type=Whole(2, 4), default=None, help="2, 3 or 4 (4: two partnerships).")
@click.option("--preset", cls=PresetOption, type=Choice(list(PRESETS)), metavar="NAME", default=None,
              help="The rules: {presets}.")
@click.option("--bots", default=None, callback=checked_text(1000),
              help="Bot levels for the other seats, comma-separated (or 'human').")
@click.option("--names", default=None, callback=checked_text(1000), help="Player names, comma-separated, seat order.")
@click.option("--gender", type=Choice(["male", "female", "none"]), default=None,
              help="Yours, for the words about you once you give yourself a name (Russian verbs agree with it); "
                   "none: words that need no gender (default: the settings, which the new-game screen keeps).")
@click.option("--target", type=Whole(1, 9999), default=None, help="Points that win the game.")
@click.option("--match", "match_target", cls=RuleOption, rule="match_target")
@click.option("--doubling", cls=RuleOption, rule="doubling")
@click.option("--money", cls=RuleOption, rule="money")
@click.option("--stake", cls=RuleOption, rule="stake")
@click.option("--mars/--no-mars", cls=RuleOption, rule="mars")
@click.option("--rule", "settings", type=RuleSetting(), multiple=True,
              help="Any option of the rule book, as a record writes it (repeatable): --rule hundred=true "
                   "--rule bait_penalty=null.")
@click.option("--resume", is_flag=True, help="Continue the last game.")
@click.option("--load", "load", type=click.Path(), default=None, help="Open a game record.")
@click.option("--pace", type=Choice(["slow", "normal", "fast", "instant"]), default="normal",
              help="How fast the bots play.")
@click.option("--seed", type=Whole(-(2**63), 2**63 - 1), default=None, help="Shuffle seed (reproducible deals); starts the game at once.")
@click.option("--ascii", "ascii_", is_flag=True, help="ASCII suits (c d h s) instead of ♣ ♦ ♥ ♠.")
@click.option("--four-colour", is_flag=True, help="Four-colour deck.")
@click.option("--mono", is_flag=True, help="Monochrome theme.")
@click.pass_context
def main(
    ctx: click.Context, /, players: int | None, preset: str | None, bots: str | None, names: str | None,
    gender: str | None, settings: tuple[tuple[str, object], ...], resume: bool, load: str | None, pace: str,
    seed: int | None, ascii_: bool, four_colour: bool, mono: bool, **rule_flags: object,
) -> None:
    """Debertz (Деберц, Klabor) in the terminal. Without a command: open the card table.

    deberc alone opens the new-game screen. An option that sets up the game — --players, --preset, --bots,
    --names, --seed or a rule (--target, --match, --doubling, --money, --stake, --mars, --rule) — starts that
    game at once; --resume and --load open a saved one. The others (--lang, --gender, --pace and the look) go with
    either.
    """
    if ctx.invoked_subcommand is not None:
        if ascii_:  # `deberc --ascii practice` / `scorepad`: the subcommands read the look from here
            os.environ["DEBERC_ASCII"] = "1"
        return
    from deberc_tui.app import make_app
    from deberc_tui.app.look import Look, unicode_ok
    from deberc_tui.table.services import bot_levels
    from deberc_tui.table.session import TableError, TableSession

    bot_list = [b.strip() for b in bots.split(",") if b.strip()] if bots else None
    if bot_list:
        known = set(bot_levels()) | {"human", "cmd"}  # cmd:PROGRAM ARGS, a protocol bot
        for b in bot_list:
            if b.partition(":")[0] not in known:
                raise UserError(_("unknown bot {bot!r} (one of: {known})").format(
                    bot=Shortened(b), known=", ".join(sorted(known))))
    name_list = [n.strip() for n in names.split(",")] if names else None
    n = players or (len(bot_list) + 1 if bot_list else (len(name_list) if name_list else 2))
    check_seat_counts(ctx, n, players is not None, bot_list, name_list)
    if load is not None:
        try:
            table = TableSession.from_record(Path(load))
        except TableError as exc:
            raise UserError(one_line(str(exc) if load in str(exc) else f"{path_shown(load)}: {exc}")) from None
        except Exception as exc:  # noqa: BLE001 - never a traceback for a bad file
            raise UserError(one_line(f"{path_shown(load)}: {translate_error(exc)}")) from None
        for warning in table.warnings:
            click.echo(translate(warning), err=True)
        table.close()
    look = Look(ascii=ascii_ or not unicode_ok(), four_colour=four_colour, mono=mono)
    given = [(flag, key, rule_flags[key]) for flag, key in RULE_FLAGS if given_here(ctx, key)]
    given += [("--rule", key, value) for key, value in settings]
    # one rule, said in the help: what sets up the game (its players, rules or cards) starts it at once
    start_now = bool(given) or any(x is not None for x in (players, preset, bots, names, seed))
    rules = table_rules(preset or "moscow", n, given) if start_now else None
    terminal.need_terminal()
    app = make_app(rules, bots=bot_list, names=name_list, seed=seed, resume=resume, load=load, pace=pace, look=look,
                   gender=chosen_gender(gender))
    app.run()


def chosen_gender(given: str | None) -> str | None:
    """The person's gender for this run: ``--gender`` (``none``: none), else the settings' (``male`` or ``female``;
    anything else there counts as none)."""
    if given is not None:
        return None if given == "none" else given
    from deberc_tui import settings

    saved = settings.saved_gender()
    return saved if isinstance(saved, str) and saved in ("male", "female") else None


#: The flags that set one rule option each, and the option (also the name of its parameter, in ``rule_flags``).
RULE_FLAGS: tuple[tuple[str, str], ...] = (
    ("--target", "target"), ("--match", "match_target"), ("--doubling", "doubling"), ("--money", "money"),
    ("--stake", "stake"), ("--mars", "mars"),
)


def given_here(ctx: click.Context, name: str) -> bool:
    """Whether the command line gave the parameter ``name`` (``--match null`` gives None, which is not absent)."""
    return ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)


def table_rules(preset: str, players: int, given: Sequence[tuple[str, str, object]]) -> Rules:
    """The rules of the table the command line asks for, built once: ``preset`` with the options ``given``
    (flag, key, value read by the engine's ``option_value``) on top. One line and exit 2 when they cannot be
    played together, or when two flags give one option different values."""
    options: dict[str, object] = {}
    flags: dict[str, str] = {}
    for flag, key, value in given:
        if key in options and plain(options[key]) != plain(value):
            raise UserError(_("{first} and {second} give the rule option {key!r} two values: {one} and {other}").format(
                first=flags[key], second=flag, key=key, one=json_word(options[key]), other=json_word(value)))
        options[key], flags[key] = value, flag
    try:
        return Rules.preset(preset, players=players, **options)
    except RulesError as exc:
        raise UserError(usage_line(exc)) from None


def json_word(value: object) -> str:
    """An option's value as a record (and ``--rule``) writes it: ``true``, ``null``, ``9``, ``dave``."""
    written = plain(value)
    return written if isinstance(written, str) else json.dumps(written, ensure_ascii=False)




main.add_command(replay)
main.add_command(review)
main.add_command(bench)
main.add_command(practice)
main.add_command(scorepad)
main.add_command(arena)
main.add_command(bots_cmd, name="bots")


def run() -> None:  # pragma: no cover - console entry for `python -m deberc_tui`
    sys.exit(main())
