"""A second audit of Roquet against the seed's own words ("60 card Roquet" in
shared/seeds/bishops-whist-deck-and-games.txt).

Each test plays a rule of the seed out from an explicit deal through the public API (``parlour.make``,
``legal_actions``, ``apply``, ``view``, the scores) and asserts what the seed says, quoted beside it.
Where the seed is silent the test names the ruling of docs/rulings.md it leans on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour.cards import ROQUET_60
from parlour.engine import InvalidDeal, InvalidOption, State
from parlour.engine.errors import ForbiddenAction
from tests.audit_support import refused

ORDER = "A23456789TLBQKC"
"""The seed's rank order, low to high: "Ace, 2, 3, ..., 10, Lehnritter, Bishop, Queen, King, Castle"."""


def deal(
    h0: list[str],
    h1: list[str],
    livret: list[str] | None = None,
    turn_up: str = "2C",
    top: list[str] | None = None,
    dealer: int = 0,
) -> dict[str, Any]:
    """A first hand: the stock is ``top`` then every other card in pack order (seat 1 leads)."""
    livret = [] if livret is None else livret
    used = {*h0, *h1, *livret, turn_up, *(top or [])}
    rest = [c for c in ROQUET_60.cards if c not in used]
    return {
        "hands": [h0, h1],
        "livret": livret,
        "turn_up": turn_up,
        "stock": [*(top or []), *rest],
        "dealer": dealer,
    }


def start(d: dict[str, Any], **options: Any) -> State:
    state: State = parlour.make("roquet", **options).new(seed=7, deal=d)
    return state


def banked(state: State, seat: int) -> int:
    points: int = state.view(seat).extra.banked[seat]
    return points


def winner_of_trick(lead: str, answer: str, trump: str = "2C") -> int:
    """Seat 1 leads ``lead``, seat 0 answers ``answer`` (each its only card but a spare): who wins."""
    used = {lead, answer, trump}
    spare0 = next(c for c in ("3D", "3H", "3S") if c[-1] != lead[-1] and c not in used)
    spare1 = next(c for c in ("4D", "4H", "4S") if c not in used | {spare0})
    state = start(deal([answer, spare0], [lead, spare1], turn_up=trump))
    state.apply(f"play {lead}")
    state.apply(f"play {answer}")
    trick = [e for e in state.events(None) if e.kind == "trick"][-1]
    won: int = trick.data["winner"]
    return won


# --- the pack and the deal -----------------------------------------------------------------------


def test_the_pack_is_sixty_suited_cards_without_landsknechts_or_fool() -> None:
    """ "60 cards: four 15-card suits, (Landsknechts and the Fool set aside)"."""
    state = parlour.make("roquet").new(seed=11)
    inventory = state.inventory()
    assert sum(inventory.values()) == 60 and set(inventory.values()) == {1}
    for suit in "SHDC":
        assert sorted(c for c in inventory if c[-1] == suit) == sorted(r + suit for r in ORDER)
    d = deal(["N"], ["AS"])
    with pytest.raises(InvalidDeal):
        parlour.make("roquet").new(deal=d)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_deal_eight_each_livret_four_face_up_and_the_next_card_fixes_trumps(seed: int) -> None:
    """ "Deal: 8 cards to each player"; "The Livret: 4 cards laid face-up"; "Trump: turn the next card";
    "Stock: the remaining 40 cards, face-down" (39 face down and the turn-up: ruling RQ-1)."""
    state = parlour.make("roquet").new(seed=seed)
    for seat in (0, 1):
        view = state.view(seat)
        assert [s.hand_size for s in view.seats] == [8, 8]
        livret = view.zone("livret")
        assert livret is not None and len(livret.cards) == 4 and None not in livret.cards
        turn_up = view.zone("turn_up")
        assert turn_up is not None and len(turn_up.cards) == 1 and turn_up.cards[0] is not None
        assert view.trump == turn_up.cards[0][-1]
        assert view.extra.stock_size == 40
        stock = view.zone("stock")
        assert stock is not None and set(stock.cards) == {None}
        other = view.zone("hand", 1 - seat)
        assert other is not None and set(other.cards) == {None}


# --- trick play ------------------------------------------------------------------------------------


def test_a_card_of_another_suit_that_is_not_trump_never_wins() -> None:
    """Only "the suit led" or a trump can win: a castle of a third suit loses to an ace led."""
    assert winner_of_trick("AH", "CS", trump="2C") == 1


@pytest.mark.parametrize(("lead", "answer"), [("CH", "AC"), ("CS", "3C"), ("KD", "2S")])
def test_any_trump_beats_any_non_trump(lead: str, answer: str) -> None:
    """ "Any trump beats any non-trump" — the lowest trump on a castle led."""
    trump = "7S" if answer[-1] == "S" else "2C" if answer != "2C" else "3C"
    assert winner_of_trick(lead, answer, trump=trump) == 0


def test_a_trump_lead_is_won_by_the_higher_trump() -> None:
    assert winner_of_trick("5C", "6C", trump="2C") == 0
    assert winner_of_trick("6C", "5C", trump="2C") == 1


def test_follow_suit_if_able_and_otherwise_any_card() -> None:
    """ "Follow suit if able": holding the suit led, only it may be played (not even a trump)."""
    state = start(deal(["3H", "9H", "AC", "CS"], ["5H", "4D"], turn_up="2C"))
    state.apply("play 5H")
    assert sorted(state.legal_actions()) == ["play 3H", "play 9H"]
    refused(state, "play AC", ForbiddenAction)
    refused(state, "play CS", ForbiddenAction)
    void = start(deal(["3S", "AC", "CD"], ["5H", "4D"], turn_up="2C"))
    void.apply("play 5H")
    assert sorted(void.legal_actions()) == ["play 3S", "play AC", "play CD"]


def test_two_cards_to_a_trick_and_the_winner_leads_next() -> None:
    state = start(deal(["3H", "9D"], ["5H", "4D"], turn_up="2C"))
    state.apply("play 5H")
    state.apply("play 3H")
    tricks = [e for e in state.events(None) if e.kind == "trick"]
    assert len(tricks) == 1 and len(tricks[0].data["cards"]) == 2
    assert state.current_player == 1  # seat 1 took it (nothing to meld) and leads again


# --- the meld phase --------------------------------------------------------------------------------


def test_no_meld_before_the_first_trick_even_holding_a_combination() -> None:
    """ "... only in the moment immediately after winning a trick, never before it"."""
    state = start(deal(["3H", "3D"], ["5H", "KS", "KD"], turn_up="2C"))
    assert all(a.startswith("play") for a in state.legal_actions())
    refused(state, "meld KS KD", ForbiddenAction)
    refused(state, "meld 3H 3D", ForbiddenAction, seat=0)


def test_the_loser_of_a_trick_may_not_meld() -> None:
    """Only "having won a trick" may a player lay down: seat 0 loses with a royal pair in hand."""
    state = start(deal(["3H", "KS", "KD"], ["5H", "9D"], turn_up="2C"))
    state.apply("play 5H")
    state.apply("play 3H")
    assert state.current_player == 1
    refused(state, "meld KS KD", ForbiddenAction, seat=0)
    assert banked(state, 0) == 0


def test_the_meld_moment_passes_once_the_next_card_is_led() -> None:
    """Seat 1 wins, says done, and may not lay the pair down later, nor after the other's next lead."""
    state = start(deal(["3H", "4C", "5C"], ["5H", "QS", "QD", "9S"], turn_up="2C"))
    state.apply("play 5H")
    state.apply("play 3H")
    assert "meld QS QD" in state.legal_actions()
    state.apply("done")
    refused(state, "meld QS QD", ForbiddenAction)
    state.apply("play 9S")
    refused(state, "meld QS QD", ForbiddenAction)


TARIFF = [
    # "Pair (two cards of matching numeral rank, Ace–10) | 2"
    (["AH", "AD"], "pair", 2),
    (["5H", "5D"], "pair", 2),
    (["TH", "TD"], "pair", 2),
    # "Royal pair (two cards of matching rank among Lehnritter, Bishop, Queen, King, Castle) | 5"
    (["LH", "LD"], "royal pair", 5),
    (["BH", "BD"], "royal pair", 5),
    (["QH", "QD"], "royal pair", 5),
    (["KH", "KD"], "royal pair", 5),
    (["CH", "CD"], "royal pair", 5),
    # "Sequence of 3 / 4 / 5, same suit | 3 / 4 / 5" (in the seed's rank order, across ten and lehnritter)
    (["AD", "2D", "3D"], "sequence", 3),
    (["9H", "TH", "LH"], "sequence", 3),
    (["QD", "KD", "CD"], "sequence", 3),
    (["4H", "5H", "6H", "7H"], "sequence", 4),
    (["TD", "LD", "BD", "QD", "KD"], "sequence", 5),
    # "Muster (all four suits of one rank) | 10"
    (["7S", "7H", "7D", "7C"], "muster", 10),
    (["BS", "BH", "BD", "BC"], "muster", 10),
]


@pytest.mark.parametrize(("cards", "kind", "points"), TARIFF)
def test_the_tariff_after_winning_a_trick(cards: list[str], kind: str, points: int) -> None:
    """Each line of the seed's table, laid down from the hand after winning a trick and banked."""
    lead = "CS" if "CS" not in cards else "CH"
    answer = "AS" if lead == "CS" else "AH"
    turn_up = next(t for t in ("2C", "3C", "4C", "9S") if t not in cards)
    state = start(deal([answer, "6S" if answer == "AS" else "6H"], [lead, *cards], turn_up=turn_up))
    state.apply(f"play {lead}")
    state.apply(f"play {answer}")
    state.apply("meld " + " ".join(reversed(cards)))  # any order may be typed
    meld = [e for e in state.events(None) if e.kind == "meld"][-1]
    assert meld.data["kind"] == kind and meld.data["points"] == points
    assert banked(state, 1) == points


@pytest.mark.parametrize(
    "cards",
    [
        ["7H", "7D", "7C"],  # three of a kind: the table has pairs and the muster only (ruling RQ-10)
        ["4H", "5H"],  # two in a row is no sequence of 3
        ["4H", "5D", "6H"],  # a run must be "same suit"
        ["4H", "6H", "7H"],  # not a run
        ["KH", "CH", "AH"],  # no wrap round castle-ace (ruling RQ-11)
        ["TH", "LD"],  # a ten and a lehnritter are not of one rank
        ["7H"],
    ],
)
def test_what_the_tariff_does_not_list_is_refused(cards: list[str]) -> None:
    state = start(deal(["AS", "6S"], ["CS", *cards], turn_up="2C"))
    state.apply("play CS")
    state.apply("play AS")
    refused(state, "meld " + " ".join(cards), ForbiddenAction)
    assert banked(state, 1) == 0


def test_one_livret_card_completes_a_combination_and_no_second_one() -> None:
    """ "Having won a trick, a player may draw one card from the livret to complete or improve a
    combination, then discard the finished combination and bank its points" — one card, no more."""
    d = deal(["AS", "6S"], ["CS", "7H", "9H", "9D"], livret=["7D", "7C", "9C", "QH"], turn_up="2C")
    state = start(d)
    state.apply("play CS")
    state.apply("play AS")
    refused(state, "meld 7H 7D 7C 7S", ForbiddenAction)  # two livret cards (7S is in the stock anyway)
    state.apply("meld 7H 7D")  # completes a pair with a livret card
    assert banked(state, 1) == 2
    livret = state.view(1).zone("livret")
    assert livret is not None and sorted(c for c in livret.cards if c) == ["7C", "9C", "QH"]
    refused(state, "meld 9H 9C", ForbiddenAction)  # a second livret card after the same trick
    state.apply("meld 9H 9D")  # from the hand alone it still may
    assert banked(state, 1) == 4


def test_a_livret_card_improves_a_sequence_held() -> None:
    """ "... to complete or improve a combination": a run of three in hand made four with the livret."""
    d = deal(["AS", "6S"], ["CS", "4H", "5H", "6H"], livret=["7H", "QD"], turn_up="2C")
    state = start(d)
    state.apply("play CS")
    state.apply("play AS")
    assert "meld 4H 5H 6H 7H" in state.legal_actions()
    state.apply("meld 4H 5H 6H 7H")
    assert banked(state, 1) == 4


def test_a_livret_card_may_not_be_drawn_except_into_a_combination() -> None:
    """The draw is "to complete or improve a combination" (ruling RQ-6): never a card on its own."""
    d = deal(["AS", "6S"], ["CS", "4H"], livret=["7H", "QD"], turn_up="2C")
    state = start(d)
    state.apply("play CS")
    state.apply("play AS")
    for text in ("meld 7H", "take 7H", "meld QD 4H"):
        refused(state, text)


def test_the_turn_up_is_meld_material_and_trumps_stay() -> None:
    """ "The turned-up trump card is likewise available as meld material once in play" (ruling RQ-2);
    trumps are still its suit once it is gone (ruling RQ-19)."""
    d = deal(["AS", "6S"], ["CS", "9D", "3H"], livret=["QD"], turn_up="9C")
    state = start(d)
    state.apply("play CS")
    state.apply("play AS")
    state.apply("meld 9D 9C")
    assert banked(state, 1) == 2
    view = state.view(0)
    turn_up = view.zone("turn_up")
    assert turn_up is None or not turn_up.cards
    assert view.trump == "C"


def test_the_turn_up_and_a_livret_card_are_one_draw_between_them() -> None:
    """The turn-up is "likewise available" as the livret's cards are: one table card a trick in all
    (ruling RQ-6), so not a livret card and the turn-up together, nor one after the other."""
    d = deal(["AS", "6S"], ["CS", "9D", "9H"], livret=["9S"], turn_up="9C")
    state = start(d)
    state.apply("play CS")
    state.apply("play AS")
    refused(state, "meld 9D 9H 9S 9C", ForbiddenAction)
    state.apply("meld 9D 9S")
    refused(state, "meld 9H 9C", ForbiddenAction)
    assert banked(state, 1) == 2


# --- replenishing, the end of the hand and the match --------------------------------------------------


def test_hands_are_replenished_from_the_stock_after_each_trick_winner_first() -> None:
    """ "hands replenished from stock after each trick": the winner, who laid down a royal pair, draws
    first back up to eight (rulings RQ-3, RQ-4), then the loser; the stock shrinks by what was drawn."""
    h0 = ["AS", "2H", "3H", "4H", "5D", "6D", "7D", "8D"]
    h1 = ["CS", "KH", "KD", "9H", "TH", "2D", "3D", "4D"]
    state = start(deal(h0, h1, livret=["QC"], turn_up="2C", top=["9C", "TC", "LC", "BC", "QD"]))
    assert state.view(0).extra.stock_size == 60 - 16 - 1
    state.apply("play CS")
    state.apply("play AS")
    state.apply("meld KH KD")
    state.apply("done")
    view = state.view(1)
    mine = view.zone("hand", 1)
    assert mine is not None and {"9C", "TC", "LC"} <= set(mine.cards) and "BC" not in mine.cards
    assert "BC" in hand_cards(state, 0)
    assert [s.hand_size for s in view.seats] == [8, 8]
    assert view.extra.stock_size == 60 - 16 - 1 - 4


def hand_cards(state: State, seat: int) -> list[str]:
    zone = state.view(seat).zone("hand", seat)
    assert zone is not None
    return [c for c in zone.cards if c is not None]


def greedy(state: State) -> str:
    """The biggest combination on offer, else the first legal action."""
    actions = state.legal_actions()
    melds = [a for a in actions if a.startswith("meld")]
    return max(melds, key=len) if melds else actions[0]


def test_the_hand_does_not_end_while_the_stock_lasts() -> None:
    """A hand runs "until stock and hands are both exhausted": no hand ends while the stock could still
    make up a hand (at most the last card was left before the hand's last trick: ruling RQ-14)."""
    state = parlour.make("roquet").new(seed=9)
    stock_at_end: list[int] = []
    hand = state.hand_number
    while not state.is_over and len(stock_at_end) < 2:
        size = state.view(0).extra.stock_size
        state.apply(greedy(state))
        if state.hand_number != hand or state.is_over:
            stock_at_end.append(size)
            hand = state.hand_number
    assert stock_at_end and all(s <= 1 for s in stock_at_end)


# --- bad input: a clear error and nothing changed --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "   ", "play", "play 9X", "play 1H", "play 9H 9S", "meld", "fly 9H", "play N", "play E", "done 9H",
     "take 7H", "meld 7H 7H", "play " + "9H" * 200],
)  # fmt: skip
def test_malformed_action_text_is_refused_and_changes_nothing(text: str) -> None:
    state = start(deal(["3H", "9D"], ["5H", "4D", "7H", "7D"], turn_up="2C"))
    refused(state, text)
    state.apply("play 5H")
    state.apply("play 3H")
    refused(state, text)


def test_an_action_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = start(deal(["3H", "9D"], ["5H", "4D"], turn_up="2C"))
    reason = refused(state, "play 3H", ForbiddenAction, seat=0)
    assert "not your turn" in reason
    refused(state, "play 9D", ForbiddenAction)  # a card of the other hand, typed for the seat to move
    state.apply("play 5H", seat=1)
    refused(state, "play 4D", ForbiddenAction, seat=1)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hands"][0].append("E"),
        lambda d: d["hands"][1].append("N"),
        lambda d: d.__setitem__("turn_up", "E"),
        lambda d: d["livret"].append("AS"),  # dealt to seat 0 too
        lambda d: d["stock"].append(d["stock"][0]),
        lambda d: d.__setitem__("hands", [d["hands"][0], d["hands"][1], ["QQ"]]),
        lambda d: d.__setitem__("dealer", -1),
        lambda d: d.__setitem__("trumps", "C"),
    ],
)
def test_an_impossible_deal_is_refused(change: Callable[[dict[str, Any]], None]) -> None:
    d = deal(["AS", "6S"], ["CS", "9D"], livret=["QD"], turn_up="9C")
    change(d)
    with pytest.raises(InvalidDeal) as info:
        parlour.make("roquet").new(seed=1, deal=d)
    assert str(info.value)


@pytest.mark.parametrize(
    "options",
    [
        {"target": "abc"},
        {"target": -5},
        {"target": float("nan")},
        {"refill": "two"},
        {"livret_refill": "maybe"},
        {"turn_up": "hand"},
        {"melds_per_trick": 2},
        {"max_sequence": 4},
        {"max_sequence": 16},
        {"tie": "maybe"},
        {"trumps": "none"},
    ],
)
def test_a_wrong_option_value_is_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption) as info:
        parlour.make("roquet", **options)
    assert str(info.value)
