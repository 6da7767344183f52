"""What each view of Two-handed Bezique may show: nobody learns a card he has not seen.

The reproduction (issue 10): under table laws a player draws a card too many and puts it back; the
other player draws it. The first knows where it went; a spectator never saw it and must not be told.

The property test checks every view (each seat's and the spectator's) the same way: two cards the
viewer has never seen (not in his hand, not in any public place, not named in any event he was
shown) may be swapped in the concealed hands and the talon without his view changing.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import BEZIQUE_64
from parlour.engine import Rng
from parlour.games.bezique.rules import BeziqueState, Phase
from tests.test_bezique import make, play, setup
from tests.test_bezique_penalties import HANDS, TOP

PACK = BEZIQUE_64


def test_a_card_put_back_and_drawn_by_the_other_is_not_shown_to_spectators() -> None:
    s = setup(HANDS, "KH", top=TOP, table_laws=True)
    play(s, "play AS", "play 7S", "draw", "draw")  # seat 0 draws QD as a ninth card and puts it back
    play(s, "draw")  # seat 1 draws QD
    assert "QD" in s.full_hand(1)
    assert s.view(0).extra.known[1] == ["QD"]  # seat 0 saw it
    assert s.view(1).extra.known[1] == ["QD"]  # seat 1 knows that seat 0 saw it
    assert s.view(None).extra.known[1] == []  # nobody showed it to the table
    # the seat that saw it has a private record of it; the public log names no card
    seen = [e for e in s.log if e.kind == "seen"]
    assert [(e.to, e.data["card"]) for e in seen] == [(0, "QD")]
    assert not any("QD" in json.dumps(dict(e.data)) for e in s.events(None))
    # a save keeps the difference
    loaded = s.game.load(s.to_json())
    assert loaded.view(None).extra.known[1] == [] and loaded.view(0).extra.known[1] == ["QD"]
    # the hand zones show the same: the card face up to seat 0, face down to the spectator
    zone = loaded.view(0).zone("hand", 1)
    assert zone is not None and zone.face_up == ["QD"]
    zone = loaded.view(None).zone("hand", 1)
    assert zone is not None and zone.face_up == []


def test_a_card_known_publicly_and_privately_keeps_the_difference() -> None:
    """Seat 1 holds a Q♦ the table knows of (an exchanged turn-up) and one only seat 0 saw."""
    hands = [
        ["AS", "9C", "8C", "7C", "9D", "8D", "7D", "8S"],
        ["7S", "7H", "8H", "9S", "JC", "JH", "JS", "TC"],
    ]
    s = setup(hands, "QH", top=["TD", "QH", "KC", "QC", "AD", "9D"], table_laws=True)
    play(s, "play AS", "play 7S", "draw", "draw", "draw")  # seat 0 puts Q♥ back, seat 1 draws it
    assert s.view(None).extra.known[1] == [] and s.view(0).extra.known[1] == ["QH"]
    play(s, "pass", "play 9C", "play TC")  # seat 1 wins and exchanges the seven for the turn-up
    play(s, "exchange 7H")
    assert s.concealed[1].count("QH") == 2
    assert s.view(0).extra.known[1] == ["QH", "QH"]
    assert s.view(None).extra.known[1] == ["QH"]
    # one Q♥ leaves the hand: each viewer knows of one copy fewer
    while s.current_player != 1 or s.phase is not Phase.TALON or s.trick:
        acts = s.legal_actions()
        s.apply("pass" if "pass" in acts else ("draw" if "draw" in acts else acts[0]))
    s.apply("play QH")
    assert s.view(0).extra.known[1] == ["QH"] and s.view(None).extra.known[1] == []


# --- the general property ---------------------------------------------------------------------


def _codes_in(value: Any) -> Iterator[str]:
    """Every card code named anywhere inside an event's data."""
    if isinstance(value, str):
        for word in value.replace(",", " ").split():
            if PACK.is_card(word):
                yield word
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _codes_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _codes_in(v)


def _seen_by(state: BeziqueState, viewer: int | None) -> set[str]:
    """Codes the viewer has had some sight of: public places, his hand, the events he was shown."""
    seen: set[str] = set()
    for s in (0, 1):
        seen.update(e.card for e in state.declared[s])
        seen.update(state.won[s])
    seen.update(c for _, c in state.trick)
    seen.update(c for _, c in state.last_trick)
    if state.turn_up is not None:
        seen.add(state.turn_up)
    if viewer is not None:
        seen.update(state.full_hand(viewer))
    for e in state.events(viewer):
        seen.update(_codes_in(e.data))
    return seen


def _swapped(state: BeziqueState, a: str, b: str) -> BeziqueState:
    """The same match with every concealed copy of ``a`` and ``b`` exchanged (hands, talon, knowledge)."""
    other = state.game.load(state.to_json())
    swap = {a: b, b: a}
    for zone in (other.concealed[0], other.concealed[1], other.stock):
        zone[:] = [swap.get(c, c) for c in zone]
    other.known = [{swap.get(c, c): n for c, n in k.items()} for k in other.known]
    other.known_privately = [{swap.get(c, c): n for c, n in k.items()} for k in other.known_privately]
    other._legal_cache = None
    return other


def _views_blind_to_unseen_cards(state: BeziqueState, rng: Rng) -> None:
    concealed = Counter(state.concealed[0]) + Counter(state.concealed[1]) + Counter(state.stock)
    for viewer in (None, 0, 1):
        seen = _seen_by(state, viewer)
        unseen = sorted((c for c in concealed if c not in seen), key=PACK.sort_key)
        pairs = [(a, b) for a in unseen for b in unseen if a < b and concealed[a] == concealed[b]]
        if not pairs:
            continue
        for a, b in (pairs[rng.randrange(len(pairs))] for _ in range(3)):
            other = _swapped(state, a, b)
            assert other.view(viewer) == state.view(viewer), f"view {viewer} tells {a} from {b}"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), table_laws=st.booleans())
def test_no_view_shows_a_card_its_viewer_has_not_seen(seed: int, table_laws: bool) -> None:
    """Random play (every fault of the table laws included), every view checked as it goes."""
    game = make(table_laws=table_laws, carte_blanche=True)
    s = game.new(seed=seed)
    rng = Rng(seed)
    step = 0
    while s.hand_number == 1 and not s.is_over:
        acts = s.legal_actions()
        # Faults often: a draw too many (when offered) half the time, so cards go back on the talon.
        if "draw" in acts and s.drawn and rng.random() < 0.5:
            s.apply("draw")
        else:
            s.apply(acts[rng.randrange(len(acts))])
        s.check_invariants()
        step += 1
        if step % 3 == 0:
            _views_blind_to_unseen_cards(s, rng)
