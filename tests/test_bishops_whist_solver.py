"""The double-dummy solver's values are the rules' own: on endgames reached by random play (with every
table option that changes the play of a trick), every card's value found by the solver's cuts (the bounds
at a trick boundary, the knight's trick played out, the table entries) is the minimax of the real rules."""

from __future__ import annotations

import random

import pytest

from parlour.games.bishops_whist.rules import PHASE_PLAY, BishopsWhist, BishopsWhistState, lawful_cards
from parlour.games.bishops_whist.solver import KN, Position, card_code
from tests.test_bishops_whist_strength import exact, plays

OPTIONS: list[dict[str, str]] = [
    {},
    {"void_knight": "revoke-only"},
    {"irregular_trick": "leader"},
]


def lawful_plays(state: BishopsWhistState) -> list[str]:
    """The plays that keep the laws (a revoke is offered too, and costs its side what the solver does not
    count)."""
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    lead = view.trick.plays[0].card if view.trick is not None and view.trick.plays else None
    offered = set(plays(state))
    return [f"play {c}" for c in lawful_cards(view.hand, lead) if f"play {c}" in offered]


def random_endgame(seed: int, cards_left: int, options: dict[str, str], extra: int) -> BishopsWhistState:
    """A hand played at random (lawfully) until the player to move holds ``cards_left`` cards, then
    ``extra`` more cards of the trick (so that some positions start in the middle of a trick)."""
    rng = random.Random(seed)
    game = BishopsWhist(**options)
    state = game.new(seed)
    while True:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if view.extra.phase == PHASE_PLAY and len(view.hand) <= cards_left:
            break
        legal = state.legal_actions()
        cards = lawful_plays(state) if view.extra.phase == PHASE_PLAY else []
        state.apply(rng.choice(cards or legal))
    for _ in range(extra):
        cards = lawful_plays(state)
        if not cards or len(state.view(state.current_player or 0).hand) < cards_left:
            break
        state.apply(rng.choice(cards))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_every_cards_value_is_the_rules_minimax(seed: int) -> None:
    options = OPTIONS[seed % len(OPTIONS)]
    state = random_endgame(100 + seed, 3, options, seed % 3)
    seat = state.current_player
    assert seat is not None and plays(state)
    order = state.view(seat).extra.order
    partner = order[(order.index(seat) + 2) % 4]
    position = Position.of_views([state.view(s) for s in range(4)], seat, state.game.options)
    cards = position.lawful(seat)
    values, depth = position.solve(cards, 200_000)
    assert depth == 3
    for c in cards:
        child = state.clone()
        child.apply(f"play {card_code(c)}")
        if child.current_player is not None and plays(child):
            assert values[c] == exact(child, seat, {seat, partner}), card_code(c)
    assert max(values.values()) == exact(state, seat, {seat, partner})


def test_the_bounds_hold_on_every_endgame_solved() -> None:
    """At a trick boundary the bounds enclose the value found by searching every card."""
    for seed in range(8):
        state = random_endgame(200 + seed, 4, OPTIONS[seed % len(OPTIONS)], 0)
        seat = state.current_player
        assert seat is not None
        position = Position.of_views([state.view(s) for s in range(4)], seat, state.game.options)
        if position.trick:
            continue
        left = 13 - position.number
        lo, hi = position.bounds(left)
        values, depth = position.solve(position.lawful(seat), 200_000)
        assert depth == left
        assert lo <= max(values.values()) <= hi


def plain_minimax(position: Position) -> float:
    """The value by the solver's own laws, every card tried, nothing cut: the reference for its cuts."""
    if not position.trick and position.number == 13:
        return position.final()
    seat = position.to_move
    values = []
    for card in position.lawful(seat):
        undo = position.play(seat, card)
        values.append(plain_minimax(position))
        position.unplay(seat, undo)
    return max(values) if position.ours[seat] else min(values)


def random_position(seed: int) -> Position:
    """Every hand open, two to four tricks left, the cards (knights among them, often) dealt at random."""
    rng = random.Random(seed)
    left = rng.choice((2, 3, 3, 4))
    deck = [s * 16 + r for s in range(4) for r in (0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12)]
    cards = rng.sample(deck, 4 * left - rng.choice((0, 1, 2, 3)))
    cards += [KN] * (4 * left - len(cards))
    rng.shuffle(cards)
    hands, knights = [0, 0, 0, 0], [0, 0, 0, 0]
    for i, c in enumerate(cards):
        if c == KN:
            knights[i % 4] += 1
        else:
            hands[i % 4] |= 1 << c
    return Position(
        hands,
        knights,
        [0, 1, 2, 3],
        rng.randrange(4),
        rng.choice(("S", "H", "D", "C", None)),
        rng.randrange(4),
        [],
        13 - left,
        rng.randrange(13 - left + 1),
        2 * rng.randrange(-2, 3),
        void_ten=rng.random() < 0.7,
        irregular_leader=rng.random() < 0.3,
    )


def test_the_cuts_keep_the_value_on_random_endings() -> None:
    """The bounds, the table and the knight's trick played out change no value: many random endings
    (knights, trumps and bishops dealt anyhow), each card's value against plain minimax."""
    for seed in range(150):  # seed 79: one hand's top trump kept, perforce, for the knight's trick
        position = random_position(seed)
        seat = position.to_move
        cards = position.lawful(seat)
        values, depth = position.solve(cards, 10**7)
        assert depth == 13 - position.number
        for card in cards:
            undo = position.play(seat, card)
            expected = plain_minimax(position)
            position.unplay(seat, undo)
            assert values[card] == expected, (seed, card)
