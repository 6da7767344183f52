"""The lead's mends of stop 52, from the helpers' reports.

play-1 (a new player at the web table) read Apology's hint "play 3♦ — plays the 3♦, the cheapest card to
give up": the move said twice. A hint's reason follows its move ("play 3♦ — …"), so a card's reason does
not open by playing that card again.

term-15 left, in Hoyle's Lansquenet (no bank is put up, ruling LQ-17), the log's "turned: 9♠, matching the 9♥:
the bank takes 20": the chips go to the banker.
"""

from __future__ import annotations

import re

import parlour
from parlour.games.apology.players import _play_reason
from parlour.games.apology.rules import TAKER, Apology, seat_with_role
from parlour.players import make_player
from parlour.web.frames import log_lines
from tests.test_hint_truth import _ap_decisions


def test_an_apology_card_hint_does_not_play_its_card_again() -> None:
    """At every card to choose of seeded deals, for every lawful card: the reason never says "plays the
    <card>" (it said so in seven of its forms), and the words that remain still come."""
    game = Apology()
    said: list[str] = []
    for view in _ap_decisions(game, range(4)):
        assert view.decision is not None
        if view.decision.kind != "play" or len(view.legal_actions) < 2:
            continue
        taker = seat_with_role(view, TAKER)
        assert taker is not None
        for action in view.legal_actions:
            card = action.partition(" ")[2]
            reason = _play_reason(view, card, taker, 0.5).split(";")[0]
            assert not re.search(rf"\bplays (low with )?the {card}\b", reason), (card, reason)
            said.append(reason)
    assert len(said) > 300
    words = {re.sub(r"\b[0-9TJQKACLNRX]{1,2}[SHDC]?\b", "_", r) for r in said}
    assert "the cheapest card to give up" in words, sorted(words)
    assert "plays low: the trick is lost" in words, sorted(words)


def test_hoyles_matched_card_pays_the_banker() -> None:
    """The terminal's and the web's log lines (``log_lines``) of Hoyle's game say "the banker takes"; the
    logged text (and the recorded digests) stays "the bank takes"."""
    game = parlour.make("lansquenet", variant="hoyle")
    lines: list[str] = []
    logged: list[str] = []
    for seed in range(2):
        state = game.new(seed=seed)
        players = [make_player("heuristic", game, seed + s) for s in range(game.num_players)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat), game), seat=seat)
        lines += [line["text"] for line in log_lines(state, state.events(0))]
        logged += [str(e.data.get("text") or "") for e in state.events(0)]
    takes = [line for line in lines if re.search(r": the bank(er)? takes \d", line)]
    assert len(takes) > 5 and all(": the banker takes " in line for line in takes), takes[:5]
    assert sum(": the bank takes " in text for text in logged) == len(takes)
