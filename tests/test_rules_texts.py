"""The rules texts read as a whole by a newcomer (rules-text-1): each claim mended there is checked
here against the engine, and the texts' Markdown against the two places that show it.

A sentence that was wrong, missing or shown in the wrong place is pinned by playing a position
through the public API, so that the text and the code cannot drift apart again. Each docstring
names the sentence it checks.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser
from rich.console import Console

import parlour
from parlour.cards import BEZIQUE_64
from parlour.cli.terminal import RulesText
from tests.test_bishops_whist import deal_of
from tests.test_rules_defaults import same
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

__all__ = ["browser"]  # the web tests' Chromium, for the one browser test below

GAMES = [info.name for info in parlour.list_games()]
ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+")
"""A Markdown list item's marker; group 1 its indent. The item's text starts at the match's end."""


def rules(game: str) -> str:
    return parlour.game_class(game).rules_text()


def lazy_lines(text: str) -> list[str]:
    """Lines that Markdown folds into the list item above them although they are indented less than
    its text ("lazy continuation"): a sentence meant for the whole list, or for the item that holds
    a nested list, is then read as part of the last item (Lansquenet's "It also ends when only one
    player holds chips" stood under the `deals` bullet, as if only that length ended so)."""
    found: list[str] = []
    content: int | None = None  # where the current item's text starts, inside a list
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if not line.strip():
            content = None
            continue
        if (m := ITEM.match(line)) is not None:
            content = m.end()
            continue
        indent = len(line) - len(line.lstrip())
        if content is not None and indent < content and not line.lstrip().startswith("|"):
            found.append(line.strip())
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_sentence_is_folded_into_the_list_item_above_it(game: str) -> None:
    assert lazy_lines(rules(game)) == [], f"{game}: lines folded into the list item above them"


def test_the_fold_check_finds_a_folded_line() -> None:
    """The check above finds what it is written for (one that found nothing would pass every text)."""
    text = "- `banks`: until ...\n- `deals`: after ...\nIt also ends when only one player holds chips.\n"
    assert lazy_lines(text) == ["It also ends when only one player holds chips."]
    nested = "2. each player may\n   - `bet N`\n   - `pass`.\n   A player may add to a bet.\n3. next\n"
    assert lazy_lines(nested) == ["A player may add to a bet."]
    assert lazy_lines("- one\n  two, its continuation\n\nA paragraph.\n") == []


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_shows_each_text_within_80_columns(game: str) -> None:
    """`parlour rules <game>` at 80 columns: no line wider than the terminal (tables fold their
    cells, words wrap). The console's width is set here, whatever the test's own terminal."""
    console = Console(width=80, record=True, force_terminal=False, color_system=None)
    console.print(RulesText(rules(game)))
    lines = console.export_text().splitlines()
    assert lines, game
    too_wide = [line for line in lines if console.measure(line).maximum > 80]
    assert too_wide == [], f"{game}: {too_wide[:3]}"


def terminal_text(game: str) -> list[str]:
    """The rules as `parlour rules` prints them at 80 columns, one line per list."""
    console = Console(width=80, record=True, force_terminal=False, color_system=None)
    console.print(RulesText(rules(game)))
    return [line.rstrip() for line in console.export_text().splitlines()]


OPTION_BULLET = re.compile(r"^- `(\w+)` \(`?([\w.-]+)`?\):(.*)$")
"""An options list's item: "- `tie` (`play-on`): equal scores ... `draw`: ..." (Roquet, Bishops Whist)."""


def listed_options(game: str) -> dict[str, tuple[str, str]]:
    """Each option the text's "Options" section names, with the default it gives and the words it
    says of it: from its table ("| `deals` | 4 | ... |") or its list ("- `deals` (4): ...")."""
    text = rules(game)
    section = text[text.index("## Options") :]
    section = section[: section.find("\n## ", 4)] if "\n## " in section[4:] else section
    found: dict[str, tuple[str, str]] = {}
    item: str | None = None
    for line in section.splitlines():
        if (m := OPTION_BULLET.match(line)) is not None:
            item = m.group(1)
            found[item] = (m.group(2), m.group(3))
        elif item is not None and line.startswith("  "):
            default, words = found[item]
            found[item] = (default, f"{words} {line.strip()}")
        else:
            item = None
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3 and cells[0].startswith("`"):
            names = re.findall(r"`(\w+)`", cells[0])
            if (m := re.fullmatch(r"`(\w+)_(\d+)` \.\. `\1_(\d+)`", cells[0])) is not None:
                names = [f"{m.group(1)}_{k}" for k in range(int(m.group(2)), int(m.group(3)) + 1)]
            defaults = [d.strip().strip("`") for d in cells[1].split(",")]
            for k, name in enumerate(names):
                found[name] = (defaults[k if len(defaults) == len(names) else 0], " ".join(cells[2:]))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_options_section_lists_every_option_with_its_default_and_choices(game: str) -> None:
    """Each text ends its rules with its options, each with its default (Bishops Whist's was one
    run-on sentence; it is now a list like Roquet's): every option of the game is there, with the
    game's default; every other choice of an option with choices is named beside it, and a range
    the words state is the option's range."""
    listed = listed_options(game)
    specs = {o.name: o for o in parlour.game_class(game).option_specs}
    assert set(listed) == set(specs), (game, set(listed) ^ set(specs))
    for name, (default, words) in listed.items():
        option = specs[name]
        assert same(option, default), (game, name, default, option.default)
        for choice in option.choices or ():
            if not isinstance(choice, bool) and choice != option.default:
                assert f"`{choice}`" in words or re.search(rf"\b{re.escape(str(choice))}\b", words), (
                    game,
                    name,
                    choice,
                    words,
                )
        if option.minimum is not None and option.maximum is not None and not option.choices:
            # a range the words state ("1 to 1000", "from 0 to 0.5") is the option's own
            for low, high in re.findall(r"\b(-?\d[\d,.]*) to (-?\d[\d,.]*\d)", words):
                said = (float(low.replace(",", "")), float(high.replace(",", "")))
                assert said == (option.minimum, option.maximum), (game, name, said, option)


# --- Lansquenet ------------------------------------------------------------------------------------


def test_lansquenet_the_session_ends_when_one_player_holds_every_chip_whatever_its_length() -> None:
    """The text: "The session also ends when only one player holds chips": under the default `length=banks`
    too, not only under `deals` (the sentence was shown as part of the `deals` bullet). Seat 1 goes
    banco with its last chip, the bank's card is paired first, and the session is over although no
    player has started the bank three times."""
    text = " ".join(rules("lansquenet").split())
    assert "The session also ends when only one player holds chips" in text
    assert "(default 3" in text
    game = parlour.make("lansquenet", players=3)
    assert game.options["length"] == "banks" and game.options["rounds"] == 3
    state = game.new(seed=1, deal={"banker": 0, "chips": [50, 1, 0], "stacks": [["9C", "KD", "9H"]]})
    state.apply("bank 1")
    state.apply("banco")
    assert state.is_over
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.scores == [51, 0, 0]
    # and on the terminal the sentence is a paragraph of its own, not the `deals` bullet's tail
    shown = terminal_text("lansquenet")
    line = next(i for i, s in enumerate(shown) if "The session also ends" in s)
    assert shown[line].startswith("The session also ends") and shown[line - 1] == ""


def test_lansquenet_a_player_may_add_to_a_bet_on_a_later_round() -> None:
    """The text: "Betting goes round as often as needed, and a player may add to a bet on a later round. It
    ends as soon as ... every player still able to bet has passed since the last bet" (shown before
    as part of the `pass` choice). Seat 1 bets 5, seat 2 bets 5, seat 1 adds 3 on the second round:
    its bet is 8; seat 2 passes, and seat 1, who has not passed since the last bet, is asked again."""
    state = parlour.make("lansquenet", players=3).new(seed=1, deal={"banker": 0, "chips": [100, 100, 100]})
    for action in ("bank 20", "bet 5", "bet 5", "bet 3", "pass"):
        state.apply(action)
    extra: Any = state.view(0).extra
    assert list(extra.bets) == [0, 8, 5]
    assert state.current_player == 1 and "pass" in state.legal_actions()
    assert [(r.verb, r.low, r.high) for r in state.legal_ranges()] == [("bet", 1, 7)]
    state.apply("pass")  # now everyone still able to bet has passed since the last bet: the cards
    assert any(e.kind == "hand_end" for e in state.log)
    assert state.scores[1] in (100 - 8, 100 + 8), state.scores  # the bet of 8, lost or won 1 to 1
    shown = terminal_text("lansquenet")
    assert any(re.match(r"\s*\d\s+Betting goes round as often as needed", s) for s in shown), shown


# --- Apology ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_apology_the_first_dealer_is_the_seat_the_text_names(seed: int) -> None:
    """The text: "Seat 1 deals first, and the deal passes to the left" (it did not say who deals
    first); the text numbers seats from 1, as the tables do, the engine from 0."""
    said = re.search(r"Seat (\d) deals first", rules("apology"))
    assert said is not None
    dealer = int(said.group(1)) - 1
    state = parlour.make("apology").new(seed=seed)
    first = next(e.data for e in state.log if e.kind == "deal")
    assert first["dealer"] == dealer
    assert state.current_player == (dealer + 1) % 4  # the dealer's left bids first


# --- Bishops Whist ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("void_knight", "winner"), [("ten", 1), ("revoke-only", 0)])
def test_bishops_whist_a_void_knight_ranks_as_the_ten_by_default(void_knight: str, winner: int) -> None:
    """The text: "A knight in a plain suit that leads ranks as its ten ... whether it was played in a knight's
    revoke or discarded by a player void in the suit (option `void_knight=revoke-only`: only a
    knight's revoke ranks)". Hearts led with the 9, seat 1 (void in hearts) discards a knight, the
    others play low hearts: by default the knight, a ten, beats the 9; with `revoke-only` it ranks
    nothing and the 9 wins."""
    assert "`void_knight=revoke-only`" in " ".join(rules("bishops-whist").split())
    deal = deal_of(3, "5C", {0: "9H", 1: "N", 2: "2H", 3: "3H"}, closed={1: "H"})
    state = parlour.make("bishops-whist", void_knight=void_knight).new(seed=1, deal=deal)
    for card in ("9H", "N", "2H", "3H"):
        state.apply(f"play {card}")
    trick = next(e.data for e in state.log if e.kind == "trick")
    assert trick["winner"] == winner


# --- the web table's rules dialog ------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.timeout(120)
def test_the_web_dialog_shows_lansquenets_betting_and_end_in_their_own_places(
    browser: Browser, tmp_path: Path
) -> None:
    """The rules dialog shows "Betting goes round ..." as an item of the numbered list of the bank and
    the bets, not inside the `pass` choice, and "The session also ends ..." as a paragraph of its own,
    not inside the `deals` bullet."""
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "lansquenet", [HUMAN, COMPUTER], seed=3, players=2)
        page, frames = open_seat(ctx, seat_link(server, table, 0))
        page.click("#rules-button")
        body = page.locator("#rules-dialog[open] #rules-body")
        body.locator("li", has_text="Betting goes round").first.wait_for(state="attached")
        where = page.evaluate(
            """() => {
                const body = document.querySelector('#rules-body');
                const find = (words) => [...body.querySelectorAll('li, p')]
                    .filter((n) => n.textContent.trim().startsWith(words))
                    .map((n) => [n.tagName, n.parentElement.tagName, n.parentElement === body
                                 || n.parentElement.parentElement === body]);
                const item = (start) => [...body.querySelectorAll('li')]
                    .map((n) => n.textContent.trim()).filter((s) => s.startsWith(start));
                return {
                    betting: find('Betting goes round'),
                    end: find('The session also ends'),
                    pass: item('pass.'),
                    deals: item('deals: after deals deals'),
                };
            }"""
        )
        assert where["betting"] == [["LI", "OL", True]], where
        assert where["end"] == [["P", "DIV", True]], where
        assert where["pass"] == ["pass."], where
        assert where["deals"] == [
            "deals: after deals deals (default 30); the bank then goes back to its banker."
        ], where
        body.locator("li", has_text="Betting goes round").first.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / "rules-lansquenet-betting.png"))
        assert frames.console_errors == []


@pytest.mark.parametrize(("thrown_in", "passes"), [("counts", 16), ("redealt", 40 * 4)])
def test_apology_a_thrown_in_deal_is_one_of_the_matchs_deals(thrown_in: str, passes: int) -> None:
    """The text: "The match is a fixed number of deals (option `deals`, default 4 ...), a thrown-in deal
    being one of them (option `thrown_in=redealt`: only the deals with a taker count, ruling AP-2)".
    Everybody passes: by default the match is over, drawn, after four deals thrown in (16 passes);
    with `redealt` it goes on until ten times `deals` have been dealt."""
    text = " ".join(rules("apology").split())
    assert "a thrown-in deal being one of them (option `thrown_in=redealt`" in text
    state = parlour.make("apology", thrown_in=thrown_in).new(seed=1)
    for _ in range(passes - 1):
        state.apply("pass")
    assert not state.is_over
    state.apply("pass")
    assert state.is_over
    assert state.outcome is not None and state.outcome.winners == ()


# --- Bezique ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seven_counts_as_meld", [False, True])
def test_bezique_the_seven_of_trumps_and_the_tricks_one_meld(seven_counts_as_meld: bool) -> None:
    """The text: "The seven does not use up the trick's one meld ...: you may show it and meld as well
    (option `seven_counts_as_meld=true`: the seven is then the trick's only declaration)". Seat 0
    wins the first trick holding the other seven of trumps (hearts, the turn-up being the 7H) and
    the king and queen of spades: it shows the seven for 10, then by default marries for 20."""
    assert "`seven_counts_as_meld=true`" in " ".join(rules("bezique").split())
    pack = Counter(BEZIQUE_64.counts())
    hands = [
        ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7H"],
        ["7S", "7S", "8S", "9S", "JS", "QS", "KS", "TS"],
    ]
    for card in [*hands[0], *hands[1], "7H"]:
        pack[card] -= 1
    game = parlour.make("bezique", seven_counts_as_meld=seven_counts_as_meld)
    state = game.new(
        seed=1, deal={"dealer": 1, "hands": hands, "turn_up": "7H", "stock": list(pack.elements())}
    )
    assert state.scores == [0, 10]  # the dealer turned up a seven
    state.apply("play AS")
    state.apply("play 7S")
    assert {"meld KS QS", "declare 7H"} <= set(state.legal_actions())
    assert "exchange 7H" not in state.legal_actions()  # the turn-up is the other seven
    state.apply("declare 7H")
    assert state.scores == [10, 10]
    assert ("meld KS QS" in state.legal_actions()) is not seven_counts_as_meld
    if not seven_counts_as_meld:
        state.apply("meld KS QS")
        assert state.scores == [30, 10]


@pytest.mark.parametrize("seed", range(3))
def test_lansquenet_twins_and_takeout_are_the_classic_games_only(seed: int) -> None:
    """The options table: `twins` and `takeout` apply to the classic game only, "as Hoyle's opening
    cards are of four ranks" (ruling LQ-23). A Hoyle session played at random with `twins=true` and
    the same choices without it goes the same way, card for card and chip for chip, and `takeout` is
    never offered."""
    rows = {names[0]: meaning for names, meaning in _table_meanings("lansquenet")}
    assert "classic game only" in rows["twins"] and "classic game only" in rows["takeout"]
    logs = []
    for twins in (True, False):
        state = parlour.make(
            "lansquenet", variant="hoyle", players=3, twins=twins, deals=12, length="deals"
        ).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            assert "takeout" not in actions
            ranges = state.legal_ranges()
            choices = [*actions, *(f"{r.verb} {r.low}" for r in ranges)]
            state.apply(rng.choice(choices))
        logs.append(([(e.kind, dict(e.data)) for e in state.log], list(state.scores)))
    assert logs[0] == logs[1]


def _table_meanings(game: str) -> list[tuple[list[str], str]]:
    """(options, meaning) of each row of the text's options table."""
    rows = []
    for line in rules(game).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3 and cells[0].startswith("`"):
            rows.append((re.findall(r"`(\w+)`", cells[0]), " ".join(cells[2:])))
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_every_option_setting_the_text_names_is_one_the_game_takes(game: str) -> None:
    """Each `name=value` the text names ("option `tie=draw`", "`last_trick=final`") is an option of
    the game, and the game is made with that value: a renamed option or choice cannot leave the text
    naming one that no longer exists. (The computer players' own settings, `width=None`, are not
    options of the game.)"""
    specs = {o.name: o for o in parlour.game_class(game).option_specs}
    text = rules(game).split("## Computer players")[0]
    settings = set(re.findall(r"`(\w+)=([\w.-]+)`", text))
    assert settings, game
    for name, value in sorted(settings):
        assert name in specs, f"{game}: the text names `{name}={value}`, and the game has no option {name}"
        game_made = parlour.make(game, **{name: value})
        assert str(game_made.options[name]).lower() == value.lower(), (game, name, value)


MOVE_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "bishops-whist": [{}, {"laws": "table", "misdeal_chance": 0.2}],
    "bezique": [{}, {"table_laws": True}],
    "lansquenet": [{}, {"variant": "hoyle"}],
}
"""Options under which a game offers moves of its own (table laws' `expose`, Hoyle's game)."""


@pytest.mark.parametrize("game", GAMES)
def test_every_move_the_game_offers_is_named_in_its_rules(game: str) -> None:
    """A player meets every move in the rules before meeting it at the table: each verb the game
    offers over matches played at random (under its plain and its table-law options) is written in
    the text as a move (`play <card>`, `stand`, `bank N`)."""
    named = set(re.findall(r"`([a-z]+)(?: [^`]*)?`", rules(game)))
    offered: set[str] = set()
    for options in MOVE_OPTIONS.get(game, [{}]):
        for seed in range(3):
            state = parlour.make(game, **options).new(seed=seed)
            rng = random.Random(seed)
            for _ in range(2000):
                if state.is_over:
                    break
                actions = state.legal_actions()
                ranges = state.legal_ranges()
                offered |= {a.split()[0] for a in actions} | {r.verb for r in ranges}
                state.apply(rng.choice([*actions, *(f"{r.verb} {r.low}" for r in ranges)]))
    assert offered, game
    assert offered <= named, f"{game}: moves offered but not named in the rules: {sorted(offered - named)}"
