"""The rules dialog at the web table: the rules, then the rulings, then, folded away, how strong the
computer players are (the game's strength.md). A player who opens the rules to look up a ruling once
scrolled through hundreds of lines of measurements and benchmark commands to reach the rulings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.test_web_browser import (
    COMPUTER,
    HUMAN,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
)
from tests.web_support import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests


def test_the_rulings_come_before_the_measurements_which_are_folded_away(
    browser: Browser, tmp_path: Path
) -> None:
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=3)
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        page.click("#rules-button")
        body = page.locator("#rules-dialog[open] #rules-body")
        notes = body.locator("details.strength-notes")
        notes.wait_for(state="attached")
        assert frames.console_errors == []
        # in the dialog's order: the rules, the rulings, and the notes last
        headings = body.locator(":scope > h2").all_inner_texts()
        assert "Rulings" in headings
        order = page.evaluate(
            """() => {
                const body = document.querySelector('#rules-body');
                const rulings = [...body.querySelectorAll(':scope > h2')]
                    .find((h) => h.textContent === 'Rulings');
                const notes = body.querySelector('details.strength-notes');
                return rulings.compareDocumentPosition(notes) & Node.DOCUMENT_POSITION_FOLLOWING;
            }"""
        )
        assert order, "the measurements come before the rulings"
        # the rules themselves say briefly how strong the players are, and carry no benchmark command
        rules_part = page.evaluate(
            """() => {
                const out = [];
                for (const node of document.querySelector('#rules-body').children) {
                    if (node.tagName === 'H2' && node.textContent === 'Rulings') break;
                    out.push(node.textContent);
                }
                return out.join('\\n');
            }"""
        )
        assert "How strong they are" in rules_part
        assert "benchmarks/" not in rules_part and "handcheat" not in rules_part
        # folded: its summary shows, its measurements do not until it is opened
        summary = notes.locator("summary")
        assert summary.inner_text() == "How strong the computer players are: the measurements"
        assert notes.get_attribute("open") is None
        table_in_notes = notes.locator("table").first
        assert not table_in_notes.is_visible()
        summary.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "rules-notes-folded.png"))
        summary.click()
        table_in_notes.wait_for(state="visible")
        table_in_notes.scroll_into_view_if_needed()
        assert "handcheat" in notes.inner_text()
        # the commands that gave the figures, each on its own line as the notes indent them (the
        # renderer once ran an indented block together into one paragraph: "... --out m.jsonl python
        # benchmarks/...")
        # (every block, not only the first: the newest measurements come first and their commands vary)
        blocks = [text.splitlines() for text in notes.locator("pre code").all_inner_texts()]
        assert max(len(lines) for lines in blocks) >= 3
        for lines in blocks:
            for line in lines:
                assert line.count("python benchmarks/") <= 1, line  # one command a line
        first = blocks[0]
        command = re.compile(r"(nice -n \d+ )?python benchmarks/")
        assert first and all(command.match(c) for c in first), first
        page.screenshot(path=str(SCREENSHOTS / "rules-notes-open.png"))


@pytest.mark.parametrize("game", ["roquet", "apology"])
def test_the_game_is_named_once_at_the_top_of_its_rules(browser: Browser, tmp_path: Path, game: str) -> None:
    """The dialog's title said "Rules — Roquet (60-card pack)" and the text began with the heading
    "Roquet (60-card pack)" under it: the rules' own first heading is left out, the rest kept."""
    with serving(tmp_path) as server, context(browser) as ctx:
        seats = [HUMAN, COMPUTER] if game == "roquet" else [HUMAN, COMPUTER, COMPUTER, COMPUTER]
        table = create_table(server, game, seats, seed=3)
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        page.click("#rules-button")
        body = page.locator("#rules-dialog[open] #rules-body")
        body.locator("details.strength-notes").wait_for(state="attached")
        title = page.locator("#rules-dialog h2").first.inner_text()
        first = page.evaluate("() => document.querySelector('#rules-body').firstElementChild.tagName")
        headings = body.locator(":scope > h2").all_inner_texts()
        package = Path(__file__).parent.parent / "parlour" / "games" / game.replace("-", "_")
        rules_md = (package / "rules.md").read_text()
        own = rules_md.splitlines()[0].removeprefix("# ")
        assert title.startswith("Rules — ") and own in title, title
        assert own not in headings and first != "H2", (first, headings)
        # the text's sections follow, one level below the dialog's title
        second = next(line.removeprefix("## ") for line in rules_md.splitlines() if line.startswith("## "))
        assert second in body.locator(":scope > h3").all_inner_texts()
        assert frames.console_errors == []
