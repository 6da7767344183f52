"""The published JSON Schemas (docs/schema) are what the types say, and every view and event fits them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.engine.schema import event_schema, view_schema
from parlour.players import make_player

jsonschema = pytest.importorskip(
    "jsonschema", reason="the schema tests need jsonschema (pip install -e '.[test]')"
)

DOCS = Path(__file__).parent.parent / "docs" / "schema"
GAMES = [info.name for info in parlour.list_games()]


@cache
def published(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DOCS / name).read_text())
    return data


@pytest.mark.parametrize("game", GAMES)
def test_the_published_view_schema_is_the_generated_one(game: str) -> None:
    generated = json.loads(json.dumps(view_schema(parlour.game_class(game)), sort_keys=True))
    assert published(f"view.{game}.json") == generated, "run: parlour schema --write docs/schema"


def test_the_published_event_schema_is_the_generated_one() -> None:
    assert published("event.json") == json.loads(json.dumps(event_schema(), sort_keys=True))


@pytest.mark.parametrize("game", GAMES)
def test_every_view_and_event_of_a_match_fits_the_published_schema(game: str) -> None:
    g = parlour.make(game)
    views = jsonschema.Draft202012Validator(published(f"view.{game}.json"))
    events = jsonschema.Draft202012Validator(published("event.json"))
    state = g.new()  # live: the record's chance events too
    players = [make_player("random", g, s) for s in range(g.num_players)]
    steps = 0
    while not state.is_over and steps < 400:
        for seat in [None, *range(g.num_players)]:
            views.validate(state.view(seat).to_dict())
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat), g))
        steps += 1
    for seat in [None, *range(g.num_players)]:
        views.validate(state.view(seat).to_dict())
    for event in state.log:
        events.validate(event.to_dict())
