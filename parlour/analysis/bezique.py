"""Bezique figures for ``parlour simulate``: where the points come from, and how often each meld is made.

Reads only the public log: every ``score`` event carries its reason (a meld kind, "seven of trumps",
"brisques", "last trick", ...), so the split of a hand's points by source falls out directly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.engine import Game
from parlour.sim import MatchRecord, register_analyzer


@register_analyzer("bezique")
def bezique_figures(game: Game, records: Sequence[MatchRecord]) -> dict[str, Any]:
    del game
    points: Counter[str] = Counter()
    declared: Counter[str] = Counter()
    hands = 0
    for rec in records:
        for e in rec.events:
            data = e.get("data", {})
            if e["kind"] == "score":
                points[str(data["reason"])] += data["points"]
            elif e["kind"] == "meld":
                declared[str(data["kind"])] += 1
            elif e["kind"] == "hand_end":
                hands += 1
    per_hand = {k: round(v / hands, 2) for k, v in sorted(points.items())} if hands else {}
    melds = {k: round(v / hands, 3) for k, v in sorted(declared.items())} if hands else {}
    return {
        "hands": hands,
        "mean_hands_per_match": round(hands / len(records), 2) if records else 0.0,
        "points_per_hand_by_source": per_hand,
        "melds_shown_per_hand": melds,
    }
