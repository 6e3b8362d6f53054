"""Text a person or a file supplies is shown as text, never parsed as markup — checked by reading the code.

Textual and Rich read a ``str`` given to a widget as markup (a player named ``[/]`` ends the table with a
``MarkupError``). The screens put such text on screen one way, :mod:`deberc_tui.app.usertext` (``plain``,
``fill``, ``tell``), which makes a Rich ``Text``. This test reads every module of ``deberc_tui/app`` and fails
where that way is not taken:

* a string built from values — an f-string, ``.format()``, ``%``, ``+`` or ``.join()`` — or a name or a
  person's words (``name``, ``names``, ``side_name(…)``, ``level``…) handed to something that reads
  markup: ``Static``, ``Label``, ``Button``, an ``update``, a cell or column of a table, a ``Select``'s or an
  ``OptionList``'s option, a confirmation's question;
* a notification other than through ``tell`` (``App.notify`` reads its message as markup);
* markup parsed or escaped by hand (``Text.from_markup``, ``Content.from_markup``, ``rich.markup.escape``).

A string made of constants (``_("Score sheet")``) is markup of our own and may stay a string.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parent.parent / "deberc_tui" / "app"
ONE_WAY = APP / "usertext.py"

SINKS = frozenset({"Static", "Label", "Button", "KeyButton", "update", "add_row", "add_column", "add_columns",
                   "Option", "add_option", "add_options", "Select", "FormSelect", "set_options", "ConfirmScreen"})
"""What reads a string given to it as markup (``update``: a ``Static``'s or a ``Label``'s)."""
OPTIONS = frozenset({"Select", "FormSelect", "set_options"})
"""Sinks whose argument is a list of ``(prompt, value)``: the prompt is read as markup."""
USER_WORDS = frozenset({"name", "names", "side_name", "side_names", "seat_names", "level", "opponent", "describe",
                        "question"})
"""Names of values that hold what a person or a file wrote."""
SAFE = frozenset({"plain", "fill", "Text", "styled", "len", "int", "bool"})
"""Calls whose result nothing parses (a Rich ``Text``) or that is no text."""
NUMERIC = tuple("bcdeEfFgGnoxX%")


def _word(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _word(node.value)
    if isinstance(node, ast.Call):
        return _word(node.func)
    return None


def _numeric(value: ast.FormattedValue) -> bool:
    """A field formatted as a number (``{x:+d}``, ``{p:.0%}``): it cannot hold text."""
    spec = value.format_spec
    if not isinstance(spec, ast.JoinedStr) or not spec.values:
        return False
    last = spec.values[-1]
    return isinstance(last, ast.Constant) and isinstance(last.value, str) and last.value.endswith(NUMERIC)


class Scan(ast.NodeVisitor):
    """Collects every place in one module where the one way is not taken."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: list[str] = []
        self.built: list[set[str]] = [set()]  # per function: names assigned a built string

    def say(self, node: ast.AST, why: str) -> None:
        self.found.append(f"{self.path.relative_to(APP.parent.parent)}:{getattr(node, 'lineno', 0)}: {why}")

    # -- what a string is -------------------------------------------------------------------------------

    def unsafe(self, node: ast.AST) -> str | None:
        """Why ``node``, given to a sink, could be read as markup holding someone's text (None: it cannot)."""
        if isinstance(node, ast.Constant):
            return None
        if isinstance(node, ast.JoinedStr):
            fields = [v for v in node.values if isinstance(v, ast.FormattedValue) and not _numeric(v)]
            return "an f-string with values" if fields else None
        if isinstance(node, ast.IfExp):
            return self.unsafe(node.body) or self.unsafe(node.orelse)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
            if isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant):
                return "a string built with %"
            if self.unsafe(node.left) or self.unsafe(node.right):
                return "a string built with +"
            return None
        if isinstance(node, ast.Call):
            func = _word(node.func)
            if func in SAFE:
                return None
            if func == "format" and isinstance(node.func, ast.Attribute):
                return "a string filled with .format()"
            if func == "join" and isinstance(node.func, ast.Attribute) and _word(node.func.value) not in SAFE:
                return "a string built with .join()"
        if isinstance(node, ast.Name) and node.id in self.built[-1]:
            return f"{node.id}, a string built from values"
        if isinstance(node, ast.Starred):
            return self.unsafe(node.value)
        if isinstance(node, ast.Tuple):
            return next((why for why in map(self.unsafe, node.elts) if why), None)
        if isinstance(node, ast.List | ast.Set):
            return next((why for why in map(self.item, node.elts) if why), None)
        if isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp):
            return self.item(node.elt)
        word = _word(node)
        if word in USER_WORDS:
            return f"{ast.unparse(node)[:40]}, a person's or a file's text"
        return None

    def item(self, node: ast.AST) -> str | None:
        """An item of a list: a ``(prompt, value)`` pair is an option, whose prompt alone is shown."""
        if isinstance(node, ast.Tuple) and node.elts:
            return self.unsafe(node.elts[0])
        return self.unsafe(node)

    # -- where strings go -------------------------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.built.append(set())
        self.generic_visit(node)
        self.built.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 - ast.NodeVisitor's naming

    def visit_Assign(self, node: ast.Assign) -> None:
        why = self.unsafe(node.value)
        for target in node.targets:
            if isinstance(target, ast.Name) and why:
                self.built[-1].add(target.id)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add) and self.unsafe(node.value):
            self.built[-1].add(node.target.id)
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module == "rich.markup" and any(alias.name == "escape" for alias in node.names):
            self.say(node, "rich.markup.escape: show text with usertext.plain / fill instead")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = _word(node.func)
        if func == "notify":
            self.say(node, "a notification not through usertext.tell")
        elif func in ("from_markup", "render_markup"):
            self.say(node, f"{func}: markup parsed by hand")
        elif func in SINKS:
            for arg in node.args:
                why = self.option_prompts(arg) if func in OPTIONS else self.unsafe(arg)
                if why:
                    self.say(node, f"{func}({ast.unparse(arg)[:50]}): {why}")
        self.generic_visit(node)

    def option_prompts(self, node: ast.AST) -> str | None:
        """A list of ``(prompt, value)`` options: why a prompt could be read as markup."""
        if isinstance(node, ast.Tuple):
            return next((why for why in map(self.item, node.elts) if why), None)
        return self.unsafe(node)


def scan(path: Path) -> list[str]:
    checker = Scan(path)
    checker.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return checker.found


def modules() -> Iterator[Path]:
    return (path for path in sorted(APP.rglob("*.py")) if path != ONE_WAY)


def test_every_screen_puts_text_on_screen_one_way() -> None:
    found = [line for path in modules() for line in scan(path)]
    assert not found, "user text could be read as markup:\n" + "\n".join(found)


@pytest.mark.parametrize(("code", "caught"), [
    ('Static(_("Pass to {name}").format(name=name))', True),
    ('self.query_one(Static).update(f"{who} is thinking")', True),
    ('table.add_row(key, str(wins))', False),
    ('t = _("vs {level}").format(level=level)\ntable.add_row(t)', True),
    ('rt.add_column(table.side_name(side)[:14])', True),
    ('self.notify(_("Saved"), markup=False)', True),
    ('Select([(name, i) for i, name in enumerate(pad.names)])', True),
    ('Button(f"{i} {label}")', True),
    ('Label(" " + _("Preset"))', False),
    ('rt.add_row(f"{streak:+d}", f"{p:.0%}")', False),
    ('Static(fill(_("Pass to {name}"), name=name))', False),
    ('Static(plain(name))', False),
    ('Static(Text(question))', False),
    ('Static(_("Score sheet"), classes="title")', False),
    ('Option(f"{escape(info.describe())}")', True),
    ('from rich.markup import escape', True),
    ('Text.from_markup(line)', True),
])
def test_the_scan_tells_a_leak_from_text(code: str, caught: bool) -> None:
    checker = Scan(APP / "example.py")
    checker.visit(ast.parse("def shown():\n" + "".join(f"    {line}\n" for line in code.splitlines())))
    assert bool(checker.found) == caught, checker.found
