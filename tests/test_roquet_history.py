"""The Roquet history reader: the true history of a hand of the heuristic is consistent and explained,
a history contradicting a play is weighed out, its worlds agree with the view and come again with the
same seed, and the searching player that uses it stays legal."""

from __future__ import annotations

import math
from collections.abc import Iterator

import parlour
from parlour.engine import Rng
from parlour.games.roquet.history import NEVER, HistoryReader
from parlour.games.roquet.players import RoquetHeuristic, RoquetView
from parlour.games.roquet.rules import PACK, RoquetGame, RoquetState
from parlour.games.roquet.search import RoquetSearch
from tests.test_roquet_inference import cards_of_world


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


Moment = tuple[RoquetState, RoquetView, HistoryReader, dict[str, int]]
"""A card to play: the true state, the player's view, its reader (shown every card to play so far)
and the true history of the opponent's hand (when each card reached it)."""


def moments(deals: int, every: int = 3, epsilon: float = 0.1) -> Iterator[Moment]:
    """Cards to play in first hands of the heuristic against itself, one in ``every``."""
    g = game()
    for seed in range(deals):
        state = g.new(seed=seed)
        players = [RoquetHeuristic(seed), RoquetHeuristic(seed + 100)]
        readers = [HistoryReader(60, 6, epsilon), HistoryReader(60, 6, epsilon)]
        arrivals: list[dict[str, int]] = [{}, {}]
        count = 0
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            for s in (0, 1):
                for c in state.hands[s]:
                    arrivals[s].setdefault(c, len(state.played) // 2)
            view = state.view(seat)
            if state.phase == "play":
                readers[seat].observe(view)
                count += 1
                if count % every == 0 and len(view.legal_actions) > 1:
                    yield state, view, readers[seat], arrivals[1 - seat]
            state.apply(players[seat].choose(view, g))


def test_the_true_history_is_consistent_and_explained() -> None:
    g = game()
    seen = agreed = 0
    for _, view, reader, arrivals in moments(4, epsilon=1e-9):
        reader.memory = 99
        sk = reader.skeleton(view, g)
        assert sk is not None
        truth = {c: arrivals.get(c, NEVER) for c in sk.cards}
        assert all(reader.allowed(sk, c, a) for c, a in truth.items() if a != NEVER)
        assert [sum(1 for a in truth.values() if a == s) for s in range(len(sk.capacity))] == sk.capacity
        weight = reader.log_weight(view, g, sk, truth)
        assert weight > -math.inf  # every play and meld of the opponent is possible in the truth
        seen += 1
        agreed += weight > -1  # each departure from the heuristic costs 20 (epsilon 1e-9)
    assert seen > 10
    assert agreed >= 0.8 * seen  # the heuristic makes the heuristic's choices (ties may part them)


def test_a_history_contradicting_a_play_is_weighed_out() -> None:
    g = game()
    checked = 0
    for _, view, reader, arrivals in moments(3):
        sk = reader.skeleton(view, g)
        assert sk is not None
        late = [c for c, t in sk.leaves.items() if c not in sk.pinned and c in arrivals]
        stock = [c for c in sk.cards if c not in arrivals]
        if not late or not stock or sk.trick < 2:
            continue
        card, other = late[-1], stock[0]
        truth = {c: arrivals.get(c, NEVER) for c in sk.cards}
        wrong = dict(truth)
        wrong[card], wrong[other] = NEVER, truth[card]  # it never held a card it played
        assert not reader.allowed(sk, card, NEVER)
        reader.memory = 99
        assert reader.log_weight(view, g, sk, wrong) == -math.inf
        assert reader.log_weight(view, g, sk, truth) > -math.inf
        checked += 1
    assert checked > 3


def test_the_truth_outweighs_histories_drawn_blind() -> None:
    g = game()
    rng = Rng(5)
    gains = []
    for _, view, reader, arrivals in moments(4):
        sk = reader.skeleton(view, g)
        assert sk is not None
        truth = reader.log_weight(view, g, sk, {c: arrivals.get(c, NEVER) for c in sk.cards})
        blind = [reader.log_weight(view, g, sk, h) for h in reader.chain(view, g, sk, rng, 8, weigh=False)]
        top = max(blind)
        gains.append(truth - top - math.log(sum(math.exp(x - top) for x in blind) / len(blind)))
    assert sum(gains) / len(gains) > 0


def test_worlds_agree_with_the_view_and_come_again_with_the_seed() -> None:
    g = game()
    for state, view, reader, _ in moments(3, every=4):
        seat = view.seat
        assert seat is not None
        worlds = reader.worlds(view, g, Rng(1), 6)
        again = reader.worlds(view, g, Rng(1), 6)
        assert [w.hands for w in worlds] == [w.hands for w in again]
        for w in worlds:
            assert cards_of_world(w) == PACK.counts()
            assert sorted(w.hands[seat]) == sorted(state.hands[seat])
            assert len(w.hands[1 - seat]) == len(state.hands[1 - seat])
            assert len(w.stock) == len(state.stock)
            assert sorted(w.legal_play(1 - seat)) == sorted(w.legal_play(1 - seat))
            for suit in view.extra.voids[1 - seat]:
                assert all(c[-1] != suit for c in w.hands[1 - seat])


def test_a_hand_taken_up_midway_falls_back() -> None:
    g = game()
    for state, view, _, _ in moments(1, every=5):
        if len(state.played) >= 4:
            fresh = HistoryReader()
            assert fresh.skeleton(view, g) is None
            assert len(fresh.worlds(view, g, Rng(2), 4)) == 4
            return
    raise AssertionError("no position past the second trick")


def test_the_history_reading_search_plays_legal_hands_reproducibly() -> None:
    g = game()

    def play(seed: int) -> list[str]:
        state = g.new(seed=seed)
        search = RoquetSearch(seed, worlds=4, depth=1, reader=HistoryReader(steps=40, memory=4))
        other = RoquetHeuristic(seed)
        actions = []
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            view = state.view(seat)
            action = (search if seat == 0 else other).choose(view, g)
            assert action in view.legal_actions
            actions.append(action)
            state.apply(action)
        return actions

    assert play(3) == play(3)
