"""Pieces the strength tests share: a benchmark script as a module, and a Roquet state that differs
from another only in what the seat to move cannot see."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from parlour.games.roquet.rules import RoquetState


def benchmark(name: str) -> Any:
    """A module of ``benchmarks/`` (not a package, so it is loaded by its path)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def unseen_swapped(state: RoquetState) -> RoquetState | None:
    """``state`` with an unknown card of the opponent's swapped with the stock's next card: the same
    view for the seat to move, another deal. None where there is nothing to swap."""
    seat = state.current_player
    assert seat is not None
    opp = 1 - seat
    unknown = [c for c in state._hand[opp] if c != state._known[opp]]
    if not unknown or not state._stock:
        return None
    other = state.clone()
    held, stocked = unknown[0], other._stock[0]
    other._set_hands(
        [h if s != opp else [stocked if c == held else c for c in h] for s, h in enumerate(other._hand)]
    )
    other._stock[0] = held
    return other
