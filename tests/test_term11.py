"""The terminal's last rough edges (term-11): at 80x24 the compact table's labels read whole (Bishops
Whist's "the dealer still holds the …", Lansquenet's "the bank's card, last d…" wrap between their
words instead), and a short window's table is found without drawing the same layouts again and again."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.test_term9 import SHORT, play

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    **{name: (name, options) for name, options in SHORT.items()},
    "lansquenet-4": ("lansquenet", {"players": 4, "length": "deals", "deals": 3}),
    "lansquenet-10": ("lansquenet", {"players": 10, "length": "deals", "deals": 3}),
}
"""Each game's seeded match, Lansquenet with four and with ten players."""

CUT_LABEL = re.compile(r"^│ [^│]*…  +[^ │]", re.M)
"""A panel's row whose label ends in "…" (a value cut at the border ends in "… │")."""


@pytest.mark.parametrize("case", list(CASES))
def test_no_label_is_cut_at_80x24(case: str) -> None:
    """Every screen of each game's seeded match at 80x24 (the compact table where the whole one does
    not fit) shows its labels whole: "the dealer still holds the …", "bishop cut: a point to the …",
    "chips won in the last d…", "the bank's card, last d…" and "the players' card, last…" were cut."""
    name, options = CASES[case]
    screens, text = play(name, options, 80, 24)
    assert screens
    assert "compact: 'table' shows all" in text or name == "open-tarock"  # its whole table fits
    cut = sorted({m[0] for m in CUT_LABEL.finditer(text)})
    assert not cut, cut


def test_bishops_whists_long_labels_wrap_whole() -> None:
    """Bishops Whist's two long labels read whole at 80x24, wrapped between their words onto a second
    row beside their value, and the screen still fits the window."""
    screens, _ = play("bishops-whist", SHORT["bishops-whist"], 80, 24)
    held = [s for _, s in screens if "the dealer still holds" in s]
    assert held
    for screen in held:
        assert re.search(r"^│ the dealer still holds the +(yes|no) +│\n│ turn-up +│$", screen, re.M), screen
        assert re.search(r"^│ bishop cut: a point to the +(yes|no) +│\n│ dealer's side +│$", screen, re.M)
        assert screen.count("\n") + 1 <= 24, screen


def test_lansquenets_last_deal_labels_wrap_whole() -> None:
    """Lansquenet with ten players at 80x24: the last deal's cards are named whole."""
    _, text = play("lansquenet", CASES["lansquenet-10"][1], 80, 24)
    assert re.search(r"^│ the bank's card, last +\S+ +│\n│ deal +│$", text, re.M), text
    assert re.search(r"^│ the players' card, last +\S+ +│\n│ deal +│$", text, re.M), text
