"""Does a computer player play like a partner? An audit for the partnership games (issue 14).

One bullet of issue 14 asks that a searching player treat its partner as a partner: no overtaking a
partner who is winning the trick without cause, no trumping the partner's winner. This script plays
seeded hands and looks at one kind of decision only: the audited seat is the **last** to play to the
trick, its **partner's card is winning**, and it holds at least one lawful card that would leave the
partner winning. The trick is then its side's whatever it plays; what it chooses decides only which
card it spends, what it gives to the trick and who leads next. For each such decision it counts

* whether the card chosen takes the trick from the partner (``overtake``: a higher card of the suit;
  ``trump``: a trump on the partner's winner, Bishops Whist only), among the decisions where some lawful
  card would take it;
* whether it gave the partner's trick a counting card (``feed``: a bishop in Bishops Whist, a card worth
  more than half a point in Apology) rather than a low one, among the decisions where it held one that
  keeps the partner winning;
* for every overtake, what it gained on the true deal: the hand played out to its end by the rules of
  thumb at every seat (which is how the other three play here) after the card chosen, less the same after
  the best card that leaves the partner winning. Positive: the overtake paid ("with cause"); negative: it
  cost that much (Bishops Whist: the side's points less the other side's; Apology: the taker's card
  points, which the defence wants low, counted so that positive is good for the defence).

Who plays. By default every seat of every hand is played by the heuristic (the rules of thumb), and at
each situation of a seat that may be audited (Bishops Whist: any seat; Apology: a defender, the taker
having no partner) every level audited is asked what it would play there, its answer counted and the
hand played on with the rules of thumb's card. So all the levels are judged on the very same situations
(their rates compare pair by pair), a hand yields the situations of four seats, only those decisions
cost search time, and the partner is always the rules of thumb, as a person's partner would be beside
a level in the strength figures. The price: the audited seat's earlier cards are the rules of thumb's,
not the level's own. ``--play`` instead lets the level play every card of one seat a hand (Bishops
Whist: seat ``hand % 4``; Apology: the defenders in turn, the bidding and burial the heuristic's), the
other three the heuristic: its own history, but a quarter of the situations and none shared between
the levels. The Bishops Whist playout cheat (``cheat``: handed the true state, each card played out to
the end of the hand by the rules of thumb, which is how this table plays) is the yardstick: it takes a
partner's trick only where that pays on the actual cards, so a level whose rate is near the cheat's
overtakes with cause. The players see only their views; the audit reads the true state (to find the
winner of the trick, and for the playouts after the decision).

    python benchmarks/partner_audit.py --game bishops-whist --hands 400 --examples
    python benchmarks/partner_audit.py --game apology --hands 80 --levels heuristic strong
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from parlour.engine import Game, State
from parlour.games.apology import players as apology_players
from parlour.games.apology.rules import TAKER, half_points, seat_with_role, trick_size, trick_winner
from parlour.games.bishops_whist import players as bw_players
from parlour.games.bishops_whist.rules import PHASE_PLAY, is_bishop, suit_of
from parlour.players import Player
from parlour.sim import wilson

GAMES = ("bishops-whist", "apology")


class StatePlayer(Protocol):
    """A benchmark-only player handed the true state (the playout cheat)."""

    def choose_state(self, state: State, seat: int) -> str: ...


Maker = Callable[[Game[Any], int], Player | StatePlayer]


@dataclass
class Situation:
    """One audited decision: the cards the seat may play and what each does to the partner's trick."""

    plays: list[tuple[int, str]]
    """The trick so far (seat, card)."""
    keepers: list[str]
    """Lawful cards that leave the partner winning."""
    takers: list[str]
    """Lawful cards that take the trick from the partner."""
    winning: str
    """The partner's card that holds the trick."""
    trump: str | None = None
    """The trump suit (Bishops Whist), to tell a trump on the partner's winner from an overtake."""

    def trumps(self, card: str) -> bool:
        """Whether ``card`` is a trump played on a partner's winner that is not one."""
        return self.trump is not None and suit_of(card) == self.trump and suit_of(self.winning) != self.trump


@dataclass
class Tally:
    """What one level did in the audited situations."""

    hands: int = 0
    decisions: int = 0
    """Decisions of the audited seat with more than one card to choose from."""
    situations: int = 0
    could_take: int = 0
    overtakes: int = 0
    trumps: int = 0
    counting_taken: int = 0
    """Overtakes and trumps made with a counting card (a bishop; in Apology a card above half a point)."""
    bishops_in_taken: int = 0
    """Bishops in the tricks the seat took from its partner (Bishops Whist)."""
    could_feed: int = 0
    fed: int = 0
    gains: list[float] = field(default_factory=list)
    """For each overtake or trump: the true-deal playout after it, less after the best keeping card."""
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def taken(self) -> int:
        return self.overtakes + self.trumps


def _rate(k: int, n: int) -> str:
    if n == 0:
        return "-"
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n:.0%} ({lo:.0%}-{hi:.0%})"


# --- the games: what a situation is, and the playout after a card --------------------------------------


class Audit(Protocol):
    """What the audit needs of a game."""

    game: Game[Any]

    def makers(self) -> dict[str, Maker]: ...

    def audited_seat(self, state: State, hand: int) -> int | None: ...

    def situation(self, state: State, seat: int) -> Situation | None: ...

    def counts(self, card: str) -> bool: ...

    def bishops(self, cards: Sequence[str]) -> int: ...

    def value_after(self, state: State, seat: int, card: str) -> float: ...


class BishopsWhistAudit:
    """Bishops Whist: partners 0 and 2 against 1 and 3 (fixed partners); the winner of a trick is
    ``Table.winner`` of the audited seat's view."""

    def __init__(self) -> None:
        from parlour.games.bishops_whist.rules import BishopsWhist

        self.game: Game[Any] = BishopsWhist()

    def makers(self) -> dict[str, Maker]:
        from strength_bishops_whist import PlayoutCheatPlayer

        levels: dict[str, Maker] = {k: bw_players.PLAYERS[k] for k in ("heuristic", "normal", "strong")}
        levels["cheat"] = PlayoutCheatPlayer
        return levels

    def audited_seat(self, state: State, hand: int) -> int | None:
        return hand % 4

    def situation(self, state: State, seat: int) -> Situation | None:
        view = state.view(seat)
        if view.extra.phase != PHASE_PLAY or view.trick is None or len(view.trick.plays) != 3:
            return None
        table = bw_players.Table(view, self.game)
        plays = [(p.seat, p.card) for p in view.trick.plays]
        holder, winning = table.winner(plays)
        if holder != table.partner:
            return None
        offered = {a[5:] for a in view.legal_actions if a.startswith("play ")}
        lawful = [c for c in table.lawful() if c in offered]
        keepers = [c for c in lawful if table.winner([*plays, (seat, c)])[0] == table.partner]
        takers = [c for c in lawful if c not in keepers]
        return Situation(plays, keepers, takers, winning, table.trump) if keepers else None

    def counts(self, card: str) -> bool:
        return is_bishop(card)

    def bishops(self, cards: Sequence[str]) -> int:
        return sum(1 for c in cards if is_bishop(c))

    def value_after(self, state: State, seat: int, card: str) -> float:
        """The side's points less the other side's at the end of the hand, the rules of thumb playing."""
        from strength_bishops_whist import PlayoutCheatPlayer

        world = state.clone()
        world.apply(f"play {card}", seat=seat)
        return PlayoutCheatPlayer(self.game).playout(world, seat)


class ApologyAudit:
    """Apology: the three defenders are partners against the taker; the winner of a trick is the rules'
    ``trick_winner``. Only the defenders are audited (the taker has no partner)."""

    def __init__(self) -> None:
        from parlour.games.apology.rules import Apology

        self.game: Game[Any] = Apology(deals=1)

    def makers(self) -> dict[str, Maker]:
        return {k: apology_players.PLAYERS[k] for k in ("heuristic", "normal", "strong")}

    def audited_seat(self, state: State, hand: int) -> int | None:
        taker = seat_with_role(state.view(None), TAKER)
        if taker is None:
            return None
        return (taker + 1 + hand % 3) % 4

    def situation(self, state: State, seat: int) -> Situation | None:
        view = state.view(seat)
        if view.decision is None or view.decision.kind != "play" or view.trick is None:
            return None
        taker = seat_with_role(view, TAKER)
        plays = [(p.seat, p.card) for p in view.trick.plays]
        if taker is None or seat == taker or len(plays) != trick_size(view.extra.tricks_played) - 1:
            return None
        holder = trick_winner(plays)
        if holder == taker:
            return None
        winning = next(c for p, c in plays if p == holder)
        lawful = [a[5:] for a in view.legal_actions if a.startswith("play ")]
        keepers = [c for c in lawful if trick_winner([*plays, (seat, c)]) != seat]
        takers = [c for c in lawful if c not in keepers]
        return Situation(plays, keepers, takers, winning) if keepers else None

    def counts(self, card: str) -> bool:
        return half_points(card) > 1

    def bishops(self, cards: Sequence[str]) -> int:
        return 0

    def value_after(self, state: State, seat: int, card: str) -> float:
        """The taker's card points at the end of the deal, the rules of thumb playing, negated (the
        defence wants them low)."""
        taker = seat_with_role(state.view(None), TAKER)
        assert taker is not None
        world = state.clone()
        world.apply(f"play {card}", seat=seat)
        return -apology_players._taker_halves_after(world, self.game, taker)


def _choose(player: Player | StatePlayer, state: State, seat: int, game: Game[Any]) -> str:
    """The player's action: a cheat is handed the true state, any other player its view."""
    choose_state = getattr(player, "choose_state", None)
    if choose_state is not None:
        return str(choose_state(state, seat))
    return cast(Player, player).choose(state.view(seat), game)


def audit_hand(audit: Audit, maker: Maker, seed: int, hand: int, tally: Tally) -> bool:
    """Play the first hand (deal) of ``seed`` with the level at the audited seat and the heuristic at the
    others, counting the audited situations into ``tally``. False if no seat was audited (an Apology deal
    thrown in)."""
    game = audit.game
    state = game.new(seed)
    heuristic = [game_heuristic(audit, s + 7 * seed) for s in range(4)]
    level: Player | StatePlayer | None = None
    seat: int | None = None
    seen = len(state.log)
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        if seat is None:
            seat = audit.audited_seat(state, hand)
            if seat is not None:
                level = maker(game, 1000 * seed + seat)
        legal = state.legal_actions()
        if mover == seat and level is not None and len(legal) > 1:
            situation = audit.situation(state, mover)
            start = time.process_time()
            action = _choose(level, state, mover, game)
            tally.seconds += time.process_time() - start
            tally.decisions += 1
            if situation is not None:
                _count(audit, state, mover, situation, action[5:], tally, seed)
        elif len(legal) == 1:
            action = legal[0]
        else:
            action = heuristic[mover].choose(state.view(mover), game)
        state.apply(action)
        if any(e.kind == "hand_end" for e in state.log[seen:]):
            break
        seen = len(state.log)
    if seat is None:
        return False
    tally.hands += 1
    return True


def game_heuristic(audit: Audit, seed: int) -> Player:
    """The rules of thumb, which play every seat but the audited one."""
    return cast(Player, audit.makers()["heuristic"](audit.game, seed))


def _count(
    audit: Audit,
    state: State,
    seat: int,
    s: Situation,
    card: str,
    tally: Tally,
    seed: int,
    values: dict[str, float] | None = None,
) -> None:
    """Count one audited decision (``card`` chosen in situation ``s``); ``values``: the playouts after
    each card on the true deal, as far as already made (shared between the levels asked there)."""
    values = {} if values is None else values

    def value(c: str) -> float:
        if c not in values:
            values[c] = audit.value_after(state, seat, c)
        return values[c]

    tally.situations += 1
    counting = [c for c in s.keepers if audit.counts(c)]
    if counting:
        tally.could_feed += 1
        if card in counting:
            tally.fed += 1
    if not s.takers:
        return
    tally.could_take += 1
    if card not in s.takers:
        return
    if s.trumps(card):
        tally.trumps += 1
    else:
        tally.overtakes += 1
    tally.counting_taken += audit.counts(card)
    tally.bishops_in_taken += audit.bishops([c for _, c in s.plays] + [card])
    chosen = value(card)
    best_keeper = max(value(c) for c in s.keepers)
    tally.gains.append(chosen - best_keeper)
    if len(tally.examples) < 6:
        trick = " ".join(f"{p}:{c}" for p, c in s.plays)
        tally.examples.append(
            f"seed {seed} seat {seat}: trick {trick}, played {card} over keepers {s.keepers}"
            f" (gain {chosen - best_keeper:+.1f})"
        )


def audit_positions(
    audit: Audit, makers: dict[str, Maker], seed: int, tallies: dict[str, Tally], hand_no: int
) -> bool:
    """Play the first hand (deal) of ``seed`` by the rules of thumb at every seat and, at each audited
    situation of any seat that may be audited (Bishops Whist: all four; Apology: the defenders), ask
    every level what it would play there; the hand goes on with the rules of thumb's card. False for an
    Apology deal thrown in."""
    game = audit.game
    state = game.new(seed)
    heuristic = [game_heuristic(audit, s + 7 * seed) for s in range(4)]
    seen = len(state.log)
    audited = False
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            if audit.audited_seat(state, hand_no) is not None:
                audited = True
                situation = audit.situation(state, mover)
                if (
                    situation is not None
                    and not situation.takers
                    and not any(map(audit.counts, situation.keepers))
                ):
                    for tally in tallies.values():
                        tally.situations += 1  # nothing to take, nothing to feed: no level is asked
                elif situation is not None:
                    values: dict[str, float] = {}
                    for level, maker in makers.items():
                        player = maker(game, 1000 * seed + 10 * len(state.log) + mover)
                        start = time.process_time()
                        action = _choose(player, state, mover, game)
                        tallies[level].seconds += time.process_time() - start
                        tallies[level].decisions += 1
                        _count(audit, state, mover, situation, action[5:], tallies[level], seed, values)
            state.apply(heuristic[mover].choose(state.view(mover), game))
        if any(e.kind == "hand_end" for e in state.log[seen:]):
            break
        seen = len(state.log)
    if audited:
        for tally in tallies.values():
            tally.hands += 1
    return audited


def report(level: str, t: Tally) -> str:
    paid = sum(1 for g in t.gains if g > 0)
    cost = sum(1 for g in t.gains if g < 0)
    mean = sum(t.gains) / len(t.gains) if t.gains else 0.0
    per = t.seconds / t.decisions if t.decisions else 0.0
    return (
        f"{level}: hands {t.hands}, situations {t.situations}; takes the partner's trick "
        f"{_rate(t.taken, t.could_take)} [overtakes {t.overtakes}, trumps {t.trumps}, with a counting card "
        f"{t.counting_taken}, bishops in them "
        f"{t.bishops_in_taken}; on the true deal {paid} paid, {cost} cost, mean {mean:+.2f}]; feeds "
        f"{_rate(t.fed, t.could_feed)}; {per:.2f} CPU s a decision"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=GAMES, default="bishops-whist")
    parser.add_argument("--levels", nargs="*", help="levels to audit (default all)")
    parser.add_argument("--hands", type=int, default=40, help="hands played (Apology: deals with a taker)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (one hand a seed)")
    parser.add_argument(
        "--play",
        action="store_true",
        help="the level plays the audited seat's every card (one seat a hand) instead of being asked at the "
        "situations of hands played by the rules of thumb",
    )
    parser.add_argument("--examples", action="store_true", help="print the first overtakes of each level")
    args = parser.parse_args(argv)
    audit: Audit = BishopsWhistAudit() if args.game == "bishops-whist" else ApologyAudit()
    makers = {k: v for k, v in audit.makers().items() if not args.levels or k in args.levels}
    tallies = {level: Tally() for level in makers}
    start = time.perf_counter()
    if args.play:
        for level, maker in makers.items():
            seed, hand = args.seed, 0
            while tallies[level].hands < args.hands:
                if audit_hand(audit, maker, seed, hand, tallies[level]):
                    hand += 1
                seed += 1
    else:
        seed, hand = args.seed, 0
        while hand < args.hands:
            if audit_positions(audit, makers, seed, tallies, hand):
                hand += 1
            seed += 1
    print(f"{args.game}, seeds {args.seed}-{seed - 1}, {'played' if args.play else 'positions'}:")
    for level, tally in tallies.items():
        print(report(level, tally), flush=True)
        if args.examples:
            for line in tally.examples:
                print("   ", line)
    print(f"[{time.perf_counter() - start:.0f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
