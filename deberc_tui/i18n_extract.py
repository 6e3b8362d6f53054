"""Find every message id in the sources and keep the ``.po`` catalogs in step with them.

Message ids are the string literals in ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)``
calls, plus the click help texts (``help="..."`` of options and commands, the docstrings of commands),
which :func:`deberc_tui.cli.translate_click` translates before click prints them.
Only the ``ast`` module is used: nothing is imported or run.

    python -m deberc_tui.i18n_extract            # list the ids missing from ru.po (exit 1 if any)
    python -m deberc_tui.i18n_extract --update   # add missing ids (empty) to ru.po, comment out stale ones
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOTS = (PACKAGE, PACKAGE.parent / "bots")
MARKERS = {"_", "N_"}
CLICK_CALLS = {"option", "argument", "command", "group"}


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    where: list[str] = field(default_factory=list)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_click_command(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for dec in fn.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if _name(target) in {"command", "group"}:
            return True
    return False


def extract_source(source: str, filename: str = "<string>") -> list[Message]:
    """The messages of one module, in source order."""
    tree = ast.parse(source, filename)
    found: list[Message] = []

    def add(msgid: str | None, line: int, plural: str | None = None) -> None:
        if msgid:
            found.append(Message(msgid, plural, [f"{filename}:{line}"]))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MARKERS and node.args:
                add(_literal(node.args[0]), node.lineno)
            elif name == "ngettext" and len(node.args) >= 2:
                add(_literal(node.args[0]), node.lineno, _literal(node.args[1]))
            elif name in CLICK_CALLS:
                for kw in node.keywords:
                    if kw.arg == "help":
                        text = _literal(kw.value)
                        add(ast.get_docstring(ast.Module([ast.Expr(kw.value)], []), clean=True)
                            if text and name in {"command", "group"} else text, node.lineno)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_click_command(node):
            add(ast.get_docstring(node, clean=True), node.lineno)
    return found


def extract(roots: tuple[Path, ...] = ROOTS) -> dict[str, Message]:
    """Every message id under ``roots`` (sorted by first appearance), with where it occurs."""
    out: dict[str, Message] = {}
    for root in roots:
        if not root.exists():
            continue
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(PACKAGE.parent).as_posix()
            for msg in extract_source(path.read_text(encoding="utf-8"), rel):
                if msg.msgid in out:
                    out[msg.msgid].where += msg.where
                    out[msg.msgid].plural = out[msg.msgid].plural or msg.plural
                else:
                    out[msg.msgid] = msg
    return out


# -- writing .po files -------------------------------------------------------------------------

HEADER = """\
# Russian messages of deberc. Keep the game's own words: пас, играю, вскрышка, терц, полтинник, бела, БТ, партия.
msgid ""
msgstr ""
"Language: {lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
"""


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


def _lines(keyword: str, text: str) -> list[str]:
    if "\n" not in text.rstrip("\n"):
        return [f"{keyword} {_quote(text)}"]
    pieces = text.splitlines(keepends=True)
    return [f'{keyword} ""'] + [_quote(p) for p in pieces]


def render_po(lang: str, messages: dict[str, Message], translations: dict[str, str | tuple[str, ...]]) -> str:
    """A catalog: every message (translated where known, else empty), then stale translations as ``#~``."""
    out = [HEADER.format(lang=lang)]
    for msgid, msg in messages.items():
        out.append("")
        where = sorted(set(w.rsplit(":", 1)[0] for w in msg.where))
        out.append("#: " + " ".join(where))
        if "{" in msgid:
            out.append("#, python-brace-format")
        out += _lines("msgid", msgid)
        found = translations.get(msgid)
        if msg.plural is not None:
            out += _lines("msgid_plural", msg.plural)
            forms = found if isinstance(found, tuple) else ("", "", "")
            for i, form in enumerate(forms):
                out += _lines(f"msgstr[{i}]", form)
        else:
            out += _lines("msgstr", found if isinstance(found, str) else "")
    stale = [k for k in translations if k not in messages]
    for msgid in stale:
        found = translations[msgid]
        out.append("")
        out += ["#~ " + line for line in _lines("msgid", msgid)]
        out += ["#~ " + line for line in _lines("msgstr", found if isinstance(found, str) else found[0])]
    return "\n".join(out) + "\n"


def po_path(lang: str) -> Path:
    return PACKAGE / "locale" / f"{lang}.po"


def main(argv: list[str] | None = None) -> int:
    from deberc_tui.text.i18n import _parse_po

    parser = argparse.ArgumentParser(prog="python -m deberc_tui.i18n_extract", description=__doc__.split("\n")[0])
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--update", action="store_true", help="rewrite the catalog with every current id")
    args = parser.parse_args(argv)
    path = po_path(args.lang)
    translations = _parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
    messages = extract()
    missing = [m for m in messages if m not in translations]
    if args.update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_po(args.lang, messages, translations), encoding="utf-8")
    for msgid in missing:
        print(f"missing: {msgid!r}  ({messages[msgid].where[0]})")
    print(f"{len(messages)} messages, {len(messages) - len(missing)} translated, {len(missing)} missing",
          file=sys.stderr)
    return 1 if missing and not args.update else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
