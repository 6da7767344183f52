"""``parlour.cards.codes.CodeList``: ids read and written as codes, live."""

from __future__ import annotations

import pytest

from parlour.cards.codes import CodeList

CODES = ("AS", "KS", "QS", "JS")
IDS = {c: i for i, c in enumerate(CODES)}


def test_a_code_list_reads_and_writes_the_ids_it_wraps() -> None:
    ids = [0, 2, 2, 3]
    cards = CodeList(ids, CODES, IDS)
    assert list(cards) == ["AS", "QS", "QS", "JS"] and len(cards) == 4
    assert cards[1] == "QS" and cards[1:3] == ["QS", "QS"]
    assert "QS" in cards and "KS" not in cards and "ZZ" not in cards
    assert not cards.__contains__(5)  # an id is not a code
    assert cards.count("QS") == 2 and cards.count("ZZ") == 0
    cards[0] = "KS"
    cards[2:4] = ["AS", "AS"]
    cards.insert(0, "JS")
    del cards[1]
    assert ids == [3, 2, 0, 0]  # the ids themselves changed: a live view
    cards.reverse()  # MutableSequence's own, through the item methods
    assert ids == [0, 0, 2, 3]
    assert cards == ["AS", "AS", "QS", "JS"] and cards == CodeList([0, 0, 2, 3], CODES, IDS)
    assert cards != ["AS"] and repr(cards) == "['AS', 'AS', 'QS', 'JS']"
    with pytest.raises(KeyError):
        cards[0] = "ZZ"
    with pytest.raises(TypeError):
        hash(cards)
