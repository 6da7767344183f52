"""Refusals at the web table say their reason once (the QA pass): the page puts its own words first
("That is not allowed: ...", "It is not your turn: ..."), so the server's message must not repeat them."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from parlour.cards import get_pack
from tests.test_web_protocol import (
    COMPUTER,
    HUMAN,
    Peer,
    choose,
    create,
    serving,
    sit,
    sit_all,
    tokens,
    wait_for,
)


def test_refusals_give_the_reason_once(tmp_path: Path) -> None:
    """Before: "That is not an action of this game: illegal action 'play ZZ': 'ZZ' is not a card ...",
    "It is not your turn: it is not your turn: seat 1 is to move"."""
    with serving(f"sqlite:///{tmp_path / 'parlour.db'}") as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=3)
        with contextlib.ExitStack() as stack:
            peers = sit_all(stack, client, created["id"], tokens(created))
            state = peers[0].state(0)
            mover = state["view"]["to_move"]
            me, other = peers[mover], peers[1 - mover]
            hand = next(z for z in state["view"]["zones"] if z["kind"] == "hand" and z["owner"] == mover)
            not_held = next(c for c in sorted(get_pack("bezique64").cards) if c not in set(hand["cards"]))
            legal = choose(state, random.Random(1))

            def refusal(peer: object, action: str) -> dict[str, object]:
                since = len(peer.frames)  # type: ignore[attr-defined]
                peer.send({"type": "act", "action": action, "version": 0})  # type: ignore[attr-defined]
                answer: dict[str, object] = peer.reply(since)  # type: ignore[attr-defined]
                return answer

            malformed = refusal(me, "play ZZ")
            assert malformed["code"] == "malformed"
            assert str(malformed["message"]).startswith(
                "'ZZ' is not a card of this game's pack; a card is its rank"
            )
            illegal = refusal(me, f"play {not_held}")
            assert illegal["code"] == "illegal"
            assert "illegal action" not in str(illegal["message"]), illegal
            assert str(illegal["message"]).strip(), illegal
            turn = refusal(other, legal)
            assert turn["code"] == "not_your_turn"
            assert "not your turn" not in str(turn["message"]), turn
            assert str(turn["message"]).endswith("is to move"), turn


def test_how_to_show_the_extras_is_said_once(tmp_path: Path) -> None:
    """``extra_fields`` (how to show a game's extras: labels, seats, suits) is fixed for a game, but went
    with every state frame and every step of a replay. It comes once, in the welcome (to a seat and to a
    watcher), describing the extras the views hold, and in a replay's opening step (asked for with
    ``opening``); no state frame carries it, nor a replay's later step."""
    with serving(f"sqlite:///{tmp_path / 'parlour.db'}") as client:
        created = create(client, "apology", [HUMAN, HUMAN, HUMAN, HUMAN], seed=3)
        with contextlib.ExitStack() as stack:
            peers = sit_all(stack, client, created["id"], tokens(created))
            rng = random.Random(1)
            version = peers[0].state()["version"]
            for _ in range(6):
                seen = {seat: peer.state(version) for seat, peer in peers.items()}
                mover = seen[0]["view"]["to_move"]
                since = len(peers[mover].frames)
                peers[mover].send({"type": "act", "action": choose(seen[mover], rng), "version": version})
                assert peers[mover].reply(since)["type"] == "ack"
                version += 1
            everyone: dict[int | None, Peer] = dict(peers.items())
            everyone[None] = stack.enter_context(sit(client, created["id"], None))  # a watcher
            for seat, peer in everyone.items():
                peer.state(version)
                welcomes = [f for f in peer.frames if f["type"] == "welcome"]
                states = [f for f in peer.frames if f["type"] == "state"]
                assert len(welcomes) == 1 and welcomes[0]["seat"] == seat and states, seat
                fields = welcomes[0]["extra_fields"]
                assert [f["name"] for f in fields] == list(states[0]["view"]["extra"]), seat
                assert any(f["label"] == "shown out of" and f["suits"] for f in fields), fields
                assert all("extra_fields" not in f for f in states), seat
        done = create(client, "bezique", [COMPUTER, COMPUTER], seed=81)
        tid = done["id"]
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished", what="the end")
        replay = f"/api/tables/{tid}/replay"
        for seen_as in ("0", "all"):
            opening = client.get(replay, params={"step": 0, "seat": seen_as, "opening": "true"}).json()
            assert [f["name"] for f in opening["extra_fields"]] == list(opening["view"]["extra"]), seen_as
            later = client.get(replay, params={"step": 1, "seat": seen_as}).json()
            assert "extra_fields" not in later and later["view"]["extra"], seen_as
