"""Observation tensors (``State.observation_tensor``): a fixed shape per game, finite ``float32``, built
from the seat's view alone, for every game (the toy game included) under several options."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.engine import Game, Rng, State
from parlour.engine.observations import HAND_SCALE, Encoder, layout_tables, relative_seats
from tests.plugins import installed

TOY = "toy-tricks"
GAMES = [info.name for info in parlour.list_games()]
DOCS = Path(__file__).parent.parent / "docs" / "observations.md"
BEGIN, END = "<!-- generated tables: begin -->\n", "<!-- generated tables: end -->"

CASES: list[tuple[str, dict[str, Any]]] = [
    *((name, {}) for name in GAMES),
    (TOY, {}),
    ("lansquenet", {"variant": "hoyle", "players": 6}),
    ("lansquenet", {"packs": 3}),
    ("bezique", {"alt_bezique": True, "table_laws": True}),
    ("bishops-whist", {"laws": "table", "partners": "cut", "misdeal_chance": 0.2}),
    ("open-tarock", {"pack": "tarot78", "stacks": "1,1,1,36"}),
    ("roquet", {"turn_up": "stock", "livret_refill": True}),
]
IDS = [f"{n}-{o}" for n, o in CASES]
MAX_STEPS = 250


@pytest.fixture(scope="module", autouse=True)
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with installed(tmp_path_factory.mktemp("toy"), {TOY: "tests.toy_game:MANIFEST"}):
        yield


def positions(game: Game[Any], seed: int, steps: int = MAX_STEPS) -> Iterator[State]:
    """The positions of a random match (by id), its end included."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        state.apply_id(rng.choice(state.legal_action_ids()))


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_every_tensor_has_the_games_shape_and_is_finite(name: str, options: dict[str, Any]) -> None:
    game = parlour.make(name, **options)
    shape = game.observation_shape
    assert len(shape) == 1 and shape[0] == game.observation_encoder.size > 0
    for state in positions(game, 1):
        for seat in [None, *range(game.num_players)]:
            tensor = state.observation_tensor(seat)
            assert tensor.shape == shape and tensor.dtype == np.float32
            assert np.isfinite(tensor).all()
            view = state.view(seat)
            flags = game.observation_encoder.parts(tensor)["flags"]
            assert flags.tolist() == [seat is None, state.is_over]
            if game.decision_kinds and view.decision is not None:
                assert view.decision.kind in game.decision_kinds, "declare every decision kind"
            if game.seat_roles:
                assert {r for s in view.seats for r in s.roles} <= set(game.seat_roles), "declare every role"


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_equal_views_give_equal_tensors(name: str, options: dict[str, Any]) -> None:
    """A state rebuilt from a seat's view by the determinizer (every hidden card dealt afresh) shows
    that seat the same view, and so gives the same tensor: the tensor holds nothing hidden."""
    game = parlour.make(name, **options)
    rng = Rng(7)
    checked = 0
    for step, state in enumerate(positions(game, 2)):
        if step % 3 or state.is_over:
            continue
        for seat in {state.current_player, step % game.num_players}:
            assert seat is not None
            view = state.view(seat)
            sampled = game.determinize(view, rng)
            assert sampled.view(seat) == view
            assert np.array_equal(sampled.observation_tensor(seat), state.observation_tensor(seat))
            checked += 1
    assert checked


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_seats_observe_differently(name: str, options: dict[str, Any]) -> None:
    """The seats' tensors (and a spectator's) differ at nearly every position: each sees from its own
    place at the table, and most see cards the others do not."""
    game = parlour.make(name, **options)
    seen = differ = 0
    for state in positions(game, 3):
        tensors = [state.observation_tensor(seat).tobytes() for seat in [None, *range(game.num_players)]]
        seen += 1
        differ += len(set(tensors)) == len(tensors)
    assert differ >= 0.9 * seen, f"only {differ} of {seen} positions tell the seats apart"


def test_the_tensor_is_a_function_of_the_view() -> None:
    """The encoder takes a view and nothing else; the spectator's tensor shows no card face up that
    some seat does not see face up too."""
    for name in GAMES:
        game = parlour.make(name)
        encoder: Encoder = game.observation_encoder
        for state in positions(game, 4, 120):
            for seat in [None, *range(game.num_players)]:
                assert np.array_equal(encoder.encode(state.view(seat)), state.observation_tensor(seat))
            zones = [encoder.parts(state.observation_tensor(s))["zones"] for s in range(game.num_players)]
            spectator = encoder.parts(state.observation_tensor(None))["zones"]
            shown = spectator[..., :-1].sum(axis=(0, 1))  # every card face up to the spectator
            for mine in zones:
                assert (shown <= mine[..., :-1].sum(axis=(0, 1))).all()


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_the_tensor_says_what_the_view_says(name: str, options: dict[str, Any]) -> None:
    """Read back: the observer's hand, whose turn, the scores, the trick, the trump and the hand number."""
    game = parlour.make(name, **options)
    encoder: Encoder = game.observation_encoder
    for state in positions(game, 5, 150):
        for seat in range(game.num_players):
            view = state.view(seat)
            part = encoder.parts(state.observation_tensor(seat))
            rel = relative_seats(game.seating(view), seat)
            if "hand" in encoder.zone_kinds:
                mine = part["zones"][encoder.zone_kinds.index("hand"), 0]
                assert mine[-1] == 0 and {
                    encoder.codes[i]: n for i, n in enumerate(mine[:-1]) if n
                } == Counter(view.hand)
            if view.to_move is not None:
                assert np.flatnonzero(part["to_move"]).tolist() == [rel[view.to_move]]
            scores = [
                view.scores[s] / game.value_scale
                for s in sorted(range(game.num_players), key=rel.__getitem__)
            ]
            assert np.allclose(part["scores"], scores)
            assert part["trick"].sum() == (len(view.trick.plays) if view.trick else 0)
            assert part["trump"].sum() == (view.trump is not None)
            assert part["hand_number"][0] * HAND_SCALE == pytest.approx(view.hand_number or 0)
            assert part["team"][0] == 1 and part["team"].sum() == len(view.teams[view.seats[seat].team])


def test_a_view_of_another_game_is_refused() -> None:
    four, two = parlour.make("bishops-whist"), parlour.make("bezique")
    with pytest.raises(ValueError, match="players"):
        two.observation_encoder.encode(four.new(seed=1).view(0))


def test_the_layouts_are_documented() -> None:
    """docs/observations.md holds the tables generated from the code (``layout_tables``); run with
    PARLOUR_WRITE_DOCS=1 to write them there again."""
    tables = layout_tables([n for n in GAMES if n != TOY])
    text = DOCS.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    if os.environ.get("PARLOUR_WRITE_DOCS"):
        rest = "\n" + tables + "\n" + END + tail
        DOCS.write_text(head + BEGIN + rest, encoding="utf-8")
    assert "\n" + tables + "\n" in rest.partition(END)[0], "regenerate with PARLOUR_WRITE_DOCS=1"
