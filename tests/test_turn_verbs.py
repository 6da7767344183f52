"""The seat to move is marked with its prompt's own verb ("▶ You — to lead" under "lead a card"), which
render.js's ``turnVerb`` reads from the prompt's words. Reading a game's English in a generic front end
is fragile: a game that words a prompt anew could make the line say "— to following" or "— to a". So
every prompt the six games give, over random matches and every option of the options matrix, is put to
``turnVerb`` in a real browser, and the verb it gives must open the prompt's clause (after any news the
prompt first gives, "a knight was turned: ..."), or be the decision's kind where the prompt opens with
no verb."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

import parlour
from tests.conformance import option_matrix
from tests.web_walks import browser, context, serving

__all__ = ["browser"]  # the walks' Chromium, shared by this module's tests

GAMES = ["bishops-whist", "roquet", "apology", "bezique", "open-tarock", "lansquenet"]

NEWS = re.compile(r"^[^:]*\b(?:was|were|has been|have been)\b[^:]*: ")
"""A prompt's opening news ("a knight was turned: "), which ``turnVerb`` passes over too."""


def prompts(game: str) -> set[tuple[str, str]]:
    """Every (prompt, kind) of the decisions met in a few random matches of ``game`` under its default
    options and each entry of its options matrix short enough to play."""
    seen: set[tuple[str, str]] = set()
    for options, short in [({}, True), *option_matrix(game)]:
        if not short:
            continue
        for seed in range(3):
            state = parlour.make(game, **options).new(seed=seed)
            rng = random.Random(seed)
            for _ in range(300):
                if state.is_over:
                    break
                seat = state.current_player
                decision = state.view(seat).decision if seat is not None else None
                if decision is not None:
                    seen.add((decision.prompt, decision.kind))
                # an amount's decision too (Lansquenet's bank and bets): its moves are ranges, not listed,
                # and a match ended at the first of them never reached the classic game's bets, keep, buy
                moves = state.legal_actions()
                moves += [f"{r.verb} {rng.randint(r.low, r.high)}" for r in state.legal_ranges()]
                if not moves:
                    break
                state.apply(rng.choice(moves))
    return seen


TURN_VERBS = """(cases) => import("/static/render.js").then((r) =>
  cases.map(([prompt, kind]) => r.turnVerb({ prompt, kind })))"""
"""render.js's ``turnVerb`` of each (prompt, kind)."""


def test_every_prompt_is_gathered_with_its_kind() -> None:
    """The gathering itself sees the decisions a player meets: a lead and a follow in each trick game,
    Lansquenet's bank."""
    met = {game: {prompt.split()[0] for prompt, _ in prompts(game)} for game in ("roquet", "lansquenet")}
    assert {"lead", "play"} <= met["roquet"], met
    assert "put" in met["lansquenet"], met


@pytest.mark.browser
def test_every_prompt_s_turn_verb_opens_the_prompt(browser: Browser, tmp_path: Path) -> None:
    cases: list[tuple[str, str, str]] = [
        (game, prompt, kind) for game in GAMES for prompt, kind in sorted(prompts(game))
    ]
    assert len(cases) > 30
    with serving(tmp_path) as server, context(browser) as ctx:
        page = ctx.new_page()
        page.goto(server.url + "/")
        verbs: list[Any] = page.evaluate(TURN_VERBS, [[prompt, kind] for _, prompt, kind in cases])
    wrong = []
    for (game, prompt, kind), verb in zip(cases, verbs, strict=True):
        clause = NEWS.sub("", prompt)
        opens = re.match(r"[a-z]+", clause) is not None
        if opens:
            ok = clause == verb or clause.startswith(verb + " ") or clause.startswith(verb + ",")
        else:
            ok = verb == kind
        if not ok or verb in {"", "to", "a", "the", "you"}:
            wrong.append((game, prompt, kind, verb))
    assert not wrong, wrong
