"""What a demanding new user met at the web table at a desk and on a phone, part seven, pinned where it
was mended: Roquet's meld labels ("pair of sevens (2)", a number nothing said was points), a seat's line
saying "— to play" under the prompt "lead a card", a desktop window 390 pixels wide that cut the game's
title to two lines, and a phone's lobby that listed one's private tables below the six games' cards.

The server and browser helpers are the walks' (``tests/web_walks.py``); the replays are
``tests/test_qa_web.py``'s.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.games.lansquenet.players import StandingsPlayer
from parlour.games.roquet.players import RoquetHeuristic
from parlour.games.roquet.rules import RoquetGame
from parlour.games.roquet.search import RoquetSearch
from tests.test_qa_web import game_replay, replay_server, replay_step, replay_steps
from tests.test_web_walk5 import TOUCH_PHONE
from tests.test_web_walk6 import TOP_BAR
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    browser,
    context,
    create_table,
    open_seat,
    seat_link,
    serving,
    shooter,
)

pytestmark = [pytest.mark.timeout(300)]

__all__ = ["browser", "replay_server"]  # the module's Chromium and replay server, shared by its tests

shoot = shooter("walk7")

DESKTOP = {"width": 1280, "height": 800}
NARROW_DESKTOP = {"width": 390, "height": 800}

POINTS_LABEL = re.compile(r"(pair|royal pair|sequence|muster) of [a-z]+, \d+ points")
"""A Roquet meld's label as a newcomer reads it: "pair of sevens, 2 points"."""

BARE_NUMBER = re.compile(r"\(\d+\)")
"""A number alone in brackets: "pair of sevens (2)"."""


MELD_LABELS = """() => [...document.querySelectorAll("#table .zone.kind-melds")]
  .map((zone) => zone.querySelector(".zone-label")?.innerText ?? "")"""
"""The labels of the meld zones drawn, as read."""


@pytest.mark.browser
def test_roquet_s_meld_labels_say_the_points_are_points(browser: Browser, tmp_path: Path) -> None:
    """A Roquet meld lay under "pair of sevens (2)", and the log said "Computer 0 lays down a pair of
    sevens 7♠ 7♥ for 2": nothing said the 2 was points. Its label reads "pair of sevens, 2 points", in
    the dock and on the other seat's panel, and the log "… for 2 points"."""
    with game_replay(browser, tmp_path, "roquet", DESKTOP) as page:
        where = urlparse(page.url)
        table = f"{where.scheme}://{where.netloc}/api/tables/{where.path.rsplit('/', 1)[-1]}"
        seen: list[str] = []
        for step in range(replay_steps(page) + 1):
            view = page.request.get(f"{table}/replay?step={step}&seat=all").json()["view"]
            owners = {zone["owner"] for zone in view["zones"] if zone["kind"] == "melds"}
            if len(owners) < 2:  # both seats' melds: the dock's and the other panel's
                continue
            replay_step(page, step)
            seen = page.evaluate(MELD_LABELS)
            shoot(page, "roquet-meld-labels")
            break
        assert len(seen) >= 2, f"no step with melds of both seats: {seen}"
        laid = [line for line in page.locator("#log li").all_inner_texts() if " lays down " in line]
        assert laid, "no combination laid down in the log"
        for line in laid:
            assert re.search(r" for \d+ points$", line), laid
        for label in seen:
            assert POINTS_LABEL.fullmatch(label), seen
            assert not BARE_NUMBER.search(label), seen


def test_roquet_s_hints_say_a_combination_s_points_as_points() -> None:
    """The strong player's reasons, which the hint shows, said "to lay down the royal pair of kings
    (5) (3.2 points ahead …)" and "lays down the pair of tens for 2": each says "5 points"."""
    game = RoquetGame()
    search = RoquetSearch(0)
    said: list[str] = []
    for seed in range(6):
        state = game.new(seed)
        players = [RoquetHeuristic(s) for s in range(2)]
        rng = random.Random(seed)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            legal = list(view.legal_actions)
            if legal[0].startswith("meld") or legal == ["done"]:
                for action in legal:
                    said.append(search._meld_reason(action, view, game))
            elif len(legal) > 1:
                cards = [a.split()[1] for a in legal]
                for card in cards:
                    said.append(search._play_reason(card, dict.fromkeys(cards, rng.random()), view, game))
            state.apply(players[seat].choose(view, game))
    about = [reason for reason in said if "lay down the" in reason or "lays down the" in reason]
    about += [reason for reason in said if "go down after it" in reason]
    assert len(about) >= 10, len(about)
    for reason in about:
        assert re.search(r"\b\d+ points\b", reason), reason
        assert not BARE_NUMBER.search(reason), reason


TURN_WORDS = """() => ({
  prompt: document.querySelector("h2.prompt")?.innerText ?? "",
  turns: [...document.querySelectorAll("#table .seat .turn-text")]
    .map((node) => [node.closest(".seat").querySelector(".seat-name").innerText, node.innerText]),
})"""
"""The prompt and each seat's "— to …" as drawn."""


def said_to(prompt: str) -> str:
    """What the prompt asks, after its "Your turn: ", "Computer 1 to " or "Waiting for X to ": "lead a
    card"."""
    return re.sub(r"^(Your turn: |Waiting for .+? to |.+? to )", "", prompt)


@pytest.mark.browser
@pytest.mark.parametrize("game", ["roquet", "lansquenet"])
def test_a_seat_s_line_says_what_its_prompt_asks(browser: Browser, tmp_path: Path, game: str) -> None:
    """The seat to move was marked "— to play" where the prompt said "lead a card", "— to bank" where
    it said "put up a bank of 1 to 100 chips", "— to meld" for "lay down a combination": the action's
    kind, an internal word. The line says the prompt's verb ("— to lead", "— to put up", "— to lay
    down"), at every step of a replay until each verb has been seen."""
    with game_replay(browser, tmp_path, game, DESKTOP) as page:
        verbs: set[str] = set()
        for step in range(min(replay_steps(page), 60)):
            replay_step(page, step)
            drawn = page.evaluate(TURN_WORDS)
            if not drawn["turns"]:
                continue
            asked = said_to(drawn["prompt"])
            for name, turn in drawn["turns"]:
                assert turn.startswith(" — to ") or turn.startswith("— to "), (step, name, turn)
                verb = turn.split(" to ", 1)[1]
                assert asked.startswith(f"{verb} ") or asked == verb, (step, drawn)
                if verb not in verbs:
                    shoot(page, f"{game}-to-{verb.replace(' ', '-')}")
                verbs.add(verb)
        wanted = {"roquet": {"lead", "play", "lay down"}, "lansquenet": {"put up", "bet"}}[game]
        assert wanted <= verbs, verbs


@pytest.mark.browser
def test_the_dock_says_to_lead_at_a_lead(browser: Browser, tmp_path: Path) -> None:
    """At a live table the dock's own line said "Margaret (you) — to play" beside "Your turn: lead a
    card"; it says "— to lead"."""
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        for seed in range(1, 20):
            table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=seed)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.locator("h2.prompt.your-turn").wait_for()
            if page.inner_text("h2.prompt") == "Your turn: lead a card":
                break
            page.close()
        else:
            pytest.fail("no deal of 19 where seat 0 leads first")
        shoot(page, "bishops-whist-to-lead")
        assert page.inner_text(".dock .seat.me .turn-text").strip() == "— to lead"


BAR_EXTRA = """() => {
  const title = document.querySelector(".topbar h1");
  const style = getComputedStyle(title);
  return {
    clamp: style.webkitLineClamp,
    ellipsis: style.textOverflow === "ellipsis" && style.overflow === "hidden",
    keys: document.querySelector("#help-button").checkVisibility(),
    keysName: document.querySelector("#help-button").getAttribute("aria-label"),
    text: title.innerText,
  };
}"""
"""The title's clamp and ellipsis, and the keyboard's help button."""


@pytest.mark.browser
@pytest.mark.parametrize("kind", ["desktop-390x800", "touch-390x844"])
def test_a_narrow_window_wraps_the_title_whole(browser: Browser, tmp_path: Path, kind: str) -> None:
    """A desktop window 390 pixels wide (no touch) read "Apology (L'Excuse f…": the title was clamped
    to two lines beside "Leave table", "Rules" and "Keys", and a phone's "Apology (L'Excuse for the
    Bishops…". The title wraps whole, clear of the controls, inside the window; the desktop keeps its
    keyboard's help (a "?" button: it has a keyboard), the touch phone has none."""
    options: dict[str, Any] = {"viewport": NARROW_DESKTOP} if kind.startswith("desktop") else TOUCH_PHONE
    with serving(tmp_path) as server:
        tables = {
            "apology": create_table(server, "apology", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=2),
            "roquet": create_table(server, "roquet", [HUMAN, COMPUTER], seed=2),
            "open-tarock": create_table(server, "open-tarock", [HUMAN, COMPUTER], seed=2),
        }
        ctx = browser.new_context(**options)
        try:
            for game, table in tables.items():
                page, _ = open_seat(ctx, seat_link(server, table, 0))
                page.locator("#conn.ok").wait_for()
                # (a page still loading has no title yet: the wait goes on, it does not fail)
                page.wait_for_function(
                    "(document.querySelector('#game-title')?.textContent ?? 'table') !== 'table'"
                )
                bar = page.evaluate(TOP_BAR)
                extra = page.evaluate(BAR_EXTRA)
                shoot(page, f"topbar-{game}-{kind}")
                assert bar["whole"] and bar["inside"], (game, bar, extra)
                assert bar["overlaps"] == [], (game, bar)
                assert extra["clamp"] in ("none", "", None) and not extra["ellipsis"], (game, extra)
                assert extra["keys"] is kind.startswith("desktop"), (game, extra)
                assert extra["keysName"] == "Keys (?)", extra
                page.close()
        finally:
            ctx.close()


LOBBY_ORDER = """() => {
  const top = (id) => document.getElementById(id).getBoundingClientRect();
  const mine = top("mine-panel"), games = top("games"), open = top("open-tables");
  return { mine: mine.top, mineBottom: mine.bottom, games: games.top, open: open.top,
           shown: !document.getElementById("mine-panel").hidden };
}"""
"""Where the lobby's private tables, its games and its open tables begin, in one reading."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
def test_the_lobby_lists_one_s_private_tables_first(
    browser: Browser, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """In a one-column lobby (a phone) "Your private tables", the way back to a game in progress, lay
    below the six games' cards and the form, so a player coming back scrolled past them all. It comes
    first at every width, above the games, and says "you" of one's own seat (it said "seat 0")."""
    size = f"{viewport['width']}x{viewport['height']}"
    with serving(tmp_path) as server, context(browser, viewport) as ctx:
        table = create_table(server, "roquet", [HUMAN, COMPUTER], seed=3)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        page.locator("h2.prompt.your-turn").wait_for()
        page.click("#leave")
        page.wait_for_url(f"{server.url}/")
        page.locator("#mine-tables a", has_text="Back to your seat").wait_for()
        page.locator("#games .game-item").first.wait_for()
        where = page.evaluate(LOBBY_ORDER)
        shoot(page, f"lobby-private-first-{size}")
        assert where["shown"], where
        assert where["mineBottom"] <= where["games"] and where["mine"] < where["open"], where
        assert where["mine"] < viewport["height"] / 2, where
        # (one's own seat is "you", not "seat 0")
        said = page.inner_text("#mine-tables li").splitlines()
        assert said[1].startswith("you · 1 computer"), said


@pytest.mark.parametrize(
    ("scores", "said"), [((101, 100, 100), "you lead by 1 chip:"), ((99, 100, 100), "you are 1 chip behind:")]
)
def test_lansquenet_s_hint_counts_one_chip_as_a_chip(scores: tuple[int, ...], said: str) -> None:
    """Lansquenet's hint for a banker one chip ahead read "stop — you lead by 1 chips: …": one chip is
    "1 chip", ahead or behind."""
    game = parlour.make("lansquenet", players=3)
    state = game.new(seed=1, deal={"banker": 0})
    view = state.view(0)
    view.scores = [float(s) for s in scores]
    reason = StandingsPlayer().advise(view, game).reason
    assert reason.startswith(said), reason
    assert "1 chips" not in reason, reason


@pytest.mark.browser
def test_a_log_line_parts_a_list_of_cards_with_names_by_commas(browser: Browser, tmp_path: Path) -> None:
    """Open Tarock's log read "You turn up tarock IV tarock XIII the Sküs 7♣" and "Computer 1 takes
    the trick (tarock XXI 2♦)": once the codes are named, one card's name ran into the next. A run of
    cards with a named one among them is parted by commas; suited cards alone stay as they were."""
    game = parlour.make("open-tarock")
    state = game.new(seed=2)
    rng = random.Random(1)
    for _ in range(8):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    texts = [state.event_words(event) for event in state.events(0)]
    texts.append("seat 1 is dealt 3♠ 2♠ 8♥")
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        page = ctx.new_page()
        page.goto(server.url)
        said = page.evaluate(
            """([texts, pack]) => Promise.all([import('/static/words.js'), import('/static/cards.js')])
              .then(async ([words, cards]) => {
                const loaded = await cards.loadPack(pack);
                return texts.map((t) => words.rewrite(t, (s) => `Computer ${s}`, loaded));
              })""",
            [texts, game.pack],
        )
    assert "Computer 0 turns up K♣, tarock XXI, tarock XX, tarock XII" in said, said
    assert "Computer 0 takes the trick (tarock XXI, 2♦)" in said, said
    assert "Computer 1 turns up 2♦ 7♣ J♥ C♠" in said, said
    assert "Computer 1 is dealt 3♠ 2♠ 8♥" in said, said
    for line in said:
        assert not re.search(r"tarock [IVX]+ (tarock|the|[0-9AKQJC])", line), line


@pytest.mark.browser
def test_the_box_to_type_offers_an_amount_s_action_too(browser: Browser, tmp_path: Path) -> None:
    """Lansquenet's banker, asked to "put up a bank of 1 to 100 chips", found the box to type blank
    where every other decision's box shows an action to type ("play 3S"): it offers "bank 1"."""
    with serving(tmp_path) as server, context(browser, DESKTOP) as ctx:
        for seed in range(1, 20):
            table = create_table(server, "lansquenet", [HUMAN, COMPUTER, COMPUTER], seed=seed)
            page, _ = open_seat(ctx, seat_link(server, table, 0))
            page.locator("h2.prompt.your-turn").wait_for()
            if page.inner_text("h2.prompt").startswith("Your turn: put up a bank of 1 to"):
                break
            page.close()
        else:
            pytest.fail("no deal of 19 where seat 0 banks first")
        shoot(page, "lansquenet-type-bank")
        assert page.get_attribute("#type-action", "placeholder") == "bank 1"


@pytest.mark.browser
def test_a_replay_promises_every_hand_face_up_not_every_card(browser: Browser, tmp_path: Path) -> None:
    """The replay's "See as" offered "all cards face up", and drew the stock face down beside it (a
    stock, a talon or a kitty is never seen in play, nor in a replay): it offers "every hand face up"."""
    with game_replay(browser, tmp_path, "roquet", DESKTOP) as page:
        replay_step(page, 0)
        said = page.evaluate(
            """() => ({
              option: document.querySelector("#seat option[value=all]").textContent,
              chosen: document.querySelector("#seat").value,
              stockBacks: document.querySelectorAll("#table .zone.kind-stock :is(.back, img)").length,
              handsUp: [...document.querySelectorAll("#table .seat .zone.kind-hand img, #hand img")]
                .filter((img) => !img.src.endsWith("/back.svg")).length,
            })"""
        )
        shoot(page, "replay-every-hand")
    assert said["chosen"] == "all" and said["option"] == "every hand face up", said
    assert said["stockBacks"] > 0 and said["handsUp"] >= 16, said
