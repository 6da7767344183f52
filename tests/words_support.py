"""Words a card player would not follow, shared by the tests of what the computer players say: the
levels' notes (tests/test_web13.py, tests/test_review11.py) and the hints' reasons (tests/test_hints12.py)."""

from __future__ import annotations

import re

JARGON = re.compile(
    r"monte carlo|markov|pimc|playout|\bworlds?\b|heuristic|alpha-beta|determini[sz]|solver|double-dummy"
    r"|expectimax|\bply\b|one-ply|\bnodes?\b|positions|baseline|simulation|sampled|the mean\b|no search"
    r"|budget|evaluation|game\.|``|\bdepth\b",
    re.IGNORECASE,
)
"""Words a card player would not follow in a note on a computer level (the notes said "Markov chains",
"Perfect-information Monte Carlo", "playouts", "one-ply evaluation", "sampled deals", "alpha-beta")."""

HINT_JARGON = re.compile(JARGON.pattern + r"|\bsearch|deals tried", re.IGNORECASE)
"""The same, and what the hints said besides: "the search expects the taker to make it in 100% of the
deals tried" (Apology), where the player is told what a program did rather than what the cards promise."""

__all__ = ["HINT_JARGON", "JARGON"]
