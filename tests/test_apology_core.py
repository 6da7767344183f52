"""Apology's fast paths: seeded matches play exactly as they did before them (every view, legal list
and id, determinized world, save and log), whichever way the actions go in, and clones and loads too."""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
from parlour.games.apology.rules import Apology
from tests.conformance import (
    check_clone_goes_its_own_way,
    check_every_way_in,
    check_loaded_match_goes_on,
    match_digest,
)

RECORDED = {
    ("{}", 0): "316a42b7d21319934d72af9a12c8854e",
    ("{}", 1): "122c3637a4352c354ff5214466afb971",
    ('{"deals": 1}', 2): "952612db28a420740038b2590ede6947",
    ('{"deals": 2, "target_0": 0.0, "target_3": 0.0}', 3): "d334ad4e71d8b610b8347a766e06352c",
    ('{"deals": 2, "target_1": 100.5, "target_shift": -60.0}', 4): "6ef0ba4e6a01c4236cab1ffb60ee70cc",
    ('{"deals": 2, "oudlers": "cards"}', 5): "7c910bca010c832c6f0f8285862de93e",
    ('{"deals": 2, "bury_oudlers": false}', 6): "31ec775f422bafde47e94ec2069459bd",
    ('{"deals": 3, "unpaid": "lapse"}', 7): "f3e4ca623b031f03dba26b1fa7300607",
}
"""Digests of seeded random matches (at every step every seat's view, the legal actions and their ids,
and a determinized world of the seat to move; at the end the whole save: every event and its text,
every field), recorded with the rules as they were before the fast paths (main at 8a06bec); recorded
again when the options gained ``thrown_in`` (stop 33), whose name the saves now hold: with that key
left out of every view, world and save, the matches digested the same before and after it. Recorded
again when the view's words were mended (words-11: the tricks-won zones' label "won" became "tricks
won"; the escape payment's prompt "give a card from your won tricks for the escape" became "pay for the
escape with a card from the tricks you won", its situation "must give a card from their won tricks for
an escape" became "must pay for an escape with a card from the tricks won"): with those three put back
in every view, every match digested as recorded before (main at fd15fde); no event, text, save or
world changed. Recorded again when the count stopped showing the others the Landsknechts and Till
buried (option ``burial_shown``, default ``suited``; ruling AP-10): with ``all``, the play before it, and
the option's name left out of the saves, every match digested as recorded before (main at 6a5f4a8).
Recorded again (situ-1) when the situation left the deal's number, the trick's, the dealer, the taker and
the seat to move and what it is asked to the view's fields ("deal 1, seat 0 dealt: seat 1 to bid or
pass" became "") and the view gained ``hands_in_match``: with the old situation put back and the field
left out of every view, all eight are the digests recorded before (main at 17cce7a); recorded again (situ-2)
when every zone gained ``tricks`` (a tricks_won zone's count of its tricks, null elsewhere): with the field
left out of every view, all eight are the digests recorded before it (0d14346); recorded again (web-10)
when a lead's prompt became "lead a card" (it was "play a card", the log saying "leads"): with "play a
card" put back, all eight are the digests recorded before (main at 89b8da0); recorded again (review-11) when
the escape payment's prompt named whom it pays, for which escape, and the debts left ("pay seat 3 for your
escape with N: give a card from the tricks you won (3 escapes still to pay)"): with the old prompt, all eight
are the digests recorded before (lead at 159588c)."""


def game(**options: Any) -> Apology:
    g = parlour.make("apology", **options)
    assert isinstance(g, Apology)
    return g


def digest_of(options: str, seed: int) -> str:
    return match_digest(game(**json.loads(options)), seed)


@pytest.mark.parametrize(("options", "seed"), list(RECORDED))
def test_seeded_matches_play_as_recorded_before_the_fast_paths(options: str, seed: int) -> None:
    assert digest_of(options, seed) == RECORDED[options, seed]


OPTIONS: list[dict[str, Any]] = [{"deals": 2}, {"deals": 2, "unpaid": "lapse", "bury_oudlers": False}]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_way_in_plays_the_same_match(options: dict[str, Any]) -> None:
    check_every_way_in(game(**options))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_clone_goes_its_own_way(options: dict[str, Any]) -> None:
    check_clone_goes_its_own_way(game(**options), (0, 1, 2, 5, 9, 30, 31))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_loaded_match_goes_on_as_the_original(options: dict[str, Any]) -> None:
    check_loaded_match_goes_on(game(**options), (0, 1, 7, 20, 41))


def test_the_schema_agrees_with_the_rules() -> None:
    """The saved state's and the view's shapes live apart from the rules (they must stay interpreted
    when the rules are compiled): the same numbers, the same classes."""
    from parlour.games.apology import rules, schema

    assert (
        rules.PLAYERS,
        rules.HAND_SIZE,
        len(rules.KITTY),
        rules.BURIAL,
        rules.TRICKS,
    ) == (schema.PLAYERS, schema.HAND_SIZE, schema.KITTY_SIZE, schema.BURIAL, schema.TRICKS)
    assert (schema.STAKE, schema.DEFENDERS, schema.MAX_DEALS) == (
        rules.STAKE,
        rules.DEFENDERS,
        rules.MAX_DEALS,
    )
    assert rules.ApologySave is schema.ApologySave and rules.ApologyExtra is schema.ApologyExtra
