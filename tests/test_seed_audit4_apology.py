"""A fourth audit of Apology against the seed's own words ("Apology - another game for a Bishops Whist
deck" in shared/seeds/bishops-whist-deck-and-games.txt), for what the first three audits leave without
a scenario: "there is no trump suit" (castles of other suits thrown on a two lose to it); the buried
cards "take no further part in play" and the escape payment comes only "from among their own
previously won tricks" (never a buried card, the escaped card itself or a card still in hand); and
"each player, in turn" with another dealer than the last seat.

Each test plays from an explicit deal through the public API (``parlour.make``, ``legal_actions``,
``apply``, ``view``, the log and the scores).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import parlour
from parlour.engine import State
from parlour.engine.errors import ForbiddenAction
from tests import test_seed_audit2_apology as audit2
from tests.audit_support import refused

HIGH_TO_LOW = audit2.HIGH_TO_LOW
SEED_POINTS = {**audit2.SEED_POINTS, "N": Fraction(3, 2), "E": Fraction(9, 2)}
"""The seed's card points by rank letter (a Landsknecht is ``N``, Till ``E``)."""


def points(cards: list[str]) -> Fraction:
    return sum((SEED_POINTS[c[0]] for c in cards), Fraction(0))


def suit(s: str, ranks: str = HIGH_TO_LOW) -> list[str]:
    return [r + s for r in ranks]


def new(hands: list[list[str]], dealer: int = 3, **options: Any) -> State:
    state: State = parlour.make("apology", **options).new(seed=1, deal={"dealer": dealer, "hands": hands})
    return state


def cards_of(actions: list[str]) -> set[str]:
    return {a.split()[1] for a in actions}


def tricks(state: State) -> list[Mapping[str, Any]]:
    return [e.data for e in state.events(None) if e.kind == "trick"]


def hand_of(state: State, seat: int) -> list[str]:
    return list(state.view(seat).hand)


# Seat 0 holds thirteen spades (no castle) and the two of hearts; seat 1 the castle of spades and
# every diamond but the castle; seat 2 every heart but the two, and the two of clubs; seat 3 the
# castle of diamonds and every club but the two. Only seat 2 can follow a heart lead.
NO_TRUMP_HANDS = [
    [*suit("S", "KQBLT98765432A"), "2H"],
    ["CS", *suit("D", "KQBLT98765432A")],
    [*suit("H", "CKQBLT9876543A"), "2C"],
    ["CD", *suit("C", "CKQBLT9876543A")],
]


def test_there_is_no_trump_suit_castles_of_other_suits_lose_to_the_two_led() -> None:
    """ "There is no trump suit in this game"; "Highest card of the suit led wins the trick". The taker
    (seat 0) leads the two of hearts; seat 1 and seat 3, void in hearts, may play anything and throw
    the castles of spades and diamonds, the highest cards of their suits; seat 2 must follow and has
    only the ace below the two. The two takes the trick, with the 12 points in it."""
    state = new(NO_TRUMP_HANDS)
    state.apply("bid")
    for card in ("N", "N", "N", "N", "E", "AS"):
        state.apply(f"bury {card}")
    assert state.current_player == 0  # the dealer's left leads (ruling AP-19)
    state.apply("play 2H")
    assert cards_of(state.legal_actions()) == set(NO_TRUMP_HANDS[1])  # void: any card
    state.apply("play CS")
    assert cards_of(state.legal_actions()) == {c for c in NO_TRUMP_HANDS[2] if c.endswith("H")}
    state.apply("play AH")
    assert cards_of(state.legal_actions()) == set(NO_TRUMP_HANDS[3])
    state.apply("play CD")
    trick = tricks(state)[-1]
    assert trick["winner"] == 0 and trick["points"] == float(points(["2H", "CS", "AH", "CD"])) == 12.0
    last = state.view(1).last_trick
    assert last is not None and last.winner == 0
    assert state.current_player == 0  # the winner leads next


def test_buried_cards_take_no_part_and_the_escape_is_paid_only_from_won_tricks() -> None:
    """ "The buried cards count toward the taker's score at the end of the hand but take no further
    part in play": the buried ace of spades is never a legal card and is refused. "The player who
    played it hands the trick's winner one low card from among their own previously won tricks": after
    the taker's Landsknecht escapes a trick that the castle of diamonds wins (an excuse led sets no
    suit, ruling AP-5), the taker may give only a card of the trick it won before — not a buried card,
    not the escaped Landsknecht (ruling AP-6), not a card in hand. At the end the burial, which never
    reached a trick, counts for the taker."""
    burial = ["E", "AS", "2S", "3S", "4S", "5S"]
    state = new(NO_TRUMP_HANDS, deals=1)
    state.apply("bid")
    for card in burial:
        state.apply(f"bury {card}")
    assert not {"AS", "2S", "E"} & cards_of(state.legal_actions())
    assert sorted(hand_of(state, 0)) == sorted(["N"] * 4 + suit("S", "KQBLT9876") + ["2H"])
    refused(state, "play AS", ForbiddenAction)
    refused(state, "play E", ForbiddenAction)
    for action in ("play 2H", "play AD", "play AH", "play AC"):  # the two of hearts takes it
        state.apply(action)
    assert tricks(state)[-1]["winner"] == 0
    state.apply("play N")  # the taker leads a Landsknecht
    state.apply("play 2D")  # seat 1 sets the suit: diamonds
    state.apply("play 3H")  # seat 2, void in diamonds
    assert state.legal_actions() == ["play CD"]  # seat 3 must follow the diamond
    state.apply("play CD")
    assert tricks(state)[-1]["winner"] == 3  # the Landsknecht never wins
    assert state.current_player == 0
    assert cards_of(state.legal_actions()) == {"2H", "AD", "AH", "AC"}
    for card in ("AS", "N", "E", "6S"):  # buried, escaped, buried, in hand
        refused(state, f"give {card}", ForbiddenAction)
    state.apply("give AD")
    pay = [e.data for e in state.events(None) if e.kind == "pay"][-1]
    assert (pay["card"], pay["to"]) == ("AD", 3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    played = {c for t in tricks(state) for c in t["cards"]}
    assert not set(burial) & played
    end = [e.data for e in state.events(None) if e.kind == "hand_end"][-1]
    assert end["taker_points"] + end["defence_points"] == 100.5
    assert end["taker_points"] >= float(points(burial)) == 7.0


def test_each_player_in_turn_from_the_dealers_left_when_the_second_seat_deals() -> None:
    """ "Each player, in turn, bids or passes": with seat 1 dealing, seat 2 speaks first, then seat 3,
    then seat 0; seat 0's bid makes it the taker (one flat stake: the first bid takes, ruling AP-1),
    and seat 1 is never asked. Seat 2, the dealer's left, leads to the first trick (ruling AP-19)."""
    state = new(NO_TRUMP_HANDS, dealer=1)
    spoken: list[int] = []
    for action in ("pass", "pass", "bid"):
        current = state.current_player
        assert current is not None and sorted(state.legal_actions()) == ["bid", "pass"]
        spoken.append(current)
        state.apply(action)
    assert spoken == [2, 3, 0]
    view = state.view(1)
    assert [s.seat for s in view.seats if "taker" in s.roles] == [0]
    assert state.current_player == 0 and all(a.startswith("bury") for a in state.legal_actions())
    refused(state, "bid", ForbiddenAction, seat=1)
    for card in ("N", "N", "N", "N", "E", "AS"):
        state.apply(f"bury {card}")
    assert state.current_player == 2
    assert cards_of(state.legal_actions()) == set(NO_TRUMP_HANDS[2])
