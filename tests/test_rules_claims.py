"""The rules texts' concrete claims, checked against what the games do.

A player reads ``parlour rules <game>`` and plays by it, so each claim that a mistake would hurt
(a score, who deals or leads next, when the match ends, what a move may be) is pinned here: from an
explicit deal where one can show it, otherwise over whole matches played out at random from seeds.
Each docstring says which sentence of the rules text it checks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.cards import TAROCK_54
from parlour.engine import State
from parlour.games.lansquenet.players import STYLES, StylePlayer
from parlour.players import make_player
from tests.test_bishops_whist import deal_of

SEEDS = range(6)
ROQUET_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "L", "B", "Q", "K", "C"]
"""Roquet's ranks and Apology's, low to high."""


def played_out(game: str, seed: int, **options: Any) -> State:
    """A whole match from ``seed``, every move chosen at random (amounts at their least)."""
    state: State = parlour.make(game, **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        actions = state.legal_actions()
        if actions:
            state.apply(rng.choice(actions))
        else:
            r = state.legal_ranges()[0]
            state.apply(f"{r.verb} {r.low}")
    return state


def events(state: State, kind: str) -> list[Mapping[str, Any]]:
    return [e.data for e in state.log if e.kind == kind]


# --- Bishops Whist ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_bishops_whist_lowest_cut_deals_first_and_the_deal_goes_left(seed: int) -> None:
    """The lowest cut deals the first hand, with fixed partners too, and the deal then passes to the
    left, the next seat."""
    state = played_out("bishops-whist", seed)
    cut = {int(s): c for s, c in events(state, "cut")[0]["cards"].items()}
    order = ["C", "K", "Q", "B", "N", "9", "8", "7", "6", "5", "4", "3", "2"]
    ranks = {s: order.index(c[:-1] if c != "N" else "N") for s, c in cut.items()}
    dealers = [d["dealer"] for d in events(state, "turn_up")]
    if list(ranks.values()).count(max(ranks.values())) == 1:  # no tie for lowest: no cut again
        assert dealers[0] == max(ranks, key=lambda s: ranks[s])
    assert all(b == (a + 1) % 4 for a, b in pairwise(dealers))


@pytest.mark.parametrize("seed", SEEDS)
def test_bishops_whist_hand_scores_and_the_end_of_the_game(seed: int) -> None:
    """Scoring: a point a trick over six, two a bishop won, the bishop cut to the dealer's side, at
    most 16 a hand; all 13 tricks are played; the game ends at the first hand's end with a side at 25
    or more and ahead (strict laws; equal scores play on), and that side wins."""
    state = played_out("bishops-whist", seed)
    ends = events(state, "hand_end")
    turn_ups = events(state, "turn_up")
    before = [0, 0]
    for i, end in enumerate(ends):
        match = list(end["match"])
        gained = [match[k] - before[k] for k in (0, 1)]
        assert all(0 <= g <= 16 for g in gained)
        # a trick over six 1, a bishop among the tricks 2, the bishop cut 1 to the dealer's side
        cut = [0, 0]
        if turn_ups[i]["card"].startswith("B"):
            cut[turn_ups[i]["dealer"] % 2] = 1
        expected = [max(0, end["tricks"][k] - 6) + 2 * end["bishops"][k] + cut[k] for k in (0, 1)]
        assert gained == expected
        assert end["tricks"][0] + end["tricks"][1] == 13
        over = max(match) >= 25 and match[0] != match[1]
        assert over == (i == len(ends) - 1), (i, match)
        before = match
    assert state.outcome is not None
    side = 0 if before[0] > before[1] else 1
    assert set(state.outcome.winners) == {side, side + 2}


# --- Apology ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_apology_deals_scores_and_the_match(seed: int) -> None:
    """The deal moves one seat left each deal, four deals by default; the pack holds 100.5 points;
    the target is 62, 56, 45 or 40 by oudlers; making it is taker +3 and each defender -1, failing
    the reverse, a thrown-in deal nothing; the highest total wins, equal totals share, and all four
    level is a draw (ruling AP-12)."""
    state = played_out("apology", seed)
    dealers = [d["dealer"] for d in events(state, "deal")]
    assert dealers == [(dealers[0] + k) % 4 for k in range(4)]
    totals = [0.0] * 4
    for end in events(state, "hand_end"):
        points = list(end["points"])
        if end["thrown_in"]:
            assert points == [0.0] * 4
        else:
            taker = end["taker"]
            assert end["taker_points"] + end["defence_points"] == 100.5  # the whole pack's points
            assert end["target"] == {0: 62, 1: 56, 2: 45, 3: 40}[end["oudlers"]]
            made = end["taker_points"] >= end["target"]
            assert made == end["made"]
            assert points[taker] == (3 if made else -3)
            assert all(points[s] == (-1 if made else 1) for s in range(4) if s != taker)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
    assert list(state.scores) == totals
    assert state.outcome is not None
    top = {s for s in range(4) if totals[s] == max(totals)}
    assert set(state.outcome.winners) == (set() if len(top) == 4 else top)


@pytest.mark.parametrize("seed", SEEDS)
def test_apology_bidding_starts_left_of_the_dealer_and_the_first_bid_takes(seed: int) -> None:
    """Bidding starts at the dealer's left and goes round; the first bid makes the taker and ends
    it; the dealer's left leads the first trick whoever took (ruling AP-19)."""
    state = played_out("apology", seed)
    bids: list[Mapping[str, Any]] = []
    dealer, first_play = 0, False
    for e in state.log:
        if e.kind == "deal":
            dealer, bids, first_play = e.data["dealer"], [], True
        elif e.kind == "bid":
            bids.append(e.data)
        elif e.kind in ("take", "throw_in"):
            assert [b["seat"] for b in bids] == [(dealer + 1 + k) % 4 for k in range(len(bids))]
            if e.kind == "take":
                assert [b["bid"] for b in bids] == [False] * (len(bids) - 1) + [True]
                assert e.data["seat"] == bids[-1]["seat"]
            else:
                assert [b["bid"] for b in bids] == [False] * 4
        elif e.kind == "play" and first_play:
            assert e.data["seat"] == (dealer + 1) % 4
            first_play = False


# --- Open tarock -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("pack", "total"), [("tarock54", 70), ("tarot78", 78)])
def test_open_tarock_counts_points_and_the_match(pack: str, total: int) -> None:
    """The two counts make the pack's total (70 or 78), game points are the count less half of it,
    a match is two hands with the deal (and the first lead) alternating, and the higher total wins,
    equal totals drawn."""
    for seed in SEEDS:
        state = played_out("open-tarock", seed, pack=pack)
        ends = events(state, "hand_end")
        assert len(ends) == 2
        for end in ends:
            counts, points = end["counts"], end["points"]
            assert counts[0] + counts[1] == pytest.approx(total)
            assert points == [pytest.approx(c - total / 2) for c in counts]
        firsts = []
        after_deal = True
        for e in state.log:
            if e.kind == "deal":
                after_deal = True
            elif e.kind == "play" and after_deal:
                firsts.append(e.data["seat"])
                after_deal = False
        assert len(firsts) == 2 and firsts[0] != firsts[1]  # each player deals (and leads) once
        assert state.outcome is not None
        totals = list(state.scores)
        assert set(state.outcome.winners) == (
            set() if totals[0] == totals[1] else {totals.index(max(totals))}
        )


# --- Roquet ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_roquet_deal_alternates_and_the_match_ends_at_100_and_ahead(seed: int) -> None:
    """The combinations' points (pair 2, royal pair 5, a run of 3 to 5 a point a card, muster 10);
    the deal alternates and the non-dealer leads; banked points go onto the score at the hand's end,
    and a hand ending with a player at 100 or more and ahead ends the match (level: play on)."""
    state = played_out("roquet", seed)
    for meld in events(state, "meld"):
        n = len(meld["cards"])
        worth = {"pair": 2, "royal pair": 5, "muster": 10}.get(meld["kind"], n)
        assert meld["points"] == worth
        sizes = {"pair": (2,), "royal pair": (2,), "muster": (4,), "sequence": (3, 4, 5)}
        assert n in sizes[meld["kind"]]
        cards = meld["cards"]
        ranks = sorted(ROQUET_RANKS.index(c[0]) for c in cards)
        if meld["kind"] == "sequence":  # one suit, unbroken, ace low and no wrapping round
            assert len({_suit(c) for c in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + n))
        else:  # pairs of numerals (ace to ten), royal pairs of courts, the muster of four
            assert len(set(ranks)) == 1 and (meld["kind"] != "muster" or len({_suit(c) for c in cards}) == 4)
            if meld["kind"] != "muster":
                assert (ranks[0] >= ROQUET_RANKS.index("L")) == (meld["kind"] == "royal pair")
    dealers = [d["dealer"] for d in events(state, "deal")]
    assert all(b == 1 - a for a, b in pairwise(dealers))
    ends = events(state, "hand_end")
    scores = [0, 0]
    for i, end in enumerate(ends):
        scores = [scores[k] + end["points"][k] for k in (0, 1)]
        assert list(end["scores"]) == scores
        assert (max(scores) >= 100 and scores[0] != scores[1]) == (i == len(ends) - 1)
    assert state.outcome is not None and state.outcome.winners == (scores.index(max(scores)),)
    dealer, first = 0, False
    for e in state.log:
        if e.kind == "deal":
            dealer, first = e.data["dealer"], True
        elif e.kind == "play" and first:
            assert e.data["seat"] == 1 - dealer
            first = False


# --- Bezique ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_bezique_deal_alternates_and_the_match(seed: int) -> None:
    """The meld table's points; the higher cut deals first and the deal alternates; the first to
    reach 1000 by a score made in play wins, the hand being played out and the match ending with it;
    if the brisques take one or both past it, the higher total wins (level: another hand)."""
    state = played_out("bezique", seed)
    table = {"common marriage": 20, "royal marriage": 40, "bezique": 40, "four jacks": 40, "four queens": 60}
    table |= {"four kings": 80, "four aces": 100, "sequence": 250, "double bezique": 500}
    for score in events(state, "score"):
        if score["reason"] in table:
            assert score["points"] == table[score["reason"]]
        elif score["reason"] == "brisques":
            assert score["points"] % 10 == 0
        else:
            assert score["points"] == 10  # a seven of trumps, the last trick
    cut = events(state, "cut")[0]
    order = ["A", "T", "K", "Q", "J", "9", "8", "7"]
    ranks = [order.index(c[0]) for c in cut["cards"]]
    dealers = [d["dealer"] for d in events(state, "deal")]
    if ranks[0] != ranks[1]:
        assert dealers[0] == ranks.index(min(ranks))
    assert all(b == 1 - a for a, b in pairwise(dealers))
    totals = [0, 0]
    winner, hands_left = None, len(events(state, "hand_end"))
    for e in state.log:
        if e.kind == "score":
            totals[e.data["seat"]] += e.data["points"]
            if winner is None and e.data["reason"] != "brisques" and totals[e.data["seat"]] >= 1000:
                winner = e.data["seat"]  # reached in play: the first wins
        elif e.kind == "hand_end":
            hands_left -= 1
            if winner is None and max(totals) >= 1000 and totals[0] != totals[1]:
                winner = totals.index(max(totals))  # the brisques took one or both past: the higher
            if winner is not None:
                break
    assert winner is not None and hands_left == 0  # the match ended with the hand that decided it
    assert list(state.scores) == totals
    assert state.outcome is not None and state.outcome.winners == (winner,)


def test_open_tarock_a_literal_short_batch_can_add_a_point() -> None:
    """`short_batch=literal` counts a short batch as a full one, so a hand totals one point more
    (71 with the 54-card pack) exactly when the piles do not divide into threes."""
    for seed in SEEDS:
        state = played_out("open-tarock", seed, short_batch="literal")
        piles = events(state, "count")  # each hand's two piles, seat 0's then seat 1's
        assert len(piles) == 4
        for first, second in (piles[0:2], piles[2:4]):
            total = first["count"] + second["count"]
            assert total == (70 if first["cards"] % 3 == 0 else 71)


def test_bishops_whist_of_two_knights_ranking_as_tens_the_later_wins() -> None:
    """Two knights discarded on a plain suit led both rank as its ten: the later one takes the
    trick from the earlier (ruling BW-11), as the rules text now says."""
    deal = deal_of(3, "5C", {0: "9H", 1: "N", 2: "N", 3: "2H"}, closed={1: "H", 2: "H"})
    state = parlour.make("bishops-whist").new(seed=1, deal=deal)
    for card in ("9H", "N", "N", "2H"):
        state.apply(f"play {card}")
    assert events(state, "trick")[0]["winner"] == 2


def test_bishops_whist_a_trick_of_knights_only_goes_to_the_leader() -> None:
    """A knight led and only knights played to it: no suit is set and no card ranks, so the
    leader's knight takes it (ruling BW-12), as the rules text now says."""
    deal = deal_of(3, "5C", {s: "N" for s in range(4)}, closed={s: "N" for s in range(4)})
    state = parlour.make("bishops-whist").new(seed=1, deal=deal)
    for _ in range(4):
        state.apply("play N")
    assert events(state, "trick")[0]["winner"] == 0


def test_apology_the_fifteenth_trick_is_the_defenders_and_its_lead() -> None:
    """The taker sits out the fifteenth trick, which goes to the defence; its winner of the fourteenth
    leads it, or the taker's left when the taker won the fourteenth (ruling AP-3)."""
    seen_taker_lead = False
    for seed in range(12):
        state = played_out("apology", seed)
        taker: int | None = None
        tricks: list[tuple[list[int], int]] = []
        plays: list[int] = []
        for e in state.log:
            if e.kind == "take":
                taker, tricks, plays = e.data["seat"], [], []
            elif e.kind == "play":
                plays.append(e.data["seat"])
            elif e.kind == "trick":
                tricks.append((plays, e.data["winner"]))
                plays = []
            elif e.kind == "hand_end" and taker is not None:
                assert len(tricks) == 15
                last_plays, last_winner = tricks[14]
                assert taker not in last_plays and len(last_plays) == 3 and last_winner != taker
                winner_14 = tricks[13][1]
                seen_taker_lead |= winner_14 == taker
                assert last_plays[0] == ((taker + 1) % 4 if winner_14 == taker else winner_14)
                taker = None
    assert seen_taker_lead


# --- Lansquenet ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("chips", "winners"), [([5, 5], ()), ([5, 5, 3], (0, 1))])
def test_lansquenet_players_level_at_the_top_share_the_win(
    chips: list[int], winners: tuple[int, ...]
) -> None:
    """The most chips wins, players level at the top share the win and everyone level is a draw; a
    bank nobody bets against passes on and the session ends once everyone has started it `rounds`
    times."""
    state = parlour.make("lansquenet", players=len(chips), rounds=1).new(
        seed=1, deal={"banker": 0, "chips": chips}
    )
    banks = 0
    while not state.is_over:  # each banker puts up 1 chip and everybody passes
        if [r.verb for r in state.legal_ranges()] == ["bank"]:
            state.apply("bank 1")
            banks += 1
        else:
            state.apply("pass")
    assert banks == len(chips)
    assert state.is_over and list(state.scores) == chips
    assert state.outcome is not None and state.outcome.winners == winners


# --- what a card played may be ---------------------------------------------------------------------


def _suit(card: str) -> str:
    """A suited card's suit letter: its code's last letter."""
    return card[-1]


def _tarock(card: str) -> bool:
    """Open tarock's trumps: the Sküs and the Roman numerals."""
    return card == "SK" or set(card) <= set("IVX")


def _follow(hand: list[str], led: str | None, *, free: tuple[str, ...] = ()) -> set[str]:
    """The plain law: follow the suit led if you can, else play anything; ``free`` cards may always
    be played."""
    if led is None:
        return set(hand)
    suited = {c for c in hand if c not in free and _suit(c) == led}
    return (suited | {c for c in hand if c in free}) if suited else set(hand)


def _plays_checked(game: str, expected: Any, seeds: range = SEEDS, **options: Any) -> int:
    """Play matches at random and, at every card to play, compare the cards the game allows with
    ``expected(state, view)`` (``None``: not checked there). Returns how many were compared."""
    compared = 0
    for seed in seeds:
        state: State = parlour.make(game, **options).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            plays = {a.split(" ", 1)[1] for a in actions if a.startswith("play ")}
            seat = state.current_player
            if plays and seat is not None:
                want = expected(state, state.view(seat))
                if want is not None:
                    assert plays == want, (seed, state.view(seat).trick, sorted(plays), sorted(want))
                    compared += 1
            state.apply(rng.choice(actions))
    return compared


def test_roquet_follow_suit_if_able_with_no_duty_to_trump() -> None:
    """A trick: the leader plays any card; the other must follow suit if able, and otherwise may play
    any card (no duty to trump or to win)."""

    def expected(state: State, view: Any) -> set[str]:
        led = _suit(view.trick.plays[0].card) if view.trick.plays else None
        return _follow(list(view.hand), led)

    assert _plays_checked("roquet", expected) > 500


def test_apology_follow_suit_but_a_landsknecht_or_till_any_time() -> None:
    """Follow suit if able, else any card; a Landsknecht or Till may be played to any trick at any
    time, and one led does not set the suit: the first suited card does."""

    def expected(state: State, view: Any) -> set[str]:
        suited = [p.card for p in view.trick.plays if p.card not in ("N", "E")]
        return _follow(list(view.hand), _suit(suited[0]) if suited else None, free=("N", "E"))

    assert _plays_checked("apology", expected) > 500


def test_open_tarock_follow_suit_else_trump_else_anything_from_the_turned_up_cards() -> None:
    """Only turned-up cards may be played; the answer must follow suit (a tarock on a tarock) if a
    turned-up card can, else must be a tarock if one is turned up, else may be anything."""

    def expected(state: State, view: Any) -> set[str]:
        seat = view.seat
        tops = [z.cards[0] for z in view.zones if z.kind == "stack" and z.owner == seat and z.cards]
        if not view.trick.plays:
            return set(tops)
        lead = view.trick.plays[0].card
        same = (
            [c for c in tops if _tarock(c)]
            if _tarock(lead)
            else [c for c in tops if not _tarock(c) and _suit(c) == _suit(lead)]
        )
        if same:
            return set(same)
        return {c for c in tops if _tarock(c)} or set(tops)

    assert _plays_checked("open-tarock", expected) > 500


def test_bezique_the_last_eight_follow_and_head_else_trump() -> None:
    """In the last eight tricks: follow suit and win if you can (a higher card of the suit led); if
    you cannot follow, trump if you can; only then anything. While the talon lasts, any card."""
    order = ["A", "T", "K", "Q", "J", "9", "8", "7"]

    def expected(state: State, view: Any) -> set[str] | None:
        if str(view.extra.phase.value) != "last eight":
            return None
        hand = list(view.hand)
        if not view.trick.plays:
            return set(hand)
        lead = view.trick.plays[0].card
        suited = [c for c in hand if _suit(c) == _suit(lead)]
        if suited:
            higher = [c for c in suited if order.index(c[0]) < order.index(lead[0])]
            return set(higher or suited)
        return {c for c in hand if _suit(c) == view.trump} or set(hand)

    assert _plays_checked("bezique", expected) > 200


def test_bishops_whist_follow_suit_and_the_knights() -> None:
    """Strict laws: follow suit if you can; a knight only when you may play anything (a lead, a
    knight led, void in the suit led) or in the knight's revoke, for a bishop that is your only card
    of the suit led."""

    def expected(state: State, view: Any) -> set[str]:
        hand = list(view.hand)
        if not view.trick.plays or view.trick.plays[0].card == "N":
            return set(hand)
        led = _suit(view.trick.plays[0].card)
        suited = [c for c in hand if c != "N" and _suit(c) == led]
        if not suited:
            return set(hand)
        return set(suited) | ({"N"} if suited == [f"B{led}"] and "N" in hand else set())

    assert _plays_checked("bishops-whist", expected) > 500


# --- what each seat is shown -----------------------------------------------------------------------


def _views_checked(game: str, check: Any, seeds: range = range(3)) -> None:
    """Play matches at random and pass every seat's view after every action to ``check``."""
    for seed in seeds:
        state: State = parlour.make(game).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(state.num_players):
                check(state, state.view(seat), seat)
            state.apply(rng.choice(state.legal_actions()))


def test_open_tarock_only_the_turned_up_cards_are_seen() -> None:
    """Each stack's top card is turned up and seen by both players; the cards beneath are face down,
    unknown to their owner too."""

    def check(state: State, view: Any, seat: int) -> None:
        for zone in view.zones:
            if zone.kind == "stack" and zone.cards:  # an emptied stack shows nothing
                assert zone.cards[0] is not None and all(c is None for c in zone.cards[1:])

    _views_checked("open-tarock", check)


def test_apology_nobody_sees_another_hand() -> None:
    """Hands are held concealed: no seat sees a card of another's hand, the taker's Landsknechts and
    Till included."""

    def check(state: State, view: Any, seat: int) -> None:
        for zone in view.zones:
            if zone.kind == "hand" and zone.owner != seat:
                assert all(c is None for c in zone.cards)

    _views_checked("apology", check)


def test_roquet_the_other_hand_is_hidden_but_the_drawn_turn_up() -> None:
    """The other player's hand is face down, except the turn-up once drawn: everyone saw it, so it
    stays face up in the hand of whoever drew it."""

    def check(state: State, view: Any, seat: int) -> None:
        drawn = {e.data["seat"]: e.data["card"] for e in state.log if e.kind == "draw_turn_up"}
        for zone in view.zones:
            if zone.kind == "hand" and zone.owner != seat:
                shown = [c for c in zone.cards if c is not None]
                assert shown in ([], [drawn.get(zone.owner)])

    _views_checked("roquet", check)


def test_bishops_whist_the_turn_up_is_seen_in_the_dealers_hand_until_played() -> None:
    """The turn-up belongs to the dealer and everybody knows he holds it until he plays it; no other
    card of another hand is seen (strict laws)."""

    def check(state: State, view: Any, seat: int) -> None:
        turn_ups = events(state, "turn_up")
        if not turn_ups or state.current_player is None:
            return
        dealer, card = turn_ups[-1]["dealer"], turn_ups[-1]["card"]
        since = max(i for i, e in enumerate(state.log) if e.kind == "turn_up")
        played = any(
            e.kind == "play" and e.data["seat"] == dealer and e.data["card"] == card
            for e in state.log[since:]
        )
        for zone in view.zones:
            if zone.kind == "hand" and zone.owner != seat:
                shown = [c for c in zone.cards if c is not None]
                if zone.owner == dealer and not played and zone.cards:
                    assert shown == [card]
                else:
                    assert shown == []

    _views_checked("bishops-whist", check)


# --- what the computer levels are ------------------------------------------------------------------


LEVELS: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {
    # the rules texts' "Computer players": each level's player and the budget the text names
    "bishops-whist": {
        "easy": ("HeuristicPlayer", {}),
        "normal": ("PlayoutPlayer", {"worlds": 8, "chains": 1000}),
        "strong": ("PlayoutPlayer", {"worlds": 16, "chains": 2000}),
    },
    "bezique": {
        "easy": ("EasyPlayer", {}),
        "normal": ("SearchPlayer", {"budget": 200, "width": 4}),
        "strong": ("SearchPlayer", {"budget": 480, "width": 4}),
    },
    "roquet": {
        "easy": ("RoquetGreedy", {}),
        "normal": ("RoquetSearch", {"worlds": 20, "depth": 1}),
        "strong": ("RoquetSearch", {"worlds": 12, "depth": 2}),
    },
    "apology": {
        "easy": ("HeuristicPlayer", {}),
        "normal": ("StrongPlayer", {"worlds": 10, "bid_worlds": 24, "bury_search": False}),
        "strong": ("StrongPlayer", {"worlds": 24, "bid_worlds": 64, "bury_search": False}),
    },
    "open-tarock": {
        "easy": ("GreedyPlayer", {}),
        "normal": ("PimcPlayer", {"worlds": 8, "node_budget": 32_000}),
        "strong": ("PimcPlayer", {"worlds": 16, "node_budget": 64_000}),
    },
    "lansquenet": {
        "easy": ("StylePlayer", {}),
        "normal": ("StandingsPlayer", {"lead_share": 0.25}),
        "strong": ("StandingsPlayer", {"lead_share": 0.25}),
    },
}


@pytest.mark.parametrize("game", sorted(LEVELS))
def test_the_levels_are_the_players_the_rules_text_names(game: str) -> None:
    """Each rules text's "Computer players" names what `easy`, `normal` and `strong` are and the
    budget each searches with (deals, worlds, positions); the levels are those players."""
    g = parlour.make(game)
    for level, (kind, budget) in LEVELS[game].items():
        player = make_player(level, g, 1)
        assert type(player).__name__ == kind, level
        for name, value in budget.items():
            assert getattr(player, name) == value, (level, name)


def test_lansquenet_easy_is_the_bold_style() -> None:
    """Lansquenet's `easy` plays the bold style: half its chips banked, three wins before it stops or
    the bank over nine tenths of its chips, a quarter bet, banco at half, buying at 60%, no take-out."""
    player = make_player("easy", parlour.make("lansquenet"), 1)
    assert isinstance(player, StylePlayer) and player.style == STYLES["bold"]
    bold = STYLES["bold"]
    assert (bold.bank_share, bold.stop_after, bold.stop_share, bold.bet_share) == (0.5, 3, 0.9, 0.25)
    assert (bold.banco_share, bold.buy_share, bold.takeout) == (0.5, 0.6, False)


# --- who takes a trick -----------------------------------------------------------------------------


def _tricks_checked(game: str, winner: Any, seeds: range = SEEDS, **options: Any) -> int:
    """Play matches at random and check every trick gathered (the views' last trick) against
    ``winner(plays, trump)``, which gives the winning seat. Returns how many were checked."""
    checked = 0
    for seed in seeds:
        state: State = parlour.make(game, **options).new(seed=seed)
        rng = random.Random(seed)
        last = None
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            view = state.view(None)
            trick = view.last_trick
            if trick is not None and trick != last:
                plays = [(p.seat, p.card) for p in trick.plays]
                assert trick.winner == winner(plays, view.trump), (seed, trick)
                checked += 1
                last = trick
    return checked


def _best(plays: list[tuple[int, str]], ok: Any, key: Any) -> int:
    """The seat of the first of the highest-keyed plays among those ``ok`` allows."""
    candidates = [(key(card), -i, seat) for i, (seat, card) in enumerate(plays) if ok(card)]
    return max(candidates)[2]


def test_bezique_who_takes_a_trick() -> None:
    """The second card wins only if it is a higher card of the suit led, or a trump on a plain
    lead; otherwise, and of two identical cards, the leader wins (in both phases)."""
    order = ["7", "8", "9", "J", "Q", "K", "T", "A"]  # low to high

    def winner(plays: list[tuple[int, str]], trump: str) -> int:
        (lead_seat, lead), (second_seat, second) = plays
        if _suit(second) == _suit(lead):
            return second_seat if order.index(second[0]) > order.index(lead[0]) else lead_seat
        return second_seat if _suit(second) == trump else lead_seat

    assert _tricks_checked("bezique", winner, range(3)) > 500


def test_roquet_who_takes_a_trick() -> None:
    """The higher card of the suit led wins, ace low and castle high; a trump beats any card of
    another suit."""
    order = ROQUET_RANKS

    def winner(plays: list[tuple[int, str]], trump: str) -> int:
        led = _suit(plays[0][1])
        trumped = any(_suit(c) == trump for _, c in plays)
        suit = trump if trumped else led
        return _best(plays, lambda c: _suit(c) == suit, lambda c: order.index(c[0]))

    assert _tricks_checked("roquet", winner) > 500


def test_apology_who_takes_a_trick() -> None:
    """No trumps: the highest card of the suit led wins; a Landsknecht or Till never wins, and one
    led leaves the suit to the first suited card."""
    order = ROQUET_RANKS

    def winner(plays: list[tuple[int, str]], trump: str | None) -> int:
        suited = [c for _, c in plays if c not in ("N", "E")]
        led = _suit(suited[0])
        return _best(plays, lambda c: c not in ("N", "E") and _suit(c) == led, lambda c: order.index(c[0]))

    assert _tricks_checked("apology", winner) > 200


@pytest.mark.parametrize("pack", ["tarock54", "tarot78"])
def test_open_tarock_who_takes_a_trick(pack: str) -> None:
    """The higher card of the suit led wins, or a tarock answering a suit card; the Sküs is the
    highest tarock, then XXI down to I; spades and clubs run king, queen, cavalier, jack, 10 down, and
    hearts and diamonds king, queen, cavalier, jack, then 1 up to their lowest pip; a discard never
    wins."""
    romans = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]
    romans += ["XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "SK"]
    black = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "C", "Q", "K"]  # low to high
    red = ["T", "9", "8", "7", "6", "5", "4", "3", "2", "1", "J", "C", "Q", "K"]

    def key(card: str) -> tuple[int, int]:
        if _tarock(card):
            return (1, romans.index(card))
        return (0, (black if _suit(card) in "SC" else red).index(card[:-1]))

    def winner(plays: list[tuple[int, str]], trump: str | None) -> int:
        (lead_seat, lead), (second_seat, second) = plays
        if _tarock(lead) != _tarock(second):
            return second_seat if _tarock(second) else lead_seat
        if not _tarock(lead) and _suit(lead) != _suit(second):
            return lead_seat
        return second_seat if key(second) > key(lead) else lead_seat

    assert _tricks_checked("open-tarock", winner, pack=pack) > 300


# --- the README ------------------------------------------------------------------------------------


def test_the_readme_letter_of_the_law_defaults_are_the_defaults() -> None:
    """The README's list of "defaults that follow the letter of the old laws": every `option=value`
    named on a game's line is that game's default, and Bishops Whist's hand limit runs from 1 to
    1,000 with 200 by default."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("Some defaults that follow the letter of the old laws:")[1].split("\n## ")[0]
    names = {"Bishops Whist": "bishops-whist", "Bezique": "bezique", "Lansquenet": "lansquenet"}
    names |= {"Roquet": "roquet", "Apology": "apology", "Open tarock": "open-tarock"}
    checked = 0
    for item in section.split("\n- ")[1:]:
        title = re.match(r"\*\*(.+?):\*\*", item.strip())
        assert title is not None, item
        specs = {o.name: o for o in parlour.game_class(names[title.group(1)]).option_specs}
        for name, value in re.findall(r"`(\w+)=([\w.-]+)`", item):
            assert name in specs, (title.group(1), name)
            assert str(specs[name].default).lower() == value.lower(), (title.group(1), name, value)
            checked += 1
        for name in re.findall(r"\(`(\w+)`\)", item):  # an option named alone: a switch that is on
            assert specs[name].default is True, (title.group(1), name)
            checked += 1
    assert checked >= 8
    limit = {o.name: o for o in parlour.game_class("bishops-whist").option_specs}["hand_limit"]
    assert (limit.minimum, limit.maximum, limit.default) == (1, 1000, 200)
    assert "(1 to 1,000; 200 by default)" in section


# --- dealing, melding and paying -------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_roquet_melding_and_drawing(seed: int) -> None:
    """Only the winner of the trick just played lays down combinations, taking at most one table card
    in that moment; then the hands are made up to eight from the stock while it lasts; the stock
    counts 40 at the deal."""
    game = parlour.make("roquet")
    assert game.new(seed=seed).view(0).extra.stock_size == 40
    state = played_out("roquet", seed)
    winner, taken = None, 0
    for e in state.log:
        if e.kind == "trick":
            winner, taken = e.data["winner"], 0
        elif e.kind == "meld":
            assert e.data["seat"] == winner
            taken += e.data["taken"] is not None
            assert taken <= 1
        elif e.kind == "deal":
            winner = None
    # replay, checking the hands at every lead while the stock lasts
    state = game.new(seed=seed)
    rng = random.Random(seed)
    leads = 0
    while not state.is_over:
        view = state.view(None)
        leading = view.trick is None or not view.trick.plays
        if (
            leading
            and view.extra.stock_size > 0
            and all(a.startswith("play ") for a in state.legal_actions())
        ):
            assert [s.hand_size for s in view.seats] == [8, 8]
            leads += 1
        state.apply(rng.choice(state.legal_actions()))
    assert leads > 20


def test_open_tarock_stacks_of_the_deal() -> None:
    """Each player gets four stacks: 7, 7, 7 and 6 cards with the 54-card pack, 10, 10, 10 and 9 with
    the 78-card pack."""
    for pack, sizes in (("tarock54", [7, 7, 7, 6]), ("tarot78", [10, 10, 10, 9])):
        state = parlour.make("open-tarock", pack=pack).new(seed=1)
        assert [e["stacks"] for e in events(state, "deal")] == [sizes, sizes]


@pytest.mark.parametrize("seed", SEEDS)
def test_lansquenet_the_player_on_the_bankers_left_cuts(seed: int) -> None:
    """The banker shuffles and the player on the banker's left, the next lower seat, cuts."""
    state = played_out("lansquenet", seed)
    banker = None
    for e in state.log:
        if e.kind in ("banker", "buy"):
            banker = e.data["seat"]
        elif e.kind == "cut":
            assert banker is not None and e.data["seat"] == (banker - 1) % state.num_players


@pytest.mark.parametrize("seed", SEEDS)
def test_bishops_whist_the_cut_for_trumps_lifts_more_than_four(seed: int) -> None:
    """The player on the dealer's right cuts, lifting more than four cards and leaving more than four."""
    state = played_out("bishops-whist", seed)
    assert all(5 <= e["cut"] <= 47 for e in events(state, "turn_up"))


def test_apology_an_escape_is_paid_with_any_card_of_the_takers_won_tricks() -> None:
    """The escaping player gives the trick's winner one card of their choice from the tricks they
    have won (never the escaped card itself, which stays with them)."""
    paid = 0
    for seed in SEEDS:
        state = parlour.make("apology").new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            gives = {a.split()[1] for a in actions if a.startswith("give ")}
            if gives:
                seat = state.current_player
                view = state.view(seat)
                won = [z.cards for z in view.zones if z.kind == "tricks_won" and z.owner == seat]
                assert gives == {c for c in won[0] if c not in ("N", "E")}
                paid += 1
            state.apply(rng.choice(actions))
    assert paid > 5


SEVEN_REASONS = ("seven turned up", "seven of trumps", "seven of trumps played")


@pytest.mark.parametrize("seed", SEEDS)
def test_bezique_the_sevens_of_trumps_and_the_end_of_the_talon(seed: int) -> None:
    """The talon holds 47 cards at the deal; a seven turned up scores 10 for the dealer; a seven of
    trumps cannot be exchanged for a turn-up that is itself a seven; each of the two sevens scores
    once at most, and none in the last eight; the loser of the last talon trick takes the turn-up,
    seen by both."""
    state = parlour.make("bezique").new(seed=seed)
    rng = random.Random(seed)
    dealer, sevens, last_eight = 0, 0, False
    talon_seen = False
    while not state.is_over:
        view = state.view(None)
        turn_up = [z.cards for z in view.zones if z.kind == "turn_up"]
        talon = [z.cards for z in view.zones if z.kind == "talon"]
        if turn_up and turn_up[0] and turn_up[0][0] and turn_up[0][0].startswith("7"):
            assert not any(a.startswith("exchange") for a in state.legal_actions())
        if talon and len(talon[0]) == 47:
            talon_seen = True
        before = len(state.log)
        taken = turn_up[0][0] if turn_up and turn_up[0] else None
        state.apply(rng.choice(state.legal_actions()))
        for e in state.log[before:]:
            if e.kind == "deal":
                dealer, sevens, last_eight = e.data["dealer"], 0, False
            elif e.kind == "phase":
                last_eight = True
                last = state.view(None).last_trick
                assert last is not None and last.winner is not None and taken is not None
                loser = 1 - last.winner
                seen = state.view(last.winner).zones
                assert taken in next(z.cards for z in seen if z.kind == "hand" and z.owner == loser)
            elif e.kind == "score" and e.data["reason"] in SEVEN_REASONS:
                assert not last_eight
                sevens += 1
                assert sevens <= 2
                if e.data["reason"] == "seven turned up":
                    assert e.data["seat"] == dealer
    assert talon_seen


@pytest.mark.parametrize("seed", range(4))
def test_bishops_whist_table_laws_penalties_and_the_revoking_sides_ceiling(seed: int) -> None:
    """Table laws: an exposed card (shown, or taken back as a correction) costs its side 2; at the end
    of the hand one player of each side, from the dealer's left, claims or passes, and every revoke
    of the other side found costs that side 4, as many as occur; a side found revoking stops at 24
    with that hand (or at what it had before, if that was 25 or more) and does not win with it; at the
    hand limit the higher side wins unless it was found revoking in the last hand, and equal scores
    are drawn."""
    state = played_out("bishops-whist", seed, laws="table", hand_limit=8)
    before, penalty, turn_up, dealer = [0, 0], [0, 0], "", 0
    found: set[int] = set()
    last_found: set[int] = set()
    answers: list[int] = []
    hands = 0
    for e in state.log:
        if e.kind == "turn_up":
            turn_up, dealer = e.data["card"], e.data["dealer"]
        elif e.kind in ("expose", "correct"):
            penalty[e.data["seat"] % 2] += 2
        elif e.kind in ("claim", "no_claim"):
            answers.append(e.data["seat"])
        elif e.kind == "revokes_found":
            for seat, _trick in e.data["revokes"]:
                assert seat % 2 != e.data["by"] % 2  # a claim searches the other side's play
                penalty[seat % 2] += 4
                found.add(seat % 2)
        elif e.kind == "hand_end":
            # one player of each side answers, starting at the dealer's left
            assert answers == [(dealer + 1) % 4, (dealer + 2) % 4]
            answers = []
            hands += 1
            cut = [0, 0]
            if turn_up.startswith("B"):
                cut[dealer % 2] = 1
            for side in (0, 1):
                raw = max(0, e.data["tricks"][side] - 6) + 2 * e.data["bishops"][side] + cut[side]
                after = before[side] + raw - penalty[side]
                if side in found:
                    after = min(after, max(24, before[side]))
                assert e.data["match"][side] == after, (hands, side)
            before, last_found, penalty, found = list(e.data["match"]), found, [0, 0], set()
    assert state.outcome is not None and hands >= 1
    winners = set(state.outcome.winners)
    a, b = before
    if hands == 8 and not (max(a, b) >= 25 and a != b and (0 if a > b else 1) not in last_found):
        # the hand limit: the higher side wins, unless found revoking in the last hand (then drawn)
        higher = None if a == b else (0 if a > b else 1)
        assert winners == (set() if higher is None or higher in last_found else {higher, higher + 2})
    else:
        side = 0 if a > b else 1
        assert max(a, b) >= 25 and a != b and side not in last_found and winners == {side, side + 2}


@pytest.mark.parametrize("dealer", [0, 1])
def test_open_tarock_the_dealer_leads_the_first_trick(dealer: int) -> None:
    """The dealer leads the first trick with any of his turned-up cards."""
    state = parlour.make("open-tarock").new(seed=1, deal={"dealer": dealer, "stacks": _tarock_stacks()})
    assert state.current_player == dealer
    tops = [z.cards[0] for z in state.view(dealer).zones if z.kind == "stack" and z.owner == dealer]
    assert {a.split()[1] for a in state.legal_actions()} == set(tops)


def _tarock_stacks() -> list[list[list[str]]]:
    """The 54-card pack in its order, dealt as four stacks of 7, 7, 7 and 6 to each player."""
    cards = list(TAROCK_54.cards)
    stacks: list[list[list[str]]] = [[], []]
    for seat in (0, 1):
        for size in (7, 7, 7, 6):
            stacks[seat].append(cards[:size])
            cards = cards[size:]
    return stacks


@pytest.mark.parametrize("seed", SEEDS)
def test_lansquenet_the_amounts_allowed(seed: int) -> None:
    """A bank is 1 chip to everything the banker holds; a bet at most what the player holds and what
    is left of the bank (all bets together never exceed it); banco only for a player who can make
    the bet as large as the bank."""
    state = parlour.make("lansquenet").new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        purse = view.chips[seat] if view.chips is not None else 0
        for r in state.legal_ranges():
            if r.verb == "bank":
                assert (r.low, r.high) == (1, purse)
            else:
                extra = view.extra
                assert (r.low, r.high) == (1, min(purse, extra.bank - sum(extra.bets)))
        if "banco" in state.legal_actions():
            assert purse + view.extra.bets[seat] >= view.extra.bank
        actions = state.legal_actions() + [
            f"{r.verb} {rng.randint(r.low, r.high)}" for r in state.legal_ranges()
        ]
        state.apply(rng.choice(actions))


@pytest.mark.parametrize("seed", range(3))
def test_roquet_a_meld_moment_only_with_something_to_lay_down(seed: int) -> None:
    """After a trick the winner is asked to meld only when a combination can be laid down (else the
    moment passes by itself), and `pass` stops melding like `done`."""
    state = parlour.make("roquet").new(seed=seed)
    rng = random.Random(seed)
    moments = 0
    while not state.is_over:
        actions = state.legal_actions()
        if "done" in actions:
            assert any(a.startswith("meld ") for a in actions)
            moments += 1
            if rng.random() < 0.5:
                state.apply("pass")
                assert "done" not in state.legal_actions()
                continue
        state.apply(rng.choice(actions))
    assert moments > 10


@pytest.mark.parametrize("bury_oudlers", [True, False])
def test_apology_what_may_be_buried(bury_oudlers: bool) -> None:
    """The taker takes the kitty (twenty cards) and buries six, any six by default, the Landsknechts
    and Till included; with `bury_oudlers=false` no ace, castle or Till; fourteen cards are left."""
    state = parlour.make("apology", bury_oudlers=bury_oudlers).new(seed=1)
    while not any(a.startswith("bury ") for a in state.legal_actions()):
        state.apply("bid" if "bid" in state.legal_actions() else state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    hand = list(state.view(seat).hand)
    assert len(hand) == 20 and hand.count("N") == 4 and "E" in hand
    buried = {a.split()[1] for a in state.legal_actions()}
    oudlers = {c for c in hand if c == "E" or c[0] in "AC"}
    assert buried == (set(hand) if bury_oudlers else set(hand) - oudlers)
    for _ in range(6):
        state.apply(sorted(a for a in state.legal_actions() if a.startswith("bury "))[0])
    assert len(state.view(seat).hand) == 14


@pytest.mark.parametrize("seed", SEEDS)
def test_apology_a_landsknecht_or_till_escapes_but_not_as_the_last_card(seed: int) -> None:
    """Only the taker holds the Landsknechts and Till; one played escapes (its player owes the
    trick's winner a card) unless it is the taker's last card, in the fourteenth trick, when the
    trick's winner captures it."""
    state = played_out("apology", seed)
    taker, number = None, 0
    played = {"early": 0, "last": 0}
    outcome = {"early": 0, "last": 0}
    for e in state.log:
        if e.kind == "take":
            taker, number = e.data["seat"], 1
        elif e.kind == "trick":
            number = e.data["number"] + 1  # the trick now being played
        elif e.kind == "play" and e.data["card"] in ("N", "E"):
            assert e.data["seat"] == taker
            played["last" if number == 14 else "early"] += 1
        elif e.kind == "capture":  # logged before its trick
            assert number == 14 and e.data["from"] == taker
            outcome["last"] += 1
        elif e.kind == "escape":  # logged after its trick
            assert number - 1 < 14 and e.data["seat"] == taker
            outcome["early"] += 1
    assert played == outcome and played["early"] > 0
