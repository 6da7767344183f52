"""Bishops Whist's playout player (the ``normal`` and ``strong`` levels): the playout-strong
experiment's judgement as a real player. Its choices are the experiment's (a copy of its loop is kept
here), its fast playouts on the world's fields agree with the slow ones through views, it is lawful and
repeatable, spends exactly its budget of playouts, stops on the clock and says why."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.engine import Game
from parlour.games.bishops_whist.players import (
    NORMAL_CHAINS,
    NORMAL_PLAYOUT_WORLDS,
    PACK,
    PLAYERS,
    SIFT,
    STRONG_CHAINS,
    STRONG_FLOOR,
    Gathered,
    HeuristicPlayer,
    PlayoutPlayer,
    StrongPlayer,
    Table,
    _normal,
    played_to,
)
from parlour.games.bishops_whist.players import _strong as _strong_level
from parlour.games.bishops_whist.rules import PHASE_PLAY, BishopsWhist, BishopsWhistState
from parlour.players import Advisor, hint, make_player


class Experiment(StrongPlayer):
    """The benchmark's ``PlayoutStrongPlayer`` (benchmarks/strength_bishops_whist.py, the lead's
    measurements) as it stood when ``PlayoutPlayer`` was made: kept here so that any change of choice
    shows."""

    def __init__(self, game: Game[Any], seed: int = 0, worlds: int = 16, sift: int = SIFT) -> None:
        super().__init__(game, seed, worlds=worlds, sift=sift)
        self.rollout = HeuristicPlayer(game, seed)

    def choose(self, view: Any, game: Game[Any]) -> str:
        plays: list[str] = [a for a in view.legal_actions if a.startswith("play ")]
        if view.extra.phase != PHASE_PLAY or len(plays) <= 1:
            return self.fast.choose(view, game)
        seat = view.seat
        totals = dict.fromkeys(plays, 0.0)
        for world in self.worlds_dealt(view, game):
            for action in plays:
                state = world.clone()
                state.apply(action, seat=seat)
                totals[action] += self.playout(state, seat)
        return max(plays, key=lambda a: totals[a])

    def playout(self, state: Any, seat: int) -> float:
        seen = len(state.log)
        while not state.is_over:
            mover = state.current_player
            legal = state.legal_actions()
            action = (
                "claim" if legal == ["claim", "pass"] else self.rollout.choose(state.view(mover), self.game)
            )
            state.apply(action, seat=mover)
            for event in state.log[seen:]:
                if event.kind == "hand_end":
                    points = event.data["points"]
                    return float(points[seat] - points[(seat + 1) % 4])
            seen = len(state.log)
        return 0.0


def positions(count: int, first_seed: int = 100) -> list[BishopsWhistState]:
    """Seeded positions from the first trick to the eleventh, the player to move holding two or more
    lawful cards."""
    game = BishopsWhist()
    found: list[BishopsWhistState] = []
    seed = first_seed
    while len(found) < count:
        state = played_to(game, seed, 12 - len(found) % 11)
        seed += 1
        seat = state.current_player
        assert seat is not None
        if len([a for a in state.legal_actions() if a.startswith("play ")]) > 1:
            found.append(state)
    return found


def plays(state: BishopsWhistState) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith("play ")]


def test_its_choices_are_the_experiments() -> None:
    """24 positions on a smaller budget (the same worlds, sifted alike), and a few on the default one."""
    game = BishopsWhist()
    for k, state in enumerate(positions(24)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        ours = PlayoutPlayer(game, k, worlds=3)
        assert ours.choose(view, game) == Experiment(game, k, worlds=3).choose(view, game), k
        assert ours.playouts == 3 * len(plays(state))
    for k, state in enumerate(positions(3, first_seed=300)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert PlayoutPlayer(game, k).choose(view, game) == Experiment(game, k).choose(view, game), k


def test_playouts_on_the_worlds_fields_agree_with_playouts_through_views() -> None:
    """Every card of every world: the same margin either way (and the tables the same on the way)."""
    game = BishopsWhist()
    player = PlayoutPlayer(game, 5, worlds=2)
    for state in positions(6, first_seed=500):
        seat = state.current_player
        assert seat is not None
        for world in player.worlds_dealt(state.view(seat), game):
            for action in plays(world):
                fast, slow = world.clone(), world.clone()
                fast.apply(action, seat=seat)
                slow.apply(action, seat=seat)
                assert player.playout_by_ids(fast, seat) == player.playout_by_views(slow, seat)


def table_fields(t: Table) -> dict[str, Any]:
    fields = {k: v for k, v in vars(t).items() if not k.startswith("_")}
    fields["played"] = list(t.played.items())
    fields["unseen"] = list(t.unseen.items())  # the order too: ``unseen_of`` lists in it
    return fields


def test_a_table_read_from_the_world_is_the_table_read_from_the_view() -> None:
    game = BishopsWhist()
    heuristic = HeuristicPlayer(game, 0)
    for seed in (11, 12, 13):
        state = game.new(seed)
        seen = Gathered()  # the gathered tricks kept up as the hand goes, as a playout keeps them
        while state.hands_played == 0:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if view.extra.phase == PHASE_PLAY:
                expected = table_fields(Table(view, game))
                assert table_fields(Table.in_world(state, seat, game.options)) == expected
                assert table_fields(Table.in_world(state, seat, game.options, seen)) == expected
            state.apply(heuristic.choose(view, game))


def reference_p_holds(t: Table, seat: int, card: str) -> float:
    """``Table.p_holds`` as it was written before the playouts made it hot (the heuristic's own
    arithmetic: the rewrite must give the same float to the last bit)."""
    copies = t.unseen[card]
    if copies == 0:
        return 0.0
    if t.known[seat][card] >= copies:
        return 1.0
    free = copies - sum(k[card] for k in t.known)
    if free <= 0:
        return 1.0 if t.known[seat][card] else 0.0
    if not t.may_hold(seat, card):
        return 1.0 if t.known[seat][card] else 0.0
    weights = {s: t.sizes[s] for s in range(4) if t.may_hold(s, card)}
    total = sum(weights.values())
    if total == 0:
        return 0.0
    one = weights[seat] / total
    return 1.0 - (1.0 - one) ** free


def test_the_tables_sums_are_the_former_ones() -> None:
    """The unseen cards (counts and order) and every chance of holding a card, against the former code,
    in whole hands under both knight options and table laws (the turn-up in the dealer's hand makes
    ``known`` non-empty)."""
    for options in ({}, {"void_knight": "revoke-only"}, {"laws": "table"}):
        game = BishopsWhist(**options)
        heuristic = HeuristicPlayer(game, 0)
        for seed in (31, 32):
            state = game.new(seed)
            while state.hands_played == 0:
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                if view.extra.phase == PHASE_PLAY:
                    t = Table(view, game)
                    former = PACK - Counter(t.hand) - t.played
                    assert list(t.unseen.items()) == list(former.items())
                    for s in range(4):
                        for card in PACK:
                            assert t.p_holds(s, card) == reference_p_holds(t, s, card), (s, card)
                legal = state.legal_actions()
                state.apply("claim" if legal == ["claim", "pass"] else heuristic.choose(view, game))


def test_lawful_repeatable_and_within_its_budget() -> None:
    game = BishopsWhist()
    for k, state in enumerate(positions(4, first_seed=700)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        a, b = PlayoutPlayer(game, 9, worlds=4), PlayoutPlayer(game, 9, worlds=4)
        chosen = a.choose(view, game)
        assert chosen in plays(state) and chosen == b.choose(view, game), k
        assert (
            a.last is not None and a.last.worlds == 4 and a.last.nodes == a.playouts == 4 * len(plays(state))
        )
        assert sorted(a.last.cards) == sorted(p[5:] for p in plays(state))


def test_the_level_is_registered_and_advises() -> None:
    assert PLAYERS["strong"] is _strong_level and PLAYERS["normal"] is _normal
    game = BishopsWhist()
    state = positions(1, first_seed=900)[0]
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    player = make_player("strong", game, 3)
    assert isinstance(player, PlayoutPlayer) and isinstance(player, Advisor)
    player.worlds = 4
    advice = player.advise(view, game)
    # The levels are the playout player on worlds found by the chains (``STRONG_CHAINS``, ``NORMAL_CHAINS``);
    # strong believes each other seat departs from the rules of thumb at least at ``STRONG_FLOOR``, its
    # playouts the rules of thumb alone.
    assert player.chains == STRONG_CHAINS > 0
    assert player.floor == STRONG_FLOOR > 0 and player.adapt and not player.noisy_playouts
    assert player.touching
    normal = make_player("normal", game, 3)
    assert isinstance(normal, PlayoutPlayer)
    assert normal.chains == NORMAL_CHAINS > 0 and normal.worlds == NORMAL_PLAYOUT_WORLDS and normal.touching
    again = PlayoutPlayer(
        game, 3, worlds=4, chains=STRONG_CHAINS, floor=STRONG_FLOOR, noisy_playouts=False, touching=True
    )
    assert advice.action == again.choose(view, game) and advice.action in plays(state)
    # the playout's margin a hand, or a tie (since term-13 without the deals' count)
    figure = r"\((on average \d+\.\d points a hand better than the next card|as good as any other card)\)$"
    assert re.search(figure, advice.reason) and len(advice.reason) > 40, advice.reason
    assert player.last is not None and player.last.best == advice.action[5:]
    hinted = hint(view, game, 3)
    assert hinted.action in plays(state) and hinted.reason
    # One card left to play: said plainly, nothing played out.
    last = played_to(game, 4, 1)
    seat = last.current_player
    assert seat is not None
    only = player.advise(last.view(seat), game)
    assert (
        only.action in plays(last) and only.reason == "the only card the laws allow" and player.playouts == 0
    )


def test_limit_time_stops_between_worlds() -> None:
    game = BishopsWhist()
    state = positions(1, first_seed=950)[0]
    seat = state.current_player
    assert seat is not None
    player = PlayoutPlayer(game, 1, worlds=400, sift=1)
    player.limit_time(0.05)
    assert player.choose(state.view(seat), game) in plays(state)
    assert player.last is not None and 1 <= player.last.worlds < 400  # the clock, not the budget, stopped it
    player.limit_time(None)
    assert player.seconds is None
    with pytest.raises(ValueError):
        player.limit_time(0)


def test_table_laws_play_out_through_views() -> None:
    """Under table laws (claims at the end of the hand) the playouts go the views' way, lawfully."""
    game = BishopsWhist(laws="table")
    state = played_to(game, 21, 9)
    seat = state.current_player
    assert seat is not None
    player = PlayoutPlayer(game, 2, worlds=2)
    chosen = player.choose(state.view(seat), game)
    lawful = set(Table(state.view(seat), game).lawful())
    assert chosen.startswith("play ") and chosen[5:] in lawful


def reference_lookahead(player: PlayoutPlayer, state: BishopsWhistState, seat: int) -> float:
    """The look-one-further playout written plainly through views: the rules of thumb up to ``seat``'s next
    choice of two or more cards, then each card played out by the rules of thumb, the best kept."""
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        legal = state.legal_actions()
        if legal == ["claim", "pass"]:
            state.apply("claim", seat=mover)
            continue
        if state.phase != PHASE_PLAY:
            break
        if mover == seat and len(plays(state)) > 1:
            values = []
            for action in plays(state):
                branch = state.clone()
                branch.apply(action, seat=seat)
                values.append(player.playout_by_views(branch, seat))
            return max(values)
        state.apply(player.rollout.choose(state.view(mover), player.game), seat=mover)
    return player.playout_by_views(state, seat)


def test_a_lookahead_playout_keeps_the_best_of_its_next_cards() -> None:
    """``lookahead=1``: each card's value in a world is the best of the player's next cards there, each
    played out by the rules of thumb, so never below the one-step playout's (which plays one of them)."""
    game = BishopsWhist()
    player = PlayoutPlayer(game, 5, worlds=2, lookahead=1)
    higher = 0
    for state in positions(6, first_seed=700):
        seat = state.current_player
        assert seat is not None
        for world in player.worlds_dealt(state.view(seat), game):
            for action in plays(world):
                looked, once, plain = world.clone(), world.clone(), world.clone()
                for s in (looked, once, plain):
                    s.apply(action, seat=seat)
                value = player.playout_by_ids(looked, seat)
                one_step = player.playout_by_ids(once, seat, look=0)
                assert value == reference_lookahead(player, plain, seat)
                assert value >= one_step
                higher += value > one_step
    assert higher > 0, "somewhere the rules of thumb's next card is not the best one"


def test_a_lookahead_player_is_lawful_and_repeatable() -> None:
    game = BishopsWhist()
    for k, state in enumerate(positions(4, first_seed=900)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        first = PlayoutPlayer(game, k, worlds=2, lookahead=1).choose(view, game)
        assert first in plays(state)
        assert PlayoutPlayer(game, k, worlds=2, lookahead=1).choose(view, game) == first
    with pytest.raises(ValueError, match="lookahead"):
        PlayoutPlayer(game, 0, lookahead=-1)


def tie_breaks(**tie_break: bool) -> Iterator[tuple[int, Any, str, str, dict[str, float], list[str]]]:
    """Twenty seeded decisions, each chosen by the playout player without and with ``tie_break``:
    (seed, view, the card without, the card with, the means, the cards ranked). A tie-break never
    changes a mean, only which of the best is played."""
    game = BishopsWhist()
    touching = not tie_break.get("ties_to_rules", False)
    for k, state in enumerate(positions(20, first_seed=1100)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        plain = PlayoutPlayer(game, k, worlds=4, touching=touching)
        broken = PlayoutPlayer(game, k, worlds=4, touching=touching, **tie_break)
        first, second = plain.choose(view, game)[5:], broken.choose(view, game)[5:]
        assert plain.last is not None and broken.last is not None
        assert plain.last.means == broken.last.means
        yield k, view, first, second, broken.last.means, broken.last.cards


def test_ties_go_to_the_rules_of_thumbs_card() -> None:
    """``ties_to_rules``: of cards that end equally well over the worlds, the rules of thumb's card; the
    best total is still the card chosen, and the means are those of the level without it."""
    game = BishopsWhist()
    moved = 0
    for k, view, first, second, means, _ in tie_breaks(ties_to_rules=True):
        best = max(means.values())
        usual = HeuristicPlayer(game, k).choose(view, game)[5:]
        assert means[second] == best
        if means.get(usual) == best:
            assert second == usual
        else:
            assert second == first
        moved += first != second
    assert moved > 0, "somewhere the view's first of the tied cards is not the rules of thumb's"


def test_ties_go_to_the_card_that_gives_up_least() -> None:
    """``ties_to_cheapest``: of cards that end equally well over the worlds, the one the rules of thumb
    count cheapest to give up (``Table.spend_cost``: the 3 before the castle); the best total is still
    the card chosen, and the means are those of the level without it."""
    game = BishopsWhist()
    moved = 0
    for k, view, first, second, means, cards in tie_breaks(ties_to_cheapest=True):
        best = max(means[c] for c in cards)
        tied = [c for c in cards if means[c] == best]
        table = Table(view, game)
        assert second in tied
        assert table.spend_cost(second) == min(table.spend_cost(c) for c in tied), (k, tied, second)
        if len(tied) == 1:
            assert second == first
        moved += first != second
    assert moved > 0, "somewhere the view's first of the tied cards is not the cheapest"


def _lower_touching(view: Any, card: str, lawful: set[str]) -> list[str]:
    """The seat's lawful cards that touch ``card`` from below, read from the view alone: one suit, not a
    bishop, every card of the suit ranked between them gone in quitted tricks (a card in the trick in
    progress still counts: it may be beaten by one and not the other)."""
    rank = dict(zip("CKQB98765432", (14, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3, 2), strict=True))
    if card == "N" or card[0] == "B":
        return []
    gone = set(view.extra.trick_cards)
    lower = []
    for r in sorted((r for r in rank.values() if r < rank[card[0]]), reverse=True):
        code = next(k for k, v in rank.items() if v == r) + card[1:]
        if code in gone:
            continue
        if code in lawful and code[0] != "B":
            lower.append(code)
            continue
        break
    return lower


def test_touching_cards_are_played_out_once_by_the_lowest() -> None:
    """``touching``: of touching cards only the lowest is played out and stands for them all (the same
    mean, one entry in the ranking), so the card played is never above a touching card of the hand, and
    the playouts are the worlds times the runs."""
    game = BishopsWhist()
    merged = 0
    for k, state in enumerate(positions(20, first_seed=1200)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        player = PlayoutPlayer(game, k, worlds=4, touching=True)
        card = player.choose(view, game)[5:]
        analysis = player.last
        assert analysis is not None
        lawful = set(analysis.means)
        assert _lower_touching(view, card, lawful) == [], (k, card, view.hand)
        for c in lawful:
            below = _lower_touching(view, c, lawful)
            if below:
                assert analysis.means[c] == analysis.means[below[-1]]
                assert c not in analysis.cards
            else:
                assert c in analysis.cards
        assert player.playouts == analysis.worlds * len(analysis.cards)
        merged += len(lawful) - len(analysis.cards)
        # Ties to the rules of thumb's card go to its run's lowest, which stands for it.
        tied = PlayoutPlayer(game, k, worlds=4, touching=True, ties_to_rules=True)
        second = tied.choose(view, game)[5:]
        usual = HeuristicPlayer(game, k).choose(view, game)[5:]
        below = _lower_touching(view, usual, lawful)
        stand_in = below[-1] if below else usual
        assert second in analysis.cards and tied.last is not None and tied.last.means == analysis.means
        if analysis.means[stand_in] == max(analysis.means.values()):
            assert second == stand_in, (k, second, usual)
    assert merged > 0, "some position holds touching cards"


def test_a_touching_card_is_not_called_as_good_as_any() -> None:
    """Seed 1, four cards left: the level played out the 4C and the 3C (touching) on their own and played
    the 4C, "as good as any other card", beside a lead a full 0.2 points worse; with runs the 3C leads
    and the words give its margin over the next card that is not its twin."""
    game = BishopsWhist()
    state = played_to(game, 1, 4, [HeuristicPlayer(game, 4 + s) for s in range(4)])
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert {"3C", "4C"} <= set(view.hand) and "3C" not in view.extra.trick_cards
    player = _strong_level(game, 1)
    assert isinstance(player, PlayoutPlayer)
    advice = player.advise(view, game)
    assert advice.action == "play 3C"
    assert "as good as any" not in advice.reason and "better than the next card" in advice.reason
