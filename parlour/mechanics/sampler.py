"""The one sampler of unseen cards: exact, uniform, and it never relaxes a constraint.

A computer player that searches deals out the cards it cannot see, consistently with everything the
play so far has shown: how many cards each hidden place holds, and which cards a place cannot hold (a
seat that showed out of a suit, a kitty that holds no oudler...). Every deal that keeps every
constraint is equally likely — the cards counted as distinct objects, as in a real shuffle — and if
no deal fits, ``NoDeal`` says so rather than quietly dropping a constraint.

How: the cards are grouped by the set of places that may hold them; the deals are counted class by
class (a memoised count over the room left in each place), and each class is shared out with
probability proportional to the number of deals it leaves possible.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import factorial

from parlour.engine import Rng


class NoDeal(ValueError):
    """No deal of the unseen cards keeps every constraint (the view contradicts itself)."""


def deal_unseen(
    unseen: Sequence[str],
    room: Sequence[int],
    may_hold: Callable[[int, str], bool],
    rng: Rng,
) -> list[list[str]]:
    """Share ``unseen`` among places ``0 .. len(room) - 1``, place ``i`` taking exactly ``room[i]``
    cards and only cards with ``may_hold(i, card)``; uniformly among all such deals."""
    places = len(room)
    if any(r < 0 for r in room) or sum(room) != len(unseen):
        raise NoDeal(f"{len(unseen)} unseen cards cannot fill places of {list(room)} cards")
    groups: dict[int, list[str]] = {}
    for card in unseen:
        mask = sum(1 << p for p in range(places) if room[p] > 0 and may_hold(p, card))
        groups.setdefault(mask, []).append(card)
    classes = sorted(groups.items())
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    left = tuple(room)
    total = _completions(classes, 0, left, memo)
    if total == 0:
        raise NoDeal("no deal of the unseen cards keeps every constraint")
    out: list[list[str]] = [[] for _ in range(places)]
    for i, (mask, cards) in enumerate(classes):
        pick = rng.randrange(total)
        for split, ways in _splits(mask, len(cards), left):
            rest = tuple(r - x for r, x in zip(left, split, strict=True))
            weight = ways * _completions(classes, i + 1, rest, memo)
            if pick < weight:
                break
            pick -= weight
        else:  # pragma: no cover - the weights add up to ``total``
            raise AssertionError("the deals were miscounted")
        shuffled = list(cards)
        rng.shuffle(shuffled)
        at = 0
        for p in range(places):
            out[p].extend(shuffled[at : at + split[p]])
            at += split[p]
        left, total = rest, weight // ways
    return out


def _splits(mask: int, n: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """The ways to share ``n`` cards of one class among the places in ``mask``, each within its room:
    (cards per place, number of ways to choose which cards go where)."""
    places = [p for p in range(len(room)) if mask >> p & 1]
    out: list[tuple[tuple[int, ...], int]] = []
    split = [0] * len(room)

    def share(k: int, left: int) -> None:
        if k == len(places) - 1:
            if left <= room[places[k]]:
                split[places[k]] = left
                ways = factorial(n)
                for x in split:
                    ways //= factorial(x)
                out.append((tuple(split), ways))
                split[places[k]] = 0
            return
        for x in range(min(left, room[places[k]]) + 1):
            split[places[k]] = x
            share(k + 1, left - x)
        split[places[k]] = 0

    if not places:
        return [(tuple(split), 1)] if n == 0 else []
    share(0, n)
    return out


def _completions(
    classes: list[tuple[int, list[str]]],
    i: int,
    room: tuple[int, ...],
    memo: dict[tuple[int, tuple[int, ...]], int],
) -> int:
    """The number of ways to deal classes ``i``... into exactly the ``room`` left (cards distinct)."""
    if i == len(classes):
        return 1 if not any(room) else 0
    key = (i, room)
    found = memo.get(key)
    if found is None:
        mask, cards = classes[i]
        found = 0
        for split, ways in _splits(mask, len(cards), room):
            rest = tuple(r - x for r, x in zip(room, split, strict=True))
            found += ways * _completions(classes, i + 1, rest, memo)
        memo[key] = found
    return found
