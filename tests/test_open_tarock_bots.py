"""Open tarock computer players: exactness of the search where it must be exact, and strength."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.cards import TAROCK_54
from parlour.engine import Rng
from parlour.engine.views import View
from parlour.games.open_tarock.players import SearchPlayer
from parlour.games.open_tarock.rules import OpenTarock, OpenTarockExtra, card_points, suit_of, trick_winner
from parlour.players import make_player
from parlour.sim import simulate, wilson


def game(**options: Any) -> OpenTarock:
    g = parlour.make("open-tarock", **options)
    assert isinstance(g, OpenTarock)
    return g


def worth(card: str) -> int:
    return 3 * card_points(card) - 2


def legal(cards: list[str], lead: str | None) -> list[str]:
    if lead is None:
        return cards
    same = [c for c in cards if suit_of(c) == suit_of(lead)]
    trumps = [c for c in cards if suit_of(c) == "T"]
    return same or trumps or cards


def brute(hands: list[list[str]], leader: int, me: int) -> int:
    """Exact minimax value (thirds taken by ``me`` less the opponent's) of an all-face-up ending."""
    if not hands[leader]:
        return 0
    other = 1 - leader
    results = []
    for a in legal(hands[leader], None):
        replies = []
        for b in legal(hands[other], a):
            w = trick_winner(TAROCK_54, [(leader, a), (other, b)])
            gain = (worth(a) + worth(b)) * (1 if w == me else -1)
            rest = [list(hands[0]), list(hands[1])]
            rest[leader].remove(a)
            rest[other].remove(b)
            replies.append(gain + brute(rest, w, me))
        results.append(min(replies) if other != me else max(replies))
    return max(results) if leader == me else min(results)


def open_deal(seed: int) -> dict[str, Any]:
    """Every card its own stack: nothing is face down, a game of perfect information."""
    cards = list(TAROCK_54.cards)
    Rng(seed).shuffle(cards)
    return {"dealer": 0, "stacks": [[[c] for c in cards[:27]], [[c] for c in cards[27:]]]}


@pytest.mark.parametrize("seed", range(6))
def test_search_is_exact_once_everything_is_face_up(seed: int) -> None:
    g = game(deals=1)
    state = g.new(seed=seed, deal=open_deal(seed))
    while sum(len(s) for s in state.stacks[0]) > 4 or state.trick:
        state.apply(state.legal_actions()[0])
    if seed % 2:  # also check an answer, not only a lead: find a lead leaving a choice
        for lead in state.legal_actions():
            trial = state.clone()
            trial.apply(lead)
            if len(trial.legal_actions()) > 1:
                state.apply(lead)
                break
    me = state.current_player
    assert me is not None
    player = SearchPlayer(seed)
    choice = player.choose(state.view(me), g)
    assert player.exact or len(state.legal_actions()) == 1
    hands = [state.tops(0), state.tops(1)]

    def value(action: str) -> int:
        card = action.split()[1]
        rest = [list(hands[0]), list(hands[1])]
        rest[me].remove(card)
        if state.trick:
            lead_seat, lead = state.trick[0]
            w = trick_winner(TAROCK_54, [(lead_seat, lead), (me, card)])
            gain = (worth(lead) + worth(card)) * (1 if w == me else -1)
            return gain + brute(rest, w, me)
        replies = []
        for b in legal(rest[1 - me], card):
            w = trick_winner(TAROCK_54, [(me, card), (1 - me, b)])
            gain = (worth(card) + worth(b)) * (1 if w == me else -1)
            r2 = [list(rest[0]), list(rest[1])]
            r2[1 - me].remove(b)
            replies.append(gain + brute(r2, w, me))
        return min(replies)

    values = {a: value(a) for a in state.legal_actions()}
    assert values[choice] == max(values.values()), (choice, values)


def test_search_answers_within_its_budget_and_legally() -> None:
    """The search is bounded in positions (80 000 a move), not in seconds: a shared machine's load
    cannot make it fail, and the same seed gives the same moves."""
    game = parlour.make("open-tarock")
    state = game.new(seed=12)
    player = make_player("search", game, 1)
    assert isinstance(player, SearchPlayer)
    most = 0
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        action = player.choose(state.view(seat), game)
        most = max(most, player.nodes)
        assert action in state.legal_actions()
        assert player.node_cap == 80_000 and player.nodes <= player.node_cap + 1
        state.apply(action)
    assert 0 < most <= 25_000  # this deal's early moves search at most 25 000 positions


def _rate(kinds: list[str], matches: int, seed: int) -> tuple[float, float]:
    """Win share of ``kinds[0]`` over both seatings of the same deals (draws count half)."""
    a = simulate("open-tarock", kinds, matches, seed=seed)
    b = simulate("open-tarock", kinds[::-1], matches, seed=seed)
    score = a.sides[0].wins + b.sides[1].wins + (a.draws + b.draws) / 2
    return wilson(score, 2 * matches)


def test_heuristic_beats_random_by_a_wide_margin() -> None:
    lo, _hi = _rate(["heuristic", "random"], 60, seed=3)
    assert lo > 0.75


def test_greedy_beats_random() -> None:
    lo, _hi = _rate(["greedy", "random"], 60, seed=4)
    assert lo > 0.7


@pytest.mark.soak
def test_search_beats_greedy_on_points() -> None:
    """Same deals, seats swapped: the searcher's points per match are above greedy's, clearly."""
    import statistics

    from parlour.engine import derive_seed
    from parlour.sim import play_match

    game = parlour.make("open-tarock")
    diffs = []
    for i in range(40):
        seed = derive_seed(99, "match", i)
        a = play_match(game, ["search-fast", "greedy"], seed)
        b = play_match(game, ["greedy", "search-fast"], seed)
        diffs.append((a.scores[0] + b.scores[1]) / 2)
    mean = statistics.mean(diffs)
    half_width = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    assert mean - half_width > 0, (mean, half_width)


# --- reproducible search (ruling OT-20) ---------------------------------------------------------


def _positions(count: int, seed: int = 12) -> list[View[OpenTarockExtra]]:
    """Views of the player to move along a greedy match."""
    game = parlour.make("open-tarock")
    state = game.new(seed=seed)
    players = [make_player("greedy", game, 1), make_player("greedy", game, 2)]
    views: list[View[OpenTarockExtra]] = []
    while len(views) < count:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if len(view.legal_actions) > 1:
            views.append(view)
        state.apply(players[seat].choose(view, game))
    return views


def _choices(kind: str, views: list[View[OpenTarockExtra]]) -> list[tuple[str, int, int]]:
    game = parlour.make("open-tarock")
    player = make_player(kind, game, 7)
    assert isinstance(player, SearchPlayer)
    return [(player.choose(v, game), player.nodes, player.last_depth) for v in views]


@pytest.mark.parametrize(("kind", "count"), [("search-fast", 10), ("search", 2)])
def test_search_reads_no_clock_so_a_slow_machine_plays_the_same_moves(
    kind: str, count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import types

    import parlour.games.open_tarock.players as bots

    views = _positions(count)
    normal = _choices(kind, views)
    # A clock that jumps a minute at every reading: any wall-clock deadline is always past.
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(bots, "time", types.SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    assert _choices(kind, views) == normal
    assert max(depth for _, _, depth in normal) >= 2


def test_a_wall_clock_limit_is_an_explicit_opt_in(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import parlour.games.open_tarock.players as bots

    views = _positions(3)
    game = parlour.make("open-tarock")
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(bots, "time", types.SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    timed = SearchPlayer(7, nodes=4_000, seconds=0.5)
    for view in views:
        assert timed.choose(view, game) in view.legal_actions
        assert timed.nodes <= 256  # stopped at the first look at the clock
    with pytest.raises(ValueError):
        SearchPlayer(7, seconds=float("nan"))
    with pytest.raises(ValueError):
        SearchPlayer(7, nodes=100, cap=50)


def test_the_same_seed_gives_the_same_match_in_another_process() -> None:
    """Hash seeds and timing differ between processes; the match must not."""
    import os
    import subprocess
    import sys

    code = (
        "import hashlib, parlour\n"
        "from parlour.players import make_player\n"
        "g = parlour.make('open-tarock', deals=1)\n"
        "s = g.new(seed=4)\n"
        "p = [make_player('search-fast', g, 1), make_player('greedy', g, 2)]\n"
        "while not s.is_over:\n"
        "    s.apply(p[s.current_player].choose(s.view(s.current_player), g))\n"
        "print(hashlib.sha256(s.to_json().encode()).hexdigest(), s.scores)\n"
    )
    outputs = set()
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1, outputs
