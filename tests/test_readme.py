"""The README and the pages it links work as written: each ```python example is a doctest (``>>>`` lines and
the output a reader will see), every link leads to a file (and a heading there), and every ``deberc`` command the
README shows is accepted — and run, where it is quick — so an example that stops working fails here."""

from __future__ import annotations

import doctest
import io
import re
import shlex
from pathlib import Path
from urllib.parse import unquote

import click
import pytest
from click.testing import CliRunner

from deberc_tui.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"
DOCS = sorted((README.parent / "docs").glob("*.md"))
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_examples() -> list[tuple[Path, int, str]]:
    """Each ```python block of the README and the docs with its page and the line it starts on."""
    return [(page, text.count("\n", 0, m.start()) + 1, m.group(1))
            for page in (README, *DOCS) for text in [page.read_text(encoding="utf-8")]
            for m in PYTHON_BLOCK.finditer(text)]


def test_the_readme_and_the_docs_have_python_examples() -> None:
    assert any(example.lstrip().startswith(">>>") for _, _, example in python_examples())


@pytest.mark.parametrize(("page", "line", "example"), python_examples(),
                         ids=[f"{p.name}:{n}" for p, n, _ in python_examples()])
def test_a_python_example_runs_and_prints_what_it_shows(page: Path, line: int, example: str) -> None:
    """A ``>>>`` example is a doctest; a whole program (the protocol's random bot) must at least compile."""
    if not example.lstrip().startswith(">>>"):
        compile(example, f"{page.name}:{line}", "exec")
        return
    test = doctest.DocTestParser().get_doctest(example, {}, f"{page.name}:{line}", str(page), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.REPORT_ONLY_FIRST_FAILURE)
    report = io.StringIO()
    runner.run(test, out=report.write, clear_globs=True)
    assert runner.failures == 0 and runner.tries > 0, report.getvalue()


# --- every link and every command of the README works ---------------------------------------------------------------

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#+ (.+)$", re.MULTILINE)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    return [a or b for a, b in LINK.findall(text) if not (a or b).startswith(("http://", "https://", "mailto:"))]


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda p: p.name)
def test_every_link_leads_to_a_file_and_a_heading_there(page: Path) -> None:
    for link in links(page):
        path, _, anchor = unquote(link).partition("#")
        target = (page.parent / path).resolve() if path else page
        assert target.is_file(), f"{page.name}: the link {link!r} leads nowhere"
        if anchor:
            anchors = {slug(h) for h in HEADING.findall(target.read_text(encoding="utf-8"))}
            assert anchor in anchors, f"{page.name}: {target.name} has no heading #{anchor}"


def test_the_readme_links_the_rule_book_and_the_record_format_in_the_repository() -> None:
    assert {"docs/RULES.md", "docs/RECORD.md", "docs/STRENGTH.md", "docs/PERFORMANCE.md"} <= set(links(README))


def readme_commands() -> list[str]:
    """Every ``deberc ...`` the README shows: in code spans and in shell blocks, comments dropped."""
    text = README.read_text(encoding="utf-8")
    spans = re.findall(r"`(deberc(?: [^`]*)?)`", text)
    shell = [line.split("#")[0].strip() for block in re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
             for line in block.splitlines() if line.startswith("deberc")]
    return list(dict.fromkeys(spans + shell))


def test_the_readme_shows_commands() -> None:
    assert len(readme_commands()) >= 10


def parsed(args: list[str]) -> click.Command:
    """The command ``args`` names, its options parsed by click as ``deberc`` would (UsageError if they are wrong).
    A group's own parser stops at its first argument, the subcommand's name (public API only: click 9 drops the
    context's ``protected_args``)."""
    command: click.Command = main
    name, parent, rest = "deberc", None, list(args)
    while True:
        ctx = command.make_context(name, list(rest), parent=parent)
        if not isinstance(command, click.Group):
            return command
        _options, rest, _order = command.make_parser(ctx).parse_args(list(rest))
        if not rest:
            return command
        found, sub, rest = command.resolve_command(ctx, rest)
        assert sub is not None and found is not None
        command, name, parent = sub, found, ctx


#: Commands that take long (a tournament, a benchmark, a game's review): their options are parsed, they are not run here.
LONG = ("arena", "bench", "review")
#: Subcommands that open a screen when given nothing else (``deberc`` alone, or with options only, opens the table):
#: run without a terminal they say so, after every option has been checked.
SCREENS = ("practice", "scorepad")


@pytest.mark.parametrize("command", readme_commands())
def test_a_readme_command_works_as_written(command: str) -> None:
    args = shlex.split(command)[1:]
    if "--help" in args:  # `deberc COMMAND --help`: every command's help
        helped = [[], *([name] for name in main.commands)] if "COMMAND" in args else [args[:-1]]
        for words in helped:
            result = CliRunner().invoke(main, [*words, "--help"])
            assert result.exit_code == 0 and "Usage:" in result.output, (words, result.output)
        return
    parsed(args)
    sub = next((a for a in args if not a.startswith("-") and a in main.commands), None)
    if sub in LONG:
        return
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    if sub is None or (sub in SCREENS and args == [sub]):
        assert result.exit_code == 2 and "needs a terminal" in result.output, result.output
    else:
        assert result.exit_code == 0, result.output
