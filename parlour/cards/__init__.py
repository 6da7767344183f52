"""Every pack the games use, with card codes, names and natural rank orders.

A card code is its rank followed by its suit letter (``S H D C``): ``9H``,
``CS`` (a castle of spades), ``TD``. Cards outside the suits have codes of their
own: the suitless knights ``N``, Till Eulenspiegel ``E``, tarock trumps ``I`` to
``XXI`` and the Sküs/Fool ``SK``. Identical cards (the four Bishops Whist
knights, the two copies of each Bezique card, a shoe of several packs) share a
code, so hands are multisets of codes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES: Mapping[str, str] = MappingProxyType(
    {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
)
SUIT_SYMBOLS: Mapping[str, str] = MappingProxyType({"S": "♠", "H": "♥", "D": "♦", "C": "♣"})
ROMAN: tuple[str, ...] = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip


@dataclass(frozen=True)
class Special:
    """A card outside the four suits (a knight, a tarock trump, a fool)."""

    code: str
    name: str
    count: int = 1


_USUAL: Mapping[str, str] = MappingProxyType({"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"})
"""Rank letters every card player reads alike: ``Pack.spelling`` names only the others."""


@dataclass(frozen=True)
class Pack:
    """A pack: its suits' ranks (highest first, as the pack is usually ranked) and its specials.

    The order given is the pack's natural order; a game whose ranking differs
    (Bezique's ten above the king, Roquet's ace low) states its own.
    """

    name: str
    title: str
    suit_ranks: Mapping[str, tuple[str, ...]]
    rank_names: Mapping[str, str]
    specials: tuple[Special, ...] = ()
    copies: int = 1
    cards: tuple[str, ...] = field(init=False)
    _special_names: Mapping[str, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        one = [r + s for s in SUITS for r in self.suit_ranks[s]]
        one += [sp.code for sp in self.specials for _ in range(sp.count)]
        object.__setattr__(self, "cards", tuple(one * self.copies))
        object.__setattr__(self, "_special_names", {sp.code: sp.name for sp in self.specials})

    def __len__(self) -> int:
        return len(self.cards)

    def counts(self) -> Counter[str]:
        """How many of each code the pack holds."""
        return Counter(self.cards)

    def is_card(self, code: str) -> bool:
        return code in self._special_names or (
            len(code) >= 2 and code[-1] in self.suit_ranks and code[:-1] in self.suit_ranks[code[-1]]
        )

    def spelling(self, code: str) -> str:
        """How this pack's cards are written, for an error about ``code``, which is none of them: each
        suit's ranks, highest first, the letters named (a player who types ``AS`` in a pack whose ace is
        the castle-ace ``C`` is told so), and the cards outside the suits."""
        by_ranks: dict[tuple[str, ...], list[str]] = {}
        for suit, ranks in self.suit_ranks.items():
            by_ranks.setdefault(ranks, []).append(suit)
        text = "a card is its rank and suit: " + "; ".join(
            f"{' '.join(ranks)} of {' '.join(suits)}" for ranks, suits in by_ranks.items()
        )
        letters = dict.fromkeys(r for ranks in by_ranks for r in ranks if not r.isdigit())
        named = [
            f"{r} the {self.rank_names[r]}"
            for r in letters
            if r in self.rank_names and _USUAL.get(r) != self.rank_names[r]
        ]
        if named:
            text += f" ({', '.join(named)})"
        # cards named "<word> <code>" (tarock XXI) run as one: "or a tarock, XXI to I" (it said "or one
        # of 22 others, SK to I", which left a player to guess what SK and I were)
        groups: dict[str, list[str]] = {}
        for code, name in self._special_names.items():
            word = name[: -len(code)].strip() if name.endswith(f" {code}") else ""
            groups.setdefault(word, []).append(code)
        for word, codes in groups.items():
            if word and len(codes) > 3:
                text += f"; or a {word}, {codes[0]} to {codes[-1]}"
            else:
                text += "".join(f"; or {c}, the {self._special_names[c]}" for c in codes)
        return text

    def suit(self, code: str) -> str | None:
        """The suit letter, or ``None`` for a card outside the suits."""
        if code in self._special_names:
            return None
        return code[-1]

    def rank(self, code: str) -> str:
        return code if code in self._special_names else code[:-1]

    def card_name(self, code: str) -> str:
        """The card in words, such as 'bishop of hearts'."""
        if code in self._special_names:
            return self._special_names[code]
        if not self.is_card(code):
            raise ValueError(f"{code!r} is not a card of the {self.title}")
        return f"{self.rank_names[code[:-1]]} of {SUIT_NAMES[code[-1]]}"

    def pretty(self, code: str) -> str:
        """The code with a suit symbol, for display: ``C♠``."""
        if code in self._special_names or len(code) < 2:
            return code
        return code[:-1] + SUIT_SYMBOLS.get(code[-1], code[-1])

    def sort_key(self, code: str) -> tuple[int, int]:
        """Suits in ``S H D C`` order, each highest first; specials last."""
        suit = self.suit(code)
        if suit is None:
            specials = [sp.code for sp in self.specials]
            return (len(SUITS), specials.index(code) if code in specials else 0)
        return (SUITS.index(suit), self.suit_ranks[suit].index(code[:-1]))

    def check(self, codes: Iterable[str], what: str = "cards") -> list[str]:
        """Return ``codes`` as a list, or raise ``ValueError`` naming unknown or excess cards."""
        codes = list(codes)
        unknown = [c for c in codes if not self.is_card(c)]
        if unknown:
            raise ValueError(f"{what}: {', '.join(unknown)} not in the {self.title}")
        excess = Counter(codes) - self.counts()
        if excess:
            raise ValueError(f"{what}: too many of {', '.join(sorted(excess))} for the {self.title}")
        return codes


def _same(ranks: str) -> Mapping[str, tuple[str, ...]]:
    order = tuple(ranks.split())
    return MappingProxyType({s: order for s in SUITS})


_FRENCH_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
    "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two",
}  # fmt: skip
_BISHOP_NAMES = {
    "C": "castle", "K": "king", "Q": "queen", "B": "bishop", "L": "lehnritter", "T": "ten",
    "9": "nine", "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four",
    "3": "three", "2": "two", "A": "ace",
}  # fmt: skip
_TAROCK_NAMES = {
    "K": "king", "Q": "queen", "C": "cavalier", "J": "jack", "T": "ten", "9": "nine",
    "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
    "2": "two", "1": "ace",
}  # fmt: skip

BISHOPS_WHIST = Pack(
    "bishops52",
    "Bishops Whist pack (52)",
    _same("C K Q B 9 8 7 6 5 4 3 2"),
    MappingProxyType({**_BISHOP_NAMES, "C": "castle-ace"}),
    (Special("N", "knight", 4),),
)
"""Dana's pack: castle-ace, king, queen, bishop, 9 to 2 in each suit, and four suitless knights."""

EXTENDED_65 = Pack(
    "bishops65",
    "extended Bishops Whist pack (65)",
    _same("C K Q B L T 9 8 7 6 5 4 3 2 A"),
    MappingProxyType(_BISHOP_NAMES),
    (Special("N", "Landsknecht", 4), Special("E", "Till Eulenspiegel", 1)),
)
"""Fifteen cards a suit (castle high to ace low), four Landsknechts ``N`` and Till ``E``."""

ROQUET_60 = Pack(
    "roquet60",
    "Roquet pack (60)",
    _same("C K Q B L T 9 8 7 6 5 4 3 2 A"),
    MappingProxyType(_BISHOP_NAMES),
)
"""The extended pack without its Landsknechts and Till."""

BEZIQUE_64 = Pack(
    "bezique64",
    "Bezique pack (64)",
    _same("A T K Q J 9 8 7"),
    MappingProxyType(_FRENCH_NAMES),
    copies=2,
)
"""Two piquet packs shuffled together; the two copies of a card share its code."""

_TRUMPS = tuple(Special(r, f"tarock {r}") for r in reversed(ROMAN))

TAROCK_54 = Pack(
    "tarock54",
    "Austrian Tarock pack (54)",
    MappingProxyType(
        {
            "S": tuple(["K", "Q", "C", "J", "T", "9", "8", "7"]),
            "C": tuple(["K", "Q", "C", "J", "T", "9", "8", "7"]),
            "H": tuple(["K", "Q", "C", "J", "1", "2", "3", "4"]),
            "D": tuple(["K", "Q", "C", "J", "1", "2", "3", "4"]),
        }
    ),
    MappingProxyType(_TAROCK_NAMES),
    (Special("SK", "Sküs"), *_TRUMPS),
)
"""Black suits K Q C J 10 9 8 7, red K Q C J 1 2 3 4 (red pips run upwards), trumps I–XXI, Sküs ``SK``."""

TAROT_78 = Pack(
    "tarot78",
    "tarot pack (78)",
    MappingProxyType(
        {
            "S": tuple(["K", "Q", "C", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "1"]),
            "C": tuple(["K", "Q", "C", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "1"]),
            "H": tuple(["K", "Q", "C", "J", "1", "2", "3", "4", "5", "6", "7", "8", "9", "T"]),
            "D": tuple(["K", "Q", "C", "J", "1", "2", "3", "4", "5", "6", "7", "8", "9", "T"]),
        }
    ),
    MappingProxyType(_TAROCK_NAMES),
    (Special("SK", "Fool"), *_TRUMPS),
)
"""Fourteen cards a suit, trumps I–XXI and the Fool ``SK``; red pips ranked upwards as in tarock."""

FRENCH_52 = Pack(
    "french52", "French pack (52)", _same("A K Q J T 9 8 7 6 5 4 3 2"), MappingProxyType(_FRENCH_NAMES)
)
"""The ordinary pack, ace high."""


def french_shoe(packs: int) -> Pack:
    """A shoe of ``packs`` French packs shuffled together (copies share codes)."""
    if packs < 1:
        raise ValueError("a shoe needs at least one pack")
    if packs == 1:
        return FRENCH_52
    return Pack(
        f"french52x{packs}",
        f"shoe of {packs} French packs ({52 * packs})",
        FRENCH_52.suit_ranks,
        FRENCH_52.rank_names,
        copies=packs,
    )


PACKS: Mapping[str, Pack] = MappingProxyType(
    {p.name: p for p in (BISHOPS_WHIST, EXTENDED_65, ROQUET_60, BEZIQUE_64, TAROCK_54, TAROT_78, FRENCH_52)}
)


def get_pack(name: str) -> Pack:
    """A pack by name; ``french52xN`` gives a shoe of N packs."""
    if name in PACKS:
        return PACKS[name]
    if name.startswith("french52x") and name[9:].isdigit():
        return french_shoe(int(name[9:]))
    raise ValueError(f"no pack named {name!r}; packs are: {', '.join(PACKS)}, french52xN")


__all__ = [
    "BEZIQUE_64",
    "BISHOPS_WHIST",
    "EXTENDED_65",
    "FRENCH_52",
    "PACKS",
    "ROMAN",
    "ROQUET_60",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "TAROCK_54",
    "TAROT_78",
    "Pack",
    "Special",
    "french_shoe",
    "get_pack",
]
