"""Refusals at the web table say their reason once (the QA pass): the page puts its own words first
("That is not allowed: ...", "It is not your turn: ..."), so the server's message must not repeat them."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from parlour.cards import get_pack
from tests.test_web_protocol import HUMAN, choose, create, serving, sit_all, tokens


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
