"""A researcher's and a designer's second hour with parlour: what they met, kept mended, and the
adapters driven over every game and its options as the frameworks' own checks drive them.

The first hour is ``tests/test_qa_research.py``; this file covers what it and the adapters' own tests
(``test_pettingzoo.py``, ``test_openspiel.py``) left out: every option of every game, both kinds of
returns, every seat, masks against the legal actions, rewards against the outcome.
"""

from __future__ import annotations

import importlib
import inspect
import io
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.extras import require


def _literal_blocks(doc: str) -> list[str]:
    """The literal blocks (``::`` then an indented paragraph) of a reStructuredText docstring."""
    blocks = re.findall(r"::\n\n((?:(?:    .*)?\n)+)", doc)
    return [textwrap.dedent(block) for block in blocks]


def test_the_openspiel_module_example_runs() -> None:
    """``help(parlour.openspiel)`` showed its example with a stray import flush left (an import sorter
    had moved it into the docstring): pasted as shown, it did not run."""
    require("pyspiel", "open-spiel")
    import parlour.openspiel

    doc = inspect.getdoc(parlour.openspiel) or ""
    (block,) = _literal_blocks(doc + "\n")
    assert "load_game" in block, f"the example stops short: {block!r}"
    namespace: dict[str, Any] = {}
    exec(compile(block, "parlour.openspiel's docstring", "exec"), namespace)
    assert namespace["game"].num_players() == 4


def _apology_hand(oudlers: int | None, made: bool = False, taker: int = 1) -> dict[str, Any]:
    """A ``hand_end`` of Apology as the report reads it (``None``: a deal all passed)."""
    if oudlers is None:
        return {"kind": "hand_end", "data": {"points": [0.0] * 4, "thrown_in": True, "taker": None}}
    target = [62.0, 56.0, 45.0, 40.0][oudlers]
    data = {"points": [0.0] * 4, "thrown_in": False, "taker": taker, "dealer": 0, "taker_points": 41.0,
            "oudlers": oudlers, "target": target, "made": made}  # fmt: skip
    return {"kind": "hand_end", "data": data}


def _apology_report(*hands: dict[str, Any]) -> dict[str, Any]:
    import parlour
    from parlour.games.apology.analysis import analyse
    from parlour.sim import MatchRecord

    record = MatchRecord(seed=0, scores=(0, 0, 0, 0), winners=(), teams=((0,), (1,), (2,), (3,)),
                         hand_points=(), actions=0, events=hands)  # fmt: skip
    return analyse(parlour.make("apology"), [record])


def test_the_apology_report_gives_no_rate_of_no_hands() -> None:
    """The balance report's row of takers with no oudler, never seen in a short run, said "0 hands,
    0.0% success, 0.0%–100.0%": a designer reads a threshold no taker ever makes. A seat that never
    took said "0 (0.0% made)". The JSON's rate was 0.0 too."""
    report = _apology_report(_apology_hand(3, made=True), _apology_hand(2))
    none = report["by_oudlers"][0]
    assert none["hands"] == 0 and none["rate"] is None
    rows = {row[0]: row for row in report["tables"][0]["rows"]}
    assert rows[0][4:7] == [0, "-", "-"], rows[0]
    assert rows[3][5] == "100.0%" and rows[2][5] == "0.0%"
    (bidding,) = report["tables"][2]["rows"]
    assert "1: 2 (50.0% made)" in bidding[4] and "2: 0," in bidding[4] and "4: 0" in bidding[4]
    assert "(0.0% made)" not in bidding[4]


def test_the_apology_report_of_deals_all_passed_shows_no_taker_points() -> None:
    """With every deal thrown in, the taker's points read "mean / sd / median 0.0 / 0.0 / 0.0"."""
    report = _apology_report(_apology_hand(None), _apology_hand(None))
    assert report["taker_success"]["rate"] is None and report["taker_points"]["mean"] is None
    rows = {row[0]: row for row in report["tables"][1]["rows"]}
    assert rows["mean / sd / median"][1] == "- / - / -" and rows["p10 / p90"][1] == "- / -"
    assert report["tables"][0]["rows"][-1][5:] == ["-", "-", "-"]
    assert report["all_pass"]["rate"] == 1.0


def test_a_figure_of_no_hands_stands_with_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A column of figures with a "-" (no hands behind it) was taken for a column of words and set flush
    left, the figures above and below it flush right."""
    from rich.console import Console

    from parlour.sim import simulate

    main = importlib.import_module("parlour.cli.main")  # the module: parlour.cli.main is also a function

    summary = simulate("apology", ["heuristic"] * 4, 4, seed=3, options={"target_shift": -10})
    assert summary.extra["by_oudlers"][0]["hands"] == 0  # the row this test is about
    screen = Console(width=160, record=True, file=io.StringIO())
    monkeypatch.setattr(main, "console", screen)
    main._print_summary(summary)
    (row,) = [line for line in screen.export_text().splitlines() if line.startswith("│ 0 ")]
    assert re.search(r"│ +0 │ +- │ +- │ +- │$", row), row


def test_bezique_figures_are_written_to_one_precision() -> None:
    """Bezique's own tables read "0.48", "0.2", "0.0" and "0.333" in one column: Python's way of
    writing a rounded float, not a table's."""
    import parlour
    from parlour.games.bezique.analysis import bezique_figures
    from parlour.sim import MatchRecord

    events = [
        {"kind": "score", "data": {"seat": 0, "points": 40, "reason": "four jacks"}},
        {"kind": "score", "data": {"seat": 1, "points": 20, "reason": "royal marriage"}},
        {"kind": "meld", "data": {"seat": 0, "kind": "four jacks"}},
        {"kind": "meld", "data": {"seat": 1, "kind": "royal marriage"}},
        *[{"kind": "hand_end", "data": {}}] * 3,
    ]
    record = MatchRecord(seed=0, scores=(0.0, 0.0), winners=(), teams=((0,), (1,)), hand_points=(),
                         actions=0, events=tuple(events))  # fmt: skip
    figures = bezique_figures(parlour.make("bezique"), [record])
    points, melds = (table["rows"] for table in figures["tables"])
    assert points == [["four jacks", "13.33", "0.00"], ["royal marriage", "0.00", "6.67"]]
    assert melds == [["four jacks", "0.33", "0.00"], ["royal marriage", "0.00", "0.33"]]
    assert figures["melds_shown_per_hand"]["four jacks"] == [0.333, 0.0]  # the JSON keeps its numbers


def test_the_guide_says_which_tables_are_zero_sum() -> None:
    """docs/research.md called lansquenet's returns general-sum, but two players at its table are two
    sides of one seat each, and OpenSpiel is told ZERO_SUM (rightly: one wins what the other loses)."""
    from parlour.episodes import Table
    from tests.extras import GAMES

    guide = " ".join((Path(__file__).parent.parent / "docs" / "research.md").read_text("utf-8").split())
    found = re.search(r"zero-sum where (.*?) general-sum elsewhere \((.*?)\)\.", guide)
    assert found, "the guide says which returns are zero-sum"
    zero, general = found.groups()
    for name in GAMES:  # each game at its defaults on the side it is
        assert name.replace("-", " ") in (zero if Table(name).zero_sum else general), name
    assert Table("lansquenet", players=2).zero_sum and "lansquenet with `players=2`" in zero


SIMULATION = Path(__file__).parent.parent / "docs" / "simulation.md"


def test_the_records_are_the_fields_the_guide_names(tmp_path: Path) -> None:
    """docs/simulation.md named a record's ``actions`` without saying it is a count (a reader looked for
    the moves), and said a seed is all it takes to replay a match, though a line holds neither the
    game nor the players that the replay needs."""
    from typer.testing import CliRunner

    import parlour
    from parlour.cli import app
    from parlour.sim import play_match, read_records

    guide = " ".join(SIMULATION.read_text("utf-8").split())
    part = guide[guide.index("`--records FILE` writes") : guide.index("move for move")]
    named = list(dict.fromkeys(re.findall(r"`(\w+)`", part)))
    assert "`actions` (how many the match took)" in part and "game, options and players" in part
    out = tmp_path / "m.jsonl"
    args = ["simulate", "roquet", "-n", "2", "--seed", "4", "-o", "target=30", "--records", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    (line, _) = read_records(out).matches
    assert [k for k in named if k in line] == list(line) and set(named) - set(line) == {"sweep"}
    again = play_match(parlour.make("roquet", target=30), ["heuristic"] * 2, line["seed"])
    assert line["actions"] == again.actions and again.scores == tuple(line["scores"])
