"""Golden legal-action counts (python-chess's perft, for card games).

``perft(state, depth)`` counts the sequences of ``depth`` actions that can be played from ``state``
(a range of amounts counts as its size); chance is the state's own, so the count is a fixed number
for a fixed deal. Each game keeps counts from fixed deals in ``tests/golden/<game>.perft``, one line
each: ``seed=<n> [options=<json>] [moves=<a>;<b>;...] depth=<d> nodes=<count>`` — the match dealt from
``seed``, then the ``moves`` played, then counted to ``depth``. A rule change that alters what is
legal anywhere in that tree changes the count.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import parlour
from parlour.engine import State

GOLDEN = Path(__file__).parent / "golden"


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    legal = state.legal_actions()
    ranges = state.legal_ranges()
    if depth == 1:
        return len(legal) + sum(len(r) for r in ranges)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    for r in ranges:
        for amount in range(r.low, r.high + 1):
            child = state.clone()
            child.apply(r.action(amount))
            total += perft(child, depth - 1)
    return total


@dataclass(frozen=True)
class Golden:
    game: str
    seed: int
    options: dict[str, Any]
    moves: tuple[str, ...]
    depth: int
    nodes: int

    def position(self) -> State:
        state: State = parlour.make(self.game, **self.options).new(seed=self.seed)
        for move in self.moves:
            state.apply(move)
        return state

    def line(self) -> str:
        parts = [f"seed={self.seed}"]
        if self.options:
            parts.append(f"options={json.dumps(self.options, separators=(',', ':'))}")
        if self.moves:
            parts.append("moves=" + ";".join(m.replace(" ", "_") for m in self.moves))
        parts += [f"depth={self.depth}", f"nodes={self.nodes}"]
        return " ".join(parts)


def read(game: str) -> list[Golden]:
    path = GOLDEN / f"{game}.perft"
    out = []
    for raw in path.read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = dict(part.split("=", 1) for part in raw.split(" "))
        out.append(
            Golden(
                game,
                int(fields["seed"]),
                json.loads(fields.get("options", "{}")),
                tuple(m.replace("_", " ") for m in fields["moves"].split(";")) if "moves" in fields else (),
                int(fields["depth"]),
                int(fields["nodes"]),
            )
        )
    return out


if __name__ == "__main__":  # python -m tests.perft <game> <seed> <depth> [move;move;...]: a golden line
    import sys

    game, seed, depth = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    moves = tuple(m.replace("_", " ") for m in sys.argv[4].split(";")) if len(sys.argv) > 4 else ()
    probe = Golden(game, seed, {}, moves, depth, 0)
    print(Golden(game, seed, {}, moves, depth, perft(probe.position(), depth)).line())
