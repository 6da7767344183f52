"""Roquet's regret benchmark (``benchmarks/roquet_regret.py``) judges actions on the true deal as the
cheats do, and the meld-moment candidate (``playout.MeldSearch``) is legal, reproducible with its seed,
sees only its view and plays ``strong``'s cards."""

from __future__ import annotations

from collections import Counter

import parlour
from parlour.games.roquet.players import RoquetHeuristic
from parlour.games.roquet.playout import MeldSearch
from parlour.games.roquet.rules import CARD_ID, CODES, NO_CARD, RoquetGame, RoquetState, rank_of
from parlour.players import make_player
from tests.strength_support import benchmark, unseen_swapped

regret = benchmark("roquet_regret")
decision_row, judge_hands, judge_true = regret.decision_row, regret.judge_hands, regret.judge_true
kind_of, summary = regret.kind_of, regret.summary


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


def meld_moments(count: int, first: int = 0) -> list[RoquetState]:
    """Positions of heuristic play where the trick's winner may lay something down or be done."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(first, first + 300):
        state = g.new(seed=seed)
        heuristic = RoquetHeuristic(seed)
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            if state.phase == "meld" and len(state.legal_actions()) > 1:
                out.append(state)
                break
            state.apply(heuristic.choose(state.view(seat), g))
        if len(out) == count:
            break
    return out


def card_positions(count: int) -> list[RoquetState]:
    """Positions of heuristic play with two or more cards to choose from."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(count):
        state = g.new(seed=seed)
        heuristic = RoquetHeuristic(seed)
        for _ in range(3 + 5 * seed):
            seat = state.current_player
            if seat is None:
                break
            state.apply(heuristic.choose(state.view(seat), g))
        while state.current_player is not None and (state.phase != "play" or len(state.legal_actions()) < 2):
            state.apply(heuristic.choose(state.view(state.current_player), g))
        if state.current_player is not None:
            out.append(state)
    return out


def last_pair_position() -> tuple[RoquetState, str]:
    """An explicit meld moment after the stock is gone: the winner holds only a pair of numerals, the
    opponent two odd cards, livret and turn-up gone. Laying the pair down banks 2 points and ends the
    hand (the winner holds no card); "done" leaves two cards that can never be laid down together."""
    state = meld_moments(1)[0]
    seat = state.melder
    assert seat is not None
    stock = [CODES[c] for c in state._stock]
    by_rank: dict[str, list[str]] = {}
    for c in stock:
        by_rank.setdefault(rank_of(c), []).append(c)
    pair = next(cards[:2] for r, cards in by_rank.items() if len(cards) >= 2 and r in "A23456789T")
    odd = [cards[0] for r, cards in by_rank.items() if r != rank_of(pair[0])][:2]
    assert len(odd) == 2 and rank_of(odd[0]) != rank_of(odd[1])
    hands: list[list[int]] = [[], []]
    hands[seat] = [CARD_ID[c] for c in pair]
    hands[1 - seat] = [CARD_ID[c] for c in odd]
    state._set_hands(hands)
    state._stock, state._livret, state._turn_up = [], [], NO_CARD
    state._known = [NO_CARD, NO_CARD]
    state.table_taken = False
    state._legal_cache = state._range_cache = None  # the fields were set by hand: the lists made again
    assert sorted(state.legal_actions()) == sorted([f"meld {pair[0]} {pair[1]}", "done"]) or sorted(
        state.legal_actions()
    ) == sorted([f"meld {pair[1]} {pair[0]}", "done"])
    meld = next(a for a in state.legal_actions() if a != "done")
    return state, meld


def test_an_action_the_true_deal_makes_worse_has_positive_regret() -> None:
    """Both judges see that "done" throws the last pair away: 2 points of regret, none for the meld."""
    state, meld = last_pair_position()
    seat = state.melder
    assert seat is not None
    before = state.hands
    true = judge_true(state, seat, 3)
    hands = judge_hands(state, seat, 3, worlds=2)
    assert true[meld] - true["done"] == 2 and hands[meld] - hands["done"] == 2
    row = decision_row(state, seat, "done", meld, 3)
    assert row["regret"] == 2 and row["hand_regret"] == 2
    assert row["kind"] == "meld" and not row["stock"] and row["cards"] == 2 and not row["heuristic"]
    assert decision_row(state, seat, meld, meld, 3)["regret"] == 0
    assert state.hands == before  # the true state is judged on copies


def test_the_judges_regret_is_the_best_actions_margin_less_the_chosen() -> None:
    for state in card_positions(3) + meld_moments(2):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        for chosen in (legal[0], legal[-1]):
            row = decision_row(state, seat, chosen, legal[0], 5)
            assert set(row["true"]) == set(legal) and set(row["hands"]) == set(legal)
            assert row["regret"] == max(row["true"].values()) - row["true"][chosen] >= 0
            assert row["hand_regret"] == max(row["hands"].values()) - row["hands"][chosen] >= 0
            assert row["kind"] == kind_of(state) and row["heuristic"] == (chosen == legal[0])
    rows = [decision_row(s, s.current_player or 0, s.legal_actions()[-1], "", 5) | {"deal": i} for i, s in
            enumerate(card_positions(3))]  # fmt: skip
    figures = summary(rows)
    shares = figures["regret"]["groups"]["kind"]
    assert abs(sum(g["share_of_choices"] for g in shares.values()) - 1) < 1e-9


def test_the_meld_search_is_legal_at_meld_moments_and_cards() -> None:
    g = game()
    states = meld_moments(3) + card_positions(3)
    assert any(s.phase == "meld" for s in states) and any(s.phase == "play" for s in states)
    for state in states:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        advice = MeldSearch(4, meld_worlds=4).advise(view, g)
        assert advice.action in view.legal_actions and advice.reason


def test_the_meld_search_comes_again_with_the_seed_and_plays_strongs_cards() -> None:
    g = game()
    for state in meld_moments(3, first=20):
        view = state.view(state.current_player)
        first, second = MeldSearch(9, meld_worlds=6), MeldSearch(9, meld_worlds=6)
        assert first.choose(view, g) == second.choose(view, g)
        assert first.meld_judge.means == second.meld_judge.means and first.meld_judge.worlds_done == 6
    for state in card_positions(3):
        view = state.view(state.current_player)
        assert MeldSearch(11, meld_worlds=4).choose(view, g) == make_player("strong", g, 11).choose(view, g)


def test_a_huge_z_keeps_the_heuristics_meld() -> None:
    g = game()
    for state in meld_moments(4):
        view = state.view(state.current_player)
        assert MeldSearch(2, meld_worlds=3, z=1e9).choose(view, g) == RoquetHeuristic(2).choose(view, g)


def test_the_meld_search_sees_only_its_view() -> None:
    """Two meld moments that differ only in what the melder cannot see (an unknown card of the
    opponent's swapped with one of the stock) give the same view and the same choice."""
    g = game()
    checked = 0
    for state in meld_moments(8):
        seat = state.current_player
        assert seat is not None
        opp = 1 - seat
        other = unseen_swapped(state)
        if other is None:
            continue
        assert Counter(other.hands[opp]) != Counter(state.hands[opp])
        a, b = state.view(seat), other.view(seat)
        assert a.hand == b.hand and a.legal_actions == b.legal_actions
        first, second = MeldSearch(6, meld_worlds=4), MeldSearch(6, meld_worlds=4)
        assert first.choose(a, g) == second.choose(b, g)
        assert first.meld_judge.means == second.meld_judge.means
        checked += 1
    assert checked >= 3
