"""Lansquenet figures for ``parlour simulate``: each seat's final chips, its spread and its risk of ruin."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from parlour.engine import Game
from parlour.games.lansquenet.odds import lansquenet_odds
from parlour.sim import MatchRecord, interval_text, seat_label, wilson

_TAKES = ("banker", "buy")
"""Events of a seat taking the bank: by its turn in the rotation, or by buying it."""


def lansquenet_figures(game: Game[Any], records: Sequence[MatchRecord]) -> dict[str, Any]:
    """Final chips per seat (mean, standard deviation, range), the chance of going broke, and how
    the deals fell (same-rank starts, bank wins), read from the public events."""
    n = len(records)
    seats: list[dict[str, Any]] = []
    rows: list[list[Any]] = []
    for s in range(game.num_players):
        finals = [r.scores[s] for r in records]
        broke = sum(1 for v in finals if v <= 0)
        lo, hi = wilson(broke, n)
        banked = sum(
            1 for r in records for e in r.events if e["kind"] in _TAKES and e["data"].get("seat") == s
        )
        mean = statistics.fmean(finals) if finals else 0.0
        spread = statistics.stdev(finals) if n > 1 else None  # of one match, none (it said 0.0)
        seat = {
            "seat": s,
            "mean_chips": mean,
            "sd_chips": spread,
            "min_chips": min(finals, default=0.0),
            "max_chips": max(finals, default=0.0),
            "broke": broke / n if n else 0.0,
            "broke_interval": [lo, hi],
            "banks_per_match": banked / n if n else 0.0,
        }
        seats.append(seat)
        rows.append(
            [
                seat_label(s),  # as the table numbers it ("seat" of ``seats`` is the engine's, from 0)
                f"{mean:.1f}",
                "-" if spread is None else f"{spread:.1f}",
                interval_text(min(finals, default=0.0), max(finals, default=0.0), ".0f"),  # as beside it
                f"{seat['broke']:.1%}",
                interval_text(lo, hi, ".1%"),
                f"{seat['banks_per_match']:.2f}",
            ]
        )
    played = [e for r in records for e in r.events if e["kind"] == "hand_end" and not e["data"].get("void")]
    same = sum(1 for e in played if e["data"].get("same_rank"))
    classic = [e for e in played if "bank_wins" in e["data"]]
    bank_won = sum(1 for e in classic if e["data"]["bank_wins"])
    deals = {
        "deals": len(played),
        "deals_per_match": len(played) / n if n else 0.0,
        # none in Hoyle's game (NaN, which --json wrote as no JSON a strict reader takes)
        "same_rank": same / len(classic) if classic else None,
        "same_rank_interval": list(wilson(same, len(classic))) if classic else None,
        "bank_won": bank_won / len(classic) if classic else None,
    }
    packs = int(game.options.get("packs", 1))
    odds = lansquenet_odds(packs)
    stock = "pack" if packs == 1 else f"shoe of {packs}"
    exact = f"{odds.same_rank.numerator}/{odds.same_rank.denominator} = {float(odds.same_rank):.2%}"
    deal_rows = [["deals per match", f"{deals['deals_per_match']:.2f}"]]
    if classic:
        deal_rows += [
            ["same-rank starts", f"{deals['same_rank']:.2%} (exact from a fresh {stock}: {exact})"],
            ["deals the bank won", f"{deals['bank_won']:.1%}"],
        ]
    return {
        "seats": seats,
        "deals": deals,
        "tables": [
            {
                "title": "final chips per seat",
                # the interval named as the broke rate's: a lone "95% interval" read as the chips' own
                "columns": [
                    "seat",
                    "mean",
                    "spread (sd)",
                    "range",
                    "broke",
                    "broke, 95% interval",
                    "banks a match",  # (wrapping at its words: "banks/match" was cut in 80 columns)
                ],
                "rows": rows,
            },
            {"title": "the deals", "columns": ["figure", "value"], "rows": deal_rows},
        ],
    }
