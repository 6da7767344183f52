"""What the games say, read as a player reads it (words-11): a card that leads a trick "leads" in every
trick game's log (Apology, Bishops Whist, Roquet and open tarock said "plays" for every card, where
Bezique said "leads"), a match of one deal or hand does not count it ("deal 1: ...", "hand 1"), open
tarock's prompt names the act and the card as its log and rules do ("answer VIII" beside "seat 0 plays
tarock VIII"), Bishops Whist's hand end says which side holds which score ("score 0 to 11"), and
Apology's card hint says how sure its estimate is in one reading."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

import parlour
from parlour.engine import Event, State
from parlour.games.apology.players import expectation_record, expectations_kept
from parlour.games.apology.rules import KITTY
from parlour.games.bezique.players import HeuristicPlayer as BeziqueHeuristic
from parlour.games.bezique.players import explain
from parlour.games.bezique.rules import Bezique
from parlour.games.open_tarock.rules import TRUMP, suit_of
from tests.cli_support import scripted
from tests.test_term7 import Typist, at_table
from tests.web_walks import COMPUTER, HUMAN, browser, context, create_table, open_seat, seat_link, serving

__all__ = ["browser"]  # the module's Chromium, shared by its browser tests

TRICK_GAMES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    # the game, its options, and the events after which the next card played leads
    "apology": ({}, ("deal", "trick")),
    "bishops-whist": ({"hand_limit": 3}, ("turn_up", "trick")),
    "bishops-whist table laws": ({"hand_limit": 3, "laws": "table"}, ("turn_up", "trick")),
    "roquet": ({}, ("deal", "trick")),
    "open-tarock": ({}, ("deal", "trick")),
    "open-tarock tarot78": ({"pack": "tarot78", "deals": 1}, ("deal", "trick")),
}


def played(name: str, seed: int, steps: int = 4000, **options: Any) -> State:
    """A seeded match of random moves (an amount at its range's low end), ``steps`` moves at most."""
    game = parlour.make(name, **options)
    state: State = game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = state.legal_actions() + [f"{r.verb} {r.low}" for r in state.legal_ranges()]
        state.apply(rng.choice(moves))
    return state


def lines(state: State, seat: int | None = 0) -> list[tuple[Event, str]]:
    """The log as ``seat`` reads it: each event with a text, and its words."""
    return [(e, state.event_words(e)) for e in state.events(seat) if e.data.get("text")]


def leads_expected(events: list[Event], begins: tuple[str, ...]) -> Iterator[tuple[Event, bool]]:
    """Each play event with whether it leads: the first card played after an event of ``begins``."""
    fresh = True
    for e in events:
        if e.kind == "play":
            yield e, fresh
            fresh = False
        elif e.kind in begins:
            fresh = True


@pytest.mark.parametrize("label", list(TRICK_GAMES))
def test_a_lead_is_said_to_lead_and_the_rest_to_play(label: str) -> None:
    """Every card that opens a trick "leads" in the log, every other card "plays": Apology's "seat 1
    plays L♥" opened a trick as any card was played, and so did Bishops Whist's, Roquet's and open
    tarock's. The logged texts stay as they were (a save, its replay and what computer players read);
    a match saved and loaded reads the same."""
    options, begins = TRICK_GAMES[label]
    name = label.split()[0]
    state = played(name, 5, **options)
    words = dict((id(e), w) for e, w in lines(state, None))
    leads = plays = 0
    for event, leads_now in leads_expected(state.events(None), begins):
        said = words[id(event)]
        assert str(event.data["text"]).startswith(f"seat {event.data['seat']} plays "), event
        if leads_now:
            assert said == str(event.data["text"]).replace(" plays ", " leads ", 1), said
            leads += 1
        else:
            assert said == event.data["text"], said
            plays += 1
    tricks = sum(1 for e in state.events(None) if e.kind == "trick")
    assert leads >= tricks > 5 and plays >= tricks, (leads, plays, tricks)
    loaded = state.game.load(state.to_json())
    assert [w for _, w in lines(loaded, None)] == [w for _, w in lines(state, None)]
    assert loaded.to_json() == state.to_json()


def test_apology_says_leads_of_every_kind_of_card() -> None:
    """A trick led with Till (the excuse), a Landsknecht or a suited card each "leads"; the card that sets
    the suit after an excuse led only "plays"."""
    led: dict[str, str] = {}
    for seed in range(40):
        state = played("apology", seed)
        for event, leads_now in leads_expected(state.events(None), ("deal", "trick")):
            if leads_now:
                card = str(event.data["card"])
                kind = "Till" if card == "E" else "Landsknecht" if card in KITTY else "suited"
                led.setdefault(kind, state.event_words(event))
        if len(led) == 3:
            break
    assert led["Till"].endswith(" leads E") and led["Landsknecht"].endswith(" leads N"), led
    assert re.fullmatch(r"seat \d leads \S+[♠♥♦♣]", led["suited"]), led


def test_a_lead_is_told_at_the_terminal_as_it_happens() -> None:
    """The terminal prints the log as it is made (a match played to its end at 80 columns): each trick
    of open tarock begins with a line that "leads", named as the terminal names the seats."""
    terminal, console = scripted(parlour.make("open-tarock", deals=1), ["1"] * 40, seed=3, width=80)
    terminal.run()
    text = re.sub(r"\s+", " ", console.export_text())  # (words, whatever the width wraps)
    assert text.count(" leads ") >= 20, text


ONE_DEAL: dict[str, dict[str, Any]] = {
    "apology": {"deals": 1},
    "bishops-whist": {"hand_limit": 1},
    "open-tarock": {"deals": 1},
    "open-tarock tarot78": {"deals": 1, "pack": "tarot78"},
    "lansquenet": {"length": "deals", "deals": 1},
}
COUNTED = re.compile(r"\b(deal|hand) 1\b|\b1 (deal|hand)s?\b|\b1 of 1\b", re.IGNORECASE)


def every_word(state: State) -> list[str]:
    """Everything the games write for a player of this match: each seat's log, situation, prompt, score
    sheet and the outcome's reason."""
    out = [w for _, w in lines(state, None)]
    for seat in range(state.num_players):
        out += [w for _, w in lines(state, seat)]
        view = state.view(seat)
        out.append(view.situation)
        if view.decision is not None:
            out.append(view.decision.prompt)
        if view.score_sheet is not None:
            out += [row.label for row in view.score_sheet.rows]
        if view.outcome is not None:
            out.append(view.outcome.reason)
    return out


@pytest.mark.parametrize("label", list(ONE_DEAL))
def test_a_match_of_one_deal_does_not_count_it(label: str) -> None:
    """A match of one deal or hand says nothing of "deal 1" or "hand 1" (Apology's log opened "deal 1:
    seat 0 deals", its score sheet "deal 1: seat 1 fails", Bishops Whist's "hand 1: seat 2 deals" and
    "the agreed limit of 1 hand", open tarock's "hand 1 ends" and "after 1 hand", Lansquenet's "the
    agreed 1 deals are played"), as the web table stopped saying "Hand 1 of 1"; a longer match still
    numbers them."""
    name = label.split()[0]
    options = ONE_DEAL[label]
    for seed in range(3):
        state = played(name, seed, **options)
        assert state.is_over
        said = [w for w in every_word(state) if COUNTED.search(w)]
        assert not said, said
    longer = {k: (2 if v == 1 else v) for k, v in options.items()}
    state = played(name, 0, steps=600, **longer)
    if name != "lansquenet":  # (Lansquenet's log never numbers its deals)
        assert any(COUNTED.search(w) for w in every_word(state)), longer


def test_one_deal_words_in_place() -> None:
    """The words a one-deal match uses instead, each where the count stood."""
    apology = played("apology", 3, deals=1)
    words = every_word(apology)
    assert "seat 0 deals; the Landsknechts and Till lie apart" in words
    outcome = apology.view(0).outcome
    assert outcome is not None and "after the one deal" in outcome.reason
    whist = played("bishops-whist", 2, hand_limit=1)
    words = every_word(whist)
    assert any(w.startswith("seat 2 deals and turns ") for w in words), words
    assert any(w.startswith("game over (the one hand agreed): ") for w in words), words
    assert any(w.startswith("the one hand agreed is played: ") for w in words), words
    sheet = whist.view(0).score_sheet
    assert sheet is not None and [r.label for r in sheet.rows] == ["the hand"]
    tarock = played("open-tarock", 1, deals=1)
    assert any(w.startswith("the hand ends: ") for w in every_word(tarock))
    lansquenet = played("lansquenet", 1, length="deals", deals=1)
    outcome = lansquenet.view(0).outcome
    assert outcome is not None and outcome.reason.startswith("the one deal agreed is played"), outcome


def test_bishops_whist_hand_end_names_each_side() -> None:
    """The hand's end said "score 0 to 11", the sides in an order nobody was told: it names each side
    by its seats with its tricks, bishops and score ("seat 0 & seat 2 take 2 tricks and 1 bishop, ...;
    score — seat 0 & seat 2: 2, seat 1 & seat 3: 11"), each figure the side's own as the log's tricks
    and scores count it; and the terminal names the reader's side ("seat 1 (you) & seat 3 (partner)")."""
    side = r"seat (\d) & seat (\d)"
    pattern = re.compile(
        rf"(hand \d+: )?{side} take (\d+) tricks? and (\d+) bishops?, {side} take (\d+) tricks? and (\d+) "
        rf"bishops?; score — {side}: (-?\d+), {side}: (-?\d+)"
    )
    for partners in ("fixed", "cut"):
        state = played("bishops-whist", 4, partners=partners)
        tricks = [0, 0, 0, 0]
        bishops = [0, 0, 0, 0]
        totals = [0, 0, 0, 0]
        ends = 0
        for event in state.events(None):
            if event.kind == "trick":
                winner = event.data["winner"]
                tricks[winner] += 1
                bishops[winner] += sum(1 for _, c in event.data["cards"] if c.startswith("B"))
            if event.kind == "score":
                totals[event.data["seat"]] += event.data["points"]
            if event.kind != "hand_end":
                continue
            words = state.event_words(event)
            m = pattern.fullmatch(words)
            assert m is not None, words
            a, b = (int(m[2]), int(m[3])), (int(m[6]), int(m[7]))
            assert {a, b} == {tuple(t) for t in state.teams} and (int(m[10]), int(m[11])) == a, words
            assert (int(m[13]), int(m[14])) == b, words
            assert int(m[4]) == tricks[a[0]] + tricks[a[1]] and int(m[8]) == tricks[b[0]] + tricks[b[1]]
            assert int(m[5]) == bishops[a[0]] + bishops[a[1]] and int(m[9]) == bishops[b[0]] + bishops[b[1]]
            assert int(m[12]) == totals[a[0]] and int(m[15]) == totals[b[0]], (words, totals)
            tricks, bishops = [0, 0, 0, 0], [0, 0, 0, 0]
            ends += 1
        assert ends >= 2
    terminal, console = scripted(parlour.make("bishops-whist", hand_limit=1), ["1"] * 20, seed=2, width=80)
    terminal.run()
    text = re.sub(r"\s+", " ", console.export_text())
    assert "score — seat 1 (you) & seat 3 (partner): " in text, text


def test_open_tarock_prompt_names_the_act_and_the_card_as_the_log_does() -> None:
    """The prompt to play second said "answer VIII" where the log said "seat 0 plays tarock VIII" and the
    rules "answers": it says "play to" the card, named as the log names it ("tarock VIII", "the Sküs",
    "K♥"), and what may be played ("with a tarock if you can" to a tarock led)."""
    met = {"tarock": 0, "suit": 0, "skus": 0}
    for pack, seeds in (("tarock54", range(6)), ("tarot78", range(3))):
        game = parlour.make("open-tarock", pack=pack)
        cards = parlour.cards.get_pack(pack)
        for seed in seeds:
            state = game.new(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                assert view.decision is not None
                prompt = view.decision.prompt
                trick = view.trick.cards if view.trick is not None else []
                if trick:
                    led = trick[0]
                    if led == "SK":
                        name, met["skus"] = f"the {cards.card_name(led)}", met["skus"] + 1
                    elif suit_of(led) == TRUMP:
                        name, met["tarock"] = f"tarock {led}", met["tarock"] + 1
                    else:
                        name, met["suit"] = cards.pretty(led), met["suit"] + 1
                    if suit_of(led) == TRUMP:
                        assert prompt == f"play to {name}, with a tarock if you can", prompt
                    else:
                        assert prompt == f"play to {name}, following suit if you can, else with a tarock"
                else:
                    assert prompt == "lead one of your turned-up cards", prompt
                state.apply(rng.choice(state.legal_actions()))
    assert min(met.values()) > 0, met
    rules = parlour.make("open-tarock").rules_text()
    assert "answer" not in rules.lower() and "follow suit" in rules and "plays to it" in rules


@pytest.mark.parametrize(
    ("chance", "played", "like"),
    [(0.67, 3, "10-89%"), (0.04, 9, "under 10%"), (0.95, 0, "90%+")],
)
def test_apology_hint_says_how_sure_it_is_in_one_reading(chance: float, played: int, like: str) -> None:
    """The card hint read "(a rough estimate: of the takers it expected from 10% to 89%, about 24% made
    it)": it says the figure is rough and what came of such figures at this stage of a deal (since
    hints-12 "a rough figure: when it has said ...": "a rough guess: when it has expected ..." named a
    second kind of guess beside the "guesses at the unseen cards", and a search the words no longer name;
    since term-13 "at this stage 90%+ came true 62%", in brackets after the figure: the hint was three
    lines long at 80 columns)."""
    kept = expectations_kept(chance, played)
    said = expectation_record(chance, kept)
    assert said == f"figures of {like} at this stage came true {kept:.0%}"
    assert "of the takers it expected" not in said


@pytest.mark.parametrize(("name", "total"), [("bezique", "totals"), ("roquet", "match")])
def test_a_two_handed_hand_end_names_each_seat(name: str, total: str) -> None:
    """Bezique's "hand 1 ends: 80 to 150; totals 80 to 150" and Roquet's "hand 1 ends: 26 to 12; match 26
    to 12" gave two numbers without saying whose (found reading the logs for words-11, as Bishops
    Whist's "score 0 to 11"): each names the seats, each figure its seat's points of the hand and total."""
    state = played(name, 1)
    assert state.is_over
    running = [0.0, 0.0]
    ends = 0
    for event in state.events(None):
        if event.kind == "score":
            running[event.data["seat"]] += event.data["points"]
        if event.kind != "hand_end":
            continue
        a, b = event.data["points"]
        words = state.event_words(event)
        assert words == (
            f"hand {ends + 1} ends — seat 0: {a}, seat 1: {b}; "
            f"{total} — seat 0: {running[0]:g}, seat 1: {running[1]:g}"
        ), (words, running)
        ends += 1
    assert ends >= 3 and running == list(state.scores)


def test_bezique_last_eight_is_announced_as_its_prompt_says() -> None:
    """The log said "the talon is exhausted: follow suit and win the trick if you can" where the prompt
    of every card of the last eight says "follow suit and head the trick if you can, else trump"."""
    state = parlour.make("bezique").new(seed=2)
    rng = random.Random(2)
    while not any(e.kind == "phase" for e in state.log):
        state.apply(rng.choice(state.legal_actions()))
    [phase] = [e for e in state.log if e.kind == "phase"]
    while True:  # to the second card of a trick of the last eight
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert view.decision is not None
        if view.decision.prompt.startswith("play a card: "):
            break
        state.apply(rng.choice(state.legal_actions()))
    rule = view.decision.prompt.removeprefix("play a card: ")
    assert rule == "follow suit and head the trick if you can, else trump"
    assert state.event_words(phase) == f"the talon is exhausted: {rule}"


def test_apology_one_deal_redealt_does_not_count_it_either() -> None:
    """Under ``thrown_in=redealt`` the bidding said "0 of 1 deals played so far" (ruling AP-2)."""
    state = parlour.make("apology", deals=1, thrown_in="redealt").new(seed=5)
    for _ in range(4):
        state.apply("pass")
    assert state.view(0).situation == "the match is one deal with a taker"
    four = parlour.make("apology", deals=4, thrown_in="redealt").new(seed=5)
    assert four.view(0).situation == "0 of 4 deals played so far"


def test_bezique_hint_says_a_seven_scores_points() -> None:
    """The hint for the seven of trumps ended "...: 10" ("exchanges the seven of trumps for the turn-up,
    the jack of hearts: 10"), leaving the 10 to be guessed: it says "for 10 points", as the log's "scores
    10 for the seven of trumps" does."""
    game = Bezique(carte_blanche=True)
    heuristic = BeziqueHeuristic(game)
    blanche = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D"]  # the elder's, without a brisque or court card
    dealt = game.new(
        deal={
            "dealer": 0,
            "hands": [["KS", "QS", "JS", "KH", "QH", "JH", "KD", "QD"], blanche],
            "turn_up": "9D",
        }
    )
    said = {"blanche": explain(heuristic, dealt.view(1), "blanche", None)}
    assert "blanche" in dealt.view(1).legal_actions
    for seed in range(30):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(said) < 3:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            for action in view.legal_actions:
                verb = action.split()[0]
                if verb in ("exchange", "declare", "blanche"):
                    said.setdefault(verb, explain(heuristic, view, action, None))
            state.apply(rng.choice(state.legal_actions()))
        if len(said) == 3:
            break
    assert said["exchange"].startswith("exchanges the seven of trumps for the turn-up, the "), said
    assert said["exchange"].endswith(", for 10 points"), said
    assert said["declare"] == "shows the seven of trumps, for 10 points", said
    assert said["blanche"] == "shows the carte blanche, for 50 points", said


NAMED = """([me, text]) => import('/static/words.js').then((m) => {
  const info = {seats: [0, 1, 2, 3].map((seat) => ({seat, name: ['Ann', 'Bob', 'Cy', 'Di'][seat]}))};
  return m.makeNamer(me, info, null, [[0, 2], [1, 3]]).words(text);
})"""


@pytest.mark.browser
def test_the_web_table_names_the_readers_side_at_a_hand_end(browser: Browser, tmp_path: Any) -> None:
    """The web table's log (``words.js``) writes Bishops Whist's hand end with the reader's side as
    "you & Cy" and the other by its names: which score is whose is clear from either side."""
    state = played("bishops-whist", 2, hand_limit=1)
    [end] = [e for e in state.events(None) if e.kind == "hand_end"]
    text = state.event_words(end)
    with serving(tmp_path) as server, context(browser) as ctx:
        table = create_table(server, "bishops-whist", [HUMAN, COMPUTER, COMPUTER, COMPUTER], seed=2)
        page, _ = open_seat(ctx, seat_link(server, table, 0))
        as_ann, as_bob = page.evaluate(f"(t) => Promise.all([({NAMED})([0, t]), ({NAMED})([1, t])])", text)
    assert as_ann == (
        "You & Cy take 2 tricks and 1 bishop, Bob & Di take 11 tricks and 3 bishops; "
        "score — you & Cy: 2, Bob & Di: 11"
    ), as_ann
    assert as_bob == (
        "Ann & Cy take 2 tricks and 1 bishop, you & Di take 11 tricks and 3 bishops; "
        "score — Ann & Cy: 2, you & Di: 11"
    ), as_bob


def test_open_tarock_hand_end_says_what_its_figures_are() -> None:
    """ "hand 1 ends: seat 0 37⅓, seat 1 32⅔" gave two figures without a word of what they were: each is
    the pile's count, which the game points (the score lines before it) take the par from."""
    for pack, par in (("tarock54", 35), ("tarot78", 39)):
        state = played("open-tarock", 1, pack=pack)
        ends = [state.event_words(e) for e in state.events(None) if e.kind == "hand_end"]
        assert len(ends) == 2, ends
        for n, words in enumerate(ends, 1):
            m = re.fullmatch(rf"hand {n} ends: seat 0 counted (\S+), seat 1 (\S+) \(par {par}\)", words)
            assert m is not None, words


@pytest.mark.parametrize(
    ("name", "one", "more", "word"),
    [
        ("apology", {"deals": 1}, {}, "deal"),
        ("open-tarock", {"deals": 1}, {}, "hand"),
    ],
)
def test_the_terminal_panel_does_not_count_a_single_deal(
    name: str, one: dict[str, Any], more: dict[str, Any], word: str
) -> None:
    """The terminal's panel said "deal 1 of 1, trick 1" in a match of one deal, where the log and the web
    table no longer count it: the trick alone is said; a longer match still counts its deals. (Bishops
    Whist's ``hand_limit`` is a most, the match ending sooner at its target: it never counts its hands.)"""
    for opts, counted in ((one, False), (more, True)):
        game = parlour.make(name, **opts)
        table, console = at_table(game, Typist([], then="1"), seed=3)
        table.run()
        out = console.export_text()
        rows = re.findall(rf"│ {word} +(\d+ of \d+)", out)
        assert bool(rows) == counted, (opts, rows)
        if not counted:
            assert re.search(r"│ trick +\d+ ", out), out[-2000:]
