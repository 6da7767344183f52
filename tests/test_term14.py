"""No value cut at the compact table's border at 80x24 over every game's default match and each option
that changes its table (term-14). test_term12 and test_term13 counted the cut values over one seeded
short match a game; a 4-deal Apology match cut the taker's row ("… tricks won none  ·  escaped…"),
Roquet's other seat's meld, Bezique's melds under its two meld options, Lansquenet's purses with nine
and ten seats, and Bishops Whist's exposed cards under the table laws."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text

from parlour.cli.terminal import TerminalGame
from tests.test_term9 import play
from tests.test_term12 import BORDER_CUT

WIDE: dict[str, tuple[str, dict[str, Any]]] = {
    "apology": ("apology", {}),
    "apology-one-deal": ("apology", {"deals": 1}),
    "apology-thrown-in-redealt": ("apology", {"thrown_in": "redealt"}),
    "apology-oudlers-cards": ("apology", {"oudlers": "cards"}),
    "apology-oudlers-not-buried": ("apology", {"bury_oudlers": False}),
    "apology-unpaid-lapse": ("apology", {"unpaid": "lapse"}),
    "apology-burial-all": ("apology", {"burial_shown": "all"}),
    "bezique": ("bezique", {}),
    "bezique-winner-higher": ("bezique", {"winner": "higher"}),
    "bezique-alt-bezique": ("bezique", {"alt_bezique": True}),
    "bezique-fours-one-per-suit": ("bezique", {"fours_one_per_suit": True}),
    "bezique-carte-blanche": ("bezique", {"carte_blanche": True}),
    "bezique-melds-several": ("bezique", {"melds_per_trick": "several"}),
    "bezique-last-trick-final": ("bezique", {"last_trick": "final"}),
    "bezique-last-trick-both": ("bezique", {"last_trick": "both"}),
    "bezique-seven-a-meld": ("bezique", {"seven_counts_as_meld": True}),
    "bezique-seven-not-scored": ("bezique", {"played_seven_scores": False}),
    "bezique-table-laws": ("bezique", {"table_laws": True}),
    "bezique-reuse-greater": ("bezique", {"reuse": "greater"}),
    "bishops-whist": ("bishops-whist", {}),
    # the table laws' default match ran 5,373 moves of the person (7 minutes): three hands show them
    "bishops-whist-table-laws": ("bishops-whist", {"laws": "table", "hand_limit": 3}),
    "bishops-whist-partners-cut": ("bishops-whist", {"partners": "cut"}),
    "bishops-whist-irregular-leader": ("bishops-whist", {"irregular_trick": "leader"}),
    "bishops-whist-void-revoke-only": ("bishops-whist", {"void_knight": "revoke-only"}),
    "bishops-whist-tie-draw": ("bishops-whist", {"tie": "draw"}),
    "bishops-whist-revoking-loses": ("bishops-whist", {"revoking_side": "opponents-win"}),
    "bishops-whist-misdeals": ("bishops-whist", {"misdeal_chance": 0.3}),
    **{f"lansquenet-{n}": ("lansquenet", {"players": n}) for n in range(2, 11)},
    "lansquenet-hoyle": ("lansquenet", {"variant": "hoyle"}),
    "lansquenet-twins": ("lansquenet", {"twins": True}),
    "lansquenet-no-takeout": ("lansquenet", {"takeout": False}),
    "lansquenet-two-packs": ("lansquenet", {"packs": 2}),
    "lansquenet-deals": ("lansquenet", {"length": "deals"}),
    "open-tarock": ("open-tarock", {}),
    "open-tarock-tarot78": ("open-tarock", {"pack": "tarot78"}),
    "open-tarock-literal": ("open-tarock", {"short_batch": "literal"}),
    "roquet": ("roquet", {}),
    "roquet-refill-one": ("roquet", {"refill": "one"}),
    "roquet-livret-refill": ("roquet", {"livret_refill": True}),
    "roquet-turn-up-stock": ("roquet", {"turn_up": "stock"}),
    "roquet-one-meld": ("roquet", {"melds_per_trick": "one"}),
    "roquet-tie-draw": ("roquet", {"tie": "draw"}),
}
"""Each game's default match played to its end and each option that changes what its table shows:
Apology's four deals and one, Bezique to 1,000, Lansquenet's two to ten seats and its variants. Before
term-14 the same matches (Bishops Whist's table laws over their default match) cut 135 lines: Apology 6,
Bezique 26, Bishops Whist 75, Lansquenet 7, Roquet 21."""


DEFAULT_RUN = ("apology", "bezique-seven-a-meld", "bishops-whist-table-laws", "roquet", "lansquenet-8")
"""The cases of the default run, one for each fix of term-14 (the taker's row, the melds by their count,
the partner's exposed cards, the meld by its name, the long labels); the whole sweep took 7m40s on two
workers, so the other cases run with ``-m soak``."""


def _case(case: str) -> Any:
    marks = [] if case in DEFAULT_RUN else [pytest.mark.soak]
    return pytest.param(case, marks=marks, id=case)


@pytest.mark.parametrize("case", [_case(c) for c in WIDE])
def test_no_value_is_cut_at_80x24(case: str) -> None:
    """A whole match at 80x24 shows no value cut at the border ("… │"): each is whole, wrapped onto a
    row that says nothing at the move (a count at 0) given up for it, or said shorter ("13 cards in hand
    · buried 6 cards" where two spaces each side of "·" cut "escaped…"; Roquet's meld by its name and
    points, "sequence of three, 3 points", its cards under ``table``; "3 (partner): 2 … 6♥")."""
    name, options = WIDE[case]
    screens, text = play(name, options, 80, 24)
    assert screens
    cut = [line for line in text.splitlines() if BORDER_CUT.search(line)]
    assert not cut, "\n".join(cut)


def test_a_partner_is_said_without_the_word_seat_where_a_row_is_tight() -> None:
    """A partner's value in a row of many seats: "3 (partner): 2 … 6♥" where "seat 3 (partner): …" cut
    the fourth seat's exposed cards; a side ("seat 2 & seat 4") and "you" stay as they are."""
    said = [TerminalGame.seatless(Text(p)).plain for p in ("seat 3 (partner): 1", "you: 2", "seat 2: 3")]
    assert said == ["3 (partner): 1", "you: 2", "2: 3"]
    assert TerminalGame.seatless(Text("seat 2 & seat 4: 1")).plain == "seat 2 & seat 4: 1"
