"""The words of a hint are true: each claim a reason makes ("plays its lowest", "wins the trick", "cannot
be beaten in its suit", "the only card", ...) checked against the position, from the seat's view, at
many decisions of seeded hands played by the rules of thumb.

The reasons are built as the hint builds them; where the search behind a hint is slow, the reason
builder is called directly for every lawful card (any of them may be the search's choice), with an
analysis that ranks that card first. Only claims that can be checked exactly are checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from parlour.cards import BISHOPS_WHIST
from parlour.games.apology.players import ApologyView, _play_reason
from parlour.games.apology.players import HeuristicPlayer as ApologyHeuristic
from parlour.games.apology.players import StrongPlayer as ApologyStrong
from parlour.games.apology.rules import (
    TAKER,
    Apology,
    half_points,
    higher_in_suit,
    is_excuse,
    led_suit,
    oudlers_held,
    seat_with_role,
    strength,
    trick_winner,
)
from parlour.games.apology.rules import suit_of as apology_suit_of
from parlour.games.bishops_whist.players import (
    Analysis,
    BishopsWhistView,
    HeuristicPlayer,
    Table,
    card_reason,
)
from parlour.games.bishops_whist.rules import (
    KNIGHT,
    PHASE_PLAY,
    RANK_VALUE,
    BishopsWhist,
    quitted_tricks,
    suit_of,
)
from parlour.players import make_player
from tests.test_bishops_whist_bots import start

# --- Bishops Whist ------------------------------------------------------------------------------

BW_SEEDS = range(40)


def _bw_decisions(game: BishopsWhist, seeds: range) -> Iterator[BishopsWhistView]:
    """Every decision of seeded hands played by the rules of thumb at every seat."""
    for seed in seeds:
        state = game.new(seed)
        players = [HeuristicPlayer(game, s) for s in range(4)]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            yield view
            state.apply(players[seat].choose(view, game))


def _bw_unseen(view: BishopsWhistView) -> set[str]:
    """The suited cards the seat has not seen: not in its hand, not played."""
    played = {p.card for t in quitted_tricks(view) for p in t.plays}
    if view.trick is not None:
        played |= {p.card for p in view.trick.plays}
    return {c for c in BISHOPS_WHIST.cards if c != KNIGHT and c not in played and c not in view.hand}


def _rank(card: str) -> int:
    return RANK_VALUE[card[0]]


def _bw_false_claims(t: Table, view: BishopsWhistView, card: str, reason: str) -> list[str]:
    """The claims of ``reason`` for ``card`` that the position contradicts."""
    lawful = t.lawful()
    seat = t.seat

    def holder(c: str) -> int:
        return t.winner([*t.trick, (seat, c)])[0]

    takers = [c for c in lawful if holder(c) == seat]
    suit = suit_of(card)
    same = [c for c in lawful if c != KNIGHT and suit_of(c) == suit]
    lowest = card == KNIGHT or _rank(card) == min(_rank(c) for c in same)
    unseen = _bw_unseen(view)
    top = suit is not None and all(_rank(c) < _rank(card) for c in unseen if suit_of(c) == suit)
    bad: list[str] = []

    def claim(words: str, fact: bool) -> None:
        if words in reason and not fact:
            bad.append(words)

    claim("plays its lowest", lowest)
    claim("plays low", lowest)
    claim("cannot win the trick", not takers)
    claim("wins the trick", holder(card) == seat)
    claim("takes the trick", holder(card) == seat)
    claim("trumps the trick", holder(card) == seat and suit == t.trump)
    claim("takes the lead in the trick", holder(card) == seat)
    claim("wins the trick cheaply", not [c for c in takers if c in same and _rank(c) < _rank(card)])
    claim(
        "trumps over the partner",
        holder(card) == seat and bool(t.trick) and t.winner(t.trick)[0] == t.partner,
    )
    claim("leaves the trick to the partner", holder(card) == t.partner)
    claim("onto the partner's trick", holder(card) == t.partner)
    claim("under the partner's", holder(card) == t.partner and suit == t.trump)
    claim("discards from a suit that cannot win", not [c for c in takers if suit_of(c) == suit])
    claim("cannot be beaten in its suit", top)
    claim("nothing left in its suit can beat it", top)
    claim("with the best trump", top and suit == t.trump)
    claim("keeps the knight", card != KNIGHT and KNIGHT in t.hand)
    for c in lawful:
        claim(f"keeps the {c} back", c in takers and c != card)
        claim(f"takes the {c}", any(x == c for _, x in t.trick))
    return bad


def test_bishops_whist_card_words_are_true() -> None:
    game = BishopsWhist()
    false: list[str] = []
    checked = 0
    for view in _bw_decisions(game, BW_SEEDS):
        if view.extra.phase != PHASE_PLAY or not view.hand:
            continue
        t = Table(view, game)
        lawful = t.lawful()
        if len(lawful) < 2:
            continue
        for card in lawful:
            others = [c for c in lawful if c != card]
            analysis = Analysis([card, *others], {card: 1.0, **dict.fromkeys(others, 0.0)}, 8, 8, 13)
            reason = card_reason(t, card, analysis, played_out=True)
            checked += 1
            if bad := _bw_false_claims(t, view, card, reason):
                false.append(f"{bad} in {reason.split(' (')[0]!r}: {card} from {t.hand} to {t.trick}")
    assert checked > 5000
    assert not false, "\n".join(false[:5])


def test_bishops_whist_only_card_and_trump_words_are_true() -> None:
    """The strong level's words where it does not search: the only lawful card, and naming trumps."""
    game = BishopsWhist()
    strong = make_player("strong", game, 3)
    only = named = 0
    for view in _bw_decisions(game, BW_SEEDS):
        if view.extra.phase == PHASE_PLAY:
            if len(Table(view, game).lawful()) != 1:
                continue
            advice = strong.advise(view, game)  # type: ignore[attr-defined]
            assert advice.reason == "the only card the laws allow"
            assert advice.action == f"play {Table(view, game).lawful()[0]}", (advice, view.hand)
            only += 1
        elif any(a.startswith("trump ") for a in view.legal_actions):
            advice = strong.advise(view, game)  # type: ignore[attr-defined]
            named += 1
            suit = advice.action.split()[1]
            hand = [c for c in view.hand if c != KNIGHT]
            if "in hand" in advice.reason:
                assert hand, advice
            if "longest" in advice.reason:
                length = [sum(1 for c in hand if suit_of(c) == s) for s in "SHDC"]
                assert sum(1 for c in hand if suit_of(c) == suit) == max(length), (advice, hand)
    assert only > 50 and named > 5


def test_bishops_whist_trumping_under_the_partner_is_not_called_over() -> None:
    # Seat 1 leads the bishop of hearts, seat 2 trumps with the queen of clubs, seat 3 follows; seat 0,
    # seat 2's partner and void of hearts, holds the 8 of clubs: its trump goes under its partner's.
    game, state = start(
        {
            0: ["4C", "8C", *(f"{r}D" for r in "23456789"), "BD", "QD", "KD"],
            1: ["BH", *(f"{r}S" for r in "23456789"), "BS", "QS", "KS", "CS"],
            2: ["QC", *(f"{r}C" for r in "235679"), "BC", "KC", "CC", "N", "N", "N"],
            3: [*(f"{r}H" for r in "23456789"), "QH", "KH", "CH", "N", "CD"],
        },
        plays=["play BH", "play QC", "play 2H"],
        dealer=0,
        turn_up="4C",
    )
    view = state.view(0)
    t = Table(view, game)
    assert t.trump == "C" and t.partner == 2 and "8C" in t.lawful()
    analysis = Analysis(["8C", "2D"], {"8C": 1.0, "2D": 0.0}, 8, 8, 13)
    reason = card_reason(t, "8C", analysis, played_out=True)
    assert "over the partner" not in reason and "under the partner's" in reason, reason


# --- Apology --------------------------------------------------------------------------------------

AP_SEEDS = range(60)


def _ap_decisions(game: Apology, seeds: range) -> Iterator[ApologyView]:
    """Every decision of seeded deals played by the rules of thumb at every seat."""
    for seed in seeds:
        state = game.new(seed)
        players = [ApologyHeuristic(s) for s in range(4)]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            yield view
            state.apply(players[seat].choose(view, game))


def _ap_false_claims(view: ApologyView, card: str, reason: str) -> list[str]:
    """The claims of ``_play_reason``'s words for ``card`` that the position contradicts."""
    seat = view.seat
    taker = seat_with_role(view, TAKER)
    assert seat is not None and taker is not None
    trick = [(p.seat, p.card) for p in view.trick.plays] if view.trick else []
    lawful = [a.partition(" ")[2] for a in view.legal_actions]
    suit = led_suit(trick)

    def holder(c: str) -> int | None:
        after = [*trick, (seat, c)]
        return trick_winner(after) if led_suit(after) is not None else None

    held = trick_winner(trick) if suit is not None else None
    best = next((c for s, c in trick if s == held), None)
    over = [
        c for c in lawful if best is not None and apology_suit_of(c) == suit and strength(c) > strength(best)
    ]
    losers = [c for c in lawful if c not in over and not is_excuse(c)]
    same = [c for c in lawful if not is_excuse(c) and apology_suit_of(c) == apology_suit_of(card)]
    played = {c for cards in view.extra.played for c in cards} | set(view.hand)
    discards = view.zone("discards", taker)
    played |= set(discards.face_up if discards is not None else [])
    top = not is_excuse(card) and not any(h not in played for h in higher_in_suit(card))
    bad: list[str] = []

    def claim(words: str, fact: bool) -> None:
        if words in reason and not fact:
            bad.append(words)

    claim("wins the trick with", holder(card) == seat)
    claim("takes the trick from the taker", holder(card) == seat and held == taker)
    claim("plays low", is_excuse(card) or strength(card) == min(strength(c) for c in same))
    claim("the trick is lost", not over and holder(card) != seat)
    claim("partner's trick", holder(card) not in (seat, taker, None))
    claim("cheapest card to give up", card in losers and half_points(card) == min(map(half_points, losers)))
    claim(": it cannot be beaten", top)
    for c in lawful:
        claim(f"keeps the {c} back", c in over and c != card)
    return bad


def test_apology_card_words_are_true() -> None:
    game = Apology()
    false: list[str] = []
    checked = 0
    for view in _ap_decisions(game, AP_SEEDS):
        assert view.decision is not None and view.seat is not None
        if view.decision.kind != "play" or len(view.legal_actions) < 2:
            continue
        taker = seat_with_role(view, TAKER)
        assert taker is not None
        for action in view.legal_actions:
            card = action.partition(" ")[2]
            reason = _play_reason(view, card, taker, 0.5)
            checked += 1
            if bad := _ap_false_claims(view, card, reason):
                false.append(f"{bad} in {reason.split(';')[0]!r}: {card} from {view.hand} to {view.trick}")
    assert checked > 10000
    assert not false, "\n".join(false[:5])


def test_apology_only_card_and_payment_words_are_true() -> None:
    """The strong level's words where it does not search: the only card, and an escape's payment."""
    game = Apology()
    strong = ApologyStrong(3)
    only = paid = 0
    for view in _ap_decisions(game, AP_SEEDS):
        assert view.decision is not None and view.seat is not None
        kind = view.decision.kind
        if kind == "play" and len(view.legal_actions) == 1:
            advice = strong.advise(view, game)
            assert advice.reason == "the only card it may play" and advice.action == view.legal_actions[0]
            only += 1
        elif kind == "pay" and len(view.legal_actions) > 1:
            advice = strong.advise(view, game)
            paid += 1
            if "keeps the oudlers" in advice.reason:
                zones = [view.zone(k, view.seat) for k in ("tricks_won", "pile", "discards")]
                mine = [c for z in zones if z is not None for c in z.face_up]
                left = list(mine)
                left.remove(advice.action.split()[1])
                counting = str(game.options["oudlers"])
                assert oudlers_held(left, counting) == oudlers_held(mine, counting), (advice, mine)
    assert only > 50 and paid > 20


def test_apology_a_taker_that_could_win_is_not_told_the_trick_is_lost() -> None:
    # Seat 3 takes and buries six low spades; seats 0-2 play the ace, 2 and 10 of spades, and the taker,
    # last to play, holds the castle, king, queen, bishop and Landsknecht of spades above the 10.
    hearts, diamonds, clubs = (
        [r + s for r in ("C", "K", "Q", "B", "L", "T", "9", "8", "7", "6", "5", "4", "3", "2")] for s in "HDC"
    )
    spades = ["CS", "KS", "QS", "BS", "LS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    hands = [["AS", *hearts], ["2S", *diamonds], ["TS", *clubs], [*spades, "AH", "AD", "AC"]]
    game = Apology()
    state = game.new(seed=1, deal={"dealer": 3, "hands": hands})
    for action in [
        "pass",
        "pass",
        "pass",
        "bid",
        *(f"bury {c}" for c in ("9S", "8S", "6S", "5S", "4S", "3S")),
    ]:
        state.apply(action)
    for action in ["play AS", "play 2S", "play TS"]:
        state.apply(action)
    assert state.current_player == 3
    view = state.view(3)
    reason = _play_reason(view, "7S", 3, 0.5)
    assert "the trick is lost" not in reason and reason.startswith(
        "lets the trick go and keeps the LS back"
    ), reason
