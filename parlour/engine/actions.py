"""Actions: typed values with a stable text form (``play 9H``, ``bet 10``), the text being the wire format.

A game declares its notation, one ``ActionSpec`` per kind of action with the kinds of its arguments;
``Notation.parse`` turns text into an ``Action`` or raises ``MalformedAction`` saying why, so that a
game's rules receive typed values and never split text themselves. Where a player names an amount, the
game offers an ``AmountRange`` (one entry for ``bet 1`` … ``bet 10000``), never a string per amount.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from parlour.engine.errors import MalformedAction, echo

MAX_AMOUNT_DIGITS = 18
"""Amounts longer than this are refused before any arithmetic (no game deals in 10**18 chips)."""

ArgKind = Literal["card", "cards", "amount", "suit", "word"]
"""What an argument is: one card code, one or more card codes (the rest of the line), a whole number,
a suit letter, or one word from a fixed list."""

SUIT_LETTERS = ("S", "H", "D", "C")


def parse_amount(word: str) -> int | None:
    """``word`` as a plain whole number (ASCII digits only, at most 18 of them), else ``None``.

    ``str.isdigit`` accepts '²' and other digits ``int`` refuses, and ``int`` refuses numbers of more
    than 4,300 digits; this accepts exactly what a player would write as an amount.
    """
    if not word or len(word) > MAX_AMOUNT_DIGITS or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


Arg = str | int


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its kind (the first word) and its arguments, typed (card codes, suit letters and
    words as text, amounts as ``int``). ``str(action)`` is its canonical text."""

    kind: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return " ".join([self.kind, *(str(a) for a in self.args)])

    @property
    def card(self) -> str:
        """The one card an action such as ``play 9H`` names."""
        card = self.args[0]
        assert isinstance(card, str)
        return card

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards an action such as ``meld BD BC`` names, in the order given."""
        return tuple(str(a) for a in self.args)

    @property
    def amount(self) -> int:
        """The amount an action such as ``bet 10`` names."""
        amount = self.args[0]
        assert isinstance(amount, int)
        return amount


def text_of(action: object) -> str:
    """The text of an action given as text or as an ``Action``; anything else is ``MalformedAction``."""
    if isinstance(action, Action):
        return str(action)
    if isinstance(action, str):
        return action
    raise MalformedAction(action, "an action is text, such as 'play 9H'")


@dataclass(frozen=True, slots=True)
class AmountRange:
    """The legal actions ``f"{verb} {n}"`` for every whole ``n`` from ``low`` to ``high``.

    A game offers a range where a player names an amount (bets, banks); ``legal_actions()`` then
    lists the other moves only, and ``State.legal_ranges()`` the ranges.
    """

    verb: str
    low: int
    high: int

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise ValueError(f"an amount range needs 0 <= low <= high, not {self.low}..{self.high}")

    def __contains__(self, amount: object) -> bool:
        return isinstance(amount, int) and not isinstance(amount, bool) and self.low <= amount <= self.high

    def __len__(self) -> int:
        return self.high - self.low + 1

    def action(self, amount: int) -> str:
        """The canonical text of this range's action for ``amount``."""
        if amount not in self:
            raise ValueError(f"{amount} is outside {self}")
        return f"{self.verb} {amount}"

    def amount_of(self, text: str) -> int | None:
        """The amount if ``text`` (canonical: ``verb N``) is one of this range's actions, else ``None``."""
        verb, sep, word = text.partition(" ")
        if not sep or verb != self.verb:
            return None
        amount = parse_amount(word)
        return amount if amount is not None and self.low <= amount <= self.high else None

    def __str__(self) -> str:
        if self.low == self.high:
            return f"{self.verb} {self.low}"
        return f"{self.verb} N ({self.low}-{self.high})"

    def to_dict(self) -> dict[str, Any]:
        return {"verb": self.verb, "min": self.low, "max": self.high}


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action in a game's notation: ``ActionSpec("play", ("card",), "play a card")``.

    ``words`` lists the allowed values of a ``word`` argument; ``cards`` arguments take the rest of
    the line, from ``least`` cards up.
    """

    kind: str
    args: tuple[ArgKind, ...] = ()
    help: str = ""
    words: tuple[str, ...] = ()
    least: int = 1

    @property
    def usage(self) -> str:
        names = {"card": "<card>", "cards": "<cards>", "amount": "N", "suit": "<suit>", "word": "<word>"}
        shown = ["|".join(self.words) if a == "word" and self.words else names[a] for a in self.args]
        return " ".join([self.kind, *shown])


KNOWN_ACTIONS = 4096
"""How many distinct canonical actions a notation remembers parsed."""


SPELT_UP_TO = 6
"""A word no longer than this that is no card gets the pack's spelling with its refusal."""


@dataclass(frozen=True)
class Notation:
    """A game's actions: their kinds, arguments and spelling.

    ``is_card`` says which codes are cards of the game's pack; ``aliases`` maps other words players
    use to the canonical kind (``{"done": "pass"}``). Parsing is case-blind for the kind, and card
    codes and suits are written in capitals.
    """

    specs: tuple[ActionSpec, ...]
    is_card: Callable[[str], bool]
    aliases: Mapping[str, str] = field(default_factory=dict)
    spelling: Callable[[str], str] | None = None
    """How the pack's cards are written (``Pack.spelling``), told with a word that is no card."""
    _by_kind: dict[str, ActionSpec] = field(init=False, repr=False, compare=False, default_factory=dict)
    _known: dict[str, Action] = field(init=False, repr=False, compare=False, default_factory=dict)
    """Actions already parsed by ``parse_known`` (they are immutable, so one value serves every state)."""

    def __post_init__(self) -> None:
        self._by_kind.update((s.kind, s) for s in self.specs)

    def spec(self, kind: str) -> ActionSpec | None:
        return self._by_kind.get(kind)

    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.specs]

    def usage(self) -> str:
        """Every action's form, for help and error messages."""
        return ", ".join(f"'{s.usage}'" for s in self.specs)

    def parse(self, text: str) -> Action:
        """The typed action ``text`` names, or ``MalformedAction`` saying what is wrong with it."""
        words = text.split()
        if not words:
            raise MalformedAction(text, f"an action is one of {self.usage()}")
        kind = words[0].lower()
        kind = self.aliases.get(kind, kind)
        spec = self.spec(kind)
        if spec is None:
            raise MalformedAction(text, f"unknown action {echo(words[0])}; the actions are {self.usage()}")
        rest = words[1:]
        args: list[Arg] = []
        for i, arg in enumerate(spec.args):
            if arg == "cards":
                cards = [self._card(w.upper(), text, spec) for w in rest[i:]]
                if len(cards) < spec.least:
                    raise MalformedAction(text, f"'{spec.usage}' names at least {spec.least} card(s)")
                args.extend(cards)
                rest = []
                break
            if i >= len(rest):
                raise MalformedAction(text, f"write '{spec.usage}'")
            args.append(self._arg(arg, rest[i], text, spec))
        else:
            rest = rest[len(spec.args) :]
        if rest:
            raise MalformedAction(text, f"too many words: write '{spec.usage}'")
        return Action(kind, tuple(args))

    def parse_known(self, text: str) -> Action:
        """The typed action of canonical text already known to be legal: no checks, as fast as a
        dictionary look-up once seen (a game has a few hundred distinct actions; amounts beyond the
        first ``KNOWN_ACTIONS`` seen are parsed each time)."""
        action = self._known.get(text)
        if action is None:
            action = self._split_known(text)
            if len(self._known) < KNOWN_ACTIONS:
                self._known[text] = action
        return action

    def _split_known(self, text: str) -> Action:
        kind, _, rest = text.partition(" ")
        if not rest:
            return Action(kind)
        spec = self.spec(kind)
        words = rest.split(" ")
        if spec is not None and "amount" in spec.args:
            return Action(
                kind, tuple(int(w) if a == "amount" else w for a, w in zip(spec.args, words, strict=False))
            )
        return Action(kind, tuple(words))

    def canonical(self, text: str) -> str:
        """The canonical spelling of ``text`` (``'PLAY 9h'`` → ``'play 9H'``), or ``MalformedAction``."""
        return str(self.parse(text))

    def _card(self, word: str, text: str, spec: ActionSpec) -> str:
        if not self.is_card(word):
            why = f"{echo(word)} is not a card of this game's pack"
            if self.spelling is not None and len(word) <= SPELT_UP_TO:  # a card mistyped, not a long word
                why += f"; {self.spelling(word)}"
            raise MalformedAction(text, why)
        return word

    def _arg(self, arg: ArgKind, word: str, text: str, spec: ActionSpec) -> Arg:
        if arg == "card":
            return self._card(word.upper(), text, spec)
        if arg == "amount":
            amount = parse_amount(word)
            if amount is None:
                if word.isascii() and word.isdigit():  # "write a whole number in plain digits" it was
                    raise MalformedAction(text, f"{echo(word)} is too large to be an amount")
                if word.startswith("-") and parse_amount(word[1:]) is not None:
                    raise MalformedAction(
                        text,
                        f"{echo(word)} is not an amount: an amount is 0 or more, such as '{spec.kind} 5'",
                    )
                raise MalformedAction(
                    text,
                    f"{echo(word)} is not an amount: write a whole number in plain digits, such as "
                    f"'{spec.kind} 5'",
                )
            return amount
        if arg == "suit":
            suit = word.upper()
            if suit not in SUIT_LETTERS:
                raise MalformedAction(text, f"{echo(word)} is not a suit: write S, H, D or C")
            return suit
        low = word.lower()
        if spec.words and low not in spec.words:
            raise MalformedAction(text, f"{echo(word)} is not one of {', '.join(spec.words)}")
        return low


def actions_text(actions: Iterable[Action]) -> list[str]:
    """The canonical texts of ``actions``, in order."""
    return [str(a) for a in actions]
