"""The Bezique levels and the search player: legal, reproducible, budgeted in playouts, with reasons.

Also the compact playout model of ``search.py`` against the rules it copies: the exact solver of the
last eight against the heuristic's ``EndgameSolver``, and a playout's trick-taking and meld scoring.
"""

from __future__ import annotations

import pytest

import parlour
from parlour.engine import Rng
from parlour.games.bezique.players import EndgameSolver, SearchPlayer
from parlour.games.bezique.rules import Bezique, BeziqueState, Meld, Phase
from parlour.games.bezique.search import KIND_BIT, Rules, Sim, best_meld, card_code, card_id, greedy, solve
from parlour.players import LEVELS, Advisor, Timed, make_player, player_kinds
from tests.conformance import random_moves


def game() -> Bezique:
    g = parlour.make("bezique")
    assert isinstance(g, Bezique)
    return g


def positions(n: int, phase: Phase = Phase.TALON) -> list[BeziqueState]:
    """Seeded random positions of the first hand where a seat has a choice in ``phase``."""
    g = game()
    out: list[BeziqueState] = []
    seed = 0
    while len(out) < n:
        seed += 1
        state = g.new(seed=seed)
        random_moves(state, g, 6 + 9 * seed % 40, seed=seed)
        while state.current_player is not None and (
            state.phase is not phase or len(state.legal_actions()) < 2
        ):
            random_moves(state, g, 1, seed=seed + len(state.log))
        if state.current_player is not None and state.hand_number == 1:
            out.append(state)
    return out


def test_the_levels_exist() -> None:
    kinds = player_kinds("bezique")
    assert {"easy", "normal", "strong", "heuristic", "random"} <= set(kinds)
    g = game()
    assert isinstance(make_player("strong", g, 0), Advisor)
    assert isinstance(make_player("normal", g, 0), Timed)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_a_legal_action(level: str) -> None:
    g = game()
    for state in [*positions(2), *positions(1, Phase.DECLARE), *positions(1, Phase.LAST_EIGHT)]:
        seat = state.current_player
        assert seat is not None
        player = make_player(level, g, 3)
        if isinstance(player, SearchPlayer):
            player.budget = 40  # keep the test quick: the choice must be legal whatever the budget
        view = state.view(seat)
        assert player.choose(view, g) in view.legal_actions


def test_the_same_seed_gives_the_same_choice_and_the_budget_is_in_playouts() -> None:
    g = game()
    for state in positions(3):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        a, b, c = (SearchPlayer(g, seed, 60) for seed in (5, 5, 6))
        assert a.choose(view, g) == b.choose(view, g)
        c.choose(view, g)
        k = min(a.width or 99, len(view.legal_actions))
        # whole deals of the unseen cards, one playout per card for each: at most the budget
        assert a.playouts == b.playouts == c.playouts == (60 // k) * k
        assert 0 < a.playouts <= 60


def test_a_budget_below_one_deal_makes_no_playout() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    player = SearchPlayer(g, 0, min(4, len(view.legal_actions)) - 1)
    assert player.choose(view, g) in view.legal_actions
    assert player.playouts == 0


def test_advise_chooses_as_choose_does_and_says_why() -> None:
    g = game()
    for state in [*positions(3), *positions(1, Phase.DECLARE), *positions(1, Phase.LAST_EIGHT)]:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        advice = SearchPlayer(g, 9, 48).advise(view, g)
        assert advice.action == SearchPlayer(g, 9, 48).choose(view, g)
        assert advice.reason.strip()
    hint = parlour.players.hint(positions(1)[0].view(positions(1)[0].current_player), g, 1, seconds=0.2)
    assert hint.reason


def test_limit_time_stops_the_search_early() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    player = SearchPlayer(g, 0, 10**7)
    player.limit_time(0.0)
    assert player.choose(view, g) in view.legal_actions
    # stopped after its first deal of the unseen cards: one playout for each card it may play
    assert player.playouts == min(player.width or 99, len(view.legal_actions))
    player.limit_time(None)
    assert player.seconds is None


def test_the_advice_names_a_declaration_in_bezique_words() -> None:
    g = game()
    # Seat 1 leads and wins with an ace of spades; it holds four aces still, and nothing else to declare.
    hands = [
        ["7C", "8C", "9C", "7D", "8D", "9D", "JC", "QC"],
        ["AS", "AS", "AH", "AD", "AC", "7S", "8S", "9S"],
    ]
    rest = [c for c in g.new(seed=0).inventory().elements()]
    for c in hands[0] + hands[1] + ["9H"]:
        rest.remove(c)
    state = g.new(deal={"dealer": 0, "hands": hands, "turn_up": "9H", "stock": rest})
    state.apply("play AS")
    state.apply("play 7C")
    view = state.view(1)
    advice = SearchPlayer(g, 0, 100).advise(view, g)
    assert advice.action == "meld AS AH AD AC"
    assert advice.reason == "declares the four aces: 100 points"  # "points" since hints-12


def _two_melds() -> tuple[Bezique, BeziqueState]:
    """Seat 1 has won a trick holding K♠ Q♠ J♦ (hearts trumps): a marriage or bezique to declare."""
    g = game()
    hands = [
        ["7C", "8C", "9C", "7D", "8D", "9D", "JC", "QC"],
        ["AS", "KS", "QS", "JD", "AH", "7S", "8S", "9S"],
    ]
    rest = [c for c in g.new(seed=0).inventory().elements()]
    for c in hands[0] + hands[1] + ["9H"]:
        rest.remove(c)
    state = g.new(deal={"dealer": 0, "hands": hands, "turn_up": "9H", "stock": rest})
    state.apply("play AS")
    state.apply("play 7C")
    return g, state


def test_a_choice_between_melds_is_searched_within_the_budget() -> None:
    g, state = _two_melds()
    view = state.view(1)
    assert [a for a in view.legal_actions if a.startswith("meld")] == ["meld KS QS", "meld QS JD"]
    a, b = (SearchPlayer(g, 4, 50, declarations=True) for _ in range(2))
    assert a.choose(view, g) == b.choose(view, g) in view.legal_actions
    assert a.playouts == b.playouts == 50  # 25 deals, both melds played out on each
    advice = SearchPlayer(g, 4, 50, declarations=True).advise(view, g)
    assert advice.action == a.choose(view, g)
    assert advice.reason.startswith("declares the ")
    # without ``declarations`` (the levels: searching them measured no gain) the rule of thumb declares
    plain = SearchPlayer(g, 4, 50)
    assert plain.choose(view, g) == "meld KS QS" and plain.playouts == 0


def test_searching_every_card_plays_out_each_legal_card() -> None:
    g = game()
    state = positions(1)[0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    n = len(view.legal_actions)
    player = SearchPlayer(g, 2, 3 * n + 1, width=None)
    assert player.choose(view, g) in view.legal_actions
    assert player.playouts == 3 * n


# --- the compact model -------------------------------------------------------------------------


def test_cards_round_trip() -> None:
    for code in ("AS", "TH", "7D", "JC", "QS", "9H"):
        assert card_code(card_id(code)) == code


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_agrees_with_the_endgame_solver(seed: int) -> None:
    rng = Rng(seed)
    g = game()
    pack = sorted(g.new(seed=0).inventory().elements())
    rng.shuffle(pack)
    n = 3 + seed % 3
    a, b = sorted(pack[:n]), sorted(pack[n : 2 * n])
    for trump in ("S", "H"):
        for bonus in (0, 10):
            expect = EndgameSolver(trump, bonus).value(tuple(a), tuple(b))
            ia = tuple(sorted(card_id(c) for c in a))
            ib = tuple(sorted(card_id(c) for c in b))
            t = card_id("7" + trump) >> 3
            assert solve(ia, ib, t, bonus, {}) == expect
            # the greedy estimate is some play of the same cards: never better than best play for both
            total = 10 * sum(1 for c in a + b if c[0] in "AT") + bonus
            assert abs(greedy(ia, ib, t, bonus)) <= total


def test_a_playout_scores_a_meld_under_the_reuse_rule() -> None:
    g = game()
    rules = Rules(g, "H")
    married_king = (1 << KIND_BIT[Meld.ROYAL_MARRIAGE]) << 5 | card_id("KH")
    hand = [married_king, card_id("QH"), card_id("AH"), card_id("TH"), card_id("JH")]
    pts, kind, idx = best_meld(hand, rules)
    assert (pts, kind) == (250, KIND_BIT[Meld.SEQUENCE]) and len(idx) == 5
    # a king once married never marries again: the queen with it makes nothing
    assert best_meld([married_king, card_id("QH")], rules)[0] == 0
    # a sequence's king and queen may not then be married (inferior order)
    seq = (1 << KIND_BIT[Meld.SEQUENCE]) << 5
    assert best_meld([seq | card_id("KH"), card_id("QH")], rules)[0] == 0


def test_a_playout_takes_tricks_as_the_rules_do() -> None:
    g = game()
    state = positions(1)[0]
    sim = Sim.of(state, Rules(g, state.trump))
    seat = state.current_player
    assert seat is not None
    # both hands and the talon are in the model, nothing lost or invented
    held = [sorted(card_code(it & 31) for it in sim.hands[s]) for s in (0, 1)]
    assert held == [sorted(state.full_hand(s)) for s in (0, 1)]
    before = sim.talon_left()
    sim.finish()
    assert sim.talon_left() == 0 and before > 0
    assert [len(h) for h in sim.hands] == [8, 8]
    sim.last_eight(True, {})
    assert sum(sim.pts) > 0
