"""Bishops Whist search: the determinizer deals only worlds that can exist, uniformly (through the one
exact sampler, ``parlour.mechanics.deal_unseen``, and the suits the play has shown out of, ``ShownOut``);
the search player is reproducible (a budget in playouts), with a wall-clock budget only when asked for."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from parlour.engine import Rng
from parlour.games.bishops_whist.players import SearchPlayer
from parlour.games.bishops_whist.rules import BishopsWhist, ShownOut, quitted_tricks
from parlour.mechanics import NoDeal, deal_unseen
from parlour.players import make_player
from tests.test_bishops_whist import FOLLOW, new, play

# --- the sampler -----------------------------------------------------------------------------------------


def _allowed(card: str, void: set[str]) -> bool:
    """An independent reading of a seat's constraints: ``"H"`` no heart, ``"S*"`` no spade but the bishop."""
    if card == "N":
        return True
    suit = card[-1]
    return suit not in void and not (suit + "*" in void and card[0] != "B")


def shown_out(voids: list[set[str]]) -> ShownOut:
    """The rules' record of the same constraints."""
    shown = ShownOut()
    for seat, void in enumerate(voids):
        for v in void:
            shown.barred[seat][v[0]] = v.endswith("*")
    return shown


def sample(sizes: list[int], unknown: list[str], voids: list[set[str]], rng: Rng) -> list[list[str]]:
    """What the determinizer does: deal the unseen cards, every seat kept to what play has shown."""
    return deal_unseen(unknown, sizes, shown_out(voids).may_hold, rng)


def brute_force(
    sizes: list[int], unknown: list[str], voids: list[set[str]]
) -> Counter[tuple[tuple[str, ...], ...]]:
    """Every deal of ``unknown`` (cards as distinct objects) into the sizes that keeps every void."""
    deals: Counter[tuple[tuple[str, ...], ...]] = Counter()
    seats = [s for s in range(4) for _ in range(sizes[s])]
    for order in set(itertools.permutations(seats)):
        hands: list[list[str]] = [[], [], [], []]
        for card, seat in zip(unknown, order, strict=True):
            hands[seat].append(card)
        if all(_allowed(c, voids[s]) for s in range(4) for c in hands[s]):
            deals[tuple(tuple(sorted(h)) for h in hands)] += 1
    return deals


CASES = [
    # room 3, 3, 2; seat 2 void in hearts, seat 3 may hold only the bishop of spades in spades
    ([0, 3, 3, 2], ["9H", "8H", "7H", "BS", "5S", "4S", "N", "2D"], [set(), set(), {"H"}, {"S*"}]),
    # the knights are identical cards but distinct objects
    ([0, 2, 2, 2], ["N", "N", "N", "9H", "8H", "2C"], [set(), {"H"}, {"C"}, set()]),
    # a unique deal
    ([0, 2, 2, 1], ["9H", "8H", "5S", "4S", "2D"], [set(), {"S", "D"}, {"H", "D"}, {"H", "S"}]),
]


@pytest.mark.parametrize(("sizes", "unknown", "voids"), CASES)
def test_the_sampler_deals_exactly_uniformly_among_the_possible_deals(
    sizes: list[int], unknown: list[str], voids: list[set[str]]
) -> None:
    expected = brute_force(sizes, unknown, voids)
    total = sum(expected.values())
    rng = Rng(7)
    runs = 6000
    seen: Counter[tuple[tuple[str, ...], ...]] = Counter()
    for _ in range(runs):
        hands = sample(sizes, list(unknown), voids, rng)
        seen[tuple(tuple(sorted(h)) for h in hands)] += 1
    assert set(seen) <= set(expected)  # never a deal that breaks a void
    # Chi-square against the exact weights (each deal weighted by its number of card orders).
    chi2 = sum((seen[d] - runs * w / total) ** 2 / (runs * w / total) for d, w in expected.items())
    dof = max(1, len(expected) - 1)
    assert chi2 < dof + 5 * (2 * dof) ** 0.5 + 10, (chi2, dof)


def test_the_sampler_refuses_rather_than_relax_a_void() -> None:
    """Three hearts, and only seat 1 (room for one card) may hold a heart: no deal exists. The old
    rejection sampler dropped the voids after 50 tries and dealt a world that cannot exist."""
    with pytest.raises(NoDeal, match="no deal"):
        sample([0, 1, 1, 1], ["9H", "8H", "7H"], [set(), set(), {"H"}, {"H"}], Rng(1))


def test_determinized_worlds_keep_every_void_shown_in_random_play() -> None:
    game = BishopsWhist(hand_limit=2)
    rng = Rng(3)
    checked = 0
    for seed in range(6):
        state = game.new(seed=seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if view.extra.phase == "play" and quitted_tricks(view):
                world = game.determinize(view, rng)
                world.check_invariants()  # under strict laws this includes every void shown
                assert world.view(seat) == view
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 300


# --- the search player -----------------------------------------------------------------------------------


def test_the_search_player_is_reproducible_by_default() -> None:
    state = new(FOLLOW)
    play(state, "9H")
    game = state.game
    view = state.view(1)
    choices = {make_player("search", game, 4).choose(view, game) for _ in range(3)}
    assert len(choices) == 1


def test_a_wall_clock_budget_only_when_asked() -> None:
    game = BishopsWhist()
    assert SearchPlayer(game, 1).seconds is None
    timed = SearchPlayer(game, 1, seconds=0.05)
    state = new(FOLLOW)
    play(state, "9H")
    assert timed.choose(state.view(1), game).startswith("play ")


def test_the_same_simulation_gives_the_same_figures_in_two_processes() -> None:
    """Issue 10 §5: the search player stopped on a 0.5 s clock, so two identical runs differed."""
    code = (
        "import json; from parlour.sim import simulate; "
        "s = simulate('bishops-whist', ['search', 'heuristic', 'heuristic', 'heuristic'], 1, seed=5, "
        "options={'hand_limit': 1}); "
        "print(json.dumps(s.figures(), sort_keys=True, default=str))"
    )
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600, env=env
        )
        runs.append(done.stdout)
    assert runs[0] == runs[1] and json.loads(runs[0])["matches"] == 1
