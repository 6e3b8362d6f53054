"""How the table looks: card faces, suit colours in every look, the felt's markers, and the hand fitting
the terminal. The widgets are checked on what they draw (Rich text and rendered segments), in a real
headless app where the colour of a cell depends on Textual's styles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apphelp import first_legal, human_move, settle, table_screen
from rich.color import Color
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget

from deberc_tui.app import make_app
from deberc_tui.app.look import Look
from deberc_tui.app.widgets import CardSlot, Felt, Hand
from deberc_tui.app.widgets.felt import FeltState, SeatInfo, card_size
from deberc_tui.app.widgets.hand import MAX_CARDS
from deberc_tui.engine import Card, Rules

SUITS = "♣♦♥♠"
MIXED = [Card.parse(c) for c in ("AH", "TD", "KC", "QS", "JH", "9D", "8C", "7S", "TH")]


@pytest.fixture(autouse=True)
def _setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBERC_DATA_DIR", str(tmp_path))
def table_app(look: Look, players: int = 2) -> Any:
    return make_app(Rules.preset("moscow", players=players), seed=11, first_dealer=1, pace=0.0, look=look, bot_maker=first_legal)


def rendered(widget: Widget) -> list[list[tuple[str, Style]]]:
    """The widget's cells as Textual renders them: (character, style) per cell, line by line."""
    lines = widget.render_lines(widget.region.reset_offset)
    out = []
    for strip in lines:
        row = []
        for seg in strip:
            if seg.control:
                continue
            for ch in seg.text:
                row.append((ch, seg.style or Style()))
        out.append(row)
    return out


def glyph_colours(widgets: list[Widget]) -> dict[str, set[tuple[int, int, int]]]:
    """For each suit symbol (or ASCII letter) drawn by the widgets, the foreground colours it appears in."""
    found: dict[str, set[tuple[int, int, int]]] = {}
    for widget in widgets:
        for row in rendered(widget):
            for ch, style in row:
                if ch in SUITS:
                    colour = style.color or Color.parse("default")
                    found.setdefault(ch, set()).add(tuple(colour.get_truecolor()))
    return found


def is_red(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 150 and g < 90 and b < 90


def is_black(rgb: tuple[int, int, int]) -> bool:
    return max(rgb) < 60


def is_blue(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return b > 150 and r < 90


def is_green(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return g > 100 and r < 60 and b < 90


async def hand_showing(pilot: Any, cards: list[Card], legal: set[Card] | None = None) -> list[CardSlot]:
    hand = table_screen(pilot.app).query_one("#hand", Hand)
    hand.show(cards, legal if legal is not None else set())
    await pilot.pause()
    return [slot for slot in hand.query(CardSlot) if slot.display]


# -- card faces --------------------------------------------------------------------------------


def test_a_card_face_shows_rank_and_suit_in_its_corners() -> None:
    look = Look()
    small = [t.plain for t in look.face_lines(Card.parse("TH"), 5, 4)]
    assert small == ["╭───╮", "│10♥│", "│♥10│", "╰───╯"]
    big = [t.plain for t in look.face_lines(Card.parse("QS"), 7, 5)]
    assert big[1].startswith("│Q♠") and big[-2].endswith("♠Q│")
    assert "♠" in big[2]  # the pip in the middle
    assert all(len(line) == 7 for line in big)


def test_the_number_key_stands_in_the_top_edge() -> None:
    face = Look().face_lines(Card.parse("7C"), 5, 4, key="3")
    assert face[0].plain == "╭3──╮"


def test_the_selected_card_has_a_heavy_outline_the_winner_a_double_one() -> None:
    look = Look()
    assert look.face_lines(Card.parse("7C"), 5, 4, selected=True)[0].plain.startswith("┏")
    assert look.face_lines(Card.parse("7C"), 5, 4, winner=True)[0].plain.startswith("╔")


def test_an_ascii_face_is_drawn_with_plus_minus_and_bar() -> None:
    for kind in ({}, {"selected": True}, {"winner": True}, {"back": True}):
        face = Look(ascii=True).face_lines(Card.parse("TD"), 7, 5, key="1", **kind)  # type: ignore[arg-type]
        text = "".join(t.plain for t in face)
        assert text.isascii()
        assert set(face[0].plain) <= set("+-1") and set(face[2].plain[0] + face[2].plain[-1]) == {"|"}
    assert Look(ascii=True).face_lines(Card.parse("TD"), 5, 4)[1].plain == "|10d|"


async def test_a_card_name_keeps_its_colour_in_any_widget() -> None:
    # Textual 8 drops a named colour set as a Rich Text's base style in a widget (hex or spans survive).
    from textual.widgets import Static

    class One(App[None]):
        CSS = "Static { color: #101010; background: #f4f0e6; text-style: bold; }"

        def compose(self) -> ComposeResult:
            look = Look()
            yield Static(look.card_text(Card.parse("AH"), on_table=False))
            yield Static(look.suit_text(Card.parse("AD").suit))
            yield Static(look.face(Card.parse("TH")))

    app = One()
    async with app.run_test(size=(20, 4)):
        colours = glyph_colours(list(app.query(Static)))
    assert all(is_red(c) or c == (0xFF, 0x6B, 0x6B) for c in colours["♥"] | colours["♦"]), colours


def test_card_colours_are_hex_values() -> None:
    look = Look(four_colour=True)
    for card in MIXED:
        for line in look.face_lines(card, 5, 4):
            for span in line.spans:
                for word in str(span.style).split():
                    assert word in ("bold", "dim", "on") or word.startswith("#")


# -- suit colours in the hand and on the felt --------------------------------------------------


async def test_the_hand_shows_hearts_and_diamonds_in_red_and_clubs_and_spades_in_black() -> None:
    app = table_app(Look())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        slots = await hand_showing(pilot, MIXED)
        colours = glyph_colours(list(slots))
        assert set(colours) == set(SUITS)
        assert all(is_red(c) for c in colours["♥"] | colours["♦"]), colours
        assert all(is_black(c) for c in colours["♣"] | colours["♠"]), colours


async def test_the_svg_screenshot_has_red_hearts_in_the_hand() -> None:
    import re

    app = table_app(Look())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await hand_showing(pilot, [Card.parse("AH"), Card.parse("AS")])
        svg = app.export_screenshot()
    fills = dict(re.findall(r"\.(terminal-[\w-]+) \{ fill: (#[0-9a-f]{6})", svg))
    hearts = re.findall(r'<text class="(terminal-[\w-]+)"[^>]*>[^<]*♥', svg)
    assert hearts and all(is_red(tuple(bytes.fromhex(fills[c][1:]))) for c in hearts)  # type: ignore[arg-type]


async def test_four_colour_shows_diamonds_blue_and_clubs_green_in_the_hand_and_on_the_felt() -> None:
    app = table_app(Look(four_colour=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        slots = await hand_showing(pilot, MIXED)
        felt = scr.query_one("#felt", Felt)
        felt.show(FeltState(seats=[SeatInfo("You", 8), SeatInfo("Boris", 8)],
                            trick=[(1, Card.parse("9D")), (0, Card.parse("KC"))]))
        await pilot.pause()
        for widgets in (list(slots), [felt]):
            colours = glyph_colours(widgets)
            assert all(is_blue(c) for c in colours["♦"]), colours
            assert all(is_green(c) for c in colours["♣"]), colours
        colours = glyph_colours(list(slots))
        assert all(is_red(c) for c in colours["♥"]) and all(is_black(c) for c in colours["♠"])


async def test_the_felt_shows_the_trick_in_red_and_black_on_white_faces() -> None:
    app = table_app(Look())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        felt = table_screen(app).query_one("#felt", Felt)
        felt.show(FeltState(seats=[SeatInfo("You", 8), SeatInfo("Boris", 8)],
                            trick=[(1, Card.parse("9D")), (0, Card.parse("KS"))]))
        await pilot.pause()
        colours = glyph_colours([felt])
        assert all(is_red(c) for c in colours["♦"]) and all(is_black(c) for c in colours["♠"])
        faces = {style.bgcolor.get_truecolor() for row in rendered(felt) for ch, style in row
                 if ch in "♦♠" and style.bgcolor is not None}
        assert faces and all(min(rgb) > 200 for rgb in faces)  # a white card face


def no_colour(text: Text) -> bool:
    styles = [text.style, *(span.style for span in text.spans)]
    parsed = [s if isinstance(s, Style) else Style.parse(s) for s in styles]
    return all(s.color is None and s.bgcolor is None for s in parsed)


async def test_mono_uses_no_colour_for_the_cards() -> None:
    look = Look(mono=True)
    for card in MIXED:
        for kind in ({}, {"selected": True}, {"winner": True}, {"dim": True}, {"back": True}):
            assert all(no_colour(t) for t in look.face_lines(card, 7, 5, key="1", **kind))  # type: ignore[arg-type]
    app = table_app(look)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = table_screen(app)
        slots = await hand_showing(pilot, MIXED)
        felt = scr.query_one("#felt", Felt)
        assert no_colour(felt.render())
        assert all(no_colour(slot.render()) for slot in slots)
        colours = glyph_colours(list(slots))
        assert len(set().union(*colours.values())) == 1  # every suit looks the same: no colour meaning


async def test_ascii_look_draws_only_ascii_on_the_felt_in_the_hand_and_the_panel() -> None:
    app = table_app(Look(ascii=True), players=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await settle(pilot)
            deal = table_screen(app).session.game.deal
            if deal.current_trick and deal.to_act == 0:
                break
            await human_move(pilot)
        scr = table_screen(app)
        assert scr.query_one("#hand", Hand).cards
        for selector in ("#felt", "#hand", "#info"):
            for widget in [scr.query_one(selector), *scr.query_one(selector).query("*")]:
                if not widget.display:
                    continue
                text = "".join(ch for row in rendered(widget) for ch, _ in row)
                assert text.isascii(), f"{selector}: {[ch for ch in text if not ch.isascii()]}"


# -- the felt ----------------------------------------------------------------------------------


class FeltApp(App[None]):
    def __init__(self, look: Look) -> None:
        super().__init__()
        self.look = look

    def compose(self) -> ComposeResult:
        yield Felt(self.look)


async def felt_text(state: FeltState, size: tuple[int, int] = (48, 15), look: Look | None = None) -> str:
    app = FeltApp(look or Look())
    async with app.run_test(size=size) as pilot:
        felt = app.query_one(Felt)
        felt.show(state)
        await pilot.pause()
        return felt.render().plain


def two_seats(**kw: Any) -> list[SeatInfo]:
    return [SeatInfo("You", 7, **kw), SeatInfo("Boris", 7, dealer=True)]


async def test_the_felt_marks_the_seat_that_led_the_trick() -> None:
    trick = [(1, Card.parse("AS")), (0, Card.parse("9H"))]
    text = await felt_text(FeltState(seats=two_seats(), trick=trick, leader=1))
    assert "▸│A♠" in text and "▸│9♥" not in text
    text = await felt_text(FeltState(seats=two_seats(), trick=trick[::-1], leader=0))
    assert "▸│9♥" in text and "▸│A♠" not in text
    # without ``leader`` the first card played marks the leader
    assert "▸│A♠" in await felt_text(FeltState(seats=two_seats(), trick=trick))


async def test_each_card_of_the_trick_lies_in_front_of_the_seat_that_played_it() -> None:
    seats = [SeatInfo(name, 6) for name in ("You", "Boris", "Clara", "Dmitri")]
    trick = [(1, Card.parse("7C")), (2, Card.parse("8C")), (3, Card.parse("9C")), (0, Card.parse("TC"))]
    lines = (await felt_text(FeltState(seats=seats, trick=trick), size=(48, 15))).split("\n")

    def where(name: str) -> tuple[int, int]:
        return next((row, line.index(name)) for row, line in enumerate(lines) if name in line)

    you, boris, clara, dmitri = (where(c) for c in ("10♣", "7♣", "8♣", "9♣"))
    assert clara[0] < boris[0] < you[0] and clara[0] < dmitri[0] < you[0]  # top, sides, bottom
    assert boris[1] < you[1] < dmitri[1] and abs(clara[1] - you[1]) <= 1  # left, middle, right


async def test_the_winning_card_is_highlighted_when_the_trick_closes() -> None:
    trick = [(1, Card.parse("9H")), (0, Card.parse("AH"))]
    text = await felt_text(FeltState(seats=two_seats(), trick=trick))
    assert "║" not in text
    text = await felt_text(FeltState(seats=two_seats(), trick=trick, taken_by=0, taken_points=11))
    assert "║A♥" in text and "║9♥" not in text and "│9♥" in text
    assert "→ You take 11" in text
    text = await felt_text(FeltState(seats=two_seats(), trick=trick, taken_by=1, taken_points=11,
                                     winner_card=Card.parse("9H")))
    assert "║9♥" in text and "→ Boris takes 11" in text


async def test_the_stock_lies_face_down_with_its_count_on_the_turnup() -> None:
    state = FeltState(seats=two_seats(), turnup=Card.parse("7D"), stock=11, trump=None)
    text = await felt_text(state)
    assert "Stock 11" in text and "7♦" in text and "░" in text
    text = await felt_text(FeltState(seats=two_seats(), stock=0))
    assert "Stock" not in text and "░" not in text
    shown = await felt_text(FeltState(seats=two_seats(), stock=3, shown_stock=Card.parse("KS")))
    assert "K♠" in shown


async def test_whose_turn_it_is_has_an_arrow_and_a_lit_name() -> None:
    app = FeltApp(Look())
    async with app.run_test(size=(48, 15)) as pilot:
        felt = app.query_one(Felt)
        felt.show(FeltState(seats=[SeatInfo("You", 7), SeatInfo("Boris", 7, to_act=True)]))
        await pilot.pause()
        text = felt.render()
    assert "▶  Boris " in text.plain
    start = text.plain.index(" Boris ")
    styles = [span.style for span in text.spans if span.start <= start + 1 < span.end]
    assert any("on #" in str(s) for s in styles)  # the name stands on a bright ground


async def test_the_turnup_lies_in_the_middle_during_the_bidding() -> None:
    state = FeltState(seats=two_seats(), centre=Card.parse("7D"), centre_label="turnup · round 1",
                      turnup=Card.parse("7D"), stock=19)
    text = await felt_text(state)
    assert text.count("7♦") == 1 and "turnup · round 1" in text and "Stock 19" in text


async def test_the_turnup_and_the_bottom_card_in_the_corner_are_named_over_them() -> None:
    state = FeltState(seats=two_seats(), turnup=Card.parse("QH"), turnup_label="turnup", stock=4,
                      shown_stock=Card.parse("JS"), shown_label="bottom", trump=None)
    lines = (await felt_text(state)).split("\n")
    names = next(i for i, line in enumerate(lines) if "turnup" in line)
    assert "bottom" in lines[names]
    under_turnup, under_bottom = lines[names + 2], lines[names + 2]
    assert under_turnup.index("Q♥") - 1 == lines[names].index("turnup")  # over the turnup's left edge
    assert under_bottom.index("J♠") - 1 == lines[names].index("bottom")  # over the bottom card's left edge
    assert lines[-1].startswith("Stock 4")  # the stock's count still under it


async def test_the_names_in_the_corner_stay_apart_when_the_stock_is_gone() -> None:
    state = FeltState(seats=two_seats(), turnup=Card.parse("QH"), turnup_label="вскрышка", stock=0,
                      shown_stock=Card.parse("JS"), shown_label="верх колоды", trump=None)
    text = await felt_text(state)
    assert "вскрышка верх колоды" in text


async def test_what_a_side_seat_said_breaks_between_words_and_stays_whole() -> None:
    seats = [SeatInfo(name, 6) for name in ("Александрина", "Борис", "Клара", "Дмитрий")]
    seats[3].said = "полтинник до 10"
    lines = (await felt_text(FeltState(seats=seats))).split("\n")
    first = next(i for i, line in enumerate(lines) if "«полтинник" in line)
    assert lines[first + 1].strip().endswith("до 10»")
    assert lines[first].index("«полтинник") == lines[first + 1].index("до 10»")  # one block beside the card


async def test_what_the_top_seat_said_is_shown_whole() -> None:
    seats = two_seats()
    seats[1].said = "fifty to the 10"
    assert "«fifty to the 10»" in await felt_text(FeltState(seats=seats))


async def test_what_you_said_goes_under_your_name_when_the_row_beside_the_corner_is_too_narrow() -> None:
    seats = [SeatInfo("Александрина", 7, to_act=True, bidder=True, said="полтинник до 10"), SeatInfo("Борис", 7)]
    state = FeltState(seats=seats, turnup=Card.parse("QH"), turnup_label="вскрышка", stock=4,
                      shown_stock=Card.parse("JS"), shown_label="фреза")
    lines = (await felt_text(state)).split("\n")
    name = next(i for i, line in enumerate(lines) if "Александрина" in line)
    assert "«полтинник до 10»" in lines[name + 1]
    assert all("│" not in line[line.index("Александрина") - 3:] for line in lines[name: name + 1])


async def test_a_name_too_long_for_its_side_ends_in_an_ellipsis() -> None:
    seats = [SeatInfo(name, 6) for name in ("You", "Maximilianus-Karl", "Clara", "Dmitri")]
    seats[1].to_act = seats[1].dealer = seats[1].bidder = True
    text = await felt_text(FeltState(seats=seats))
    shown = next(word for line in text.split("\n") for word in line.split() if word.startswith("Maxim"))
    assert shown.endswith("…") and "Maximilianus-Karl"[:len(shown) - 1] == shown[:-1]
    assert "(D)" in text and "★" in text


# -- sizes -------------------------------------------------------------------------------------


async def test_at_80x24_nine_cards_fit_in_the_hand_and_the_whole_table_fits() -> None:
    app = table_app(Look())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for count in (9, MAX_CARDS):
            cards = [*MIXED, Card.parse("8H")][:count]
            slots = await hand_showing(pilot, cards, legal=set(cards[:3]))
            assert len(slots) == count
            assert all(slot.region.right <= 80 and slot.region.width >= 5 for slot in slots)
            assert all(slot.region.bottom <= 23 for slot in slots)  # the footer keeps the last line
            text = "".join(ch for slot in slots for row in rendered(slot) for ch, _ in row)
            for card in cards:
                assert Look().card_str(card) in text
        scr = table_screen(app)
        felt = scr.query_one("#felt")
        assert felt.region.height >= 12 and felt.region.y == 1


async def test_the_faces_grow_at_120x40() -> None:
    app = table_app(Look())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        slots = await hand_showing(pilot, MIXED)
        assert all(slot.region.width == 9 and slot.region.height == 8 for slot in slots)  # as large as the felt's
        assert all(slot.region.right <= 120 and slot.region.bottom <= 39 for slot in slots)
        felt = table_screen(app).query_one("#felt", Felt)
        felt.show(FeltState(seats=two_seats(), trick=[(1, Card.parse("AS"))]))
        await pilot.pause()
        face = [line for line in felt.render().plain.split("\n") if "A♠" in line or "♠A" in line]
        assert len(face) == 2 and face[0].index("A♠") < face[1].index("♠A")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_hand_stands_under_the_middle_of_the_felt_where_your_card_goes(size: tuple[int, int]) -> None:
    app = table_app(Look())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        slots = await hand_showing(pilot, MIXED[:6])
        await pilot.pause()
        felt = table_screen(app).query_one("#felt", Felt)
        felt.show(FeltState(seats=two_seats(), trick=[(0, Card.parse("AS"))]))
        await pilot.pause()
        rows = [strip.text for strip in app.screen._compositor.render_strips()]
        yours = next(row for row in rows[: felt.region.bottom] if "│A♠" in row)  # your card on the felt
        middle_of_yours = yours.index("│A♠") + card_size(felt.size.width, felt.size.height)[0] // 2
        middle_of_hand = (slots[0].region.x + slots[-1].region.right) // 2
        assert abs(middle_of_hand - middle_of_yours) <= 1, (middle_of_hand, middle_of_yours)
        assert size[0] // 2 - middle_of_hand > 10  # not the window's middle: the side panel is no part of it


async def test_the_selected_card_stands_raised_above_the_others() -> None:
    app = table_app(Look())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        cards = MIXED[:4]
        slots = await hand_showing(pilot, cards, legal=set(cards))
        hand = table_screen(app).query_one("#hand", Hand)
        hand.select(2)
        await pilot.pause()
        tops = [slot.render().plain.split("\n")[0].strip() for slot in slots]
        assert tops[2].startswith("┏3") and tops[0] == tops[1] == tops[3] == ""


async def test_the_seat_to_act_has_a_dim_outline_where_its_card_will_lie() -> None:
    seats = [SeatInfo("You", 7), SeatInfo("Boris", 7, to_act=True)]
    text = await felt_text(FeltState(seats=seats, trick=[]))
    assert "╭┄┄┄╮" in text
    text = await felt_text(FeltState(seats=seats, centre=Card.parse("7D")))  # not while bidding
    assert "┄" not in text


# -- the side panel ----------------------------------------------------------------------------


def test_the_panel_flows_its_items_without_cutting_words() -> None:
    from deberc_tui.app.widgets.panel import flow

    chunks = [Text(w) for w in ("Turnup 7♦", "Bottom J♠", "Stock 13")]
    lines = [t.plain for t in flow(chunks, 21)]
    assert lines == ["Turnup 7♦  Bottom J♠", "Stock 13"]


async def test_at_80x24_the_side_panel_fits_in_its_width() -> None:
    app = table_app(Look(), players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await settle(pilot)
            scr = table_screen(app)
            if scr.session.game.deal.tricks:
                break
            await human_move(pilot)
        info = scr.query_one("#info")
        width = info.size.width
        assert width >= 25
        lines = info.lines(width)  # type: ignore[attr-defined]
        assert all(line.cell_len <= width for line in lines)
        shown = ["".join(ch for ch, _ in row).strip() for row in rendered(info)]
        assert [line.plain.strip() for line in lines] == [s for s in shown if s]  # no line wrapped
        assert any("Boris & Dmitri" in s for s in shown)
        assert info.region.bottom <= scr.query_one("#side").region.bottom


async def test_ascii_felt_spells_the_table_words_in_ascii_too() -> None:
    seats = [SeatInfo("You", 7, to_act=True, said="trump ♥ — «play»"), SeatInfo("Boris", 7, dealer=True,
                                                                           bidder=True)]
    state = FeltState(seats=seats, centre=Card.parse("7D"), centre_label="turnup · round 1", stock=19,
                      turnup=Card.parse("7D"), trump=None)
    text = await felt_text(state, look=Look(ascii=True))
    assert text.isascii() and "turnup - round 1" in text and "trump h" in text
    trick = [(1, Card.parse("9H")), (0, Card.parse("AH"))]
    text = await felt_text(FeltState(seats=two_seats(), trick=trick, taken_by=0, taken_points=11, stock=3,
                                     turnup=Card.parse("7D"), shown_stock=Card.parse("KS")), look=Look(ascii=True))
    assert text.isascii() and "-> You take 11" in text


async def test_the_table_draws_at_any_size() -> None:
    app = table_app(Look(), players=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await human_move(pilot)
        await settle(pilot)
        for size in ((40, 12), (60, 18), (200, 60), (81, 25), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            app.export_screenshot()


async def test_clicking_a_legal_card_plays_it() -> None:
    app = table_app(Look())
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await settle(pilot)
            scr = table_screen(app)
            deal = scr.session.game.deal
            if deal.phase.value == "play" and deal.to_act == 0:
                break
            await human_move(pilot)
        hand = scr.query_one("#hand", Hand)
        index = next(i for i, c in enumerate(hand.cards) if c in hand.legal)
        card = hand.cards[index]
        await pilot.click(f"#card-{index}")
        await settle(pilot)
        assert card not in scr.query_one("#hand", Hand).cards


def test_the_last_trick_in_the_panel_names_each_player_whole() -> None:
    from deberc_tui.app.widgets.panel import InfoPanel
    from deberc_tui.engine.match import Match
    from deberc_tui.text.persons import cast

    rules = Rules.preset("moscow", players=4)
    match = Match(rules, first_dealer=1, seed=11)
    match.start_deal()
    while not match.deal.tricks:
        match.apply(match.to_act, match.legal_actions()[0])
    names = ["Christabella", "Boris", "Clara", "Dmitri"]
    info = InfoPanel(Look())
    info.show(match.view(0), cast(rules, [{"name": n, "kind": "human"} for n in names]), 1)
    shown = " ".join(line.plain for line in info.lines(27))  # the panel's width at 80 columns
    for seat, card in match.deal.tricks[-1].cards:
        assert f"{names[seat]} {Look().card_str(card)}" in shown


def test_a_chunk_too_wide_for_the_panel_ends_in_an_ellipsis() -> None:
    from deberc_tui.app.widgets.panel import flow

    lines = [t.plain for t in flow([Text("Last trick (3)"), Text("Maximilianus-Karl-Friedrich K♣")], 21)]
    assert lines == ["Last trick (3)", "Maximilianus-Karl-Fr…"]
