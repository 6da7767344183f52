"""A second audit of Apology against the seed's own words ("Apology - another game for a Bishops Whist
deck" in shared/seeds/bishops-whist-deck-and-games.txt).

Each test plays a rule of the seed out from an explicit deal through the public API (``parlour.make``,
``legal_actions``, ``apply``, ``view``, the events and the scores) and asserts what the seed says,
quoted beside it. Where the seed is silent the test names the ruling of docs/rulings.md it leans on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pytest

import parlour
from parlour.engine import InvalidDeal, InvalidOption, State
from parlour.engine.errors import ForbiddenAction
from tests.audit_support import refused

HIGH_TO_LOW = "CKQBLT98765432A"
"""The seed's rank order read downwards: "Ace low through Castle high"."""

SEED_POINTS = {
    **{r: Fraction(1, 2) for r in "A23456789T"},
    "L": Fraction(3, 2),
    "B": Fraction(5, 2),
    "Q": Fraction(7, 2),
    "K": Fraction(9, 2),
    "C": Fraction(11, 2),
}
"""The seed's table: "Ace–10 0.5 each, Lehnritter 1.5, Bishop 2.5, Queen 3.5, King 4.5, Castle 5.5"."""


def points(card: str) -> Fraction:
    """A card's points by the seed's table (Landsknecht 1.5, Till 4.5)."""
    if card == "N":
        return Fraction(3, 2)
    if card == "E":
        return Fraction(9, 2)
    return SEED_POINTS[card[:-1]]


def suit(s: str, ranks: str = HIGH_TO_LOW) -> list[str]:
    return [r + s for r in ranks]


def new(hands: list[list[str]], dealer: int = 3, **options: Any) -> State:
    state: State = parlour.make("apology", **options).new(seed=1, deal={"dealer": dealer, "hands": hands})
    return state


def hand_of(state: State, seat: int) -> list[str]:
    zone = state.view(seat).zone("hand", seat)
    assert zone is not None
    return [c for c in zone.cards if c is not None]


def last(state: State, kind: str) -> Mapping[str, Any]:
    found = [e for e in state.events(None) if e.kind == kind]
    assert found, f"no {kind} event"
    data: Mapping[str, Any] = found[-1].data
    return data


def tricks(state: State) -> list[Mapping[str, Any]]:
    return [e.data for e in state.events(None) if e.kind == "trick"]


def suit_hands() -> list[list[str]]:
    """Seat 0 all spades, seat 1 all hearts, seat 2 all diamonds, seat 3 all clubs."""
    return [suit("S"), suit("H"), suit("D"), suit("C")]


# The taker (seat 1, after seat 0 passes) holds ace and castle but can never win a trick: seat 0
# leads a spade to every trick and nobody else holds one.
LOSING_HANDS = [
    suit("S"),
    ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "CD", "2D", "3D", "4D", "5D", "6D", "7D"],
    suit("C"),
    ["9H", "TH", "LH", "BH", "QH", "KH", "CH", "AD", "8D", "9D", "TD", "LD", "BD", "QD", "KD"],
]


def take_and_bury(state: State, seat: int, burial: list[str]) -> None:
    """Everyone before ``seat`` passes, ``seat`` bids and buries ``burial``."""
    while state.current_player != seat:
        state.apply("pass")
    state.apply("bid")
    for card in burial:
        state.apply(f"bury {card}")


def play_out(state: State, policy: Callable[[State], str]) -> None:
    """Play the deal out (one deal: stop when the next deal's bidding starts or the match ends)."""
    deal = state.hand_number
    while not state.is_over and state.hand_number == deal:
        state.apply(policy(state))


def first(state: State) -> str:
    return state.legal_actions()[0]


def spades_first(state: State) -> str:
    return next((a for a in state.legal_actions() if a[-1] == "S"), state.legal_actions()[0])


def bid_then_last(state: State) -> str:
    return "bid" if "bid" in state.legal_actions() else state.legal_actions()[-1]


# --- the pack, the kitty and the deal --------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pack_the_kitty_set_aside_unseen_and_fifteen_suited_cards_each(seed: int) -> None:
    """ "65 cards: four 15-card suits ..., the four Landsknecht, and Till Eulenspiegel"; "Kitty: the 4
    Landsknecht and Till ... are set aside, unseen"; "the remaining 60 suited cards are dealt evenly,
    15 to each player"."""
    state = parlour.make("apology").new(seed=seed)
    inventory = state.inventory()
    assert sum(inventory.values()) == 65 and inventory["N"] == 4 and inventory["E"] == 1
    for s in "SHDC":
        assert sorted(c for c in inventory if c.endswith(s) and len(c) == 2) == sorted(suit(s))
    for seat in range(4):
        view = state.view(seat)
        mine = hand_of(state, seat)
        assert len(mine) == 15 and not {"N", "E"} & set(mine)
        kitty = view.zone("kitty")
        assert kitty is not None and kitty.cards == [None] * 5
        for other in range(4):
            if other != seat:
                zone = view.zone("hand", other)
                assert zone is not None and set(zone.cards) == {None}


# --- bidding --------------------------------------------------------------------------------------


def test_each_player_in_turn_bids_or_passes_and_a_bidder_takes() -> None:
    """ "Each player, in turn, bids or passes. The highest bidder becomes the taker" (one flat stake:
    the first bid takes, ruling AP-1); the dealer's left speaks first (seat 0, the dealer being 3)."""
    state = new(suit_hands())
    assert state.current_player == 0 and sorted(state.legal_actions()) == ["bid", "pass"]
    refused(state, "bid", ForbiddenAction, seat=1)
    state.apply("pass")
    assert state.current_player == 1
    state.apply("bid")
    view = state.view(2)
    assert [s.seat for s in view.seats if "taker" in s.roles] == [1]
    assert state.current_player == 1 and all(a.startswith("bury") for a in state.legal_actions())


def test_all_four_pass_the_hand_is_thrown_in_and_redealt_by_the_next_dealer() -> None:
    """ "If all four pass, the hand is thrown in and redealt by the next dealer"."""
    state = new(suit_hands(), dealer=3)
    for _ in range(4):
        state.apply("pass")
    assert state.scores == [0.0, 0.0, 0.0, 0.0]
    assert last(state, "hand_end")["thrown_in"] is True
    view = state.view(0)
    assert [s.seat for s in view.seats if "dealer" in s.roles] == [0]  # the next dealer: 3's left
    assert state.current_player == 1 and sorted(state.legal_actions()) == ["bid", "pass"]
    assert sum(len(hand_of(state, s)) for s in range(4)) == 60


# --- the exchange ---------------------------------------------------------------------------------


def test_the_taker_takes_the_kitty_into_hand_twenty_cards() -> None:
    """ "The taker turns up and takes the 5-card kitty into their hand — 20 cards total"."""
    state = new(suit_hands())
    state.apply("bid")
    mine = hand_of(state, 0)
    assert len(mine) == 20 and mine.count("N") == 4 and mine.count("E") == 1
    for s in (1, 2, 3):
        assert len(hand_of(state, s)) == 15


@pytest.mark.parametrize(
    "burial",
    [
        ["N", "N", "N", "N", "E", "2S"],  # "from the kitty" (all of it, and a hand card)
        ["2S", "3S", "4S", "5S", "6S", "7S"],  # "from their original hand"
        ["N", "E", "CS", "AS", "KS", "2S"],  # "or any mix of the two" (oudlers too: ruling AP-10)
    ],
)
def test_the_taker_buries_six_of_their_choosing_leaving_fourteen_against_fifteen(burial: list[str]) -> None:
    """ "The taker then buries 6 cards, face-down, of their own choosing — from the kitty, from their
    original hand, or any mix of the two ... This leaves the taker with 14 cards in hand, against 15"."""
    state = new(suit_hands())
    take_and_bury(state, 0, burial)
    kept = hand_of(state, 0)
    assert len(kept) == 14
    assert sorted([*kept, *burial]) == sorted([*suit("S"), "N", "N", "N", "N", "E"])
    for s in (1, 2, 3):
        assert len(hand_of(state, s)) == 15
        assert state.view(s).seats[0].hand_size == 14
    assert state.current_player == 0 and all(a.startswith("play") for a in state.legal_actions())


def test_nobody_else_sees_the_buried_cards() -> None:
    """ "No one else ever sees or touches the Landsknechts or Till unless the taker declines to bury
    them": through the whole play no defender's view or event names a buried card (the count shows the
    burial, when every other card has been seen: ruling AP-10)."""
    state = new(suit_hands())
    burial = ["N", "N", "E", "2S", "3S", "4S"]
    take_and_bury(state, 0, burial)
    while len(tricks(state)) < 13:
        for s in (1, 2, 3):
            view = state.view(s)
            discards = view.zone("discards", 0)
            assert discards is not None and set(discards.cards) == {None}
            taker_hand = view.zone("hand", 0)
            assert taker_hand is not None and set(taker_hand.cards) == {None}
        state.apply(first(state))
    assert not [e for e in state.events(None) if e.kind == "reveal"]
    for s in (1, 2, 3):
        seen = repr([dict(e.data) for e in state.events(s)])
        assert not [c for c in ("2S", "3S", "4S") if repr(c) in seen]
        assert "bury" not in {e.kind for e in state.events(s)}


# --- trick play -----------------------------------------------------------------------------------


def test_follow_suit_if_able() -> None:
    """ "Follow suit if able": a defender holding the suit led plays it; a player void in it may play
    anything; the taker holding it may play it or a Landsknecht or Till, nothing else."""
    hands = [[*suit("S")[:14], "AH"], [*suit("H")[:14], "AS"], suit("D"), suit("C")]
    state = new(hands)
    take_and_bury(state, 0, ["N", "N", "N", "2S", "3S", "4S"])
    state.apply("play AH")
    assert sorted(state.legal_actions()) == sorted(f"play {c}" for c in suit("H")[:14])
    refused(state, "play AS", ForbiddenAction)
    state.apply("play 2H")
    assert len(state.legal_actions()) == 15  # seat 2 holds no heart: any card
    state.apply("play CD")
    state.apply("play CC")
    assert tricks(state)[-1]["winner"] == 1  # the two of hearts over the ace; castles of other suits
    for card in ("AS", "KD", "KC"):  # seat 1 leads its ace of spades; 2 and 3 are void
        state.apply(f"play {card}")
    assert state.current_player == 0
    kept_spades = suit("S")[:11]  # castle down to five: 2-4 buried, the ace held by seat 1
    assert sorted(state.legal_actions()) == sorted([*(f"play {c}" for c in kept_spades), "play N", "play E"])


def test_the_escape_is_paid_with_any_card_of_the_takers_won_tricks_to_the_trick_winner() -> None:
    """ "The player who played it hands the trick's winner one low card from among their own previously
    won tricks"; "can be any card from their own won tricks — there's no fixed minimum value"."""
    state = new(suit_hands())
    take_and_bury(state, 0, ["2S", "3S", "4S", "5S", "6S", "7S"])
    for _ in range(4):  # trick 1: the castle of spades; the others throw their castles
        state.apply(state.legal_actions()[0])
    assert tricks(state)[-1]["winner"] == 0
    won_by_taker = sorted(tricks(state)[-1]["cards"])
    assert won_by_taker == sorted(["CS", "CH", "CD", "CC"])
    state.apply("play E")  # the taker leads Till: the first suited card sets the suit (ruling AP-5)
    state.apply("play 2H")
    state.apply("play 2D")
    state.apply("play 2C")
    assert tricks(state)[-1]["winner"] == 1
    assert state.current_player == 0
    assert sorted(state.legal_actions()) == sorted(f"give {c}" for c in won_by_taker)
    refused(state, "give E", ForbiddenAction)  # Till came from no won trick (ruling AP-6)
    refused(state, "give 2H", ForbiddenAction)
    refused(state, "play KS", ForbiddenAction)
    state.apply("give CH")  # a castle: no minimum, and no maximum either
    pay = last(state, "pay")
    assert pay["card"] == "CH" and pay["to"] == 1 and pay["for"] == "E"
    won = state.view(1).zone("tricks_won", 1)
    assert won is not None and "CH" in won.cards and "E" not in won.cards


# --- scoring --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("burial", "oudlers", "target"),
    [
        (["2H", "3H", "4H", "2D", "3D", "4D"], 0, 62),
        (["AH", "2H", "3H", "4H", "2D", "3D"], 1, 56),
        (["AH", "CD", "2H", "3H", "2D", "3D"], 2, 45),
        (["AH", "CD", "E", "N", "2H", "2D"], 3, 40),
        (["N", "N", "N", "N", "E", "CD"], 2, 45),
    ],
)
def test_the_target_by_oudlers_held_and_the_burial_counts(
    burial: list[str], oudlers: int, target: int
) -> None:
    """ "Oudlers held by taker | Target needed: 0 62, 1 56, 2 45, 3 40"; "The buried cards count toward
    the taker's score". The taker here wins no trick, so it ends with its burial alone (an escape never
    paid goes to the creditor: ruling AP-8), and falls short: a flat stake of one to each defender."""
    state = new(LOSING_HANDS)
    take_and_bury(state, 1, burial)
    play_out(state, first)
    end = last(state, "hand_end")
    assert end["taker"] == 1 and end["oudlers"] == oudlers and end["target"] == target
    assert Fraction(end["taker_points"]) == sum(map(points, burial))
    assert Fraction(end["taker_points"]) + Fraction(end["defence_points"]) == Fraction(201, 2)
    assert end["made"] is False
    assert state.scores == [1.0, -3.0, 1.0, 1.0]


@pytest.mark.parametrize(("target", "made"), [(3.0, True), (3.5, False)])
def test_the_target_reached_exactly_is_made_for_the_same_flat_stake(target: float, made: bool) -> None:
    """ "Target needed": a taker with exactly the target makes it, and a single flat stake is paid
    however narrow the margin (ruling AP-11). The target is moved by its option (ruling AP-13) so that
    the taker's burial alone, 3 points, reaches it."""
    state = new(LOSING_HANDS, target_0=target)
    take_and_bury(state, 1, ["2H", "3H", "4H", "2D", "3D", "4D"])
    play_out(state, first)
    end = last(state, "hand_end")
    assert end["oudlers"] == 0 and end["taker_points"] == 3.0 and end["made"] is made
    assert state.scores == ([-1.0, 3.0, -1.0, -1.0] if made else [1.0, -3.0, 1.0, 1.0])


def test_a_taker_who_wins_every_trick_makes_it_and_each_defender_pays_one() -> None:
    """ "playing alone against the other three for the hand, at a single flat stake"; the pool is
    "Total pool: 100.5 points"."""
    state = new(suit_hands())
    take_and_bury(state, 0, ["E", "2S", "3S", "4S", "5S", "6S"])
    play_out(state, spades_first)
    end = last(state, "hand_end")
    assert end["taker"] == 0 and end["made"] is True and end["oudlers"] == 3 and end["target"] == 40
    assert Fraction(end["taker_points"]) + Fraction(end["defence_points"]) == Fraction(201, 2)
    assert state.scores == [3.0, -1.0, -1.0, -1.0]


def test_every_settlement_shares_out_exactly_100_5_points() -> None:
    """ "Every card carries a point value ...: Total pool: 100.5 points", whatever the play."""
    state = parlour.make("apology", deals=4).new(seed=3)
    while not state.is_over:
        state.apply(bid_then_last(state))
    ends = [e.data for e in state.events(None) if e.kind == "hand_end"]
    assert len(ends) == 4
    for end in ends:
        assert Fraction(end["taker_points"]) + Fraction(end["defence_points"]) == Fraction(201, 2)
        assert end["target"] == {0: 62, 1: 56, 2: 45, 3: 40}[end["oudlers"]]


# --- bad input: a clear error and nothing changed --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "  ", "bid 3", "pass pass", "play", "play 9X", "play 1H", "bury", "give", "take", "play N N",
     "play 9H 9S", "bury " + "9H" * 200],
)  # fmt: skip
def test_malformed_action_text_is_refused_and_changes_nothing(text: str) -> None:
    state = new(suit_hands())
    refused(state, text)
    state.apply("bid")
    refused(state, text)
    for card in ("2S", "3S", "4S", "5S", "6S", "7S"):
        state.apply(f"bury {card}")
    refused(state, text)


def test_actions_out_of_turn_or_out_of_phase_are_refused_and_change_nothing() -> None:
    state = new(suit_hands())
    assert "not your turn" in refused(state, "pass", ForbiddenAction, seat=2)
    refused(state, "play CS", ForbiddenAction)
    refused(state, "bury 2S", ForbiddenAction)
    refused(state, "give 2S", ForbiddenAction)
    state.apply("bid")
    refused(state, "pass", ForbiddenAction)
    refused(state, "bury CH", ForbiddenAction)  # not in the taker's hand
    refused(state, "play CS", ForbiddenAction)
    for card in ("2S", "3S", "4S", "5S", "6S", "7S"):
        state.apply(f"bury {card}")
    refused(state, "bury 8S", ForbiddenAction)  # a seventh
    refused(state, "play 7S", ForbiddenAction)  # buried
    refused(state, "play CH", ForbiddenAction, seat=1)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hands"][0].__setitem__(0, "N"),
        lambda d: d["hands"][0].__setitem__(0, "E"),
        lambda d: d["hands"][0].append("N"),
        lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]),
        lambda d: d.__setitem__("hands", d["hands"][:3]),
        lambda d: d.__setitem__("dealer", 4),
        lambda d: d.__setitem__("dealer", "0"),
        lambda d: d.__setitem__("kitty", ["N", "N", "N", "N", "E"]),
        lambda d: d.__setitem__("hands", None),
    ],
)
def test_an_impossible_deal_is_refused(change: Callable[[dict[str, Any]], None]) -> None:
    d: dict[str, Any] = {"dealer": 3, "hands": suit_hands()}
    change(d)
    with pytest.raises(InvalidDeal) as info:
        parlour.make("apology").new(seed=1, deal=d)
    assert str(info.value)


@pytest.mark.parametrize(
    "options",
    [
        {"deals": 0},
        {"deals": "four"},
        {"target_0": "high"},
        {"target_3": float("nan")},
        {"oudlers": "all"},
        {"bury_oudlers": "sometimes"},
        {"unpaid": "never"},
        {"trumps": "hearts"},
    ],
)
def test_a_wrong_option_value_is_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption) as info:
        parlour.make("apology", **options)
    assert str(info.value)
