"""A second audit of the open tarock game for children against the seed's own words
(shared/seeds/open-tarock-for-children.txt).

Each test plays a rule of the seed out from an explicit deal through the public API (``parlour.make``,
``new(deal=...)``, ``legal_actions``, ``apply``, ``view``, the log and the scores) and asserts what the
seed says, quoted beside it. Where the seed is silent the test names the ruling of docs/rulings.md it
leans on. What the first audit (tests/test_seed_audit_open_tarock.py) checks the same way is left out.
The last part feeds the public API bad input: each must be refused with a clear error, nothing changed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
from parlour.cards import ROMAN, TAROCK_54, TAROT_78, Pack
from parlour.engine import ForbiddenAction, InvalidDeal, InvalidOption, InvalidSave, MalformedAction, State
from tests.audit_support import refused

TAROCKS = ["SK", *reversed(ROMAN)]
"""The seed's trumps, strongest first: "The Fool ... the highest trump", then "XXI and then XX and so on"."""
KINGS = ["KS", "KH", "KD", "KC"]


def pack_of(name: str) -> Pack:
    return TAROT_78 if name == "tarot78" else TAROCK_54


def start(deal: dict[str, Any], **options: Any) -> State:
    state: State = parlour.make("open-tarock", **options).new(seed=5, deal=deal)
    return state


def filled(
    tops0: list[list[str]], tops1: list[list[str]], dealer: int = 0, pack: Pack = TAROCK_54
) -> dict[str, Any]:
    """A whole deal from the given stack tops (top card first): the rest of the pack goes below them,
    one card a stack in turn, in pack order, until each player holds half the pack."""
    given = {c for side in (tops0, tops1) for s in side for c in s}
    rest = [c for c in pack.cards if c not in given]
    stacks = [[list(s) for s in tops0], [list(s) for s in tops1]]
    for seat in (0, 1):
        k = 0
        while sum(len(s) for s in stacks[seat]) < len(pack) // 2:
            stacks[seat][k % len(stacks[seat])].append(rest.pop(0))
            k += 1
    assert not rest
    return {"dealer": dealer, "stacks": stacks}


def one_stack_each(seat0: list[str], pack: Pack = TAROCK_54, dealer: int = 0) -> dict[str, Any]:
    """Seat 0 holds ``seat0`` (top first) as one stack, seat 1 the rest of the pack in pack order: each
    has one turned-up card, so every play is forced."""
    rest = [c for c in pack.cards if c not in seat0]
    return {"dealer": dealer, "stacks": [[list(seat0)], [rest]]}


def play_out(state: State) -> None:
    """Play the match out, each seat taking its first legal card."""
    while not state.is_over:
        state.apply(state.legal_actions()[0])


def trick_events(state: State) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.log if e.kind == "trick"]


def first_trick_winner(led: str, answer: str, pack: Pack = TAROCK_54) -> int:
    """Seat 0 (the dealer) leads ``led``; seat 1's only turned-up card is ``answer``: who takes the trick."""
    rest = [c for c in pack.cards if c not in (led, answer)]
    half = len(pack) // 2
    state = start(
        {"dealer": 0, "stacks": [[[led, *rest[: half - 1]]], [[answer, *rest[half - 1 :]]]]},
        pack=pack.name,
    )
    state.apply(f"play {led}")
    state.apply(f"play {answer}")
    winner: int = trick_events(state)[0]["winner"]
    return winner


# --- the pack ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pack", "black", "red"),
    [("tarock54", "KQCJT987", "KQCJ1234"), ("tarot78", "KQCJT987654321", "KQCJ123456789T")],
)
def test_the_pack_is_the_fool_twenty_one_trumps_and_four_suits(pack: str, black: str, red: str) -> None:
    """ "the Austrian 54 card deck, but you can adjust it for the full 78 card deck": the Fool, trumps I-XXI
    and the suits; the 54-card pack keeps 10 to 7 of the black suits and 1 to 4 of the red (ruling OT-9)."""
    state = parlour.make("open-tarock", pack=pack).new(seed=1)
    inventory = state.inventory()
    expected = {*TAROCKS, *(r + s for s in "SC" for r in black), *(r + s for s in "HD" for r in red)}
    assert set(inventory) == expected and set(inventory.values()) == {1}
    assert len(expected) == len(pack_of(pack))


# --- card strength, played out ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("led", "answer", "winner"),
    [
        ("XX", "XXI", 1),  # "the strongest being the XXI and then XX and so on"
        ("II", "I", 0),
        ("I", "II", 1),
        ("SK", "XXI", 0),  # "The Fool - He's the highest trump"
        ("QS", "KS", 1),  # "King, Queen, Cavalier, Valet, 10, 9, 8, 7"
        ("CC", "QC", 1),
        ("JS", "CS", 1),
        ("TC", "JC", 1),
        ("9S", "TS", 1),
        ("8C", "7C", 0),
        ("1H", "JH", 1),  # "King, Queen, Cavalier, Valet, 1, 2, 3, 4"
        ("2D", "1D", 1),
        ("3H", "2H", 1),
        ("3D", "4D", 0),
        ("KS", "I", 1),  # a trump takes a suit card, even the lowest trump the king
        ("KH", "I", 1),
    ],
)
def test_card_strength_in_the_54_card_pack_played_out(led: str, answer: str, winner: int) -> None:
    """The seed's order of the trumps and of both kinds of suit, each pair played as a first trick."""
    assert first_trick_winner(led, answer) == winner


@pytest.mark.parametrize(("led", "answer"), [("7S", "KH"), ("4H", "KC"), ("1D", "QS"), ("7C", "KD")])
def test_a_card_of_another_suit_never_wins_the_trick(led: str, answer: str) -> None:
    """ "if he can not do that either, then he can play any card, but he won't win the trick": a king
    thrown on a led seven (with neither its suit nor a trump turned up) loses (ruling OT-7)."""
    assert first_trick_winner(led, answer) == 0


# --- the deal -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("pack", "sizes"), [("tarock54", [7, 7, 7, 6]), ("tarot78", [10, 10, 10, 9])])
def test_four_stacks_each_three_equal_and_one_shorter_with_the_top_cards_turned_up(
    pack: str, sizes: list[int]
) -> None:
    """ "Each player is dealt 4 upside down stacks, three of them with 9 cards and one with 8 ... both
    players turn around the top cards of all 4 of their stacks" (the sizes: ruling OT-1). Both seats
    see the same table ("all the information is available to both of them")."""
    for seed in range(3):
        state = parlour.make("open-tarock", pack=pack).new(seed=seed)
        views = [state.view(0), state.view(1)]
        for seat in (0, 1):
            zones = list(views[0].zones_of("stack", seat))
            assert [z.size for z in zones] == sizes
            for z in zones:
                assert z.cards[0] is not None and all(c is None for c in z.cards[1:])
        assert views[0].zones == views[1].zones


# --- play -----------------------------------------------------------------------------------------------


def test_the_dealer_leads_the_first_trick_with_any_of_his_turned_up_cards() -> None:
    """ "the dealer starts by leading the first trick. He can play any of the 4 top cards of his stacks"."""
    tops1 = [["XXI"], ["KH"], ["7S"], ["4D"]]
    state = start(filled([["SK"], ["KS"], ["1H"], ["TC"]], tops1, dealer=1))
    assert state.current_player == 1
    assert "dealer" in next(s.roles for s in state.view(None).seats if s.seat == 1)
    assert sorted(state.legal_actions()) == sorted(f"play {c[0]}" for c in tops1)


def test_following_suit_comes_before_trumping_and_trumping_before_any_card() -> None:
    """ "he has to play the same suit, if he can not, he has to play a trump, if he can not do that either,
    then he can play any card" - with only the turned-up cards in play (ruling OT-5)."""
    state = start(filled([["7S"], ["KC"], ["4H"], ["XX"]], [["8S"], ["XXI"], ["KH"], ["3D"]]))
    state.apply("play 7S")
    assert state.legal_actions() == ["play 8S"]
    assert "follow suit" in refused(state, "play XXI", ForbiddenAction)
    state = start(filled([["KC"], ["7S"], ["4H"], ["XX"]], [["QC"], ["XXI"], ["KH"], ["3D"]], dealer=1))
    state.apply("play QC")
    assert state.legal_actions() == ["play KC"]
    state = start(filled([["7S"], ["KC"], ["4H"], ["XX"]], [["8C"], ["XXI"], ["KH"], ["3D"]]))
    state.apply("play 7S")  # no spade turned up: a trump, the only one
    assert state.legal_actions() == ["play XXI"]
    assert "tarock" in refused(state, "play KH", ForbiddenAction)
    state = start(filled([["7S"], ["KC"], ["4H"], ["XX"]], [["8C"], ["2D"], ["KH"], ["3D"]]))
    state.apply("play 7S")  # neither spade nor trump turned up: any card
    assert sorted(state.legal_actions()) == ["play 2D", "play 3D", "play 8C", "play KH"]


def test_a_card_turned_up_by_the_leader_is_seen_by_the_answerer_before_he_answers() -> None:
    """ "Every time a player plays one of his cards, he opens the next top card on that stack": at once,
    so the other player already sees it when he answers (ruling OT-10)."""
    state = start(filled([["7S", "KD"], ["KC"], ["4H"], ["XX"]], [["8S"], ["XXI"], ["KH"], ["3D"]]))
    state.apply("play 7S")
    for viewer in (0, 1, None):
        tops = [z.cards[0] for z in state.view(viewer).zones_of("stack", 0) if z.cards]
        assert tops == ["KD", "KC", "4H", "XX"]
    assert state.log[-1].data["revealed"] == "KD"


def test_the_winner_takes_both_cards_and_leads_the_next_trick() -> None:
    """ "The winner of each trick takes the two cards into his trick pile and proceeds to lead the next
    trick": here the answering player wins, so the lead passes to him."""
    state = start(filled([["7S"], ["KC"], ["4H"], ["XX"]], [["8S"], ["XXI"], ["KH"], ["3D"]]))
    state.apply("play 7S")
    state.apply("play 8S")
    view = state.view(None)
    piles = [view.zone("tricks_won", seat) for seat in (0, 1)]
    assert [p.cards if p is not None else None for p in piles] == [[], ["7S", "8S"]]
    assert state.current_player == 1
    assert "leader" in next(s.roles for s in view.seats if s.seat == 1)


@pytest.mark.parametrize(("pack", "tricks"), [("tarock54", 27), ("tarot78", 39)])
def test_the_hand_goes_on_until_both_players_run_out_of_cards(pack: str, tricks: int) -> None:
    """ "The game continues like this until both players run out of cards": every card is played, half
    the pack's tricks, and only then is the hand counted."""
    state = parlour.make("open-tarock", pack=pack, deals=1).new(seed=4)
    play_out(state)
    assert len(trick_events(state)) == tricks
    view = state.view(None)
    assert all(z.size == 0 for z in view.zones_of("stack"))
    assert sum(z.size for z in view.zones_of("tricks_won")) == len(pack_of(pack))
    kinds = [e.kind for e in state.log]
    assert kinds.index("count") > max(i for i, k in enumerate(kinds) if k == "trick")


# --- counting and the score ---------------------------------------------------------------------------


@pytest.mark.parametrize("pack", ["tarock54", "tarot78"])
def test_a_player_taking_every_trick_counts_the_whole_pack_and_scores_it_less_the_par(pack: str) -> None:
    """ "counting is done in batches of 3 cards ... Players than score either positive game points or
    negative game point for the difference between their score and 35". Seat 0 holds every trump and the
    highest cards of each suit and leads them all, so it takes every trick: its pile is the whole pack,
    counted by the seed's batches 70 (the 54-card pack: twice 35) or 78 (ruling OT-14: par 39), and seat
    1, with nothing, scores as much below."""
    p = pack_of(pack)
    high = [r + s for r in "KQCJT" for s in "SHDC"] if pack == "tarot78" else [*KINGS, "QS"]
    seat0 = [*TAROCKS, *high][: len(p) // 2]
    state = start(one_stack_each(seat0, p), pack=pack, deals=1)
    play_out(state)
    assert {t["winner"] for t in trick_events(state)} == {0}
    total = 70 if pack == "tarock54" else 78
    counts = [e.data["count"] for e in state.log if e.kind == "count"]
    assert counts == [total, 0]
    assert state.scores == [total / 2, -total / 2]
    assert state.winners == [0]


@pytest.mark.parametrize(("short_batch", "counted"), [("thirds", "13⅓"), ("literal", "14")])
def test_three_face_cards_in_a_batch_count_their_sum_less_two(short_batch: str, counted: str) -> None:
    """ "if you have 3, you subtract 2 points": the Fool, XXI and I ("also count as face cards", 5 each)
    in one batch. Seat 0 leads the Fool (seat 1 must answer its XXI), then the I (seat 1 has only the 7S
    up): its pile is [SK XXI I 7S], a batch of three face cards, 15 - 2 = 13, and a short batch [7S] -
    an empty card, a third by default, 1 read literally (ruling OT-13)."""
    seat0 = ["SK", "I", *[c for c in TAROCK_54.cards if c not in ("SK", "I", "XXI", "7S")][:25]]
    seat1 = ["XXI", "7S", *[c for c in TAROCK_54.cards if c not in seat0 and c not in ("XXI", "7S")]]
    state = start({"dealer": 0, "stacks": [[seat0], [seat1]]}, deals=1, short_batch=short_batch)
    for card in ("SK", "XXI", "I", "7S"):
        state.apply(f"play {card}")
    pile = state.view(None).zone("tricks_won", 0)
    assert pile is not None and pile.cards == ["SK", "XXI", "I", "7S"]
    assert state.view(None).extra.counted[0] == counted


def test_a_one_hand_match_is_won_by_the_higher_count() -> None:
    """ "When the game is finished players count the value of their tricks to determine the winner" (one
    hand: option deals=1, ruling OT-4)."""
    for seed in range(6):
        state = parlour.make("open-tarock", deals=1).new(seed=seed)
        play_out(state)
        counts = [e.data["count"] for e in state.log if e.kind == "count"]
        outcome = state.view(None).outcome
        assert outcome is not None
        if counts[0] == counts[1]:
            assert outcome.draw
        else:
            assert outcome.winners == [counts.index(max(counts))]
        assert state.scores == pytest.approx([c - 35 for c in counts])


def test_in_a_match_the_other_player_deals_and_leads_the_next_hand() -> None:
    """The dealer leads (seed); ruling OT-4: the deal alternates so that each player leads a hand."""
    state = start(one_stack_each([*TAROCKS, *KINGS, "QS"], dealer=0), deals=2)
    for _ in range(54):  # 27 tricks
        state.apply(state.legal_actions()[0])
    assert state.view(None).hand_number == 2
    assert state.current_player == 1
    assert "dealer" in next(s.roles for s in state.view(None).seats if s.seat == 1)


# --- bad input through the public API -----------------------------------------------------------------


def a_state() -> State:
    state: State = parlour.make("open-tarock").new(seed=3)
    state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "play",
        "play 9X",
        "play 1S",
        "play XXII",
        "play 21",
        "play KH KH",
        "bet 5",
        "play ＫH",
        "play fool",
    ],
)
def test_malformed_action_text_is_refused_and_changes_nothing(text: str) -> None:
    reason = refused(a_state(), text, MalformedAction)
    assert len(reason) < 300


@pytest.mark.parametrize("action", [None, 5, b"play KH", ["play KH"]])
def test_an_action_that_is_not_text_is_refused(action: Any) -> None:
    state = a_state()
    before = state.to_json()
    with pytest.raises(MalformedAction):
        state.apply(action)
    assert state.to_json() == before


def test_an_action_out_of_turn_or_from_no_seat_is_refused() -> None:
    state = a_state()
    legal = state.legal_actions()[0]
    other = 1 - (state.current_player or 0)
    assert "not your turn" in refused(state, legal, ForbiddenAction, seat=other)
    for seat in (2, -1):
        refused(state, legal, ForbiddenAction, seat=seat)


def test_a_face_down_card_or_the_opponents_card_cannot_be_played() -> None:
    """Only the top cards of one's own stacks may be played: "He can play any of the 4 top cards"."""
    state = start(filled([["7S", "KD"], ["KC"], ["4H"], ["XX"]], [["8S"], ["XXI"], ["KH"], ["3D"]]))
    assert "turned-up" in refused(state, "play KD", ForbiddenAction)
    assert "turned-up" in refused(state, "play XXI", ForbiddenAction)


@pytest.mark.parametrize("action_id", [-1, 54, 10**20, True, 1.0, "3"])
def test_bad_action_ids_are_refused_and_change_nothing(action_id: Any) -> None:
    state = a_state()
    before = state.to_json()
    with pytest.raises(MalformedAction):
        state.apply_id(action_id)
    assert state.to_json() == before


def test_nothing_may_be_played_once_the_match_is_over() -> None:
    state = start(one_stack_each([*TAROCKS, *KINGS, "QS"]), deals=1)
    play_out(state)
    assert state.legal_actions() == []
    refused(state, "play 7S", ForbiddenAction)


def _whole() -> list[list[list[str]]]:
    return [list(s) for s in filled([["7S"]], [["8S"]])["stacks"]]


def _bad_deals() -> list[Any]:
    whole = _whole()
    dup = json.loads(json.dumps(whole))
    dup[0][0][1] = dup[1][0][1]
    short = json.loads(json.dumps(whole))
    short[0][0].pop()
    uneven = json.loads(json.dumps(whole))
    uneven[1][0].append(uneven[0][0].pop())
    foreign = json.loads(json.dumps(whole))
    foreign[0][0][-1] = "1S"  # a card only the 78-card pack has
    return [
        {"dealer": 0, "stacks": dup},
        {"dealer": 0, "stacks": short},
        {"dealer": 0, "stacks": uneven},
        {"dealer": 0, "stacks": foreign},
        {"dealer": 2, "stacks": whole},
        {"dealer": True, "stacks": whole},
        {"dealer": 1.0, "stacks": whole},
        {"dealer": 0},
        {"dealer": 0, "stacks": [whole[0]]},
        {"dealer": 0, "stacks": [[[], *whole[0]], whole[1]]},
        {"dealer": 0, "stacks": [[[None, *whole[0][0]]], whole[1]]},
        {"dealer": 0, "stacks": whole, "talon": []},
        "7S 8S",
        [whole],
    ]


@pytest.mark.parametrize("deal", _bad_deals())
def test_an_impossible_explicit_deal_is_refused_with_a_reason(deal: Any) -> None:
    """Ruling OT-16 and OT-18: the whole pack, as many cards each, a dealer 0 or 1, stacks of cards."""
    with pytest.raises(InvalidDeal) as info:
        parlour.make("open-tarock").new(seed=1, deal=deal)
    assert 0 < len(str(info.value)) < 400


@pytest.mark.parametrize(
    "options",
    [
        {"pack": "tarot77"},
        {"pack": None},
        {"stacks": "9,9,9,8"},
        {"stacks": "0,27"},
        {"stacks": "7,7,7,6,"},
        {"stacks": "٧,7,7,6"},
        {"deals": 0},
        {"deals": 101},
        {"deals": 2.5},
        {"deals": True},
        {"short_batch": "halves"},
        {"colour": "red"},
    ],
)
def test_wrong_option_values_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption):
        parlour.make("open-tarock", **options)


@pytest.mark.parametrize("value", [7, "7," * 150 + "7"])
def test_a_wrong_stacks_option_says_what_to_give(value: Any) -> None:
    """Ruling OT-17: anything else "is refused with InvalidOption saying what to give"."""
    with pytest.raises(InvalidOption) as info:
        parlour.make("open-tarock", stacks=value)
    message = str(info.value)
    assert "must be a number" not in message
    assert "auto" in message or "7,7,7,6" in message


def _saved() -> tuple[State, dict[str, Any]]:
    state = start(filled([["7S", "KD"], ["KC"], ["4H"], ["XX"]], [["8S"], ["XXI"], ["KH"], ["3D"]]))
    state.apply("play 7S")
    state.apply("play 8S")
    return state, json.loads(state.to_json())


def _load(data: Any) -> State:
    loaded: State = parlour.make("open-tarock").load(data if isinstance(data, str) else json.dumps(data))
    return loaded


TAMPERINGS: dict[str, Any] = {
    "turn": lambda d: d["state"].update(turn=0),
    "totals": lambda d: d["state"].update(totals=[1.0, -1.0]),
    "hand_number": lambda d: d["state"].update(hand_number=2),
    "leader": lambda d: d["state"].update(leader=0),
    "piles": lambda d: d["state"]["piles"].reverse(),
    "a card twice": lambda d: d["state"]["stacks"][0][0].append("8S"),
    "options": lambda d: d["options"].update(pack="tarot78"),
    "game": lambda d: d.update(game="lansquenet"),
}


@pytest.mark.parametrize("tamper", TAMPERINGS.values(), ids=TAMPERINGS.keys())
def test_a_tampered_save_is_refused(tamper: Any) -> None:
    """Ruling OT-19: a save no play reaches is refused with ``InvalidSave``."""
    _, data = _saved()
    tamper(data)
    with pytest.raises(InvalidSave):
        _load(data)


def _swap_turned_up_between_seats(d: dict[str, Any]) -> None:
    a, b = d["state"]["stacks"][0][1], d["state"]["stacks"][1][1]
    a[0], b[0] = b[0], a[0]


def _turn_up_a_face_down_card(d: dict[str, Any]) -> None:
    stack = d["state"]["stacks"][0][1]
    stack[0], stack[1] = stack[1], stack[0]


@pytest.mark.parametrize("tamper", [_swap_turned_up_between_seats, _turn_up_a_face_down_card])
def test_a_save_whose_turned_up_cards_are_not_the_logs_is_refused(tamper: Any) -> None:
    """Ruling OT-19: ``load`` refuses "any state no play reaches"; what a save cannot tell is only the
    stack each played card came from and the order of the face-down cards. The turned-up cards are public
    and the log says which they are (each seat's ``deal`` event its tops, each ``play`` the card it turns
    up)."""
    state, data = _saved()
    assert [z.cards[0] for z in state.view(None).zones_of("stack", 0) if z.cards][1] == "KC"
    tamper(data)
    with pytest.raises(InvalidSave):
        _load(data)


@pytest.mark.parametrize("text", ["٣", "1_0", "1e1", "０２"])
def test_the_deals_option_given_as_text_is_plain_ascii_digits(text: str) -> None:
    """As OT-17 says of the stacks: Python reads these, no player means them; a sign is how players write."""
    with pytest.raises(InvalidOption):
        parlour.make("open-tarock", deals=text)
    assert parlour.make("open-tarock", deals="+2").options["deals"] == 2
