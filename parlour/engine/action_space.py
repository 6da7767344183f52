"""A game's fixed action space: every canonical action text numbered once, as OpenSpiel numbers actions.

Learning agents and the OpenSpiel/PettingZoo adapters want a fixed list of actions per game, with a
mask of the legal ones, rather than text. ``ActionSpace`` is that list, built by ``Game`` from its
notation in blocks, one per ``ActionSpec`` in order: a block of fixed texts (``pass``, ``play 9H`` for
every card code of the pack, a meld for every declarable meld) or, for a kind that names only an
amount, one id per whole amount from the game's low bound to its high bound, numbered arithmetically so
that a large range costs nothing until it is listed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from parlour.engine.actions import AmountRange, parse_amount

MAX_LISTED_ACTIONS = 1 << 20
"""``ActionSpace.texts`` lists at most this many texts (about 60 MB of strings); a larger space still
numbers its actions, but cannot be listed whole."""


@dataclass(frozen=True, slots=True)
class AmountBlock:
    """The actions ``f"{verb} {n}"`` for every whole ``n`` from ``low`` to ``high``, one id each."""

    verb: str
    low: int
    high: int

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise ValueError(
                f"{self.verb!r}: amount bounds need 0 <= low <= high, not {self.low}..{self.high}"
            )

    def __len__(self) -> int:
        return self.high - self.low + 1


Block = tuple[str, ...] | AmountBlock
"""One kind of action's part of the space: its fixed texts in order, or a block of amounts."""


class ActionSpace:
    """Canonical action texts numbered ``0 .. size - 1`` in the order of their blocks.

    Fixed texts are found through one dictionary; an amount's id is its block's first id plus the
    amount less the block's low bound. Every text appears once (a game that enumerated a text twice is
    refused when the space is built).
    """

    def __init__(self, blocks: Iterable[Block]) -> None:
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.ids: dict[str, int] = {}
        """Every fixed text's id (amounts are numbered arithmetically: see ``amounts``)."""
        self.amounts: dict[str, tuple[int, int, int]] = {}
        """Each amount verb's first id, low bound and high bound."""
        self._starts: list[int] = []
        start = 0
        for block in self.blocks:
            self._starts.append(start)
            if isinstance(block, AmountBlock):
                if block.verb in self.amounts:
                    raise ValueError(f"two blocks of amounts for {block.verb!r}")
                self.amounts[block.verb] = (start, block.low, block.high)
            else:
                for i, text in enumerate(block):
                    if self.ids.setdefault(text, start + i) != start + i:
                        raise ValueError(f"{text!r} is numbered twice in the action space")
            start += len(block)
        self.size = start
        self.listed: tuple[str, ...] | None = None
        """Every text in id order when the space has no amounts (``None`` otherwise): an id's text."""
        if not self.amounts:  # every text fixed: an id's text is one index away
            self.listed = tuple(
                text for block in self.blocks if not isinstance(block, AmountBlock) for text in block
            )

    def __len__(self) -> int:
        return self.size

    def id_of(self, text: str) -> int | None:
        """The id of canonical ``text``, or ``None`` if it is not in the space."""
        found = self.ids.get(text)
        if found is not None or not self.amounts:
            return found
        verb, sep, word = text.partition(" ")
        block = self.amounts.get(verb) if sep else None
        if block is None:
            return None
        start, low, high = block
        amount = parse_amount(word)
        if amount is None or not low <= amount <= high:
            return None
        return start + amount - low

    def text_of(self, action_id: int) -> str:
        """The canonical text of ``action_id``, known to lie in ``0 .. size - 1``."""
        if self.listed is not None:
            return self.listed[action_id]
        i = bisect_right(self._starts, action_id) - 1
        block, start = self.blocks[i], self._starts[i]
        if isinstance(block, AmountBlock):
            return f"{block.verb} {block.low + action_id - start}"
        return block[action_id - start]

    def range_ids(self, r: AmountRange) -> range | None:
        """The ids of every action of the legal range ``r``, or ``None`` if some lie outside the space."""
        block = self.amounts.get(r.verb)
        if block is None:
            return None
        start, low, high = block
        if r.low < low or r.high > high:
            return None
        return range(start + r.low - low, start + r.high - low + 1)

    def texts(self) -> tuple[str, ...]:
        """Every text in id order (refused past ``MAX_LISTED_ACTIONS``: see there)."""
        if self.listed is not None:
            return self.listed
        if self.size > MAX_LISTED_ACTIONS:
            raise ValueError(
                f"this action space holds {self.size:,} actions, too many to list (at most "
                f"{MAX_LISTED_ACTIONS:,}); its ids still work: choose options with smaller amounts to list it"
            )
        out: list[str] = []
        for block in self.blocks:
            if isinstance(block, AmountBlock):
                out.extend(f"{block.verb} {n}" for n in range(block.low, block.high + 1))
            else:
                out.extend(block)
        return tuple(out)


def product_texts(kind: str, values: Sequence[Sequence[str]]) -> list[str]:
    """``kind`` followed by every combination of one value per argument, in order (the first argument
    varying slowest): the texts of a kind of action whose arguments each take a fixed list of values."""
    out = [kind]
    for options in values:
        out = [f"{head} {value}" for head in out for value in options]
    return out
