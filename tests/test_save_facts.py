"""A save holds some facts twice, in a field and in the log's events (issue 11, part 1).

``load`` refuses a save whose two accounts of a fact disagree, naming the field: each case below
changes exactly one of the two in a real save of a seeded match played partway, in a way the checks
before issue 11 let through. A hypothesis test then changes one field anywhere in a save at random:
the save is refused with ``InvalidSave`` or loads to a state that keeps every invariant as it is
played on, and nothing else escapes.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import BISHOPS_WHIST
from parlour.engine import Game, InvalidSave, Rng, State, derive_seed
from parlour.players import make_player

Save = dict[str, Any]


@dataclass(frozen=True)
class Moment:
    """A moment of a seeded match of random play: the first position ``until`` accepts."""

    game: str
    options: tuple[tuple[str, Any], ...]
    until: Callable[[Any], bool]


MOMENTS: dict[str, Moment] = {
    # Table laws, the second hand: cards exposed and withdrawn, a revoke, a trick on the table.
    "bw-table": Moment(
        "bishops-whist",
        (("laws", "table"),),
        lambda s: (
            s.hands_played >= 1
            and s.phase == "play"
            and len(s.trick) >= 2
            and len(s.tricks) >= 2
            and s.exposed
            and s.withdrawn
            and s.revokes
            and s.turn_up == "N"
        ),
    ),
    "bw-strict": Moment(
        "bishops-whist",
        (),
        lambda s: (
            s.hands_played >= 1 and s.phase == "play" and s.turn_up_held and s.tricks and s.turn_up != "N"
        ),
    ),
    "bw-claim": Moment(
        "bishops-whist",
        (("laws", "table"),),
        lambda s: s.phase == "claim" and len(s.claimants) == 1 and s.revoked_sides,
    ),
    "bw-cut": Moment("bishops-whist", (("partners", "cut"),), lambda s: s.hands_played >= 1),
    "bw-over": Moment("bishops-whist", (("hand_limit", 2),), lambda s: s.is_over),
    "apology": Moment(
        "apology",
        (),
        lambda s: s.deal_no >= 1 and s.phase.value == "play" and len(s.tricks) >= 3 and s.trick and s.debts,
    ),
    "apology-over": Moment("apology", (("deals", 1),), lambda s: s.is_over),
    "bezique": Moment(
        "bezique",
        (),
        lambda s: s.hand_number >= 2 and s.tricks_played >= 3 and s.trick and max(map(len, s.won)) >= 4,
    ),
    "bezique-over": Moment("bezique", (("target", 200),), lambda s: s.is_over),
    "open-tarock": Moment(
        "open-tarock", (("deals", 4),), lambda s: s.hand_number >= 3 and len(s.tricks) >= 2 and s.trick
    ),
    "open-tarock-over": Moment("open-tarock", (), lambda s: s.is_over),
    "roquet": Moment(
        "roquet",
        (("target", 40),),
        lambda s: s.hand_number >= 2 and len(s.tricks) >= 2 and s.trick and max(map(len, s.melds)) >= 2,
    ),
    "roquet-over": Moment("roquet", (("target", 20),), lambda s: s.is_over),
    "lansquenet": Moment(
        "lansquenet",
        (),
        lambda s: (
            s.deals_played >= 2
            and not s.is_over
            and s.last_deal is not None
            and s.last_deal.classic
            and len(s.last_deal.pile) >= 2
        ),
    ),
    "lansquenet-over": Moment("lansquenet", (), lambda s: s.is_over),
}


@cache
def saved(moment: str) -> tuple[Game[Any], str]:
    """The game and the save of a moment (the first seed from 1 on whose match reaches it)."""
    m = MOMENTS[moment]
    game = parlour.make(m.game, **dict(m.options))
    for seed in range(1, 60):
        state = game.new(seed=seed)
        players = [make_player("random", game, derive_seed(seed, "p", i)) for i in range(game.num_players)]
        for _ in range(6000):
            if m.until(state):
                return game, state.to_json()
            seat = state.current_player
            if seat is None:
                break
            state.apply(players[seat].choose(state.view(seat), game), seat=seat)
    raise AssertionError(f"no seeded match reaches the moment {moment}")


def st_(data: Save) -> Any:
    """The game's own part of a save."""
    return data["state"]


def last(kind: str) -> Callable[[Save], dict[str, Any]]:
    """The data of the log's last public event of ``kind``."""

    def find(data: Save) -> dict[str, Any]:
        found: dict[str, Any] = next(
            e["data"] for e in reversed(data["log"]) if e["kind"] == kind and "to" not in e
        )
        return found

    return find


def set_state(key: str, change: Callable[[Any], Any]) -> Callable[[Save], None]:
    def mutate(data: Save) -> None:
        st_(data)[key] = change(st_(data)[key])

    return mutate


def set_event(kind: str, key: str, change: Callable[[Any], Any]) -> Callable[[Save], None]:
    def mutate(data: Save) -> None:
        event = last(kind)(data)
        event[key] = change(event[key])

    return mutate


def plus(n: int) -> Callable[[Any], Any]:
    return lambda v: v + n


def reversed_list(v: list[Any]) -> list[Any]:
    return v[::-1]


def first_plus_one(v: list[Any]) -> list[Any]:
    return [v[0] + 1, *v[1:]]


def swap_unshown_cards(data: Save) -> None:
    """A card of seat 1 and one of seat 2 change hands (none of them exposed or withdrawn)."""
    s = st_(data)
    shown = {c for _, c in s["exposed"] + s["withdrawn"]}
    hands = s["hands"]
    a = next(c for c in hands[1] if c not in shown)
    b = next(c for c in hands[2] if c not in shown and c != a)
    hands[1][hands[1].index(a)], hands[2][hands[2].index(b)] = b, a
    for hand in hands:
        hand.sort(key=BISHOPS_WHIST.sort_key)


def swap_on_the_table(data: Save) -> None:
    """The first two cards on the table change places (each seat keeps its place in the trick)."""
    trick = st_(data)["trick"]
    trick[0][1], trick[1][1] = trick[1][1], trick[0][1]


def another_turn_up(data: Save) -> None:
    """The turn-up named as another card of its suit that the dealer holds (no bishop: no bishop cut)."""
    s = st_(data)
    up = s["turn_up"]
    s["turn_up"] = next(c for c in s["hands"][s["dealer"]] if c != up and c[-1] == up[-1] and c[0] != "B")


def other_exposed_card(data: Save) -> None:
    """The first exposed card named as another card its seat holds."""
    s = st_(data)
    seat, _ = s["exposed"][0]
    shown = {c for _, c in s["exposed"] + s["withdrawn"]}
    s["exposed"][0][1] = next(c for c in s["hands"][seat] if c not in shown)


def both_claimants(data: Save) -> None:
    """The claim phase with the first claimant still to answer, though the log has the answer."""
    s = st_(data)
    order = s["order"]
    first = order[(order.index(s["dealer"]) + 1) % 4]
    s["claimants"] = [first, *s["claimants"]]


def apology_swap_same_suit(data: Save) -> None:
    """Two defenders exchange cards of one suit (sizes and following suit unchanged)."""
    hands = st_(data)["hands"]
    for a, b in ((0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)):
        for card in hands[a]:
            match = [c for c in hands[b] if c[-1] == card[-1] and len(c) == 2 and len(card) == 2]
            if match:
                i, j = hands[a].index(card), hands[b].index(match[0])
                hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
                return
    raise AssertionError("no two hands share a suit")


def flip_last_bid(data: Save) -> None:
    event = last("bid")(data)
    event["bid"] = not event["bid"]


def bezique_won_reordered(data: Save) -> None:
    """Under the last trick's two cards, a won pile's first two cards change places."""
    pile = next(w for w in st_(data)["won"] if len(w) >= 4)
    pile[0], pile[1] = pile[1], pile[0]


def lead_another_card(data: Save) -> None:
    """The log's last lead names another card than the one on the table."""
    event = last("play")(data)
    event["card"] = st_(data)["hidden"][event["seat"]][0]


def roquet_melds_reordered(data: Save) -> None:
    melds = next(m for m in st_(data)["melds"] if len(m) >= 2)
    melds.reverse()


def no_session_end(data: Save) -> None:
    """The log's session_over event replaced by a note."""
    at = max(i for i, e in enumerate(data["log"]) if e["kind"] == "session_over")
    data["log"][at] = {"kind": "note", "data": {"text": "a note"}}


@dataclass(frozen=True)
class Case:
    moment: str
    what: str
    mutate: Callable[[Save], None]
    named: str
    """What the refusal must name: the field (``state.`` left off) or the log event's field."""


CASES = [
    # Bishops Whist: the fields against the log's events, and the log's hand_end against the log.
    Case("bw-table", "hand points", set_state("hand_points", first_plus_one), "hand_points"),
    Case("bw-table", "hands played", set_state("hands_played", plus(-1)), "hands_played"),
    Case("bw-table", "hand number", set_state("hand_number", plus(1)), "hand_number"),
    Case("bw-table", "the trick on the table", swap_on_the_table, "trick"),
    Case("bw-table", "a card exposed", other_exposed_card, "exposed"),
    Case(
        "bw-table", "the seats that exposed this trick", set_state("exposed_now", lambda v: []), "exposed_now"
    ),
    Case("bw-table", "a card withdrawn", set_state("withdrawn", lambda v: v[:-1]), "withdrawn"),
    Case("bw-table", "the revokes", set_state("revokes", lambda v: []), "revokes"),
    Case("bw-table", "trumps named", set_state("trump", lambda t: "S" if t != "S" else "H"), "trump"),
    Case("bw-table", "the hands", swap_unshown_cards, "hands."),
    Case(
        "bw-table",
        "a trick's winner in the log",
        set_event("trick", "winner", lambda w: (w + 2) % 4),
        "tricks",
    ),
    Case(
        "bw-table", "a hand_end's running match", set_event("hand_end", "match", first_plus_one), "data.match"
    ),
    Case(
        "bw-table",
        "a hand_end's tricks",
        set_event("hand_end", "tricks", lambda v: [v[0] + 1, v[1] - 1]),
        "data.tricks",
    ),
    Case("bw-table", "a hand_end's bishops", set_event("hand_end", "bishops", reversed_list), "data.bishops"),
    Case("bw-table", "a hand_end's hand", set_event("hand_end", "hand", plus(4)), "data.hand"),
    Case(
        "bw-table", "the dealer in the log", set_event("turn_up", "dealer", lambda v: (v + 1) % 4), "dealer"
    ),
    Case(
        "bw-table",
        "trumps in the log",
        set_event("trump", "suit", lambda t: "S" if t != "S" else "H"),
        "trump",
    ),
    Case("bw-strict", "the turn-up", another_turn_up, "turn_up"),
    Case("bw-claim", "the sides found revoking", set_state("revoked_sides", lambda v: []), "revoked_sides"),
    Case("bw-claim", "the claims still to answer", both_claimants, "claimants"),
    Case("bw-cut", "the cut for partners in the log", set_event("table", "order", reversed_list), "order"),
    Case(
        "bw-over",
        "the winner in the log",
        set_event("match_end", "winner_side", lambda w: 1 - (w or 0)),
        "winner_side",
    ),
    Case(
        "bw-over",
        "the last hand's points",
        set_state("hand_points", lambda v: [v[0], v[1] + 1]),
        "hand_points",
    ),
    # Apology
    Case("apology", "the hands", apology_swap_same_suit, "hands"),
    Case("apology", "the burial's order", set_state("buried", reversed_list), "buried"),
    Case("apology", "a won pile's order", set_state("won", lambda w: [p[::-1] for p in w]), "won"),
    Case("apology", "a bid in the log", flip_last_bid, "bids"),
    Case("apology", "a trick's cards in the log", set_event("trick", "cards", reversed_list), "data.cards"),
    Case("apology", "the dealer in the log", set_event("deal", "dealer", lambda v: (v + 1) % 4), "dealer"),
    Case(
        "apology-over",
        "the final scores in the log",
        set_event("match_end", "scores", reversed_list),
        "points",
    ),
    # Bezique
    Case("bezique", "a won pile", bezique_won_reordered, "won."),
    Case("bezique", "a hand_end's hand", set_event("hand_end", "hand", plus(2)), "data.hand"),
    Case("bezique", "the card led, in the log", lead_another_card, "trick"),
    Case(
        "bezique-over",
        "the final totals in the log",
        set_event("match_end", "scores", reversed_list),
        "totals",
    ),
    # Open Tarock
    Case(
        "open-tarock", "the hands' points, in order", set_state("hand_points", reversed_list), "hand_points"
    ),
    Case(
        "open-tarock", "a trick's cards in the log", set_event("trick", "cards", reversed_list), "data.cards"
    ),
    Case(
        "open-tarock-over",
        "the final totals in the log",
        set_event("match_end", "scores", reversed_list),
        "totals",
    ),
    # Roquet
    Case("roquet", "the combinations laid down", roquet_melds_reordered, "melds"),
    Case(
        "roquet",
        "this trick's combinations",
        set_state("melds_made", lambda n: max(0, n - 1) if n else 1),
        "melds_made",
    ),
    Case("roquet", "the livret", set_state("livret", reversed_list), "livret"),
    Case(
        "roquet", "a hand_end's running scores", set_event("hand_end", "scores", reversed_list), "data.scores"
    ),
    Case(
        "roquet-over",
        "the final scores in the log",
        set_event("match_end", "scores", reversed_list),
        "match_scores",
    ),
    # Lansquenet
    Case(
        "lansquenet",
        "the last deal's chips",
        lambda d: st_(d)["public"]["last_deal"]["points"].reverse(),
        "last_deal.points",
    ),
    Case(
        "lansquenet",
        "the last deal's pile",
        lambda d: st_(d)["public"]["last_deal"]["pile"].reverse(),
        "last_deal.pile",
    ),
    Case(
        "lansquenet",
        "the last deal's bank card",
        lambda d: st_(d)["public"]["last_deal"].__setitem__(
            "bank_card", st_(d)["public"]["last_deal"]["players_card"]
        ),
        "last_deal.bank_card",
    ),
    Case(
        "lansquenet",
        "the deals played",
        lambda d: st_(d)["public"].__setitem__("deals_played", st_(d)["public"]["deals_played"] + 1),
        "deals_played",
    ),
    Case("lansquenet", "a hand_end's deal number", set_event("hand_end", "deal", plus(5)), "data.deal"),
    Case(
        "lansquenet",
        "the banker in the log",
        set_event("banker", "seat", lambda v: (v + 1) % 4),
        "banks_started",
    ),
    Case("lansquenet-over", "the session's end in the log", no_session_end, "phase"),
]


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_the_saves_of_each_moment_load(moment: str) -> None:
    game, text = saved(moment)
    assert game.load(text).to_json() == text


@pytest.mark.parametrize("case", CASES, ids=[f"{c.moment}: {c.what}" for c in CASES])
def test_a_fact_told_two_ways_is_refused_naming_it(case: Case) -> None:
    game, text = saved(case.moment)
    data = json.loads(text)
    case.mutate(data)
    assert data != json.loads(text), "the case changed nothing"
    with pytest.raises(InvalidSave, match=re.escape(case.named)) as refused:
        game.load(json.dumps(data))
    assert "log" in str(refused.value), "refused for the disagreement with the log"
    assert game.load(text).to_json() == text  # the game is untouched by the refusal


def test_every_game_has_a_case() -> None:
    assert {MOMENTS[c.moment].game for c in CASES} == {info.name for info in parlour.list_games()}


# --- one field changed at random -----------------------------------------------------------------

Path = tuple[str | int, ...]


def leaves(node: Any, at: Path = ()) -> list[tuple[Path, Any]]:
    """Every place in a JSON tree with what lies there (containers too, the root left out)."""
    out: list[tuple[Path, Any]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        out.append(((*at, key), value))
        out.extend(leaves(value, (*at, key)))
    return out


def strings_of(data: Save) -> list[str]:
    """The short strings of a save (cards, words, seats named): the likeliest plausible replacements."""
    return sorted({v for _, v in leaves(data) if isinstance(v, str) and len(v) <= 12})


def changed(value: Any, draw: Callable[[st.SearchStrategy[Any]], Any], words: list[str]) -> Any:
    """One plausible change to ``value``: a nudged number, a flipped flag, another word of the save,
    a list cut, grown or turned round, an object without one of its keys."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([-2, -1, 1, 2, 13]))
    if isinstance(value, float):
        return value + draw(st.sampled_from([-1.0, 1 / 3, 0.5, 1.0]))
    if isinstance(value, str):
        return draw(st.sampled_from(words))
    if value is None:
        return draw(st.sampled_from([0, 1, "", words[0]]))
    if isinstance(value, list):
        if not value:
            return [draw(st.sampled_from(words))]
        how = draw(st.sampled_from(["cut", "grow", "turn", "drop"]))
        if how == "cut":
            return value[:-1]
        if how == "grow":
            return [*value, copy.deepcopy(value[-1])]
        if how == "turn":
            return value[::-1]
        i = draw(st.integers(0, len(value) - 1))
        return value[:i] + value[i + 1 :]
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        return {k: v for k, v in value.items() if k != key}
    return None


def put(root: Save, path: Path, value: Any) -> None:
    node: Any = root
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value


def plays_on(state: State, seed: int, steps: int = 12) -> None:
    """A few random legal moves, every invariant holding after each."""
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        ranges = state.legal_ranges()
        if legal:
            state.apply(rng.choice(legal))
        else:
            r = ranges[0]
            state.apply(f"{r.verb} {r.low}")
        state.check_invariants()


CHANGES = 150
"""Single-field changes per moment (hypothesis examples) in the default run."""


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_one_field_changed_at_random_is_refused_or_keeps_every_invariant(moment: str) -> None:
    change_one_field(moment, CHANGES)


@pytest.mark.soak
@pytest.mark.timeout(0)
@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_one_field_changed_at_random_soak(moment: str) -> None:
    change_one_field(moment, 3000)


def change_one_field(moment: str, examples: int) -> None:
    """The default run draws the same changes every time; the soak run new ones each time."""
    game, text = saved(moment)
    original = json.loads(text)
    places = [p for p, _ in leaves(original) if p[0] != "rng"]  # any word of the random state is one
    words = strings_of(original)

    @settings(
        max_examples=examples,
        derandomize=examples <= CHANGES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        save = copy.deepcopy(original)
        path = data.draw(st.sampled_from(places), label="path")
        value = save
        for p in path:
            value = value[p]
        put(save, path, changed(value, data.draw, words))
        try:
            state = game.load(json.dumps(save))
        except InvalidSave as exc:
            assert str(exc) and len(str(exc)) < 1000
            return
        state.check_invariants()
        plays_on(state, seed=len(path))

    run()
