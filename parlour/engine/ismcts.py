"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for any game.

Cowling, Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search", IEEE TCIAIG. Perfect-
information Monte Carlo over sampled deals (each world searched on its own, the values averaged) lets
the search assume it will know in later turns what it cannot know now ("strategy fusion"). SO-ISMCTS
grows one tree over the searching seat's information set instead: every iteration samples a world
consistent with the view (the game's ``determinize``, or a sampler passed in), descends the tree
restricted to the actions legal in that world (UCB1 with each child's *availability* counted, since an
action is only selectable in the worlds where it is legal), adds one node, plays the world out with a
policy passed in (to the hand's end, or cut at a horizon and scored by an evaluation passed in), and
backs up each seat's reward into the nodes that seat chose. The tree's nodes are keyed by action ids
(``State.legal_action_ids`` / ``apply_id``: the engine's fast path), so nothing of a game is known here.

It reads only the view and what the sampler returns: never the true state. The budget is a number of
iterations (the same seed gives the same choice); a wall-clock cap (``limit_time``) is for a table.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlour.engine.game import Game
from parlour.engine.rng import Rng
from parlour.engine.state import State
from parlour.engine.views import View

Sampler = Callable[[View[Any], Game[Any], Rng], State]
"""A world consistent with the view (a full state whose hidden parts are guessed)."""
Policy = Callable[[State, Rng], int]
"""The id of the action the playout takes in ``state`` (for its current player)."""
Scorer = Callable[[State, Sequence[float]], Sequence[float]]
"""Each seat's reward at the end of a playout, given the world's ``scores`` before the iteration."""


class ViewChooser(Protocol):
    """Any parlour player: a choice from a seat's view."""

    def choose(self, view: View[Any], game: Game[Any]) -> str: ...


def determinizer(view: View[Any], game: Game[Any], rng: Rng) -> State:
    """The default sampler: the game's own ``determinize`` (hidden cards dealt uniformly)."""
    state: State = game.determinize(view, rng)
    return state


def random_policy(state: State, rng: Rng) -> int:
    """The cheapest playout: a legal action at random."""
    return rng.choice(state.legal_action_ids())


def player_policy(player: ViewChooser) -> Policy:
    """A playout policy from a player that chooses from views (a game's heuristic): it is shown the
    acting seat's view of the world, so it plays as it would at a table (slower: a view a move)."""

    def policy(state: State, rng: Rng) -> int:
        seat = state.current_player
        assert seat is not None
        return state.game.action_id(player.choose(state.view(seat), state.game))

    return policy


def points_gained(state: State, before: Sequence[float]) -> list[float]:
    """Each seat's match points gained in the iteration (the hand's points, once the hand has ended)."""
    return [a - b for a, b in zip(state.scores, before, strict=True)]


def end_of_hand(start_hand: int) -> Callable[[State], bool]:
    """Stop a playout when the hand in play at the root has ended (or the match)."""
    return lambda state: state.is_over or state.hand_number != start_hand


@dataclass
class Node:
    """One action in the tree (the root has none): the seat that took it, and its statistics."""

    action: int = -1
    seat: int = -1
    visits: int = 0
    available: int = 0
    """Iterations in which this action was legal when its parent was reached (ISMCTS's availability)."""
    reward: float = 0.0
    """Sum of ``seat``'s scaled rewards over the visits."""
    children: dict[int, Node] = field(default_factory=dict)


class ISMCTS:
    """A player of any game with a determinizer; see the module's text for the method.

    - ``iterations``: the budget (sampled worlds, one node added each);
    - ``c``: UCB1's exploration constant, on rewards divided by ``scale``;
    - ``policy``: the playout policy (default ``random_policy``);
    - ``horizon``: if set, a playout stops after this many actions beyond the root and ``evaluate``
      scores it (default: the rewards so far);
    - ``reward``: each seat's reward at the end (default ``points_gained``), and ``margin``: reward a
      seat's points less the mean of the others' (what a two-seat game is won by);
    - ``stop``: when a playout ends (default: the end of the root's hand);
    - ``sampler``: the worlds (default the game's ``determinize``: a weighted sampler may be passed);
    - ``branch``: which positions the tree branches on (default: all); elsewhere the playout policy
      acts, in the tree's descent as in the playout. A game's routine decisions (banking what a
      trick allows, say) then cost no nodes: left in the tree, each would first be tried at random
      and spread a small budget over poor lines;
    - ``follow``: positions where the playout policy acts in the tree's descent but the tree still
      keys a node by the action it took (default: none). An opponent model: the other seats play as
      the policy would in each sampled world, and the searching seat's later nodes are keyed by the
      whole play before them, its information sets, rather than by its own actions alone (as
      ``branch`` would key them);
    - ``seconds``: a wall-clock cap for a table (at least one iteration is run).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        c: float = 0.7,
        *,
        policy: Policy | None = None,
        horizon: int | None = None,
        evaluate: Scorer | None = None,
        reward: Scorer | None = None,
        margin: bool = False,
        scale: float | None = None,
        stop: Callable[[State], bool] | None = None,
        sampler: Sampler | None = None,
        branch: Callable[[State], bool] | None = None,
        follow: Callable[[State], bool] | None = None,
        seconds: float | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations: at least 1, not {iterations}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.c = c
        self.policy = policy or random_policy
        self.horizon = horizon
        self.evaluate = evaluate
        self.reward = reward or points_gained
        self.margin = margin
        self.scale = scale
        self.stop = stop
        self.sampler = sampler or determinizer
        self.branch = branch
        self.follow = follow
        self.seconds = seconds
        self.done = 0
        """Iterations run for the last choice (never more than ``iterations``)."""
        self.root: Node | None = None
        """The last choice's tree (its root's children: the seat's actions, with their statistics)."""

    def limit_time(self, seconds: float | None) -> None:
        """At a table: stop once ``seconds`` have passed (``None``: the iteration budget only)."""
        self.seconds = seconds

    def choose(self, view: View[Any], game: Game[Any]) -> str:
        return game.action_text(self.choose_id(view, game))

    def choose_id(self, view: View[Any], game: Game[Any]) -> int:
        """The most visited of the seat's actions (the mean reward breaks ties)."""
        legal = list(view.legal_actions)
        if not legal and not view.legal_ranges:
            raise ValueError("asked to choose with no legal action in the view")
        if len(legal) == 1 and not view.legal_ranges:
            self.done, self.root = 0, None
            return game.action_id(legal[0])
        root = self.search(view, game)
        best = max(root.children.values(), key=lambda n: (n.visits, n.reward / max(n.visits, 1), -n.action))
        return best.action

    def search(self, view: View[Any], game: Game[Any]) -> Node:
        """Grow the tree of ``view``'s information set for the budget; return its root."""
        seat = view.seat
        assert seat is not None
        scale = self.scale
        if scale is None:
            bounds = game.hand_points_bounds
            scale = bounds[1] - bounds[0] if bounds is not None else game.value_scale
        root = Node(seat=seat)
        start = time.perf_counter()
        self.done = 0
        for _ in range(self.iterations):
            if self.done and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            self._iterate(root, self.sampler(view, game, self.rng), scale)
            self.done += 1
        self.root = root
        return root

    def _iterate(self, root: Node, world: State, scale: float) -> None:
        rng, c = self.rng, self.c
        before = list(world.scores)
        stop = self.stop or end_of_hand(world.hand_number)
        path = [root]
        node = root
        steps = 0
        horizon = self.horizon
        policy, branch, follow = self.policy, self.branch, self.follow
        # Selection and expansion: down the tree while every legal action has a node.
        while not stop(world) and (horizon is None or steps < horizon):
            if branch is not None and not branch(world):
                world.apply_id(policy(world, rng))
                steps += 1
                continue
            if follow is not None and follow(world):
                # The policy's action, kept as a node (made if new, without ending the descent).
                action = policy(world, rng)
                child = node.children.get(action)
                if child is None:
                    mover = world.current_player
                    assert mover is not None
                    child = node.children[action] = Node(action, mover)
                child.available += 1
                world.apply_id(action)
                steps += 1
                path.append(child)
                node = child
                continue
            legal = world.legal_action_ids()
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            mover = world.current_player
            assert mover is not None
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = Node(action, mover, available=1)
                world.apply_id(action)
                steps += 1
                path.append(child)
                break
            best: Node | None = None
            best_ucb = -math.inf
            for a in legal:
                n = children[a]
                ucb = n.reward / n.visits + c * math.sqrt(math.log(n.available) / n.visits)
                if ucb > best_ucb:
                    best, best_ucb = n, ucb
            assert best is not None
            world.apply_id(best.action)
            steps += 1
            path.append(best)
            node = best
        # Playout.
        while not stop(world) and (horizon is None or steps < horizon):
            world.apply_id(policy(world, rng))
            steps += 1
        cut = not stop(world) and self.evaluate is not None
        rewards = list((self.evaluate if cut and self.evaluate else self.reward)(world, before))
        if self.margin and len(rewards) > 1:
            total = sum(rewards)
            k = len(rewards) - 1
            rewards = [r - (total - r) / k for r in rewards]
        # Backup: each node's statistic is the reward of the seat that chose it.
        for n in path:
            n.visits += 1
            if n.seat >= 0 and n is not root:
                n.reward += rewards[n.seat] / scale


__all__ = [
    "ISMCTS",
    "Node",
    "Policy",
    "Sampler",
    "Scorer",
    "determinizer",
    "end_of_hand",
    "player_policy",
    "points_gained",
    "random_policy",
]
