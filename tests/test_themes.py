"""The practice and the score pad, run on their own, sit on the same green felt as the card table."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from apphelp import first_legal

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.screens.practice import PracticeApp
from deberc_tui.app.screens.scorepad import make_app as pad_app
from deberc_tui.engine import Rules
from deberc_tui.scorepad import PadStore


async def ground(app: Any, size: tuple[int, int] = (80, 24)) -> tuple[str, str]:
    """The colours most of the screen is drawn on, and the key bar's, as a person sees them."""
    async with app.run_test(size=size) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        rows = app.screen._compositor.render_strips()
        colours = Counter(seg.style.bgcolor.get_truecolor().hex for row in rows[:-1] for seg in row
                          if seg.style is not None and seg.style.bgcolor is not None for _ in seg.text)
        bar = Counter(seg.style.bgcolor.get_truecolor().hex for seg in rows[-1]
                      if seg.style is not None and seg.style.bgcolor is not None for _ in seg.text)
        return colours.most_common(1)[0][0], bar.most_common(1)[0][0]


def green(colour: str) -> bool:
    red, grn, blue = (int(colour[i: i + 2], 16) for i in (1, 3, 5))
    return grn > red and grn > blue


async def test_the_practice_and_the_score_pad_use_the_tables_colours(tmp_path: Path) -> None:
    table = await ground(make_app(pace=0.0, look=Look(), bot_maker=first_legal))
    practice = await ground(PracticeApp(Rules.preset("moscow", players=2), seed=5, worlds=4, look=Look()))
    pad = await ground(pad_app(PadStore(tmp_path)))
    assert green(table[0]) and green(practice[0]) and green(pad[0])  # the felt, not Textual's grey
    assert practice[1] == table[1] and pad[1] == table[1]  # the key bar as at the table
