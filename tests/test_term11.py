"""The terminal's last rough edges (term-11): at 80x24 the compact table's labels read whole (Bishops
Whist's "the dealer still holds the …", Lansquenet's "the bank's card, last d…"), a value cut at the
border is whole where rows are spare, a short window's table is found without drawing layout after
layout, and words a newcomer met playing Roquet and Apology at 80x24."""

from __future__ import annotations

import io
import re
from collections.abc import Collection, Sequence
from typing import Any

import pytest
from rich.console import Console, ConsoleOptions, RenderResult
from rich.panel import Panel
from rich.text import Text

import parlour
from parlour.engine.views import View
from parlour.players import make_player
from tests.test_term9 import SHORT, Measured, play

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    **{name: (name, options) for name, options in SHORT.items()},
    "lansquenet-4": ("lansquenet", {"players": 4, "length": "deals", "deals": 3}),
    "lansquenet-10": ("lansquenet", {"players": 10, "length": "deals", "deals": 3}),
}
"""Each game's seeded match, Lansquenet with four and with ten players."""

BORDER_CUT = re.compile(r"…(?= *│?$)", re.M)
"""A value cut at the panel's border, or a line under it cut at the window's edge."""

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


def test_bishops_whists_long_labels_read_whole_on_their_rows() -> None:
    """Bishops Whist's two long labels read whole at 80x24 on one row each, their short values
    beside them in a column of their own (wrapped onto a second row, they left out the other seats'
    rows, which test_review8 keeps); the screen still fits the window."""
    screens, _ = play("bishops-whist", SHORT["bishops-whist"], 80, 24)
    held = [s for _, s in screens if "the dealer still holds" in s]
    assert held
    for screen in held:
        holds = re.search(r"^│ the dealer still holds the turn-up +(yes|no) +│$", screen, re.M)
        cut = re.search(r"^│ bishop cut: a point to the dealer's side +(yes|no) +│$", screen, re.M)
        assert holds and cut, screen
        assert holds.start(1) - holds.start() == cut.start(1) - cut.start(), screen  # one column
        assert re.search(r"^│ seat 2 +\d+ cards? in hand", screen, re.M), screen
        assert screen.count("\n") + 1 <= 24, screen


def test_lansquenets_last_deal_labels_read_whole() -> None:
    """Lansquenet with ten players at 80x24: the last deal's cards are named whole ("the bank's card,
    last d…"), on one row each."""
    _, text = play("lansquenet", CASES["lansquenet-10"][1], 80, 24)
    assert re.search(r"^│ the bank's card, last deal +\S+ +│$", text, re.M), text
    assert re.search(r"^│ the players' card, last deal +\S+ +│$", text, re.M), text
    assert re.search(r"^│ chips won in the last deal", text, re.M), text


class Reference(Measured):
    """The compact table with each panel's rows counted by drawing it: the rows counted without
    drawing must be these, or a layout other than the one drawing finds would be chosen."""

    def panel_rows(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        whole: Collection[int] = (),
    ) -> int:
        return self.rows(self.compact_layout(view, rows, [], True, False, False, whole=whole)[:1])


def drawn(
    name: str, height: int, table: type[Measured], monkeypatch: pytest.MonkeyPatch, seed: int = 1
) -> tuple[str, list[int]]:
    """A seeded match to its end at 80 x ``height`` on a ``table``: all it printed, and how many
    panels Rich drew (to count their rows or to print them) at each of the person's moves."""
    game = parlour.make(name, **SHORT[name])
    bots = {s: make_player("random", game, seed * 10 + s) for s in range(1, game.num_players)}
    me = make_player("random", game, seed * 10)
    console = Console(
        record=True, width=80, height=height, force_terminal=True, color_system=None, file=io.StringIO()
    )
    printed: list[str] = []
    counts: list[int] = []
    panels = [0]
    draw_panel = Panel.__rich_console__

    def counted(self: Panel, console: Console, options: ConsoleOptions) -> RenderResult:
        panels[0] += 1
        return draw_panel(self, console, options)

    def ask(prompt: str, completions: Sequence[str]) -> str:
        printed.append(console.export_text(clear=True) + prompt)
        if "your move" not in prompt:
            return ""
        counts.append(panels[0])
        panels[0] = 0
        return me.choose(kept.now.view(0), game)

    kept = table(game, [0], bots, seed, console, ask=ask, hint_seconds=None)
    with monkeypatch.context() as patched:
        patched.setattr(Panel, "__rich_console__", counted)
        kept.run()
    return "".join(printed) + console.export_text(), counts


@pytest.mark.parametrize("name", ["bishops-whist", "apology", "roquet", "lansquenet"])
def test_a_short_window_draws_few_panels_a_move(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80x14 to 80x18 the compact table drew every layout it tried in full to count its rows, some
    25 a move (0.1 to 0.5 s): its rows are now counted without drawing, each row measured once, and
    the panel is drawn three times a move: the whole table's (to learn it does not fit), the layout
    found (to check it) and the one printed. What is printed is the same, to the character, as when
    each panel's rows were counted by drawing it."""
    for height in (14, 16, 18):
        now, counts = drawn(name, height, Measured, monkeypatch)
        before, _ = drawn(name, height, Reference, monkeypatch)
        assert now == before, (name, height)
        assert "compact: 'table' shows all" in now
        # the first move's count has one panel more: the one that opens the match
        assert len(counts) > 1 and counts[0] <= 4 and max(counts[1:]) <= 3, (name, height, counts)


class Cut(Measured):
    """The compact table with every kept row cut to one line, as before term-11."""

    def made_whole(
        self, view: View[Any], rows: Sequence[tuple[str, Text | list[Text], str, str]], spare: int
    ) -> set[int]:
        return set()


def labels(screen: str) -> list[str]:
    """The labels of a compact panel's rows, as they begin their rows."""
    return re.findall(r"^│ (\S.*?)(?:  |\s*│$)", screen, re.M)


@pytest.mark.parametrize(("name", "height"), [("bezique", 24), ("roquet", 26)])
def test_a_value_cut_at_the_border_reads_whole_where_rows_are_spare(name: str, height: int) -> None:
    """A row's value cut at the border ("seat 2  8 cards in hand  ·  declared cards none …") is
    packed whole onto lines, broken between its parts, where the window has rows to spare; no row is
    left out for it but one that says nothing at a move (term-12), and the screen still fits."""
    screens, _ = play(name, SHORT[name], 80, height)
    game = parlour.make(name, **SHORT[name])
    bots = {s: make_player("random", game, 10 + s) for s in range(1, game.num_players)}
    me = make_player("random", game, 10)
    console = Console(
        record=True, width=80, height=height, force_terminal=True, color_system=None, file=io.StringIO()
    )
    before: list[str] = []

    def ask(prompt: str, completions: Sequence[str]) -> str:
        text = console.export_text(clear=True)
        if "your move" not in prompt:
            return ""
        before.append(text + "your move> ")
        return me.choose(cut.now.view(0), game)

    cut = Cut(game, [0], bots, 1, console, ask=ask, hint_seconds=None)
    cut.run()
    assert len(before) == len(screens)
    wrapped = 0
    for (_, now), then in zip(screens, before, strict=True):
        # since term-12 a row that says nothing at a move (Bezique's "stage", an empty pile) gives way
        # to a cut value wrapped whole; no other row is left out for it
        dropped = [x for x in labels(then) if x not in labels(now)]
        assert [x for x in labels(then) if x in labels(now)] == labels(now), (now, then)
        for label in dropped:
            row = re.search(rf"^│ {re.escape(label)} +(\S.*?) *│$", then, re.M)
            # since term-14 every seat's count at 0 gives way too ("you: 0  seat 2: 0")
            zero = row is not None and re.fullmatch(r"(\S+( \d+)?: 0  +)+\S+( \d+)?: 0", row[1]) is not None
            assert label in ("stage", "phase") or (row and row[1] == "none") or zero, (label, then)
        assert now.count("\n") + 1 <= height, now
        continued = re.findall(r"^│ {4,}\S.*│$", now, re.M)  # a value's second line, no label beside it
        wrapped += bool(continued)
        if now != then:
            # cut at the border no more than before (since term-12 a shorter form said it cut less)
            assert continued and len(BORDER_CUT.findall(now)) <= len(BORDER_CUT.findall(then)), (now, then)
    assert wrapped


def test_roquets_stock_is_said_face_down_beside_the_cards_left_to_draw() -> None:
    """Roquet at 80x24 showed "cards left to draw 40" above "the stock 39 cards": the rules' stock
    counts the turn-up under it, the zone only its face-down cards. The zone says so, and the two
    differ by the turn-up exactly while one lies on the table."""
    screens, _ = play("roquet", SHORT["roquet"], 80, 24)
    pairs = 0
    for _, screen in screens:
        left = re.search(r"^│ cards left to draw +(\d+) ", screen, re.M)
        stock = re.search(r"^│ the stock, face down +(\d+) cards? ", screen, re.M)
        assert not re.search(r"^│ the stock  ", screen, re.M), screen
        if left and stock:
            pairs += 1
            turn_up = re.search(r"^│ the turn-up[^│]*? {2,}(\S+) ", screen, re.M)
            lies = turn_up is not None and turn_up[1] != "none"
            assert int(left[1]) == int(stock[1]) + lies, screen
    assert pairs


def test_a_shared_win_is_said_in_one_sentence() -> None:
    """Apology's match won by three seats ended "You win! (shared with seat 2 & seat 4) (the highest
    total after the one deal)": two asides in a row. It reads "You share the win with seat 2 & seat 4
    (the highest total after the one deal)"."""
    _, text = play("apology", SHORT["apology"], 80, 24, seed=2)
    shared = re.search(
        r"You share the win with (seat \d) & (seat \d) \(the highest total", " ".join(text.split())
    )
    assert shared is not None, text
    assert "shared with" not in text and "You win!" not in text
