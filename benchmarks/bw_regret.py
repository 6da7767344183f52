"""Bishops Whist: where in the hand the strong level loses to the playout cheat (issue 14).

The strong level plays the engine's seat 0 (the tables' seat 1) of whole matches against the rules of
thumb; at each of its card decisions with a choice, every lawful card is also played out on the true
deal, every seat by the rules of thumb (the playout cheat's judgement,
``strength_bishops_whist.PlayoutCheatPlayer.playout``). The *regret* of strong's card is the best
card's margin there less its own's: zero where strong played a card the cheat would have (or one as
good). ``run`` writes every decision to JSON; ``report`` groups
the regret by cards in hand and by leading or following, and says how sure strong was where it erred
(its own mean margin of the card it chose less that of the cheat's card, over its worlds).

A regret is not a margin lost: the cheat's judgement assumes the rules of thumb at strong's own seat
for the rest of the hand, and a card given up early may be won back later. It says where the two
disagree, and how much the truth says that costs.

    PYTHONPATH=build/compiled:$PWD python benchmarks/bw_regret.py run SEED MATCHES OUT.json
    python benchmarks/bw_regret.py report OUT.json [MORE.json ...]

Measured on 6 December (compiled build; seeds 7 and 8, 30 matches each): the figures are in
``parlour/games/bishops_whist/strength.md`` ("Where strong and the cheat part").
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from typing import Any

from parlour.games.bishops_whist.players import HeuristicPlayer, PlayoutPlayer, Table
from parlour.games.bishops_whist.rules import PHASE_PLAY, BishopsWhist
from parlour.players import make_player

sys.path.insert(0, "benchmarks")
from strength_bishops_whist import PlayoutCheatPlayer


def run(seed: int, matches: int, out: str) -> None:
    """Play ``matches`` matches (strong at seat 0, the rules of thumb elsewhere) and write every choice
    strong made among two or more lawful cards, with each card's margin on the true deal."""
    game = BishopsWhist()
    cheat = PlayoutCheatPlayer(game, 0)
    rows: list[dict[str, Any]] = []
    for m in range(matches):
        state = game.new(seed=seed * 1000 + m)
        strong = make_player("strong", game, seed * 1000 + m)
        assert isinstance(strong, PlayoutPlayer)
        rules = [HeuristicPlayer(game, seed * 1000 + m + s) for s in range(4)]
        regret = 0.0
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            view = state.view(mover)
            if mover != 0:
                state.apply(rules[mover].choose(view, game), seat=mover)
                continue
            action = strong.choose(view, game)
            lawful = set(Table(view, game).lawful())
            plays = [a for a in view.legal_actions if a.startswith("play ") and a[5:] in lawful]
            if view.extra.phase == PHASE_PLAY and len(plays) > 1:
                values: dict[str, float] = {}
                for play in plays:
                    world = state.clone()
                    world.apply(play, seat=0)
                    values[play] = cheat.playout(world, 0)
                means = {} if strong.last is None else {f"play {c}": v for c, v in strong.last.means.items()}
                rows.append(
                    {
                        "match": m,
                        "hand": view.hand_number,
                        "left": len(view.hand),
                        "lead": view.trick is None or not view.trick.plays,
                        "chosen": action,
                        "regret": max(values.values()) - values[action],
                        "values": values,
                        "means": means,
                    }
                )
                regret += rows[-1]["regret"]
            state.apply(action, seat=0)
        print(f"match {m}: regret {regret:.0f}", flush=True)
    with open(out, "w") as f:
        json.dump(rows, f)


def report(paths: list[str]) -> None:
    """The regret by cards in hand, leading and following, and how sure strong was where it erred."""
    rows: list[dict[str, Any]] = []
    hands: set[tuple[int, int, int]] = set()
    for i, path in enumerate(paths):
        with open(path) as f:
            part: list[dict[str, Any]] = json.load(f)
        rows += part
        hands |= {(i, r["match"], r["hand"]) for r in part}
    total = sum(r["regret"] for r in rows)
    a_hand = total / max(len(hands), 1)
    print(f"{len(rows)} decisions with a choice; total regret {total:.0f}, {a_hand:.2f} a hand")
    groups: dict[tuple[int, bool], list[float]] = defaultdict(list)
    for r in rows:
        groups[(r["left"], r["lead"])].append(r["regret"])
    print("cards  | leads: n, mean regret, erred, share of all | follows: n, mean regret, erred, share")
    for left in sorted({k[0] for k in groups}, reverse=True):
        cells = []
        for lead in (True, False):
            g = groups.get((left, lead), [])
            if not g:
                cells.append("-")
                continue
            erred = sum(1 for x in g if x > 0) / len(g)
            cells.append(f"{len(g):4d} {statistics.mean(g):5.2f} {erred:4.0%} {sum(g) / total:5.1%}")
        print(f"{left:5d}  | {cells[0]:28s} | {cells[1]}")
    sure = []
    for r in rows:
        best = max(r["values"], key=r["values"].get)
        if r["regret"] > 0 and best in r["means"] and r["chosen"] in r["means"]:
            sure.append(r["means"][r["chosen"]] - r["means"][best])
    if sure:
        close = sum(1 for s in sure if s < 0.25) / len(sure)
        print(
            f"where strong erred ({len(sure)}): its worlds put its card {statistics.mean(sure):.2f} a hand "
            f"above the cheat's on average (median {statistics.median(sure):.2f}); within 0.25: {close:.0%}"
        )


def main(argv: list[str]) -> None:
    if argv[:1] == ["run"] and len(argv) == 4:
        run(int(argv[1]), int(argv[2]), argv[3])
    elif argv[:1] == ["report"] and len(argv) >= 2:
        report(argv[1:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
