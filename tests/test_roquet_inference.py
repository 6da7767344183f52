"""The Roquet hand reader: its worlds agree with the view, come again with the same seed, read the
opponent's plays as the log tells them, and the searching player that uses it stays legal."""

from __future__ import annotations

from collections import Counter

import parlour
from parlour.engine import Rng
from parlour.games.roquet.inference import HandReader, opponent_plays, plays_since_won
from parlour.games.roquet.players import RoquetHeuristic
from parlour.games.roquet.rules import PACK, RoquetGame, RoquetState, suit_of, winner_of
from parlour.games.roquet.search import RoquetSearch


def game() -> RoquetGame:
    g = parlour.make("roquet")
    assert isinstance(g, RoquetGame)
    return g


def positions(count: int) -> list[RoquetState]:
    """Cards to play from hands of the heuristic against itself, at several depths of the hand."""
    g = game()
    out: list[RoquetState] = []
    for seed in range(count):
        state = g.new(seed=seed)
        players = [RoquetHeuristic(seed), RoquetHeuristic(seed + 100)]
        for _ in range(6 + 7 * seed % 40):
            seat = state.current_player
            if seat is None:
                break
            state.apply(players[seat].choose(state.view(seat), g))
        while state.current_player is not None and state.phase != "play":
            seat = state.current_player
            state.apply(players[seat].choose(state.view(seat), g))
        if state.current_player is not None:
            out.append(state)
    return out


def cards_of_world(world: RoquetState) -> Counter[str]:
    every: Counter[str] = Counter()
    for hand in world.hands:
        every.update(hand)
    every.update(world.stock)
    every.update(world.livret)
    if world.turn_up is not None:
        every[world.turn_up] += 1
    every.update(c for _, c in world.trick)
    every.update(world.played)
    for melds in world.melds:
        for m in melds:
            every.update(m.cards)
    return every


def test_worlds_agree_with_the_view() -> None:
    g = game()
    reader = HandReader(candidates=4, memory=4)
    for state in positions(12):
        seat = state.current_player
        assert seat is not None
        opp = 1 - seat
        view = state.view(seat)
        worlds = reader.worlds(view, g, Rng(5), 6)
        assert len(worlds) == 6
        for world in worlds:
            assert sorted(world.hands[seat]) == sorted(state.hands[seat])
            assert len(world.hands[opp]) == len(state.hands[opp])
            assert len(world.stock) == len(state.stock)
            assert world.livret == state.livret and world.turn_up == state.turn_up
            assert world.played == state.played and world.trick == state.trick
            assert Counter(state.known[opp]) <= Counter(world.hands[opp])
            unknown = Counter(world.hands[opp]) - Counter(state.known[opp])
            assert not [c for c in unknown.elements() if suit_of(c) in state.voids[opp]]
            assert cards_of_world(world) == PACK.counts()
            assert world.view(seat).legal_actions == view.legal_actions


def test_worlds_come_again_with_the_same_seed() -> None:
    g = game()
    reader = HandReader()
    for state in positions(6):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        a, b = (reader.worlds(view, g, Rng(9), 5) for _ in range(2))
        assert [(w.hands, w.stock) for w in a] == [(w.hands, w.stock) for w in b]


def test_the_opponent_plays_read_from_the_view_are_those_the_log_tells() -> None:
    for state in positions(12):
        seat = state.current_player
        assert seat is not None
        opp = 1 - seat
        view = state.view(seat)
        logged = [e.data["card"] for e in state.log if e.kind == "play" and e.data["seat"] == opp]
        plays = opponent_plays(view)
        assert [c for c, _ in plays] == logged
        for card, led in plays:  # a card that followed names the card led to that trick
            assert led is None or led in state.played or led in [c for _, c in state.trick]
            assert card != led


def test_plays_since_won_starts_after_the_opponents_last_trick() -> None:
    for state in positions(12):
        seat = state.current_player
        assert seat is not None
        opp = 1 - seat
        since = plays_since_won(state.view(seat))
        won = [i for i, t in enumerate(state.tricks) if winner_of(t.cards, state.trump) == opp]
        if not won:
            assert since is None
            continue
        later = [c for t in state.tricks[won[-1] + 1 :] for s, c in t.cards if s == opp]
        later += [c for s, c in state.trick if s == opp]
        assert since == later


def test_the_reader_weighs_worlds_by_the_play() -> None:
    """Where the opponent has played, the worlds' log-weights differ (the reading says something)
    and none is above 0 (each is a log of a chance)."""
    g = game()
    reader = HandReader()
    spread = 0
    for state in positions(12):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        plays = opponent_plays(view)[-reader.memory :]
        rng = Rng(2)
        logs = [reader.log_likelihood(view, g, g.determinize(view, rng), plays, rng) for _ in range(8)]
        assert all(x <= 1e-9 for x in logs)
        spread += max(logs) - min(logs) > 0.1
    assert spread >= 3


def test_the_reading_search_plays_legal_cards_through_hands() -> None:
    g = game()
    for seed in range(2):
        state = g.new(seed=seed)
        players: list[RoquetSearch | RoquetHeuristic] = [
            RoquetSearch(seed, worlds=3, depth=1, reader=HandReader(candidates=3)),
            RoquetHeuristic(seed),
        ]
        if seed:
            players.reverse()
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            view = state.view(seat)
            action = players[seat].choose(view, g)
            assert action in view.legal_actions
            state.apply(action)
