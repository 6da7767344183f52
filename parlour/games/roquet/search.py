"""The searching Roquet player: perfect-information Monte Carlo with a trick solver in each world.

For a card to play it deals the unseen cards afresh many times (``game.determinize``: the opponent's
hand and the stock's order, voids respected), searches each such world a few tricks deep with
alpha-beta (``solver.Solver``: every trick's winner lays down what it can, the hands draw from that
world's stock) and plays the card with the best mean over the worlds. With a ``reader`` (the
``strong`` level) the worlds are drawn from many more by how well they explain the opponent's past
play (``inference.HandReader``). In a meld moment it banks the most points it can, unless three of
a numeral wait for their fourth (the heuristic's rule: Dana's "great campaign"). The budget is a
number of worlds, so a seed fixes every choice; at a table a clock may stop it sooner
(``limit_time``; the reader deals and weighs all its worlds before the first is searched).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from parlour.engine import Game, Rng
from parlour.games.roquet.history import HistoryReader
from parlour.games.roquet.inference import HandReader
from parlour.games.roquet.players import (
    RoquetHeuristic,
    RoquetView,
    best_plan,
    keep_value,
    table_of,
    unseen_cards,
)
from parlour.games.roquet.rules import (
    PACK,
    RoquetGame,
    RoquetState,
    beats,
    classify,
    meld_name,
    suit_of,
)
from parlour.games.roquet.solver import (
    CARD_NAMES,
    Solver,
    World,
    best_melds,
    card_id,
    cards_of,
    mask_of,
    world_of,
)
from parlour.games.roquet.voids import VoidDealer
from parlour.players import Advice


def _pretty(card: str) -> str:
    return PACK.pretty(card)


def plan_words(hand: list[str], table: list[str], game: RoquetGame) -> tuple[int, str]:
    """The most points ``hand`` could lay down after a trick, and the combinations in words."""
    points, used = best_melds(mask_of(hand), mask_of(table), game.max_sequence, game.one_meld_a_trick)
    if not points:
        return 0, ""
    return points, _melds_in_words(cards_of(used), game)


def _melds_in_words(cards: list[str], game: RoquetGame) -> str:
    """Split the cards of a plan back into named combinations."""
    _, plan = best_plan(cards, [], game.max_sequence, False)
    names = []
    for meld in plan:
        found = classify(meld, game.max_sequence)
        if found is not None:
            names.append(meld_name(meld, found[0]))
    if len(names) > 2:
        # two named and the rest counted (term-13: "the royal pair of castles and pair of aces and pair
        # of twos for 9 points" made a hint three lines long at 80 columns; the hand shows them)
        more = "another" if len(names) == 3 else f"{len(names) - 2} more"
        return f"{names[0]}, {names[1]} and {more}"
    return " and ".join(names) if names else "a combination"


class RoquetSearch:
    """PIMC over determinized worlds, each searched ``depth`` tricks deep (see the module's text)."""

    def __init__(
        self,
        seed: int = 0,
        worlds: int = 24,
        depth: int = 3,
        potential: float = 0.5,
        keep: float = 0.3,
        quality: float = 0.0,
        blind: bool = False,
        seconds: float | None = None,
        reader: HandReader | HistoryReader | None = None,
        lead_worlds: int | None = None,
        lead_depth: int | None = None,
        drawn_voids: bool = False,
    ) -> None:
        self.rng = Rng(seed)
        self.dealer = VoidDealer() if drawn_voids and reader is None else None
        """Without a reader: worlds that also keep what the opponent's voids shown before its last draws
        still say (``voids``); a reader has its own option."""
        self.lead_worlds = lead_worlds
        """Worlds for a lead while the stock lasts (None: ``worlds``): where ``strong`` loses most
        to a player who knows the opponent's hand (strength.md, "Where strong and the cheats part")."""
        self.lead_depth = lead_depth
        """Tricks searched for a lead while the stock lasts (None: ``depth``)."""
        self._budget = (worlds, depth)
        self.reader = reader
        """If set, the worlds are drawn by the opponent's past play (``inference``), not uniformly."""
        self._drawn: list[RoquetState] = []
        self.blind = blind
        self.quality = quality
        self.keep = keep
        """Weight of the heuristic's worth of keeping a card (``keep_value``), against the search's
        points: it breaks the search's near-ties, which its few tricks of look-ahead often leave."""
        self.worlds = worlds
        self.depth = depth
        self.potential = potential
        self.seconds = seconds
        self.melder = RoquetHeuristic(seed)
        self.playouts = 0
        """Worlds searched for the last choice (never more than ``worlds``)."""
        self.nodes = 0
        """Positions searched for the last choice."""

    def limit_time(self, seconds: float | None) -> None:
        """At a table: stop sampling worlds once ``seconds`` have passed (at least one is searched)."""
        self.seconds = seconds

    def choose(self, view: RoquetView, game: Game[Any]) -> str:
        return self._decide(view, game)[0]

    def advise(self, view: RoquetView, game: Game[Any]) -> Advice:
        action, reason = self._decide(view, game)
        return Advice(action, reason)

    # --- deciding --------------------------------------------------------------------------

    def _decide(self, view: RoquetView, game: Game[Any]) -> tuple[str, str]:
        assert isinstance(game, RoquetGame)
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("asked to choose with no legal action in the view")
        self.playouts = self.nodes = 0
        if isinstance(self.reader, HistoryReader):
            self.reader.observe(view)  # it reads the hand's history from the views it has been shown
        dealer = self.reader.dealer if isinstance(self.reader, HandReader) else self.dealer
        if dealer is not None:
            dealer.observe(view)  # it dates the opponent's combinations by the views it has been shown
        if legal[0].startswith("meld") or legal == ["done"]:
            action = self.melder.choose(view, game)
            return action, self._meld_reason(action, view, game)
        if len(legal) == 1:
            return legal[0], "the only card that may be played"
        seat = view.seat
        assert seat is not None
        self._drawn = []
        self._budget = (self.worlds, self.depth)
        if (view.trick is None or not view.trick.plays) and view.extra.stock_size > 0:
            self._budget = (self.lead_worlds or self.worlds, self.lead_depth or self.depth)
        totals = self.search(view, game, lambda: self.sample(view, game), seat)
        if self.keep:
            hand, trump, table, unseen = (
                list(view.hand),
                view.trump or "",
                table_of(view, game),
                unseen_cards(view),
            )
            for c in totals:
                totals[c] -= self.keep * keep_value(c, hand, table, unseen, trump)
        best = max(totals, key=lambda c: (totals[c], -legal.index("play " + c)))
        return "play " + best, self._play_reason(best, totals, view, game)

    def sample(self, view: RoquetView, game: RoquetGame) -> RoquetState:
        """One world consistent with ``view`` (a benchmark may deal its worlds otherwise): with a
        reader, the next of the worlds it drew for this choice."""
        if self.reader is None:
            if self.dealer is not None:
                return self.dealer.deal(view, game, self.rng)
            return game.determinize(view, self.rng)
        if not self._drawn:
            self._drawn = self.reader.worlds(view, game, self.rng, self._budget[0])[::-1]
        return self._drawn.pop()

    def search(
        self, view: RoquetView, game: RoquetGame, sample: Callable[[], RoquetState], seat: int
    ) -> dict[str, float]:
        """Mean value of each playable card over the worlds ``sample`` gives."""
        start = time.perf_counter()
        totals: dict[int, float] = {}
        worlds, depth = self._budget
        for _ in range(worlds):
            if self.playouts and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            solver = Solver(game, world_of(sample()), seat, self.potential, self.quality, self.blind)
            for c, v in solver.root_values(depth).items():
                totals[c] = totals.get(c, 0.0) + v
            self.playouts += 1
            self.nodes += solver.nodes
        return {CARD_NAMES[c]: v / self.playouts for c, v in totals.items()}

    # --- reasons, in a player's words ------------------------------------------------------

    def _meld_reason(self, action: str, view: RoquetView, game: RoquetGame) -> str:
        hand = list(view.hand)
        if action == "done":
            table = [] if view.extra.table_taken else table_of(view, game)
            points, _ = plan_words(hand, table, game)
            if points:
                return "keeps three of a kind back: the fourth card is still to come (Dana's great campaign)"
            return "nothing worth laying down now"
        cards = action.split()[1:]
        found = classify(cards, game.max_sequence)
        assert found is not None
        kind, points = found
        taken = [c for c in cards if c not in hand]
        src = f", taking {_pretty(taken[0])} from the table" if taken else ""
        laid = f"lays down the {meld_name(cards, kind)} for {points} points{src}"
        return f"{laid}: points banked cannot be lost"

    def _play_reason(self, card: str, totals: dict[str, float], view: RoquetView, game: RoquetGame) -> str:
        """Why ``card``, not which: the hint reads "play C♣ — a safe lead: it cannot be beaten", where
        "play C♣ — leads C♣" named the card twice."""
        hand = [c for c in view.hand if c != card]
        trump = view.trump or ""
        table = [] if view.extra.table_taken else table_of(view, game)
        points, words = plan_words(hand, table, game)
        others = [v for c, v in totals.items() if c != card]
        edge = totals[card] - max(others) if others else 0.0
        # In a card player's words: "over 12 sampled deals" read as a programmer's (hints-12); since
        # term-13 the margin alone, an average over the guesses at the unseen cards as the levels' notes
        # say (", over 12 guesses at the unseen cards" made a hint three lines long at 80 columns).
        margin = f" ({edge:.1f} points better than the next best)"
        best = "the best lead"
        if edge < 0.05:  # (a hint once said "0.0 points ahead of the next best card" of a tie)
            margin = " (no card better)"
            best = "a lead as good as any"
        if view.trick is not None and view.trick.plays:
            led = view.trick.cards[0]
            if beats(card, led, trump):
                if points:
                    # (its points in words: "the royal pair of kings (5) (3.2 points ahead …)" read as asides)
                    return f"takes the trick, to lay down the {words} for {points} points{margin}"
                return f"takes the trick: the lead, and no combination for the opponent{margin}"
            return f"lets the trick go: the card you can best spare{margin}"
        unseen = unseen_cards(view)
        opp_known = view.extra.known[1 - (view.seat or 0)]
        possible = [c for c, n in unseen.items() if n] + list(opp_known)
        if not any(beats(c, card, trump) for c in possible):
            if points:
                after = f"the {words} ({points} points) go down after it"
                return f"a safe lead: it cannot be beaten, and {after}"
            return f"a safe lead: it cannot be beaten{margin}"
        if suit_of(card) == trump:
            return f"a trump lead{margin}"
        return f"{best}{margin}"


class CheatingRoquet:
    """For measurement only: searches the true deal (every card, the stock's order) deeply."""

    def __init__(self, seed: int = 0, depth: int = 4, potential: float = 0.5) -> None:
        self.depth = depth
        self.potential = potential
        self.melder = RoquetHeuristic(seed)

    def choose_state(self, state: RoquetState, seat: int) -> str:
        legal = state.legal_actions()
        if state.phase != "play":
            return self.melder.choose(state.view(seat), state.game)
        if len(legal) == 1:
            return legal[0]
        values = Solver(state.game, world_of(state), seat, self.potential).root_values(self.depth)
        order = {a: i for i, a in enumerate(legal)}
        best = max(values, key=lambda c: (values[c], -order["play " + CARD_NAMES[c]]))
        return "play " + CARD_NAMES[best]


class HandCheatingRoquet:
    """For measurement only: knows every hand (the opponent's too) but not the stock's order, which no
    player can know. Each choice searches ``worlds`` worlds, each the true state with the face-down
    stock in a fresh random order, with ``CheatingRoquet``'s solver and depth, and plays the best mean:
    its margin is the part of the cheat's that a perfect reading of the opponent's hand could earn."""

    def __init__(self, seed: int = 0, worlds: int = 8, depth: int = 4, potential: float = 0.5) -> None:
        self.rng = Rng(seed)
        self.worlds = worlds
        self.depth = depth
        self.potential = potential
        self.melder = RoquetHeuristic(seed)
        self.playouts = 0
        """Worlds searched for the last choice."""

    def sample(self, state: RoquetState) -> World:
        """The true hands, livret and turn-up, and the true stock's cards in a random order (the
        turn-up stays the stock's last card: everyone saw it)."""
        stock = list(state.stock)
        self.rng.shuffle(stock)
        return replace(world_of(state), stock=tuple(card_id(c) for c in stock))

    def choose_state(self, state: RoquetState, seat: int) -> str:
        legal = state.legal_actions()
        self.playouts = 0
        if state.phase != "play":
            return self.melder.choose(state.view(seat), state.game)
        if len(legal) == 1:
            return legal[0]
        totals: dict[int, float] = {}
        for _ in range(self.worlds):
            for c, v in (
                Solver(state.game, self.sample(state), seat, self.potential).root_values(self.depth).items()
            ):
                totals[c] = totals.get(c, 0.0) + v
            self.playouts += 1
        order = {a: i for i, a in enumerate(legal)}
        best = max(totals, key=lambda c: (totals[c], -order["play " + CARD_NAMES[c]]))
        return "play " + CARD_NAMES[best]


__all__ = ["CheatingRoquet", "HandCheatingRoquet", "RoquetSearch", "plan_words"]
