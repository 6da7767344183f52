"""Perfect-information Monte Carlo judged by playouts of the rules of thumb (issue 14).

What lifted Bishops Whist's strong level from 8% to 40% of its cheat's margin, tried on Roquet: for
each decision the player deals ``worlds`` worlds from its view (``game.determinize``, or a
``inference.HandReader``'s), and in every world plays out each lawful action (the cards to play, and
at a meld moment each combination it may lay down and "done") with ``RoquetHeuristic``'s rules at
both seats, to the hand's end (or to a horizon of tricks, judged by the points banked and those
ready to lay down, as the search's solver judges its horizon). The action with the best total margin
(own points less the opponent's, this hand) is played. Every action is played out in the *same*
worlds, stock order included (common random numbers), so their differences are far less noisy than
the margins themselves; the opponent at the table is the heuristic, so the playouts model it exactly.

A playout runs on the world's own fields (the world is the player's guess, not the true state:
reading it is fair), by ``FieldHeuristic``, the heuristic's choices made without building a view
(tests/test_strength16.py checks that it chooses as ``RoquetHeuristic`` does on the view). The
budget is a number of worlds, so a seed fixes every choice; at a table a clock may stop it sooner.
Measured in strength.md, "Playouts with common random numbers".
"""

from __future__ import annotations

import math
import time
from collections import Counter
from typing import Any

from parlour.cards import SUITS
from parlour.engine import Game, Rng
from parlour.engine.rng import derive_seed
from parlour.games.roquet.inference import HandReader
from parlour.games.roquet.players import (
    STRONG,
    STRONG_READER,
    RoquetHeuristic,
    RoquetView,
    chance_lead_holds,
    meld_to_lay,
)
from parlour.games.roquet.rules import (
    CODES,
    NO_CARD,
    RoquetGame,
    RoquetState,
    beats,
    suit_of,
    table_cards_of,
)
from parlour.games.roquet.search import RoquetSearch
from parlour.games.roquet.solver import mask_of
from parlour.games.roquet.tree import ready_points
from parlour.players import Advice


def unseen_of(state: RoquetState, seat: int) -> Counter[str]:
    """What ``seat`` cannot place in ``state``: the opponent's cards but the one it is known to hold,
    and the face-down stock (``players.unseen_cards`` of its view, from the fields)."""
    opp = 1 - seat
    known = state._known[opp]
    hidden = [CODES[c] for c in state._hand[opp] if c != known]
    hidden += [CODES[c] for c in state._stock]
    return Counter(hidden)


class FieldHeuristic(RoquetHeuristic):
    """``RoquetHeuristic`` asked on a state's own fields for the seat to move: the same choices (and
    the same random tie-breaks) as on that seat's view, without making the view."""

    def choose_on(self, state: RoquetState, seat: int) -> str:
        """The heuristic's action for ``seat`` (to move) in ``state``."""
        game = state.game
        hand = [CODES[c] for c in state._hand[seat]]
        turn_up = CODES[state._turn_up] if state._turn_up >= 0 else None
        table = table_cards_of([CODES[c] for c in state._livret], turn_up, game.turn_up_melds)
        unseen = unseen_of(state, seat)
        if state.phase == "meld":
            return self._meld_on(state, hand, [] if state.table_taken else table, unseen)
        trump = SUITS[state._trump]
        lead = CODES[state._led] if state._led >= 0 else None
        opp = 1 - seat
        known = state._known[opp]
        known_opp = [CODES[known]] if known >= 0 else []
        opp_size = len(state._hand[opp])
        voids = state._voids[opp]
        max_seq = game.max_sequence
        one = game.one_meld_a_trick
        best_score = float("-inf")
        best = ""
        for card in [CODES[c] for c in state._legal_cards(seat)]:
            if lead is None:
                void = bool(voids >> SUITS.index(suit_of(card)) & 1)
                chance = chance_lead_holds(card, trump, opp_size, known_opp, void, unseen)
            else:
                chance = float(beats(card, lead, trump))
            score = self.card_score(card, chance, hand, table, unseen, trump, max_seq, one)
            if score > best_score:
                best_score, best = score, card
        return "play " + best

    def _meld_on(self, state: RoquetState, hand: list[str], table: list[str], unseen: Counter[str]) -> str:
        game = state.game
        meld = meld_to_lay(hand, table, unseen, game.max_sequence, game.one_meld_a_trick, self.campaign)
        action = "done" if meld is None else "meld " + " ".join(meld)
        return action if action in state.legal_actions() else "done"


PRUNE_EVERY = 8
"""With pruning, how many worlds between the looks at which actions are left behind."""


def _ahead(a: list[float], b: list[float]) -> float:
    """How many standard errors ``a``'s mean is ahead of ``b``'s, world by world (paired; the same
    worlds, so the differences are far less noisy than the margins)."""
    diffs = [x - y for x, y in zip(a, b, strict=False)]
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    if sd == 0:
        return math.inf if mean > 0 else (-math.inf if mean < 0 else 0.0)
    return mean / (sd / math.sqrt(n))


class RoquetPlayout:
    """PIMC judged by heuristic playouts with common random numbers (see the module's text).

    ``horizon``: tricks played out after the decision before the playout is judged (banked points
    plus ``potential`` a point of the combinations ready in hand); ``None`` plays to the hand's end.
    ``reader``: draws the worlds by the opponent's past play (else uniformly)."""

    def __init__(
        self,
        seed: int = 0,
        worlds: int = 16,
        horizon: int | None = None,
        potential: float = 0.5,
        reader: HandReader | None = None,
        seconds: float | None = None,
        z: float = 0.0,
        prune: float = 0.0,
    ) -> None:
        self.rng = Rng(seed)
        self.z = z
        self.prune = prune
        """If above 0: actions this many standard errors behind the best stop being played out."""
        self.prior = RoquetHeuristic(seed)
        """With ``z`` above 0: the rules of thumb's own action is played unless another's playouts beat
        it by more than ``z`` standard errors of their paired differences (world by world)."""
        self.worlds = worlds
        self.horizon = horizon
        self.potential = potential
        self.reader = reader
        self.seconds = seconds
        self.rollout = FieldHeuristic(seed)
        """The rules of thumb that play both seats in the playouts (their own random tie-breaks,
        drawn afresh for each world and the same for every action in it)."""
        self.playouts = 0
        """Playouts made for the last decision."""
        self.worlds_done = 0
        """Worlds played out for the last decision."""
        self.means: dict[str, float] = {}
        """Each action's mean margin over the worlds, at the last decision."""

    def limit_time(self, seconds: float | None) -> None:
        """At a table: stop dealing worlds once ``seconds`` have passed (at least one is played out)."""
        self.seconds = seconds

    def choose(self, view: RoquetView, game: Game[Any]) -> str:
        return self.advise(view, game).action

    def advise(self, view: RoquetView, game: Game[Any]) -> Advice:
        assert isinstance(game, RoquetGame)
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("asked to choose with no legal action in the view")
        self.playouts = self.worlds_done = 0
        self.means = {}
        if len(legal) == 1:
            return Advice(
                legal[0], "the only card that may be played" if legal[0] != "done" else "nothing to lay down"
            )
        seat = view.seat
        assert seat is not None
        if self.reader is not None:
            worlds = self.reader.worlds(view, game, self.rng, self.worlds)
        else:
            worlds = [game.determinize(view, self.rng) for _ in range(self.worlds)]
        prior = self.prior.choose(view, game) if self.z > 0 else None
        best = self.judge(worlds, legal, seat, prior)
        edge = self.means[best] - max((v for a, v in self.means.items() if a != best), default=0.0)
        return Advice(
            best,
            # a card player's words (hints-12): it said "plays out best over 12 sampled deals: margin"
            f"does best played out on {self.worlds_done} guesses at the unseen cards: on average "
            f"{self.means[best]:+.1f} points this hand, {edge:.1f} better than the next best",
        )

    def judge(self, worlds: list[RoquetState], legal: list[str], seat: int, prior: str | None = None) -> str:
        """Every action of ``legal`` played out in each world; the best mean margin (ties to the first
        in ``legal``'s order), or ``prior`` unless the best beats it clearly (``z``). With ``prune``,
        every ``PRUNE_EVERY`` worlds the actions behind the best by more than ``prune`` standard errors
        of their paired differences are played out no more (never ``prior``)."""
        start = time.perf_counter()
        values: dict[str, list[float]] = {a: [] for a in legal}
        live = list(legal)
        for world in worlds:
            if self.worlds_done and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            world._pending = []  # the world's log is never read: the clones need not copy it
            world._events = []
            draws = self.rng.randrange(1 << 30)
            for action in live:
                state = world.clone()
                self.rollout.rng = Rng(draws)  # the same tie-breaks for every action in this world
                values[action].append(self.playout(state, action, seat))
                self.playouts += 1
            self.worlds_done += 1
            if self.prune and self.worlds_done % PRUNE_EVERY == 0 and len(live) > 1:
                top = max(live, key=lambda a: (sum(values[a]), -legal.index(a)))
                live = [a for a in live if a in (top, prior) or _ahead(values[top], values[a]) <= self.prune]
        self.means = {a: sum(v) / len(v) for a, v in values.items() if v}
        best = max(live, key=lambda a: (self.means[a], -legal.index(a)))
        if prior is None or prior == best or prior not in live:
            return best
        return best if _ahead(values[best], values[prior]) > self.z else prior

    def playout(self, state: RoquetState, action: str, seat: int) -> float:
        """``action`` taken for ``seat`` in ``state`` (changed), then the hand played on by the rules of
        thumb at both seats: ``seat``'s margin at the hand's end (or at the horizon)."""
        hand = state.hand_number
        tricks = len(state._tricks) + (self.horizon or 0)
        state._carry_out(action)
        heuristic = self.rollout
        while state.hand_number == hand and state.phase != "over":
            if self.horizon is not None and state.phase == "play" and len(state._tricks) >= tricks:
                return self.evaluate(state, seat)
            to_move = state.current_player
            assert to_move is not None
            state._carry_out(heuristic.choose_on(state, to_move))
        a, b = state.sheet[-1]
        return float(a - b if seat == 0 else b - a)

    def evaluate(self, state: RoquetState, seat: int) -> float:
        """At the horizon: each seat's points banked and ``potential`` a point of what it could lay
        down now (``tree.HandValue``'s judgement); ``seat``'s less the opponent's."""
        game = state.game
        table = mask_of([CODES[c] for c in state._livret])
        if state._turn_up != NO_CARD and game.turn_up_melds:
            table |= mask_of([CODES[state._turn_up]])
        value = [0.0, 0.0]
        for s in (0, 1):
            value[s] = state.banked[s]
            if self.potential:
                hand = mask_of([CODES[c] for c in state._hand[s]])
                ready = ready_points(hand, table, game.max_sequence, game.one_meld_a_trick)
                value[s] += self.potential * ready
        return value[seat] - value[1 - seat]


class PlayoutCheat(RoquetPlayout):
    """For measurement only: the same judge on the true state, the stock's order included (one world:
    the playouts are then exact but for the heuristic's tie-breaks)."""

    def choose_state(self, state: RoquetState, seat: int) -> str:
        legal = state.legal_actions()
        self.playouts = self.worlds_done = 0
        if len(legal) == 1:
            return legal[0]
        return self.judge([state.clone() for _ in range(self.worlds)], list(legal), seat)


class HandPlayoutCheat(RoquetPlayout):
    """For measurement only: the same judge in ``worlds`` worlds that hold every true hand, the stock's
    true cards shuffled afresh in each (what no player can know: its order)."""

    def choose_state(self, state: RoquetState, seat: int) -> str:
        legal = state.legal_actions()
        self.playouts = self.worlds_done = 0
        if len(legal) == 1:
            return legal[0]
        worlds = []
        for _ in range(self.worlds):
            world = state.clone()
            self.rng.shuffle(world._stock)
            worlds.append(world)
        return self.judge(worlds, list(legal), seat)


class MeldSearch(RoquetSearch):
    """``RoquetSearch`` (the ``strong`` level's search, its cards unchanged) whose meld moments are
    judged by playouts in sampled worlds rather than left to the heuristic's rule: at a meld moment
    with a choice, ``meld_judge`` (a ``RoquetPlayout``, its own random numbers, so the cards' worlds
    are drawn as ``strong``'s are) plays out each combination and "done" to the hand's end in the
    same worlds, and the heuristic's action stands unless another's beats it by ``z`` standard errors.
    Why: ``benchmarks/roquet_regret.py`` found meld moments 41% of ``strong``'s choices and over a
    third of its regret against the cheats' judges, the only choices it did not search."""

    def __init__(
        self,
        seed: int = 0,
        meld_worlds: int = 24,
        z: float = 1.0,
        read: bool = True,
        search: dict[str, Any] | None = None,
        reader: HandReader | None = None,
    ) -> None:
        super().__init__(
            seed, **(STRONG if search is None else search), reader=reader or HandReader(**STRONG_READER)
        )
        judge_reader = HandReader(**STRONG_READER) if read else None
        self.meld_judge = RoquetPlayout(
            derive_seed(seed, "meld"), worlds=meld_worlds, reader=judge_reader, z=z
        )
        """Judges the meld moments; its random numbers are its own."""

    def limit_time(self, seconds: float | None) -> None:
        super().limit_time(seconds)
        self.meld_judge.limit_time(seconds)

    def _decide(self, view: RoquetView, game: Game[Any]) -> tuple[str, str]:
        legal = list(view.legal_actions)
        if len(legal) < 2 or not (legal[0].startswith("meld") or legal == ["done"]):
            return super()._decide(view, game)
        assert isinstance(game, RoquetGame)
        self.playouts = self.nodes = 0
        rule = self.melder.choose(view, game)
        advice = self.meld_judge.advise(view, game)
        if advice.action == rule:
            return rule, self._meld_reason(rule, view, game)
        return advice.action, advice.reason


__all__ = ["FieldHeuristic", "HandPlayoutCheat", "MeldSearch", "PlayoutCheat", "RoquetPlayout", "unseen_of"]
