"""review-7: a new user at the web table with two friends and computer players, pinned where it was
mended: "You cut lowest and deals first" in the log, a mistyped link that unseated the browser that
opened it, a stranger taking the seat made for a named friend, a binary frame that dropped the
connection without a word, a finished match whose replay nothing led to, a watcher left behind when
the players played again, a friend who never came holding up the match for ever, a move that came
too late refused twice over in the protocol's words, and a friend's link lost once the creator sat down.

One ``parlour serve`` and one Chromium serve the module's browser tests; the API's tests run the app in
this process (``tests/test_web_protocol.py``'s ``serving``). Each test here failed before its fix.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, WebSocketRoute
from websockets.sync.client import connect

from tests.test_web_protocol import sit, tokens
from tests.web_support import Server, server_fixture
from tests.web_walks import (
    COMPUTER,
    HUMAN,
    PHONE,
    api,
    browser,
    context,
    create,
    create_table,
    seat_link,
    serving_api,
    shooter,
    wait_finished,
)

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("review7")


server = server_fixture("review7")
"""The module's ``parlour serve``, with a SQLite database of its own."""


REWRITE = """(cases) => import("/static/words.js").then((w) =>
  cases.map(([text, me]) => w.rewrite(text, (s) => (s === me ? "you" : `Seat ${s + 1}`), null)))"""
"""words.js's ``rewrite`` of each (engine text, viewer's seat), as the log writes it."""


@pytest.mark.browser
def test_you_and_a_second_verb_agree(browser: Browser, server: Server) -> None:
    """The log said "You cut lowest and deals first" (Bishops Whist's cut), "You cut low and deals"
    (Roquet's) and "You draw highest and banks" (Lansquenet's first banker): a verb after "and" was put
    in the second person only where the first verb changed and a word followed it. A list of things
    after "and" is still left alone."""
    cases = [
        ["seat 1 cut lowest and deals first", 1],
        ["seat 0 cuts low and deals", 0],
        ["seat 2 draws highest and banks", 2],
        ["seat 1 cut lowest and deals first; partners: seats 1 and 3 against seats 0 and 2", 1],
        # as before
        ["seat 0 takes the bank and chooses its size", 0],
        ["seat 0 scores 40 for kings and queens", 0],
        ["seat 0 holds hearts and spades", 0],
        ["seat 1 cut lowest and deals first", 0],
    ]
    with context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        said = page.evaluate(REWRITE, cases)
    assert said == [
        "You cut lowest and deal first",
        "You cut low and deal",
        "You draw highest and bank",
        "You cut lowest and deal first; partners: you & Seat 4 against Seat 1 & Seat 3",
        "You take the bank and choose its size",
        "You score 40 for kings and queens",
        "You hold hearts and spades",
        "Seat 2 cut lowest and deals first",
    ], said


SEAT_AND_NOTICE = """() => ({seat: document.querySelector('#seat-line')?.textContent ?? '',
  notice: document.querySelector('#notice')?.textContent ?? ''})"""
"""The page's seat line and notice, read together."""


@pytest.mark.browser
def test_a_link_that_is_no_seat_s_leaves_the_browser_its_own_seat(browser: Browser, server: Server) -> None:
    """Ann, seated, opened a link whose secret is no seat's (Bob's, mistyped as a friend passed it on,
    or replaced since): the page forgot Ann's own seat and she watched her own table from then on,
    reloads and the lobby too. The link is refused, and she is back at her seat."""
    table = api(
        server,
        "/api/tables",
        {
            "game": "bishops-whist",
            "options": {"hand_limit": 1},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, COMPUTER, COMPUTER],
        },
    )
    links = {s["seat"]: server.url + s["link"] for s in table["seats"] if s["link"]}
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(links[0])
        page.wait_for_function("() => document.querySelector('#seat-line')?.textContent === 'you are Ann'")
        mistyped = ctx.new_page()
        mistyped.goto(links[1][:-1] + ("A" if not links[1].endswith("A") else "B"))
        mistyped.wait_for_function(
            "() => document.querySelector('#notice')?.textContent?.includes('not valid')"
        )
        mistyped.wait_for_function("() => document.querySelector('#seat-line')?.textContent !== ''")
        said = mistyped.evaluate(SEAT_AND_NOTICE)
        shoot(mistyped, "mistyped-link-390x844")
        assert said["seat"] == "you are Ann", said
        assert "back at your own seat" in said["notice"], said
        again = ctx.new_page()
        again.goto(f"{server.url}/t/{table['id']}")
        again.wait_for_function("() => document.querySelector('#seat-line')?.textContent !== ''")
        assert again.inner_text("#seat-line") == "you are Ann"


def test_a_seat_made_for_a_named_friend_is_kept_for_them(tmp_path: Path) -> None:
    """A public table (the lobby's default) with a seat named for Bob, its link sent to him: the lobby
    listed the table as open with "1 free seat", and the first stranger to press Join took Bob's seat,
    renamed it and voided his link. A named friend's seat is kept for them: the table is watched, not
    joined, until an unnamed seat is free; the lobby says whom it waits for."""
    with serving_api(f"sqlite:///{tmp_path / 'parlour.db'}") as client:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, COMPUTER, COMPUTER]
        kept = create(client, "bishops-whist", seats, public=True)
        tid = kept["id"]
        lists = client.get("/api/tables").json()
        assert tid not in [t["id"] for t in lists["open"]], "nobody but Bob may take his seat"
        assert tid in [t["id"] for t in lists["playing"]], "the table is there to watch"
        bob = client.get(f"/api/tables/{tid}").json()["seats"][1]
        assert (bob["name"], bob["taken"], bob["kept"]) == ("Bob", False, True), bob
        refused = client.post(f"/api/tables/{tid}/join", json={"name": "Eve"})
        assert refused.status_code == 409, refused.text
        assert "Bob" in refused.json()["detail"], refused.text
        assert client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Eve"}).status_code == 409
        with sit(client, tid, tokens(kept)[1]) as peer:
            assert peer.wait(lambda f: f["type"] == "welcome")[1]["seat"] == 1, "Bob's link still sits him"
        # a seat nobody named is anyone's, as before
        anyone = create(client, "bishops-whist", [seats[0], HUMAN, COMPUTER, COMPUTER], public=True)
        assert anyone["id"] in [t["id"] for t in client.get("/api/tables").json()["open"]]
        joined = client.post(f"/api/tables/{anyone['id']}/join", json={"name": "Eve"})
        assert joined.status_code == 200 and joined.json()["seat"] == 1


LOBBY_ITEMS = """() => Object.fromEntries(["open-tables", "playing-tables"].map((id) =>
  [id, [...document.querySelectorAll(`#${id} li`)].map((li) => li.innerText)]))"""
"""The lobby's open tables and tables to watch, as read, together."""


@pytest.mark.browser
def test_the_lobby_says_whom_a_kept_seat_waits_for(browser: Browser, server: Server) -> None:
    """The lobby said "1 free seat" of the seat made for Bob: it is listed to watch, "waiting for Bob",
    and the table says Bob is not here yet rather than offering a free seat."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, HUMAN, COMPUTER]
    body = {"game": "bishops-whist", "options": {"hand_limit": 1}, "seats": seats, "public": True}
    table = api(server, "/api/tables", body)
    api(server, f"/api/tables/{table['id']}/join", {"name": "Cy"})  # the seat nobody named
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#playing-tables li')]"
            ".some((li) => li.innerText.includes('Cy'))"
        )
        lists = page.evaluate(LOBBY_ITEMS)
        page.locator("#playing-tables").scroll_into_view_if_needed()
        shoot(page, "lobby-kept-seat-390x844")
        listed = [item for item in lists["playing-tables"] if "Cy" in item]
        assert len(listed) == 1 and "waiting for Bob" in listed[0], lists
        assert "free seat" not in listed[0], lists
        assert not [item for item in lists["open-tables"] if "Cy" in item], lists
        page.goto(f"{server.url}/t/{table['id']}")
        bob = page.locator("#table .seat[data-seat='1'] .tag.free")
        bob.wait_for()
        assert bob.inner_text() == "not here yet"


def test_a_binary_frame_is_refused_in_words_and_the_seat_stays_connected(tmp_path: Path) -> None:
    """A malformed message of text is answered "a message is a JSON object with a 'type'" and the
    connection goes on; a binary frame dropped the connection with no word said (an abnormal close)."""
    with serving_api(f"sqlite:///{tmp_path / 'parlour.db'}") as client:
        table = create(client, "bezique", [HUMAN, COMPUTER])
        with sit(client, table["id"], tokens(table)[0]) as peer:
            peer.wait(lambda f: f["type"] == "welcome")
            since = len(peer.frames)
            peer.ws.send_bytes(b"\x00{not text}")
            refusal = peer.wait(lambda f: f["type"] == "error", since)[1]
            assert refusal["code"] == "bad_message" and "text" in refusal["message"], refusal
            assert peer.ping() is not None, "the connection goes on"


@pytest.mark.browser
def test_a_finished_match_offers_its_replay(browser: Browser, server: Server) -> None:
    """At a match's end the table said who won and offered "Play again", but nothing led to the match's
    replay: a private table's is listed nowhere (the lobby lists public tables' alone), so its players
    and watchers had to know to type /replay/... The banner links to it."""
    table = create_table(server, "roquet", [COMPUTER, COMPUTER], seed=3)
    wait_finished(server, table["id"])
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(f"{server.url}/t/{table['id']}")
        link = page.locator("section.banner.outcome a", has_text="Replay")
        link.wait_for()
        shoot(page, "match-over-replay-link-390x844")
        link.click()
        page.wait_for_url(f"**/replay/{table['id']}")
        page.wait_for_selector("#table .board")
        assert page.inner_text("#step-text").startswith("step 0 of ")


def play_out_and_again(url: str, link: str) -> str:
    """Play the seat of ``link`` through the table's WebSocket (its first action each time) to the
    match's end, then press "Play again" as its page would; the next table's id."""
    token = parse_qs(urlparse(link).fragment)["token"][0]
    table = urlparse(link).path.rsplit("/", 1)[-1]
    with connect(url.replace("http", "ws", 1) + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
        seat = None
        for _ in range(2000):
            message = json.loads(socket.recv(timeout=30))
            if message["type"] == "welcome":
                seat = message["seat"]
            elif message["type"] == "next":
                return str(message["id"])
            elif message["type"] == "state" and message["view"]["outcome"]:
                socket.send(json.dumps({"type": "again"}))
            elif message["type"] == "state" and (message["view"]["decision"] or {}).get("seat") == seat:
                action = message["actions"][0]["text"]
                socket.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
    raise AssertionError("the match did not end, or no next table came")


@pytest.mark.browser
def test_a_watcher_is_led_to_the_players_next_match(browser: Browser, server: Server) -> None:
    """The players pressed "Play again" and went on to a new table; whoever watched stayed at the
    finished one, its players marked "away", with no word of where they went. The watcher's banner
    now leads to the next match, to watch it too."""
    table = create_table(server, "open-tarock", [HUMAN, COMPUTER])
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(f"{server.url}/t/{table['id']}")
        page.wait_for_selector("#table .board")
        following = play_out_and_again(server.url, seat_link(server, table, 0))
        link = page.locator("section.banner.outcome a", has_text="next match")
        link.wait_for()
        shoot(page, "watcher-next-match-390x844")
        link.click()
        page.wait_for_url(f"**/t/{following}")
        page.wait_for_function("() => document.querySelector('#seat-line')?.textContent === 'watching'")


@pytest.mark.browser
def test_a_friend_who_never_came_can_be_replaced_by_a_computer(browser: Browser, server: Server) -> None:
    """Bob was sent his link and never opened it: the match waited at his turn for ever, for the
    others could hand a seat to a computer player only once its person had sat down and gone ("○
    away"), never a seat nobody took. They may now, as the server always allowed."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, COMPUTER, COMPUTER]
    body = {"game": "bishops-whist", "options": {"hand_limit": 1}, "seats": seats}
    table = api(server, "/api/tables", body)
    with context(browser) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.wait_for_function("() => document.querySelector('#seat-line')?.textContent === 'you are Ann'")
        replace = page.locator("#table .seat[data-seat='1'] .replace button")
        replace.wait_for()
        shoot(page, "replace-a-friend-who-never-came-1280x900")
        replace.click()
        page.locator("#table .seat[data-seat='1'] .tag.computer").wait_for()
        bob = api(server, f"/api/tables/{table['id']}")["seats"][1]
        assert bob["kind"] == "computer" and bob["name"].startswith("Bob"), bob


@pytest.mark.browser
def test_a_move_that_came_too_late_is_refused_in_a_players_words(browser: Browser, server: Server) -> None:
    """A move sent as the table moved on (a click as a computer player moved) was refused with "The
    table moved on before your action arrived; look again: the table has moved on (version 3, your
    action was for 2); nothing was played — look again and choose": said twice, with the protocol's
    version numbers. The page says it once, in a player's words."""
    table = create_table(server, "bezique", [HUMAN, COMPUTER])
    with context(browser) as ctx:
        page = ctx.new_page()

        def late(route: WebSocketRoute) -> None:
            """The page's socket, its moves sent as of the version before (as if the table had moved)."""
            server_side = route.connect_to_server()

            def send(message: str | bytes) -> None:
                sent = json.loads(message)
                if sent.get("type") == "act":
                    sent["version"] -= 1
                server_side.send(json.dumps(sent))

            route.on_message(send)

        page.route_web_socket(f"**/ws/tables/{table['id']}", late)
        page.goto(seat_link(server, table, 0))
        page.locator("#hand button.card-button:not([disabled])").first.click()
        page.wait_for_function("() => document.querySelector('#notice')?.textContent?.includes('moved on')")
        said = page.inner_text("#notice")
        shoot(page, "too-late-1280x900")
    assert "version" not in said and said.count("look again") <= 1, said
    assert "nothing was played" in said, said


@pytest.mark.browser
def test_the_creator_can_copy_a_friend_s_link_after_sitting_down(browser: Browser, server: Server) -> None:
    """The lobby showed each friend's link once, under "Your table is ready": the creator who pressed
    "Sit down →" before copying Bob's link (or who lost the message it went in) had no way to it again,
    and Bob no way to his seat. The creator's table offers the link of a friend's seat nobody has taken
    yet, which sits Bob down."""
    with context(browser) as host, context(browser) as friend:
        host.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page = host.new_page()
        page.goto(server.url + "/")
        page.fill("#my-name", "Ann")
        page.locator("#games button.game-item[data-game='bishops-whist']").click()
        page.locator("#opt-hand_limit").fill("1")
        seats = page.locator("#create-form .seats select")
        seats.nth(1).select_option("human")
        page.fill("#seat-1-name", "Bob")
        seats.nth(2).select_option("computer:easy")
        seats.nth(3).select_option("computer:easy")
        page.locator("#create-form button[type=submit]").click()
        page.get_by_role("button", name="Sit down →").click()
        page.wait_for_url("**/t/**")
        copy = page.locator("#table .seat[data-seat='1'] button", has_text="Copy Bob's link")
        copy.wait_for()
        shoot(page, "copy-a-friend-s-link-1280x900")
        copy.click()
        page.wait_for_function(
            "() => navigator.clipboard.readText().then((t) => t.includes('#seat=1&token='))"
        )
        link = str(page.evaluate("() => navigator.clipboard.readText()"))
        bob = friend.new_page()
        bob.goto(link)
        bob.wait_for_function("() => document.querySelector('#seat-line')?.textContent === 'you are Bob'")
        # once Bob has sat down, his link is his own business: the button goes
        copy.wait_for(state="detached")
