"""Lansquenet's whole sessions: µs an action by text and by ids, deals a second, ``clone()`` and a state's
memory, for the classic game and Hoyle's (one pack and a shoe of six).

``bench_games.py`` times one deal from a fresh session, most of it the session's set-up (the draw for
the first bank, the first shuffle); here random sessions play to their end, the amounts drawn small
(a bank or bet of 1 to 10 chips, so that sessions last), the log read only at the end. It uses only
the State API, so ``compare.py``'s way of running two checkouts works for it too:

    python benchmarks/bench_lansquenet.py [--seconds 1] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import parlour

sys.path.insert(0, __file__.rpartition("/")[0])
from bench_games import memory_bytes, time_it

CASES: dict[str, dict[str, Any]] = {
    "classic": {},
    "classic shoe": {"packs": 6},
    "hoyle": {"variant": "hoyle"},
}


def _choose(state: Any, rng: random.Random) -> tuple[str, int]:
    """A random legal action, as text and as its id (read off the action space, no text parsed)."""
    legal = state.legal_actions()
    ranges = state.legal_ranges()
    space = state.game.id_space
    k = rng.randrange(len(legal) + len(ranges))
    if k < len(legal):
        return str(legal[k]), space.ids[legal[k]]
    r = ranges[k - len(legal)]
    amount = rng.randint(r.low, min(r.high, r.low + 9))
    start, low, _ = space.amounts[r.verb]
    return f"{r.verb} {amount}", start + amount - low


def session(game: Any, rng: random.Random, ids: bool) -> tuple[int, int]:
    """A random session to its end, by text or by ids: its actions and deals."""
    state = game.new(seed=rng.getrandbits(62))
    actions = 0
    while not state.is_over:
        text, action_id = _choose(state, rng)
        if ids:
            state.apply_id(action_id)
        else:
            state.apply(text)
        actions += 1
    state.log  # noqa: B018 - the log made once, at the end
    return actions, state.hand_number


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per workload")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for name, options in CASES.items():
        game = parlour.make("lansquenet", **options)
        figures: dict[str, Any] = {}
        for way in ("text", "ids"):
            rng, actions, deals = random.Random(7), 0, 0
            start = time.perf_counter()
            while time.perf_counter() - start < args.seconds:
                a, d = session(game, rng, way == "ids")
                actions, deals = actions + a, deals + d
            took = time.perf_counter() - start
            figures[f"{way}_us_per_action"] = 1e6 * took / actions
            figures[f"{way}_deals_per_second"] = deals / took
        state, rng = game.new(seed=3), random.Random(3)
        for _ in range(40):  # a state some deals into a session
            if not state.is_over:
                state.apply(_choose(state, rng)[0])
        figures["clone_us"] = 1e6 * time_it(state.clone, args.seconds / 2)
        figures["memory_bytes"] = memory_bytes(state)
        out[name] = figures
        text = f"{figures['text_us_per_action']:6.1f} µs/a {figures['text_deals_per_second']:6.0f} deals/s"
        ids = f"{figures['ids_us_per_action']:6.1f} µs/a {figures['ids_deals_per_second']:6.0f} deals/s"
        size = f"clone {figures['clone_us']:5.1f} µs | memory {figures['memory_bytes'] / 1000:5.1f} KB"
        print(f"{name:13} text {text} | ids {ids} | {size}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
