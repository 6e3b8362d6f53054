"""Who a sentence speaks of, and how its verb agrees: the one place where "You take" and "Boris takes",
«вы загрузились», «загрузился Борис» and «загрузилась Клара» are chosen.

A seat or a side is a :class:`Person`: its name and its :class:`Form` (the grammatical person, number and, where
it is known, gender). A :class:`Phrase` holds a line's message ids — one for the person at the keyboard
(``You take``), one for another player (``{name} takes``), one for a side of two (``{name} take``) — and says it
for a person. English needs no more than these three ids; a language whose words depend on the gender (Russian:
«загрузился» / «загрузилась») translates the ``one`` id again under the gettext context ``he`` or ``she``, and a
side that includes the person at the keyboard (``You & Clara``, «вы и Клара записываете») under ``you and``. The
plain translation of the ``one`` id is the form for a player whose gender nobody gave: it is worded so that no
verb needs a gender («козырь ♠, играет Павел»).

Which ids have such translations is said where they are written: :func:`G_` marks a ``one`` id that a language
translates by gender, :func:`W_` a ``many`` id that it translates again for a side with "you"; ``tools/i18n.py``
puts them into the catalogs under those contexts.

Nothing here parses a name: the form comes from what a player's entry says (``"gender"``), from the names the
game gives its bots (Boris, Clara, Dmitri in any language) and from the name "You" the game gives the person at
the keyboard. A player the game knows nothing of is said without a gender.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Final

from deberc_tui.engine.text import printable
from deberc_tui.text.i18n import LANGUAGES, N_, _, pgettext, translation

if TYPE_CHECKING:
    from deberc_tui.engine import Rules


class Gender(StrEnum):
    """A player's grammatical gender, as a player entry (``"gender"``) and the settings store it."""

    MALE = "male"
    FEMALE = "female"


class Form(StrEnum):
    """How a sentence agrees with the seat or side it speaks of; each value is also its gettext context."""

    YOU = "you"
    """The person at the keyboard, named "You": ``You take``, «вы берёте» (no gender needed)."""
    HE = "he"
    SHE = "she"
    ONE = "one"
    """Another player whose gender nobody gave: third person, worded without a gendered verb."""
    THEY = "they"
    """A side of two other players: ``Boris & Dmitri take``, «Борис & Дмитрий берут»."""
    YOU_AND = "you and"
    """A side of the person at the keyboard and a partner: ``You & Clara take``, «Вы & Клара берёте»."""


YOU: Final = N_("You")
"""The name the game gives the person at the keyboard (seat 1 by default)."""

BOT_NAMES: Final[dict[str, Gender]] = {N_("Boris"): Gender.MALE, N_("Clara"): Gender.FEMALE,
                                       N_("Dmitri"): Gender.MALE}
"""The names the game gives its bots, and whose they are: a record keeps them in the language it was played in."""


@cache
def _in_every_language(message: str) -> frozenset[str]:
    return frozenset(translation(lang).gettext(message) for lang in LANGUAGES)


def is_you(name: str) -> bool:
    """Whether a seat's name is "You" (in any language the game speaks): it takes the second person."""
    return name in _in_every_language(YOU)


def known_gender(name: str) -> Gender | None:
    """The gender of a name the game gave a bot (in any language), else None."""
    for given, gender in BOT_NAMES.items():
        if name in _in_every_language(given):
            return gender
    return None


@dataclass(frozen=True)
class Person:
    """A seat or a side as a sentence speaks of it: the name shown and the form its verbs take."""

    name: str
    form: Form

    @property
    def is_you(self) -> bool:
        """Whether sentences address this one (the person at the keyboard, alone or with a partner)."""
        return self.form in (Form.YOU, Form.YOU_AND)


def person(name: str, gender: object = None) -> Person:
    """The person for a seat named ``name``; ``gender`` is what the player's entry says (a :class:`Gender` value,
    anything else counts as not given). "You" in any language is shown in the current one; any other name is
    shown as it was written, its control characters escaped (a C1 ``\\x9b`` would start a terminal's escape
    sequence)."""
    if is_you(name):
        return Person(_(YOU), Form.YOU)
    given = Gender(gender) if isinstance(gender, str) and gender in tuple(Gender) else known_gender(name)
    name = printable(name)
    if given is Gender.MALE:
        return Person(name, Form.HE)
    if given is Gender.FEMALE:
        return Person(name, Form.SHE)
    return Person(name, Form.ONE)


def player_person(player: Mapping[str, object], seat: int) -> Person:
    """The person for a player entry of a record (``name``, ``gender``), its name printable (:func:`person`); a seat
    without a name is "Seat N"."""
    name = player.get("name")
    if not isinstance(name, str) or not name:
        return Person(_("Seat {n}").format(n=seat + 1), Form.ONE)
    return person(name, player.get("gender"))


def together(people: Sequence[Person]) -> Person:
    """A side: one seat is that player; two are ``A & B``, with "you" when the person at the keyboard is one."""
    if len(people) == 1:
        return people[0]
    form = Form.YOU_AND if any(p.is_you for p in people) else Form.THEY
    return Person(" & ".join(p.name for p in people), form)


@dataclass(frozen=True)
class Cast:
    """The people of a table: each seat and each side (with 4 players seats 1+3 and 2+4 are partners)."""

    seats: tuple[Person, ...]
    sides: tuple[Person, ...]

    @property
    def seat_names(self) -> list[str]:
        return [p.name for p in self.seats]

    @property
    def side_names(self) -> list[str]:
        return [p.name for p in self.sides]


def cast(rules: Rules, players: Sequence[Mapping[str, object]]) -> Cast:
    """The seats and sides of a table of ``rules`` with ``players`` (a record's player entries)."""
    seats = tuple(player_person(p, i) for i, p in enumerate(players))
    sides = tuple(together([seats[s] for s in rules.side_seats(side)]) for side in range(rules.sides))
    return Cast(seats, sides)


def G_(message: str) -> str:
    """Mark a ``one`` id whose translation depends on the player's gender: the catalogs hold it plain (no gender
    given) and under the contexts ``he`` and ``she``. Returns ``message``."""
    return message


def W_(message: str) -> str:
    """Mark a ``many`` id that a language says otherwise for a side with the person at the keyboard (context
    ``you and``). Returns ``message``."""
    return message


@dataclass(frozen=True)
class Phrase:
    """One line said of a seat or a side, in each form English tells apart (message ids, marked for extraction).

    ``you`` is said to the person at the keyboard, ``one`` of another player, ``many`` of a side of two (without
    it, ``one`` serves: a line said of seats only). Each is a ``str.format`` template; ``{name}`` is the person's
    name, given to all three.
    """

    you: str
    one: str
    many: str | None = None

    def template(self, who: Person) -> str:
        """The message id for ``who`` (untranslated): for a message translated later, as the table's news are.
        The gender of ``who`` is not carried: use it for phrases without :func:`G_`."""
        if who.form is Form.YOU:
            return self.you
        if who.form in (Form.THEY, Form.YOU_AND) and self.many is not None:
            return self.many
        return self.one

    def words(self, who: Person) -> str:
        """The template for ``who`` in the current language: the form's own translation where the catalog has
        one (``he``, ``she``, ``you and``), else the id's plain translation."""
        message = self.template(who)
        if who.form in (Form.HE, Form.SHE, Form.YOU_AND) and message != self.you:
            worded = pgettext(who.form.value, message)
            if worded != message:
                return worded
        return _(message)

    def say(self, who: Person, **params: object) -> str:
        """The line for ``who``, filled (``name`` is ``who``'s name unless given)."""
        return self.words(who).format(**{"name": who.name, **params})


TO_YOU: Final[dict[str, str]] = {
    N_("does not hold {card}"): N_("you do not hold {card}"),
    N_("must follow suit {suit} (holds {cards})"): N_("must follow suit {suit} (you hold {cards})"),
    N_("must overtrump: holds {cards}"): N_("must overtrump: you hold {cards}"),
    N_("must trump {suit} (holds {cards})"): N_("must trump {suit} (you hold {cards})"),
    N_("cannot swap the trump seven: does not hold {card}"): N_("cannot swap the trump seven: you do not hold {card}"),
    N_("cannot demand a redeal for four sevens: does not hold all four sevens"):
        N_("cannot demand a redeal for four sevens: you do not hold all four sevens"),
    N_("cannot declare bella: no longer holds {king} or {queen}"):
        N_("cannot declare bella: you no longer hold {king} or {queen}"),
    N_("cannot declare bella: did not hold {king} and {queen} when play began"):
        N_("cannot declare bella: you did not hold {king} and {queen} when play began"),
}
"""The engine's refusals that speak of the refused seat in the third person ("holds"), and the same said to the
person at the keyboard, whose own action it was ("you hold")."""


def to_you(template: str) -> str:
    """An engine refusal's template as said to the person who tried the action (itself when it names nobody)."""
    return TO_YOU.get(template, template)
