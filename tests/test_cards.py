"""Every pack in parlour.cards: sizes, composition, codes, names, suits, ranks, orders and checks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import (
    BEZIQUE_64,
    BISHOPS_WHIST,
    EXTENDED_65,
    FRENCH_52,
    PACKS,
    ROMAN,
    ROQUET_60,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TAROCK_54,
    TAROT_78,
    Pack,
    french_shoe,
    get_pack,
)
from parlour.engine import MalformedAction

ALL = list(PACKS.values())


@pytest.mark.parametrize(
    ("pack", "size", "distinct"),
    [
        (BISHOPS_WHIST, 52, 49),  # 48 suit cards and one code for the four knights
        (EXTENDED_65, 65, 62),  # 60 suit cards, the Landsknechts N, Till E
        (ROQUET_60, 60, 60),
        (BEZIQUE_64, 64, 32),  # two piquet packs: copies share a code
        (TAROCK_54, 54, 54),
        (TAROT_78, 78, 78),
        (FRENCH_52, 52, 52),
    ],
)
def test_pack_sizes(pack: Pack, size: int, distinct: int) -> None:
    assert len(pack) == size == len(pack.cards) == sum(pack.counts().values())
    assert len(set(pack.cards)) == distinct
    assert isinstance(pack.cards, tuple)
    assert PACKS[pack.name] is pack and get_pack(pack.name) is pack


def test_the_suits() -> None:
    assert SUITS == ("S", "H", "D", "C")
    assert dict(SUIT_NAMES) == {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert set(SUIT_SYMBOLS) == set(SUITS)


def test_bishops_whist_pack() -> None:
    ranks = ("C", "K", "Q", "B", "9", "8", "7", "6", "5", "4", "3", "2")
    for suit in SUITS:
        assert BISHOPS_WHIST.suit_ranks[suit] == ranks  # castle-ace high, no ten, no jack
    counts = BISHOPS_WHIST.counts()
    assert counts["N"] == 4 and all(counts[r + s] == 1 for r in ranks for s in SUITS)
    assert BISHOPS_WHIST.suit("N") is None and BISHOPS_WHIST.rank("N") == "N"
    assert BISHOPS_WHIST.card_name("N") == "knight"
    assert BISHOPS_WHIST.card_name("CS") == "castle-ace of spades"
    assert BISHOPS_WHIST.card_name("BH") == "bishop of hearts"
    assert BISHOPS_WHIST.card_name("9D") == "nine of diamonds"
    for missing in ("AS", "TS", "JS", "LS", "10S", "E", "NS"):
        assert not BISHOPS_WHIST.is_card(missing)


def test_extended_65_pack() -> None:
    ranks = tuple("CKQBLT98765432A")
    for suit in SUITS:
        assert EXTENDED_65.suit_ranks[suit] == ranks  # castle high to ace low
    counts = EXTENDED_65.counts()
    assert counts["N"] == 4 and counts["E"] == 1
    assert EXTENDED_65.card_name("N") == "Landsknecht"
    assert EXTENDED_65.card_name("E") == "Till Eulenspiegel"
    assert EXTENDED_65.card_name("LH") == "lehnritter of hearts"
    assert EXTENDED_65.card_name("CC") == "castle of clubs"
    assert EXTENDED_65.card_name("AD") == "ace of diamonds"
    assert EXTENDED_65.card_name("TS") == "ten of spades"
    assert EXTENDED_65.suit("E") is None


def test_roquet_60_is_the_extended_pack_without_specials() -> None:
    assert ROQUET_60.specials == ()
    assert Counter(ROQUET_60.cards) == EXTENDED_65.counts() - Counter({"N": 4, "E": 1})
    assert not ROQUET_60.is_card("N") and not ROQUET_60.is_card("E")


def test_bezique_64_pack() -> None:
    ranks = tuple("ATKQJ987")
    assert all(BEZIQUE_64.suit_ranks[s] == ranks for s in SUITS)
    assert BEZIQUE_64.copies == 2
    assert set(BEZIQUE_64.counts().values()) == {2}
    assert (
        BEZIQUE_64.card_name("JD") == "jack of diamonds" and BEZIQUE_64.card_name("QS") == "queen of spades"
    )
    assert not BEZIQUE_64.is_card("6S")


def test_tarock_54_pack() -> None:
    assert TAROCK_54.suit_ranks["S"] == TAROCK_54.suit_ranks["C"] == tuple("KQCJT987")
    assert TAROCK_54.suit_ranks["H"] == TAROCK_54.suit_ranks["D"] == tuple("KQCJ1234")
    specials = [sp.code for sp in TAROCK_54.specials]
    assert len(specials) == 22 and set(specials) == {*ROMAN, "SK"}
    assert TAROCK_54.card_name("SK") == "Sküs" and TAROCK_54.card_name("XXI") == "tarock XXI"
    assert (
        TAROCK_54.card_name("CH") == "cavalier of hearts" and TAROCK_54.card_name("1D") == "ace of diamonds"
    )
    for code in ("I", "XXI", "SK"):
        assert TAROCK_54.is_card(code) and TAROCK_54.suit(code) is None and TAROCK_54.rank(code) == code
    for missing in ("1S", "TH", "XXII", "0", "6S"):
        assert not TAROCK_54.is_card(missing)


def test_tarot_78_pack() -> None:
    for suit in SUITS:
        assert set(TAROT_78.suit_ranks[suit]) == set("KQCJT987654321")
        assert TAROT_78.suit_ranks[suit][:4] == ("K", "Q", "C", "J")
    assert {sp.code for sp in TAROT_78.specials} == {*ROMAN, "SK"}
    assert TAROT_78.card_name("SK") == "Fool"
    assert len(ROMAN) == 21 and ROMAN[0] == "I" and ROMAN[-1] == "XXI" and len(set(ROMAN)) == 21


def test_french_pack_and_shoes() -> None:
    assert FRENCH_52.suit_ranks["H"] == tuple("AKQJT98765432")
    assert FRENCH_52.card_name("AS") == "ace of spades" and FRENCH_52.card_name("TH") == "ten of hearts"
    assert french_shoe(1) is FRENCH_52
    shoe = french_shoe(6)
    assert len(shoe) == 312 and set(shoe.counts().values()) == {6} and len(shoe.counts()) == 52
    assert shoe.name == "french52x6" and "6" in shoe.title
    assert get_pack("french52x3").counts() == french_shoe(3).counts()
    assert len(get_pack("french52x2")) == 104
    with pytest.raises(ValueError, match="at least one"):
        french_shoe(0)


def test_unknown_pack_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="bishops52") as info:
        get_pack("pinochle48")
    assert "french52xN" in str(info.value)
    with pytest.raises(ValueError):
        get_pack("french52xtwo")


@pytest.mark.parametrize("pack", ALL, ids=[p.name for p in ALL])
def test_codes_suits_ranks_and_names(pack: Pack) -> None:
    specials = {sp.code for sp in pack.specials}
    for code in set(pack.cards):
        assert pack.is_card(code)
        name = pack.card_name(code)
        assert name and name == name.strip()
        if code in specials:
            assert pack.suit(code) is None and pack.rank(code) == code
            assert pack.pretty(code) == code
        else:
            suit, rank = pack.suit(code), pack.rank(code)
            assert suit in SUITS and rank + str(suit) == code
            assert rank in pack.suit_ranks[str(suit)]
            assert name.endswith(" of " + SUIT_NAMES[str(suit)])
            assert pack.pretty(code) == rank + SUIT_SYMBOLS[str(suit)]
    for bad in ("", "Z", "ZZ", "9X", "S", "99S"):
        assert not pack.is_card(bad)
    with pytest.raises(ValueError, match="not a card"):
        pack.card_name("9X")


@pytest.mark.parametrize("pack", ALL, ids=[p.name for p in ALL])
def test_sort_order_suits_then_rank_high_first_then_specials(pack: Pack) -> None:
    ordered = sorted(set(pack.cards), key=pack.sort_key)
    suited = [c for c in ordered if pack.suit(c) is not None]
    specials = [c for c in ordered if pack.suit(c) is None]
    assert ordered == suited + specials
    expected = [r + s for s in SUITS for r in pack.suit_ranks[s]]
    assert suited == expected
    assert specials == [sp.code for sp in pack.specials]


@pytest.mark.parametrize("pack", ALL, ids=[p.name for p in ALL])
def test_check_accepts_the_pack_and_refuses_strangers_and_excess(pack: Pack) -> None:
    whole = list(pack.cards)
    assert pack.check(reversed(whole)) == whole[::-1]
    assert pack.check([]) == []
    with pytest.raises(ValueError, match="too many of") as info:
        pack.check([*whole, whole[0]])
    assert whole[0] in str(info.value) and pack.title in str(info.value)
    with pytest.raises(ValueError, match="XX9, 0Q not in") as info:
        pack.check([whole[0], "XX9", "0Q"], "the deal")
    assert str(info.value).startswith("the deal:")


@settings(max_examples=60, deadline=None)
@given(
    pack=st.sampled_from(ALL),
    data=st.data(),
)
def test_check_on_any_sub_multiset(pack: Pack, data: st.DataObject) -> None:
    cards = data.draw(st.permutations(list(pack.cards)))
    n = data.draw(st.integers(0, len(cards)))
    part = cards[:n]
    assert pack.check(part) == part
    extra = data.draw(st.sampled_from(sorted(set(pack.cards))))
    over = Counter(part) + Counter([extra])
    if over[extra] > pack.counts()[extra]:
        with pytest.raises(ValueError, match="too many"):
            pack.check([*part, extra])
    else:
        assert pack.check([*part, extra]) == [*part, extra]


def test_packs_are_immutable() -> None:
    with pytest.raises(AttributeError):
        BISHOPS_WHIST.cards = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        BISHOPS_WHIST.suit_ranks["S"] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        PACKS["x"] = BISHOPS_WHIST  # type: ignore[index]


def test_a_word_that_is_no_card_is_told_how_the_packs_cards_are_written() -> None:
    """A player who types ``play AS`` where the ace is the castle-ace learns the pack's spelling."""
    game = parlour.make("bishops-whist")
    with pytest.raises(MalformedAction) as refused:
        game.notation.parse("play AS")
    message = str(refused.value)
    assert "'AS' is not a card of this game's pack" in message
    assert "C K Q B 9 8 7 6 5 4 3 2 of S H D C" in message
    assert "(C the castle-ace, B the bishop)" in message
    assert message.endswith("or N, the knight")


def test_a_pack_whose_suits_differ_spells_each_kind_of_suit() -> None:
    """Tarock's red suits count their pips upwards: the spelling says so per suit, not one list for all."""
    spelling = get_pack(parlour.make("open-tarock").pack).spelling("AS")
    assert "K Q C J T 9 8 7 of S C; K Q C J 1 2 3 4 of H D" in spelling
    assert "(C the cavalier)" in spelling
    assert spelling.endswith("; or SK, the Sküs; or a tarock, XXI to I"), spelling
