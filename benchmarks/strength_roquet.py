"""How strong the Roquet players are, on duplicate deals (points a hand, the first hand of a match).

    python benchmarks/strength_roquet.py --deals 40 [--jobs 2] [--only strong,cheat]
    python benchmarks/strength_roquet.py --deals 60 --jobs 2 --only cheat,handcheat,strong --out m.jsonl
    python benchmarks/strength_roquet.py --load m.jsonl      # the lines, paired differences and shares
    python benchmarks/strength_roquet.py --sampler --deals 60 [--reader 4,4,3,3]  # worlds vs the truth

    python benchmarks/strength_roquet.py --voids --deals 60   # what the worlds forget of old voids

(``--sampler`` also prints the reader's weight of the true hand over uniform worlds: ``truth_gain``.)

Each line is one of ``parlour.duplicate``'s: the candidate's margin in points a hand over the
baseline on the same cards, with its 95% interval, and the candidate's seconds a move.

- ``strong``, ``normal``, ``easy``: the levels against the heuristic (the previous best player);
- ``cheat``: a player that sees every card, the stock's order included, and searches the true deal
  four tricks deep (for measurement only: it is handed the true state), against the heuristic;
- ``handcheat``: sees every hand but not the stock's order (which no player can know): 8 worlds, each
  the true state with the face-down stock shuffled afresh, searched as ``cheat`` searches (4 tricks),
  values averaged; its margin is the part of the cheat's that knowing the opponent's hand is worth;
  ``handcheat2``: the same, 12 worlds two tricks deep (``cheat2``'s depth, ``strong``'s worlds);
- ``strong-uniform``: the ``strong`` level with its worlds dealt uniformly (``determinize`` alone,
  no reading of the opponent's play: the ``strong`` level before 2026-12-04's hand reader);
- ``--reader candidates,memory[,temperature,kept_back]``: the ``strong`` level with a hand reader of
  these settings (``strong`` itself reads with 4,4,3,3); with ``--reader-level normal``, the
  ``normal`` level with that reader;
- ``--void-level strong`` (or ``normal``): that level with worlds that keep what the opponent's
  voids shown before its last draws still say (``voids.VoidDealer``; ``strong`` through its reader);
- ``strong-hands``: the ``strong`` level's search with worlds that hold every true hand and the
  stock's cards in a random order (its own sampler replaced by the truth of the hands, nothing else changed);
- ``strong-normal``: the strong level against the normal one;
- ``--playout worlds,horizon[,read|uniform,z,prune]``: ``playout.RoquetPlayout``, each lawful
  action played out by the heuristic at both seats in the same ``worlds`` worlds (common random
  numbers), ``horizon`` tricks (0: the hand's end), its worlds uniform or (``read``) the
  ``strong`` level's hand reader's; with ``z``, the heuristic's action unless another's playouts
  beat it by ``z`` standard errors; with ``prune``, actions that many standard errors behind the
  best are dropped every 8 worlds;
- ``--meld worlds[,z,read|uniform]``: ``playout.MeldSearch``, the ``strong`` level whose meld
  moments (left to the heuristic's rule by ``strong``) are judged by heuristic playouts to the hand's
  end in ``worlds`` worlds (the hand reader's unless ``uniform``), the heuristic's action unless
  another's beats it by ``z`` standard errors (default 1);
- ``playcheat``: the same judge on the true state, the stock's order included (for measurement
  only); ``handplaycheat``: in 16 worlds of the true hands, the stock's cards shuffled afresh;
- ``--ismcts iterations[,c,policy,horizon,potential,tree]``: information-set MCTS (``tree.RoquetTree``,
  the engine's SO-ISMCTS) with that budget, UCB constant, playout policy (heuristic, greedy or
  random), horizon in actions (0: the hand's end), worth of a ready combination at the horizon, and
  what the tree branches on (``all``, the default; ``cards``: meld moments follow the policy).

Every candidate plays deal ``k`` of a seed on the same cards, so runs of one seed pair deal by deal:
with ``--out`` each deal's margin is appended to a JSON-lines file as soon as it is known (a long run
stopped early keeps its deals), and ``--load`` prints each candidate's line, the paired differences
and the share of each cheat's margin that the others get, over the deals both played.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from typing import Any

from parlour.duplicate import DealResult, Duplicate, StatePlayer, duplicate, interval
from parlour.duplicate import share as share_of
from parlour.engine import Game, Rng
from parlour.engine.rng import derive_seed
from parlour.episodes import Table
from parlour.games.roquet.history import NEVER, HistoryReader
from parlour.games.roquet.inference import HandReader, opponent_plays, plays_since_won
from parlour.games.roquet.players import NORMAL, STRONG, STRONG_READER, RoquetView
from parlour.games.roquet.playout import HandPlayoutCheat, MeldSearch, PlayoutCheat, RoquetPlayout
from parlour.games.roquet.rules import RoquetGame, RoquetState, suit_of
from parlour.games.roquet.search import CheatingRoquet, HandCheatingRoquet, RoquetSearch
from parlour.games.roquet.solver import best_melds, mask_of
from parlour.games.roquet.tree import RoquetTree
from parlour.games.roquet.voids import VoidDealer, keeps
from parlour.players import make_player


def cheat(game: Game[Any], seed: int) -> CheatingRoquet:
    return CheatingRoquet(seed, depth=4)


def cheat2(game: Game[Any], seed: int) -> CheatingRoquet:
    return CheatingRoquet(seed, depth=2)


def handcheat(game: Game[Any], seed: int) -> HandCheatingRoquet:
    return HandCheatingRoquet(seed, worlds=8, depth=4)


def handcheat2(game: Game[Any], seed: int) -> HandCheatingRoquet:
    return HandCheatingRoquet(seed, worlds=12, depth=2)


class StrongWithHands(RoquetSearch):
    """Benchmark only: the ``strong`` level itself, but its worlds hold every true hand, with the
    stock's true cards in a random order: what knowing the opponent's hand is worth to this search."""

    truth: RoquetState | None = None

    def choose_state(self, state: RoquetState, seat: int) -> str:
        self.truth = state
        return self.choose(state.view(seat), state.game)

    def sample(self, view: RoquetView, game: RoquetGame) -> RoquetState:
        assert self.truth is not None
        world = self.truth.clone()
        self.rng.shuffle(world.stock)
        return world


def playcheat(game: Game[Any], seed: int) -> PlayoutCheat:
    return PlayoutCheat(seed, worlds=1)


def handplaycheat(game: Game[Any], seed: int) -> HandPlayoutCheat:
    return HandPlayoutCheat(seed, worlds=PLAYOUT_WORLDS)


PLAYOUT_WORLDS = 16
"""Worlds a decision of the playout players and the hand playout cheat unless told otherwise."""


class Playout:
    """A factory (picklable, for ``--jobs``): ``playout.RoquetPlayout`` with ``worlds`` worlds a
    decision, played out ``horizon`` tricks (0: to the hand's end), its worlds dealt uniformly or
    (``read``) by the ``strong`` level's hand reader."""

    def __init__(
        self,
        worlds: int = PLAYOUT_WORLDS,
        horizon: int = 0,
        read: bool = False,
        z: float = 0,
        prune: float = 0,
    ) -> None:
        self.settings = (worlds, horizon or None, read, z, prune)
        name = "playout-read" if read else "playout"
        more = (f",z={z:g}" if z else "") + (f",prune={prune:g}" if prune else "")
        self.__name__ = f"{name}({worlds},{horizon}{more})"

    def __call__(self, game: Game[Any], seed: int) -> RoquetPlayout:
        worlds, horizon, read, z, prune = self.settings
        reader = HandReader(**STRONG_READER) if read else None
        return RoquetPlayout(seed, worlds=worlds, horizon=horizon, reader=reader, z=z, prune=prune)


class StrongMeld:
    """A factory (picklable, for ``--jobs``): ``playout.MeldSearch``, the ``strong`` level with its
    meld moments judged by playouts in ``worlds`` worlds (the hand reader's, or uniform), the
    heuristic's action unless another's beats it by ``z`` standard errors."""

    def __init__(self, worlds: int = 24, z: float = 1.0, read: bool = True) -> None:
        self.settings = (worlds, z, read)
        self.__name__ = f"strong-meld({worlds},{z:g},{'read' if read else 'uniform'})"

    def __call__(self, game: Game[Any], seed: int) -> MeldSearch:
        worlds, z, read = self.settings
        return MeldSearch(seed, meld_worlds=worlds, z=z, read=read)


class StrongLeads:
    """A factory (picklable, for ``--jobs``): the ``strong`` level searching its leads while the stock
    lasts with ``worlds`` of the hand reader's worlds, ``depth`` tricks deep (its other cards as
    ``strong``'s): where its regret lies (strength.md, "Where strong and the cheats part")."""

    def __init__(self, worlds: int = 24, depth: int = 3) -> None:
        self.settings = (worlds, depth)
        self.__name__ = f"strong-leads({worlds},{depth})"

    def __call__(self, game: Game[Any], seed: int) -> RoquetSearch:
        worlds, depth = self.settings
        return RoquetSearch(
            seed, **STRONG, reader=HandReader(**STRONG_READER), lead_worlds=worlds, lead_depth=depth
        )


class StrongVoids:
    """A factory (picklable, for ``--jobs``): the ``strong`` level (or ``normal``) whose worlds also
    keep what the opponent's voids shown before its last draws still say (``voids.limits``)."""

    def __init__(self, level: str = "strong") -> None:
        self.level = level
        self.__name__ = f"{level}-voids"

    def __call__(self, game: Game[Any], seed: int) -> RoquetSearch:
        if self.level == "strong":
            return RoquetSearch(seed, **STRONG, reader=HandReader(**STRONG_READER, drawn_voids=True))
        return RoquetSearch(seed, **NORMAL, drawn_voids=True)


def strong_uniform(game: Game[Any], seed: int) -> RoquetSearch:
    return RoquetSearch(seed, **STRONG)


def strong_hands(game: Game[Any], seed: int) -> StrongWithHands:
    return StrongWithHands(seed, **STRONG)


class StrongRead:
    """A factory (picklable, for ``--jobs``): the ``strong`` level (or ``normal``) with its worlds
    drawn by a ``HandReader`` of these settings."""

    def __init__(
        self,
        candidates: int = 4,
        memory: int = 4,
        temperature: float = 3.0,
        kept_back: float = 3.0,
        level: str = "strong",
    ) -> None:
        self.settings = (candidates, memory, temperature, kept_back)
        self.level = level
        name = "strong-read" if level == "strong" else f"{level}-read"
        self.__name__ = f"{name}({candidates},{memory},{temperature:g},{kept_back:g})"

    def __call__(self, game: Game[Any], seed: int) -> RoquetSearch:
        base = STRONG if self.level == "strong" else NORMAL
        return RoquetSearch(seed, **{**base, "reader": HandReader(*self.settings)})


class StrongHistory:
    """A factory (picklable, for ``--jobs``): the ``strong`` level with its worlds drawn by a
    ``HistoryReader`` of these settings (whole histories weighed by the real heuristic's choices)."""

    def __init__(self, steps: int = 300, memory: int = 6, epsilon: float = 0.1, chains: int = 1) -> None:
        self.settings = (steps, memory, epsilon, chains)
        self.__name__ = f"strong-history({steps},{memory},{epsilon:g},{chains})"

    def __call__(self, game: Game[Any], seed: int) -> RoquetSearch:
        return RoquetSearch(seed, **{**STRONG, "reader": HistoryReader(*self.settings)})


class Tree:
    """A factory (picklable, for ``--jobs``): Roquet's information-set MCTS (``tree.RoquetTree``:
    the engine's SO-ISMCTS) of these settings; ``horizon`` in actions (0: to the hand's end)."""

    def __init__(
        self,
        iterations: int,
        c: float = 0.7,
        policy: str = "heuristic",
        horizon: int = 0,
        potential: float = 0.5,
        tree: str = "all",
    ) -> None:
        if tree not in ("cards", "all"):
            raise ValueError(f"tree: cards (meld moments by the policy) or all, not {tree!r}")
        self.settings = (iterations, c, policy, horizon or None, potential, tree == "all")
        self.__name__ = f"ismcts({iterations},{c:g},{policy},{horizon},{potential:g},{tree})"

    def __call__(self, game: Game[Any], seed: int) -> RoquetTree:
        iterations, c, policy, horizon, potential, melds = self.settings
        return RoquetTree(seed, iterations, c, policy, horizon, potential, melds_in_tree=melds)


def search(
    worlds: int, depth: int, potential: float = 0.5, keep: float = 0.3, quality: float = 0.0, blind: float = 0
) -> Any:
    def make(game: Game[Any], seed: int) -> RoquetSearch:
        return RoquetSearch(
            seed,
            worlds=worlds,
            depth=depth,
            potential=potential,
            keep=keep,
            quality=quality,
            blind=bool(blind),
        )

    settings = f"potential={potential},keep={keep},quality={quality},blind={blind}"
    make.__name__ = f"search(worlds={worlds},depth={depth},{settings})"
    return make


def lead_margin(candidate: Any, baseline: Any, deals: int, seed: int) -> Duplicate:
    """Like ``duplicate`` on the same deals and seeds, but the figure is the candidate's lead: its
    points a hand less the opponent's, against the baseline's lead in the same seat. The search
    plays for the lead (which wins matches), where ``duplicate``'s points count its own points only."""
    table = Table("roquet", hands=1, returns="points", rng_seed=seed)
    game = table.game

    def make(spec: Any, k: int, s: int) -> Any:
        player_seed = derive_seed(seed, "player", k, s)
        return make_player(spec, game, player_seed) if isinstance(spec, str) else spec(game, player_seed)

    def play(k: int, players: list[Any]) -> list[float]:
        episode = table.new_episode(derive_seed(seed, "deal", k))
        while not episode.is_over:
            seat = episode.current_player
            assert seat is not None
            p = players[seat]
            action = (
                p.choose_state(episode.state, seat)
                if isinstance(p, StatePlayer)
                else p.choose(episode.state.view(seat), game)
            )
            episode.apply(str(action))
        return episode.returns()

    margins = []
    for k in range(deals):
        ref = play(k, [make(baseline, k, s) for s in (0, 1)])
        per_seat = []
        for seat in (0, 1):
            got = play(k, [make(candidate if s == seat else baseline, k, s) for s in (0, 1)])
            per_seat.append((got[seat] - got[1 - seat]) - (ref[seat] - ref[1 - seat]))
        margins.append(sum(per_seat) / 2)
    name = candidate if isinstance(candidate, str) else candidate.__name__
    base = baseline if isinstance(baseline, str) else baseline.__name__
    return Duplicate("roquet", name, base, 1, "lead", (0, 1), tuple(margins))


RUNS: dict[str, tuple[Any, Any]] = {
    "strong": ("strong", "heuristic"),
    "normal": ("normal", "heuristic"),
    "easy": ("easy", "heuristic"),
    "cheat": (cheat, "heuristic"),
    "cheat2": (cheat2, "heuristic"),
    "handcheat": (handcheat, "heuristic"),
    "handcheat2": (handcheat2, "heuristic"),
    "strong-uniform": (strong_uniform, "heuristic"),
    "strong-hands": (strong_hands, "heuristic"),
    "strong-normal": ("strong", "normal"),
    "playcheat": (playcheat, "heuristic"),
    "handplaycheat": (handplaycheat, "heuristic"),
}


def sampler_check(
    deals: int,
    seed: int,
    worlds: int = 8,
    reader: HandReader | None = None,
    history: tuple[int, int, float, int] = (300, 6, 0.1, 1),
) -> None:
    """How far the fair search's worlds are from the opponent's true hand, at every card to play of
    ``deals`` hands of the heuristic against itself, for the uniform sampler (``determinize``) and
    for ``reader``'s: the points the opponent could lay down at once (its combinations in hand, with
    one table card) in the truth and on average over ``worlds`` sampled hands, and the share of the
    opponent's unknown cards (all but a turn-up it drew) that a sampled hand holds; the same for a
    ``HistoryReader`` of the settings ``history`` (one a seat, shown every card to play)."""
    table = Table("roquet", hands=1, returns="points", rng_seed=seed)
    game = table.game
    assert isinstance(game, RoquetGame)
    reader = reader or HandReader()
    samplers: dict[str, Any] = {
        "uniform": lambda view, rng: [game.determinize(view, rng) for _ in range(worlds)],
        "read": lambda view, rng: reader.worlds(view, game, rng, worlds),
        "history": lambda view, rng: readers[view.seat or 0].worlds(view, game, rng, worlds),
    }
    readers: list[HistoryReader] = []
    history_gain = 0.0
    rngs = {name: Rng(seed) for name in samplers}
    gain_rng = Rng(seed)
    gain = 0.0
    true_pts = 0.0
    sampled_pts = dict.fromkeys(samplers, 0.0)
    hits = dict.fromkeys(samplers, 0.0)
    later_hits = dict.fromkeys(samplers, 0.0)
    n = later = 0
    for k in range(deals):
        episode = table.new_episode(derive_seed(seed, "deal", k))
        players = [make_player("heuristic", game, derive_seed(seed, "player", k, s)) for s in (0, 1)]
        readers[:] = [HistoryReader(*history), HistoryReader(*history)]
        arrivals: list[dict[str, int]] = [{}, {}]  # when each card came to each hand: the true history
        while not episode.is_over:
            seat = episode.current_player
            assert seat is not None
            state = episode.state
            assert isinstance(state, RoquetState)
            view = state.view(seat)
            for s in (0, 1):
                for c in state.hands[s]:
                    arrivals[s].setdefault(c, len(state.played) // 2)
            if state.phase == "play":
                readers[seat].observe(view)
            if state.phase == "play" and len(view.legal_actions) > 1:
                opp = 1 - seat
                tbl = mask_of(state.livret) | (mask_of([state.turn_up]) if state.turn_up else 0)

                def points(hand: list[str], tbl: int = tbl) -> int:
                    return best_melds(mask_of(hand), tbl, game.max_sequence, game.one_meld_a_trick)[0]

                true_pts += points(state.hands[opp])
                hidden = Counter(state.hands[opp]) - Counter(state.known[opp])
                size = sum(hidden.values())
                for name, sample in samplers.items():
                    drawn = sample(view, rngs[name])
                    sampled_pts[name] += sum(points(w.hands[opp]) for w in drawn) / worlds
                    share = (
                        sum(sum((Counter(w.hands[opp]) & hidden).values()) / max(size, 1) for w in drawn)
                        / worlds
                    )
                    hits[name] += share
                    if len(state.played) >= 8:  # from the fifth trick on: the opponent has played
                        later_hits[name] += share
                gain += truth_gain(reader, view, game, state, gain_rng)
                history_gain += history_truth_gain(readers[seat], view, game, arrivals[opp], gain_rng)
                n += 1
                later += len(state.played) >= 8
            episode.apply(players[seat].choose(view, game))
    print(f"{n} cards to play ({later} from the fifth trick on) of {deals} hands of the heuristic:")
    print(f"  opponent's ready combinations: {true_pts / n:.2f} points in its true hand")
    for name in samplers:
        print(
            f"  {name}: {sampled_pts[name] / n:.2f} points in the sampled hands; they hold"
            f" {100 * hits[name] / n:.1f}% of its unknown cards"
            f" ({100 * later_hits[name] / max(later, 1):.1f}% from the fifth trick on)"
        )
    print(
        f"  the reader's weight of the true hand over the mean of {GAIN_WORLDS} uniform worlds':"
        f" {gain / n:+.3f} (mean log; 0: it learns nothing, below 0: it misleads)"
    )
    print(
        f"  the history reader's weight of the true history over the mean of {GAIN_WORLDS} histories"
        f" drawn unweighed: {history_gain / n:+.3f}"
    )


def of(hand: list[str], suits: frozenset[str]) -> int:
    """How many of ``hand``'s cards are of ``suits``."""
    return sum(suit_of(c) in suits for c in hand)


def void_check(deals: int, seed: int, worlds: int = 8) -> None:
    """How much of the opponent's old voids the worlds forget, at every card to play while the stock
    lasts of ``deals`` hands of the heuristic against itself: how often the opponent has shown a void
    before a draw (``voids.limits`` has a bound), how many cards of those suits its true hand holds
    against ``determinize``'s worlds and the void dealer's, how often a ``determinize`` world breaks a
    bound, and the share of the opponent's unknown cards each sampler's hands hold."""
    table = Table("roquet", hands=1, returns="points", rng_seed=seed)
    game = table.game
    assert isinstance(game, RoquetGame)
    rngs = [Rng(seed), Rng(seed + 1)]
    dealers = [VoidDealer(), VoidDealer()]
    n = bound = broken_truth = 0
    true_cards = 0.0
    cards = [0.0, 0.0]
    breaks = dealer_breaks = 0.0
    hits = [0.0, 0.0]
    hits_bound = [0.0, 0.0]
    tight = 0
    for k in range(deals):
        episode = table.new_episode(derive_seed(seed, "deal", k))
        players = [make_player("heuristic", game, derive_seed(seed, "player", k, s)) for s in (0, 1)]
        while not episode.is_over:
            seat = episode.current_player
            assert seat is not None
            state = episode.state
            assert isinstance(state, RoquetState)
            view = state.view(seat)
            dealer = dealers[seat]
            dealer.observe(view)
            if state.phase == "play" and len(view.legal_actions) > 1 and view.extra.stock_size > 0:
                n += 1
                opp = 1 - seat
                hidden = Counter(state.hands[opp]) - Counter(state.known[opp])
                size = max(sum(hidden.values()), 1)
                drawn = [
                    [game.determinize(view, rngs[0]) for _ in range(worlds)],
                    [dealer.deal(view, game, rngs[1]) for _ in range(worlds)],
                ]
                shares = [
                    sum(sum((Counter(w.hands[opp]) & hidden).values()) / size for w in ws) / worlds
                    for ws in drawn
                ]
                for i in (0, 1):
                    hits[i] += shares[i]
                bounds = dealer.bounds(view, game)
                if bounds:
                    bound += 1
                    suits = frozenset().union(*(b.suits for b in bounds))
                    broken_truth += not keeps(state, opp, bounds)
                    tight += any(
                        b.most < sum(suit_of(c) in b.suits for c in state.hands[opp]) + 1 for b in bounds
                    )
                    true_cards += sum(suit_of(c) in suits for c in state.hands[opp])
                    for i in (0, 1):
                        cards[i] += (
                            sum(sum(suit_of(c) in suits for c in w.hands[opp]) for w in drawn[i]) / worlds
                        )
                        hits_bound[i] += shares[i]
                    breaks += sum(not keeps(w, opp, bounds) for w in drawn[0]) / worlds
                    dealer_breaks += sum(not keeps(w, opp, bounds) for w in drawn[1]) / worlds
            episode.apply(players[seat].choose(view, game))
    b = max(bound, 1)
    print(f"{n} cards to play while the stock lasts, {deals} hands of the heuristic against itself:")
    print(f"  with a bound from a void shown before a draw: {bound} ({100 * bound / max(n, 1):.1f}%)")
    print(
        f"  the true hand breaks a bound: {broken_truth} times (it must be 0); a bound met exactly: {tight}"
    )
    print(f"  the void dealer's worlds that break a bound there: {100 * dealer_breaks / b:.1f}%")
    print(
        f"  cards of those suits in the opponent's hand: true {true_cards / b:.2f}, determinize's worlds"
        f" {cards[0] / b:.2f}, the void dealer's {cards[1] / b:.2f}"
    )
    print(f"  determinize's worlds that break a bound there: {100 * breaks / b:.1f}%")
    print(
        f"  share of its unknown cards the worlds hold: determinize {100 * hits[0] / max(n, 1):.1f}%,"
        f" void dealer {100 * hits[1] / max(n, 1):.1f}% (where bounded: {100 * hits_bound[0] / b:.1f}%,"
        f" {100 * hits_bound[1] / b:.1f}%)"
    )
    print(
        f"  the void dealer's worlds: {sum(d.deals for d in dealers)},"
        f" {sum(d.bounded for d in dealers)} of them dealt in tiers"
    )


def history_truth_gain(
    reader: HistoryReader, view: RoquetView, game: RoquetGame, arrivals: dict[str, int], rng: Rng
) -> float:
    """``truth_gain`` for the history reader: the log of its weight of the true history (``arrivals``:
    when each card reached the opponent's hand) over its mean weight of ``GAIN_WORLDS`` histories
    drawn by its chain unweighed (uniform over the histories the view allows)."""
    sk = reader.skeleton(view, game)
    if sk is None:
        return 0.0
    truth = reader.log_weight(view, game, sk, {c: arrivals.get(c, NEVER) for c in sk.cards})
    logs = [
        reader.log_weight(view, game, sk, h) for h in reader.chain(view, game, sk, rng, GAIN_WORLDS, False)
    ]
    top = max(logs, default=-math.inf)
    if top == -math.inf:
        return 0.0
    return truth - top - math.log(sum(math.exp(x - top) for x in logs) / len(logs))


GAIN_WORLDS = 32
"""Uniform worlds against which ``truth_gain`` weighs the true hand."""


def truth_gain(reader: HandReader, view: RoquetView, game: RoquetGame, state: RoquetState, rng: Rng) -> float:
    """The log of the reader's weight of the opponent's true hand over its mean weight of
    ``GAIN_WORLDS`` worlds dealt uniformly: the log of how many times likelier than the uniform
    sampler the reader makes the truth. Its mean is what a good reader maximises (the likelihood of
    the true hands); a reader sure of itself and wrong scores below zero."""
    plays = opponent_plays(view)[-reader.memory :] if reader.memory else []
    since = plays_since_won(view) if reader.kept_back and not game.one_meld_a_trick else None

    def log_weight(world: RoquetState) -> float:
        return reader.log_likelihood(view, game, world, plays, rng) - reader.kept(
            view, game, world, since, rng
        )

    truth = log_weight(state)
    logs = [log_weight(game.determinize(view, rng)) for _ in range(GAIN_WORLDS)]
    top = max(logs)
    return truth - top - math.log(sum(math.exp(x - top) for x in logs) / len(logs))


Margins = dict[int, float]
"""A candidate's margin on each deal it played, by the deal's number."""


def progressive(
    name: str, candidate: Any, baseline: Any, deals: int, seed: int, jobs: int, path: str, first: int = 0
) -> None:
    """``duplicate``'s deals, each deal's margin, thinking seconds and moves appended to ``path`` as
    soon as it is known."""

    def write(deal: DealResult) -> None:
        row = {"name": name, "seed": seed, "k": deal.k, "margin": deal.margin}
        row |= {"seconds": deal.seconds, "moves": deal.moves}
        with open(path, "a") as f:
            f.write(json.dumps(row) + "\n")

    if deals > first:
        duplicate(
            "roquet",
            candidate,
            baseline,
            deals=deals - first,
            seed=seed,
            seats=(0, 1),
            jobs=max(1, jobs),
            first=first,
            on_deal=write,
        )


def share(a: Margins, b: Margins) -> str:
    """``a``'s mean as a share of ``b``'s over the deals both played, with a rough 95% range (the
    delta method on the paired deals: ``parlour.duplicate.share``)."""
    both = [k for k in sorted(a) if k in b]
    try:
        r, h = share_of([a[k] for k in both], [b[k] for k in both])
    except ValueError:
        return "n/a"
    return f"{100 * r:.0f}% ({100 * (r - h):.0f}% to {100 * (r + h):.0f}%, {len(both)} deals)"


def report(paths: list[str]) -> None:
    """Each candidate's line, paired differences and shares of the cheats' margins, from ``--out``."""
    margins: dict[str, Margins] = {}
    seconds: dict[str, tuple[float, int]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                row = json.loads(line)
                margins.setdefault(row["name"], {})[int(row["k"])] = float(row["margin"])
                spent, moves = seconds.get(row["name"], (0.0, 0))
                seconds[row["name"]] = (spent + row["seconds"], moves + row["moves"])
    for name, m in margins.items():
        mean, h = interval(list(m.values()))
        s, moves = seconds[name]
        print(
            f"{name} vs heuristic: {mean:+.2f} ± {h:.2f} ({len(m)} deals, {s / max(moves, 1):.3f} s a move)"
        )
    names = list(margins)
    for a in names:
        for b in names:
            if a < b:
                both = [k for k in sorted(margins[a]) if k in margins[b]]
                if len(both) > 1:
                    mean, h = interval([margins[a][k] - margins[b][k] for k in both])
                    (ma, ha), (mb, hb) = (interval([margins[x][k] for k in both]) for x in (a, b))
                    print(
                        f"{a} - {b}, deal by deal: {mean:+.2f} ± {h:.2f} ({len(both)} deals;"
                        f" on them {a} {ma:+.2f} ± {ha:.2f}, {b} {mb:+.2f} ± {hb:.2f})"
                    )
    for cheat_name in ("cheat", "handcheat", "cheat2", "handcheat2", "playcheat", "handplaycheat"):
        for name in names:
            if cheat_name in margins and name != cheat_name:
                print(f"{name} gets {share(margins[name], margins[cheat_name])} of {cheat_name}'s margin")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default=",".join(RUNS), help="comma-separated: " + ", ".join(RUNS))
    parser.add_argument(
        "--search", default="", help="also: worlds,depth[,potential,keep,quality] of a search"
    )
    parser.add_argument(
        "--lead", action="store_true", help="measure the lead (own points less the opponent's)"
    )
    parser.add_argument("--out", default="", help="append each deal's margin to this JSON-lines file")
    parser.add_argument("--first", type=int, default=0, help="with --out: start at this deal (to add deals)")
    parser.add_argument("--load", nargs="*", default=[], help="report on the margins of --out files")
    parser.add_argument(
        "--sampler", action="store_true", help="compare the sampled opponent's hands with the true ones"
    )
    parser.add_argument(
        "--reader",
        default="",
        help="also: candidates,memory[,temperature,kept_back] of a strong level reading the opponent's play",
    )
    parser.add_argument("--reader-level", default="strong", help="with --reader: strong or normal")
    parser.add_argument(
        "--history",
        default="",
        help="also: steps,memory[,epsilon,chains] of a strong level reading the opponent's whole history",
    )
    parser.add_argument(
        "--ismcts",
        action="append",
        default=[],
        help="also: iterations[,c,policy,horizon,potential,tree] of an information-set MCTS (repeatable)",
    )
    parser.add_argument(
        "--playout",
        action="append",
        default=[],
        help="also: worlds,horizon[,read|uniform,z,prune] of a player judged by heuristic"
        " playouts (horizon 0: the hand's end; read: the strong level's hand reader deals its"
        " worlds; z: play the heuristic's action unless another beats it by z standard errors;"
        " prune: drop actions that many standard errors behind the best every 8 worlds; repeatable)",
    )
    parser.add_argument(
        "--meld",
        action="append",
        default=[],
        help="also: worlds[,z,read|uniform] of the strong level with its meld moments judged by"
        " heuristic playouts in that many worlds (playout.MeldSearch; repeatable)",
    )
    parser.add_argument(
        "--voids", action="store_true", help="count what the worlds forget of the opponent's old voids"
    )
    parser.add_argument(
        "--void-level",
        action="append",
        default=[],
        help="also: strong or normal, that level with worlds that keep the opponent's old voids (repeatable)",
    )
    parser.add_argument(
        "--stock-leads",
        action="append",
        default=[],
        help="also: worlds,depth of the strong level's search of its leads while the stock lasts"
        " (its other cards as strong's; repeatable)",
    )
    args = parser.parse_args(argv)
    reading = [float(x) for x in args.reader.split(",")] if args.reader else []
    if args.sampler:
        reader = HandReader(int(reading[0]), int(reading[1]), *reading[2:]) if reading else None
        parts = args.history.split(",") if args.history else ["300", "6"]
        settings = (
            int(parts[0]),
            int(parts[1]),
            float(parts[2]) if len(parts) > 2 else 0.1,
            int(parts[3]) if len(parts) > 3 else 1,
        )
        sampler_check(args.deals, args.seed, reader=reader, history=settings)
        return
    if args.voids:
        void_check(args.deals, args.seed)
        return
    if args.load:
        report(args.load)
        return
    runs = {k: RUNS[k] for k in args.only.split(",") if k}
    if args.search:
        parts = args.search.split(",")
        numbers = [float(x) for x in parts[2:]]
        spec = search(int(parts[0]), int(parts[1]), *numbers)
        runs[spec.__name__] = (spec, "heuristic")
    for text in args.ismcts:
        parts = text.split(",")
        tree = Tree(
            int(parts[0]),
            float(parts[1]) if len(parts) > 1 else 0.7,
            parts[2] if len(parts) > 2 else "heuristic",
            int(parts[3]) if len(parts) > 3 else 0,
            float(parts[4]) if len(parts) > 4 else 0.5,
            parts[5] if len(parts) > 5 else "all",
        )
        runs[tree.__name__] = (tree, "heuristic")
    for text in args.playout:
        parts = text.split(",")
        read = len(parts) > 2 and parts[2] == "read"
        z = float(parts[3]) if len(parts) > 3 else 0.0
        prune = float(parts[4]) if len(parts) > 4 else 0.0
        play = Playout(int(parts[0]), int(parts[1]) if len(parts) > 1 else 0, read, z, prune)
        runs[play.__name__] = (play, "heuristic")
    for text in args.meld:
        parts = text.split(",")
        z = float(parts[1]) if len(parts) > 1 else 1.0
        meld = StrongMeld(int(parts[0]), z, not (len(parts) > 2 and parts[2] == "uniform"))
        runs[meld.__name__] = (meld, "heuristic")
    for level in args.void_level:
        voids = StrongVoids(level)
        runs[voids.__name__] = (voids, "heuristic")
    for text in args.stock_leads:
        parts = text.split(",")
        leads = StrongLeads(int(parts[0]), int(parts[1]) if len(parts) > 1 else 3)
        runs[leads.__name__] = (leads, "heuristic")
    if args.history:
        parts = args.history.split(",")
        eps = float(parts[2]) if len(parts) > 2 else 0.1
        hist = StrongHistory(int(parts[0]), int(parts[1]), eps, int(parts[3]) if len(parts) > 3 else 1)
        runs[hist.__name__] = (hist, "heuristic")
    if reading:
        more = reading[2:] + [3.0, 3.0][len(reading) - 2 :]
        read = StrongRead(int(reading[0]), int(reading[1]), more[0], more[1], args.reader_level)
        runs[read.__name__] = (read, "heuristic")
    for name, (candidate, baseline) in runs.items():
        start = time.perf_counter()
        if args.out:
            progressive(name, candidate, baseline, args.deals, args.seed, args.jobs, args.out, args.first)
            print(f"{name}: written to {args.out} [{time.perf_counter() - start:.0f} s]", flush=True)
            continue
        if args.lead:
            result = lead_margin(candidate, baseline, args.deals, args.seed)
        else:
            result = duplicate(
                "roquet", candidate, baseline, deals=args.deals, seed=args.seed, jobs=args.jobs
            )
        print(f"{name}: {result.line()} [{time.perf_counter() - start:.0f} s]", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
