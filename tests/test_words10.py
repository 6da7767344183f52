"""The web table's words that need no browser, pinned where web-10 mended them: seats numbered from 1
(a person without a name was "seat 0", a computer player of a watched match "Computer 0"), the table's
API saying whose turn it is and when the last move was (the lobby's private tables said neither), a lead
prompted as a lead in Bezique and Apology, Bishops Whist's revoke review saying what the seat does,
Lansquenet's banco without room for a bet, the hints' "its" of the person, and Roquet's melds in words.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest

import parlour
from parlour.games.bezique.players import HeuristicPlayer as BeziqueHeuristic
from parlour.games.bezique.players import explain
from parlour.games.bezique.rules import Bezique, Phase
from parlour.games.lansquenet.rules import Lansquenet
from parlour.web.frames import describe_actions
from tests.test_hint_truth_more import _bz_decisions
from tests.test_web_protocol import db_url, sit, tokens
from tests.web_walks import COMPUTER, HUMAN, create, serving_api, store_of

__all__ = ["db_url"]  # the storage tests' fixture: SQLite, and PostgreSQL where PARLOUR_TEST_POSTGRES says


def names_of(client: Any, table_id: str) -> list[str]:
    return [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]


def test_a_seat_without_a_name_is_numbered_from_one(tmp_path: Any) -> None:
    """A person without a name sat at the table as "seat 0" (the engine's count from 0) beside "Computer
    1", and a computer player of a match watched was "Computer 0": every unnamed seat is numbered from 1,
    as the lobby's form numbers the seats, its number the seat's ("Seat 1", "Computer 2"). A table stored
    before keeps its "seat 0" and "Computer 0" in the store; they read as the new names do."""
    url = f"sqlite:///{tmp_path / 'p.db'}"
    with serving_api(url) as client:
        mixed = create(client, "bishops-whist", [HUMAN, COMPUTER, HUMAN, {**COMPUTER, "name": "Bea"}])
        watched = create(client, "roquet", [COMPUTER, COMPUTER])
        assert names_of(client, mixed["id"]) == ["Seat 1", "Computer 2", "Seat 3", "Bea"]
        assert names_of(client, watched["id"]) == ["Computer 1", "Computer 2"]
        kept = create(client, "bishops-whist", [HUMAN, COMPUTER, HUMAN, COMPUTER])
        store = store_of(client)
        for seat, name in enumerate(["seat 0", "Computer 1", "seat 2", "Computer 3"]):
            store.update_seat(kept["id"], seat, name=name)  # as a table made before web-10 was stored
    with serving_api(url) as client:  # (a new process: the table is read from the store)
        assert names_of(client, kept["id"]) == ["Seat 1", "Computer 2", "Seat 3", "Computer 4"]
        # one told it is not their turn hears the seat to move named as the table names it
        people = create(client, "bishops-whist", [HUMAN] * 4)
        mover = client.get(f"/api/tables/{people['id']}").json()["to_move"]
        other = (mover + 1) % 4
        with sit(client, people["id"], tokens(people)[other]) as peer:
            frame = peer.wait(lambda f: f["type"] == "state")[1]
            peer.send({"type": "act", "action": "play 2C", "version": frame["version"]})
            error = peer.wait(lambda f: f["type"] == "error")[1]
        assert error["message"] == f"Seat {mover + 1} is to move", error


@pytest.mark.postgres
def test_the_table_says_whose_turn_it_is_and_when_it_last_moved(db_url: str) -> None:
    """The lobby's "Your private tables" said nothing of whose turn it was or when the last move was: a
    table's API (``GET /api/tables/{id}``) gave neither. It gives ``to_move`` (the seat to move, null
    once over), ``moved`` (when the last move was stored, or the table made) and ``idle`` (seconds)."""
    with serving_api(db_url) as client:
        made = create(client, "roquet", [HUMAN, HUMAN])
        before = client.get(f"/api/tables/{made['id']}").json()
        created = dt.datetime.fromisoformat(before["moved"])
        assert before["idle"] >= 0 and created.tzinfo is not None, before
        secrets = tokens(made)
        mover = before["to_move"]
        assert mover in (0, 1), before
        with sit(client, made["id"], secrets[mover]) as peer:
            frame = peer.wait(lambda f: f["type"] == "state")[1]
            assert frame["view"]["decision"]["seat"] == mover
            peer.send({"type": "act", "action": frame["actions"][0]["text"], "version": frame["version"]})
            peer.wait(lambda f: f["type"] == "ack")
        after = client.get(f"/api/tables/{made['id']}").json()
        assert after["version"] == 1, after
        assert dt.datetime.fromisoformat(after["moved"]) >= created, (before, after)
        assert after["to_move"] == parlour_state_mover(client, made["id"]), after
        assert store_of(client).moved("no-such-table") is None


def parlour_state_mover(client: Any, table_id: str) -> int | None:
    """The seat the server's own match is waiting for."""
    table = client.app.state.tables.live[table_id]
    return table.state.current_player  # type: ignore[no-any-return]


def leads(game_name: str, seeds: range) -> list[tuple[str, str]]:
    """(prompt, what the log says next) at every play into an empty trick, over random matches."""
    found: list[tuple[str, str]] = []
    game = parlour.make(game_name)
    for seed in seeds:
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            at = len(state.log)
            state.apply(action)
            if (
                view.decision is not None
                and action.startswith("play ")
                and view.trick
                and not view.trick.plays
            ):
                said = [state.event_words(e) for e in state.log[at:] if e.to is None and state.event_words(e)]
                found.append((view.decision.prompt, said[0] if said else ""))
    return found


@pytest.mark.parametrize("game_name", ["bezique", "apology"])
def test_a_lead_is_prompted_as_a_lead(game_name: str) -> None:
    """Bezique's and Apology's leads were prompted "play a card" (Bezique's last eight "play a card: follow
    suit and head the trick if you can, else trump", with nothing to follow) while the log said "seat 0
    leads" (Apology's "seat 0 plays"): a lead is prompted "lead a card", as in Roquet and Bishops Whist."""
    found = leads(game_name, range(3))
    assert len(found) >= 20, found
    for prompt, said in found:
        # (Bezique's log says "leads"; Apology's "plays", a logged text that stays as it was)
        assert re.search(r" (leads|plays) ", said) and (game_name != "bezique" or " leads " in said), said
        assert prompt == "lead a card", (prompt, said)


def test_bishops_whist_s_revoke_review_says_what_the_seat_does() -> None:
    """The revoke review's prompt opened "let your card stand", so the seat's line read "— to let": it
    opens with what the seat does, "review your card: let it stand, or correct a revoke"."""
    game = parlour.make("bishops-whist", laws="table")
    seen = 0
    for seed in range(40):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and seen < 3:
            seat = state.current_player
            assert seat is not None
            decision = state.view(seat).decision
            if decision is not None and decision.kind == "review":
                assert decision.prompt == "review your card: let it stand, or correct a revoke", decision
                seen += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if seen >= 3:
            break
    assert seen >= 3, seen


def test_lansquenet_s_banco_without_room_for_a_bet_is_worded_as_a_choice() -> None:
    """Where no bet but the whole bank was left to a bettor, the prompt read "pass, go banco (the whole
    bank)": the refusal first, the bet an afterthought. It reads "go banco (bet the whole bank of 10), or
    pass". (No play reaches it: a bettor holds chips and the bank has room, or betting is over; the
    state is made by hand, as a save could hold it.)"""
    state = Lansquenet().new(
        seed=1, deal={"banker": 2, "chips": [100, 100, 37, 100], "stacks": [["9C", "KD", "9H"]]}
    )
    state.apply("bank 10")
    seat = state.current_player
    assert seat is not None
    state.purse[seat], state.bets[seat] = 0, 10  # a standing bet of the whole bank, no chip in hand
    assert state.banco_allowed(seat)
    prompt = state.view(seat).decision
    assert prompt is not None and prompt.prompt == "go banco (bet the whole bank of 10), or pass", prompt


PERSON_ITS = re.compile(
    r"\b(keeps its (aces|kings|queens|jacks)|its lowest|its first trick|it may (play|give)|it has won"
    r"|it can best spare)\b"
)
"""Words of a hint that speak of the person it is shown to as "it"."""


def test_bezique_s_hint_says_your_of_the_person() -> None:
    """Bezique's hint read "plays the 9♣, keeps its queens for four queens": shown to the person, "its"
    is theirs. It says "keeps your queens"; no hint of the six games' rules of thumb says "its" or "it"
    of the person."""
    game = Bezique()
    heuristic = BeziqueHeuristic(game)
    said: list[str] = []
    for _, _, view in _bz_decisions(game, range(2)):
        if view.extra.phase is Phase.TALON:
            said += [explain(heuristic, view, action, None) for action in view.legal_actions]
    fours = [words for words in said if "for four" in words]
    assert fours, "no hint kept cards for four of a kind"
    assert all(re.search(r"keeps your (ace|king|queen|jack)s for four", words) for words in fours), fours
    assert not [words for words in said if PERSON_ITS.search(words)]


def test_roquet_s_meld_actions_say_what_the_meld_is_and_is_worth() -> None:
    """Roquet's meld buttons showed the cards alone ("7♥ 7♠"): the actions the table is sent say what each
    combination is and is worth, as its zone does once laid ("pair of sevens, 2 points"); no other
    action, and no other game's, carries words the cards already say."""
    game = parlour.make("roquet")
    melds = 0
    for seed in range(4):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            for action in describe_actions(game, state.view(seat)):
                if action["kind"] == "meld":
                    melds += 1
                    assert re.fullmatch(
                        r"(pair|royal pair|muster) of [a-z]+, \d+ points|sequence of [a-z]+, \d+ points",
                        action["words"],
                    ), action
                else:
                    assert "words" not in action, action
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert melds >= 5, melds
    other = parlour.make("bezique")
    state = other.new(seed=1)
    assert all("words" not in a for a in describe_actions(other, state.view(state.current_player or 0)))
