"""Finding text cut off on a screen, as a player would notice it.

Three checks, each over the widgets of the screen on top, after layout:

* **clipped**: a widget draws text where its container does not show it — a button pushed past the edge of its
  bar, a line running out of a dialog — and no scroll bar lets the player reach it;
* **hidden lines**: a text widget needs more lines than it has (its last lines never show), and cannot scroll; a
  button's label is wider than the button;
* **cut words**: a word on screen that is the beginning of a word the game says (a name, a word of either
  language's catalog) but not a word itself — ``Дмитри`` for Дмитрий, ``th`` for the — unless it ends in "…"
  or ".", the marks of a word shortened on purpose; and a side of two cut after its first name
  (``Александрина &`` without Клара).

The words come from the game's catalog (every English message and its Russian translation), the names the test
seats and a few words of Textual's own widgets, so a word is only suspect when the game itself would have said
it longer.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, DataTable, Static

CATALOG = Path(__file__).resolve().parent.parent / "deberc_tui" / "locale" / "ru" / "LC_MESSAGES" / "deberc.po"
WORD = re.compile(r"[^\W\d_]+")
TEXTUAL_WORDS = ("palette", "Select")  # words Textual's widgets show themselves


@cache
def catalog_words() -> frozenset[str]:
    """Every word of every message of the catalog, English and Russian, in lower case."""
    text = CATALOG.read_text(encoding="utf-8")
    strings = re.findall(r'^(?:msgid|msgstr(?:\[\d\])?|msgid_plural)?\s*"(.*)"$', text, flags=re.MULTILINE)
    fields = re.compile(r"\{[^{}]*\}")  # {name}, {best:.0f}: filled in, never shown
    words = (w for s in strings for w in WORD.findall(fields.sub(" ", s.replace("\\n", " "))))
    return frozenset(w.lower() for w in words if not re.fullmatch("[AKQJT2-9][SHDC]", w))  # no card's code: TH, KS


class Vocabulary:
    """The words the game may show; a token is suspect when it begins one of them without being one."""

    def __init__(self, extra: Iterable[str] = ()) -> None:
        words = set(catalog_words()) | {w.lower() for w in TEXTUAL_WORDS}
        extra = list(extra)
        for text in extra:
            words |= {w.lower() for w in WORD.findall(text)}
        self.words = words
        self.sorted = sorted(words)
        self.pairs = [tuple(name.split(" & ", 1)) for name in extra if " & " in name]
        """The sides of two (``Boris & Dmitri``): their first name and the second."""

    def cut(self, token: str) -> bool:
        """Whether ``token`` looks like a word cut short: the beginning of a known word, not a known word."""
        low = token.lower()
        if len(low) < 2 or low in self.words:
            return False
        i = bisect.bisect_left(self.sorted, low)
        return i < len(self.sorted) and self.sorted[i].startswith(low)


def cut_words(line: str, vocabulary: Vocabulary) -> list[str]:
    """The words of ``line`` cut short (a word followed by "…" or "." is shortened on purpose)."""
    out = []
    for m in WORD.finditer(line):
        after = line[m.end(): m.end() + 1]
        if after in ("…", ".") or not vocabulary.cut(m.group()):
            continue
        out.append(m.group())
    return out


def _scrolls(widget: Widget, horizontal: bool) -> bool:
    """Whether ``widget`` or a container of it has a scroll bar the player can use in that direction."""
    node: Any = widget
    while isinstance(node, Widget):
        if horizontal:
            if node.allow_horizontal_scroll and node.styles.scrollbar_size_horizontal > 0:
                return True
        elif node.allow_vertical_scroll and node.styles.scrollbar_size_vertical > 0:
            return True
        node = node.parent
    return False


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def _ink(strips: list[Any], region: Region, visible: Region) -> tuple[bool, bool]:
    """Whether the widget's own drawing (``strips`` of ``region``) has text outside ``visible`` across and down."""
    across = down = False
    for y, strip in enumerate(strips):
        text = strip.text
        row = region.y + y
        if not visible.y <= row < visible.bottom:
            down = down or bool(text.strip())
            continue
        left = visible.x - region.x
        right = visible.right - region.x
        outside = text[: max(0, left)] + text[max(0, right):]
        across = across or bool(outside.strip())
    return across, down


def _label_cut(widget: Widget) -> bool:
    """A button whose label is wider than the button (Textual keeps a button's width when its label changes)."""
    if not isinstance(widget, Button):
        return False
    return max((cell_len(line) for line in str(widget.label).splitlines()), default=0) > widget.content_region.width


def _hidden_lines(widget: Widget) -> bool:
    """A text widget (not scrolling) whose text needs more lines than it has."""
    if not isinstance(widget, Static) or widget.allow_vertical_scroll:
        return False
    region = widget.content_region
    if region.width <= 0 or region.height <= 0:
        return False
    need = widget.get_content_height(widget.parent.size if isinstance(widget.parent, Widget) else region.size,
                                     widget.app.size, region.width)
    return need > region.height and not _scrolls(widget, horizontal=False)


def problems(app: Any, vocabulary: Vocabulary) -> list[str]:
    """Everything cut off on the screen on top, one line each (empty: nothing)."""
    screen = app.screen
    compositor = screen._compositor
    found: list[str] = []
    for widget, geometry in compositor.full_map.items():
        if widget is screen or not widget.display or not widget.visible:
            continue
        region, clip = geometry.region, geometry.clip
        if not region.width or not region.height:
            continue
        visible = clip.intersection(region)
        across = (region.x < clip.x or region.right > clip.right) and not _scrolls(widget, horizontal=True)
        down = (region.y < clip.y or region.bottom > clip.bottom) and not _scrolls(widget, horizontal=False)
        if across or down:  # partly out of sight, and no scroll bar brings it back: is there text out there?
            strips = widget.render_lines(Region(0, 0, region.width, region.height))
            ink_across, ink_down = _ink(strips, region, visible)
            text = " ".join(s.text.strip() for s in strips)[:80]
            if across and ink_across:
                found.append(f"{_name(widget)}: clipped at the side: {text!r}")
            if down and ink_down:
                found.append(f"{_name(widget)}: clipped below: {text!r}")
        if _label_cut(widget):
            found.append(f"{_name(widget)}: label wider than the button: {str(widget.label)!r}")
        if _hidden_lines(widget):
            found.append(f"{_name(widget)}: lines hidden: {str(widget.content)[:80]!r}")
        if isinstance(widget, DataTable) and widget.virtual_size.width > widget.scrollable_content_region.width:
            found.append(f"{_name(widget)}: columns past the right edge")
        if widget.children or not visible:
            continue  # the words of a container are its children's
        # its own drawing where it is seen (not what lies over it: an open drop-down covers a label, it does not cut it)
        seen = visible.translate((-region.x, -region.y))
        lines = [str(strip.text) for strip in widget.render_lines(seen)]
        for line in lines:
            for word in cut_words(line, vocabulary):
                found.append(f"{_name(widget)}: {word!r} cut in {line.strip()!r}")
        shown = " ".join(lines)
        for first, second in vocabulary.pairs:
            if f"{first} &" in shown and second not in shown:
                found.append(f"{_name(widget)}: {first} & {second} cut after {first}")
    return found

