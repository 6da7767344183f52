"""Every registered game, under every kind of computer player, passes the conformance suite."""

from __future__ import annotations

import pytest

import parlour
from parlour.engine import Rng, derive_seed
from parlour.players import make_player, player_kinds
from tests.conformance import (
    check_match,
    check_play,
    option_matrix,
    play_to_end,
    refuses,
    same_seed_same_match,
)

GAMES = [info.name for info in parlour.list_games()]


def _kinds(name: str) -> list[str]:
    return [k for k in ("random", "heuristic") if k in player_kinds(name)]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_random_play(name: str, seed: int) -> None:
    game = parlour.make(name)
    check_match(game, ["random"] * game.num_players, seed, every=3)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_mixed_play(name: str, seed: int) -> None:
    game = parlour.make(name)
    kinds = _kinds(name)
    seats = [kinds[i % len(kinds)] for i in range(game.num_players)]
    check_match(game, seats[::-1] if seed % 2 else seats, 100 + seed, every=5)


MATRIX = [(name, options, whole) for name in GAMES for options, whole in option_matrix(name)]


@pytest.mark.parametrize(("name", "options", "whole"), MATRIX, ids=[f"{n}-{o}" for n, o, _ in MATRIX])
def test_every_option_value(name: str, options: dict[str, object], whole: bool) -> None:
    """Every value of every option (the rest at their defaults): 300 checked actions of random play,
    then a whole match, which must end (the soak run plays the long ones whole too)."""
    game = parlour.make(name, **options)
    seed = 31
    state = game.new(seed=seed)
    players = [make_player("random", game, derive_seed(seed, "p", i)) for i in range(game.num_players)]
    check_play(game, state, players, Rng(seed), every=5, max_steps=300)
    if whole:
        play_to_end(game, ["random"] * game.num_players, seed + 1)


@pytest.mark.soak
@pytest.mark.timeout(0)
@pytest.mark.parametrize(("name", "options", "whole"), MATRIX, ids=[f"{n}-{o}" for n, o, _ in MATRIX])
def test_every_option_value_soak(name: str, options: dict[str, object], whole: bool) -> None:
    """Every option value, whole matches checked at every step, random and mixed players."""
    game = parlour.make(name, **options)
    check_match(game, ["random"] * game.num_players, 41, every=1)
    kinds = _kinds(name)
    play_to_end(game, [kinds[i % len(kinds)] for i in range(game.num_players)], 42)


def test_the_matrix_covers_every_option() -> None:
    for name in GAMES:
        covered = {k for options, _ in option_matrix(name) for k in options}
        declared = {o.name for o in parlour.game_class(name).option_specs}
        assert covered == declared, f"{name}: options never varied: {declared - covered}"


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_match(name: str) -> None:
    game = parlour.make(name)
    same_seed_same_match(name, _kinds(name)[-1:] * game.num_players, 7)


@pytest.mark.parametrize("name", GAMES)
def test_metadata(name: str) -> None:
    info = {i.name: i for i in parlour.list_games()}[name]
    assert info.title and info.summary and info.pack
    for opt in info.options:
        assert opt.description
        opt.convert(opt.default)
    with pytest.raises(ValueError, match="option"):
        parlour.make(name, no_such_option=1)
    assert parlour.game_class(name).rules_text().strip()


@pytest.mark.soak
@pytest.mark.timeout(0)
@pytest.mark.parametrize("name", GAMES)
def test_soak(name: str) -> None:
    game = parlour.make(name)
    for seed in range(200):
        check_match(game, ["random"] * game.num_players, 10_000 + seed, every=1)


@pytest.mark.parametrize("name", GAMES)
def test_any_sequence_of_legal_actions(name: str) -> None:
    """Hypothesis chooses the actions: every prefix of legal play keeps the contract."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    game = parlour.make(name)

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**32), st.data())
    def run(seed: int, data: st.DataObject) -> None:
        state = game.new(seed=seed)
        for _ in range(120):
            if state.is_over:
                break
            legal = state.legal_actions()
            ranges = state.legal_ranges()
            assert legal or ranges
            if ranges and (not legal or data.draw(st.booleans())):
                r = data.draw(st.sampled_from(ranges))
                action = r.action(data.draw(st.integers(r.low, r.high)))
            else:
                action = data.draw(st.sampled_from(legal))
            before = state.inventory()
            state.apply(action)
            assert state.inventory() == before
        assert game.load(state.to_json()).to_json() == state.to_json()

    run()


VERBS = ["play", "bet", "bank", "banco", "trump", "meld", "declare", "bid", "take", "bury", "pass", "draw"]
WORDS = ["²", "9" * 5000, "-1", "1.5", "0x10", "1e3", "١٢", "NaN", "", "[/]", "AS", "N", "XXI", "10H", "\x00"]


@pytest.mark.parametrize(
    "name",
    [n for n in GAMES],
)
def test_any_text_is_refused_cleanly_or_legal(name: str) -> None:
    """Whatever text arrives, ``apply`` takes it (if legal) or raises IllegalAction, changing nothing."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    game = parlour.make(name)
    states = []
    state = game.new(seed=3)
    player = make_player("random", game, 3)
    for step in range(60):
        if step % 12 == 0:
            states.append(state.to_json())
        seat = state.current_player
        if seat is None:
            break
        state.apply(player.choose(state.view(seat), game))
    verbs = st.sampled_from(VERBS)
    words = st.one_of(st.sampled_from(WORDS), st.text(max_size=5))
    texts = st.one_of(
        st.text(max_size=30),
        st.builds(lambda v, w: f"{v} {w}", verbs, words),
        st.builds(lambda v, w, x: f"{v} {w} {x}", verbs, words, words),
    )

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.sampled_from(states), texts)
    def run(saved: str, text: str) -> None:
        s = game.load(saved)
        if s.is_legal(s.normalize(text)):
            s.apply(text)
            return
        refuses(s, text)

    run()
