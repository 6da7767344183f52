"""Apology's computer players: legal, fast, and far stronger than random play."""

from __future__ import annotations

import time

import parlour
from parlour.engine import Rng
from parlour.games.apology.players import (
    BID_CHANCE,
    SearchPlayer,
    StrongPlayer,
    bury_choice,
    hand_estimate,
    make_chance,
    payment_choice,
    play_out_deal,
    said_chance,
)
from parlour.games.apology.rules import Phase
from parlour.players import Player, make_player
from parlour.sim import simulate


def test_heuristic_beats_random_by_a_wide_margin() -> None:
    # Measured over 1000 matches: the lone heuristic seat wins 95% against three random seats.
    summary = simulate("apology", ["heuristic", "random", "random", "random"], 60, seed=3)
    hero = summary.sides[0]
    assert hero.win_interval[0] > 0.6, hero
    assert hero.mean_final_score > 1.5
    assert all(side.mean_final_score < 0 for side in summary.sides[1:])


def test_a_lone_random_player_rarely_wins_against_the_heuristic() -> None:
    summary = simulate("apology", ["random", "heuristic", "heuristic", "heuristic"], 60, seed=4)
    assert summary.sides[0].win_interval[1] < 0.25, summary.sides[0]


def test_eager_players_always_take() -> None:
    summary = simulate("apology", ["eager"] * 4, 5, seed=1)
    assert summary.extra["all_pass"]["thrown_in"] == 0
    assert summary.extra["by_position"][0]["hands"] == 20


def test_the_bidder_bids_as_the_levels_do_and_plays_by_the_rules_of_thumb() -> None:
    """The designer's ``bidder``: at every decision of whole deals with a bidder in each seat, its bid is
    the strong level's (same seed, same deals played out) and its burial, cards and payments are the
    heuristic's; and it takes where the rules of thumb pass (seed 147, seat 1: the table gives 21%,
    played out taking ends better)."""
    game = parlour.make("apology")
    decisions = set()
    for seed in (147, 5, 11):
        state = game.new(seed=seed)
        bidders = [make_player("bidder", game, seed * 4 + s) for s in range(4)]
        while not any(e.kind == "hand_end" for e in state.log):
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            assert view.decision is not None
            kind = view.decision.kind
            bidder = bidders[seat]
            assert isinstance(bidder, StrongPlayer)
            if kind == "bid":
                # a fresh level on the bidder's seed has drawn nothing yet, and neither has the bidder:
                # each seat bids once a deal, and the loop ends with the first deal
                strong = make_player("strong", game, seed * 4 + seat)
                assert isinstance(strong, StrongPlayer) and bidder.bid_worlds == strong.bid_worlds
                wanted = strong.choose(view, game)
            else:
                wanted = make_player("heuristic", game, seed * 4 + seat).choose(view, game)
            chosen = bidder.choose(view, game)
            assert chosen == wanted, (seed, seat, kind)
            decisions.add(kind)
            state.apply(chosen)
    assert {"bid", "bury", "play"} <= decisions
    view = game.new(seed=147).view(1)
    assert make_player("heuristic", game, 0).choose(view, game) == "pass"
    assert make_player("bidder", game, 0).choose(view, game) == "bid"


def test_the_heuristic_is_fast() -> None:
    """A move by the heuristic costs about a dozen views, measured as a ratio in one run (a shared
    machine's load falls on both alike): no search hides in it. The best of three matches counts, as
    one pause of the machine (once 50 ms in a match of 60) can fall on either."""

    def ratio(seed: int) -> float:
        game = parlour.make("apology")
        players = [make_player("heuristic", game, s) for s in range(4)]
        state = game.new(seed=seed)
        choosing = viewing = 0.0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            start = time.perf_counter()
            view = state.view(seat)
            middle = time.perf_counter()
            action = players[seat].choose(view, game)
            choosing += time.perf_counter() - middle
            viewing += middle - start
            state.apply(action)
        return choosing / viewing

    ratios = [ratio(9) for _ in range(3)]
    assert min(ratios) < 40, ratios


def test_the_heuristic_buries_till_and_an_ace_then_what_it_would_lose() -> None:
    hand = ["KS", "9S", "5S", "AS", "CH", "KH", "QH", "2H", "BD", "7D", "3D", "QC", "8C", "6C", "4C",
            "N", "N", "N", "N", "E"]  # fmt: skip
    chosen = bury_choice(hand, True, "kinds")
    assert len(chosen) == 6 and chosen[:2] == ["E", "AS"]
    assert "CH" not in chosen and "KH" not in chosen  # the castle wins, the king is guarded by it
    assert "KS" in chosen and "QC" in chosen  # unguarded courts are banked
    assert all(c not in ("AS", "CH", "E") for c in bury_choice(hand, False, "kinds"))


def test_the_payment_keeps_the_last_ace() -> None:
    assert payment_choice(["AS", "5D", "KC"], kept=["N"], buried=["E"]) == "5D"
    assert payment_choice(["AH", "AS", "KD"], buried=["E"]) == "AS"  # a second ace is spare


def test_the_hand_estimate_tracks_strength() -> None:
    strong = ["CS", "KS", "QS", "BS", "LS", "TS", "9S", "CH", "KH", "QH", "CD", "KD", "CC", "AH", "AD"]
    weak = ["2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "5H", "6H", "2D", "3D", "4D", "7C", "8C"]
    s_points, s_oudlers = hand_estimate(strong)
    w_points, w_oudlers = hand_estimate(weak)
    assert s_points > 60 > 25 > w_points and s_oudlers == 3 and w_oudlers == 1


def test_the_search_player_chooses_legal_actions() -> None:
    game = parlour.make("apology")
    player = SearchPlayer(1, samples=2)
    other = make_player("heuristic", game, 2)
    state = game.new(seed=21)
    rng = Rng(0)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = player.choose(view, game) if rng.random() < 0.5 else other.choose(view, game)
        assert action in view.legal_actions
        state.apply(action)


def test_the_heuristic_buries_its_plan_one_card_at_a_time() -> None:
    hands = [
        ["CS", "BS", "LS", "5S", "9H", "8H", "6H", "5H", "AH", "4D", "AD", "LC", "TC", "8C", "AC"],
        ["KS", "QS", "TS", "9S", "8S", "7S", "6S", "4S", "3S", "2S", "AS", "CH", "KH", "QH", "BH"],
        ["LH", "TH", "7H", "4H", "3H", "2H", "CD", "KD", "QD", "BD", "LD", "TD", "9D", "8D", "7D"],
        ["6D", "5D", "3D", "2D", "CC", "KC", "QC", "BC", "9C", "7C", "6C", "5C", "4C", "3C", "2C"],
    ]
    game = parlour.make("apology")
    state = game.new(seed=0, deal={"dealer": 3, "hands": hands})
    state.apply("bid")
    plan = bury_choice([*hands[0], "N", "N", "N", "N", "E"], True, "kinds")
    player = make_player("heuristic", game, 0)
    buried = []
    for _ in range(6):
        action = player.choose(state.view(0), game)
        buried.append(action.split()[1])
        state.apply(action)
    assert sorted(buried) == sorted(plan)
    assert sum(1 for c in buried if c.startswith("A")) == 1  # one ace is enough when kinds count


def test_the_search_player_is_reproducible_across_processes() -> None:
    """Ruling AP-18: no clock, no hash order. Two processes with different hash seeds choose alike."""
    import os
    import subprocess
    import sys

    code = (
        "import parlour\n"
        "from parlour.players import make_player\n"
        "g = parlour.make('apology', deals=1)\n"
        "s = g.new(seed=8)\n"
        "eager = [make_player('eager', g, i) for i in range(4)]\n"
        "while len(s.tricks) < 11:\n"
        "    s.apply(eager[s.current_player].choose(s.view(s.current_player), g))\n"
        "search = make_player('search', g, 3)\n"
        "out = []\n"
        "while not s.is_over:\n"
        "    a = search.choose(s.view(s.current_player), g)\n"
        "    out.append(a)\n"
        "    s.apply(a)\n"
        "print(out, s.scores)\n"
    )
    outputs = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1, outputs
    assert "play" in outputs.pop()


def test_the_levels_bury_by_the_rules_of_thumb() -> None:
    """Seed 298, seat 2 taking: the burial search, climbing the solver's estimate (which runs high),
    buried Till, three Landsknechts, 3C and 7D and failed its 45 with 44; the rules of thumb's burial
    keeps the Landsknechts and court cards apart and makes it (63). The levels bury by the rules of thumb
    (measured: benchmarks/burial_apology.py), the search stays an option that buries otherwise here."""
    game = parlour.make("apology")

    def burial(player: Player) -> tuple[list[str], bool]:
        state = game.new(seed=298)
        rules = [make_player("heuristic", game, s) for s in range(4)]
        buried: list[str] = []
        while not any(e.kind == "hand_end" for e in state.log):
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if state.phase is Phase.BID:
                action = "bid" if seat == 2 else "pass"
            elif seat == 2:
                action = player.choose(view, game)
            else:
                action = rules[seat].choose(view, game)
            if action.startswith("bury "):
                buried.append(action[5:])
            state.apply(action)
        end = next(e for e in state.log if e.kind == "hand_end")
        return sorted(buried), bool(end.data["made"])

    for level in ("strong", "normal"):
        player = make_player(level, game, 298 * 4 + 2)
        assert isinstance(player, StrongPlayer) and not player.bury_search
    rules_burial, made = burial(make_player("strong", game, 298 * 4 + 2))
    assert rules_burial == burial(make_player("heuristic", game, 298 * 4 + 2))[0] and made
    searched, searched_made = burial(StrongPlayer(298 * 4 + 2, bury_search=True))
    assert searched != rules_burial and searched.count("N") == 3 and not searched_made


def test_the_bid_hint_never_says_a_hand_is_sure() -> None:
    """The words' curve gives this hand (three oudlers, the spade suit to the king, both other castles and
    the kings and queens of hearts and clubs) over 99.9%; a fitted curve is never sure, and hands it put
    at 99.5% or more made it 18 times in 19, so the hint says "about 99%", not "about 100%"."""
    hands = [
        ["CS", "BS", "LS", "5S", "9H", "8H", "6H", "5H", "AH", "4D", "AD", "LC", "TC", "8C", "AC"],
        ["KS", "QS", "TS", "9S", "8S", "7S", "6S", "QC", "KC", "CC", "AS", "CH", "KH", "QH", "BH"],
        ["LH", "TH", "7H", "4H", "3H", "2H", "CD", "KD", "QD", "BD", "LD", "TD", "9D", "8D", "7D"],
        ["6D", "5D", "3D", "2D", "4S", "3S", "2S", "BC", "9C", "7C", "6C", "5C", "4C", "3C", "2C"],
    ]
    game = parlour.make("apology")
    state = game.new(seed=0, deal={"dealer": 0, "hands": hands})
    assert state.current_player == 1 and said_chance(hands[1], game) > 0.999
    advice = StrongPlayer(0).advise(state.view(1), game)
    assert advice.action == "bid"
    assert advice.reason.startswith("about 99% to make it with three oudlers; played out on ")


def test_the_levels_bid_by_playing_the_bid_and_the_pass_out() -> None:
    """The levels take when bidding, played out on deals of the unseen cards, ends better than passing,
    not when the table's chance is one half. Seed 93, seat 1 first to bid: the table gives the hand 57%,
    but played out it fails more often than not, and passes (on the true deal taking fails: -3). Seed 147,
    seat 1: the table gives 21%, but played out taking ends better, and takes (on the true deal it makes
    it: +3)."""
    game = parlour.make("apology")
    for seed, table_takes, level_takes in ((93, True, False), (147, False, True)):
        state = game.new(seed=seed)
        assert state.current_player == 1
        view = state.view(1)
        assert (make_chance(view.hand, game)[0] >= BID_CHANCE) is table_takes
        for level in ("normal", "strong"):
            player = make_player(level, game, seed)
            assert isinstance(player, StrongPlayer) and player.bid_worlds > 0
            advice = player.advise(view, game)
            assert advice.action == ("bid" if level_takes else "pass"), (seed, level, advice)
            assert player.bid_gain is not None and (player.bid_gain > 0) is level_takes
        assert StrongPlayer(seed, bid_worlds=0).advise(view, game).action == (
            "bid" if table_takes else "pass"
        )


def test_a_pass_played_out_by_the_dealer_throws_the_deal_in() -> None:
    """The last to bid, all others having passed: passing throws the deal in, 0 points, in every deal
    played out, so bidding is worth its own result alone; and a bid played out scores the taker +3 or -3."""
    game = parlour.make("apology")
    state = game.new(seed=4)
    for _ in range(3):
        state.apply("pass")
    dealer = state.current_player
    assert dealer is not None
    view = state.view(dealer)
    rng = Rng(0)
    for i in range(6):
        world = game.determinize(view, rng)
        assert play_out_deal(world.clone(), "pass", i, dealer) == 0.0
        assert play_out_deal(world, "bid", i, dealer) in (3.0, -3.0)
