"""Lansquenet: a scenario from an explicit deal for every rule, the seed's examples, and the odds."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.engine import AmountRange, IllegalAction, InvalidDeal, Rng
from parlour.games.lansquenet.rules import RANKS, Lansquenet, LansquenetState, rank_of
from parlour.players import RandomPlayer, make_player
from tests.conformance import check_match


def new(deal: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> LansquenetState:
    return Lansquenet(**options).new(seed=seed, deal=deal)


def play(state: LansquenetState, *actions: str) -> None:
    start = state.inventory()
    for a in actions:
        state.apply(a)
        assert state.inventory() == start, f"chips or cards not conserved after {a!r}"


def kinds(state: LansquenetState) -> list[str]:
    return [e.kind for e in state.log]


def last_hand(state: LansquenetState) -> dict[str, Any]:
    return dict(next(e for e in reversed(state.log) if e.kind == "hand_end").data)


# --- choosing the first banker -----------------------------------------------------------------


def test_highest_card_takes_the_first_bank_and_ties_draw_again() -> None:
    saw_tie = False
    for seed in range(60):
        state = new(seed=seed)
        draws = [e.data for e in state.log if e.kind == "draw"]
        # Replay the rounds of the draw: every round, those tied for the highest rank draw again.
        drawing = list(range(state.num_players))
        i = 0
        while True:
            round_ = draws[i : i + len(drawing)]
            i += len(drawing)
            best = min(RANKS.index(rank_of(d["card"])) for d in round_)
            drawing = [d["seat"] for d in round_ if RANKS.index(rank_of(d["card"])) == best]
            if len(drawing) == 1:
                break
            saw_tie = True
        assert i == len(draws)
        assert state.banker == drawing[0] == state.current_player
        assert state.phase == "bank"
    assert saw_tie, "no seed gave a tie for highest; the redraw went untested"


# --- the bank and the bets ----------------------------------------------------------------------


def test_bank_of_any_size_the_banker_holds() -> None:
    state = new({"banker": 2, "chips": [100, 100, 37, 100]})
    assert state.current_player == 2
    assert state.legal_actions() == []
    assert state.legal_ranges() == [AmountRange("bank", 1, 37)]
    with pytest.raises(IllegalAction, match="you hold 37"):
        state.apply("bank 38")
    with pytest.raises(IllegalAction, match="bank first"):
        state.apply("pass")


def test_the_prompts_speak_in_chips_not_in_the_terminals_syntax() -> None:
    """The web table said "Waiting for Computer 3 to bet N (1 to 1)": the prompt taught the terminal's
    syntax (the moves themselves, "bet 1-24", are listed beside it) and counted one chip as a range."""
    state = new({"banker": 2, "chips": [100, 100, 37, 100], "stacks": [["9C", "KD", "9H"]]})
    bank = state.view(2).decision
    assert bank is not None and bank.prompt == "put up a bank of 1 to 37 chips", bank
    play(state, "bank 10", "bet 9")
    prompt = state.view(0).decision
    assert prompt is not None and prompt.prompt == "bet 1 chip, go banco (the whole bank), or pass", prompt
    assert not re.search(r"\bN\b", state.view(None).situation), state.view(None).situation
    hoyle = new({"banker": 0}, variant="hoyle")
    while hoyle.phase != "hbet":  # Hoyle's game: a bet on the card just laid out
        listed = hoyle.legal_actions()
        hoyle.apply(listed[0] if listed else f"{hoyle.legal_ranges()[0].verb} 5")
    seat = hoyle.current_player
    assert seat is not None
    words = hoyle.view(seat).decision
    assert words is not None and re.fullmatch(r"bet 1 to \d+ chips on \S+, or pass", words.prompt), words


def test_betting_goes_anticlockwise_from_the_bankers_right() -> None:
    state = new({"banker": 2})
    play(state, "bank 30")
    order = []
    for _ in range(3):
        order.append(state.current_player)
        play(state, "bet 1")
    assert order == [3, 0, 1]


def test_bets_may_not_exceed_the_bank_and_covering_it_ends_betting() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "9H"]]})
    play(state, "bank 10", "bet 6")
    assert state.current_player == 2
    assert state.is_legal("bet 4") and not state.is_legal("bet 5")
    with pytest.raises(IllegalAction, match="may not exceed the bank"):
        state.apply("bet 5")
    play(state, "bet 4")
    assert "covered" in kinds(state) and state.phase == "keep"


def test_nobody_bets_more_than_they_hold() -> None:
    state = new({"banker": 0, "chips": [100, 3, 100, 100]})
    play(state, "bank 50")
    assert state.legal_actions() == ["pass"]  # no banco either
    assert state.legal_ranges() == [AmountRange("bet", 1, 3)]
    with pytest.raises(IllegalAction, match="hold 3"):
        state.apply("bet 4")
    with pytest.raises(IllegalAction, match="needs 50 more chips"):
        state.apply("banco")


def test_banco_sends_every_other_bet_back() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "KH"]]})
    play(state, "bank 10", "bet 3", "bet 2", "banco")
    assert "banco" in kinds(state)
    # Seat 3 alone played the whole bank of 10 and the players' card won.
    assert last_hand(state)["points"] == [-10, 0, 0, 10]
    assert state.purse == [90, 100, 100, 110]


def test_betting_goes_round_again_until_all_pass() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "9H"]]})
    play(state, "bank 20", "bet 2", "pass", "pass")
    assert state.current_player == 1, "seat 1 may add to its bet on a second round"
    play(state, "bet 3", "pass", "bet 1")
    assert state.current_player == 1
    play(state, "pass", "pass")
    assert state.current_player == 3
    play(state, "pass")
    assert state.phase == "keep"  # the deal was played: the bank's card 9C was paired first
    assert last_hand(state)["points"] == [6, -5, 0, -1]


def test_all_pass_is_a_void_deal_and_the_bank_moves_on() -> None:
    state = new({"banker": 1})
    play(state, "bank 40", "pass", "pass", "pass")
    assert "void" in kinds(state)
    assert last_hand(state)["points"] == [0, 0, 0, 0]
    assert state.purse == [100] * 4
    assert state.banker == 2 and state.phase == "bank"


# --- the deal ---------------------------------------------------------------------------------


def test_seed_example_bank_card_matched_first() -> None:
    """Anna banks 10, Ben bets 6, Carla 4; 9♣ against K♦; 3♥, 7♠, 9♥: the bank holds 20."""
    state = new({"banker": 0, "stacks": [["9C", "KD", "3H", "7S", "9H"]]})
    play(state, "bank 10", "bet 6", "bet 4")
    assert state.last_deal is not None
    assert state.last_deal.bank_card == "9C" and state.last_deal.players_card == "KD"
    assert state.last_deal.pile == ["3H", "7S", "9H"]
    assert state.bank == 20 and state.banker == 0 and state.phase == "keep"
    assert last_hand(state)["points"] == [10, -6, -4, 0]


def test_players_card_matched_first_pays_one_to_one_and_the_bank_passes_right() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "3H", "KS"]]})
    play(state, "bank 10", "bet 6", "pass", "pass", "pass")
    assert last_hand(state)["points"] == [-6, 6, 0, 0]
    assert state.purse == [94, 106, 100, 100]
    assert state.banker == 1 and state.phase == "bank"


def test_same_rank_start_wins_every_bet_at_once() -> None:
    state = new({"banker": 0, "stacks": [["JC", "JD"]]})
    play(state, "bank 10", "bet 5", "bet 5")
    assert "same_rank" in kinds(state) and "turn" not in kinds(state)
    assert state.bank == 20 and last_hand(state)["same_rank"] is True


def test_twins_win_only_half_of_each_bet() -> None:
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, twins=True)
    play(state, "bank 10", "bet 4", "bet 5", "pass", "pass", "pass")
    # Half of 4 is 2; of 5 the bank takes 2 and the odd chip (ruling LQ-11); the rest goes back.
    assert last_hand(state)["points"] == [5, -2, -3, 0]
    assert state.bank == 15


def test_cut_by_the_player_on_the_bankers_left() -> None:
    state = new({"banker": 2})
    play(state, "bank 10", "bet 10")
    cut = next(e for e in state.log if e.kind == "cut")
    assert cut.data["seat"] == 1


# --- passing, keeping and selling the bank ------------------------------------------------------


def test_a_winning_bank_keeps_its_winnings_in_and_deals_again() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "9H"], ["2C", "3D", "3H"]]})
    play(state, "bank 10", "bet 10")
    assert state.legal_actions() == ["keep", "stop"]
    play(state, "keep")
    assert state.bank == 20 and state.phase == "bet" and state.current_player == 1
    play(state, "bet 20")
    assert last_hand(state)["points"] == [-20, 20, 0, 0]
    assert state.purse == [90, 110, 100, 100] and state.banker == 1


def test_seed_example_selling_the_bank() -> None:
    """Anna stops with 20; Dan buys it; Dan loses; the bank goes to Ben, on Anna's right."""
    stacks = [["9C", "KD", "3H", "7S", "9H"], ["5C", "8D", "8H"]]
    state = new({"banker": 0, "stacks": stacks})
    play(state, "bank 10", "bet 6", "bet 4", "stop")
    assert state.purse[0] == 110, "Anna keeps her 20"
    assert (state.phase, state.current_player) == ("buy", 1)  # nearest on her right asked first
    play(state, "pass", "pass")
    assert state.current_player == 3
    play(state, "buy")
    assert state.banker == 3 and state.bank == 20 and state.purse[3] == 80 and state.starter == 0
    assert state.current_player == 0
    play(state, "bet 5", "pass", "pass", "pass")
    assert state.last_deal is not None and state.last_deal.result == "bank loses"
    assert state.banker == 1 and state.starter == 1 and state.phase == "bank"
    assert state.purse == [115, 94, 96, 95]


def test_only_players_who_can_match_it_are_offered_the_bank_and_unsold_it_passes_on() -> None:
    state = new({"banker": 0, "chips": [100, 100, 5, 100], "stacks": [["9C", "KD", "9H"]]})
    play(state, "bank 10", "bet 10", "stop")
    assert state.current_player == 1
    play(state, "pass")
    assert state.current_player == 3, "seat 2 holds 5 chips and cannot put up a bank of 20"
    play(state, "pass")
    assert "unsold" in kinds(state)
    assert state.banker == 1 and state.phase == "bank"


def test_takeout_after_a_same_rank_start() -> None:
    state = new({"banker": 0, "stacks": [["JC", "JD"], ["9C", "KD", "9H"]]})
    play(state, "bank 10", "bet 4", "pass", "pass", "pass")
    assert state.legal_actions() == ["keep", "takeout", "stop"]
    play(state, "takeout")
    assert state.bank == 10 and state.purse[0] == 94
    play(state, "bet 10")
    assert state.legal_actions() == ["keep", "stop"], "no takeout after an ordinary win"
    with pytest.raises(IllegalAction, match="same-rank start"):
        state.apply("takeout")


def test_takeout_is_refused_when_the_option_turns_it_off() -> None:
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, takeout=False)
    play(state, "bank 10", "bet 10")
    assert "takeout" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="takeout=false"):
        state.apply("takeout")


# --- chips, sitting out and the session's length -------------------------------------------------


def test_a_player_without_chips_sits_out() -> None:
    state = new({"banker": 3, "chips": [100, 0, 100, 100], "stacks": [["9C", "KD", "KH"]]})
    play(state, "bank 10")
    assert state.current_player == 0
    play(state, "pass")
    assert state.current_player == 2
    play(state, "bet 10")
    # The bank lost: it passes to the right of seat 3, to seat 0; seat 1 is never asked anything.
    assert state.banker == 0
    assert all(e.data.get("seat") != 1 for e in state.log if e.kind in ("bet", "pass", "banco"))


def test_broke_players_are_skipped_for_the_bank() -> None:
    state = new({"banker": 0, "chips": [100, 0, 100, 100], "stacks": [["9C", "KD", "KH"]]})
    play(state, "bank 10", "bet 10")
    assert state.banker == 2


def test_session_ends_when_one_player_holds_every_chip() -> None:
    state = new({"banker": 0, "chips": [10, 10], "stacks": [["9C", "KD", "9H"]]}, players=2)
    play(state, "bank 10", "banco")
    assert state.is_over and state.scores == [20.0, 0.0] and state.winners == [0]


def test_session_by_banks_ends_once_everyone_has_banked_the_agreed_times() -> None:
    state = new({"banker": 0}, players=2, rounds=1)
    play(state, "bank 5", "pass")  # void: bank to seat 1
    assert state.banker == 1 and not state.is_over
    play(state, "bank 5", "pass")
    assert state.is_over and state.banks_started == [1, 1]


def test_session_by_deals_ends_after_the_agreed_deals() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "9H"]] * 3}, length="deals", deals=2)
    play(state, "bank 10", "bet 10", "keep", "bet 20")
    assert state.is_over and state.deals_played == 2
    assert state.scores == [130.0, 70.0, 100.0, 100.0]
    assert sum(state.scores) == 400


def test_score_events_add_up_to_the_chips() -> None:
    game = parlour.make("lansquenet", players=5)
    state = game.new(seed=3)
    bots = [make_player("bold", game, s) for s in range(5)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), game))
    total: Counter[int] = Counter()
    for e in state.log:
        if e.kind == "score":
            total[e.data["seat"]] += e.data["points"]
    assert [total[s] for s in range(5)] == state.scores
    assert sum(state.scores) == 500


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 10),
    packs=st.sampled_from([1, 2, 6]),
    variant=st.sampled_from(["classic", "hoyle"]),
    twins=st.booleans(),
    takeout=st.booleans(),
)
def test_chips_and_cards_are_conserved_after_every_action(
    seed: int, players: int, packs: int, variant: str, twins: bool, takeout: bool
) -> None:
    game = parlour.make(
        "lansquenet", players=players, packs=packs, variant=variant, twins=twins, takeout=takeout, stake=30
    )
    state = game.new(seed=seed)
    start = state.inventory()
    assert start["chips"] == 30 * players
    assert sum(v for k, v in start.items() if k != "chips") == 52 * packs
    bot = RandomPlayer(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bot.choose(state.view(seat), game))
        assert state.inventory() == start
        assert all(p >= 0 for p in state.purse)
    assert sum(state.scores) == 30 * players


# --- the shoe ------------------------------------------------------------------------------------


def test_a_shoe_is_reshuffled_at_the_reserve_point_only() -> None:
    game = parlour.make("lansquenet", packs=2, reserve=50, length="deals", deals=40)
    state = game.new(seed=4, deal={"banker": 0})
    bots = [make_player("cautious", game, s) for s in range(4)]
    sizes = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        before = sum(1 for e in state.log if e.kind == "shuffle")
        stock = len(state.shoe)
        state.apply(bots[seat].choose(state.view(seat), game))
        shuffled = sum(1 for e in state.log if e.kind == "shuffle") > before
        if shuffled:
            sizes.append(stock)
    assert sizes, "a 104-card shoe must be reshuffled within 40 deals"
    assert all(s < 52 for s in sizes), "reshuffled only once fewer than half the shoe was left"


def test_a_shoe_that_runs_dry_in_mid_deal_reuses_the_discards() -> None:
    game = parlour.make("lansquenet", packs=2, reserve=0, length="deals", deals=200, stake=1000)
    state = game.new(seed=9, deal={"banker": 0})
    bots = [make_player("cautious", game, s) for s in range(4)]
    start = state.inventory()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), game))
        assert state.inventory() == start
    texts = [e.data.get("text", "") for e in state.log]
    assert any("exhausted" in t for t in texts)


# --- Hoyle's game with the réjouissance ------------------------------------------------------------


def test_hoyle_bets_on_the_rejouissance_and_laid_out_cards() -> None:
    # Hand cards 2C 3C, bank's card KC, réjouissance 7H; then 8D (laid out), 7S (pairs the
    # réjouissance: the bank takes its bets), 2D (pairs hand card 1), KD (the bank's card: pay 8D).
    stack = ["2C", "3C", "KC", "7H", "8D", "7S", "2D", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    assert state.phase == "hbet" and state.current_player == 1
    assert state.laid_out[0].card == "7H"
    play(state, "bet 5", "bet 3", "pass")
    assert state.phase == "hbet" and state.laid_out[-1].card == "8D"
    play(state, "pass", "bet 4", "pass")
    assert state.is_over is False
    assert last_hand(state)["points"] == [4, -5, 1, 0]
    assert state.last_deal is not None and state.last_deal.result == "bank's card matched"
    assert state.banker == 1, "one hand card unmatched: the deal passes to the right"


def test_hoyle_both_hand_cards_matched_first_lets_the_banker_deal_again() -> None:
    stack = ["2C", "3C", "KC", "7H", "2D", "3D", "KD"]
    state = new({"banker": 0, "stacks": [stack, ["4C", "5C", "6C", "8H", "6D"]]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert state.phase == "keep" and state.current_player == 0
    play(state, "keep")
    assert state.banker == 0 and state.hand_cards == ["4C", "5C"]


def test_hoyle_opening_cards_are_four_different_ranks() -> None:
    stack = ["2C", "2D", "3C", "KC", "KH", "3H", "7H", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    assert state.hand_cards == ["2C", "3C"] and state.bank_card == "KC" and state.laid_out[0].card == "7H"
    assert [e.data["card"] for e in state.log if e.kind == "bury"] == ["2D", "KH", "3H"]


def test_hoyle_the_banker_covers_no_more_than_they_hold() -> None:
    state = new(
        {"banker": 0, "chips": [10, 100, 100, 100], "stacks": [["2C", "3C", "KC", "7H"]]}, variant="hoyle"
    )
    play(state, "bet 6")
    assert state.cover_left() == 4
    assert state.legal_actions() == ["pass"] and state.legal_ranges() == [AmountRange("bet", 1, 4)]
    with pytest.raises(IllegalAction, match="cover only 4"):
        state.apply("bet 5")


# --- views, deals and errors ---------------------------------------------------------------------


def test_views_show_no_stock_order_and_determinize_keeps_them() -> None:
    game = parlour.make("lansquenet", variant="hoyle", packs=2)
    state = game.new(seed=11)
    view = state.view(1)
    stock = view.zone("stock")
    assert stock is not None and stock.size == len(state.shoe) and stock.cards == []
    assert not hasattr(view, "shoe") and not hasattr(view.extra, "shoe")
    sampled = game.determinize(view, Rng(5))
    assert sampled.view(1) == view and sampled.inventory() == state.inventory()


def test_bad_deals_are_refused() -> None:
    game = parlour.make("lansquenet")
    with pytest.raises(InvalidDeal):
        game.new(deal={"chips": [0, 0, 0, 5]})
    with pytest.raises(InvalidDeal):
        game.new(deal={"banker": 7})
    with pytest.raises(InvalidDeal):
        game.new(deal={"stacks": [["ZZ"]]})
    with pytest.raises(InvalidDeal):
        game.new(deal={"hands": []})


def test_players_option_covers_two_to_ten() -> None:
    for n in (2, 10):
        assert parlour.make("lansquenet", players=n).num_players == n
    with pytest.raises(ValueError, match="players"):
        parlour.make("lansquenet", players=11)


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "hoyle"},
        {"packs": 6, "twins": True, "takeout": True},
        {"length": "deals", "deals": 12, "players": 7},
        {"players": 2, "rounds": 3},
    ],
)
def test_conformance_under_options(options: dict[str, Any]) -> None:
    game = parlour.make("lansquenet", **options)
    check_match(game, ["random"] * game.num_players, 1, every=3)
    check_match(game, ["heuristic", "random", *["bold"] * (game.num_players - 2)], 5, every=5)


# --- the exact odds ------------------------------------------------------------------------------


def test_exact_odds_one_pack_is_one_deal_in_seventeen() -> None:
    from parlour.games.lansquenet.odds import lansquenet_odds

    odds = lansquenet_odds(1)
    assert odds.same_rank == Fraction(3, 51) == Fraction(1, 17)
    assert odds.deals_per_same_rank == 17
    assert odds.bank_first == Fraction(1, 2)
    assert odds.edge == Fraction(1, 17)
    assert lansquenet_odds(1, twins=True).edge == Fraction(1, 34)
    six = lansquenet_odds(6)
    assert six.same_rank == Fraction(23, 311) and six.edge == Fraction(23, 311)


def test_exact_odds_of_an_uneven_stock() -> None:
    from parlour.games.lansquenet.odds import exact_odds

    # Two aces and one king: AA (prob 1/3) is a same-rank start; A then K leaves one ace, no king:
    # the bank's card is paired; K then A leaves one ace: the players' card is paired.
    odds = exact_odds({"A": 2, "K": 1})
    assert odds.same_rank == Fraction(1, 3)
    assert odds.edge == Fraction(1, 3) + Fraction(1, 3) - Fraction(1, 3)
    assert odds.bank_first == Fraction(1, 2)


@pytest.mark.parametrize(("packs", "twins"), [(1, False), (6, True)])
def test_exact_and_monte_carlo_agree(packs: int, twins: bool) -> None:
    from parlour.games.lansquenet.odds import lansquenet_odds, monte_carlo

    exact = lansquenet_odds(packs, twins)
    mc = monte_carlo(packs, twins, deals=3000, seed=2)
    for value, (lo, hi) in [
        (exact.same_rank, mc.same_rank_interval),
        (exact.bank_first, mc.bank_first_interval),
        (exact.edge, mc.edge_interval),
    ]:
        assert lo <= float(value) <= hi
    assert abs(mc.same_rank - float(exact.same_rank)) < 0.015


def test_odds_command_prints_exact_and_engine_figures() -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(app, ["odds", "lansquenet", "--deals", "300"], terminal_width=160)
    assert result.exit_code == 0, result.output
    assert "1/17" in result.output and "0.058824" in result.output and "once in 17 deals" in result.output
    bad = CliRunner().invoke(app, ["odds", "no-such-game"])
    assert bad.exit_code != 0


# --- computer players and simulation ---------------------------------------------------------------


def test_every_kind_plays_legal_moves() -> None:
    for variant in ("classic", "hoyle"):
        game = parlour.make("lansquenet", players=5, variant=variant)
        for kind in ("cautious", "bold", "proportional", "heuristic", "stop1", "stop2", "stop3"):
            state = game.new(seed=21)
            bots = [make_player(kind if s % 2 == 0 else "random", game, s) for s in range(5)]
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                action = bots[seat].choose(state.view(seat), game)
                assert state.is_legal(action), (kind, action)
                state.apply(action)


def test_heuristic_beats_random_clearly() -> None:
    from parlour.sim import simulate

    summary = simulate("lansquenet", ["heuristic", "random", "random", "random"], 300, seed=1)
    heuristic = summary.sides[0]
    randoms = [s.win_rate for s in summary.sides[1:]]
    assert heuristic.win_interval[0] > 0.30, heuristic
    assert heuristic.win_rate > 1.4 * max(randoms)


def test_analyzer_reports_final_chips_and_ruin() -> None:
    from parlour.sim import simulate

    summary = simulate("lansquenet", ["bold", "cautious", "random"], 40, seed=3, options={"players": 3})
    seats = summary.extra["seats"]
    assert len(seats) == 3
    for s in seats:
        assert 0.0 <= s["broke"] <= 1.0 and s["sd_chips"] >= 0
    assert abs(sum(s["mean_chips"] for s in seats) - 300) < 1e-6
    assert summary.extra["deals"]["deals"] > 0
    # the table as printed numbers the seats from 1 (since design-5), the figures from 0 as programs do
    assert summary.extra["tables"][0]["rows"][0][0] == "seat 1" and seats[0]["seat"] == 0


def test_monte_carlo_through_the_shoe_plays_deal_after_deal() -> None:
    from parlour.games.lansquenet.odds import lansquenet_odds, monte_carlo_through_shoe

    deep = monte_carlo_through_shoe(2, deals=600, reserve=25, seed=4)
    assert deep.deals == 600
    lo, hi = deep.same_rank_interval
    assert lo <= float(lansquenet_odds(2).same_rank) <= hi
    assert deep.edge_interval[0] < deep.edge < deep.edge_interval[1]


def test_illegal_actions_name_the_rule() -> None:
    state = new({"banker": 0, "stacks": [["9C", "KD", "9H"]]})
    with pytest.raises(IllegalAction, match="whole number"):
        state.apply("bank lots")
    play(state, "bank 10")
    with pytest.raises(IllegalAction, match="'bet N', 'banco'"):
        state.apply("keep")
    play(state, "bet 10")
    with pytest.raises(IllegalAction, match="'keep' the bank"):
        state.apply("bet 1")
    play(state, "stop")
    with pytest.raises(IllegalAction, match="for sale"):
        state.apply("bet 1")


def test_the_log_says_where_the_chips_go() -> None:
    """The words a person reads (``event_words``; the logged texts stay as they were): twins take the
    odd chip of an odd bet with the half (ruling LQ-11: "half of each bet" hid that a bet of 5 lost 3), a
    banker who stops takes the bank back before it is for sale (LQ-14), and what a losing bank does not
    pay goes back to its banker (LQ-12)."""
    from tests.audit_support import play
    from tests.test_seed_audit3_lansquenet import new

    state = new({"banker": 0, "stacks": [["QC", "QH"]]}, twins=True)
    play(state, "bank 20", "bet 1", "bet 3", "bet 5", "pass", "pass", "pass")
    (won,) = (state.event_words(e) for e in state.events(None) if e.kind == "bank_wins")
    assert won == "the bank wins half of each bet and the odd chip of an odd bet: it now holds 26", won
    game = parlour.make("lansquenet")
    said: dict[str, set[str]] = {}
    for seed in range(1, 12):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.log) < 900:
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if legal else f"{state.legal_ranges()[0].verb} 1")
        for e in state.events(None):
            if e.kind in ("stop", "bank_loses"):
                said.setdefault(e.kind, set()).add(state.event_words(e))
                assert e.data["text"] != state.event_words(e)
    stop = r"seat \d stops and takes back the bank of \d+; it is for sale"
    assert said["stop"] and all(re.fullmatch(stop, s) for s in said["stop"]), said["stop"]
    loses = "the bank loses and pays every bet; what is left of it goes back to the banker"
    assert said["bank_loses"] == {loses}
