"""What review-3 found in the day's merged changes, each with the test that failed before its fix."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.players import make_player
from parlour.sim import read_records, simulate, write_records
from tests.web_walks import browser, context, serving

__all__ = ["browser"]  # the walks' Chromium, shared by this module's browser test


def _records(path: Path) -> None:
    """A whole records file of six Roquet matches at ``path`` (through gzip where it ends in .gz)."""
    write_records(path, [simulate("roquet", ["random", "random"], matches=6, seed=5, keep_records=True)])


def test_a_truncated_gz_records_file_is_refused_as_a_bad_file(tmp_path: Path) -> None:
    """A run killed as it wrote its ``.gz`` file leaves it cut short: ``read_records`` promises a
    ``ValueError`` for a bad file, as a plain file cut mid-line gets ("line 7: not JSON"), but gzip's
    ``EOFError`` ("Compressed file ended before the end-of-stream marker was reached") came out."""
    whole = tmp_path / "whole.jsonl.gz"
    _records(whole)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole.read_bytes()[: len(whole.read_bytes()) // 2])
    with pytest.raises(ValueError, match=r"line \d+: .*gzip.*cut short"):
        read_records(cut)


def test_a_plain_records_file_named_gz_is_refused_as_a_bad_file(tmp_path: Path) -> None:
    """A plain text file renamed ``.gz`` (or written by hand so) raised gzip's ``BadGzipFile``, an
    ``OSError``, where a bad records file is a ``ValueError`` that says what is wrong."""
    plain = tmp_path / "plain.jsonl"
    _records(plain)
    named = tmp_path / "plain.jsonl.gz"
    named.write_bytes(plain.read_bytes())
    with pytest.raises(ValueError, match=r"line 1: .*not gzip"):
        read_records(named)


def test_turn_verbs_gathers_the_prompts_of_decisions_by_amount() -> None:
    """``tests/test_turn_verbs.py`` gathers the prompts put to render.js's ``turnVerb`` by random play,
    but ended a match at the first decision whose moves are all amounts (``legal_actions()`` empty,
    ``legal_ranges()`` not): classic Lansquenet stopped at its first bank, so its bets, the keeping and
    buying of the bank never reached the browser's check (only Hoyle's bets and deal did)."""
    from tests.test_turn_verbs import prompts

    gathered = [prompt for prompt, _ in prompts("lansquenet")]
    for opening in ("buy the bank of ", "keep the bank of "):  # (Hoyle's is "keep the deal, or stop")
        assert any(p.startswith(opening) for p in gathered), (opening, sorted(gathered))
    # a classic bet, "bet 1 to 100 chips, or pass" (Hoyle's names its card: "bet 1 to 100 chips on 7♣ ...")
    assert any(p.startswith("bet ") and " on " not in p for p in gathered), sorted(gathered)


RENDER_WON = """([view, packName]) => Promise.all([import("/static/render.js"), import("/static/cards.js")])
.then(async ([r, c]) => {
  const root = document.createElement("div");
  document.body.append(root);
  r.renderTable(root, { view, pack: await c.loadPack(packName), bottom: 0 });
  return [...root.querySelectorAll(".zone.kind-tricks_won")].map((block) => block.textContent);
})"""
"""render.js's drawing of a view's piles of tricks won: each one's text."""


def _apology_pile_paid_away() -> dict[str, Any]:
    """A view of Apology (random players, seed 0) where a seat has won a trick and paid its cards away
    for escapes: its pile holds no card but one trick."""
    game = parlour.make("apology")
    state = game.new(0)
    players = [make_player("random", game, i) for i in range(game.num_players)]
    while state.current_player is not None:
        view = state.view(None)
        if any(z.kind == "tricks_won" and z.size == 0 and z.tricks for z in view.zones):
            shown: dict[str, Any] = view.to_dict()
            return shown
        seat = state.current_player
        state.apply(players[seat].choose(state.view(seat), game), seat=seat)
    raise AssertionError("no pile of tricks was paid away")


@pytest.mark.browser
def test_the_web_table_counts_the_tricks_of_a_pile_paid_away(browser: Browser, tmp_path: Path) -> None:
    """Apology's escapes are paid from the payer's tricks won, which can leave a pile with no card but
    its tricks (what ``Zone.tricks`` is for): the terminal said "1 trick won", the web table "tricks
    won: none", as for a seat that won no trick."""
    view = _apology_pile_paid_away()
    counted = [z["tricks"] for z in view["zones"] if z["kind"] == "tricks_won" and z["tricks"]]
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        texts: list[str] = page.evaluate(RENDER_WON, [view, "bishops65"])
    said = sorted(int(m) for text in texts for m in re.findall(r"(\d+) tricks? won", text))
    assert said == sorted(counted), texts
