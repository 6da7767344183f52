"""Apology's levels and its strong player: legal, seeded, on a budget of solved deals, and able to say why."""

from __future__ import annotations

import parlour
from parlour.engine import Rng, State
from parlour.games.apology.players import PLAYERS, HeuristicPlayer, StrongPlayer, said_chance
from parlour.games.apology.rules import Apology, ApologyState, Phase
from parlour.games.apology.solver import Solver
from parlour.players import LEVELS, Advisor, Timed, hint, make_player


def _positions(kinds: tuple[str, ...] = ("bury", "play", "pay")) -> list[tuple[Apology, ApologyState]]:
    """A few seeded positions of random play (every deal taken), one of each decision kind asked for."""
    game = parlour.make("apology")
    assert isinstance(game, Apology)
    found: list[tuple[Apology, ApologyState]] = []
    rng = Rng(5)
    for seed in range(40):
        state = game.new(seed=seed)
        assert isinstance(state, ApologyState)
        state.apply("bid")
        steps = 4 + rng.randrange(36)
        for _ in range(steps):
            if state.is_over or state.phase is Phase.BID:
                break
            state.apply(str(rng.choice(state.legal_actions())))
        if not state.is_over and state.phase.value in kinds and len(state.legal_actions()) > 1:
            found.append((game, state))
        if len(found) >= 6:
            break
    return found


def test_every_level_is_a_player_kind() -> None:
    for level in LEVELS:
        assert level in PLAYERS


def test_every_level_chooses_a_legal_action() -> None:
    for game, state in _positions():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        for level in LEVELS:
            assert make_player(level, game, 3).choose(view, game) in view.legal_actions


def test_the_same_seed_gives_the_same_choice() -> None:
    for game, state in _positions(("play",))[:3]:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        a = StrongPlayer(11, worlds=6).choose(view, game)
        b = StrongPlayer(11, worlds=6).choose(view, game)
        assert a == b


def test_the_budget_is_solved_deals_and_nodes() -> None:
    game, state = _positions(("play",))[0]
    seat = state.current_player
    assert seat is not None
    player = StrongPlayer(2, worlds=5)
    player.choose(state.view(seat), game)
    assert player.worlds_solved == 5
    solver = Solver(game.targets, node_limit=50)
    solver.load(state)
    legal = [a.partition(" ")[2] for a in state.legal_actions()]
    solver.values(legal)
    # The limit is checked at each trick's end: a trick's own plays (at most 4 levels) may finish first.
    assert 0 < solver.nodes <= 50 + len(legal) * 14**3


def _minimax(state: ApologyState, taker: int) -> float:
    """The taker's margin over the target, in half points, with every hand seen: the real rules played out."""
    ends = [e for e in state.log if e.kind == "hand_end"]
    if ends:
        return 2 * (float(ends[-1].data["taker_points"]) - float(ends[-1].data["target"]))
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(_minimax(child, taker))
    return max(values) if state.current_player == taker else min(values)


def test_the_solver_plays_the_last_tricks_exactly() -> None:
    """Two tricks from the end (no Landsknecht or Till left, no escape owed), the solver's value of each
    card is the real rules' minimax: the taker's margin over its target."""
    game = parlour.make("apology")
    assert isinstance(game, Apology)
    checked = 0
    for seed in range(30):
        state = game.new(seed=seed)
        assert isinstance(state, ApologyState)
        state.apply("bid")
        rng = Rng(seed)
        while state.phase is not Phase.BID and not state.is_over and len(state.tricks) < 12:
            legal = state.legal_actions()
            # bury the Landsknechts and Till at once, so the end has none
            state.apply(next((a for a in legal if a in ("bury N", "bury E")), str(rng.choice(legal))))
        if state.phase is not Phase.PLAY or state.trick or state.debts or len(state.tricks) != 12:
            continue
        taker = state.taker
        assert taker is not None
        solver = Solver(game.targets)
        solver.load(state)
        seat = state.current_player
        legal = state.legal_actions()
        values = solver.values([a.partition(" ")[2] for a in legal])
        for action in legal:
            child = state.clone()
            child.apply(action)
            assert values[action.partition(" ")[2]] == _minimax(child, taker), (seed, seat, action)
        checked += 1
        if checked == 3:
            break
    assert checked >= 2


def test_advise_chooses_as_choose_does_and_says_why() -> None:
    for game, state in _positions():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        player = make_player("strong", game, 4)
        assert isinstance(player, Advisor)
        advice = player.advise(view, game)
        assert advice.action == make_player("strong", game, 4).choose(view, game)
        assert advice.reason


def test_bidding_reasons_give_the_chance() -> None:
    game = parlour.make("apology")
    state = game.new(seed=3)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    said = said_chance(view.hand, game)
    advice = hint(view, game, 0)
    assert advice.action in ("bid", "pass")
    shown = f"{said:.0%} to make it" if said >= 0.005 else "almost no chance"  # not "about 0%" (QA)
    assert shown in advice.reason


def test_limit_time_stops_on_the_clock() -> None:
    game, state = _positions(("play",))[0]
    seat = state.current_player
    assert seat is not None
    player = make_player("strong", game, 1, seconds=0.0)
    assert isinstance(player, Timed) and isinstance(player, StrongPlayer)
    player.choose(state.view(seat), game)
    assert player.worlds_solved == 1  # one world at least, then the clock stops it
    player.limit_time(None)
    player.choose(state.view(seat), game)
    assert player.worlds_solved == player.worlds


def test_strong_play_finishes_a_deal() -> None:
    game = parlour.make("apology")
    state: State = game.new(seed=8)
    players = [StrongPlayer(s, worlds=2) for s in range(4)]
    while not any(e.kind == "hand_end" for e in state.log):
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), game))


def test_the_endgame_option_searches_only_the_last_tricks() -> None:
    for game, state in _positions(("play",)):
        if len(state.tricks) >= 10:
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        player = StrongPlayer(1, worlds=4, endgame=3)
        assert player.choose(view, game) == HeuristicPlayer(1).choose(view, game)
        assert player.worlds_solved == 0
