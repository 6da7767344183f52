"""web-13: what the web table's last reviews left, pinned where it was mended. Each test here failed
before its fix.

One ``parlour serve`` and one Chromium serve the module's browser tests (as ``tests/test_review10.py``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.engine.views import View
from parlour.players import LEVELS
from parlour.web.app import player_notes
from parlour.web.tables import guarded, kept
from tests.test_web12 import BEZIQUE_SEED, play_to
from tests.web_support import GAMES, Server, server_fixture
from tests.web_walks import (
    COMPUTER,
    PHONE,
    browser,
    context,
    create,
    create_table,
    live_table,
    seat_link,
    serving_api,
    shooter,
)
from tests.words_support import JARGON

pytestmark = [pytest.mark.timeout(180)]

__all__ = ["browser"]  # the module's Chromium, shared by its tests

shoot = shooter("web13")

WIDE = {"width": 1280, "height": 900}


server = server_fixture("web13")
"""The module's ``parlour serve``, with a SQLite database of its own."""


# --- 1. one fact decides a named seat ---------------------------------------------------------------

NAMES = [
    ("Bob", True),
    ("  Bob  ", True),
    ("", False),
    ("Seat 2", False),
    ("seat 1", False),
    ("Computer 1", False),
]
"""The ways the creator names the second seat, and whether that names it: a name that reads as the
seat's default (the older "seat 1" and "Computer 1" are shown "Seat 2") names nothing."""


def test_a_seat_is_kept_from_strangers_exactly_when_it_is_guarded_from_the_players(tmp_path: Path) -> None:
    """``kept`` (may a stranger Join) compared the seat's shown name with its default; ``guarded`` (may
    the players hand it to a computer player at once) read the stored ``named``. A seat the creator
    named "seat 1" (the older default of the second seat, shown "Seat 2") was stored as named, so
    guarded for its person, yet any stranger could Join it. Both read ``named`` now, and a name that
    reads as the default names nothing."""
    with serving_api(f"sqlite:///{tmp_path / 'parlour.db'}") as client:
        for name, named in NAMES:
            seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": name}, COMPUTER, COMPUTER]
            made = create(client, "bishops-whist", seats, public=True)
            seat = live_table(client, made["id"]).seats[1]
            assert (seat.named, kept(seat), guarded(seat, 0)) == (named, named, named), (name, seat)
            info = client.get(f"/api/tables/{made['id']}").json()["seats"][1]
            assert info["kept"] is named, (name, info)
            joined = client.post(f"/api/tables/{made['id']}/join", json={"seat": 1, "name": "Eve"})
            assert joined.status_code == (409 if named else 200), (name, joined.text)
            # the creator's own seat is guarded (it is theirs), never kept: it is taken
            ann = live_table(client, made["id"]).seats[0]
            assert ann.taken and not kept(ann) and guarded(ann, 0)


# --- 2. the page uses quiet -------------------------------------------------------------------------

EXTRAS_SHOWN = """() => {
  const more = document.querySelector('details.extra');
  more.open = true;
  const shown = (e) => e.getClientRects().length > 0;
  return [...more.querySelectorAll('dt')]
    .map((dt) => [dt.textContent, shown(dt) && shown(dt.nextElementSibling)]);
}"""
"""The table's "More about this hand", opened: each row's term and whether it is drawn."""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280x900", "390x844"])
def test_a_phone_leaves_out_the_extras_quiet_rows(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """The terminal leaves out the rows a game marks ``quiet`` (Bezique's stage says nothing at a move)
    where room is short; the web table published the flag and the page drew them everywhere. A phone
    leaves them out where rows that say something share the list; a wide screen keeps them."""
    table = create_table(server, "bezique", [{"kind": "human", "name": "Ann"}, COMPUTER], seed=1)
    with context(browser, viewport) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.locator("details.extra").wait_for(state="attached")
        rows = dict(page.evaluate(EXTRAS_SHOWN))
        page.locator("details.extra").scroll_into_view_if_needed()
        shoot(page, f"bezique-extras-{viewport['width']}x{viewport['height']}")
    assert "stage" in rows and "brisques won" in rows, rows  # a quiet row among rows that say something
    assert rows["brisques won"], rows
    assert rows["stage"] is (viewport is WIDE), rows


BROKEN_WORDS = """() => {
  const broken = [];
  for (const dd of document.querySelectorAll('details.extra dd')) {
    if (!dd.getClientRects().length) continue;
    const text = dd.firstChild;
    for (const m of dd.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""
"""The words of the extras' values the page breaks across two lines ("Compute" / "r 2: 0")."""


@pytest.mark.browser
def test_a_phone_never_breaks_a_word_of_the_extras(browser: Browser, server: Server) -> None:
    """On a phone the extras' value column was squeezed by the longest label ("shown sevens of trumps
    still held") and broke names inside a word ("Compute" / "r 2: 0"): the labels' column now takes at
    most half the width and a value breaks between its words."""
    table = create_table(server, "bezique", [{"kind": "human", "name": "Ann"}, COMPUTER], seed=1)
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(seat_link(server, table, 0))
        page.locator("details.extra").wait_for(state="attached")
        page.evaluate("() => { document.querySelector('details.extra').open = true; }")
        broken = page.evaluate(BROKEN_WORDS)
        page.locator("details.extra").scroll_into_view_if_needed()
        shoot(page, "bezique-extras-words-390x844")
    assert broken == [], broken


# --- 3. Bezique's declarations say what they are ----------------------------------------------------


def bezique_view(trumps: str, **options: Any) -> View[Any]:
    """Seat 1's view of a Bezique deal whose trumps are ``trumps`` (the first seed that turns one up)."""
    game = parlour.make("bezique", **options)
    for seed in range(100):
        view: View[Any] = game.new(seed=seed).view(0)
        if view.trump == trumps:
            return view
    raise AssertionError(f"no deal with {trumps} trumps")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("meld KH QH", "royal marriage, 40 points"),
        ("meld KS QS", "common marriage, 20 points"),
        ("meld QS JD", "bezique, 40 points"),
        ("meld QS JD QS JD", "double bezique, 500 points"),
        ("meld JS JH JD JC", "four jacks, 40 points"),
        ("meld QS QH QD QC", "four queens, 60 points"),
        ("meld KS KH KD KC", "four kings, 80 points"),
        ("meld AS AH AD AC", "four aces, 100 points"),
        ("meld AS AS AD AC", "four aces, 100 points"),
        ("meld AH TH KH QH JH", "sequence, 250 points"),
        ("meld JH QH KH TH AH", "sequence, 250 points"),
        ("meld AS TS KS QS JS", ""),  # not trumps: no meld
        ("meld KS QH", ""),
        ("play KS", ""),
    ],
)
def test_bezique_names_each_declaration_and_its_score(action: str, words: str) -> None:
    """Bezique's meld buttons read "meld A♠ A♥ A♦ A♣" where Roquet's say "pair of nines, 2 points":
    each names the declaration as a player does, with its score, from the seat's own view (hearts
    trumps here: the marriage of K♥ Q♥ is royal, of K♠ Q♠ common)."""
    view = bezique_view("H")
    assert parlour.make("bezique").action_words(action, view) == words


def test_bezique_s_words_follow_the_options_and_need_trumps_for_a_marriage() -> None:
    """Which queen and jack make bezique changes with ``alt_bezique`` under spades or diamonds trumps;
    a four needs one card a suit under ``fours_one_per_suit``. Without a view (trumps unknown) a
    marriage is not named (royal or common?), a meld its cards make under one trump suit only is."""
    alt = parlour.make("bezique", alt_bezique=True)
    spades = bezique_view("S", alt_bezique=True)
    assert alt.action_words("meld QC JH", spades) == "bezique, 40 points"
    assert alt.action_words("meld QS JD", spades) == ""
    assert alt.action_words("meld KS QS", spades) == "royal marriage, 40 points"
    hearts = bezique_view("H", alt_bezique=True)
    assert alt.action_words("meld QS JD", hearts) == "bezique, 40 points"
    one_each = parlour.make("bezique", fours_one_per_suit=True)
    assert one_each.action_words("meld AS AS AD AC", bezique_view("H", fours_one_per_suit=True)) == ""
    game = parlour.make("bezique")
    assert game.action_words("meld KS QS") == ""
    assert game.action_words("meld AS AH AD AC") == "four aces, 100 points"
    assert game.action_words("meld AH TH KH QH JH") == "sequence, 250 points"
    assert game.action_words("exchange 7H") == "exchange the seven of trumps for the turn-up, 10 points"
    # a spectator's view holds the trumps a seat's does: the words read nothing hidden
    state = game.new(seed=3)
    trumps = state.view(0).trump
    assert state.view(None).trump == trumps
    for seat in (None, 0, 1):
        meld = f"meld K{trumps} Q{trumps}"
        assert game.action_words(meld, state.view(seat)) == "royal marriage, 40 points"


def test_roquet_s_words_are_the_same_with_a_view() -> None:
    """Roquet's words come from the cards alone: the view the web table now gives changes nothing."""
    game = parlour.make("roquet")
    view = game.new(seed=1).view(0)
    for action in ("meld 9H 9S", "meld 9H 9S 9D 9C", "play 9H"):
        assert game.action_words(action, view) == game.action_words(action)
    assert game.action_words("meld 9H 9S", view).endswith("2 points")


MELD_BUTTONS = """() => [...document.querySelectorAll('.action-buttons button.action')]
  .filter((b) => b.dataset.key.startsWith('action-meld '))
  .map((b) => [b.dataset.key.slice(7), b.innerText])"""
"""Each meld button's action and its words as the page shows them."""


@pytest.mark.browser
def test_bezique_s_meld_buttons_name_the_declaration(browser: Browser, server: Server) -> None:
    """At the web table, Bezique's meld buttons say what each declaration is and scores ("common
    marriage, 20 points"), as Roquet's combinations do, not its cards alone."""
    seats = [{"kind": "human", "name": "Ann"}, COMPUTER]
    table = create_table(server, "bezique", seats, seed=BEZIQUE_SEED, target=1000)
    link = seat_link(server, table, 0)
    actions = play_to(server.url, link, ("meld",))
    melds = [a for a in actions if a.startswith("meld ")]
    with context(browser, PHONE) as ctx:
        page = ctx.new_page()
        page.goto(link)
        page.locator(".action-buttons button.action").first.wait_for()
        buttons = dict(page.evaluate(MELD_BUTTONS))
        badge = page.inner_text(".trump-badge")  # "Trumps: ♥ hearts" (of the hand the meld comes in)
        shoot(page, "bezique-meld-buttons-390x844")
    trumps = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}[badge.split()[-1]]
    assert sorted(buttons) == sorted(melds), (buttons, actions)
    for action, text in buttons.items():
        cards = action.split()[1:]
        royal = len(cards) == 2 and cards[0][0] in "KQ" and cards[0][1] == trumps
        kinds = r"(common marriage|royal marriage|bezique|double bezique|four \w+|sequence)"
        said = re.fullmatch(kinds + r", (\d+) points(: .*)?", text)
        assert said is not None, (action, text)
        if said.group(1).endswith("marriage"):
            assert said.group(1) == ("royal marriage" if royal else "common marriage"), (action, text, trumps)


# --- 4. the levels' notes in plain words ------------------------------------------------------------

# JARGON (words a card player would not follow) lives in tests/words_support.py since hints-12, which
# checks the hints' reasons against it too.


@pytest.mark.parametrize("name", GAMES)
def test_the_levels_notes_are_in_a_card_player_s_words(name: str) -> None:
    """The lobby and the table explain easy, normal and strong by each game's note (the players'
    ``describe_player``): some read "found by Markov chains", "Perfect-information Monte Carlo in the
    talon phase (200 playouts a move)", "a fast one-ply evaluation". Each says in plain words what the
    level does and how long it thinks."""
    notes = player_notes(name)
    for level in LEVELS:
        note = notes[level]
        assert not JARGON.search(note), (name, level, note)
        assert THINKS.search(note), (name, level, note)  # how long it thinks


THINKS = re.compile(r"at once|milliseconds? a move|second a move")
"""How long a level thinks, as its note says it."""


def test_the_plain_notes_keep_their_numbers() -> None:
    """The numbers the plain notes give are the levels' own (written beside them by hand)."""
    from parlour.games.apology import players as apology
    from parlour.games.open_tarock import players as open_tarock

    ap, ot = player_notes("apology"), player_notes("open-tarock")
    assert f"on {apology.BID_WORLDS} guesses" in ap["strong"] and f"on {apology.WORLDS} such" in ap["strong"]
    assert f"({apology.NORMAL_WORLDS} for a card, {apology.NORMAL_BID_WORLDS} for a bid)" in ap["normal"]
    assert f"Guesses {open_tarock.NORMAL_WORLDS} ways" in ot["normal"]
    assert f"with {open_tarock.STRONG_WORLDS} guesses" in ot["strong"]
    assert open_tarock.STRONG_NODES == 2 * open_tarock.NORMAL_NODES and "twice its time" in ot["strong"]
