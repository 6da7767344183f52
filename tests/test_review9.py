"""review-9: a second reading of the day's merged work, pinned where it was mended.

A watcher of a finished match learnt of the players' next one (its banner's "Watch their next match",
review-7) only when some player's connection to the old table happened to close: "Play again" made
the next table and told each seated connection its own link, but told the table's watchers nothing.
A browser that followed its link closed its socket and so, by the way, told them; a player who stayed
(a frozen phone tab, a client of the protocol that does not leave) left the watchers at the old table.
"""

from __future__ import annotations

import contextlib
import random

from tests.test_web_protocol import HUMAN, create, db_url, play_out, serving, sit, sit_all, tokens

__all__ = ["db_url"]  # the fixture: SQLite, and PostgreSQL where one is given


def test_a_watcher_hears_of_the_next_match_while_the_players_stay(db_url: str) -> None:
    """ "Play again" tells the table's watchers where the players went (a ``table`` frame with its
    ``next_id``) at once, not when a player's socket closes."""
    with serving(db_url) as client:
        created = create(client, "bezique", [HUMAN, HUMAN], seed=71)
        tid = created["id"]
        with contextlib.ExitStack() as stack:
            people = sit_all(stack, client, tid, tokens(created))
            watcher = stack.enter_context(sit(client, tid, None))
            watcher.wait(lambda f: f["type"] == "welcome")
            end = play_out(people, random.Random(71))
            assert end["view"]["outcome"] is not None
            since = len(people[0].frames)
            people[0].send({"type": "again"})
            new_id = people[0].wait(lambda f: f["type"] == "next", since)[1]["id"]
            # both players are still connected to the old table: nobody has left it
            heard = [f["table"].get("next_id") for f in watcher.ping() if f["type"] == "table"]
            assert new_id in heard, heard
            again = len(people[1].frames)
            people[1].send({"type": "again"})
            assert people[1].wait(lambda f: f["type"] == "next", again)[1]["id"] == new_id
