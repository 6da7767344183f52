"""The terminal's defects a player saw after term-14 (term-15): Apology's two card points at 0 kept at
80x24 while the other seats' rows gave way, Lansquenet's bank shown in Hoyle's game (which has none),
open tarock's trick lines with a comma only beside a tarock, Lansquenet's first banker logged twice,
and Lansquenet's nine and ten purses cut at 80x24."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.cards import get_pack
from parlour.cli.terminal import TerminalGame
from parlour.web.frames import extra_fields, log_lines
from tests.test_term9 import play
from tests.test_term12 import BORDER_CUT
from tests.test_term13 import purses_named

SEAT_ROW = re.compile(r"^│ seat (\d) ", re.M)
"""A compact panel's row of another seat ("│ seat 3    15 cards in hand  ·  tricks won none")."""

ZERO = re.compile(r"^│ (taker's|defence's) card points so far +0 +│$", re.M)
"""Apology's single counts of card points, at 0."""


def test_apologys_card_points_at_0_give_way_before_a_seats_row() -> None:
    """A 4-deal Apology match at 80x24: during the burial and at the first trick of the second and
    later deals "taker's card points so far 0" and "defence's card points so far 0" (two counts at 0
    that together say nothing) were kept while the rows of seats 3 and 4 were left out. Where a seat's
    row is left out, no two such counts at 0 are kept; and the rows of all three other seats show at
    those moments."""
    screens, _ = play("apology", {}, 80, 24)
    zeros = [(kind, screen) for kind, screen in screens if len(ZERO.findall(screen)) == 2]
    assert zeros
    for _, screen in zeros:
        assert len(set(SEAT_ROW.findall(screen))) == 3, screen
    burials = [screen for kind, screen in screens if kind == "bury"]
    assert burials
    for screen in burials:
        assert len(set(SEAT_ROW.findall(screen))) == 3, screen


def lansquenet_rows(variant: str) -> list[str]:
    """The labels of the rows the terminal's whole panel shows at a Lansquenet match's first move
    (four seats), and the labels the web table is told to show (``extra_fields``)."""
    game = parlour.make("lansquenet", variant=variant)
    state = game.new(seed=1)
    view = state.view(0)
    console = Console(width=80, height=40, force_terminal=True, color_system=None, file=io.StringIO())
    table = TerminalGame(game, [0], {}, 1, console)
    fields = extra_fields(view) or []
    return [label for label, *_ in table.table_rows(view)] + [f["label"] for f in fields if f["show"]]


def test_hoyles_lansquenet_shows_no_bank() -> None:
    """Hoyle's game puts up no bank (ruling LQ-17; the seed: "the banker covers the bets"), yet its
    table showed "the bank 0" and "the bank's wins in a row" beside the banker's cover. Hoyle's table
    shows neither; its banker's deals again in a row (both hand cards matched first, ruling LQ-22) and
    each seat's turns as banker are said by those names. The classic game keeps its rows."""
    hoyle, classic = lansquenet_rows("hoyle"), lansquenet_rows("classic")
    assert "the bank" not in hoyle and "the bank's wins in a row" not in hoyle, hoyle
    assert "deals again in a row" in hoyle and "turns as banker" in hoyle, hoyle
    assert not [label for label in hoyle if re.search(r"\bbanks?\b(?!.s card)", label)], hoyle
    assert "the bank's card" in hoyle and "may still be bet" in hoyle
    assert {"the bank", "the bank's wins in a row", "banks started"} <= set(classic), classic


TRICK_LINE = re.compile(r"takes the trick \((?P<cards>[^()]*)\)")
"""An open tarock trick line's cards: "seat 2 takes the trick (K♣, tarock XVI)"."""


def test_open_tarocks_trick_lines_part_their_cards_alike() -> None:
    """Open tarock's trick lines put a comma between the two cards only where a tarock was in the
    trick: "(T♣ J♥)" against "(K♣, tarock XVI)" (a run of cards with one outside the suits is parted
    by commas, as the terminal's and the web's words name them). Every trick line, in the terminal's
    log and in the web's log words (``State.event_words``, which both read), parts its two cards with
    a comma; the logged texts (and the recorded digests) stay as they were."""
    game = parlour.make("open-tarock", pack="tarot78")
    _, text = play("open-tarock", {"pack": "tarot78"}, 80, 24)
    said = [m["cards"] for m in TRICK_LINE.finditer(text)]
    state = game.new(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    words = [line["text"] for line in log_lines(state, state.events(0)) if line["kind"] == "trick"]
    logged = [e.data["text"] for e in state.events(0) if e.kind == "trick"]
    assert len(words) == len(logged) >= 20
    said += [m["cards"] for m in map(TRICK_LINE.search, words) if m is not None]
    pack = get_pack(game.pack)
    suited = [all(pack.suit(c) for c in e.data["cards"]) for e in state.events(0) if e.kind == "trick"]
    assert any(suited) and not all(suited)  # tricks with a tarock (or the Fool) and without
    for cards in said:
        assert re.fullmatch(r"[^,]+, [^,]+", cards), cards
    assert all(re.fullmatch(r"seat \d takes the trick \(\S+ \S+\)", t) for t in logged), logged


FIRST_BANK = re.compile(r"draws highest|the first bank|takes the bank|takes the deal|deals first")
"""A log line that says who holds the first bank (or Hoyle's first deal)."""


@pytest.mark.parametrize(
    "options",
    [{}, {"variant": "hoyle"}, {"packs": 2}, {"banker": 2}],
    ids=["classic", "hoyle", "two-packs", "dealt"],
)
def test_lansquenets_first_banker_is_logged_once(options: dict[str, Any]) -> None:
    """The log said the first banker twice: "seat 4 draws highest and banks", then "seat 4 takes the
    bank" (an explicit deal: "seat 3 takes the first bank", then "seat 3 takes the bank"). It says it
    once, with why: "seat 4 draws the highest card and takes the first bank" (Hoyle's: "... and deals
    first"); the banks after the first are still logged as they are taken. The words a person reads
    (the terminal's and the web's log lines, ``log_lines``)."""
    banker = options.pop("banker", None)
    game = parlour.make("lansquenet", **options)
    state = game.new(seed=5, deal={"banker": banker} if banker is not None else None)
    said = [line["text"] for line in log_lines(state, state.events(0))]
    first = [line for line in said if FIRST_BANK.search(line)]
    assert len(first) == 1, said
    why = "draws the highest card and " if banker is None else ""
    deals = "deals first" if options.get("variant") == "hoyle" else "takes the first bank"
    assert re.fullmatch(rf"seat \d {why}{deals}", first[0]), first
    assert all(line for line in said), said  # no line left empty


@pytest.mark.parametrize("players", [9, 10])
def test_lansquenets_nine_and_ten_purses_are_whole_at_80x24(players: int) -> None:
    """Lansquenet's default match with nine and ten seats at 80x24: after three moves the purses were
    cut ("in the purse  you: 35  2: 41 ... 8: 228  9: … │"): no idle row was left to give way, and a
    game's fact less needed than the purses kept its row. The least needed rows give way where the
    purses are cut, so they wrap whole: no value is cut, and every purse row names every seat."""
    screens, text = play("lansquenet", {"players": players}, 80, 24)
    cut = [line for line in text.splitlines() if BORDER_CUT.search(line)]
    assert not cut, "\n".join(cut)
    assert purses_named(screens, players) == len(screens)
