"""Open tarock for children, audited from the seed alone: a scenario from an explicit deal for each rule
statement the existing tests leave open (the 78-card pack in play, answering without the led suit or a
tarock, no duty to head a trick, a seed count with exact numbers, short batches of one card).

Everything goes through the public API: ``parlour.make``, ``new(deal=...)``, ``legal_actions``,
``apply``, ``view`` and the log.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.cards import TAROCK_54, TAROT_78, Pack
from parlour.engine import IllegalAction
from parlour.games.open_tarock.rules import OpenTarock
from parlour.games.open_tarock.rules import OpenTarockState as State


def game(**options: Any) -> OpenTarock:
    g = parlour.make("open-tarock", **options)
    assert isinstance(g, OpenTarock)
    return g


def full_deal(tops0: list[list[str]], tops1: list[list[str]], dealer: int, pack: Pack) -> dict[str, Any]:
    """The given stacks (top card first), the rest of the pack spread below them in pack order."""
    given = {c for side in (tops0, tops1) for s in side for c in s}
    rest = [c for c in pack.cards if c not in given]
    stacks = [[list(s) for s in tops0], [list(s) for s in tops1]]
    half = len(pack) // 2
    for seat in (0, 1):
        need = half - sum(len(s) for s in stacks[seat])
        for k in range(need):
            stacks[seat][k % len(stacks[seat])].append(rest.pop(0))
    assert not rest
    return {"dealer": dealer, "stacks": stacks}


def start(tops0: list[list[str]], tops1: list[list[str]], dealer: int = 0, **options: Any) -> State:
    g = game(**options)
    pack = TAROT_78 if options.get("pack") == "tarot78" else TAROCK_54
    return g.new(seed=1, deal=full_deal(tops0, tops1, dealer, pack))


def one_stack_each(seat0: list[str], seat1: list[str], dealer: int = 0, **options: Any) -> State:
    """One stack a player: each has exactly one turned-up card, so every play is forced and the k-th
    trick is always the k-th card of each stack, whoever leads it."""
    return game(deals=1, **options).new(seed=1, deal={"dealer": dealer, "stacks": [[seat0], [seat1]]})


def play_out(state: State) -> None:
    while not state.is_over:
        legal = state.legal_actions()
        assert len(legal) == 1, legal
        state.apply(legal[0])


def pile(state: State, seat: int) -> list[str]:
    zone = state.view(None).zone("tricks_won", seat)
    assert zone is not None
    return [str(c) for c in zone.cards]


def counts(state: State) -> list[float]:
    return [float(e.data["count"]) for e in state.log if e.kind == "count"]


def legal(state: State) -> list[str]:
    return sorted(state.legal_actions())


# --- the cards and winning a trick -----------------------------------------------------------------


def test_red_pips_run_upwards_and_black_pips_downwards_in_play_with_the_78_card_pack() -> None:
    """Seed: hearts and diamonds run K, Q, C, V, 1, 2 ... 10; spades and clubs K, Q, C, V, 10 ... 1
    (ruling OT-9). Played out in the 78-card pack: the 1 of hearts takes the 10, the 2 of spades the 1."""
    state = start(
        [["TH", "XIX"], ["1S"], ["KC"], ["XX"]], [["1H"], ["2S"], ["7D"], ["8D"]], dealer=0, pack="tarot78"
    )
    state.apply("play TH")
    assert legal(state) == ["play 1H"]  # follow suit with the one heart turned up
    state.apply("play 1H")
    assert pile(state, 1) == ["TH", "1H"] and state.current_player == 1  # the 1 is the higher heart
    state.apply("play 2S")
    assert legal(state) == ["play 1S"]
    state.apply("play 1S")
    assert pile(state, 1) == ["TH", "1H", "2S", "1S"]  # the 2 is the higher spade


def test_the_9_of_hearts_beats_the_10_in_the_78_card_pack_when_led() -> None:
    """Red pips: the 10 is the lowest heart, so a led 9 of hearts holds against it (ruling OT-9)."""
    state = start(
        [["9H"], ["KC"], ["XX"], ["7D"]], [["TH"], ["2S"], ["8D"], ["QC"]], dealer=0, pack="tarot78"
    )
    state.apply("play 9H")
    assert legal(state) == ["play TH"]
    state.apply("play TH")
    assert pile(state, 0) == ["9H", "TH"] and state.current_player == 0


def test_a_tarock_led_with_no_tarock_turned_up_any_card_may_answer_and_loses() -> None:
    """Seed: no card to follow and no trump: any card, but it won't win. A led I (the lowest tarock)
    takes a king (rulings OT-6, OT-7, OT-8)."""
    state = start([["I"], ["7S"], ["8S"], ["9S"]], [["KH"], ["KS"], ["KC"], ["KD"]], dealer=0)
    state.apply("play I")
    assert legal(state) == ["play KC", "play KD", "play KH", "play KS"]
    state.apply("play KH")
    assert pile(state, 0) == ["I", "KH"] and state.current_player == 0


def test_following_suit_need_not_head_the_trick() -> None:
    """The seed asks only to follow suit: a lower card of the suit led is as legal as a higher one,
    and the led card then wins."""
    state = start([["9C"], ["7S"], ["8S"], ["XX"]], [["QC"], ["8C"], ["XXI"], ["KH"]], dealer=0)
    state.apply("play 9C")
    assert legal(state) == ["play 8C", "play QC"]  # not the tarock, not the heart: both clubs
    state.apply("play 8C")
    assert pile(state, 0) == ["9C", "8C"] and state.current_player == 0


def test_trumping_need_not_be_the_highest_tarock_and_a_discard_is_refused_while_a_tarock_is_up() -> None:
    """Void in the led suit: a trump must be played (any of them), not a discard (ruling OT-5 looks only
    at the turned-up cards)."""
    state = start([["QD"], ["7S"], ["8S"], ["9S"]], [["KS"], ["II"], ["SK"], ["KC"]], dealer=0)
    state.apply("play QD")
    assert legal(state) == ["play II", "play SK"]
    with pytest.raises(IllegalAction, match="tarock"):
        state.apply("play KS")
    state.apply("play II")  # the lowest but one tarock still takes the queen
    assert pile(state, 1) == ["QD", "II"] and state.current_player == 1


def test_the_fool_answering_a_led_xxi_takes_it_and_the_winner_leads_with_the_card_turned_up() -> None:
    """The Fool is the highest trump (ruling OT-8); the winner leads next, and the card under the Fool,
    turned up as it was played (ruling OT-10), is his to lead."""
    state = start([["XXI"], ["7S"], ["8S"], ["9S"]], [["SK", "KH"], ["II"], ["QS"], ["KC"]], dealer=0)
    state.apply("play XXI")
    assert legal(state) == ["play II", "play SK"]
    state.apply("play SK")
    assert pile(state, 1) == ["XXI", "SK"] and state.current_player == 1
    assert "play KH" in state.legal_actions()


# --- counting: the seed's numbers ----------------------------------------------------------------

TRUMPS_DOWN = [t for t in TAROCK_54.cards if t not in ("SK", "XXI", "I") and t[-1] not in "SHDC"]
"""XX down to II: the 19 tarocks that are not face cards."""


def three_tricks_to_seat1() -> tuple[list[str], list[str]]:
    """Seat 1 takes KH+XXI, SK+QS, I+7S, then loses 4H to XX and every trick after: its pile is
    [KH, XXI, SK] (three face cards: 5+5+5-2 = 13) and [QS, I, 7S] (two: 4+5-1 = 8), 21 in all."""
    assert len(TRUMPS_DOWN) == 19 and TRUMPS_DOWN[0] == "XX" and TRUMPS_DOWN[-1] == "II"
    seat0 = ["KH", "QS", "7S", *TRUMPS_DOWN, "KS", "KC", "KD", "CS", "QD"]
    rest = [c for c in TAROCK_54.cards if c not in seat0 and c not in ("XXI", "SK", "I", "4H")]
    seat1 = ["XXI", "SK", "I", "4H", *rest]
    return seat0, seat1


def test_seed_batches_with_exact_numbers_two_full_batches_against_the_par() -> None:
    """Seed: a batch with three face cards is their sum less 2, with two their sum less 1; the game
    points are the difference from 35. Seat 1 counts 13 + 8 = 21 (14 under), seat 0 the other 49."""
    seat0, seat1 = three_tricks_to_seat1()
    state = one_stack_each(seat0, seat1)
    play_out(state)
    assert pile(state, 1) == ["KH", "XXI", "SK", "QS", "I", "7S"]
    assert len(pile(state, 0)) == 48
    assert counts(state) == [49.0, 21.0]
    count_1 = next(e for e in state.log if e.kind == "count" and e.data["seat"] == 1)
    assert count_1.data["batches"] == [["KH", "XXI", "SK"], ["QS", "I", "7S"]]  # ruling OT-12
    assert state.scores == [14.0, -14.0] and state.winners == [0]
    sheet = state.view(None).score_sheet
    assert sheet is not None and sheet.rows[0].values == [14.0, -14.0]


def four_cards_to_seat1(short_batch: str) -> State:
    """Seat 1 takes KH+XXI and SK+QS (four cards: a batch of three and one left over), then leads 4H into
    XX; seat 0 takes that trick and every one after: 50 cards (sixteen batches and two left over)."""
    seat0 = ["KH", "QS", *TRUMPS_DOWN, "I", "KS", "KC", "KD", "CS", "QD"]
    rest = [c for c in TAROCK_54.cards if c not in seat0 and c not in ("XXI", "SK", "4H")]
    seat1 = ["XXI", "SK", "4H", *rest]
    state = one_stack_each(seat0, seat1, short_batch=short_batch)
    play_out(state)
    assert pile(state, 1) == ["KH", "XXI", "SK", "QS"]
    return state


def test_a_short_batch_of_one_card_counts_its_value_less_two_thirds() -> None:
    """Ruling OT-13 (default ``thirds``): KH XXI SK = 13, the odd QS 4 less 2/3: 16 1/3; seat 0 the other
    53 2/3; the game points cancel."""
    state = four_cards_to_seat1("thirds")
    assert counts(state) == pytest.approx([53 + 2 / 3, 16 + 1 / 3])
    assert state.scores == pytest.approx([18 + 2 / 3, -(18 + 2 / 3)])
    texts = [e.data["text"] for e in state.log if e.kind == "count"]
    assert texts == ["seat 0 counts 53⅔ with 50 cards", "seat 1 counts 16⅓ with 4 cards"]


def test_a_short_batch_of_one_card_read_literally_is_its_value() -> None:
    """Ruling OT-13 (``literal``): a batch of one face card is its value, so QS counts 4 and seat 1 has
    17; seat 0's last two cards count as a batch too (one point more than in thirds): 54. The hand
    totals 71, the one point over the pack that the ruling names."""
    state = four_cards_to_seat1("literal")
    assert counts(state) == [54.0, 17.0]
    assert state.scores == [19.0, -18.0]


def test_the_78_card_pack_par_is_39_in_play() -> None:
    """Ruling OT-14: the 78-card pack counts 78 (par 39); a player who takes every trick scores +39."""
    trumps = [c for c in TAROT_78.cards if c[-1] not in "SHDC"]  # the Sküs ends in K, the rest I, V, X
    assert len(trumps) == 22
    faces = [f"{r}{s}" for r in "KQCJ" for s in "SHDC"]
    seat0 = [*trumps, *faces, "TS"]
    seat1 = [c for c in TAROT_78.cards if c not in seat0]
    state = one_stack_each(seat0, seat1, pack="tarot78")
    play_out(state)
    assert len(pile(state, 0)) == 78 and pile(state, 1) == []
    assert counts(state) == [78.0, 0.0]
    assert state.scores == [39.0, -39.0]
    assert state.view(None).extra.par == 39


def test_a_hand_counted_35_to_35_is_a_drawn_match() -> None:
    """Seed: game points are the difference from 35, so 35 each is nothing each; ruling OT-4: equal
    totals are a draw. Played out (one stack each, every play forced) rather than set by hand: seat 0
    takes 18 cards and seat 1 36, both whole batches, and each counts exactly 35."""
    seat0 = ["3H", "KC", "IX", "II", "7S", "2D", "QD", "1D", "CH", "XIV", "I", "2H", "V", "KS", "XV"]
    seat0 += ["JD", "XIX", "KH", "3D", "TC", "XXI", "4H", "KD", "9S", "8C", "TS", "1H"]
    seat1 = ["XI", "CC", "XIII", "XX", "JS", "JH", "QC", "XVII", "VII", "XVIII", "JC", "SK", "QS", "VIII"]
    seat1 += ["7C", "XVI", "IV", "8S", "III", "XII", "4D", "9C", "QH", "VI", "X", "CD", "CS"]
    state = one_stack_each(seat0, seat1)
    play_out(state)
    assert [len(pile(state, s)) for s in (0, 1)] == [18, 36]
    assert counts(state) == [35.0, 35.0] and state.scores == [0.0, 0.0]
    assert state.winners == []
    outcome = state.view(None).outcome
    assert outcome is not None and outcome.draw and "equal totals" in outcome.reason


# --- a reference model written from the seed alone, played against the engine ----------------------

SEED_TRUMPS = ["SK", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII", "XII", "XI", "X"]
SEED_TRUMPS += ["IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I"]
"""The Fool highest, then XXI down to I, as the seed lists them."""
SEED_BLACK = ["K", "Q", "C", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
SEED_RED = ["K", "Q", "C", "J", "1", "2", "3", "4", "5", "6", "7", "8", "9", "T"]
"""Strongest to weakest: spades and clubs K Q C V 10 ... 1, hearts and diamonds K Q C V 1 ... 10."""
SEED_FACE_VALUES = {"K": 5, "Q": 4, "C": 3, "J": 2}
SEED_TRULL = {"SK", "XXI", "I"}


def ref_suit(card: str) -> str:
    return "T" if card in SEED_TRUMPS else card[-1]


def ref_rank(card: str) -> int:
    """Higher is stronger."""
    if card in SEED_TRUMPS:
        return -SEED_TRUMPS.index(card)
    order = SEED_BLACK if card[-1] in "SC" else SEED_RED
    return -order.index(card[:-1])


def ref_legal(tops: list[str], led: str | None) -> list[str]:
    """Follow suit; if he cannot, a trump; if not that either, any card."""
    if led is None:
        return sorted(tops)
    for wanted in (ref_suit(led), "T"):
        same = [c for c in tops if ref_suit(c) == wanted]
        if same:
            return sorted(same)
    return sorted(tops)


def ref_answer_wins(led: str, answer: str) -> bool:
    if ref_suit(answer) == ref_suit(led):
        return ref_rank(answer) > ref_rank(led)
    return ref_suit(answer) == "T"  # a trump on a suit card; any other card won't win


def ref_face_value(card: str) -> int | None:
    if card in SEED_TRULL:
        return 5
    if card in SEED_TRUMPS:
        return None
    return SEED_FACE_VALUES.get(card[:-1])


def ref_batch(batch: list[str]) -> int:
    """The seed's batch rule, word for word: one face card its value, two their sum less 1, three their
    sum less 2, none 1 (applied as written to a short batch too: ``literal``)."""
    faces = [v for v in map(ref_face_value, batch) if v is not None]
    if not faces:
        return 1
    return sum(faces) - (len(faces) - 1)


def ref_count_thirds(pile: list[str], short_batch: str) -> int:
    """In thirds: full batches by the seed's rule in the order taken; a short batch as ruling OT-13 says
    (``thirds``: each card its value, an empty card 1, less two thirds)."""
    full = len(pile) - len(pile) % 3
    total = sum(3 * ref_batch(pile[i : i + 3]) for i in range(0, full, 3))
    rest = pile[full:]
    if not rest:
        return total
    if short_batch == "literal":
        return total + 3 * ref_batch(rest)
    return total + sum(3 * (ref_face_value(c) or 1) - 2 for c in rest)


@pytest.mark.parametrize(
    ("pack", "short_batch", "seed"),
    [(p, s, k) for p in ("tarock54", "tarot78") for s in ("thirds", "literal") for k in range(8)],
)
def test_random_hands_agree_with_a_reference_model_written_from_the_seed(
    pack: str, short_batch: str, seed: int
) -> None:
    """Every legal list, every trick's winner and the final counts of random hands, against a model
    built only from the seed's text (with rulings OT-1, OT-5, OT-13 and OT-16 for what it leaves open)."""
    import random

    rnd = random.Random(seed)
    cards = list((TAROT_78 if pack == "tarot78" else TAROCK_54).cards)
    rnd.shuffle(cards)
    half = len(cards) // 2
    stacks: list[list[list[str]]] = [[], []]
    if seed % 4 < 2:  # the default stacks, dealt a whole stack at a time, the opponent first (OT-1, OT-2)
        sizes = [10, 10, 10, 9] if pack == "tarot78" else [7, 7, 7, 6]
        pos = 0
        for size in sizes:
            for seat in (1, 0):
                stacks[seat].append(cards[pos : pos + size])
                pos += size
    else:  # any number and sizes of stacks (ruling OT-16): more turned-up cards to choose from
        for seat in (0, 1):
            mine = cards[seat * half : (seat + 1) * half]
            cuts = sorted(rnd.sample(range(1, half), rnd.randint(1, 8)))
            stacks[seat] = [mine[a:b] for a, b in zip([0, *cuts], [*cuts, half], strict=True)]
    dealer = seed % 2
    deal = {"dealer": dealer, "stacks": [[list(s) for s in stacks[0]], [list(s) for s in stacks[1]]]}
    state = game(pack=pack, short_batch=short_batch, deals=1).new(seed=1, deal=deal)
    piles: list[list[str]] = [[], []]
    leader = dealer
    while any(stacks[leader]):
        assert state.current_player == leader
        tops = [s[0] for s in stacks[leader] if s]
        assert sorted(state.legal_actions()) == [f"play {c}" for c in ref_legal(tops, None)]
        led = rnd.choice(tops)
        state.apply(f"play {led}")
        next(s for s in stacks[leader] if s and s[0] == led).pop(0)
        other = 1 - leader
        assert state.current_player == other
        tops = [s[0] for s in stacks[other] if s]
        assert sorted(state.legal_actions()) == [f"play {c}" for c in ref_legal(tops, led)]
        answer = rnd.choice(ref_legal(tops, led))
        state.apply(f"play {answer}")
        next(s for s in stacks[other] if s and s[0] == answer).pop(0)
        leader = other if ref_answer_wins(led, answer) else leader
        piles[leader] += [led, answer]
        assert pile(state, leader) == piles[leader]
    assert state.is_over
    thirds = [ref_count_thirds(p, short_batch) for p in piles]
    assert counts(state) == pytest.approx([t / 3 for t in thirds])
    par = 39 if pack == "tarot78" else 35
    assert state.scores == pytest.approx([t / 3 - par for t in thirds])
