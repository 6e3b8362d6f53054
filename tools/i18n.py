"""Keep the translation catalogs in step with the code, with Babel: extract → update the .po → compile the .mo.

    python3 tools/i18n.py            # extract every message id, update each .po, compile each .mo
    python3 tools/i18n.py compile    # only compile each .po to its .mo (after writing translations)
    python3 tools/i18n.py check      # change nothing; exit 1 if a .po or .mo is behind the code

Message ids are the literals of ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` (Babel's Python
extractor) plus the click help texts: ``help="..."`` of options and commands and the docstrings of click
commands, which ``deberc_tui.cli.translate_click`` translates before click prints them (:func:`extract_deberc`,
a Babel extraction method, finds those). New ids enter each ``.po`` with an empty translation, ids gone from
the code stay as ``#~`` comments; untranslated ids are listed. The ``.mo`` files are committed: the package
reads them at run time and needs no compile step. A developer tool: nothing here is imported by ``deberc``.
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
import tomllib
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract, extract_python
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import PoFileError, PoFileParser, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("deberc_tui", "bots")
LOCALE = ROOT / "deberc_tui" / "locale"
DOMAIN = "deberc"
SOURCE_LANGUAGE = "en"  # the message ids themselves: its catalog is only a header, never filled
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "G_": None, "W_": None, "ngettext": (1, 2),
                            "pgettext": ((1, "c"), 2)}
# The markers of deberc_tui.text.persons: a message translated again under these gettext contexts (by gender, or
# for a side with "you"), besides its plain translation.
CONTEXTS: dict[str, tuple[str, ...]] = {"G_": ("he", "she"), "W_": ("you and",)}
CLICK_CALLS = {"option", "argument", "command", "group"}
USAGE = "python3 tools/i18n.py  (extract → update the .po → compile the .mo)"

# What a Babel extraction method yields: (line, keyword, message or (singular, plural), translator comments).
Extracted = tuple[int, str | None, str | tuple[str | None, ...], list[str]]


class CatalogError(Exception):
    """A catalog that cannot be read: one line naming the file and what is wrong."""


# -- extraction ------------------------------------------------------------------------------------


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_click_command(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for dec in fn.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if _name(target) in {"command", "group"}:
            return True
    return False


def click_help_texts(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The click help texts of a module, as ``translate_click`` looks them up: ``help=`` of options as written,
    ``help=`` and docstrings of commands and groups cleaned as ``inspect.cleandoc`` cleans them."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in CLICK_CALLS:
            for kw in node.keywords:
                if kw.arg == "help" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    text = kw.value.value
                    if _name(node.func) in {"command", "group"}:
                        text = ast.get_docstring(ast.Module([ast.Expr(kw.value)], []), clean=True) or ""
                    if text:
                        yield node.lineno, text
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_click_command(node):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.lineno, doc


def calls_in_fstrings(tree: ast.AST, keywords: Collection[str]) -> Iterator[Extracted]:
    """Keyword calls inside f-strings (``f"{_('bot'):<18}"``), which Babel's extractor cannot see on Python
    3.11: the tokenizer gives an f-string as one token there."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and _name(inner.func) in keywords:
                args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                             for a in inner.args)
                yield inner.lineno, _name(inner.func), args, []


def calls_in_context(tree: ast.AST) -> Iterator[Extracted]:
    """The context entries of the person markers (:data:`CONTEXTS`): ``G_("{name} took it")`` is also a message
    under ``he`` and under ``she``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in CONTEXTS and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                for context in CONTEXTS[_name(node.func)]:
                    yield node.lineno, "pgettext", (context, arg.value), []


def extract_deberc(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                   options: Mapping[str, Any]) -> Iterator[Extracted]:
    """A Babel extraction method: Babel's Python extractor, then the keyword calls inside f-strings and the
    click help texts of the same file.

    Usable from a Babel mapping file too (``[tools.i18n:extract_deberc: **.py]``).
    """
    source = fileobj.read()
    # Babel's stubs give extraction methods the 4-tuple of extract() itself; at run time they yield Extracted.
    yield from cast("Iterator[Extracted]", extract_python(io.BytesIO(source), keywords, comment_tags,
                                                           {"encoding": "utf-8"}))
    tree = ast.parse(source.decode("utf-8"))
    yield from calls_in_fstrings(tree, keywords)  # on 3.12 Babel may find them too: the catalog merges repeats
    yield from calls_in_context(tree)
    for line, text in click_help_texts(tree):
        yield line, None, text, []


def source_files(root: Path = ROOT) -> list[Path]:
    return [path for top in SOURCES for path in sorted((root / top).rglob("*.py"))
            if "__pycache__" not in path.parts]


def extract_messages(root: Path = ROOT) -> Catalog:
    """Every message id in the sources, as a Babel template catalog (in order of first appearance)."""
    version = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    template = Catalog(project="deberc", version=version, domain=DOMAIN, fuzzy=False)
    for path in source_files(root):
        rel = path.relative_to(root).as_posix()
        with path.open("rb") as fileobj:
            # Babel types the callable's results more narrowly than it accepts them at run time.
            for line, message, comments, context in extract(extract_deberc, fileobj, KEYWORDS):  # type: ignore[arg-type]
                template.add(message, None, [(rel, line)], auto_comments=comments, context=context)
    return template


# -- catalogs --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    """What updating one catalog found: how many ids, which have no translation, which left the code."""

    lang: str
    messages: int
    untranslated: tuple[str, ...]
    obsolete: tuple[str, ...]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def languages() -> list[str]:
    """Every language with a catalog (the source language's holds only the header)."""
    return sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


class _ReadCatalog(Catalog):
    """A catalog being read from a ``.po``: an id given twice is an error (Babel would silently keep the first
    translation, so a corrected one appended at the end of the file would be ignored)."""

    def __setitem__(self, id: str | tuple[str, ...] | list[str], message: Message) -> None:
        if id and self.get(id, message.context) is not None:
            raise CatalogError(f"line {message.lineno}: {msgid(id)!r} is in the catalog twice (keep one entry)")
        super().__setitem__(id, message)


def shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def read_catalog(path: Path) -> Catalog:
    """A ``.po`` file as a Babel catalog; a syntax error or a repeated id is a :class:`CatalogError`."""
    catalog = _ReadCatalog(domain=DOMAIN)
    try:
        with path.open("rb") as fileobj:
            PoFileParser(catalog, abort_invalid=True).parse(fileobj)
    except PoFileError as exc:  # Babel counts the lines from 0 and appends " on <line>" to its message
        reason = str(exc).rsplit(" on ", 1)[0]
        raise CatalogError(f"{shown(path)}: line {exc.lineno + 1}: {reason}: {exc.line.strip()!r}") from None
    except CatalogError as exc:
        raise CatalogError(f"{shown(path)}: {exc}") from None
    except OSError as exc:
        raise CatalogError(f"{shown(path)}: cannot read it ({exc.strerror})") from None
    return catalog


def msgid(message_id: str | Sequence[str]) -> str:
    """The id of a message: itself, or the singular of a plural message."""
    return message_id if isinstance(message_id, str) else message_id[0]


def key(message: Message) -> str:
    """What tells a message from the others in a catalog: its id, after its context as gettext writes it
    (``he\x04{name} took it``) when it has one."""
    return msgid(message.id) if message.context is None else f"{message.context}\x04{msgid(message.id)}"


def shown_key(message: Message) -> str:
    """A message as a report names it: its id, and its context in brackets."""
    return msgid(message.id) if message.context is None else f"[{message.context}] {msgid(message.id)}"


def untranslated(catalog: Catalog) -> tuple[str, ...]:
    """The ids without a usable translation (empty, a plural form empty, or fuzzy): gettext shows English."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if message.fuzzy or not all(forms):
            out.append(shown_key(message))
    return tuple(out)


def updated(lang: str, template: Catalog) -> tuple[Catalog, Report]:
    """The catalog of ``lang`` brought in step with ``template`` (no fuzzy guesses: a changed id starts empty)."""
    catalog = read_catalog(po_path(lang))
    before = [shown_key(m) for m in catalog if m.id]
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.project, catalog.version = template.project, template.version
    catalog.msgid_bugs_address = catalog.last_translator = catalog.language_team = ""
    now = {shown_key(m) for m in catalog if m.id}
    obsolete = tuple(i for i in before if i not in now)
    return catalog, Report(lang, len(now), untranslated(catalog), obsolete)


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalog: translated, non-fuzzy messages only (the rest falls back to English)."""
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def mo_catalog(data: bytes) -> Catalog:
    return read_mo(io.BytesIO(data))


def compiled(lang: str) -> bytes:
    return mo_bytes(read_catalog(po_path(lang)))


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def update_all(template: Catalog, *, write: bool = True) -> list[Report]:
    """Update every translated catalog from ``template``; returns what each report says. Writes nothing
    unless ``write``."""
    reports = []
    for lang in languages():
        if lang == SOURCE_LANGUAGE:
            continue
        catalog, report = updated(lang, template)
        if write:
            _write_if_changed(po_path(lang), po_bytes(catalog))
        reports.append(report)
    return reports


def compile_all() -> list[Path]:
    """Compile every ``.po`` to its ``.mo``; returns the ``.mo`` files that changed."""
    return [mo_path(lang) for lang in languages() if _write_if_changed(mo_path(lang), compiled(lang))]


def entries(catalog: Catalog) -> dict[str, tuple[object, object]]:
    """The messages of a catalog as gettext sees them: each id (with its context; and plural) with its
    translation(s)."""
    return {key(m): (m.id, m.string) for m in catalog if m.id}


def stale_files(template: Catalog) -> list[Path]:
    """The ``.po`` files whose messages the update would change and the ``.mo`` files behind their ``.po``
    (messages only: the headers name the Babel version and dates, which do not matter)."""
    out = []
    for lang in languages():
        on_disk = read_catalog(po_path(lang))
        if lang != SOURCE_LANGUAGE and entries(updated(lang, template)[0]) != entries(on_disk):
            out.append(po_path(lang))
        if not mo_path(lang).exists() or entries(mo_catalog(mo_path(lang).read_bytes())) != entries(
                mo_catalog(mo_bytes(on_disk))):
            out.append(mo_path(lang))
    return out


def _say(report: Report) -> None:
    for message_id in report.untranslated:
        print(f"{report.lang}: untranslated: {message_id!r}")
    for message_id in report.obsolete:
        print(f"{report.lang}: no longer in the code (kept as #~): {message_id!r}")
    print(f"{report.lang}: {report.messages} messages, {report.messages - len(report.untranslated)} translated, "
          f"{len(report.untranslated)} untranslated", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 tools/i18n.py", description=__doc__.split("\n")[0])
    parser.add_argument("step", nargs="?", choices=("update", "compile", "check"), default="update",
                        help="update: extract, update the .po and compile (default); compile: only compile; "
                             "check: change nothing, exit 1 if anything is behind")
    args = parser.parse_args(argv)
    try:
        if args.step == "check":
            behind = stale_files(extract_messages())
            for path in behind:
                print(f"behind the code: {shown(path)} — run {USAGE}", file=sys.stderr)
            return 1 if behind else 0
        if args.step == "update":
            for report in update_all(extract_messages()):
                _say(report)
        for path in compile_all():
            print(f"compiled {shown(path)}", file=sys.stderr)
    except CatalogError as exc:
        print(f"tools/i18n.py: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
