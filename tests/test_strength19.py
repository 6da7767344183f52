"""Roquet's worlds that keep the opponent's old voids (``voids``): a void shown before a draw still
bounds the cards of that suit it holds (only the cards drawn since may be of it); the bounds hold in
the truth, the void dealer's worlds keep them and are otherwise ``determinize``'s, and the option is
off unless asked for."""

from __future__ import annotations

import parlour
from parlour.engine import Rng
from parlour.games.roquet.inference import HandReader
from parlour.games.roquet.players import STRONG, STRONG_READER, RoquetHeuristic
from parlour.games.roquet.rules import PACK, RoquetGame, RoquetState, suit_of
from parlour.games.roquet.search import RoquetSearch
from parlour.games.roquet.voids import Limit, VoidDealer, keeps, limits
from tests.strength_support import benchmark


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


def spade_void() -> tuple[RoquetGame, RoquetState, VoidDealer]:
    """Seat 1 leads the king of spades; seat 2 (no spade) answers a heart; both draw one (seat 2 the
    castle of spades); seat 1 to lead the second trick. The dealer saw both moments."""
    g = game()
    ours = ["KS", "QS", "9S", "CH", "KD", "5C", "7H", "3D"]
    theirs = ["2H", "3H", "4H", "5H", "2D", "4D", "6D", "8D"]
    livret, turn_up = ["6S", "7D", "9H", "8C"], "3C"
    used = [*ours, *theirs, *livret, turn_up]
    deal = {
        "hands": [ours, theirs],
        "livret": livret,
        "turn_up": turn_up,
        "stock": [c for c in PACK.cards if c not in used],
        "dealer": 1,
    }
    state = g.new(seed=1, deal=deal)
    dealer = VoidDealer()
    dealer.observe(state.view(0))
    state.apply("play KS")
    state.apply("play 2H")
    while state.phase == "meld":
        state.apply("done")
    assert state.current_player == 0 and state.phase == "play" and not state.trick
    dealer.observe(state.view(0))
    return g, state, dealer


def spades(hand: list[str]) -> int:
    return sum(suit_of(c) == "S" for c in hand)


def test_a_void_before_a_draw_bounds_the_suit_by_the_cards_drawn_since() -> None:
    g, state, dealer = spade_void()
    view = state.view(0)
    assert view.extra.voids[1] == []  # the rules forget it: seat 2 has drawn since
    assert limits(view, g) == [Limit(0, frozenset("S"), 7, 1)]
    assert dealer.bounds(view, g) == [Limit(0, frozenset("S"), 7, 1)]
    assert spades(state.hands[1]) == 1 and keeps(state, 1, limits(view, g))  # the truth: it drew CS


def test_the_void_dealers_worlds_keep_the_bound_and_are_otherwise_determinizes() -> None:
    g, state, dealer = spade_void()
    view = state.view(0)
    rng, plain_rng = Rng(5), Rng(5)
    worlds = [dealer.deal(view, g, rng) for _ in range(400)]
    plain = [g.determinize(view, plain_rng) for _ in range(400)]
    unseen = set(plain[0].hands[1]) | set(plain[0].stock)
    for w in worlds:
        assert spades(w.hands[1]) <= 1
        assert (
            w.hands[0] == plain[0].hands[0] and len(w.hands[1]) == 8 and len(w.stock) == len(plain[0].stock)
        )
        assert set(w.hands[1]) | set(w.stock) == unseen and not set(w.hands[1]) & set(w.stock)
        assert w.livret == state.livret and w.turn_up == state.turn_up
        assert w.current_player == 0 and w.legal_actions() == state.legal_actions()
    assert sum(spades(w.hands[1]) > 1 for w in plain) > 100  # without it most worlds break the bound
    # seven old cards (no spade) and one drawn from the unseen: a spade as often as the unseen hold them
    share = sum(suit_of(c) == "S" for c in unseen) / len(unseen)
    assert abs(sum(spades(w.hands[1]) for w in worlds) / len(worlds) - share) < 0.07
    assert dealer.bounded == 400


def heuristic_positions(hands: int) -> list[tuple[RoquetState, list[Limit], VoidDealer]]:
    """Every card to choose while the stock lasts in ``hands`` first hands of the heuristic against
    itself, with its bounds as the seat to play reads them (a dealer a seat, shown every view)."""
    g = game()
    out = []
    for seed in range(hands):
        state = g.new(seed=seed)
        heuristic = RoquetHeuristic(seed)
        dealers = [VoidDealer(), VoidDealer()]
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            view = state.view(seat)
            dealers[seat].observe(view)
            if state.phase == "play" and view.extra.stock_size > 0 and len(view.legal_actions) > 1:
                out.append((state.clone(), dealers[seat].bounds(view, g), dealers[seat]))
            state.apply(heuristic.choose(view, g))
    return out


def test_the_bounds_hold_in_the_truth_and_in_every_world_dealt() -> None:
    g = game()
    rng = Rng(3)
    bounded = 0
    for state, bounds, dealer in heuristic_positions(12):
        seat = state.current_player
        assert seat is not None
        assert keeps(state, 1 - seat, bounds)
        view = state.view(seat)
        # dating the combinations by the views seen only narrows: never a looser bound than without
        blind = {b.trick: b.old for b in limits(view, g)}
        assert all(b.old >= blind[b.trick] for b in bounds)
        if bounds:
            bounded += 1
            for _ in range(4):
                world = dealer.deal(view, g, rng)
                assert keeps(world, 1 - seat, bounds)
                assert sorted(world.hands[seat]) == sorted(state.hands[seat])
    assert bounded > 20


def test_without_a_bound_the_dealer_deals_determinizes_world() -> None:
    g = game()
    state = g.new(seed=4)
    view = state.view(state.current_player or 0)
    assert limits(view, g) == []
    a, b = VoidDealer().deal(view, g, Rng(9)), g.determinize(view, Rng(9))
    assert a.hands == b.hands and list(a.stock) == list(b.stock)


def test_off_unless_asked_and_the_option_plays_legally_and_again_with_its_seed() -> None:
    assert HandReader().dealer is None and RoquetSearch(0).dealer is None
    assert RoquetSearch(0, drawn_voids=True).dealer is not None
    assert RoquetSearch(0, reader=HandReader(), drawn_voids=True).dealer is None  # the reader's own
    g, state, _ = spade_void()
    view = state.view(0)
    make = benchmark("strength_roquet").StrongVoids
    for level in ("strong", "normal"):
        choices = {make(level)(g, 7).choose(view, g) for _ in range(2)}
        assert len(choices) == 1 and choices <= set(view.legal_actions)
    player = RoquetSearch(7, **STRONG, reader=HandReader(**STRONG_READER, drawn_voids=True))
    player.choose(view, g)
    assert player.reader is not None and isinstance(player.reader, HandReader)
    assert player.reader.dealer is not None and player.reader.dealer.bounded > 0
