"""Lansquenet, audited from the seed alone: a scenario from an explicit deal for each rule statement the
existing tests leave open (banco on a standing bet, a player out of chips, bought banks kept or sold on,
take-out from a grown bank or with twins, the agreed length, Hoyle's dead cards and hand cards).

Everything goes through the public API: ``parlour.make``, ``new(deal=...)``, ``legal_actions``,
``apply``, ``view`` and the log. Seats run anticlockwise: seat s's right is s + 1 (ruling LQ-1), so in
the seed's examples Anna is seat 0, Ben 1, Carla 2 and Dan 3.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.games.lansquenet.rules import Lansquenet
from parlour.games.lansquenet.rules import LansquenetState as State
from tests.audit_support import bank, banker, chips, phase, play


def new(deal: dict[str, Any], seed: int = 1, **options: Any) -> State:
    game = parlour.make("lansquenet", **options)
    assert isinstance(game, Lansquenet)
    return game.new(seed=seed, deal=deal)


def last_points(state: State) -> list[int]:
    return list(next(e for e in reversed(state.log) if e.kind == "hand_end").data["points"])


def kinds(state: State) -> list[str]:
    return [e.kind for e in state.log]


BANK_WINS = ["9C", "KD", "3H", "9H"]
"""The bank's card 9♣ is paired (by 9♥) before the players' card K♦."""
PLAYERS_WIN = ["9C", "KD", "3H", "KH"]
"""The players' card K♦ is paired first."""


# --- betting -----------------------------------------------------------------------------------


def test_banco_counts_the_players_standing_bet() -> None:
    """Seed: banco is putting in as many chips as the bank holds. Ruling LQ-7: a standing bet counts,
    so a player holding less than the bank may still go banco when bet and purse together reach it,
    and pays in only the difference."""
    state = new({"banker": 0, "chips": [100, 20, 100, 100], "stacks": [PLAYERS_WIN]})
    play(state, "bank 20", "bet 10", "pass", "pass")
    assert state.current_player == 1 and chips(state)[1] == 10 < bank(state)
    assert "banco" in state.legal_actions()
    play(state, "banco")
    assert "banco" in kinds(state)
    assert last_points(state) == [-20, 20, 0, 0]
    assert chips(state) == [80, 40, 100, 100]


def test_a_player_who_has_bet_every_chip_is_not_asked_again() -> None:
    """Ruling LQ-6: betting ends when every player still able to bet has passed since the last bet; a
    player whose chips are all on the table is no longer able to."""
    state = new({"banker": 0, "chips": [100, 5, 100, 100], "stacks": [BANK_WINS]})
    play(state, "bank 20", "bet 5", "pass", "pass")
    assert phase(state) == "keep" and state.current_player == 0  # the deal was played at once
    assert last_points(state) == [5, -5, 0, 0]
    assert bank(state) == 25


def test_bets_made_on_two_rounds_are_paid_as_one_when_the_bank_loses() -> None:
    """Seed: the bank pays every player as many chips as they bet (1 to 1); a bet added to on a later
    round (ruling LQ-6) is paid on its whole, and what the bets leave of the bank goes back to the
    banker (ruling LQ-12)."""
    state = new({"banker": 0, "stacks": [PLAYERS_WIN]})
    play(state, "bank 30", "bet 4", "bet 6", "pass", "bet 5", "pass", "pass", "pass")
    assert last_points(state) == [-15, 9, 6, 0]
    assert chips(state) == [85, 109, 106, 100] and bank(state) == 0
    assert banker(state) == 1 and phase(state) == "bank"


# --- a bought bank -------------------------------------------------------------------------------


def anna_sells_to_carla() -> State:
    """Anna (seat 0) banks 10, Ben bets 10 and loses: her bank holds 20 and she stops. Ben passes and
    Carla (seat 2) buys the bank for 20; Dan bets the whole 20 and loses, so Carla's bank holds 40."""
    state = new({"banker": 0, "stacks": [BANK_WINS, ["5C", "8D", "5H"], ["2C", "3D", "3H"]]})
    play(state, "bank 10", "bet 10", "stop", "pass", "buy")
    assert banker(state) == 2 and bank(state) == 20 and state.view(None).extra.starter == 0
    assert state.current_player == 3  # betting starts on the buyer's right
    play(state, "bet 20")
    assert bank(state) == 40 and phase(state) == "keep" and state.current_player == 2
    return state


def test_a_bought_bank_kept_after_a_win_passes_from_the_player_who_started_it() -> None:
    """Seed: if the bank had been bought, count from the player who originally started it. Carla keeps
    her bought bank, then loses: it goes to Ben, on Anna's right, not to Dan on Carla's (ruling LQ-14)."""
    state = anna_sells_to_carla()
    play(state, "keep", "bet 10", "pass", "pass", "pass")
    assert last_points(state) == [0, 0, -10, 10]
    assert banker(state) == 1 and phase(state) == "bank" and state.current_player == 1
    assert chips(state) == [110, 90, 110, 90]
    # ruling LQ-15: buying is not starting the bank
    assert state.view(None).extra.banks_started == [1, 1, 0, 0]


def test_a_bought_bank_sold_on_is_offered_from_the_buyers_right_and_unsold_passes_from_the_starter() -> None:
    """Seed: a banker who has won may stop; the one nearest on *the banker's* right may buy first; if
    nobody buys, the bank passes to the right of the player who originally started it (ruling LQ-14)."""
    state = anna_sells_to_carla()
    play(state, "stop")
    assert chips(state) == [110, 90, 120, 80] and bank(state) == 0
    offered = []
    while phase(state) == "buy":
        offered.append(state.current_player)
        play(state, "pass")
    assert offered == [3, 0, 1]  # Dan, then Anna herself, then Ben
    assert "unsold" in kinds(state)
    assert banker(state) == 1 and phase(state) == "bank"  # Ben, on Anna's right; not Dan


# --- take-out and twins --------------------------------------------------------------------------


def test_takeout_from_a_grown_bank_takes_out_only_the_same_rank_deals_winnings() -> None:
    """Seed: after a win from a same-rank start the banker may take *those* winnings out. Ruling LQ-13:
    the bank returns to what it held as that deal began, earlier winnings staying in."""
    state = new({"banker": 0, "stacks": [BANK_WINS, ["JC", "JD"]]})
    play(state, "bank 10", "bet 10", "keep")
    assert bank(state) == 20
    play(state, "bet 5", "pass", "pass", "pass")
    assert "same_rank" in kinds(state) and bank(state) == 25
    assert state.legal_actions() == ["keep", "takeout", "stop"]
    play(state, "takeout")
    assert bank(state) == 20 and chips(state) == [95, 85, 100, 100]
    assert phase(state) == "bet" and state.current_player == 1


def test_twins_then_takeout_takes_out_the_half_won() -> None:
    """Twins (ruling LQ-11): a same-rank start takes half of each bet and the odd chip; the take-out
    (ruling LQ-13) then returns exactly that to the banker."""
    state = new({"banker": 0, "stacks": [["JC", "JD"]]}, twins=True)
    play(state, "bank 10", "bet 3", "pass", "pass", "pass")
    assert last_points(state) == [2, -2, 0, 0] and bank(state) == 12
    play(state, "takeout")
    assert bank(state) == 10 and chips(state) == [92, 98, 100, 100]


# --- the session's length ------------------------------------------------------------------------


def test_a_void_deal_counts_for_a_session_of_agreed_deals() -> None:
    """Ruling LQ-8: nobody bets, no cards are turned, and it is one of the agreed deals (ruling LQ-16)."""
    state = new({"banker": 0}, length="deals", deals=1)
    play(state, "bank 10", "pass", "pass", "pass")
    assert state.is_over and "void" in kinds(state)
    assert not {"bank_card", "players_card", "turn"} & set(kinds(state))
    assert state.scores == [100.0] * 4 and state.winners == []  # every seat level: a draw


def test_a_winning_banker_is_not_cut_off_when_the_agreed_banks_are_reached() -> None:
    """Ruling LQ-16: with ``rounds=1`` the session ends once every player has started the bank once,
    but only when the bank is about to pass: the last banker keeps winning banks as long as he likes."""
    stacks = [PLAYERS_WIN, ["5C", "8D", "5H"], ["2C", "3D", "2H"]]
    state = new({"banker": 0, "chips": [100, 100], "stacks": stacks}, players=2, rounds=1)
    play(state, "bank 10", "bet 10")
    assert banker(state) == 1 and not state.is_over
    play(state, "bank 10", "bet 10")
    assert state.view(None).extra.banks_started == [1, 1]
    assert phase(state) == "keep" and not state.is_over
    play(state, "keep", "bet 5", "pass")
    assert bank(state) == 25 and phase(state) == "keep" and not state.is_over
    play(state, "stop", "pass")  # seat 0 does not buy: the bank would pass, and the session ends
    assert state.is_over and state.scores == [75.0, 125.0] and state.winners == [1]


def test_players_level_on_the_most_chips_share_the_win() -> None:
    """Seed: whoever has the most chips wins; ruling LQ-16: equal chips share the win."""
    state = new(
        {"banker": 0, "chips": [100, 100, 110], "stacks": [BANK_WINS]}, players=3, length="deals", deals=1
    )
    play(state, "bank 10", "bet 10")  # the bets cover the bank: the deal is played at once
    assert state.is_over and state.scores == [110.0, 90.0, 110.0]
    assert state.winners == [0, 2]


@pytest.mark.parametrize("seed", range(6))
def test_only_players_holding_chips_draw_for_the_first_bank(seed: int) -> None:
    """Seed: whoever draws the highest card banks first; ruling LQ-4: a player without chips sits out,
    so draws neither for the bank nor is given it."""
    state = new({"chips": [0, 50, 0, 50]}, seed=seed)
    drawers = {e.data["seat"] for e in state.log if e.kind == "draw"}
    assert drawers == {1, 3}
    assert banker(state) in (1, 3) and state.current_player == banker(state)


# --- Hoyle's game ------------------------------------------------------------------------------


def table_cards(state: State) -> list[list[str]]:
    """The table zones of Hoyle's game: the hand cards, then each card laid out (the réjouissance first)."""
    return [[str(c) for c in z.cards] for z in state.view(None).zones_of("table")]


def test_hoyle_a_card_matched_without_bets_is_dead_and_its_rank_is_not_laid_out_again() -> None:
    """Seed: every further card that matches none on the table is laid out. Rulings LQ-20, LQ-21: the
    réjouissance 7♥, bet on by nobody, is matched by 7♠ all the same; the 7♦ after it is dead (it goes
    to the pile), and the next card laid out for bets is the 8♦."""
    stack = ["2C", "3C", "KC", "7H", "7S", "7D", "8D", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert phase(state) == "hbet" and state.current_player == 1
    assert table_cards(state) == [["2C", "3C"], ["7H"], ["8D"]]
    pile = state.view(None).zone("pile")
    assert pile is not None and list(pile.cards) == ["7S", "7D"]
    play(state, "bet 5", "pass", "pass")
    # K♦ pairs the bank's card: the banker pays the 8♦'s bet 1 to 1 (ruling LQ-21)
    assert last_points(state) == [-5, 5, 0, 0]
    assert banker(state) == 1  # the hand cards were not matched: the deal passes right


def test_hoyle_the_bank_card_matched_at_once_pays_the_rejouissance_bets() -> None:
    """Seed: as soon as the bank's own card is matched, the banker pays all bets still standing."""
    stack = ["2C", "3C", "KC", "7H", "KS"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "bet 4", "pass", "bet 2")
    assert last_points(state) == [-6, 4, 0, 2]
    assert chips(state)[:2] == [94, 104] and banker(state) == 1


def test_hoyle_one_hand_card_matched_twice_is_not_both_hand_cards() -> None:
    """Seed: only both hand cards matched before the bank's card let the banker deal again (ruling
    LQ-22); the first hand card matched three times does not."""
    stack = ["2C", "3C", "KC", "7H", "2D", "2H", "2S", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert state.view(None).extra.last_result == "bank's card matched"
    assert banker(state) == 1 and phase(state) != "keep"


def test_hoyle_both_hand_cards_matched_the_banker_may_stop_and_the_deal_passes_right_unsold() -> None:
    """Ruling LQ-22: after both hand cards are matched first the banker may keep or stop; a stop
    passes the deal to the right, with no sale (there is no bank to sell) and no take-out."""
    stack = ["2C", "3C", "KC", "7H", "2D", "3D", "KD"]
    state = new({"banker": 0, "stacks": [stack]}, variant="hoyle")
    play(state, "pass", "pass", "pass")
    assert phase(state) == "keep" and state.legal_actions() == ["keep", "stop"]
    play(state, "stop")
    assert "buy" not in kinds(state) and phase(state) == "hbet"
    assert banker(state) == 1 and state.current_player == 2  # seat 1 deals; seat 2, on its right, bets
    assert state.view(None).extra.banks_started == [1, 1, 0, 0]


# --- a reference model of the classic game, written from the seed and the rulings -----------------


class Reference:
    """The classic game as the seed tells it (with the rulings for what it leaves open), chips only: it
    reads the cards from the log (chance) and says who is to act, what they may do and where every chip
    is. Seats to the right are higher (LQ-1)."""

    def __init__(self, n: int, stake: int, options: dict[str, Any]) -> None:
        self.n = n
        self.opts = options
        self.purse = [stake] * n
        self.bank = 0
        self.bets = [0] * n
        self.banker = self.starter = -1
        self.phase = "bank"
        self.to_act: int | None = None
        self.passed: set[int] = set()
        self.queue: list[int] = []
        self.sale = 0
        self.base = 0
        self.same_rank_win = False
        self.started = [0] * n
        self.deals = 0

    def wealth(self) -> list[int]:
        out = [p + b for p, b in zip(self.purse, self.bets, strict=True)]
        out[self.banker] += self.bank
        return out

    def alive(self) -> list[int]:
        return [s for s, w in enumerate(self.wealth()) if w > 0]

    def start_bank(self, seat: int) -> None:
        self.banker = self.starter = seat
        self.started[seat] += 1
        self.same_rank_win = False
        self.phase, self.to_act = "bank", seat

    def legal(self) -> tuple[list[str], list[tuple[str, int, int]]]:
        s = self.to_act
        assert s is not None
        if self.phase == "bank":
            return [], [("bank", 1, self.purse[s])]
        if self.phase == "bet":
            moves = ["banco", "pass"] if self.purse[s] + self.bets[s] >= self.bank else ["pass"]
            return moves, [("bet", 1, min(self.bank - sum(self.bets), self.purse[s]))]
        if self.phase == "keep":
            takeout = self.opts.get("takeout", True) and self.same_rank_win and self.bank > self.base
            return ["keep", *(["takeout"] if takeout else []), "stop"], []
        return ["buy", "pass"], []

    def open_betting(self) -> None:
        self.bets = [0] * self.n
        self.passed = set()
        self.base = self.bank
        self.phase = "bet"
        self.next_bettor(self.banker)

    def next_bettor(self, after: int) -> None:
        """Round to the right, ending with ``after`` itself: the first who can still bet and has not
        passed since the last bet (ruling LQ-6); if nobody, the cards are turned."""
        for k in range(1, self.n + 1):
            s = (after + k) % self.n
            if s != self.banker and self.purse[s] > 0 and s not in self.passed:
                self.to_act = s
                return
        self.to_act = None  # the deal is played: ``settle`` with its cards

    def act(self, move: str) -> None:
        s = self.to_act
        assert s is not None
        verb, _, amount = move.partition(" ")
        if self.phase == "bank":
            self.purse[s] -= int(amount)
            self.bank = int(amount)
            self.open_betting()
        elif self.phase == "bet":
            if verb == "bet":
                self.purse[s] -= int(amount)
                self.bets[s] += int(amount)
                self.passed = set()
                if sum(self.bets) >= self.bank:
                    self.to_act = None
                else:
                    self.next_bettor(s)
            elif verb == "banco":  # every other bet is taken back
                for o in range(self.n):
                    if o != s:
                        self.purse[o] += self.bets[o]
                        self.bets[o] = 0
                self.purse[s] -= self.bank - self.bets[s]
                self.bets[s] = self.bank
                self.to_act = None
            else:
                self.passed.add(s)
                self.next_bettor(s)
        elif self.phase == "keep":
            if verb == "takeout":  # only that deal's winnings come out (ruling LQ-13)
                self.purse[s] += self.bank - self.base
                self.bank = self.base
            if verb in ("keep", "takeout"):
                self.open_betting()
            else:  # stop: the banker takes the bank back and it is for sale (ruling LQ-14)
                self.sale = self.bank
                self.purse[s] += self.bank
                self.bank = 0
                self.queue = [
                    (s + k) % self.n for k in range(1, self.n) if self.purse[(s + k) % self.n] >= self.sale
                ]
                self.offer()
        elif verb == "buy":
            self.purse[s] -= self.sale
            self.bank = self.sale
            self.banker = s
            self.same_rank_win = False
            self.open_betting()
        else:
            self.offer()

    def offer(self) -> None:
        if self.queue:
            self.phase, self.to_act = "buy", self.queue.pop(0)
        else:
            self.pass_bank()

    def settle(self, bank_card: str | None, players_card: str | None, turned: list[str]) -> list[int]:
        """The deal's cards decide it; returns each seat's chips won (and ends the session if agreed)."""
        before = self.wealth()
        self.deals += 1
        if not sum(self.bets):  # nobody bets: a void deal (ruling LQ-8)
            assert bank_card is None and not turned
            self.purse[self.banker] += self.bank
            self.bank = 0
            won = None
        else:
            assert bank_card is not None and players_card is not None
            same = bank_card[:-1] == players_card[:-1]
            firsts = [c for c in turned if c[:-1] in (bank_card[:-1], players_card[:-1])]
            assert firsts == ([] if same else turned[-1:]), "the turning stops at the first card paired"
            won = same or turned[-1][:-1] == bank_card[:-1]
            for s in range(self.n):
                bet = self.bets[s]
                if won:
                    take = (bet + 1) // 2 if same and self.opts.get("twins") else bet  # ruling LQ-11
                    self.bank += take
                    self.purse[s] += bet - take
                else:  # paid 1 to 1 out of the bank; the rest back to the banker (ruling LQ-12)
                    self.bank -= bet
                    self.purse[s] += 2 * bet
                self.bets[s] = 0
            if not won:
                self.purse[self.banker] += self.bank
                self.bank = 0
            self.same_rank_win = same
        points = [a - b for a, b in zip(self.wealth(), before, strict=True)]
        if self.opts.get("length") == "deals" and self.deals >= self.opts["deals"]:
            self.finish()
        elif won and len(self.alive()) >= 2:
            self.phase, self.to_act = "keep", self.banker
        elif won:
            self.finish()
        else:
            self.pass_bank()
        return points

    def pass_bank(self) -> None:
        self.bank = 0
        alive = self.alive()
        rounds = self.opts.get("rounds", 3)  # the engine's default (ruling LQ-16)
        if len(alive) < 2 or (
            self.opts.get("length", "banks") == "banks" and all(self.started[s] >= rounds for s in alive)
        ):
            self.finish()
            return
        # to the right of the player who started the bank, skipping players without chips (LQ-4, LQ-14)
        seat = next(
            (self.starter + k) % self.n
            for k in range(1, self.n + 1)
            if self.purse[(self.starter + k) % self.n]
        )
        self.start_bank(seat)

    def finish(self) -> None:
        self.purse[self.banker] += self.bank
        self.bank = 0
        self.phase, self.to_act = "over", None


def random_move(rnd: Any, moves: list[str], ranges: list[tuple[str, int, int]]) -> str:
    """Any move, amounts drawn towards the ends of their range (all-in and single chips matter)."""
    options = list(moves)
    for verb, low, high in ranges:
        if low <= high:
            options += [f"{verb} {a}" for a in {low, high, rnd.randint(low, high), (low + high) // 2}]
    return str(rnd.choice(sorted(options)))


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "stake": 20},
        {"players": 3, "stake": 15, "twins": True},
        {"players": 5, "stake": 10, "takeout": False, "rounds": 3},
        {"players": 2, "stake": 30, "length": "deals", "deals": 25},
        {"players": 6, "stake": 12, "packs": 2, "twins": True, "length": "deals", "deals": 40},
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_random_sessions_agree_with_a_reference_model_written_from_the_seed(
    options: dict[str, Any], seed: int
) -> None:
    """Who acts, what they may do, what each deal pays and where the bank goes, move by move, against a
    model of the classic game built from the seed (the cards are chance: the model reads them from the
    log)."""
    import random

    rnd = random.Random(seed)
    game = parlour.make("lansquenet", **options)
    assert isinstance(game, Lansquenet)
    state = game.new(seed=seed)
    n, stake = int(options["players"]), int(options["stake"])
    ref = Reference(n, stake, options)
    first = next(e.data["seat"] for e in state.log if e.kind == "first_banker")
    ref.start_bank(first)
    seen = len(state.log)
    for _ in range(5000):
        if ref.phase == "over":
            break
        assert state.current_player == ref.to_act and phase(state) == ref.phase
        moves, ranges = ref.legal()
        assert sorted(state.legal_actions()) == sorted(moves)
        assert [(r.verb, r.low, r.high) for r in state.legal_ranges()] == [r for r in ranges if r[1] <= r[2]]
        move = random_move(rnd, moves, ranges)
        state.apply(move)
        ref.act(move)
        new_events = state.log[seen:]
        seen = len(state.log)
        ends = [e for e in new_events if e.kind == "hand_end"]
        if ref.phase == "bet" and ref.to_act is None:  # the reference turns the cards now
            assert len(ends) == 1, "the engine plays the deal when the reference does"
            card = {e.kind: e.data["card"] for e in new_events if e.kind in ("bank_card", "players_card")}
            turned = [e.data["card"] for e in new_events if e.kind == "turn"]
            points = ref.settle(card.get("bank_card"), card.get("players_card"), turned)
            assert list(ends[0].data["points"]) == points
        else:
            assert not ends
        assert chips(state) == ref.purse and bank(state) == ref.bank
        if ref.phase != "over":
            assert banker(state) == ref.banker and state.view(None).extra.starter == ref.starter
    assert ref.phase == "over" and state.is_over
    assert state.scores == [float(w) for w in ref.wealth()]
    assert state.view(None).extra.banks_started == ref.started


# --- a reference model of Hoyle's game ---------------------------------------------------------------


class HoyleReference:
    """Hoyle's game as the seed tells it (with rulings LQ-17 to LQ-22 and LQ-29): the hand cards, the
    bank's card, the réjouissance and every card laid out, the bets on them and the banker's cover. It
    reads each card from the log as it comes and checks that the engine did with it what the seed says."""

    def __init__(self, n: int, stake: int, options: dict[str, Any]) -> None:
        self.n = n
        self.opts = options
        self.purse = [stake] * n
        self.banker = -1
        self.started = [0] * n
        self.deals = 0
        self.mode = "opening"  # opening, betting, turning, keep, over
        self.to_act: int | None = None
        self.queue: list[int] = []
        self.hand: list[str] = []
        self.hand_matched: list[bool] = []
        self.bank_card = ""
        self.spots: list[tuple[str, bool, list[int]]] = []
        self.cards_seen = 0
        self.before: list[int] = []
        self.points: list[int] | None = None

    def wealth(self) -> list[int]:
        return [self.purse[s] + sum(b[s] for _, _, b in self.spots) for s in range(self.n)]

    def alive(self) -> list[int]:
        return [s for s, w in enumerate(self.wealth()) if w > 0]

    def standing(self) -> int:
        return sum(sum(b) for _, matched, b in self.spots if not matched)

    def cover(self) -> int:
        return max(0, self.purse[self.banker] - self.standing())

    def start_bank(self, seat: int) -> None:
        self.banker = seat
        self.started[seat] += 1
        self.new_deal()

    def new_deal(self) -> None:
        self.before = self.wealth()
        self.hand, self.hand_matched, self.bank_card, self.spots = [], [], "", []
        self.cards_seen = 0
        self.mode, self.to_act = "opening", None

    def ranks_out(self) -> set[str]:
        return {c[:-1] for c in [*self.hand, self.bank_card, *(c for c, _, _ in self.spots)] if c}

    def opening(self, kind: str, card: str) -> None:
        """The four opening cards, of four ranks: a repeated rank is buried (ruling LQ-18)."""
        assert self.mode == "opening", kind
        self.cards_seen += 1
        if kind == "bury":
            assert card[:-1] in self.ranks_out()
            return
        assert card[:-1] not in self.ranks_out()
        expected = (
            "hand_card" if len(self.hand) < 2 else "bank_card" if not self.bank_card else "rejouissance"
        )
        assert kind == expected
        if kind == "hand_card":
            self.hand.append(card)
            self.hand_matched.append(False)
        elif kind == "bank_card":
            self.bank_card = card
        else:
            self.lay_out(card)

    def lay_out(self, card: str) -> None:
        """One round of bets on the card just laid out, from the banker's right (ruling LQ-20)."""
        self.spots.append((card, False, [0] * self.n))
        self.queue = [
            (self.banker + k) % self.n for k in range(1, self.n) if self.purse[(self.banker + k) % self.n]
        ]
        self.next_bettor()

    def next_bettor(self) -> None:
        if self.queue and self.cover() > 0:
            self.mode, self.to_act = "betting", self.queue.pop(0)
        else:
            self.queue = []
            self.mode, self.to_act = "turning", None

    def legal(self) -> tuple[list[str], list[tuple[str, int, int]]]:
        s = self.to_act
        assert s is not None
        if self.mode == "keep":
            return ["keep", "stop"], []
        return ["pass"], [("bet", 1, min(self.cover(), self.purse[s]))]

    def act(self, move: str) -> None:
        s = self.to_act
        assert s is not None
        verb, _, amount = move.partition(" ")
        if self.mode == "keep":
            if verb == "keep":
                self.new_deal()
            else:
                self.pass_deal()
            return
        if verb == "bet":
            self.purse[s] -= int(amount)
            self.spots[-1][2][s] += int(amount)
        self.next_bettor()

    def turned(self, kind: str, card: str) -> None:
        assert self.mode == "turning", (kind, card)
        self.cards_seen += 1
        rank = card[:-1]
        if rank == self.bank_card[:-1]:  # the banker pays every bet still standing, 1 to 1
            assert kind == "turn"
            for _, matched, bets in self.spots:
                for s, bet in enumerate(bets):
                    if bet and not matched:
                        self.purse[self.banker] -= bet
                        self.purse[s] += 2 * bet
                        bets[s] = 0
            self.end_deal(deal_again=all(self.hand_matched))
            return
        if rank in [c[:-1] for c in self.hand]:
            assert kind == "turn"
            self.hand_matched[[c[:-1] for c in self.hand].index(rank)] = True
            return
        for i, (c, matched, bets) in enumerate(self.spots):
            if c[:-1] == rank:
                assert kind == "turn"
                if not matched:  # the bank wins the bets on it; matched even without bets (LQ-21)
                    self.purse[self.banker] += sum(bets)
                    self.spots[i] = (c, True, [0] * self.n)
                return  # a card once matched is dead (ruling LQ-20)
        assert kind == "lay_out"
        self.lay_out(card)

    def exhausted(self) -> None:
        """Every card is out before the bank's card is matched (ruling LQ-29)."""
        assert self.mode == "turning"
        if int(self.opts.get("packs", 1)) == 1:
            assert self.cards_seen == 52
        for i, (c, _, bets) in enumerate(self.spots):
            for s, bet in enumerate(bets):
                self.purse[s] += bet
            self.spots[i] = (c, True, [0] * self.n)
        self.end_deal(deal_again=False)

    def end_deal(self, deal_again: bool) -> None:
        self.deals += 1
        self.points = [a - b for a, b in zip(self.wealth(), self.before, strict=True)]
        self.spots = []
        if self.opts.get("length") == "deals" and self.deals >= self.opts["deals"]:
            self.mode, self.to_act = "over", None
        elif deal_again and len(self.alive()) >= 2 and self.purse[self.banker] > 0:
            self.mode, self.to_act = "keep", self.banker
        else:
            self.pass_deal()

    def pass_deal(self) -> None:
        alive = self.alive()
        rounds = self.opts.get("rounds", 3)  # the engine's default (ruling LQ-16)
        if len(alive) < 2 or (
            self.opts.get("length", "banks") == "banks" and all(self.started[s] >= rounds for s in alive)
        ):
            self.mode, self.to_act = "over", None
            return
        seat = next(
            (self.banker + k) % self.n for k in range(1, self.n + 1) if self.purse[(self.banker + k) % self.n]
        )
        self.start_bank(seat)

    def consume(self, events: list[Any]) -> None:
        """The engine's events in order: each card as the model expects it, each deal's chips won."""
        for e in events:
            if e.kind in ("hand_card", "bank_card", "rejouissance", "bury"):
                self.opening(e.kind, e.data["card"])
            elif e.kind in ("turn", "lay_out"):
                self.turned(e.kind, e.data["card"])
            elif e.kind == "exhausted":
                self.exhausted()
            elif e.kind == "hand_end":
                assert self.points is not None and list(e.data["points"]) == self.points
                self.points = None
            elif e.kind == "banker":
                assert e.data["seat"] == self.banker and self.mode == "opening"
        assert self.points is None, "every deal the model ends, the engine ends too"


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "stake": 20},
        {"players": 3, "stake": 8, "rounds": 3},
        {"players": 6, "stake": 15, "packs": 2, "length": "deals", "deals": 30},
        {"players": 2, "stake": 40, "length": "deals", "deals": 20},
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_random_hoyle_sessions_agree_with_a_reference_model_written_from_the_seed(
    options: dict[str, Any], seed: int
) -> None:
    """Hoyle's game, move by move against the model: who bets, how much the banker can cover, which
    cards are buried, laid out, matched or dead, what each deal pays and who deals next."""
    import random

    rnd = random.Random(seed)
    game = parlour.make("lansquenet", variant="hoyle", **options)
    assert isinstance(game, Lansquenet)
    state = game.new(seed=seed)
    ref = HoyleReference(int(options["players"]), int(options["stake"]), options)
    first = next(e.data["seat"] for e in state.log if e.kind == "first_banker")
    ref.start_bank(first)
    start = next(i for i, e in enumerate(state.log) if e.kind == "banker")
    ref.consume(list(state.log[start + 1 :]))
    seen = len(state.log)
    for _ in range(5000):
        if ref.mode == "over":
            break
        assert ref.mode in ("betting", "keep")
        assert state.current_player == ref.to_act
        moves, ranges = ref.legal()
        assert sorted(state.legal_actions()) == sorted(moves)
        assert [(r.verb, r.low, r.high) for r in state.legal_ranges()] == [r for r in ranges if r[1] <= r[2]]
        move = random_move(rnd, moves, ranges)
        state.apply(move)
        ref.act(move)
        ref.consume(list(state.log[seen:]))
        seen = len(state.log)
        assert chips(state) == ref.purse
        if ref.mode != "over":
            assert banker(state) == ref.banker
    assert ref.mode == "over" and state.is_over
    assert state.scores == [float(w) for w in ref.wealth()]
    assert state.view(None).extra.banks_started == ref.started
