"""Bishops Whist's levels and its strong player: the double-dummy solver agrees with the rules, the
player's choices are lawful and repeatable, its budget is in nodes, it gives reasons, it stops on the
clock."""

from __future__ import annotations

import pytest

from parlour.engine import Rng
from parlour.games.bishops_whist.players import PLAYERS, HeuristicPlayer, StrongPlayer, played_to, surprises
from parlour.games.bishops_whist.rules import BISHOP_POINTS, BishopsWhist, BishopsWhistState
from parlour.games.bishops_whist.solver import Position, card_code
from parlour.players import LEVELS, Advisor, Timed, hint, make_player


def position_after(seed: int, cards_left: int, options: dict[str, str] | None = None) -> BishopsWhistState:
    """A seeded hand played by heuristic players until the player to move holds ``cards_left`` cards."""
    return played_to(BishopsWhist(**(options or {})), seed, cards_left)


def plays(state: BishopsWhistState) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith("play ")]


def test_every_level_is_named() -> None:
    for level in LEVELS:
        assert level in PLAYERS
    assert {"heuristic", "search"} <= set(PLAYERS)
    game = BishopsWhist()
    assert isinstance(make_player("strong", game, 1), Advisor)
    assert isinstance(make_player("normal", game, 1), Timed)


@pytest.mark.parametrize(("seed", "left"), [(1, 12), (2, 7), (3, 3)])
def test_every_level_plays_a_lawful_card(seed: int, left: int) -> None:
    state = position_after(seed, left)
    seat = state.current_player
    assert seat is not None
    game = state.game
    for level in LEVELS:
        player = make_player(level, game, seed)
        if isinstance(player, StrongPlayer):
            player.nodes = 3000  # the same search on a smaller budget: the test stays quick
        assert player.choose(state.view(seat), game) in plays(state)


def test_the_same_seed_makes_the_same_choice() -> None:
    state = position_after(4, 10)
    seat = state.current_player
    assert seat is not None
    game = state.game
    chosen = {StrongPlayer(game, 7, nodes=4000, worlds=4).choose(state.view(seat), game) for _ in range(3)}
    assert len(chosen) == 1


def test_the_budget_is_in_nodes() -> None:
    state = position_after(5, 13)
    seat = state.current_player
    assert seat is not None
    game = state.game
    player = StrongPlayer(game, 2, nodes=2500, worlds=5)
    player.choose(state.view(seat), game)
    assert player.last is not None
    assert 0 < player.last.nodes <= 2500
    position = Position.of_views([state.view(s) for s in range(4)], seat, game.options)
    cards = position.lawful(seat)
    values, depth = position.solve(cards, 700)
    assert position.nodes <= 700
    assert depth >= 1 and set(values) == set(cards)
    # A bigger budget searches deeper on the same position.
    deeper = Position.of_views([state.view(s) for s in range(4)], seat, game.options)
    assert deeper.solve(cards, 30_000)[1] > depth


def test_advice_is_the_choice_with_a_reason() -> None:
    for seed, left in [(6, 11), (8, 4)]:
        state = position_after(seed, left)
        seat = state.current_player
        assert seat is not None
        game = state.game
        view = state.view(seat)
        advice = StrongPlayer(game, 3, nodes=3000, worlds=4).advise(view, game)
        assert advice.action == StrongPlayer(game, 3, nodes=3000, worlds=4).choose(view, game)
        assert advice.action in plays(state)
        assert len(advice.reason) > 10
    # The strong level itself (it sifts its deals): the same seed, the same card from advise and choose.
    a, b = make_player("strong", game, 3), make_player("strong", game, 3)
    assert isinstance(a, StrongPlayer) and isinstance(b, StrongPlayer) and a.sift > 1
    a.nodes = b.nodes = 3000
    assert a.advise(view, game).action == b.choose(view, game)
    hinted = hint(view, game, 3)
    assert hinted.action in plays(state) and hinted.reason


def test_limit_time_stops_on_the_clock() -> None:
    state = position_after(9, 13)
    seat = state.current_player
    assert seat is not None
    game = state.game
    player = StrongPlayer(game, 1, nodes=10_000_000, worlds=50)
    player.limit_time(0.05)
    assert player.choose(state.view(seat), game) in plays(state)
    assert player.last is None or player.last.worlds < 50  # far from its node budget: the clock stopped it
    player.limit_time(None)
    assert player.seconds is None
    with pytest.raises(ValueError):
        player.limit_time(0)


def exact(state: BishopsWhistState, side: int, maximise: set[int]) -> int:
    """The side's margin of hand points with best play, every hand open, by the rules themselves."""
    seat = state.current_player
    assert seat is not None
    values = []
    for action in plays(state):
        child = state.clone()
        seen = len(child.log)
        child.apply(action)
        end = next((e for e in child.log[seen:] if e.kind == "hand_end"), None)
        if end is not None:
            # The hand's tricks and bishops per side (the bishop cut, scored at the deal, left out: the
            # state may already hold the next hand's deal and its cut).
            ours = child.team_of[side]
            tricks, bishops = end.data["tricks"], end.data["bishops"]
            points = [max(0, tricks[t] - 6) + BISHOP_POINTS * bishops[t] for t in (0, 1)]
            values.append(int(points[ours]) - int(points[1 - ours]))
        else:
            values.append(exact(child, side, maximise))
    return max(values) if seat in maximise else min(values)


@pytest.mark.parametrize(
    ("seed", "options"),
    [(11, {}), (12, {}), (13, {"void_knight": "revoke-only"}), (14, {"irregular_trick": "leader"})],
)
def test_the_solver_agrees_with_the_rules_at_the_end_of_a_hand(seed: int, options: dict[str, str]) -> None:
    state = position_after(seed, 3, options)
    seat = state.current_player
    assert seat is not None
    partner = state.view(seat).extra.order[(state.view(seat).extra.order.index(seat) + 2) % 4]
    position = Position.of_views([state.view(s) for s in range(4)], seat, state.game.options)
    cards = position.lawful(seat)
    values, depth = position.solve(cards, 100_000)
    assert depth == 3
    assert max(values.values()) == exact(state, seat, {seat, partner})
    # And every card's value, played first, by the rules too.
    for c in cards:
        child = state.clone()
        child.apply(f"play {card_code(c)}")
        if child.current_player is not None:
            assert values[c] == exact(child, seat, {seat, partner})


def test_it_does_not_trump_its_partners_sure_trick() -> None:
    """Seat 0, last to play, is void in hearts; its partner's castle-ace holds the trick. Trumping it
    gains nothing and spends the only trump: the strong player discards."""
    hands = [
        ["2S", "CD", "KD", "QD", "9D", "8D", "CC", "KC", "QC", "9C", "8C", "7C", "6C"],
        ["CS", "KS", "QS", "BS", "2H", "4H", "5H", "6H", "2D", "3D", "4D", "5D", "2C"],
        ["9S", "8S", "7S", "CH", "KH", "QH", "BH", "9H", "BD", "7D", "6D", "BC", "5C"],
        ["6S", "5S", "4S", "3S", "3H", "7H", "8H", "N", "N", "N", "N", "4C", "3C"],
    ]
    game = BishopsWhist()
    state = game.new(deal={"dealer": 0, "turn_up": "2S", "hands": hands})
    for card in ("2H", "CH", "3H"):
        state.apply(f"play {card}")
    assert state.current_player == 0
    view = state.view(0)
    advice = StrongPlayer(game, 5, nodes=6000, worlds=6).advise(view, game)
    assert advice.action != "play 2S"
    assert advice.action in plays(state)
    assert "partner" in advice.reason


def test_a_knights_revoke_or_the_knights_trick_reads_in_whist_words() -> None:
    state = position_after(21, 1)
    seat = state.current_player
    assert seat is not None
    advice = StrongPlayer(state.game, 1, nodes=100, worlds=1).advise(state.view(seat), state.game)
    assert advice.action in plays(state) and advice.reason


def test_a_seeded_rng_is_what_the_player_draws_from() -> None:
    state = position_after(10, 9)
    seat = state.current_player
    assert seat is not None
    game = state.game
    a = StrongPlayer(game, 4, nodes=3000, worlds=3)
    a.rng = Rng(99)
    b = StrongPlayer(game, 5, nodes=3000, worlds=3)
    b.rng = Rng(99)
    assert a.choose(state.view(seat), game) == b.choose(state.view(seat), game)


def test_the_true_deal_holds_no_surprise_for_players_by_the_rules_of_thumb() -> None:
    """Every seat played by the rules of thumb: the real hands explain every play, while most deals of
    the unseen cards do not, so sifting deals by surprises leans toward the truth."""
    state = position_after(7, 6)
    seat = state.current_player
    assert seat is not None
    game = state.game
    view = state.view(seat)
    fast = HeuristicPlayer(game, 0)
    assert surprises(view, [state.view(s).hand for s in range(4)], fast, game.options) == 0
    rng = Rng(3)
    sampled = [
        surprises(view, [w.view(s).hand for s in range(4)], fast, game.options)
        for w in (game.determinize(view, rng) for _ in range(6))
    ]
    assert max(sampled) > 0


def test_sifting_keeps_the_deals_that_best_explain_the_play() -> None:
    state = position_after(7, 6)
    seat = state.current_player
    assert seat is not None
    game = state.game
    view = state.view(seat)
    player = StrongPlayer(game, 4, nodes=2000, worlds=3, sift=4)
    kept = player.deals(view, game)
    assert len(kept) == 3
    fast = HeuristicPlayer(game, 0)
    scores = [surprises(view, [v.hand for v in views], fast, game.options) for views in kept]
    # The same seed deals the same twelve worlds: none of the nine left out explains the play better.
    again = StrongPlayer(game, 4, nodes=2000, worlds=12, sift=1).deals(view, game)
    every = sorted(surprises(view, [v.hand for v in views], fast, game.options) for views in again)
    assert sorted(scores) == every[:3]
    assert player.choose(view, game) in plays(state)
