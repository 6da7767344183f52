"""The words of a hint are true: each claim a reason makes ("plays its lowest", "wins the trick", "cannot
be beaten in its suit", "the only card", ...) checked against the position, from the seat's view, at
many decisions of seeded hands played by the rules of thumb.

The reasons are built as the hint builds them; where the search behind a hint is slow, the reason
builder is called directly for every lawful card (any of them may be the search's choice), with an
analysis that ranks that card first. Only claims that can be checked exactly are checked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from parlour.cards import BISHOPS_WHIST, SUITS
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
from parlour.games.bezique.players import HeuristicPlayer as BeziqueHeuristic
from parlour.games.bezique.players import explain
from parlour.games.bezique.rules import Bezique, Phase, is_brisque
from parlour.games.bezique.rules import beats as bezique_beats
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
from parlour.games.lansquenet.players import StandingsPlayer
from parlour.games.lansquenet.rules import Lansquenet
from parlour.games.open_tarock.players import PimcPlayer, reason_for
from parlour.games.open_tarock.rules import OpenTarock
from parlour.games.open_tarock.rules import playable as tarock_playable
from parlour.games.open_tarock.rules import suit_of as tarock_suit_of
from parlour.games.open_tarock.rules import trick_winner as tarock_winner
from parlour.games.roquet.players import RoquetHeuristic, unseen_cards
from parlour.games.roquet.rules import RoquetGame
from parlour.games.roquet.rules import beats as roquet_beats
from parlour.games.roquet.rules import rank_of as roquet_rank_of
from parlour.games.roquet.search import RoquetSearch
from parlour.players import make_player
from tests.test_bishops_whist_bots import start

# --- The seeds: the default run's, and ten times as many for the soak run -------------------------

SOAK_TIMES = 10
"""The soak run (``-m soak``) checks each case over this many times the default run's seeds, after them."""


def soak_seeds(seeds: Sequence[int]) -> range:
    """The soak run's seeds for a case: ``SOAK_TIMES`` times as many as the default run's, none the same."""
    start = max(seeds) + 1
    return range(start, start + SOAK_TIMES * len(seeds))


def _case_id(value: object) -> str:
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "default"
    return str(value)


def with_soak(*cases: Any) -> list[Any]:
    """Each case (a tuple whose last value is the seeds, or the seeds alone) for the default run, and the
    same case over ``soak_seeds`` marked ``soak``: one check's code, run on more deals."""
    out: list[Any] = []
    for case in cases:
        *rest, seeds = case if isinstance(case, tuple) else (case,)
        name = "-".join([*map(_case_id, rest), f"seeds{seeds[0]}-{seeds[-1]}"])
        more = soak_seeds(seeds)
        out.append(pytest.param(*rest, seeds, id=name))
        out.append(
            pytest.param(
                *rest,
                more,
                marks=(pytest.mark.soak, pytest.mark.timeout(0)),
                id="-".join([*map(_case_id, rest), f"soak{more[0]}-{more[-1]}"]),
            )
        )
    return out


def no_false_claims(false: list[str]) -> None:
    """Fail with how many claims were false and the first of them (all of them, up to 40)."""
    assert not false, f"{len(false)} false claims:\n" + "\n".join(false[:40])


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


def _shown_void(view: BishopsWhistView, seat: int, suit: str, hand: list[str]) -> bool:
    """Whether ``seat`` has shown out of ``suit`` to the viewing seat: it played another suit to a trick
    a card of ``suit`` led, or the knight's revoke there with that suit's bishop since seen."""
    tricks = [list(t.plays) for t in quitted_tricks(view)]
    if view.trick is not None:
        tricks.append(list(view.trick.plays))
    seen = {p.card for t in tricks for p in t} | set(hand)
    for plays in tricks:
        if not plays or suit_of(plays[0].card) != suit:
            continue
        for p in plays[1:]:
            if p.seat == seat and p.card != KNIGHT and suit_of(p.card) != suit:
                return True
            if p.seat == seat and p.card == KNIGHT and "B" + suit in seen:
                return True
    return False


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

    claim("plays your lowest", lowest)
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
    led = suit_of(t.trick[0][1]) if t.trick else None
    claim("knight's revoke", card == KNIGHT and any(c == "B" + str(led) for c in t.hand))
    claim("leads a suit the partner can trump", _shown_void(view, t.partner, str(suit), t.hand))
    claim("leads a suit the partner can trump", not _shown_void(view, t.partner, str(t.trump), t.hand))
    for c in lawful:
        claim(f"keeps the {c} back", c in takers and c != card)
        claim(f"takes the {c}", any(x == c for _, x in t.trick))
    return bad


@pytest.mark.parametrize("seeds", with_soak(BW_SEEDS))
def test_bishops_whist_card_words_are_true(seeds: range) -> None:
    game = BishopsWhist()
    false: list[str] = []
    checked = 0
    for view in _bw_decisions(game, seeds):
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
    no_false_claims(false)


@pytest.mark.parametrize("seeds", with_soak(BW_SEEDS))
def test_bishops_whist_only_card_and_trump_words_are_true(seeds: range) -> None:
    """The strong level's words where it does not search: the only lawful card, and naming trumps."""
    game = BishopsWhist()
    strong = make_player("strong", game, 3)
    only = named = 0
    for view in _bw_decisions(game, seeds):
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


def test_bishops_whist_wins_cheaply_only_with_the_cheapest_taker() -> None:
    # Seat 3, last to a spade trick seat 0 holds with the 9, could take it with the queen or the castle.
    low_clubs = [f"{r}C" for r in "23456789"]
    low_diamonds = [f"{r}D" for r in "23456789"]
    game, state = start(
        {0: ["9S", *low_clubs], 1: ["5S", *low_diamonds], 2: ["6S", "7S"], 3: ["CS", "QS", "2S"]},
        plays=["play 9S", "play 5S", "play 6S"],
    )
    t = Table(state.view(3), game)

    def words(card: str) -> str:
        others = [c for c in ("CS", "QS", "2S") if c != card]
        analysis = Analysis([card, *others], {card: 1.0, **dict.fromkeys(others, 0.0)}, 8, 8, 13)
        return card_reason(t, card, analysis, played_out=True)

    assert words("QS").startswith("wins the trick cheaply"), words("QS")
    castle = words("CS")
    assert "cheaply" not in castle and castle.startswith("wins the trick with the CS"), castle


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


AP_OPTIONS = with_soak(
    ({}, AP_SEEDS),
    ({"oudlers": "cards"}, range(12)),
    ({"bury_oudlers": False}, range(12)),
    ({"unpaid": "lapse"}, range(12)),
)
"""The default options over 60 seeds; over 12, each option changing the burial, the oudlers or escapes."""


@pytest.mark.parametrize(("options", "seeds"), AP_OPTIONS)
def test_apology_card_words_are_true(options: dict[str, object], seeds: range) -> None:
    game = Apology(**options)
    false: list[str] = []
    checked = 0
    for view in _ap_decisions(game, seeds):
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
    assert checked > 150 * len(seeds)
    no_false_claims(false)


@pytest.mark.parametrize(("options", "seeds"), AP_OPTIONS)
def test_apology_only_card_and_payment_words_are_true(options: dict[str, object], seeds: range) -> None:
    """The strong level's words where it does not search: the only card, and an escape's payment."""
    game = Apology(**options)
    strong = ApologyStrong(3)
    only = paid = 0
    for view in _ap_decisions(game, seeds):
        assert view.decision is not None and view.seat is not None
        kind = view.decision.kind
        if kind == "play" and len(view.legal_actions) == 1:
            advice = strong.advise(view, game)
            assert advice.reason == "the only card you may play" and advice.action == view.legal_actions[0]
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
    assert only > len(seeds) and paid > len(seeds) / 3


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


# --- Open Tarock ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seeds", with_soak(range(16)))
def test_open_tarock_words_are_true(seeds: range) -> None:
    """The words of a real searcher (a small budget: the words are built the same at any) for every card
    it may play: who takes the trick, and that no face-up card of the opponent takes a lead said safe."""
    game = OpenTarock()
    pack = game.card_pack
    false: list[str] = []
    checked = 0
    for seed in seeds:
        state = game.new(seed)
        players = [make_player("heuristic", game, s) for s in range(2)]
        probe = PimcPlayer(seed, worlds=2, nodes=600)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            legal = list(view.legal_actions)
            if all(a.startswith("play ") for a in legal):
                probe.choose(view, game)
                trick = view.trick.cards if view.trick is not None else []
                opponent = [
                    c for z in view.zones_of("stack", 1 - seat) if z.cards and (c := z.cards[0]) is not None
                ]
                for action in legal:
                    card = action.split()[1]
                    reason = reason_for(action, view, game, probe)
                    checked += 1
                    bad = []
                    if "the only card" in reason and len(legal) != 1:
                        bad.append("the only card")
                    if reason.startswith("takes") and tarock_winner(pack, [(0, trick[0]), (1, card)]) != 1:
                        bad.append("takes")
                    if reason.startswith("lets") and tarock_winner(pack, [(0, trick[0]), (1, card)]) != 0:
                        bad.append("lets ... win")
                    if "no card in view can take it" in reason:
                        answers = tarock_playable(opponent, tarock_suit_of(card))
                        if any(tarock_winner(pack, [(0, card), (1, a)]) == 1 for a in answers):
                            bad.append("no card in view can take it")
                    if bad:
                        false.append(f"{bad} in {reason!r}: {card} to {trick}")
            state.apply(players[seat].choose(view, game))
    assert checked > 2000
    no_false_claims(false)


# --- Bezique --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seeds", with_soak(range(30)))
def test_bezique_last_eight_words_are_true(seeds: range) -> None:
    """In the last eight tricks the hint is the exact count's card (the rules of thumb's, no search):
    its words for every card it may play, checked: who takes the trick, a brisque taken, and "the
    least it may give" only where no card it may play gives fewer points."""
    game = Bezique()
    heuristic = BeziqueHeuristic(game)
    false: list[str] = []
    checked = 0
    for seed in seeds:
        state = game.new(seed)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            legal = list(view.legal_actions)
            plays = view.trick.plays if view.trick is not None else []
            if view.extra.phase is Phase.LAST_EIGHT and len(legal) > 1 and plays:
                lead = plays[0].card
                cards = [a.split()[1] for a in legal]
                for card in cards:
                    reason = explain(heuristic, view, f"play {card}", None)
                    checked += 1
                    takes = bezique_beats(lead, card, view.trump or "")
                    bad = []
                    if ("wins the trick" in reason or "takes the brisque" in reason) and not takes:
                        bad.append("takes")
                    if "takes the brisque" in reason and not (is_brisque(lead) or is_brisque(card)):
                        bad.append("the brisque")
                    if (
                        "the least you may give" in reason
                        and is_brisque(card)
                        and not all(map(is_brisque, cards))
                    ):
                        bad.append("the least you may give")
                    if bad:
                        false.append(f"{bad} in {reason!r}: {card} from {cards} to {lead}")
            state.apply(heuristic.choose(view, game))
    assert checked > 1000
    no_false_claims(false)


@pytest.mark.parametrize(("last_trick", "seeds"), with_soak(("stock", range(8)), ("final", range(8))))
def test_bezique_talon_words_are_true(last_trick: str, seeds: range) -> None:
    """Answering in the talon phase, the words for every card it may play: who takes the trick, a
    brisque taken, and the 10 for the last trick of the talon only where the option scores it."""
    game = Bezique(last_trick=last_trick)
    heuristic = BeziqueHeuristic(game)
    false: list[str] = []
    last = 0
    for seed in seeds:
        state = game.new(seed)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            plays = view.trick.plays if view.trick is not None else []
            if view.extra.phase is Phase.TALON and plays:
                lead = plays[0].card
                talon = view.zone("talon")
                for action in view.legal_actions:
                    card = action.split()[1]
                    reason = explain(heuristic, view, action, None)
                    takes = bezique_beats(lead, card, view.trump or "")
                    bad = []
                    if reason.startswith(("wins", "takes")) and not takes:
                        bad.append("takes")
                    if reason.startswith("lets the trick go") and takes:
                        bad.append("lets the trick go")
                    if "takes the brisque" in reason and not (is_brisque(lead) or is_brisque(card)):
                        bad.append("the brisque")
                    if "the last trick of the talon" in reason:
                        last += 1
                        if talon is None or talon.size != 1:
                            bad.append("the last trick of the talon")
                        if ": 10" in reason and last_trick != "stock":
                            bad.append("10 for the last trick of the talon")
                    if bad:
                        false.append(f"{bad} in {reason!r}: {card} to {lead}")
            state.apply(heuristic.choose(view, game))
    assert last > 10
    no_false_claims(false)


# --- Roquet ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seeds", with_soak(range(60)))
def test_roquet_words_are_true(seeds: range) -> None:
    """The strong level's words: its melds are the rules of thumb's (their reason checked at every meld
    decision), its play reason built for every card it may play."""
    game = RoquetGame()
    search = RoquetSearch(0)
    false: list[str] = []
    waits = plays = 0
    for seed in seeds:
        state = game.new(seed)
        players = [RoquetHeuristic(s) for s in range(2)]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            legal = list(view.legal_actions)
            action = players[seat].choose(view, game)
            trump = view.trump or ""
            unseen = unseen_cards(view)
            if legal[0].startswith("meld") or legal == ["done"]:
                reason = search._meld_reason(action, view, game)
                if "three of a kind" in reason:
                    waits += 1
                    ranks = {roquet_rank_of(c) for c in view.hand}
                    if not any(
                        sum(roquet_rank_of(c) == r for c in view.hand) == 3
                        and any(unseen[r + s] for s in SUITS)
                        for r in ranks
                    ):
                        false.append(f"three of a kind in {reason!r}: {sorted(view.hand)}")
            elif len(legal) > 1:
                cards = [a.split()[1] for a in legal]
                for card in cards:
                    reason = search._play_reason(card, dict.fromkeys(cards, 0.0), view, game)
                    plays += 1
                    led = view.trick.cards[0] if view.trick is not None and view.trick.plays else None
                    bad = []
                    if reason.startswith("takes the trick") and not (led and roquet_beats(card, led, trump)):
                        bad.append("takes the trick")
                    if reason.startswith("lets the trick go") and not (
                        led and not roquet_beats(card, led, trump)
                    ):
                        bad.append("lets the trick go")
                    if "it cannot be beaten" in reason:
                        known = view.extra.known[1 - seat]
                        if any(
                            roquet_beats(c, card, trump)
                            for c in [*(c for c, n in unseen.items() if n), *known]
                        ):
                            bad.append("it cannot be beaten")
                    if bad:
                        false.append(f"{bad} in {reason!r}: {card} to {led}")
            state.apply(action)
    assert waits > 20 and plays > 5000
    no_false_claims(false)


# --- Lansquenet -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seeds", with_soak(range(400)))
def test_lansquenet_words_are_true(seeds: range) -> None:
    """The standings the words name, and the amounts they describe, against the view's scores and the
    action's amount."""
    game = Lansquenet()
    advisor = StandingsPlayer()
    false: list[str] = []
    checked = 0
    for seed in seeds:
        state = game.new(seed)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            advice = advisor.advise(view, game)
            reason, words = advice.reason, advice.action.split()
            checked += 1
            scores = view.scores
            lead = scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
            amount = int(words[1]) if len(words) > 1 else 0
            bad = []
            if reason.startswith(("you are level", "the scores are level")) and lead != 0:
                bad.append("level")
            if reason.startswith("you lead by") and not reason.startswith(f"you lead by {lead:g} chip"):
                bad.append("lead by")
            if " chips behind" in reason and not reason.startswith(f"you are {-lead:g} chips behind"):
                bad.append("behind")
            if "a quarter of the lead" in reason and amount != int(lead / 4):
                bad.append("a quarter of the lead")
            if "a lost bank cannot cost it" in reason and amount >= lead:
                bad.append("a lost bank cannot cost it")
            if "bet just enough to go ahead" in reason and amount != 1 - lead:
                bad.append("just enough")
            if bad:
                false.append(f"{bad} in {reason!r}: {advice.action} at {list(scores)}, seat {seat}")
            state.apply(advice.action)
    assert checked > 2000
    no_false_claims(false)
