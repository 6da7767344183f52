"""How strong the Bezique players are: duplicate deals against the heuristic player.

    python benchmarks/strength_bezique.py --deals 50 [--jobs 2] [--seed 0]
        [--only strong,old,normal,easy,cheat,handcheat] [--out margins.json]

Every candidate plays the same deals (the same seed) against the heuristic, so two candidates can be
compared deal by deal: the script prints, besides each line, the paired difference of each candidate
with the previous strong player (``old``) and the share of the cheats' margins it recovers.

Candidates: ``strong``, ``normal``, ``easy`` (the levels); ``old``: the strong player as it was before
(the rule of thumb's four best cards, 480 playouts, the rule of thumb's declarations); ``cheat``: sees
every card (the opponent's hand and the talon's order) and plays each legal card out once on the true
state; ``handcheat``: sees the opponent's hand but not the talon's order (no fair player can know
that), and searches like ``cheat`` over deals of the talon alone (every legal card, 480 playouts).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import parlour
from parlour.duplicate import DealResult, duplicate, interval
from parlour.duplicate import paired as paired_margins
from parlour.duplicate import share as share_of
from parlour.engine import Game, Rng, State
from parlour.engine.rng import derive_seed
from parlour.games.bezique.players import EXACT_TALON, BeziqueView, HeuristicPlayer, SearchPlayer
from parlour.games.bezique.rules import BeziqueState, Phase
from parlour.games.bezique.search import Rules, Sim, card_id


class CheatingPlayer:
    """Benchmark only: the search player's playouts on the true state (every card seen), one per card."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.heuristic = HeuristicPlayer(game)
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}

    def choose_state(self, state: State, seat: int) -> str:
        assert isinstance(state, BeziqueState)
        legal = state.legal_actions()
        if state.phase is not Phase.TALON or len(legal) == 1:
            return self.heuristic.choose(state.view(seat), self.game)
        rules = Rules(self.game, state.trump)
        start = Sim.of(state, rules)
        exact = start.talon_left() <= EXACT_TALON
        best, best_v = legal[0], -(1 << 30)
        for a in legal:
            sim = start.copy()
            sim.play(seat, card_id(a.split()[1]))
            sim.finish()
            sim.last_eight(exact, self.memo)
            v = sim.pts[seat] - sim.pts[1 - seat]
            if v > best_v:
                best, best_v = a, v
        return best


class HandCheatingPlayer(SearchPlayer):
    """Benchmark only: the search over every legal card, on worlds that hold the opponent's true hand
    and a random order of the talon's true cards (it knows what the opponent holds, not what comes)."""

    truth: BeziqueState | None = None

    def choose_state(self, state: State, seat: int) -> str:
        assert isinstance(state, BeziqueState)
        self.truth = state
        return self.choose(state.view(seat), self.game)

    def world(self, view: BeziqueView, game: Game[Any], rng: Rng) -> BeziqueState:
        assert self.truth is not None
        w = self.truth.clone()
        rng.shuffle(w.stock)
        return w


def cheat(game: Game[Any], seed: int) -> CheatingPlayer:
    del seed
    return CheatingPlayer(game)


def handcheat(game: Game[Any], seed: int) -> HandCheatingPlayer:
    return HandCheatingPlayer(game, seed, 480, width=None)


def old(game: Game[Any], seed: int) -> SearchPlayer:
    """The strong player before issue 14's second round: 480 playouts, four cards, no declarations."""
    return SearchPlayer(game, seed, 480)


SPECS: dict[str, Any] = {"cheat": cheat, "handcheat": handcheat, "old": old}


Margins = dict[int, float]
"""A candidate's margin on each deal it played, by the deal's number (deal ``k`` of a seed is the same
cards whatever the number of deals asked for)."""


def common(a: Margins, b: Margins) -> list[tuple[float, float]]:
    return [(a[k], b[k]) for k in sorted(a) if k in b]


def summary(m: Margins) -> str:
    mean, h = interval(list(m.values()))
    return f"{mean:+.1f} ± {h:.1f} ({len(m)} deals)"


def paired(a: Margins, b: Margins) -> str:
    """Mean and 95% interval of ``a - b`` deal by deal, over the deals both played."""
    pairs = common(a, b)
    m, h = paired_margins([x for x, _ in pairs], [y for _, y in pairs])
    return f"{m:+.1f} ± {h:.1f} ({len(pairs)} deals)"


def share(a: Margins, b: Margins) -> str:
    """``a``'s mean as a share of ``b``'s over the deals both played, with a rough 95% range (delta
    method on the paired deals: ``parlour.duplicate.share``)."""
    pairs = common(a, b)
    try:
        r, h = share_of([x for x, _ in pairs], [y for _, y in pairs])
    except ValueError:
        return "n/a"
    return f"{100 * r:.0f}% ({100 * (r - h):.0f}% to {100 * (r + h):.0f}%, {len(pairs)} deals)"


def progressive(name: str, deals: int, seed: int, jobs: int, path: str) -> None:
    """Like ``duplicate``, but each deal's margin is appended to ``path`` (JSON lines) as soon as it is
    known, so that a long run on a busy machine leaves its first deals behind if stopped."""

    def write(deal: DealResult) -> None:
        row = {"name": name, "k": deal.k, "margin": deal.margin, "seconds": deal.seconds, "moves": deal.moves}
        with open(path, "a") as f:
            f.write(json.dumps(row) + "\n")

    duplicate(
        "bezique",
        SPECS.get(name, name),
        deals=deals,
        seed=seed,
        seats=(0, 1),
        jobs=max(1, jobs),
        on_deal=write,
    )


def load(path: str) -> dict[str, Margins]:
    """Margins saved by ``--out`` (a JSON object of lists) or ``--progressive`` (JSON lines)."""
    out: dict[str, Margins] = {}
    with open(path) as f:
        text = f.read()
    if path.endswith(".jsonl"):
        for line in text.splitlines():
            row = json.loads(line)
            out.setdefault(row["name"], {})[int(row["k"])] = float(row["margin"])
    else:
        for name, margins in json.loads(text).items():
            out[name] = dict(enumerate(float(x) for x in margins))
    return out


def timing(hands: int, levels: list[str]) -> None:
    """Processor seconds a move of each level (about what it takes on an idle machine), on the
    positions of ``hands`` hands played by the heuristic: every choice of seat 0 with more than one
    legal action, talon, declarations and last eight alike (no clock: the budget in playouts alone)."""
    game = parlour.make("bezique")
    heuristic = HeuristicPlayer(game)
    spent = dict.fromkeys(levels, 0.0)
    moves = 0
    for k in range(hands):
        state = game.new(seed=derive_seed(0, "timing", k))
        players = {lv: parlour.players.make_player(lv, game, k) for lv in levels}
        while state.current_player is not None and state.hand_number == 1:
            seat = state.current_player
            view = state.view(seat)
            if seat == 0 and len(view.legal_actions) > 1:
                moves += 1
                for lv, p in players.items():
                    t = time.process_time()
                    p.choose(view, game)
                    spent[lv] += time.process_time() - t
            state.apply(heuristic.choose(view, game))
    for lv in levels:
        print(f"{lv}: {spent[lv] / moves:.3f} processor seconds a move ({moves} moves, {hands} hands)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", default="strong,old,normal,easy,cheat,handcheat", help="comma-separated")
    ap.add_argument("--out", default="", help="write every deal's margins to this JSON file")
    ap.add_argument("--load", nargs="*", default=[], help="compare the margins of earlier --out files")
    ap.add_argument("--progressive", default="", help="append each deal's margin to this .jsonl file")
    ap.add_argument("--timing", type=int, default=0, help="only time the levels' moves over this many hands")
    args = ap.parse_args(argv)
    if args.timing:
        timing(args.timing, ["easy", "heuristic", "normal", "strong"])
        return 0
    results: dict[str, Margins] = {}
    for path in args.load:
        for name, m in load(path).items():
            results.setdefault(name, {}).update(m)
    if args.progressive:
        for name in args.only.split(","):
            progressive(name, args.deals, args.seed, args.jobs, args.progressive)
        return 0
    for name in args.only.split(",") if not args.load else []:
        spec: Any = SPECS.get(name, name)
        r = duplicate("bezique", spec, "heuristic", deals=args.deals, seed=args.seed, jobs=args.jobs)
        results[name] = dict(enumerate(r.margins))
        print(f"{name}: {r.line()}", flush=True)
        if args.out:
            with open(args.out, "w") as f:
                json.dump({k: [v[i] for i in sorted(v)] for k, v in results.items()}, f)
    for name, m in results.items():
        print(f"{name} vs heuristic: {summary(m)}")
    for name, m in results.items():
        if name != "old" and "old" in results:
            print(f"{name} - old, deal by deal: {paired(m, results['old'])}")
        for c in ("cheat", "handcheat"):
            if name != c and c in results:
                print(f"{name} recovers {share(m, results[c])} of {c}'s margin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
