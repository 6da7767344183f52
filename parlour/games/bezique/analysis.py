"""Bezique figures for ``parlour simulate``: where each side's points come from, and how often it melds.

Reads only the public log: every ``score`` event carries its reason (a meld kind, "seven of trumps",
"brisques", "last trick", ...), so the split of a hand's points by source falls out directly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.engine import Game
from parlour.sim import MatchRecord, seat_label


def bezique_figures(game: Game[Any], records: Sequence[MatchRecord]) -> dict[str, Any]:
    del game
    points: list[Counter[str]] = [Counter(), Counter()]
    shown: list[Counter[str]] = [Counter(), Counter()]
    hands = 0
    for rec in records:
        for e in rec.events:
            data = e.get("data", {})
            if e["kind"] == "score":
                points[data["seat"]][str(data["reason"])] += data["points"]
            elif e["kind"] == "meld":
                shown[data["seat"]][str(data["kind"])] += 1
            elif e["kind"] == "hand_end":
                hands += 1
    per = max(hands, 1)
    # Largest first, ties by name: the order must not depend on the iteration order of a set
    # (which changes with PYTHONHASHSEED), or two runs of the same seed would differ.
    sources = sorted(set(points[0]) | set(points[1]), key=lambda k: (-(points[0][k] + points[1][k]), k))
    kinds = sorted(set(shown[0]) | set(shown[1]), key=lambda k: (-(shown[0][k] + shown[1][k]), k))
    by_source = {k: [round(points[s][k] / per, 2) for s in (0, 1)] for k in sources}
    melds = {k: [round(shown[s][k] / per, 3) for s in (0, 1)] for k in kinds}
    return {
        "hands": hands,
        "mean_hands_per_match": round(hands / len(records), 2) if records else 0.0,
        "points_per_hand_by_source": by_source,
        "melds_shown_per_hand": melds,
        "tables": [
            {
                "title": "points per hand by source",
                "columns": ["source", seat_label(0), seat_label(1)],  # (numbered from 1, as printed)
                "rows": [[k, *(f"{x:.2f}" for x in v)] for k, v in by_source.items()],
            },
            {
                "title": "melds shown per hand",
                "columns": ["meld", seat_label(0), seat_label(1)],
                # two decimals each: the column read "0.48", "0.2", "0.0", "0.04"
                "rows": [[k, *(f"{x:.2f}" for x in v)] for k, v in melds.items()],
            },
        ],
    }
