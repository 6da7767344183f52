"""A second audit of two-handed Bezique against the seed's own words (shared/seeds/bezique.txt, checked
against bezique-raw-shuffled.txt where a passage read oddly).

Each test plays one statement of the seed out from an explicit deal through the public API
(``parlour.make``, ``legal_actions``, ``apply``, ``view``, the scores) and asserts what the seed says,
quoted beside it. What the first audit (tests/test_seed_audit_bezique.py) already pins the same way is
left out. Where the seed is silent or unclear the test names the ruling of docs/rulings.md it leans on.
The last part feeds the public API bad input: each must be refused with a clear error, changing nothing.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import parlour
from parlour.cards import BEZIQUE_64
from parlour.engine import ForbiddenAction, InvalidDeal, InvalidOption, InvalidSave, MalformedAction, Rng
from parlour.games.bezique.rules import Bezique, BeziqueState, Phase
from tests.audit_support import refused

PACK = BEZIQUE_64
SEED_ORDER = "ATKQJ987"
"""The seed's order "in cutting, and in play": "A, 10, K, Q, J, 9, 8 and 7"."""


def start(
    hands: Sequence[Sequence[str]],
    turn_up: str = "9H",
    top: Sequence[str] = (),
    *,
    talon: int | None = None,
    dealer: int = 1,
    **options: Any,
) -> BeziqueState:
    """A first hand dealt as given (seat 0 leads when seat 1 deals): the talon is ``top`` then every
    card not placed, in pack order; with ``talon`` it is cut to that many cards and the rest lie among
    seat 1's tricks, as if the hand were that far on."""
    game = parlour.make("bezique", **options)
    assert isinstance(game, Bezique)
    used = Counter(hands[0]) + Counter(hands[1]) + Counter([turn_up]) + Counter(top)
    rest = sorted((PACK.counts() - used).elements(), key=PACK.sort_key)
    stock = [*top, *rest]
    won: list[list[str]] = [[], []]
    if talon is not None:
        stock, won[1] = stock[:talon], stock[talon:]
    deal = {
        "dealer": dealer,
        "hands": [list(h) for h in hands],
        "turn_up": turn_up,
        "stock": stock,
        "won": won,
    }
    return game.new(seed=11, deal=deal)


def play(state: BeziqueState, *actions: str) -> None:
    """Apply ``actions``; ``pass?`` passes only if a declaring turn is open."""
    for a in actions:
        if a == "pass?":
            if state.view(None).extra.phase is Phase.DECLARE:
                state.apply("pass")
            continue
        state.apply(a)


def trick_winner(state: BeziqueState) -> int | None:
    """The winner of the last trick, as the table sees it."""
    last = state.view(None).last_trick
    assert last is not None
    return last.winner


def phase(state: BeziqueState) -> Phase:
    return state.view(None).extra.phase


def melds(state: BeziqueState) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith("meld ")]


def scored(state: BeziqueState) -> list[tuple[int, int, str]]:
    """Every score of the match so far: (seat, points, reason)."""
    return [
        (e.data["seat"], e.data["points"], e.data["reason"]) for e in state.events(None) if e.kind == "score"
    ]


def meld_text(state: BeziqueState, cards: Sequence[str]) -> str:
    """The one legal ``meld`` whose cards are ``cards`` (in any order)."""
    found = [a for a in melds(state) if Counter(a.split()[1:]) == Counter(cards)]
    assert len(found) == 1, (cards, melds(state))
    return found[0]


def play_out_hand(state: BeziqueState) -> None:
    """Finish the hand with the first legal action each time (passing when offered)."""
    hand = state.hand_number
    while not state.is_over and state.hand_number == hand:
        acts = state.legal_actions()
        state.apply("pass" if "pass" in acts else acts[0])


SPARE1 = ["7S", "7S", "8S", "8S", "7C", "7C", "8C", "8C"]
"""Seat 1's cards in many tests: low spades and clubs, no meld, never a winner against a nine."""


# --- the pack, the order of the cards --------------------------------------------------------------


def test_the_pack_is_ace_to_seven_of_each_suit_doubled_and_the_deal_leaves_47_in_the_talon() -> None:
    """Seed: "a 64-card pack, consisting of the ace down to the seven of each suit doubled"; "eight
    cards are dealt ... with the next card being placed face up ... to establish the trump suit"."""
    state = parlour.make("bezique").new(seed=4)
    inventory = state.inventory()
    assert inventory == Counter({r + s: 2 for r in SEED_ORDER for s in "SHDC"})
    view = state.view(None)
    assert [seat.hand_size for seat in view.seats] == [8, 8]
    talon, turn_up = view.zone("talon"), view.zone("turn_up")
    assert talon is not None and turn_up is not None
    assert len(talon.cards) == 47 and len(turn_up.cards) == 1
    card = turn_up.cards[0]
    assert card is not None and view.trump == card[-1]


ADJACENT = [(SEED_ORDER[i], SEED_ORDER[i + 1]) for i in range(len(SEED_ORDER) - 1)]


@pytest.mark.parametrize(("high", "low"), ADJACENT)
@pytest.mark.parametrize("higher_leads", [True, False])
def test_each_rank_beats_the_next_in_the_seeds_order(high: str, low: str, higher_leads: bool) -> None:
    """Seed: the rank "in play, is A, 10, K, Q, J, 9, 8 and 7"; the second card wins only as "a higher
    card of the same suit" (clubs here, hearts trumps)."""
    lead, follow = (high + "C", low + "C") if higher_leads else (low + "C", high + "C")
    fill = ["9S", "8S", "7S", "9D", "8D", "7D", "JS"]
    s = start([[lead, *fill], [follow, *fill]])
    play(s, f"play {lead}", f"play {follow}")
    assert trick_winner(s) == (0 if higher_leads else 1)


# --- the play while the talon lasts ----------------------------------------------------------------


def test_the_second_player_may_play_any_card_even_holding_the_suit_and_trumps() -> None:
    """Seed: "there is no obligation to follow suit or to trump in this part of the game"; a card "of
    any other suit bar the trump suit ... loses"."""
    hand1 = ["AC", "TC", "KH", "7S", "8S", "9D", "8D", "7D"]
    s = start([["9C", "9S", "8C", "7C", "9D", "8D", "7D", "JS"], hand1])
    play(s, "play 9C")
    assert set(s.legal_actions()) == {f"play {c}" for c in hand1}
    play(s, "play 7S")
    assert trick_winner(s) == 0 and s.scores == [0.0, 0.0]


def test_the_loser_may_not_declare_and_draws_the_second_card() -> None:
    """Seed: the winner "takes a card from the top of the stock and then leads to the next trick. The
    other player draws the second card from the stock but may not declare a meld"; "if no melds are
    declared by the winner of the trick, the cards are drawn immediately"."""
    hand0 = ["9S", "KC", "QC", "KD", "QD", "9D", "8D", "7D"]
    hand1 = ["AS", "7S", "8S", "7C", "8C", "9C", "JS", "JC"]
    s = start([hand0, hand1], top=["TD", "JH"])
    play(s, "play 9S", "play AS")
    assert trick_winner(s) == 1
    assert phase(s) is Phase.TALON and s.current_player == 1  # drawn at once; the winner leads
    assert "TD" in s.view(1).hand and "JH" in s.view(0).hand
    assert not melds(s) and s.scores == [0.0, 0.0]
    with pytest.raises(ForbiddenAction):
        s.apply("meld KC QC", seat=0)


def test_a_declared_card_is_still_part_of_the_hand_and_may_be_led() -> None:
    """Seed: "the declared cards, left face upwards on the table, still form part of the hand, and are
    played to subsequent tricks at the discretion of the holder"."""
    s = start([["KC", "QC", "9S", "9D", "8D", "7D", "9C", "9C"], SPARE1])
    play(s, "play 9S", "play 7S", "meld KC QC")
    assert {"play KC", "play QC"} <= set(s.legal_actions())
    play(s, "play KC", "play 7C")
    assert trick_winner(s) == 0
    melds_zone = s.view(1).zone("melds", 0)
    assert melds_zone is not None and melds_zone.face_up == ["QC"]


# --- the table of melds --------------------------------------------------------------------------


MELD_TABLE = [
    ("common marriage", ["KC", "QC"], 20),
    ("royal marriage", ["KH", "QH"], 40),
    ("bezique", ["QS", "JD"], 40),
    ("double bezique", ["QS", "QS", "JD", "JD"], 500),
    ("four jacks", ["JS", "JH", "JD", "JC"], 40),
    ("four queens", ["QS", "QH", "QD", "QC"], 60),
    ("four kings", ["KS", "KH", "KD", "KC"], 80),
    ("four aces", ["AS", "AH", "AD", "AC"], 100),
    ("sequence", ["AH", "TH", "KH", "QH", "JH"], 250),
]


@pytest.mark.parametrize(("kind", "cards", "points"), MELD_TABLE)
def test_every_meld_of_the_table_scores_its_points(kind: str, cards: list[str], points: int) -> None:
    """Seed, "points for melds": common marriage 20, royal marriage 40, bezique 40, double bezique 500,
    four jacks 40, four queens 60, four kings 80, four aces 100, sequence (A 10 K Q J of trumps) 250;
    hearts are trumps here."""
    fill = ["9S", "9C", "8C", "9D", "8D", "7D", "7C", "8S"]
    hand0 = [*cards, *fill[: 8 - len(cards)]]
    s = start([hand0, ["7S", "7S", "8S", "7C", "8C", "9C", "8D", "9D"]])
    play(s, "play 9S", "play 7S")
    assert trick_winner(s) == 0
    play(s, meld_text(s, cards))
    assert scored(s) == [(0, points, kind)]


# --- which declared cards may serve again (rulings BZ-9 to BZ-11) ------------------------------------


def test_the_married_queen_of_hearts_serves_in_four_queens_and_the_sequence_but_marries_no_other_king() -> (
    None
):
    """Seed: "Q♥, once married, cannot be married to the other K♥, but it may be used as part of four
    queens and as part of a sequence if it is of the trump suit" (hearts trumps)."""
    hand0 = ["KH", "QH", "QS", "QD", "QC", "AH", "TH", "9S"]
    s = start([hand0, SPARE1], "8H", top=["9C", "7D", "JH", "8D", "KH", "9D"])
    play(s, "play 9S", "play 7S")
    play(s, meld_text(s, ["KH", "QH"]), "pass?")
    play(s, "play 9C", "play 7C")
    play(s, meld_text(s, ["QH", "QS", "QD", "QC"]), "pass?")
    play(s, "play QS", "play 8S")  # a declared queen wins the trick
    play(s, meld_text(s, ["AH", "TH", "KH", "QH", "JH"]), "pass?")
    assert [x[1:] for x in scored(s)] == [(40, "royal marriage"), (60, "four queens"), (250, "sequence")]
    assert s.view(0).hand == ["KH"]  # the other king of hearts, fresh, drawn; the first is declared
    play(s, "play QD", "play 8C")
    assert trick_winner(s) == 0
    assert not melds(s)  # the married queen takes no second king
    assert s.scores == [350.0, 0.0]


def test_a_married_king_takes_no_second_queen_but_a_fresh_king_and_queen_marry() -> None:
    """Seed: "K♣ married to Q♣ cannot later be married to the second Q♣ ... Were both the other king
    and queen of clubs to be presented, [they] could be part of the marriage" (ruling BZ-11)."""
    hand0 = ["KC", "QC", "9S", "9S", "9D", "9D", "8D", "8S"]
    hand1 = ["7S", "7S", "8S", "7D", "7D", "8D", "7C", "8C"]
    s = start([hand0, hand1], top=["QC", "8C", "KC", "9C"])
    play(s, "play 9S", "play 7S", "meld KC QC")
    play(s, "play 9S", "play 7S")
    assert trick_winner(s) == 0 and "QC" in s.view(0).hand
    assert "meld KC QC" not in s.legal_actions()
    play(s, "pass?", "play 9D", "play 7D")
    assert trick_winner(s) == 0
    assert "meld KC QC" in s.legal_actions()
    play(s, "meld KC QC")
    assert [x[1:] for x in scored(s)] == [(20, "common marriage"), (20, "common marriage")]
    declared = s.view(1).zone("melds", 0)
    assert declared is not None and Counter(declared.face_up) == Counter(["KC", "KC", "QC", "QC"])


def test_no_marriage_with_a_king_of_four_kings_until_a_fresh_king_comes() -> None:
    """Seed: "a marriage can not be later declared using a king previously declared in a meld of four
    kings as the point score is less"; the pack's other king of the suit is a fresh card."""
    hand0 = ["KS", "KH", "KD", "KC", "9S", "9S", "9D", "9D"]
    hand1 = ["7S", "7S", "8S", "8S", "7D", "7D", "8C", "8C"]
    s = start([hand0, hand1], "8H", top=["QD", "7C", "KD", "7C"])
    play(s, "play 9S", "play 7S")
    play(s, meld_text(s, ["KS", "KH", "KD", "KC"]), "pass?")
    play(s, "play 9S", "play 7S")
    assert trick_winner(s) == 0 and "QD" in s.view(0).hand
    assert "meld KD QD" not in s.legal_actions()
    play(s, "pass?", "play 9D", "play 7D")
    assert "meld KD QD" in s.legal_actions()
    play(s, "meld KD QD")
    assert [x[1:] for x in scored(s)] == [(80, "four kings"), (20, "common marriage")]


def test_the_king_and_queen_of_a_sequence_may_not_marry_afterwards() -> None:
    """Seed: "if a king and queen have been declared as part of a sequence, they may not be used
    subsequently in a marriage, though the reverse is allowable"."""
    s = start([["AH", "TH", "KH", "QH", "JH", "9S", "9S", "9D"], SPARE1], "8H")
    play(s, "play 9S", "play 7S")
    play(s, meld_text(s, ["AH", "TH", "KH", "QH", "JH"]), "pass?")
    play(s, "play 9S", "play 7S")
    assert trick_winner(s) == 0
    assert "meld KH QH" not in s.legal_actions()
    with pytest.raises(ForbiddenAction):
        s.apply("meld KH QH")
    assert s.scores == [250.0, 0.0]


def test_four_kings_and_a_queen_exposed_together_show_a_marriage_to_score_later() -> None:
    """Seed: "if the cards exposed show two combinations, both may be declared but only one may be scored
    until another trick is won" (ruling BZ-8: the marriage shown beside the four kings is not held to the
    order rule that would forbid it after them, "a marriage can not be later declared using a king
    previously declared in a meld of four kings")."""
    hand0 = ["KS", "KH", "KD", "KC", "QS", "9C", "9C", "9D"]
    s = start([hand0, SPARE1], "8H")
    play(s, "play 9C", "play 7C")
    play(s, meld_text(s, ["KS", "KH", "KD", "KC"]))
    assert "meld KS QS" in s.legal_actions()
    play(s, "meld KS QS", "pass?")
    assert scored(s) == [(0, 80, "four kings")]
    assert s.view(1).extra.melds[0][-1].endswith("(20, to score)")
    play(s, "play 9C", "play 7C")
    assert trick_winner(s) == 0
    play(s, "meld KS QS")
    assert [x[1:] for x in scored(s)] == [(80, "four kings"), (20, "common marriage")]


def test_with_several_melds_a_trick_the_bezique_and_the_marriage_score_together() -> None:
    """Seed: "the winner of each trick is entitled to score one meld, or several melds, depending on
    local rules" (``melds_per_trick=several``, ruling BZ-7): K♠ Q♠ J♦ scores 40 and 20 at once."""
    hand0 = ["KS", "QS", "JD", "9S", "9C", "9D", "8D", "8C"]
    s = start([hand0, ["7S", "7S", "8S", "7C", "7C", "7D", "7D", "8S"]], melds_per_trick="several")
    play(s, "play 9S", "play 7S", "meld QS JD")
    assert "meld KS QS" in s.legal_actions()
    play(s, "meld KS QS")
    assert [x[1:] for x in scored(s)] == [(40, "bezique"), (20, "common marriage")]
    assert not s.view(0).extra.waiting[0]  # nothing is left waiting to score


def test_the_variant_bezique_is_the_queen_of_clubs_and_jack_of_hearts_with_spades_trumps() -> None:
    """Seed footnote: "a bezique may be Q♣ J♥ instead if either spades or diamonds is the trump suit"
    (``alt_bezique``, ruling BZ-14); with hearts trumps it stays Q♠ J♦."""
    hand0 = ["QC", "JH", "QS", "JD", "9D", "8D", "7D", "9C"]
    hand1 = ["7D", "8C", "7C", "7C", "8H", "8H", "7H", "7H"]
    s = start([hand0, hand1], "9S", alt_bezique=True)
    play(s, "play 9D", "play 7D")
    assert melds(s) == [meld_text(s, ["QC", "JH"])]
    play(s, meld_text(s, ["QC", "JH"]))
    assert scored(s) == [(0, 40, "bezique")]
    hearts = start([hand0, ["7D", "8C", "7C", "7C", "8S", "8S", "7S", "7S"]], "9H", alt_bezique=True)
    play(hearts, "play 9D", "play 7D")
    assert melds(hearts) == [meld_text(hearts, ["QS", "JD"])]


# --- the seven of trumps -------------------------------------------------------------------------


def test_a_turned_up_seven_scores_for_the_dealer_and_the_other_seven_is_only_declared() -> None:
    """Seed: "should the turn-up card be a 7 the dealer scores ten"; "the second seven of trumps can
    also be declared in this way" (exchanging it for an identical seven would change nothing: BZ-5)."""
    s = start([["7H", "9S", "9S", "9C", "9C", "9D", "8D", "7D"], SPARE1], "7H", dealer=1)
    assert scored(s) == [(1, 10, "seven turned up")]
    play(s, "play 9S", "play 7S")
    acts = s.legal_actions()
    assert "declare 7H" in acts and "exchange 7H" not in acts
    play(s, "declare 7H")
    assert scored(s)[1:] == [(0, 10, "seven of trumps")]


def test_a_seven_of_trumps_led_and_beaten_scores_for_its_player() -> None:
    """Seed: "the holder of the duplicate trump 7 also scores 10 when it is played"; the table: "7 of
    trumps turned up, played or declared 10" (ruling BZ-5: won or lost)."""
    s = start([["7H", "9S", "9S", "9C", "9C", "9D", "8D", "7D"], ["8H", *SPARE1[:7]]], "KH")
    play(s, "play 7H", "play 8H")
    assert trick_winner(s) == 1
    assert scored(s) == [(0, 10, "seven of trumps played")]


def test_a_seven_of_trumps_played_in_the_last_eight_scores_nothing() -> None:
    """Seed: once the stock is gone "the only additional score now possible is for brisques in the
    remaining tricks"."""
    hand0 = ["9S", "7H", "9C", "8C", "9D", "8D", "7D", "7C"]
    hand1 = ["7S", "8S", "8S", "7S", "JC", "JS", "QC", "QD"]
    s = start([hand0, hand1], "9H", talon=1)
    play(s, "play 9S", "play 7S", "pass")  # the seven is neither exchanged nor shown
    assert phase(s) is Phase.LAST_EIGHT
    before = scored(s)
    play(s, "play 7H")
    play(s, s.legal_actions()[0])
    assert scored(s) == before


def test_a_seven_drawn_is_not_exchanged_until_its_holder_wins_a_trick() -> None:
    """Ruling BZ-4 (disputable, see the report): the seed lets the holder exchange "at any time when on
    lead", and the player who has just drawn the seven is on lead; the engine waits for his next trick
    won, reading the exchange as a declaration ("a special meld declaration")."""
    hand0 = ["9S", "9S", "9C", "9C", "9D", "8D", "7D", "9D"]
    s = start([hand0, SPARE1], "KH", top=["7H", "7D"])
    play(s, "play 9S", "play 7S")
    assert "7H" in s.view(0).hand and s.current_player == 0
    assert all(a.startswith("play ") for a in s.legal_actions())
    play(s, "play 9S", "play 7S")
    assert "exchange 7H" in s.legal_actions()


# --- the end of the talon and the last eight tricks ------------------------------------------------


def test_the_winner_of_the_last_talon_trick_draws_the_last_card_and_the_loser_the_turn_up() -> None:
    """Seed: "the winner of the final trick draws the last card from the talon, whilst the loser takes
    the upturned trump card"; the winner then leads the last eight (here seat 1, the follower)."""
    hand0 = ["9S", "9C", "8C", "7C", "9D", "8D", "7D", "8S"]
    hand1 = ["AS", "7S", "8S", "7S", "JC", "JS", "QC", "QD"]
    s = start([hand0, hand1], "KH", top=["TD"], talon=1)
    play(s, "play 9S", "play AS")
    assert trick_winner(s) == 1 and phase(s) is Phase.LAST_EIGHT
    assert "TD" in s.view(1).hand and "KH" in s.view(0).hand
    assert "KH" in s.view(1).extra.known[0]  # the table saw him take it
    assert s.current_player == 1


def test_in_the_last_eight_the_same_card_is_not_higher() -> None:
    """Seed: "follow suit and play a higher card than the leader if they can", and "if the two cards of
    the same rank are played, the trick belongs to the first player": holding the led queen and a
    nine of the suit, either may be played, and the twin queen loses."""
    hand0 = ["9S", "QC", "8D", "9D", "7D", "8C", "7C", "JS"]
    hand1 = ["7S", "QC", "9C", "JH", "8S", "8S", "7S", "JD"]
    s = start([hand0, hand1], "9H", top=["TD"], talon=1)
    play(s, "play 9S", "play 7S", "play QC")
    assert set(s.legal_actions()) == {"play QC", "play 9C"}
    play(s, "play QC")
    assert trick_winner(s) == 0


@pytest.mark.parametrize(
    ("hearts", "legal"),
    [
        (["QH", "8H"], {"QH"}),  # a higher trump: must head the trick with it
        (["8H"], {"8H", "7H"}),  # only lower trumps (and the seven taken as turn-up): must follow
    ],
)
def test_a_trump_lead_in_the_last_eight_must_be_followed_and_headed(
    hearts: list[str], legal: set[str]
) -> None:
    """Seed: "each player must now follow suit if possible, with the additional constraint that they
    must win the trick if possible, by playing a higher card" (hearts trumps; seat 1 took the turned-up
    seven as loser of the last talon trick)."""
    hand0 = ["9S", "JH", "8D", "9D", "7D", "8C", "7C", "JS"]
    hand1 = [*hearts, *["7S", "QC", "9C", "8S", "8S", "JD", "JC", "QD"][: 8 - len(hearts)]]
    s = start([hand0, hand1], "7H", top=["TD"], talon=1)
    play(s, "play 9S", "play 7S")
    assert trick_winner(s) == 0 and phase(s) is Phase.LAST_EIGHT
    play(s, "play JH")
    assert {a.split()[1] for a in s.legal_actions()} == legal


# --- the end of the match ----------------------------------------------------------------------------


@pytest.mark.parametrize("target", [100, 1000, 2000])
def test_the_target_agreed_before_play_ends_the_match(target: int) -> None:
    """Seed: "traditionally, the first player to reach 1,000 points wins ... However, a different target
    figure may be agreed upon before play begins, such as ... 2,000 points" (option ``target``; ruling
    BZ-19: checked at the end of the hand). One short hand gives seat 1 its many brisques."""
    hand0 = ["9S", "9C", "8C", "7C", "9D", "8D", "7D", "8S"]
    hand1 = ["7S", "QS", "8S", "7S", "JC", "JS", "QC", "QD"]
    s = start([hand0, hand1], "9H", top=["TD"], talon=1, target=target)
    assert parlour.make("bezique").options["target"] == 1000
    play_out_hand(s)
    ends = [e.data["points"] for e in s.events(None) if e.kind == "hand_end"]
    assert len(ends) == 1 and 100 <= max(ends[0]) < 1000
    assert s.is_over == (target == 100)
    if not s.is_over:
        assert s.hand_number == 2


def test_the_first_to_reach_the_target_wins() -> None:
    """Seed: "traditionally, the first player to reach 1,000 points wins" (and "the game is usually
    played as first to 1000 points"), every score "written immediately". Seat 0 reaches the target of
    100 at the last talon trick (the seven turned up, the last trick, four kings); seat 1 passes it only
    with the brisques counted after the last trick."""
    hand0 = ["KS", "KH", "KD", "KC", "9S", "8D", "9D", "9C"]
    hand1 = ["8S", "7S", "8S", "7D", "7D", "8D", "8C", "7C"]
    s = start([hand0, hand1], "7H", talon=1, dealer=0, target=100)
    play(s, "play 8S", "play 9S")
    play(s, meld_text(s, ["KS", "KH", "KD", "KC"]))
    assert s.scores[0] >= 100 > s.scores[1]  # seat 0 is the first to reach the target
    play_out_hand(s)
    assert s.is_over and s.scores[1] > s.scores[0]
    assert s.winners == [0]


# --- carte blanche, a regional variant ---------------------------------------------------------------


def test_a_carte_blanche_is_shown_whole_to_the_opponent() -> None:
    """Seed: for a carte blanche "all cards must be shown to the opponent to claim these points" (option
    ``carte_blanche``, ruling BZ-20): the opponent's view then knows the eight cards."""
    blank = ["9S", "9S", "8S", "8S", "7S", "7S", "9D", "8H"]
    s = start([blank, ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"]], carte_blanche=True)
    assert s.legal_actions() == ["blanche", "pass"]
    assert s.view(1).extra.known[0] == []
    play(s, "blanche")
    assert Counter(s.view(1).extra.known[0]) == Counter(blank)
    assert scored(s) == [(0, 50, "carte blanche")]


def test_a_deal_begun_late_in_the_hand_offers_no_carte_blanche() -> None:
    """Ruling BZ-20: carte blanche is "only for the eight cards dealt, before the first trick". A deal
    that puts 42 cards among the tricks won starts at the 22nd trick: no carte blanche then (or the deal
    is refused), and the position saves and loads like any other."""
    blank = ["9S", "9S", "8S", "8S", "7S", "7S", "9D", "8H"]
    try:
        s = start([blank, ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"]], talon=5, carte_blanche=True)
    except InvalidDeal:
        return  # refusing such a deal would settle it too
    assert s.view(None).extra.tricks_played == 21
    assert phase(s) is not Phase.CARTE_BLANCHE, s.legal_actions()
    assert s.game.load(s.to_json()).to_json() == s.to_json()


# --- the penalties, under table laws (ruling BZ-21) ------------------------------------------------------


def test_not_drawing_gives_ten_and_a_ninth_card_a_hundred_to_the_opponent() -> None:
    """Seed: "a player not drawing a card after a trick in phase one awards 10 points to their
    opponent"; "a player holding more than eight cards awards 100 points to their opponent"."""
    s = start([["9S", "9S", "9C", "9C", "9D", "8D", "7D", "9D"], SPARE1], table_laws=True)
    play(s, "play 9S", "play 7S")
    assert s.current_player == 0 and set(s.legal_actions()) == {"draw", "skip"}
    play(s, "skip")
    assert s.scores == [0.0, 10.0]
    assert s.current_player == 1
    play(s, "draw")
    assert s.view(None).seats[1].hand_size == 8
    assert "draw" in s.legal_actions()
    play(s, "draw")
    assert s.scores == [100.0, 10.0]
    assert s.view(None).seats[1].hand_size == 8  # the ninth card went back


@pytest.mark.parametrize(
    ("answer", "why"),
    [("9C", "follows low though the king of clubs heads the queen"), ("7S", "does not follow at all")],
)
def test_not_winning_or_not_following_in_the_last_eight_concedes_the_brisques_to_come(
    answer: str, why: str
) -> None:
    """Seed: "a player not winning a trick or following suit where it was possible in phase two
    concedes all remaining brisques to their opponent" (the first audit has the failure to trump)."""
    hand0 = ["9S", "QC", "AD", "TD", "AH", "TS", "8D", "7D"]
    hand1 = ["7S", "KC", "9C", "AS", "TH", "8S", "7S", "JD"]
    s = start([hand0, hand1], "9H", top=["8C"], talon=1, table_laws=True)
    play(s, "play 9S", "play 7S", "draw", "draw")
    assert phase(s) is Phase.LAST_EIGHT and trick_winner(s) == 0
    before = s.view(None).extra.brisques[1]
    play(s, "play QC")
    assert f"play {answer}" in s.legal_actions()  # table laws: the engine does not stop a revoke
    play(s, f"play {answer}")
    assert s.view(None).extra.revoker == 1, why
    play_out_hand(s)
    brisques = {seat: points for seat, points, reason in scored(s) if reason == "brisques"}
    assert brisques == {0: 160 - 10 * before, 1: 10 * before}


# --- bad input: refused with a clear error, nothing changed ------------------------------------------


def opening() -> BeziqueState:
    """A first trick about to be led by seat 0 (who holds a marriage and the seven of trumps)."""
    return start([["KC", "QC", "7H", "9S", "9C", "9D", "8D", "7D"], SPARE1])


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "play",
        "play 9X",
        "play 10S",
        "play 9S 9C",
        "meld",
        "meld KC",
        "meld KC,QC",
        "exchange",
        "declare 7H 7H",
        "blanche now",
        "hold 9S",
        "9S",
        "play S9",
        "x" * 500,
    ],
)
def test_malformed_action_text_is_refused_and_changes_nothing(text: str) -> None:
    """Text that is no action of the game: ``MalformedAction`` with a reason, the state as it was."""
    s = opening()
    refused(s, text, MalformedAction)


@pytest.mark.parametrize(
    "text",
    ["play AS", "meld KC QC", "exchange 7H", "declare 7H", "pass", "draw", "skip", "blanche", "exchange 7S"],
)
def test_well_formed_actions_the_rules_do_not_allow_now_are_refused(text: str) -> None:
    """Before any trick: no meld, no seven ("a player can declare a meld only after winning a trick"),
    no draw (the engine draws without table laws), no carte blanche without the option."""
    s = opening()
    refused(s, text, ForbiddenAction)


def test_actions_out_of_turn_and_by_no_seat_are_refused() -> None:
    """The non-dealer leads; the dealer may not play for him, nor a seat that does not exist."""
    s = opening()
    assert "not your turn" in refused(s, "play 7S", ForbiddenAction, seat=1)
    for seat in (2, -1):
        assert "no such seat" in refused(s, "play 7S", ForbiddenAction, seat=seat)
    refused(s, "play 9S", ForbiddenAction, seat=True)
    play(s, "play 9S")
    refused(s, "play 9C", ForbiddenAction, seat=0)  # seat 0 has led; seat 1 answers
    play(s, "play 7S")
    refused(s, "meld KC QC", ForbiddenAction, seat=1)  # the loser may not declare


def test_a_finished_match_refuses_every_action() -> None:
    s = start(
        [["9S", "9C", "8C", "7C", "9D", "8D", "7D", "8S"], ["7S", "QS", "8S", "7S", "JC", "JS", "QC", "QD"]],
        top=["TD"],
        talon=1,
        target=100,
    )
    play_out_hand(s)
    assert s.is_over and s.legal_actions() == []
    reason = refused(s, "play 9S", ForbiddenAction)
    assert "over" in reason


def _deal_changes() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def third_copy(d: dict[str, Any]) -> None:
        d["hands"][1][0] = "AS"  # seat 0 holds two aces of spades already

    def seven_cards(d: dict[str, Any]) -> None:
        d["stock"].append(d["hands"][0].pop())

    def even_talon(d: dict[str, Any]) -> None:
        d["won"] = [[], d["stock"][-2:]]
        d["stock"] = d["stock"][:-2]
        d["stock"].append("AS")

    def stock_missing_a_card(d: dict[str, Any]) -> None:
        d["stock"].pop()

    def one_trick_card(d: dict[str, Any]) -> None:
        d["won"] = [[d["stock"].pop()], []]

    return [
        ("a third ace of spades", third_copy),
        ("a hand of seven cards", seven_cards),
        ("a third ace of spades in the talon", even_talon),
        ("a card lost", stock_missing_a_card),
        ("half a trick won", one_trick_card),
        ("the turn-up a ten written 10", lambda d: d.update(turn_up="10H")),
        ("lower-case codes", lambda d: d["hands"].__setitem__(0, [c.lower() for c in d["hands"][0]])),
        ("a dealer who is not seated", lambda d: d.update(dealer=2)),
        ("a dealer given as true", lambda d: d.update(dealer=True)),
        ("a leader given as a string", lambda d: d.update(leader="0")),
        ("three hands", lambda d: d["hands"].append([])),
        ("a hand as one string", lambda d: d["hands"].__setitem__(1, " ".join(d["hands"][1]))),
        ("an unknown key", lambda d: d.update(trumps="H")),
        ("no turn-up", lambda d: d.pop("turn_up")),
    ]


@pytest.mark.parametrize(("what", "change"), _deal_changes(), ids=[w for w, _ in _deal_changes()])
def test_impossible_explicit_deals_are_refused(what: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Seed: the pack is 64 cards, eight to each player; anything else is ``InvalidDeal``, saying what."""
    hand0 = ["AS", "AS", "KS", "QS", "JS", "9S", "8S", "7S"]
    hand1 = ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"]
    used = Counter(hand0) + Counter(hand1) + Counter(["9D"])
    deal: dict[str, Any] = {
        "dealer": 0,
        "hands": [hand0, hand1],
        "turn_up": "9D",
        "stock": sorted((PACK.counts() - used).elements(), key=PACK.sort_key),
    }
    parlour.make("bezique").new(seed=1, deal=json.loads(json.dumps(deal)))  # the deal as given is good
    change(deal)
    with pytest.raises(InvalidDeal) as info:
        parlour.make("bezique").new(seed=1, deal=deal)
    assert str(info.value), what


@pytest.mark.parametrize(
    "options",
    [
        {"target": 99},
        {"target": 100_001},
        {"target": 1000.5},
        {"target": True},
        {"target": None},
        {"last_trick": "first"},
        {"melds_per_trick": 2},
        {"reuse": "more"},
        {"alt_bezique": 1},
        {"table_laws": None},
        {"partners": True},
        {"alt_bezique": "maybe"},
        {"target": "abc"},
    ],
)
def test_wrong_option_values_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption) as info:
        parlour.make("bezique", **options)
    assert next(iter(options)) in str(info.value)


def _played_save() -> tuple[BeziqueState, dict[str, Any]]:
    """A match some tricks in, a meld declared, and its save as data."""
    s = opening()
    play(s, "play 9S", "play 7S", "meld KC QC", "pass?", "play 9C", "play 7C")
    return s, json.loads(s.to_json())


def _save_changes() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def set_state(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        return lambda d: d["state"].__setitem__(key, value)

    def bump(key: str) -> Callable[[dict[str, Any]], None]:
        return lambda d: d["state"].__setitem__(key, [v + 10 for v in d["state"][key]])

    def third_card(d: dict[str, Any]) -> None:
        d["state"]["hidden"][0][0] = "KC"  # one KC declared, one in the talon: a third

    def meld_worth_more(d: dict[str, Any]) -> None:
        d["state"]["melds"][0][0]["points"] = 40

    def declared_unmelded(d: dict[str, Any]) -> None:
        d["state"]["table"][0][0]["uses"] = [["four kings", 0]]

    return [
        ("the turn of a seat that does not exist", set_state("turn", 2)),
        ("the trumps not the turn-up's suit", set_state("trump", "S")),
        ("totals the log does not give", bump("totals")),
        ("brisques not won", bump("brisques")),
        ("a third king of clubs", third_card),
        ("a common marriage worth 40", meld_worth_more),
        ("a declared card in a meld never declared", declared_unmelded),
        ("an unknown phase", set_state("phase", "bidding")),
        ("a revoke without table laws", set_state("revoker", 0)),
        ("another game's save", lambda d: d.update(game="roquet")),
        ("options it was not played by", lambda d: d["options"].update(target=2000)),
    ]


@pytest.mark.parametrize(("what", "change"), _save_changes(), ids=[w for w, _ in _save_changes()])
def test_bad_saves_are_refused(what: str, change: Callable[[dict[str, Any]], None]) -> None:
    s, data = _played_save()
    good = s.to_json()
    assert s.game.load(good).to_json() == good
    change(data)
    with pytest.raises(InvalidSave) as info:
        s.game.load(json.dumps(data))
    assert str(info.value), what
    assert s.to_json() == good


def _swap_dealt_cards(data: dict[str, Any]) -> None:
    """Before any trick, a card the log deals to seat 0 (its private "your hand" event) put in seat 1's
    hand and one of seat 1's in its place: the pack stays whole."""
    hidden = data["state"]["hidden"]
    i, j = hidden[0].index("KC"), hidden[1].index("7S")
    hidden[0][i], hidden[1][j] = hidden[1][j], hidden[0][i]


def _undeclare_a_king(data: dict[str, Any]) -> None:
    """The king of a marriage the log shows declared, never played, taken off the table back into the
    concealed hand: fresh again, it could marry a second time."""
    state = data["state"]
    king = next(e for e in state["table"][0] if e["card"] == "KC")
    state["table"][0].remove(king)
    state["hidden"][0].append("KC")
    state["window_melds"] = [[i for i in m if i != king["id"]] for m in state["window_melds"]]


@pytest.mark.parametrize(
    ("moves", "change"),
    [((), _swap_dealt_cards), (("play 9S", "play 7S", "meld KC QC"), _undeclare_a_king)],
    ids=["dealt card in the other hand", "declared king back in the hand"],
)
def test_a_save_whose_hands_contradict_its_own_log_is_refused(
    moves: tuple[str, ...], change: Callable[[dict[str, Any]], None]
) -> None:
    """The load promises to refuse "anything that is not a state of this game that play could reach";
    both changes keep the pack whole and every count consistent, but no play reaches them from the log
    saved with them."""
    s = opening()
    play(s, *moves)
    data = json.loads(s.to_json())
    change(data)
    try:
        s.game.load(json.dumps(data))
    except InvalidSave:
        return
    pytest.fail("a save whose hands contradict its own log was loaded")


# --- whole random hands against the seed's sums --------------------------------------------------------

SEED_POINTS = {
    "common marriage": {20},
    "royal marriage": {40},
    "bezique": {40},
    "double bezique": {500},
    "four jacks": {40},
    "four queens": {60},
    "four kings": {80},
    "four aces": {100},
    "sequence": {250},
    "seven turned up": {10},
    "seven of trumps": {10},
    "seven of trumps played": {10},
    "last trick of the talon": {10},
}
"""Each score the seed's table allows during a hand (brisques apart), by the engine's reason."""
SEVENS = ("seven turned up", "seven of trumps", "seven of trumps played")


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_keep_the_seeds_sums(seed: int) -> None:
    """Whole hands of random play (melds and sevens taken when offered, most of the time): every score is
    one of the table's; the two sevens of trumps earn 10 each at most ("7 of trumps turned up, played or
    declared 10", ruling BZ-5: once a seven); the last trick before the final eight earns 10 exactly
    once; the sixteen aces and tens are all won, so the brisques of both sides add up to 160; and
    nothing scores in the last eight but the brisques at the end ("the only additional score now
    possible is for brisques")."""
    s = parlour.make("bezique").new(seed=100 + seed)
    rng = Rng(seed)
    start_at = len(s.events(None))
    in_last_eight: list[str] = []
    while s.hand_number == 1 and not s.is_over:
        acts = s.legal_actions()
        keen = [a for a in acts if a.startswith(("meld", "exchange", "declare"))]
        act = keen[0] if keen and rng.random() < 0.8 else acts[rng.randrange(len(acts))]
        last_eight = phase(s) is Phase.LAST_EIGHT
        at = len(s.events(None))
        s.apply(act)
        if last_eight:
            in_last_eight += [
                e.data["reason"]
                for e in s.events(None)[at:]
                if e.kind == "score" and e.data["reason"] != "brisques"
            ]
    events = s.events(None)[start_at:]
    scores = [(e.data["seat"], e.data["points"], e.data["reason"]) for e in events if e.kind == "score"]
    for _, points, reason in scores:
        assert reason == "brisques" or points in SEED_POINTS[reason], (reason, points)
    assert sum(p for _, p, r in scores if r in SEVENS) <= 20
    assert [r for _, _, r in scores].count("last trick of the talon") == 1
    assert sum(p for _, p, r in scores if r == "brisques") == 160
    assert in_last_eight == []
    assert sum(1 for e in events if e.kind == "play" and "winner" in e.data) == 32


@pytest.mark.parametrize("action_id", [-1, 10**6, True, "3", 3.0, None])
def test_action_ids_that_are_no_action_are_malformed(action_id: Any) -> None:
    """The action ids of the learning interface: out of range or not a whole number."""
    s = opening()
    before = s.to_json()
    with pytest.raises(MalformedAction):
        s.apply_id(action_id)
    assert s.to_json() == before


@pytest.mark.parametrize("text", ["play AS", "meld KC QC", "pass"])
def test_the_id_of_an_action_not_allowed_now_is_forbidden(text: str) -> None:
    s = opening()
    before = s.to_json()
    with pytest.raises(ForbiddenAction):
        s.apply_id(s.game.action_id(text))
    assert s.to_json() == before


def test_a_record_with_an_action_changed_does_not_replay() -> None:
    """``Game.replay`` plays the record again: an action turned into one the rules refuse is found."""
    s, data = _played_save()
    actions = [e for e in data["log"] if e["kind"] == "action"]
    actions[1]["data"]["action"] = "play AS"  # seat 1 never held the ace of spades
    with pytest.raises(InvalidSave):
        s.game.replay(json.dumps(data))
