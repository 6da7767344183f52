"""What a new user met walking through the web table, part two, pinned where it was mended: tables
left mid-match, the word for a round, computer players' names, the words of refusals and the rules
dialog on a phone.

The server and browser helpers are the walks' (``tests/web_walks.py``).
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from sqlalchemy import create_engine, update

import parlour
from parlour.web.store import MoveRow, TableRow
from tests.test_lq_term import drawn, rows
from tests.web_support import GAMES
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    act_once,
    api,
    browser,
    context,
    create,
    create_table,
    drawn_frame,
    live_table,
    log_lines,
    open_seat,
    seat_link,
    serving,
    serving_api,
    shooter,
    store_of,
    wait_finished,
    wait_for,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser"]  # the module's Chromium, shared with these tests

shoot = shooter("walk2")


def test_a_table_left_mid_match_is_listed_apart_with_how_long_it_has_waited(tmp_path: Path) -> None:
    """A table left mid-match stayed under "Being played" for good: the lobby now says when each
    table last moved, and lists one idle for an hour apart ("idle"), kept whole and still watchable."""
    with serving_api(f"sqlite:///{tmp_path / 'p.db'}") as client:
        fresh = create(client, "bezique", [HUMAN, COMPUTER], public=True)
        left = create(client, "bezique", [HUMAN, COMPUTER], public=True)
        # the server plays the computer's lead in its own time: landing after the moves are aged below,
        # it made the table one that moved just now (a loaded machine failed so)
        tables = [live_table(client, made["id"]) for made in (fresh, left)]
        wait_for(lambda: all(t.state.current_player == 0 for t in tables), what="the person's turn")
        lobby = client.get("/api/tables").json()
        assert {t["id"] for t in lobby["playing"]} == {fresh["id"], left["id"]}, lobby
        assert lobby["idle"] == []
        assert all(0 <= t["idle"] < 60 for t in lobby["playing"]), lobby["playing"]
        long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=3)
        with store_of(client).sessions() as session:
            session.execute(update(TableRow).where(TableRow.id == left["id"]).values(created=long_ago))
            session.execute(update(MoveRow).where(MoveRow.table_id == left["id"]).values(created=long_ago))
            session.commit()
        lobby = client.get("/api/tables").json()
        assert [t["id"] for t in lobby["playing"]] == [fresh["id"]], lobby
        assert [t["id"] for t in lobby["idle"]] == [left["id"]], lobby
        assert 3 * 3600 - 60 <= lobby["idle"][0]["idle"] <= 3 * 3600 + 60, lobby["idle"]
        assert client.get(f"/api/tables/{left['id']}").json()["status"] == "playing"  # nothing lost


@pytest.mark.browser
def test_a_player_leaves_the_table_for_the_lobby_which_says_when_tables_moved(
    browser: Browser, tmp_path: Path
) -> None:
    """The table page had no way out but the browser's back button: a "Leave table" control goes to
    the lobby, where a table in play says when it last moved."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bezique", [HUMAN, COMPUTER], public=True)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.wait_for_selector(".hand .card")
        leave = page.get_by_role("link", name="Leave table")
        shoot(page, "leave-table-1280x800")
        leave.click()
        page.wait_for_url(server.url + "/")
        entry = page.locator("#playing-tables li", has_text="Bezique")
        entry.wait_for()
        assert "last move just now" in entry.inner_text(), entry.inner_text()
        assert page.locator("#idle-panel").is_hidden()
        shoot(page, "lobby-after-leaving-1280x800")
        # three hours on, nobody back: the table is listed apart, saying so
        engine = create_engine(f"sqlite:///{tmp_path / 'parlour.db'}")
        long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=3, minutes=5)
        with engine.begin() as db:
            db.execute(update(TableRow).where(TableRow.id == table["id"]).values(created=long_ago))
            db.execute(update(MoveRow).where(MoveRow.table_id == table["id"]).values(created=long_ago))
        engine.dispose()
        page.reload()
        idle = page.locator("#idle-tables li", has_text="Bezique")
        idle.wait_for()
        assert "last move 3 hours ago" in idle.inner_text(), idle.inner_text()
        assert page.locator("#playing-tables li", has_text="Bezique").count() == 0
        assert page.inner_text("#idle-title") == "Left unfinished (no move for an hour)"
        shoot(page, "lobby-idle-1280x800")


@pytest.mark.browser
def test_the_rules_code_blocks_keep_inside_the_dialog_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    """Roquet's order of ranks, a code block, ran off the right edge of the rules dialog on a phone
    (a scroll with no bar in sight): it wraps."""
    with serving(tmp_path) as server, context(browser, PHONE) as ctx:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=3)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.click("#rules-button")
        page.locator("#rules-dialog[open] #rules-body pre").first.wait_for()
        over = page.evaluate(
            "[...document.querySelectorAll('#rules-body pre')]"
            ".filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.textContent)"
        )
        shoot(page, "roquet-rules-390x844")
        assert over == [], over


@pytest.mark.parametrize("game", GAMES)
def test_a_view_says_what_its_game_calls_a_round(game: str) -> None:
    """Lansquenet and Apology call a round a deal, but the table said "Hand 1" and "The hand is over":
    the view carried no word for it. It does now, the game's own."""
    cls = parlour.game_class(game)
    view = parlour.make(game).new(seed=1).view(0)
    assert view.round_word == cls.round_word == ("deal" if game in ("lansquenet", "apology") else "hand")
    assert view.to_dict()["round_word"] == view.round_word


@pytest.mark.browser
def test_lansquenet_at_the_web_table_counts_deals(browser: Browser, tmp_path: Path) -> None:
    """The situation line said "Hand 1" to a Lansquenet player, whose rules and log speak of deals (and
    of how many, in a session of a fixed number of deals: the view's ``hands_in_match``, situ-1)."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "lansquenet", [HUMAN, COMPUTER, COMPUTER])
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        number = page.locator("#situation .hand-number")
        number.wait_for()
        shoot(page, "lansquenet-deal-1280x800")
        assert number.inner_text() == "Deal 1 of 2", number.inner_text()  # (the short session's two)


TAROCKS = ["XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII", "XII", "XI"]


@pytest.mark.browser
def test_a_refusal_names_a_card_outside_the_suits_as_the_log_does(browser: Browser, tmp_path: Path) -> None:
    """Open Tarock refused a typed move with "XXI is not one of your turned-up cards", the code, where
    the log and the cards say "tarock XXI"; the suits' cards were already written 7♠."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "open-tarock", [HUMAN, COMPUTER])
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        page.wait_for_selector("h2.prompt.your-turn")
        view = drawn_frame(page, frames)["view"]
        mine = {c for z in view["zones"] if z["owner"] == 0 for c in z["cards"]}
        code = next(c for c in TAROCKS if c not in mine)
        page.fill("#type-action", f"play {code}")
        page.press("#type-action", "Enter")
        page.wait_for_function("() => document.querySelector('#notice').textContent.includes('turned-up')")
        said = page.inner_text("#notice")
        shoot(page, "open-tarock-refusal-1280x800")
        assert f"Tarock {code} is not one of your turned-up cards" in said, said


@pytest.mark.browser
def test_the_score_tables_star_and_the_options_notes_are_in_the_forms_words(
    browser: Browser, tmp_path: Path
) -> None:
    """The ★ beside one's own side in the score table was nowhere explained; Lansquenet's option notes
    said "with length=banks:", a terminal's words, in a form with a field labelled "length"."""
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url)
        page.click("button.game-item:has-text('lansquenet')")
        rounds = page.inner_text("#opt-rounds-hint")
        deals = page.inner_text("#opt-deals-hint")
        assert rounds.startswith("when length is banks: how many times"), rounds
        assert deals.startswith("when length is deals: how many deals"), deals
        table = create_table(server, "bezique", [HUMAN, COMPUTER])
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        caption = page.locator("table.scores caption")
        caption.wait_for()
        assert caption.inner_text() == "Scores ★ your side", caption.inner_text()
        shoot(page, "scores-legend-1280x800")


@pytest.mark.browser
def test_the_arrow_keys_move_between_open_tarocks_stack_cards(browser: Browser, tmp_path: Path) -> None:
    """The Keys dialog says ← → move along one's cards; on Open Tarock's stacks (no hand) they did
    nothing. They go from one playable stack card to the next, and round."""
    with serving(tmp_path) as server, context(browser) as ctx:
        for seed in range(7, 30):
            table = create_table(server, "open-tarock", [HUMAN, COMPUTER], seed=seed)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.wait_for_selector("h2.prompt.your-turn")
            buttons = page.locator(".my-zones button.card-button")
            if buttons.count() >= 2:
                break
            page.close()
        else:
            pytest.fail("no deal gave seat 0 two playable stack cards at its first turn")
        codes = [buttons.nth(i).get_attribute("data-key") for i in range(buttons.count())]
        buttons.first.focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.key") == codes[1], codes
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("document.activeElement.dataset.key") == codes[-1], codes


@pytest.mark.browser
def test_another_hand_with_a_card_known_to_all_says_so(browser: Browser, tmp_path: Path) -> None:
    """Watching Bezique, a hand read "concealed cards: 8 cards" beside one of its cards lying face up
    (known to all): it reads "in hand: 8 cards, 1 known"."""
    with serving(tmp_path) as server, context(browser, PHONE) as ctx:
        table = create_table(server, "bezique", [COMPUTER, COMPUTER])
        wait_finished(server, table["id"])
        path = f"/api/tables/{table['id']}/replay?seat=0&step="
        steps = api(server, path + "0")["steps"]
        for step in range(steps + 1):
            zone = next(
                z
                for z in api(server, path + str(step))["view"]["zones"]
                if z["kind"] == "hand" and z["owner"] == 1
            )
            known = [c for c in zone["cards"] if c is not None]
            if known and len(known) < len(zone["cards"]):
                break
        else:
            pytest.fail("no step of the match shows seat 1 holding a card known to all")
        page = ctx.new_page()
        page.goto(f"{server.url}/replay/{table['id']}")
        page.wait_for_selector("#seat option[value='0']", state="attached")
        page.select_option("#seat", "0")
        # (the slider's range is the match's only once a step is drawn; before, its max is 0 and the step
        # set was clamped to 0, so the page stayed at step 0: seen on CI)
        page.wait_for_function("document.querySelector('#step-text').textContent.startsWith('step ')")
        page.eval_on_selector(
            "#step", "(n, s) => { n.value = String(s); n.dispatchEvent(new Event('input')); }", step
        )
        page.wait_for_function(f"document.querySelector('#step-text').textContent.startsWith('step {step} ')")
        label = page.locator(".zone.kind-hand.compact .zone-label").first
        label.wait_for()
        shoot(page, "bezique-known-card-390x844")
        assert label.inner_text() == f"in hand: {len(zone['cards'])} cards, {len(known)} known", (
            label.inner_text()
        )


@pytest.mark.browser
@pytest.mark.parametrize("game", ["lansquenet", "bezique"])
def test_the_phones_move_box_has_a_label_in_sight(browser: Browser, tmp_path: Path, game: str) -> None:
    """On a phone the box to type a move in had only a placeholder (an example move, gone once one
    types): its label was hidden. It is in sight, on the box's line, and the box still fits the window."""
    seats = [HUMAN, COMPUTER, COMPUTER] if game == "lansquenet" else [HUMAN, COMPUTER]
    with serving(tmp_path) as server, context(browser, PHONE) as ctx:
        table = create_table(server, game, seats)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.wait_for_selector("h2.prompt.your-turn")
        # the three boxes measured in one task of the page: measured one by one, a re-render of the
        # dock between two of them (a view arriving just after the turn) left one detached, as None
        where = page.wait_for_function(
            """() => {
                const box = (sel) => {
                    const n = document.querySelector(sel);
                    if (n === null) return null;
                    const r = n.getBoundingClientRect();
                    return r.width > 0 && r.height > 0
                        ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
                };
                const all = {
                    label: box("label[for=type-action]"),
                    box: box("#type-action"),
                    do: box("form.type-action button"),
                };
                return Object.values(all).every((b) => b !== null) ? all : null;
            }"""
        ).json_value()
        shoot(page, f"{game}-move-label-390x844")
        lab, inp, do = where["label"], where["box"], where["do"]
        assert lab is not None and inp is not None and do is not None
        assert lab["width"] > 40 and lab["height"] > 10, where  # in sight, not a 1-pixel box
        assert abs((lab["y"] + lab["height"] / 2) - (inp["y"] + inp["height"] / 2)) < 8, where  # same line
        assert do["x"] + do["width"] <= PHONE["width"], where


@pytest.mark.browser
def test_no_banner_after_each_of_lansquenets_deals(browser: Browser, tmp_path: Path) -> None:
    """A banner, "The hand is over", came after each Lansquenet deal, every few moves, and pushed the
    board under the dock, though the deal's cards stay on the table ("last deal") and its result in
    the log. A game whose rounds are brief shows none; the others keep theirs."""
    with serving(tmp_path) as server, context(browser) as ctx:
        games = {g["name"]: g["brief_rounds"] for g in api(server, "/api/games")}
        assert [name for name, brief in games.items() if brief] == ["lansquenet"], games
        table = create_table(server, "lansquenet", [HUMAN, COMPUTER, COMPUTER])
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        rng = random.Random(5)
        for _ in range(300):
            if any(line.startswith("Deal over") for line in log_lines(page)):
                break
            if not act_once(page, rng):
                page.wait_for_timeout(50)
        else:
            pytest.fail("no deal ended")
        page.wait_for_timeout(500)
        shoot(page, "lansquenet-deal-over-1280x800")
        assert page.locator("#hand-banner *").count() == 0, page.inner_text("#hand-banner")


def test_the_terminal_counts_lansquenets_deals_too() -> None:
    """The terminal's table had a row "hand 1" for Lansquenet, whose rules and log speak of deals."""
    for game_name, word in (("lansquenet", "deal"), ("bezique", "hand")):
        game = parlour.make(game_name)
        state = game.new(seed=1)
        text = drawn(game, state, 0)
        # (the row goes on with the trick in play where there is one: Bezique's "1, trick 1")
        assert rows(text).get(word) == {"deal": "1", "hand": "1, trick 1"}[word], text
        assert ("hand" if word == "deal" else "deal") not in rows(text), text
