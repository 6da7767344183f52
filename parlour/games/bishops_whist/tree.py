"""Bishops Whist's information-set Monte Carlo tree search: the engine's generic ``ISMCTS`` on the strong
level's own worlds and playouts (issue 14; measured in strength.md, "Information-set MCTS").

The strong level (``players.PlayoutPlayer``) values each card as if, in every world it believes, it would
then play the rest of the hand knowing that world: perfect-information Monte Carlo's strategy fusion,
which the regret analysis finds where its regret lies (seven or more cards in hand, the leads). Here one
tree is grown over the seat's information set instead, so that its later choices are valued as made
without seeing the other hands:

- the worlds are the strong level's (``PlayoutPlayer.worlds_dealt``: Markov chains that explain the play,
  walked on at ``STRONG_FLOOR``), found once a decision and handed out in turn, one an iteration, so
  that the comparison with strong isolates the search;
- the other three seats play the rules of thumb in the tree as in the playouts (``follow``: what the
  strong level assumes of them too), their cards keying the nodes, so that the seat's own later nodes are
  its information sets (its hand and the whole play before them); with ``others="tree"`` every seat
  chooses by UCB instead, each maximising its side's margin (partners share a side);
- the playouts are the rules of thumb's at every seat to the end of the hand, and each seat's reward its
  side's points less the other side's there.

``min_cards`` and ``leads_only`` make a hybrid: the tree only while the seat holds that many cards or
more (or only at its leads), the strong level's playouts elsewhere. Only under strict laws (the playouts
read the world's fields); under table laws, and for every decision but a card to choose, it plays as the
strong level does.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from parlour.engine import Game, Rng, State
from parlour.engine.ismcts import ISMCTS
from parlour.games.bishops_whist.players import (
    PLAYOUT_WORLDS,
    STRONG_CHAINS,
    STRONG_FLOOR,
    BishopsWhistView,
    Gathered,
    HeuristicPlayer,
    PlayoutPlayer,
    Table,
)
from parlour.games.bishops_whist.rules import CARD_ID, HAND_POINTS, PHASE_PLAY, BishopsWhistState
from parlour.players import Advice

SCALE = float(HAND_POINTS[1])
"""Rewards (a side's margin in a hand) are divided by a side's most points in a hand for UCB."""
OTHERS = ("policy", "tree")


class RulesOfThumb:
    """The rules of thumb as a playout policy, by card ids on the world's fields (as
    ``PlayoutPlayer.playout_by_ids``, strict laws: the world is the player's own guess, so reading it is
    fair). A playout's gathered tricks are kept while the same world goes on (``Gathered``)."""

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.game = game
        self.rollout = HeuristicPlayer(game, seed)
        self.options = game.options
        self.world: State | None = None
        self.seen = Gathered()

    def __call__(self, state: State, rng: Rng) -> int:
        ids = state.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        assert isinstance(state, BishopsWhistState)
        mover = state.current_player
        assert mover is not None
        if state.phase != PHASE_PLAY:
            return self.game.action_id(self.rollout.choose(state.view(mover), self.game))
        if state is not self.world or len(state.tricks) < self.seen.count:
            self.world, self.seen = state, Gathered()
        table = Table.in_world(state, mover, self.options, self.seen)
        return CARD_ID[self.rollout.card(table, table.lawful())]


def side_margins(state: State, before: Sequence[float]) -> list[float]:
    """Each seat's side's points gained since ``before`` less the other side's (partners share a side,
    so they share a reward)."""
    assert isinstance(state, BishopsWhistState)
    gained = [a - b for a, b in zip(state.scores, before, strict=True)]
    team_of = state.team_of
    out = []
    for s in range(len(gained)):
        other = next(t for t in range(len(gained)) if team_of[t] != team_of[s])
        out.append(gained[s] - gained[other])
    return out


class ChainWorlds:
    """The sampler: the strong level's worlds of the decision (``prepare``), one an iteration in turn,
    each a fresh copy."""

    def __init__(self, strong: PlayoutPlayer) -> None:
        self.strong = strong
        self.pool: list[BishopsWhistState] = []
        self.next = 0

    def prepare(self, view: BishopsWhistView, game: Game[Any], until: float | None = None) -> None:
        self.pool = self.strong.worlds_dealt(view, game, until)
        self.next = 0

    def __call__(self, view: Any, game: Game[Any], rng: Rng) -> State:
        world = self.pool[self.next % len(self.pool)]
        self.next += 1
        return world.clone()


class BishopsWhistTree:
    """SO-ISMCTS for the cards to play on the strong level's worlds (see the module's text).

    - ``iterations``: the budget a decision (worlds played out, each down the tree and on to the end of
      the hand by the rules of thumb), so a seed fixes every choice; ``limit_time`` caps it at a table;
    - ``c``: UCB1's constant on rewards divided by ``SCALE``;
    - ``worlds``, ``chains``: the worlds found a decision and the hands counted to find them (strong's);
    - ``min_cards``, ``leads_only``: where the tree decides (elsewhere the strong level);
    - ``others``: ``"policy"`` (the other seats play the rules of thumb in the tree) or ``"tree"``.
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        iterations: int = 200,
        c: float = 0.7,
        worlds: int = PLAYOUT_WORLDS,
        chains: int = STRONG_CHAINS,
        min_cards: int = 0,
        leads_only: bool = False,
        others: str = "policy",
        seconds: float | None = None,
    ) -> None:
        if others not in OTHERS:
            raise ValueError(f"others: one of {', '.join(OTHERS)}, not {others!r}")
        self.game = game
        self.strong = PlayoutPlayer(
            game, seed, worlds=worlds, chains=chains, floor=STRONG_FLOOR, noisy_playouts=False, touching=True
        )
        self.worlds = ChainWorlds(self.strong)
        self.search = ISMCTS(
            seed,
            iterations,
            c,
            policy=RulesOfThumb(game, seed),
            reward=side_margins,
            scale=SCALE,
            sampler=self.worlds,
        )
        self.min_cards = min_cards
        self.leads_only = leads_only
        self.others = others
        self.seconds: float | None = None
        self.limit_time(seconds)
        self.searched = False
        """Whether the last decision was the tree's (else the strong level's)."""

    def limit_time(self, seconds: float | None) -> None:
        """At a table: at most ``seconds`` a decision (a third of it at most for the worlds)."""
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be a positive number of seconds, not {seconds}")
        self.seconds = seconds
        self.strong.limit_time(seconds)

    @property
    def playouts(self) -> int:
        """Iterations run for the last decision (0 if it was not the tree's)."""
        return self.search.done if self.searched else 0

    def choose(self, view: BishopsWhistView, game: Game[Any]) -> str:
        return self.advise(view, game).action

    def in_tree(self, view: BishopsWhistView) -> bool:
        """Whether the tree decides here: a card to choose among two or more under strict laws, while
        the seat holds ``min_cards`` or more, and (with ``leads_only``) at a lead."""
        if view.extra.phase != PHASE_PLAY or self.game.options.get("laws", "strict") != "strict":
            return False
        if sum(a.startswith("play ") for a in view.legal_actions) < 2 or len(view.hand) < self.min_cards:
            return False
        return not self.leads_only or view.trick is None or not view.trick.plays

    def advise(self, view: BishopsWhistView, game: Game[Any]) -> Advice:
        """The card searched most, and why in a player's words (elsewhere the strong level's advice)."""
        self.searched = False
        if not self.in_tree(view):
            return self.strong.advise(view, game)
        seat = view.seat
        assert seat is not None
        start = time.perf_counter()
        until = None if self.seconds is None else start + self.seconds / 3
        self.worlds.prepare(view, game, until)
        search = self.search
        search.limit_time(
            None if self.seconds is None else max(1e-3, start + self.seconds - time.perf_counter())
        )
        if self.others == "policy":

            def follow(world: State) -> bool:
                return world.current_player != seat or len(world.legal_action_ids()) == 1

            search.follow = follow
        else:
            search.follow = None
        self.searched = True
        action = search.choose(view, game)
        root = search.root
        assert root is not None
        node = root.children[game.action_id(action)]
        mean = SCALE * node.reward / max(node.visits, 1)
        return Advice(
            action,
            # a card player's words (hints-12): it said "searched most" and "expected margin"
            f"tried most often ({node.visits} of {search.done} deals of the unseen cards played out, "
            f"the later cards chosen without seeing the other hands); "
            f"on average {mean:+.1f} points this hand",
        )


__all__ = ["OTHERS", "SCALE", "BishopsWhistTree", "ChainWorlds", "RulesOfThumb", "side_margins"]
