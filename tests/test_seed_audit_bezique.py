"""A second reading of the Bezique seed (shared/seeds/bezique.txt): scenario tests written from the
article's own statements, each from an explicit deal, through the public API only.

They pin what the other Bezique tests leave open: the last talon trick as a declaring turn, the
seed's meld-reuse sentences in the orders the other tests do not try, the seven of trumps at the
edges of the talon, exact brisque counts of a scripted last eight, and the end of the match.
Rulings are cited by id (docs/rulings.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.cards import BEZIQUE_64
from parlour.engine import IllegalAction, Rng
from parlour.games.bezique.rules import Bezique, BeziqueState, Phase

PACK = BEZIQUE_64


def position(
    hands: Sequence[Sequence[str]],
    turn_up: str,
    stock: Sequence[str],
    won0: Sequence[str] = (),
    dealer: int = 1,
    **options: Any,
) -> BeziqueState:
    """A hand dealt as given: the talon is ``stock`` (top first), seat 0 has already won ``won0``
    and seat 1 every card not placed elsewhere (so the brisques of each side are known)."""
    game = parlour.make("bezique", **options)
    assert isinstance(game, Bezique)
    used = Counter(hands[0]) + Counter(hands[1]) + Counter([turn_up]) + Counter(stock) + Counter(won0)
    won1 = sorted((PACK.counts() - used).elements(), key=PACK.sort_key)
    deal = {
        "dealer": dealer,
        "hands": [list(hands[0]), list(hands[1])],
        "turn_up": turn_up,
        "stock": list(stock),
        "won": [list(won0), won1],
    }
    return game.new(seed=3, deal=deal)


def whole_talon(hands: Sequence[Sequence[str]], turn_up: str) -> list[str]:
    """Every card not dealt, as the talon of a hand at its start (ruling BZ-20: a carte blanche is
    shown before the first trick, so only such a deal offers one)."""
    used = Counter(hands[0]) + Counter(hands[1]) + Counter([turn_up])
    return sorted((PACK.counts() - used).elements(), key=PACK.sort_key)


def play(state: BeziqueState, *actions: str) -> None:
    """Apply ``actions``; ``pass?`` passes only if a declaring turn is open."""
    for a in actions:
        if a == "pass?":
            if state.phase is Phase.DECLARE:
                state.apply("pass")
            continue
        state.apply(a)


def scored(state: BeziqueState) -> list[tuple[int, int, str]]:
    """Every score of the match so far: (seat, points, reason)."""
    return [(e.data["seat"], e.data["points"], e.data["reason"]) for e in state.log if e.kind == "score"]


def phase(state: BeziqueState) -> Phase:
    """The stage of the hand, as the table sees it."""
    return state.view(None).extra.phase


def last_winner(state: BeziqueState) -> int:
    """The winner of the last trick played, from the log."""
    winner = next(e.data["winner"] for e in reversed(state.log) if e.kind == "play" and "winner" in e.data)
    assert isinstance(winner, int)
    return winner


def holding(state: BeziqueState, seat: int) -> Counter[str]:
    """Every card the seat holds, concealed or declared, as its own view shows them."""
    view = state.view(seat)
    zone = view.zone("melds", seat)
    assert zone is not None
    return Counter(view.hand) + Counter(zone.face_up)


def play_out_hand(state: BeziqueState) -> None:
    """Finish the hand in play with the first legal action each time (passing when offered)."""
    hand = state.hand_number
    while not state.is_over and state.hand_number == hand:
        acts = state.legal_actions()
        state.apply("pass" if "pass" in acts else acts[0])


def declared_cards(state: BeziqueState, seat: int, viewer: int) -> list[str]:
    zone = state.view(viewer).zone("melds", seat)
    assert zone is not None
    return zone.face_up


LOW0 = ["9S", "9C", "8C", "9D", "8D", "7D"]
"""Low cards for seat 0: no brisque, no meld, no trump when hearts are trumps."""


# --- the cut, the deal and the first lead ----------------------------------------------------------


def test_cut_equal_ranks_cut_again_then_the_higher_deals() -> None:
    """Seed: "the player with the highest valued card is given the privilege of dealing"; ruling BZ-1:
    equal ranks cut again."""
    found = False
    for seed in range(400):
        state = parlour.make("bezique").new(seed=seed)
        cuts = [e.data for e in state.log if e.kind == "cut"]
        if len(cuts) < 2:
            continue
        found = True
        order = "AT KQJ987".replace(" ", "")
        for cut in cuts[:-1]:
            a, b = cut["cards"]
            assert a[0] == b[0] and cut["dealer"] is None
        a, b = cuts[-1]["cards"]
        assert a[0] != b[0]
        assert cuts[-1]["dealer"] == (0 if order.index(a[0]) < order.index(b[0]) else 1) == state.dealer
        assert state.current_player == 1 - state.dealer  # the non-dealer leads
        break
    assert found, "no seed below 400 cuts equal ranks first"


def test_the_first_leader_cannot_exchange_the_seven_before_any_trick() -> None:
    """Seed: the seven is exchanged "when on lead" and "by any player who wins a trick"; ruling BZ-4
    reads both as the winner's declaring turn, so the non-dealer's first lead offers no exchange."""
    s = position([["7H", *LOW0, "8S"], ["7S", "7S", "8S", "7C", "7C", "8C", "JS", "JC"]], "AH", ["TD"])
    assert all(a.startswith("play ") for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply("exchange 7H")


# --- who wins a talon trick --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("9H", "QH", 1),  # a higher trump on a trump lead wins
        ("TH", "QH", 0),  # the ten is above the king and queen, in trumps too
        ("9H", "AS", 0),  # an ace of a plain suit does not beat a trump lead
        ("QH", "QH", 0),  # equal trumps: the trick belongs to the first player
        ("8D", "8H", 1),  # "the same rank" means the same card: a trump of the led rank still wins
    ],
)
def test_talon_trick_trump_leads_and_equal_ranks(lead: str, follow: str, winner: int) -> None:
    """Seed: the second card wins only as "a card of the same suit [with] a higher value or any card of
    the trump suit and the leading card is not of the trump suit"; ruling BZ-3."""
    hands = [[lead, *LOW0, "8S"], [follow, "7S", "7S", "7C", "7C", "8C", "JS", "JC"]]
    s = position(hands, "KH", ["8H", "TD", "TD"])
    play(s, f"play {lead}", f"play {follow}")
    plays = [(e.data["seat"], e.data["card"]) for e in s.log if e.kind == "play"]
    assert plays == [(0, lead), (1, follow)] and last_winner(s) == winner
    won = s.view(None).zone("tricks_won", winner)
    assert won is not None and won.face_up[-2:] == [lead, follow]
    assert s.current_player == winner


# --- a card played is gone for melding ---------------------------------------------------------------


def test_a_card_played_to_a_trick_cannot_be_melded_afterwards() -> None:
    """Seed: "cards played to previous tricks may not be included in melds"."""
    s = position(
        [["KS", "QS", *LOW0], ["7S", "7S", "8S", "7C", "7C", "8C", "JS", "JC"]], "9H", ["TD", "TD", "AC"]
    )
    play(s, "play KS", "play 7S")  # seat 0 wins with the king
    assert last_winner(s) == 0
    assert not any(a.startswith("meld") for a in s.legal_actions())
    assert phase(s) is Phase.TALON  # nothing to declare: both have drawn


# --- the last trick of the talon ----------------------------------------------------------------------


def test_the_last_talon_trick_opens_a_declaring_turn_and_the_exchanged_seven_goes_to_the_loser() -> None:
    """Rulings BZ-4 and BZ-15: after the 24th trick the winner may still exchange the seven and meld
    (the talon still holds a card and the turn-up); then he draws the last card and the loser the seven
    he put in the turn-up's place. Seed: 10 for the last trick before the final eight (BZ-17)."""
    hands = [
        ["7H", "KC", "QC", "9S", "9D", "8D", "7D", "8C"],
        ["7S", "7S", "8S", "8S", "7C", "7C", "JS", "JC"],
    ]
    s = position(hands, "AH", ["TD"])
    play(s, "play 9S", "play 7S")
    assert s.scores == [10.0, 0.0]  # the last trick of the talon
    assert {"exchange 7H", "declare 7H", "meld KC QC"} <= set(s.legal_actions())
    play(s, "exchange 7H", "meld KC QC")
    assert phase(s) is Phase.LAST_EIGHT
    assert scored(s) == [
        (0, 10, "last trick of the talon"),
        (0, 10, "seven of trumps"),
        (0, 20, "common marriage"),
    ]
    assert holding(s, 0) == Counter(["AH", "TD", "KC", "QC", "9D", "8D", "7D", "8C"])
    assert holding(s, 1)["7H"] == 1
    # the turn-up taken and the exchanged ace are known to the other side
    assert "AH" in s.view(1).extra.known[0]
    assert s.view(0).extra.known[1] == ["7H"]


def test_a_seven_of_trumps_played_to_the_last_talon_trick_scores() -> None:
    """Ruling BZ-5: a seven of trumps played while the talon lasts (the first 24 tricks) scores 10;
    the 24th is one of them."""
    hands = [["7H", *LOW0, "8S"], ["7S", "7S", "8S", "7C", "7C", "8C", "JS", "JC"]]
    s = position(hands, "AH", ["TD"])
    play(s, "play 7H", "play 7S")
    assert scored(s) == [(0, 10, "seven of trumps played"), (0, 10, "last trick of the talon")]
    assert phase(s) is Phase.LAST_EIGHT


def test_a_combination_shown_at_the_last_talon_trick_never_scores() -> None:
    """Seed: K♠ Q♠ J♦ scores 40 for bezique "with another 20 to score after the next trick is won";
    no trick of the talon is left, and in the last eight "melds cannot be declared" (rulings BZ-8,
    BZ-16)."""
    hands = [
        ["KS", "QS", "JD", "KC", "QC", "AS", "9S", "8D"],
        ["7S", "7S", "8S", "7D", "7C", "8C", "9C", "JC"],
    ]
    s = position(hands, "9H", ["8H"])
    play(s, "play 9S", "play 7S", "meld QS JD")
    assert "meld KS QS" in s.legal_actions()  # shown with the bezique, to score later
    assert "meld KC QC" not in s.legal_actions()  # shares no card with it: waits for its own trick
    play(s, "meld KS QS", "pass?")
    assert phase(s) is Phase.LAST_EIGHT
    assert s.scores == [50.0, 0.0]  # 10 for the last talon trick and 40 for bezique; no 20
    history = s.view(1).extra.meld_history[0]
    assert [(m.kind, m.scored) for m in history] == [("bezique", True)]
    # seat 0 wins a trick of the last eight holding two marriages: nothing may be declared
    play(s, "play AS")
    assert set(s.legal_actions()) == {"play 7S", "play 8S"}  # follow, cannot head the ace
    play(s, "play 7S")
    assert last_winner(s) == 0 and phase(s) is Phase.LAST_EIGHT
    assert all(a.startswith("play ") for a in s.legal_actions())
    for meld in ("meld KS QS", "meld KC QC"):
        with pytest.raises(IllegalAction):
            s.apply(meld)
    play_out_hand(s)
    assert not [r for _, _, r in scored(s) if "marriage" in r]


# --- a combination shown to score later (ruling BZ-8) and which copy is played (BZ-12) ----------------


SHOWN_HANDS = [
    ["KS", "KS", "QS", "JD", "9C", "8C", "9D", "8D"],
    ["7S", "7S", "8S", "8S", "7C", "7C", "7D", "7D"],
]
SHOWN_STOCK = ["JC", "JC", "QD", "QD", "KD"]


def test_a_shown_marriage_scores_later_when_a_concealed_twin_king_is_played() -> None:
    """Ruling BZ-12: playing a card held both declared (awaiting a score) and concealed plays the
    concealed copy, so the marriage shown with the bezique still scores at the next trick won (BZ-8)."""
    s = position(SHOWN_HANDS, "9H", SHOWN_STOCK)
    play(s, "play 9C", "play 7C", "meld QS JD", "meld KS QS", "pass?")
    assert s.scores == [40.0, 0.0]
    play(s, "play KS", "play 7S")
    assert last_winner(s) == 0
    assert sorted(declared_cards(s, 0, 1)) == ["JD", "KS", "QS"]  # the declared king is still there
    assert "meld KS QS" in s.legal_actions()
    play(s, "meld KS QS")
    assert s.scores == [60.0, 0.0]


def test_a_shown_marriage_is_lost_when_its_queen_is_played() -> None:
    """Ruling BZ-8: the shown combination scores later only if none of its cards has been played."""
    s = position(SHOWN_HANDS, "9H", SHOWN_STOCK)
    play(s, "play 9C", "play 7C", "meld QS JD", "meld KS QS", "pass?")
    play(s, "play QS", "play 7S")
    assert last_winner(s) == 0
    assert "meld KS QS" not in s.legal_actions()
    assert s.scores == [40.0, 0.0]


def test_a_lost_shown_marriage_is_no_longer_listed_as_to_score() -> None:
    """Ruling BZ-8: once a card of a shown combination is played it will never score; the views' list
    of the hand's melds should not still announce it as "to score"."""
    s = position(SHOWN_HANDS, "9H", SHOWN_STOCK)
    play(s, "play 9C", "play 7C", "meld QS JD", "meld KS QS", "pass?")
    assert s.view(1).extra.melds[0] == ["bezique Q♠ J♦ (40)", "common marriage K♠ Q♠ (20, to score)"]
    play(s, "play QS", "play 7S")
    for seat in (0, 1, None):
        assert s.view(seat).extra.melds[0] == ["bezique Q♠ J♦ (40)", "common marriage K♠ Q♠ (20, lost)"]


# --- the seed's reuse sentences in the orders the other tests leave open (rulings BZ-9 to BZ-11) -------


JACKS = [["JS", "JH", "JD", "JC", "QS", "9S", "9S", "9D"], ["7S", "7S", "8S", "8S", "7C", "7C", "8C", "8C"]]


@pytest.mark.parametrize("first", ["meld JS JH JD JC", "meld QS JD"])
def test_bezique_and_four_jacks_share_the_jack_of_diamonds_either_way(first: str) -> None:
    """Ruling BZ-9: bezique and four jacks (both 40) are of equal order, so the jack of diamonds that
    served in one may serve in the other afterwards, whichever came first."""
    s = position(JACKS, "9H", ["7D", "7D", "8D", "8D", "9C"])
    play(s, "play 9S", "play 7S", first, "pass?")
    second = "meld QS JD" if first == "meld JS JH JD JC" else "meld JS JH JD JC"
    play(s, "play 9S", "play 7S")
    assert second in s.legal_actions()
    play(s, second)
    assert s.scores == [80.0, 0.0]
    assert Counter(declared_cards(s, 0, 1)) == Counter(["JS", "JH", "JD", "JC", "QS"])


ROYAL_SPADES = [
    ["KS", "QS", "JD", "9C", "9C", "8C", "9D", "8D"],
    ["7S", "7C", "7C", "8S", "7D", "7D", "8H", "8H"],
]


def test_royal_marriage_in_spades_then_bezique_with_its_queen() -> None:
    """Ruling BZ-9: with spades trumps the royal marriage (40) comes below bezique (40) in order, so
    "marriage then bezique" stands. (The seed's other phrasing, "as long as the point score is
    greater", would forbid it at equal points; the ruling follows the order sentences and the
    K♠ Q♠ J♦ example.)"""
    s = position(ROYAL_SPADES, "9S", ["7H", "7H", "8D", "7S", "9H"])
    play(s, "play 9C", "play 7C", "meld KS QS", "pass?")
    assert scored(s) == [(0, 40, "royal marriage")]
    play(s, "play 9C", "play 7C")
    play(s, "meld QS JD")
    assert s.scores == [80.0, 0.0]


def test_bezique_in_spades_then_no_royal_marriage_with_its_queen() -> None:
    """Ruling BZ-9: a queen of spades that served in bezique may not marry later (the inferior order)."""
    s = position(ROYAL_SPADES, "9S", ["7H", "7H", "8D", "7S", "9H"])
    play(s, "play 9C", "play 7C", "meld QS JD", "pass")  # the marriage is not shown at once
    play(s, "play 9C", "play 7C")
    assert last_winner(s) == 0
    assert "meld KS QS" not in s.legal_actions()


@pytest.mark.parametrize("first", ["meld JS JH JD JC", "meld QS JD"])
def test_with_reuse_greater_bezique_and_four_jacks_share_no_jack(first: str) -> None:
    """Option ``reuse=greater`` (ruling BZ-9), the seed's "as long as the point score is greater" read
    alone: bezique and four jacks both score 40, so the jack of diamonds of one may not serve in the
    other, whichever came first."""
    s = position(JACKS, "9H", ["7D", "7D", "8D", "8D", "9C"], reuse="greater")
    play(s, "play 9S", "play 7S", first, "pass?")
    second = "meld QS JD" if first == "meld JS JH JD JC" else "meld JS JH JD JC"
    play(s, "play 9S", "play 7S")
    assert last_winner(s) == 0
    assert second not in s.legal_actions()
    with pytest.raises(parlour.IllegalAction):
        s.apply(second)


def test_with_reuse_greater_no_bezique_after_a_royal_marriage_but_after_a_common_one() -> None:
    """Option ``reuse=greater``: the queen of spades of a royal marriage (40) may not serve in bezique
    (40); of a common marriage (20, spades not trumps) she may."""
    s = position(ROYAL_SPADES, "9S", ["7H", "7H", "8D", "7S", "9H"], reuse="greater")
    play(s, "play 9C", "play 7C", "meld KS QS", "pass?")
    play(s, "play 9C", "play 7C")
    assert "meld QS JD" not in s.legal_actions()
    common = position(ROYAL_SPADES, "9H", ["7H", "7H", "8D", "7S", "9S"], reuse="greater")
    play(common, "play 9C", "play 7C", "meld KS QS", "pass?")
    assert scored(common) == [(0, 20, "common marriage")]
    play(common, "play 9C", "play 7C", "meld QS JD")
    assert common.scores == [60.0, 0.0]


def test_a_king_of_the_sequence_serves_in_no_four_kings_but_its_concealed_twin_does() -> None:
    """Seed: a declared card may serve again only "as long as the point score is greater" (four kings,
    80, is below the sequence, 250; ruling BZ-9). The second king of trumps, still concealed, may make
    the four kings (BZ-12: a declared copy first, a concealed one when none may serve)."""
    hands = [
        ["AH", "TH", "KH", "QH", "JH", "KS", "KD", "9C"],
        ["7S", "7S", "8S", "7C", "8C", "7D", "8D", "9D"],
    ]
    s = position(hands, "9H", ["KC", "7D", "KH", "8D", "JS", "JS", "JD"])
    play(s, "play 9C", "play 7C", "meld AH TH KH QH JH", "pass?")
    assert s.scores == [250.0, 0.0]
    assert "KC" in s.view(0).hand
    play(s, "play AH", "play 7S")  # the declared ace of trumps wins
    assert last_winner(s) == 0
    assert not any(a.startswith("meld") for a in s.legal_actions())  # the drawn K♥ is not yet here
    assert s.view(0).hand.count("KH") == 1  # drawn after the declaring turn
    play(s, "play TH", "play 8S")
    assert last_winner(s) == 0
    assert "meld KS KH KD KC" in s.legal_actions()
    play(s, "meld KS KH KD KC")
    assert s.scores == [330.0, 0.0]
    kings = [e for e in s.view(1).extra.declared[0] if e.card == "KH"]
    assert sorted(len(e.uses) for e in kings) == [1, 1]  # two kings of hearts, each in one meld


def test_four_kings_made_wholly_of_four_married_kings() -> None:
    """Seed: "four kings may be declared using a king previously declared for a marriage"; ruling
    BZ-10: no fresh card is required, so the four kings of four marriages make the meld on their own."""
    hands = [
        ["KS", "QS", "KH", "QH", "KD", "QD", "9S", "9D"],
        ["7S", "7S", "8S", "8S", "7D", "7D", "8D", "8D"],
    ]
    stock = ["KC", "7C", "9S", "8C", "QC", "7C", "9D", "8C", "JS", "JD", "JD"]
    s = position(hands, "9H", stock)
    play(s, "play 9S", "play 7S", "meld KS QS", "pass?")
    play(s, "play 9D", "play 7D", "meld KH QH", "pass?")
    play(s, "play 9S", "play 7S", "meld KD QD", "pass?")
    play(s, "play QS", "play 8S", "meld KC QC", "pass?")  # the married queen of spades is played
    assert s.scores == [100.0, 0.0]
    assert s.view(0).hand == ["9D"]  # every king lies on the table
    play(s, "play 9D", "play 7D")
    assert "meld KS KH KD KC" in s.legal_actions()
    play(s, "meld KS KH KD KC")
    assert s.scores == [180.0, 0.0]


def test_no_bezique_after_a_double_bezique_of_the_same_cards() -> None:
    """Seed: a declared card may not serve again "in a combination of an inferior order" (ruling BZ-9):
    a single bezique after the double is refused."""
    hands = [
        ["QS", "QS", "JD", "JD", "9S", "9S", "9C", "9D"],
        ["7S", "7S", "8S", "8S", "7C", "7C", "8C", "8C"],
    ]
    s = position(hands, "9H", ["7D", "7D", "8D", "8D", "9C"])
    play(s, "play 9S", "play 7S", "meld QS QS JD JD", "pass?")
    assert s.scores == [500.0, 0.0]
    play(s, "play 9S", "play 7S")
    assert last_winner(s) == 0
    assert "meld QS JD" not in s.legal_actions()


# --- the seven of trumps and the trick's one meld (ruling BZ-6) ---------------------------------------


SEVEN_HANDS = [["7H", "QH", *LOW0], ["7S", "7S", "8S", "7C", "7C", "8C", "JS", "JC"]]


def test_the_turn_up_taken_for_the_seven_melds_in_the_same_turn() -> None:
    """Ruling BZ-6 (default): the exchange does not use up the trick's meld, and the king of trumps just
    taken from the turn-up marries at once."""
    s = position(SEVEN_HANDS, "KH", ["TD", "TD", "AC"])
    play(s, "play 9S", "play 7S", "exchange 7H")
    turn_up = s.view(None).zone("turn_up")
    assert turn_up is not None and turn_up.cards == ["7H"]
    assert "KH" in s.view(0).hand
    assert "meld KH QH" in s.legal_actions()
    play(s, "meld KH QH")
    assert scored(s) == [(0, 10, "seven of trumps"), (0, 40, "royal marriage")]


def test_the_seven_counts_as_the_meld_option_defers_the_marriage() -> None:
    """``seven_counts_as_meld=true`` (ruling BZ-6): the exchange is the trick's one declaration; the
    marriage waits for the next trick won."""
    s = position(SEVEN_HANDS, "KH", ["TD", "TD", "AC", "AC", "JD"], seven_counts_as_meld=True)
    play(s, "play 9S", "play 7S", "exchange 7H")
    assert phase(s) is Phase.TALON and s.scores == [10.0, 0.0]
    play(s, "play 9C", "play 7C")
    assert "meld KH QH" in s.legal_actions()
    play(s, "meld KH QH")
    assert s.scores == [50.0, 0.0]


# --- options from the seed's footnotes --------------------------------------------------------------


def test_carte_blanche_a_ten_is_a_face_card_and_the_non_dealer_shows_first() -> None:
    """Seed: "if a player finds no face card in his hand (A, 10, K, Q or J), a carte blanche may be
    declared" (ruling BZ-20: 50 scored, non-dealer first). A single ten spoils it."""
    hands = [
        ["9S", "9S", "8S", "8S", "7S", "7S", "9D", "TD"],
        ["9C", "9C", "8C", "8C", "7C", "7C", "8D", "8D"],
    ]
    s = position(hands, "9H", whole_talon(hands, "9H"), carte_blanche=True)
    assert s.current_player == 1 and s.legal_actions() == ["blanche", "pass"]  # the dealer only
    plain = [["9S", "9S", "8S", "8S", "7S", "7S", "9D", "8H"], hands[1]]
    s = position(plain, "9H", whole_talon(plain, "9H"), carte_blanche=True, dealer=1)
    assert s.current_player == 0 and s.legal_actions() == ["blanche", "pass"]  # the non-dealer first
    play(s, "blanche")
    assert s.current_player == 1 and s.legal_actions() == ["blanche", "pass"]
    play(s, "blanche")
    assert scored(s) == [(0, 50, "carte blanche"), (1, 50, "carte blanche")]
    assert phase(s) is Phase.TALON and s.current_player == 0


def test_fours_one_per_suit_accepts_one_king_of_each_suit() -> None:
    """Seed footnote: four of a kind "must contain a card of the rank from each suit" (ruling BZ-13)."""
    hands = [
        ["KS", "KS", "KH", "KD", "KC", "9S", "9C", "9D"],
        ["7S", "7S", "8S", "7C", "7C", "8C", "JS", "JC"],
    ]
    s = position(hands, "9H", ["7D", "7D", "8D"], fours_one_per_suit=True)
    play(s, "play 9S", "play 7S")
    melds = [a for a in s.legal_actions() if a.startswith("meld")]
    assert melds == ["meld KS KH KD KC"]
    play(s, "meld KS KH KD KC")
    assert s.scores == [80.0, 0.0]


def test_alternative_double_bezique_with_diamonds_trumps() -> None:
    """Seed footnote: bezique may be Q♣ J♥ "if either spades or diamonds is the trump suit"; the double
    is both of each, 500 (ruling BZ-14)."""
    hands = [
        ["QC", "QC", "JH", "JH", "QS", "JD", "9S", "9C"],
        ["7S", "7S", "8S", "7C", "7C", "8C", "JS", "JC"],
    ]
    s = position(hands, "9D", ["7H", "7H", "8H"], alt_bezique=True)
    play(s, "play 9S", "play 7S")
    melds = {a: Counter(a.split()[1:]) for a in s.legal_actions() if a.startswith("meld")}
    double = [a for a, cards in melds.items() if cards == Counter({"QC": 2, "JH": 2})]
    assert len(double) == 1
    assert not any(cards == Counter({"QS": 1, "JD": 1}) for cards in melds.values())
    play(s, double[0])
    assert scored(s) == [(0, 500, "double bezique")]


# --- the last eight: strict play, brisques and the last trick (rulings BZ-16, BZ-17, BZ-18) -----------


LAST_HANDS = [
    ["AS", "TS", "9S", "KC", "8D", "9D", "7C", "8C"],
    ["7S", "8S", "AD", "TD", "QC", "9C", "JH", "8H"],
]


@pytest.mark.parametrize(
    ("option", "bonus"),
    [
        ("stock", [(0, 10, "last trick of the talon")]),
        ("final", [(1, 10, "last trick")]),
        ("both", [(0, 10, "last trick of the talon"), (1, 10, "last trick")]),
    ],
)
def test_a_scripted_last_eight_counts_each_sides_brisques(
    option: str, bonus: list[tuple[int, int, str]]
) -> None:
    """Seed: in the last eight "each player must now follow suit if possible [and] win the trick if
    possible, by playing a higher card or by ruffing"; the aces and tens won then count 10 each.
    Seat 0 wins the 24th trick, seat 1 the 32nd; the last-trick 10 goes as ``last_trick`` says."""
    s = position(LAST_HANDS, "9H", ["TC"], last_trick=option)
    play(s, "play 9S", "play 7S")  # the 24th trick: seat 0 takes T♣, seat 1 the turn-up 9♥
    assert phase(s) is Phase.LAST_EIGHT
    steps: list[tuple[str, set[str] | None, str, int]] = [
        # (lead, the follower's legal cards, the follower's card, the trick's winner)
        ("AS", {"8S"}, "8S", 0),  # must follow, cannot head
        ("TS", {"JH", "8H", "9H"}, "8H", 1),  # void in spades: must trump
        ("AD", None, "8D", 1),
        ("TD", None, "9D", 1),
        ("QC", {"KC", "TC"}, "TC", 0),  # must head the queen: king or ten
        ("KC", {"9C"}, "9C", 0),
        ("7C", {"JH", "9H"}, "9H", 1),  # void in clubs: must trump
        ("JH", {"8C"}, "8C", 1),  # neither hearts nor trumps: anything
    ]
    for lead, legal, follow, winner in steps:
        play(s, f"play {lead}")
        if legal is not None:
            assert set(s.legal_actions()) == {f"play {c}" for c in legal}
        play(s, f"play {follow}")
        assert last_winner(s) == winner
    ends = [e.data for e in s.log if e.kind == "hand_end"]
    assert len(ends) == 1
    brisques = [x for x in scored(s) if x[2] == "brisques"]
    # seat 0 won A♠ and T♣ in the last eight; seat 1 won T♠, A♦, T♦ and holds the 11 others from before
    assert brisques == [(0, 20, "brisques"), (1, 140, "brisques")]
    assert [x for x in scored(s) if x[2].startswith("last trick")] == bonus


def test_table_laws_failing_to_trump_concedes_the_brisques_to_come() -> None:
    """Seed penalty: "a player not winning a trick or following suit where it was possible in phase two
    concedes all remaining brisques to their opponent" (ruling BZ-21): here by not ruffing when void."""
    hands = [
        ["9S", "9C", "8C", "7C", "9D", "8D", "7D", "7S"],
        ["7S", "AD", "TD", "AH", "TS", "8S", "8S", "JS"],
    ]
    s = position(hands, "9H", ["8C"], table_laws=True)
    play(s, "play 9S", "play 7S", "draw", "draw")
    assert phase(s) is Phase.LAST_EIGHT and last_winner(s) == 0
    play(s, "play 9C", "play AD")  # void in clubs, holding A♥ and 9♥: must have trumped
    assert s.view(None).extra.revoker == 1
    assert any(e.kind == "revoke" and e.data["seat"] == 1 for e in s.log)
    assert last_winner(s) == 0
    play(s, "play 8C", "play AH")  # seat 1 wins this one, but its ace is conceded too
    assert last_winner(s) == 1
    play_out_hand(s)
    brisques = [x for x in scored(s) if x[2] == "brisques"]
    # seat 1's four brisques in hand all go to seat 0; the 12 won before the revoke stay with seat 1
    assert brisques == [(0, 40, "brisques"), (1, 120, "brisques")]


# --- the hand's shape and the end of the match (rulings BZ-1, BZ-19) ---------------------------------


def test_a_hand_is_twenty_four_talon_tricks_then_eight() -> None:
    """Seed: "the game proceeds until the stock is exhausted, at which point 8 more tricks are played";
    with 47 talon cards and the turn-up drawn two a trick, that is 24 tricks with eight cards held at
    each lead, a declaring turn possible after each, then 8."""
    s = parlour.make("bezique").new(seed=17)
    rng = Rng(4)
    tricks = 0
    phase_at: int | None = None
    while s.hand_number == 1:
        if phase(s) is Phase.DECLARE:
            assert tricks <= 24
        view = s.view(None)
        if view.extra.phase is Phase.TALON and (view.trick is None or not view.trick.plays):
            assert [seat.hand_size for seat in view.seats] == [8, 8]
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
        tricks = sum(1 for e in s.log if e.kind == "play" and "winner" in e.data)
        if phase_at is None and any(e.kind == "phase" for e in s.log):
            phase_at = tricks
    assert phase_at == 24
    assert tricks == 32


TIE_HANDS = [
    ["KC", "QC", "9S", "9S", "8S", "8D", "9D", "9C"],
    ["7S", "7S", "8S", "7D", "7D", "8D", "8C", "7C"],
]
BRISQUES = [r + s for r in "AT" for s in "SHDC"]
"""One copy of each ace and ten; the pack holds two."""


def test_equal_totals_at_the_target_play_another_hand_dealt_by_the_other_seat() -> None:
    """Ruling BZ-19: at the end of a hand a total at the target wins only if the totals differ; level
    totals play on. Ruling BZ-1: the deal alternates, and the new non-dealer leads."""
    # seat 1 deals and turns up the seven (10); seat 0 takes the last talon trick (10) and marries (20);
    # seat 0 has won 7 brisques before, seat 1 the other 9: 100 each with the target at 100
    won0 = [*BRISQUES[:7], "JS", "QS", "QS", "KS", "KS", "JH", "QH"]
    s = position(TIE_HANDS, "7H", ["JC"], won0=won0, target=100)
    assert s.scores == [0.0, 10.0]
    play(s, "play 9S", "play 7S", "meld KC QC")
    assert s.scores == [30.0, 10.0]
    play_out_hand(s)
    ends = [e.data for e in s.log if e.kind == "hand_end"]
    assert [e["points"] for e in ends] == [[100, 100]]
    assert not s.is_over and s.scores == [100.0, 100.0]
    assert s.hand_number == 2
    assert s.current_player == 1  # the non-dealer leads the new hand
    assert [e.data["dealer"] for e in s.log if e.kind == "deal"] == [1, 0]


@pytest.mark.parametrize(("winner", "wins"), [("first", 0), ("higher", 1)])
def test_who_wins_when_the_other_passes_the_target_at_the_hands_end(winner: str, wins: int) -> None:
    """Ruling BZ-19: nobody claims out in mid-hand. Seat 0 reaches the target of 100 at the last talon
    trick (seven turned up 10, last trick 10, four kings 80); seat 1 ends the hand with all 16
    brisques (160). By the seed's words (``winner=first``, the default) seat 0, the first to reach it,
    wins the match; under ``winner=higher`` seat 1, with the higher total."""
    hands = [
        ["KS", "KH", "KD", "KC", "9S", "8D", "9D", "9C"],
        ["8S", "7S", "8S", "7D", "7D", "8D", "8C", "7C"],
    ]
    s = position(hands, "7H", ["JC"], dealer=0, target=100, winner=winner)
    play(s, "play 8S", "play 9S", "meld KS KH KD KC")
    assert s.scores == [100.0, 0.0]
    assert not s.is_over and phase(s) is Phase.LAST_EIGHT
    assert s.view(1).extra.reached == (0 if winner == "first" else None)
    said = "seat 0 has reached 100 first and wins at the end of the hand"
    assert (said in s.view(1).situation) == (winner == "first")
    play_out_hand(s)
    assert s.is_over
    assert s.scores == [100.0, 160.0]
    assert s.winners == [wins]


def test_a_second_four_kings_needs_four_fresh_kings() -> None:
    """Seed: "once a card has been melded it cannot be used again in the same combination"; the pack's
    other four kings, all fresh, make a second four kings (80 again)."""
    hands = [
        ["KS", "KH", "KD", "KC", "9S", "9S", "9C", "9D"],
        ["7S", "7S", "8S", "8S", "7C", "7C", "8C", "8C"],
    ]
    stock = ["KS", "7D", "KH", "7D", "KD", "8D", "KC", "8D", "JS", "JS", "JD"]
    s = position(hands, "9H", stock)
    play(s, "play 9S", "play 7S", "meld KS KH KD KC", "pass?")
    for lead, follow in (("9S", "7S"), ("9C", "7C"), ("9D", "8S")):
        play(s, f"play {lead}", f"play {follow}")
        assert last_winner(s) == 0
        # until all four fresh kings are in, no four kings: a king of the first may not serve again
        assert not any(a.startswith("meld") for a in s.legal_actions())
    assert holding(s, 0)["KS"] == holding(s, 0)["KC"] == 2
    play(s, "play KS", "play 7C")  # a declared king of the first four goes (BZ-12: not a fresh one)
    assert "meld KS KH KD KC" in s.legal_actions()
    play(s, "meld KS KH KD KC")
    assert s.scores == [160.0, 0.0]


def test_a_sequence_is_only_of_the_trump_suit() -> None:
    """Seed: the sequence is "of five best cards of the trump suit (A 10 K Q J)": in a plain suit the
    same five cards make only a common marriage."""
    hands = [
        ["AC", "TC", "KC", "QC", "JC", "9S", "9D", "8D"],
        ["7S", "7S", "8S", "8S", "7C", "7C", "8C", "8C"],
    ]
    s = position(hands, "9H", ["7D", "7D", "JS"])
    play(s, "play 9S", "play 7S")
    assert [a for a in s.legal_actions() if a.startswith("meld")] == ["meld KC QC"]


# --- random hands checked against the seed's statements, computed here independently ---------------

SEED_RANKS = "AT KQJ987".replace(" ", "")
"""The seed's order, high to low: "A, 10, K, Q, J, 9, 8, 7"."""
SEED_MELDS = {
    "common marriage": 20,
    "royal marriage": 40,
    "bezique": 40,
    "double bezique": 500,
    "four jacks": 40,
    "four queens": 60,
    "four kings": 80,
    "four aces": 100,
    "sequence": 250,
}
"""The seed's table of melds."""


def seed_higher(a: str, b: str) -> bool:
    return SEED_RANKS.index(a[0]) < SEED_RANKS.index(b[0])


def seed_second_wins(lead: str, follow: str, trump: str) -> bool:
    """The seed: the second card wins as a higher card of the suit led, or as a trump on a plain lead."""
    if follow[1] == lead[1]:
        return seed_higher(follow, lead)
    return follow[1] == trump


def seed_last_eight(hand: list[str], lead: str, trump: str) -> set[str]:
    """The seed: follow suit and play higher if you can; if you cannot follow, trump; else anything."""
    suited = {c for c in hand if c[1] == lead[1]}
    if suited:
        return {c for c in suited if seed_higher(c, lead)} or suited
    return {c for c in hand if c[1] == trump} or set(hand)


def seed_meld(cards: list[str], trump: str) -> str | None:
    """The meld the seed's table names for these cards (default options)."""
    held = Counter(cards)
    if (
        len(cards) == 2
        and {c[0] for c in cards} == {"K", "Q"}
        and len(held) == 2
        and cards[0][1] == cards[1][1]
    ):
        return "royal marriage" if cards[0][1] == trump else "common marriage"
    if held == Counter({"QS": 1, "JD": 1}):
        return "bezique"
    if held == Counter({"QS": 2, "JD": 2}):
        return "double bezique"
    if len(cards) == 4 and len({c[0] for c in cards}) == 1:
        return {"J": "four jacks", "Q": "four queens", "K": "four kings", "A": "four aces"}.get(cards[0][0])
    if held == Counter(r + trump for r in "ATKQJ"):
        return "sequence"
    return None


def test_random_hands_agree_with_the_seeds_rules() -> None:
    """Whole hands of random play (melds preferred) checked against the seed's rules, written here
    without the engine's helpers: who takes each trick, the last eight's choices, what each meld is and
    scores, and the brisques counted at the end."""
    melds_seen = sum(_check_one_random_hand(seed) for seed in range(6))
    assert melds_seen > 0


def _check_one_random_hand(seed: int) -> int:
    """One random hand checked as above; the number of melds declared in it."""
    s = parlour.make("bezique").new(seed=seed)
    rng = Rng(seed)
    trump = s.view(None).trump
    assert trump is not None
    won: list[list[str]] = [[], []]
    lead: tuple[int, str] | None = None
    melds_seen = 0
    while s.hand_number == 1 and not s.is_over:
        seat = s.current_player
        assert seat is not None
        view = s.view(seat)
        acts = s.legal_actions()
        if view.extra.phase is Phase.LAST_EIGHT and lead is not None:
            holding_now = [*view.hand]
            assert seed_last_eight(holding_now, lead[1], trump) == {a.split()[1] for a in acts}
        melds = [a for a in acts if a.startswith("meld")]
        act = melds[0] if melds and rng.random() < 0.9 else acts[rng.randrange(len(acts))]
        at = len(s.log)
        s.apply(act)
        for e in s.log[at:]:
            if e.to is not None:
                continue
            if e.kind == "play" and "winner" not in e.data:
                lead = (e.data["seat"], e.data["card"])
            elif e.kind == "play":
                assert lead is not None
                follow = e.data["card"]
                expect = e.data["seat"] if seed_second_wins(lead[1], follow, trump) else lead[0]
                assert e.data["winner"] == expect, (lead, follow, trump)
                won[expect] += [lead[1], follow]
                lead = None
            elif e.kind == "meld":
                assert seed_meld(e.data["cards"], trump) == e.data["kind"]
                melds_seen += 1
            elif e.kind == "score" and e.data["reason"] in SEED_MELDS:
                assert e.data["points"] == SEED_MELDS[e.data["reason"]]
    assert sum(len(w) for w in won) == 64
    brisques = {x[0]: x[1] for x in scored(s) if x[2] == "brisques"}
    for side in (0, 1):
        assert brisques.get(side, 0) == 10 * sum(1 for c in won[side] if c[0] in "AT")
    return melds_seen
