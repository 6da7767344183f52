"""Lansquenet, a fourth audit from the seed alone (shared/seeds/lansquenet.txt): the sentences the first
three audits leave without a scenario of their own, and what the terminal table shows a player.

* "Suits don't matter, only ranks", in a shoe: the very same card from another pack pairs the bank's card,
  and a card of its suit but of another rank does not;
* twins with a banco: the whole bank is one bet, and a same-rank start wins the bank only half of it
  (and its odd chip, ruling LQ-11);
* what a player sees: every seat and a spectator see one and the same table (chips, bank, bets and cards
  turned are all in the middle), only the seat to move being offered moves;
* Hoyle's game at the terminal: the bets standing on a laid-out card are said of the seat that made them,
  numbered as the rest of the table numbers it.

Everything goes through the public API (``parlour.make``, ``new(deal=...)``, ``apply``, ``view(seat)``,
the log) and, for the table, the terminal's own rows. Seats run anticlockwise: seat s's right is s + 1
(ruling LQ-1); the terminal numbers seats from 1.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.console import Console

import parlour
from parlour.cli.terminal import TerminalGame
from parlour.games.lansquenet.rules import LansquenetState as State
from tests.audit_support import bank, chips, play


def new(deal: dict[str, Any], seed: int = 1, **options: Any) -> State:
    state: State = parlour.make("lansquenet", **options).new(seed=seed, deal=deal)
    return state


def last_points(state: State) -> list[int]:
    return list(next(e for e in reversed(state.log) if e.kind == "hand_end").data["points"])


def turned(state: State) -> list[str]:
    """The cards turned after the first two in the last deal, in order."""
    out: list[str] = []
    for e in state.events(None):
        if e.kind == "bank_card":
            out = []
        elif e.kind == "turn":
            out.append(str(e.data["card"]))
    return out


# --- suits don't matter -----------------------------------------------------------------------------


def test_in_a_shoe_the_same_card_from_another_pack_pairs_and_a_card_of_the_same_suit_does_not() -> None:
    """ "Suits don't matter, only ranks", and the deal goes on "until one of them has the same rank as one
    of the first two cards". With two packs (option packs=2) the bank's card 9♣ is paired by the other
    pack's 9♣; the 2♣ (its suit, another rank) and the Q♦ (the players' card's suit) pair nothing."""
    state = new({"banker": 0, "stacks": [["9C", "KD", "2C", "QD", "9C"]]}, packs=2)
    play(state, "bank 10", "bet 4", "pass", "pass", "pass")
    assert turned(state) == ["2C", "QD", "9C"]
    assert last_points(state) == [4, -4, 0, 0] and bank(state) == 14


# --- twins with a banco ------------------------------------------------------------------------------


def test_twins_a_banco_is_one_bet_and_a_same_rank_start_wins_half_of_it() -> None:
    """Twins: "two cards of the same rank at the start win the bank only half of each bet, not all of it".
    Carla's banco of the bank of 9 sends Ben's 2 back and is the one bet; the 9♣ 9♦ start wins half of it
    with the odd chip (5, ruling LQ-11), the other 4 go back to Carla, and the banker may take the 5 out."""
    state = new({"banker": 0, "stacks": [["9C", "9D"]]}, twins=True)
    play(state, "bank 9", "bet 2", "banco")
    assert last_points(state) == [5, 0, -5, 0]
    assert bank(state) == 14 and chips(state) == [91, 100, 95, 100]
    assert sorted(state.legal_actions()) == ["keep", "stop", "takeout"]


# --- what a player sees -----------------------------------------------------------------------------


def test_every_seat_sees_one_table_and_only_the_seat_to_move_is_offered_moves() -> None:
    """The bank "in the middle", the bets put in, the two cards "face up" and the cards turned "onto a
    pile in the middle" are there for everyone: each seat and a spectator see the same table at every
    step of a deal (the seed's example: Anna banks 10, Ben bets 6, Carla 4), and only the seat whose turn
    it is is offered a move."""
    state = new({"banker": 0, "stacks": [["9C", "KD", "3H", "7S", "9H"]]})
    for action in ("bank 10", "bet 6", "bet 4", None):
        mover = state.current_player
        views = {viewer: state.view(viewer) for viewer in (0, 1, 2, 3, None)}
        plain = {
            viewer: dataclasses.replace(v, seat=None, decision=None, legal_actions=[], legal_ranges=[])
            for viewer, v in views.items()
        }
        assert all(p == plain[None] for p in plain.values())
        for viewer, view in views.items():
            offered = bool(view.legal_actions) or bool(view.legal_ranges)
            assert offered == (viewer is not None and viewer == mover)
        if action is not None:
            state.apply(action)
    view = state.view(2)
    assert [(z.label, z.cards) for z in view.zones if z.kind in ("bank", "table", "pile")] == [
        ("the bank's card, last deal", ["9C"]),
        ("the players' card, last deal", ["KD"]),
        ("cards turned, last deal", ["3H", "7S", "9H"]),
    ]


def test_hoyle_the_table_says_who_bet_on_a_card_as_the_bets_row_numbers_the_seats() -> None:
    """Hoyle's réjouissance, "on which everyone may bet": the third seat at the table (the engine's seat 2)
    bets 20 on the 7♥. The terminal numbers seats from 1, so its bets row reads "seat 3: 20"; the row of
    the réjouissance said "seat 2 bets 20" (the engine's number, not renumbered as every other line is),
    naming the banker as the bettor."""
    game = parlour.make("lansquenet", variant="hoyle", players=3)
    state = game.new(seed=1, deal={"banker": 1, "stacks": [["2C", "3C", "KC", "7H", "8D", "KD"]]})
    play(state, "bet 20")
    view = state.view(0)
    table = TerminalGame(game, [0], {}, 1, Console(record=True, width=100), ask=lambda p, c: "")
    rows = {label: value for label, value, _, _ in table.table_rows(view)}
    bets = rows["bets"]
    assert isinstance(bets, list) and [str(b) for b in bets] == ["you: 0", "seat 2: 0", "seat 3: 20"]
    assert [str(rows[label]) for label in rows if label.startswith("the réjouissance")] == ["7♥"]
    assert "the réjouissance: seat 3 bets 20" in rows
