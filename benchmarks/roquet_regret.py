"""Roquet: where in the hand the strong level loses to the cheats (issue 14).

On the model of ``bw_regret.py`` (Bishops Whist). The ``strong`` level plays one seat of the first hand
of seeded deals (the engine's seat ``k % 2`` on deal ``k``, so both seats take their turn) against the
heuristic. At each of its choices among two or more lawful actions (cards to play, and at a meld moment
each combination it may lay down and "done"), every action is also judged on the true deal:

- ``true``: by the playout cheat's judge (``playout.PlayoutCheat``, the judge the benchmark's
  ``playcheat`` uses): the true state, the stock's order known, the rest of the hand played out by the
  heuristic at both seats, the same tie-breaks for every action;
- ``hands``: by the hand cheat's judge without the stock's order (``playout.HandPlayoutCheat``): the
  true hands, the stock's cards shuffled afresh in each of ``HAND_WORLDS`` worlds, the same worlds for
  every action.

The *regret* of strong's action under a judge is the best action's judged margin (strong's points less
the opponent's, this hand) less that of strong's own. It says where strong and the judge part and what
the judge says that costs, not a margin lost: the judge assumes the heuristic at strong's seat for the
rest of the hand. ``report`` groups the regret by the two phases (stock left or not), by the kind of
choice (lead, follow, meld moment), by cards in hand, and by whether strong's action was the
heuristic's own (asked on the same view), and prints each group's share of the total.

    nice -n 10 python benchmarks/roquet_regret.py run --deals 60 --jobs 2 --out regret.json
    python benchmarks/roquet_regret.py report regret.json
    nice -n 10 python benchmarks/roquet_regret.py run --deals 30 --jobs 2 --noise --out noise.json

With ``--noise`` each choice is judged by the hand cheat's judge twice, in two draws of the stock's
order, and ``noise`` is the regret under the second of the action the first found best: what a player
who had the first judgement exactly would show, the part of ``hand_regret`` that is the judge's noise
(the best of several noisy means is biased upwards).

Measured on 7 December: the figures are in ``parlour/games/roquet/strength.md`` ("Where strong and the
cheats part").
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from parlour.engine import Rng
from parlour.engine.rng import derive_seed
from parlour.episodes import Table
from parlour.games.roquet.players import RoquetHeuristic
from parlour.games.roquet.playout import PlayoutCheat, RoquetPlayout
from parlour.games.roquet.rules import RANK_INDEX, RoquetGame, RoquetState, beats, rank_of, suit_of
from parlour.games.roquet.solver import best_melds, mask_of
from parlour.players import make_player

HAND_WORLDS = 8
"""Worlds of the true hands (the stock shuffled) in which the hand cheat's judge plays each action."""


def judge_true(state: RoquetState, seat: int, seed: int) -> dict[str, float]:
    """Each lawful action's margin for ``seat`` (to move) on the true deal, stock order known, the hand
    played on by the heuristic at both seats (the playout cheat's judgement)."""
    judge = PlayoutCheat(seed, worlds=1)
    judge.judge([state.clone()], list(state.legal_actions()), seat)
    return dict(judge.means)


def judge_hands(state: RoquetState, seat: int, seed: int, worlds: int = HAND_WORLDS) -> dict[str, float]:
    """Each lawful action's mean margin over ``worlds`` worlds holding the true hands with the stock's
    cards shuffled afresh (the same worlds for every action): the hand cheat's judgement."""
    judge = RoquetPlayout(seed, worlds=worlds)
    rng = Rng(seed)
    shuffled = []
    for _ in range(worlds):
        world = state.clone()
        rng.shuffle(world._stock)
        shuffled.append(world)
    judge.judge(shuffled, list(state.legal_actions()), seat)
    return dict(judge.means)


def kind_of(state: RoquetState) -> str:
    """``meld`` at a meld moment, else ``lead`` or ``follow``."""
    if state.phase == "meld":
        return "meld"
    return "lead" if state._led < 0 else "follow"


def decision_row(
    state: RoquetState,
    seat: int,
    chosen: str,
    heuristic: str,
    seed: int,
    hands: bool = True,
    noise: bool = False,
    dump: bool = False,
) -> dict[str, Any]:
    """One choice of ``seat`` in ``state`` (before it is made), judged both ways; with ``dump``, the
    position too (both hands, trump, table), to see what kind of lead loses."""
    true = judge_true(state, seat, seed)
    row: dict[str, Any] = {
        "kind": kind_of(state),
        "stock": state.stock_left() > 0,
        "cards": len(state._hand[seat]),
        "actions": len(true),
        "chosen": chosen,
        "heuristic": chosen == heuristic,
        "true": true,
        "regret": max(true.values()) - true[chosen],
    }
    if hands:
        means = judge_hands(state, seat, seed)
        row["hands"] = means
        row["hand_regret"] = max(means.values()) - means[chosen]
        if noise:  # the hand judge's own noise: its best action judged again in fresh worlds
            again = judge_hands(state, seat, seed + 1)
            row["noise"] = max(again.values()) - again[max(means, key=lambda a: means[a])]
    if dump:
        row["position"] = {
            "hand": list(state.hands[seat]),
            "opponent": list(state.hands[1 - seat]),
            "trump": state.trump,
            "livret": list(state.livret),
            "turn_up": state.turn_up,
            "stock_left": state.stock_left(),
            "heuristic": heuristic,
        }
    return row


def play_deal(args: tuple[int, int, str, bool, bool, bool]) -> list[dict[str, Any]]:
    """Deal ``k`` of ``seed``: ``candidate`` at seat ``k % 2`` against the heuristic; its choices
    (with ``leads``, only its leads while the stock lasts, each with its position)."""
    k, seed, candidate, hands, noise, leads = args
    table = Table("roquet", hands=1, returns="points", rng_seed=seed)
    game = table.game
    seat = k % 2
    players = [
        make_player(candidate if s == seat else "heuristic", game, derive_seed(seed, "player", k, s))
        for s in (0, 1)
    ]
    shadow = RoquetHeuristic(derive_seed(seed, "player", k, seat))  # the heuristic's action, for the record
    episode = table.new_episode(derive_seed(seed, "deal", k))
    rows: list[dict[str, Any]] = []
    while not episode.is_over:
        mover = episode.current_player
        assert mover is not None
        state = episode.state
        assert isinstance(state, RoquetState)
        view = state.view(mover)
        action = str(players[mover].choose(view, game))
        wanted = not leads or (kind_of(state) == "lead" and state.stock_left() > 0)
        if mover == seat and len(view.legal_actions) > 1 and wanted:
            row = decision_row(
                state,
                seat,
                action,
                shadow.choose(view, game),
                derive_seed(seed, "judge", k),
                hands,
                noise,
                leads,
            )
            rows.append({"deal": k, "seat": seat, **row})
        episode.apply(action)
    returns = episode.returns()
    for r in rows:
        r["points"] = returns[seat]
    return rows


def run(
    deals: int,
    seed: int,
    jobs: int,
    out: str,
    candidate: str = "strong",
    hands: bool = True,
    first: int = 0,
    noise: bool = False,
    leads: bool = False,
) -> None:
    """Play the deals and write every judged choice to ``out`` (rewritten after each deal)."""
    rows: list[dict[str, Any]] = []
    tasks = [(k, seed, candidate, hands, noise, leads) for k in range(first, deals)]

    def keep(part: list[dict[str, Any]]) -> None:
        rows.extend(part)
        if part:
            regret = sum(r["regret"] for r in part)
            print(f"deal {part[0]['deal']}: {len(part)} choices, regret {regret:.0f}", flush=True)
        with open(out, "w") as f:
            json.dump({"seed": seed, "candidate": candidate, "rows": rows}, f)

    if jobs <= 1:
        for t in tasks:
            keep(play_deal(t))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            for part in pool.map(play_deal, tasks):
                keep(part)


GROUPS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "phase": lambda r: "stock left" if r["stock"] else "stock gone",
    "kind": lambda r: r["kind"],
    "phase and kind": lambda r: ("stock left " if r["stock"] else "stock gone ") + r["kind"],
    "cards in hand": lambda r: r["cards"],
    "strong's action was the heuristic's": lambda r: "yes" if r["heuristic"] else "no",
}


def table_of(rows: list[dict[str, Any]], key: str) -> dict[str, dict[Any, dict[str, float]]]:
    """For each grouping and group: choices, share of choices, mean regret, share erred, share of regret."""
    total = sum(r[key] for r in rows) or 1.0
    out: dict[str, dict[Any, dict[str, float]]] = {}
    for name, group in GROUPS.items():
        parts: dict[Any, list[float]] = defaultdict(list)
        for r in rows:
            parts[group(r)].append(r[key])
        out[name] = {
            g: {
                "choices": len(v),
                "share_of_choices": len(v) / len(rows),
                "mean_regret": statistics.mean(v),
                "erred": sum(1 for x in v if x > 1e-9) / len(v),
                "share_of_regret": sum(v) / total,
            }
            for g, v in sorted(parts.items(), key=lambda kv: str(kv[0]))
        }
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures ``report`` prints, as a dictionary (for the JSON kept beside the rows)."""
    deals = {r["deal"] for r in rows}
    result: dict[str, Any] = {"choices": len(rows), "deals": len(deals)}
    for key in ("regret", "hand_regret", "noise"):
        if rows and key in rows[0]:
            total = sum(r[key] for r in rows)
            result[key] = {
                "total": total,
                "a_hand": total / max(len(deals), 1),
                "as_good": sum(1 for r in rows if r[key] <= 1e-9) / len(rows),
                "groups": table_of(rows, key),
            }
    return result


def lead_kinds(row: dict[str, Any]) -> dict[str, bool | str]:
    """What kind of lead ``row`` (a ``--leads`` row) was, against the hand cheat's best card: the same
    card, a trump where the best was a plain card or the other way, else higher or lower in rank;
    and, for the chosen card, whether the opponent's true hand could take it (only by trumping),
    whether it was a trump or a queen, king or castle, whether leading it broke a combination ready
    in hand, whether the best card was of another suit, and whether it was the heuristic's own."""
    position = row["position"]
    trump = position["trump"]
    chosen = row["chosen"].split()[1]
    best = max(row["hands"], key=lambda a: row["hands"][a]).split()[1]
    table = position["livret"] + ([position["turn_up"]] if position["turn_up"] else [])

    def ready(hand: list[str]) -> int:
        return best_melds(mask_of(hand), mask_of(table), RoquetGame().max_sequence, False)[0]

    takers = [c for c in position["opponent"] if beats(c, chosen, trump)]
    rest = [c for c in position["hand"] if c != chosen]
    if chosen == best:
        versus = "the best card"
    elif (suit_of(chosen) == trump) != (suit_of(best) == trump):
        versus = (
            "a trump, the best a plain card" if suit_of(chosen) == trump else "a plain card, the best a trump"
        )
    else:
        higher = RANK_INDEX[rank_of(chosen)] > RANK_INDEX[rank_of(best)]
        versus = "higher than the best, both trumps or both plain" if higher else "lower than the best, ditto"
    return {
        "versus the best": versus,
        "the opponent could take it": bool(takers),
        "only by trumping": bool(takers)
        and suit_of(chosen) != trump
        and all(suit_of(c) == trump for c in takers),
        "a trump": suit_of(chosen) == trump,
        "a queen, king or castle": RANK_INDEX[rank_of(chosen)] >= RANK_INDEX["Q"],
        "it broke a ready combination": ready(position["hand"]) > ready(rest),
        "the best card in another suit": suit_of(best) != suit_of(chosen),
        "the heuristic's card": bool(row["heuristic"]),
    }


def lead_table(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """The hand cheat's regret at the ``--leads`` rows by ``lead_kinds``: first by the chosen card
    against the best, then each kind among the leads that were not the best card (choices, share of
    all the regret, mean regret)."""
    total = sum(r["hand_regret"] for r in rows) or 1.0
    groups: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        kinds = lead_kinds(r)
        groups[f"{kinds['versus the best']}"].append(r["hand_regret"])
        if kinds["versus the best"] != "the best card":
            for name, value in kinds.items():
                if value is True:
                    groups[f"not the best: {name}"].append(r["hand_regret"])
    return {
        g: {"choices": len(v), "share_of_regret": sum(v) / total, "mean_regret": statistics.mean(v)}
        for g, v in groups.items()
    }


def report(paths: Iterable[str], out: str | None = None) -> None:
    """Print the regret's shares by phase, kind of choice, cards in hand and agreement with the
    heuristic; with ``out``, write them as JSON."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path) as f:
            rows += json.load(f)["rows"]
    figures = summary(rows)
    if rows and "position" in rows[0] and "hands" in rows[0]:
        figures["leads"] = lead_table(rows)
        print("leads while the stock lasts, by the hand cheat: choices, share of regret, mean regret")
        for g, c in figures["leads"].items():
            print(f"    {g:56s}{c['choices']:5.0f} {c['share_of_regret']:6.1%} {c['mean_regret']:6.2f}")
    print(f"{figures['choices']} choices with two or more actions in {figures['deals']} hands")
    labels = (
        ("regret", "playout cheat (stock order known)"),
        ("hand_regret", "hand cheat"),
        ("noise", "hand cheat's own noise (its best action judged again in fresh worlds)"),
    )
    for key, label in labels:
        if key not in figures:
            continue
        f = figures[key]
        print(f"\n== by the {label}: regret {f['a_hand']:.2f} a hand; as good: {f['as_good']:.0%}")
        for name, groups in f["groups"].items():
            print(f"  {name}: choices (share), mean regret, erred, share of regret")
            for g, c in groups.items():
                print(
                    f"    {g!s:22s}{c['choices']:5.0f} ({c['share_of_choices']:4.0%}) {c['mean_regret']:6.2f}"
                    f" {c['erred']:4.0%} {c['share_of_regret']:6.1%}"
                )
    if out:
        with open(out, "w") as fh:
            json.dump(figures, fh, indent=1, default=str)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--deals", type=int, default=10)
    r.add_argument("--first", type=int, default=0)
    r.add_argument("--seed", type=int, default=2026)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--candidate", default="strong")
    r.add_argument("--no-hands", action="store_true", help="skip the hand cheat's judge")
    r.add_argument("--noise", action="store_true", help="judge the hand cheat's best action again")
    r.add_argument(
        "--leads",
        action="store_true",
        help="judge only the leads while the stock lasts, with their positions",
    )
    r.add_argument("--out", required=True)
    p = sub.add_parser("report")
    p.add_argument("paths", nargs="+")
    p.add_argument("--out")
    a = parser.parse_args(argv)
    if a.command == "run":
        run(a.deals, a.seed, min(a.jobs, 2), a.out, a.candidate, not a.no_hands, a.first, a.noise, a.leads)
    else:
        report(a.paths, a.out)


if __name__ == "__main__":
    main()


__all__ = ["decision_row", "judge_hands", "judge_true", "kind_of", "play_deal", "run"]
