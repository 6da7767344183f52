"""Open tarock for children: a two-player trick game played from face-up stacks.

Each player's cards lie in stacks whose top cards are turned up, so both players
see exactly the same cards; the only hidden information is the face-down rest of
the stacks, hidden from their owner too. Points are counted in batches of three
the tarock way, which is linear in the cards: a card counts its points less two
thirds, so a seat's count is ``(3 * sum(points) - 2 * cards) / 3`` however the
cards are grouped, and the two counts always make the pack's total.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar

from pydantic import Field

from parlour.cards import ROMAN, SUIT_NAMES, Pack, get_pack
from parlour.engine import Event, Game, InvalidDeal, InvalidOption, InvalidState, Option, Rng, State
from parlour.engine.errors import echo
from parlour.engine.saves import Code, SaveDict, Seat, checked

PACKS: tuple[str, ...] = ("tarock54", "tarot78")
DEFAULT_STACKS: Mapping[str, tuple[int, ...]] = {"tarock54": (7, 7, 7, 6), "tarot78": (10, 10, 10, 9)}

TRUMP = "T"
"""The suit key of the tarocks (I to XXI and the Sküs), which are outside the four suits."""

TRUMP_STRENGTH: Mapping[str, int] = {**{r: i + 1 for i, r in enumerate(ROMAN)}, "SK": 22}
"""I is the lowest trump, XXI the second highest, the Sküs (Fool) the highest."""

HONOURS: Mapping[str, int] = {"K": 5, "Q": 4, "C": 3, "J": 2}
TRULL: frozenset[str] = frozenset({"SK", "XXI", "I"})


def suit_of(card: str) -> str:
    """The suit letter, or ``T`` for a tarock (trump)."""
    return TRUMP if card in TRUMP_STRENGTH else card[-1]


def strength(pack: Pack, card: str) -> int:
    """Rank within the card's own suit (or among the trumps): higher beats lower."""
    if card in TRUMP_STRENGTH:
        return TRUMP_STRENGTH[card]
    ranks = pack.suit_ranks[card[-1]]
    return len(ranks) - ranks.index(card[:-1])


def card_points(card: str) -> int:
    """Nominal points: K and the trull 5, Q 4, C 3, J 2; an empty card counts 1 in a batch."""
    if card in TRULL:
        return 5
    if card in TRUMP_STRENGTH:
        return 1
    return HONOURS.get(card[:-1], 1)


def is_honour(card: str) -> bool:
    return card_points(card) > 1


def count_thirds(cards: Sequence[str], short_batch: str = "thirds") -> int:
    """A pile's count in thirds of a point.

    A full batch of three counts its points less 2 (the seed's rule, restated), so
    full batches are linear and their grouping never matters. A short last batch
    of one or two cards counts its points less two thirds a card (``thirds``, the
    Austrian "Blatt") or, read literally as a batch, its points less one per card
    beyond the first (``literal``), which again does not depend on the grouping.
    """
    n = len(cards)
    total = sum(card_points(c) for c in cards)
    if short_batch == "thirds":
        return 3 * total - 2 * n
    full, rest = divmod(n, 3)
    return 3 * (total - 2 * full - (rest - 1 if rest else 0))


def batches(cards: Sequence[str]) -> list[list[str]]:
    """The pile in threes, as it was taken (for the count shown to the players)."""
    return [list(cards[i : i + 3]) for i in range(0, len(cards), 3)]


def pack_total(pack: Pack) -> int:
    """The whole pack's count in points: 70 for the 54-card pack, 78 for the 78-card pack."""
    return count_thirds(pack.cards) // 3


def fmt_thirds(thirds: int) -> str:
    """A count in thirds, written the way players say it: ``35⅔``, ``-1⅓``."""
    sign = "-" if thirds < 0 else ""
    whole, rest = divmod(abs(thirds), 3)
    frac = {0: "", 1: "⅓", 2: "⅔"}[rest]
    if whole == 0 and frac:
        return sign + frac
    return f"{sign}{whole}{frac}"


MAX_STACKS_TEXT = 200
"""No sensible ``stacks`` option is longer (39 sizes of two digits); longer text is refused unread."""


def parse_stacks(text: object, pack: str) -> tuple[int, ...]:
    """The stack sizes an option names (``auto`` = the pack's default), checked against the pack.

    Sizes are plain decimal numbers (ASCII digits only) separated by commas; anything else is
    refused with ``InvalidOption`` saying what is allowed (ruling OT-17).
    """
    usage = "give 'auto' or stack sizes separated by commas, such as '7,7,7,6'"
    if not isinstance(text, str):
        raise InvalidOption(f"option stacks={echo(text)} is not allowed: {usage}")
    if len(text) > MAX_STACKS_TEXT:
        raise InvalidOption(f"option stacks is at most {MAX_STACKS_TEXT} characters: {usage}")
    if text.strip().lower() == "auto":
        return DEFAULT_STACKS[pack]
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise InvalidOption(f"option stacks={echo(text)} is not allowed: {usage}")
    sizes = tuple(int(p) for p in parts)
    half = len(get_pack(pack)) // 2
    if min(sizes) < 1 or sum(sizes) != half:
        raise InvalidOption(
            f"option stacks={echo(text)} is not allowed: the stacks must be positive and hold "
            f"{half} cards, half the {pack} pack"
        )
    return sizes


MAX_HALF = 39
"""The most cards a player holds: half the 78-card pack (the bound of every saved list)."""
Stack = Annotated[list[Code], Field(max_length=MAX_HALF)]
Pile = Annotated[list[Code], Field(max_length=2 * MAX_HALF)]
HandPoints = Annotated[float, Field(ge=-1000.0, le=1000.0)]


class TrickCardSave(SaveDict):
    seat: Seat
    card: Code


class TrickSave(SaveDict):
    leader: Seat
    cards: tuple[TrickCardSave, TrickCardSave]
    winner: Seat


class OpenTarockSave(SaveDict):
    """The saved state of a match (``OpenTarockState._data``); ruling OT-19 says what else must hold."""

    hand_number: Annotated[int, Field(ge=1, le=100)]
    dealer: Seat
    leader: Seat
    turn: Seat | None
    stacks: tuple[
        Annotated[list[Stack], Field(max_length=MAX_HALF)], Annotated[list[Stack], Field(max_length=MAX_HALF)]
    ]
    trick: Annotated[list[tuple[Seat, Code]], Field(max_length=1)]
    tricks: Annotated[list[TrickSave], Field(max_length=MAX_HALF)]
    piles: tuple[Pile, Pile]
    hand_points: Annotated[list[tuple[HandPoints, HandPoints]], Field(max_length=100)]
    totals: tuple[
        Annotated[float, Field(ge=-100_000.0, le=100_000.0)],
        Annotated[float, Field(ge=-100_000.0, le=100_000.0)],
    ]


class OpenTarockState(State):
    """One match: ``deals`` hands, the deal passing to the other player each hand."""

    game: OpenTarock

    def __init__(self, game: OpenTarock, seed: int | None = None) -> None:
        super().__init__(game, seed)
        self.hand_number = 0
        self.dealer = 0
        self.leader = 0
        self.turn: int | None = None
        # stacks[seat][i]: the cards of stack i, top (turned-up) card first
        self.stacks: list[list[list[str]]] = [[], []]
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[dict[str, Any]] = []
        self.piles: list[list[str]] = [[], []]
        self.hand_points: list[list[float]] = []
        self.totals: list[float] = [0.0, 0.0]

    # --- the contract ------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def scores(self) -> list[float]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        """The seat with the higher total; equal totals (to rounding) are a draw: nobody won."""
        if not self.is_over:
            return []
        a, b = self.totals
        if abs(a - b) < 1e-9:
            return []
        return [0] if a > b else [1]

    def tops(self, seat: int) -> list[str]:
        """The seat's turned-up cards, in stack order: the only cards it may play."""
        return [s[0] for s in self.stacks[seat] if s]

    def legal_actions(self) -> list[str]:
        if self.turn is None:
            return []
        return [f"play {c}" for c in self._playable(self.turn)]

    def _playable(self, seat: int) -> list[str]:
        tops = self.tops(seat)
        if not self.trick:
            return tops
        led = suit_of(self.trick[0][1])
        same = [c for c in tops if suit_of(c) == led]
        if same:
            return same
        trumps = [c for c in tops if suit_of(c) == TRUMP]
        return trumps or tops

    def explain_illegal(self, action: str) -> str:
        if self.turn is None:
            return "the match is over"
        words = action.split()
        if not words or words[0] != "play" or len(words) != 2:
            return "play a card with 'play <card>', e.g. 'play XXI' or 'play KH'"
        card = words[1]
        pack = self.game.card_pack
        if not pack.is_card(card):
            return f"{echo(card)} is not a card of the {pack.title}"
        tops = self.tops(self.turn)
        if card not in tops:
            return (
                f"{card} is not one of your turned-up cards; you may play only the top card of a stack: "
                + ", ".join(tops)
            )
        if not self.trick:
            return "not a legal action now"
        led = suit_of(self.trick[0][1])
        legal = self._playable(self.turn)
        if led == TRUMP:
            return "you must follow a led tarock with a tarock: " + ", ".join(legal)
        if suit_of(legal[0]) == led:
            return f"you must follow suit ({SUIT_NAMES[led]}): " + ", ".join(legal)
        return f"you cannot follow suit ({SUIT_NAMES[led]}), so you must play a tarock: " + ", ".join(legal)

    def _apply(self, action: str) -> None:
        seat = self.turn
        assert seat is not None
        card = action.split()[1]
        stack = next(s for s in self.stacks[seat] if s and s[0] == card)
        stack.pop(0)
        revealed = stack[0] if stack else None
        self.trick.append((seat, card))
        pack = self.game.card_pack
        text = f"seat {seat} plays {pack.pretty(card)}"
        if revealed is not None:
            text += f" and turns up {pack.pretty(revealed)}"
        self.log.append(Event("play", {"seat": seat, "card": card, "revealed": revealed, "text": text}))
        if len(self.trick) < 2:
            self.turn = 1 - seat
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        winner = trick_winner(self.game.card_pack, self.trick)
        cards = [c for _, c in self.trick]
        record = {
            "leader": self.trick[0][0],
            "cards": [{"seat": s, "card": c} for s, c in self.trick],
            "winner": winner,
        }
        self.tricks.append(record)
        self.piles[winner].extend(cards)
        self.trick = []
        pack = self.game.card_pack
        shown = " ".join(pack.pretty(c) for c in cards)
        self.log.append(
            Event(
                "trick",
                {"winner": winner, "cards": cards, "text": f"seat {winner} takes the trick ({shown})"},
            )
        )
        self.leader = winner
        if any(self.stacks[winner]):
            self.turn = winner
            return
        self._end_hand()

    def _end_hand(self) -> None:
        game = self.game
        thirds = [count_thirds(self.piles[s], game.short_batch) for s in (0, 1)]
        half3 = 3 * game.half
        points = [(t - half3) / 3 for t in thirds]
        for s in (0, 1):
            self.log.append(
                Event(
                    "count",
                    {
                        "seat": s,
                        "count": thirds[s] / 3,
                        "cards": len(self.piles[s]),
                        "batches": batches(self.piles[s]),
                        "text": f"seat {s} counts {fmt_thirds(thirds[s])} with {len(self.piles[s])} cards",
                    },
                )
            )
        for s in (0, 1):
            self.totals[s] += points[s]
            self.log.append(
                Event(
                    "score",
                    {
                        "seat": s,
                        "points": points[s],
                        "reason": f"count {fmt_thirds(thirds[s])} against {game.half}",
                        "text": f"seat {s} scores {fmt_thirds(thirds[s] - half3)}",
                    },
                )
            )
        self.hand_points.append(points)
        self.log.append(
            Event(
                "hand_end",
                {
                    "hand": self.hand_number,
                    "points": points,
                    "counts": [t / 3 for t in thirds],
                    "text": f"hand {self.hand_number} ends: "
                    + ", ".join(f"seat {s} {fmt_thirds(thirds[s])}" for s in (0, 1)),
                },
            )
        )
        if self.hand_number >= game.deals:
            self.turn = None
            self.log.append(Event("match_end", {"scores": list(self.totals), "winners": self.winners}))
            return
        self._deal(1 - self.dealer)

    def _deal(self, dealer: int, stacks: list[list[list[str]]] | None = None) -> None:
        """Shuffle and deal a hand, stack by stack, the dealer's opponent first."""
        self.hand_number += 1
        self.dealer = dealer
        self.leader = dealer
        self.piles = [[], []]
        self.tricks = []
        self.trick = []
        if stacks is None:
            cards = list(self.game.card_pack.cards)
            self.rng.shuffle(cards)
            stacks = [[], []]
            pos = 0
            for size in self.game.stack_sizes:
                for seat in (1 - dealer, dealer):
                    stacks[seat].append(cards[pos : pos + size])
                    pos += size
        self.stacks = [[list(s) for s in stacks[0]], [list(s) for s in stacks[1]]]
        pack = self.game.card_pack
        for seat in (0, 1):
            self.log.append(
                Event(
                    "deal",
                    {
                        "seat": seat,
                        "stacks": [len(s) for s in self.stacks[seat]],
                        "tops": self.tops(seat),
                        "text": f"seat {seat} turns up " + " ".join(pack.pretty(c) for c in self.tops(seat)),
                    },
                )
            )
        self.turn = dealer

    def inventory(self) -> Counter[str]:
        inv: Counter[str] = Counter()
        for seat in (0, 1):
            for stack in self.stacks[seat]:
                inv.update(stack)
            inv.update(self.piles[seat])
        inv.update(c for _, c in self.trick)
        return inv

    # --- what a seat sees --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.base_view(seat)
        pack = self.game.card_pack
        view.update(
            {
                "pack": pack.name,
                "hand_number": self.hand_number,
                "deals": self.game.deals,
                "dealer": self.dealer,
                "leader": self.leader,
                "stacks": [
                    [{"up": s[0] if s else None, "down": max(0, len(s) - 1)} for s in self.stacks[p]]
                    for p in (0, 1)
                ],
                "hand_sizes": [sum(len(s) for s in self.stacks[p]) for p in (0, 1)],
                "trick": [{"seat": s, "card": c} for s, c in self.trick],
                "last_trick": self.tricks[-1]["cards"] if self.tricks else None,
                "tricks": [dict(t) for t in self.tricks],
                "taken": [len(p) for p in self.piles],
                "hand_points": [list(p) for p in self.hand_points],
                "message": self._message(seat),
            }
        )
        # one line per seat for the terminal: each stack's turned-up card and how many lie below it
        for p in (0, 1):
            view[f"stacks_seat_{p}"] = "  ".join(
                f"{pack.pretty(s[0])}+{len(s) - 1}" if s else "-" for s in self.stacks[p]
            )
        if seat is not None:
            view["hand"] = self.tops(seat)
        return view

    def _message(self, seat: int | None) -> str:
        if self.turn is None:
            return "the match is over"
        who = "you" if seat == self.turn else f"seat {self.turn}"
        if not self.trick:
            return f"hand {self.hand_number}: {who} to lead a turned-up card"
        card = self.trick[0][1]
        return f"hand {self.hand_number}: {who} to answer {self.game.card_pack.pretty(card)}"

    # --- saving ------------------------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": self.turn,
            "stacks": self.stacks,
            "trick": [[s, c] for s, c in self.trick],
            "tricks": self.tricks,
            "piles": self.piles,
            "hand_points": self.hand_points,
            "totals": self.totals,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        d = checked(OpenTarockSave, data, "state")
        self.hand_number = d["hand_number"]
        self.dealer = d["dealer"]
        self.leader = d["leader"]
        self.turn = d["turn"]
        self.stacks = [[list(s) for s in d["stacks"][p]] for p in (0, 1)]
        self.trick = [(s, c) for s, c in d["trick"]]
        self.tricks = [
            {
                "leader": t["leader"],
                "cards": [{"seat": c["seat"], "card": c["card"]} for c in t["cards"]],
                "winner": t["winner"],
            }
            for t in d["tricks"]
        ]
        self.piles = [list(p) for p in d["piles"]]
        self.hand_points = [list(p) for p in d["hand_points"]]
        self.totals = list(d["totals"])

    def check_invariants(self) -> None:
        """What every state play reaches satisfies (ruling OT-19); linear in the state's size."""
        super().check_invariants()
        game = self.game
        pack = game.card_pack
        for name, seat in (("dealer", self.dealer), ("leader", self.leader), ("turn", self.turn)):
            if seat not in (0, 1) and not (name == "turn" and seat is None):
                raise InvalidState(f"{name}: {echo(seat)} is not seat 0 or 1")
        if not 1 <= self.hand_number <= game.deals:
            raise InvalidState(f"hand_number: {self.hand_number} is not a hand of a {game.deals}-hand match")
        inventory = self.inventory()
        if inventory != pack.counts():
            extra = sorted((inventory - pack.counts()).elements())
            missing = sorted((pack.counts() - inventory).elements())
            raise InvalidState(
                f"stacks: the stacks, piles and trick must hold the {pack.title} exactly once "
                f"(extra: {echo(', '.join(extra)) if extra else 'none'}; "
                f"missing: {echo(', '.join(missing)) if missing else 'none'})"
            )
        # the tricks of this hand: each led by the last one's winner, won as the rules say,
        # and gathered in that order onto the winner's pile
        leader = self.dealer
        gathered: list[list[str]] = [[], []]
        for i, t in enumerate(self.tricks):
            seats = [c["seat"] for c in t["cards"]]
            if t["leader"] != leader or seats != [leader, 1 - leader]:
                raise InvalidState(f"tricks.{i}: led by seat {t['leader']}, but seat {leader} was to lead")
            plays = [(c["seat"], c["card"]) for c in t["cards"]]
            if not all(pack.is_card(c) for _, c in plays):
                raise InvalidState(f"tricks.{i}: {echo(plays)} names a card not in the {pack.title}")
            if t["winner"] != trick_winner(pack, plays):
                raise InvalidState(f"tricks.{i}.winner: seat {t['winner']} did not win that trick")
            leader = t["winner"]
            gathered[leader].extend(c for _, c in plays)
        if self.piles != gathered:
            raise InvalidState("piles: each pile must hold exactly the cards of the tricks its player won")
        if self.leader != leader:
            raise InvalidState(f"leader: seat {self.leader}, but seat {leader} leads this trick")
        held = [sum(len(s) for s in self.stacks[p]) for p in (0, 1)]
        if self.trick:
            seat, _card = self.trick[0]
            if seat != leader:
                raise InvalidState(f"trick: played by seat {seat}, but seat {leader} led")
            held[seat] += 1
        if held[0] != held[1]:
            raise InvalidState(
                f"stacks: both players must hold as many cards (they hold {held[0]} and {held[1]})"
            )
        if self.turn is None:
            if self.hand_number != game.deals or held[0] or len(self.hand_points) != game.deals:
                raise InvalidState("turn: nobody is to play, but the match is not over")
            counts = [count_thirds(self.piles[p], game.short_batch) for p in (0, 1)]
            last = [(t - 3 * game.half) / 3 for t in counts]
            if any(abs(a - b) > 1e-9 for a, b in zip(last, self.hand_points[-1], strict=True)):
                raise InvalidState("hand_points: the last hand's points are not the piles' counts")
        else:
            if not held[0]:
                raise InvalidState("stacks: the hand is played out, but the match goes on")
            expected = 1 - leader if self.trick else leader
            if self.turn != expected:
                raise InvalidState(f"turn: seat {self.turn} is to play, but it is seat {expected}'s turn")
            if len(self.hand_points) != self.hand_number - 1:
                raise InvalidState(
                    f"hand_points: {len(self.hand_points)} hands scored before hand {self.hand_number}"
                )
        # every hand's points: in thirds, within the pack's count, summing to 0 (or 1 with the
        # literal short batch), and adding up to the totals
        sums = [0.0, 0.0]
        for i, points in enumerate(self.hand_points):
            both = sum(points)
            allowed = (0.0, 1.0) if game.short_batch == "literal" else (0.0,)
            if not all(-game.half <= p <= game.half + 1 and abs(3 * p - round(3 * p)) < 1e-6 for p in points):
                raise InvalidState(f"hand_points.{i}: {echo(points)} is not a count less the par")
            if not any(abs(both - a) < 1e-6 for a in allowed):
                raise InvalidState(f"hand_points.{i}: {echo(points)} do not add up to the pack's count")
            sums = [sums[0] + points[0], sums[1] + points[1]]
        if any(abs(a - b) > 1e-6 for a, b in zip(sums, self.totals, strict=True)):
            raise InvalidState(f"totals: {echo(self.totals)} are not the sum of the hands' points")


def trick_winner(pack: Pack, trick: Sequence[tuple[int, str]]) -> int:
    """The led card wins unless the answer is higher in its suit, or a tarock to a led suit card."""
    (lead_seat, lead), (answer_seat, answer) = trick
    ls, as_ = suit_of(lead), suit_of(answer)
    if as_ == ls:
        return answer_seat if strength(pack, answer) > strength(pack, lead) else lead_seat
    return answer_seat if as_ == TRUMP else lead_seat


class OpenTarock(Game):
    """The two-player open tarock game for children (a cousin of Austrian Strohmandeln)."""

    name: ClassVar[str] = "open-tarock"
    title: ClassVar[str] = "Open Tarock for Children"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    pack = "tarock54"
    summary: ClassVar[str] = (
        "Two players, four stacks each with the top cards turned up: follow suit, else trump; "
        "count the tricks in threes against half the pack."
    )
    hand_points_bounds: tuple[float, float] | None = (-39.0, 40.0)
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("pack", "tarock54", "the pack: the Austrian 54-card tarock pack or the 78-card tarot", PACKS),
        Option(
            "stacks",
            "auto",
            "stack sizes per player, e.g. '7,7,7,6' (must hold half the pack); "
            "auto = 7,7,7,6 for tarock54, 10,10,10,9 for tarot78",
        ),
        Option(
            "deals",
            2,
            "hands in a match; the deal alternates, so 2 lets each player deal once",
            minimum=1,
            maximum=100,
        ),
        Option(
            "short_batch",
            "thirds",
            "how a last batch of one or two cards counts: thirds (each card its points less 2/3, "
            "the counts always make the pack's total) or literal (like a batch of three)",
            ("thirds", "literal"),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        pack_name = str(self.options["pack"])
        # The pack depends on the option: an instance attribute shadows the class default.
        self.pack = pack_name
        self.card_pack: Pack = get_pack(pack_name)
        self.stack_sizes: tuple[int, ...] = parse_stacks(str(self.options["stacks"]), pack_name)
        self.deals: int = int(self.options["deals"])
        self.short_batch: str = str(self.options["short_batch"])
        self.total: int = pack_total(self.card_pack)
        self.half: int = self.total // 2
        self.hand_points_bounds = (float(-self.half), float(self.half + 1))

    def _blank_state(self) -> OpenTarockState:
        return OpenTarockState(self, 0)

    def new(self, seed: int | None = None, deal: Mapping[str, Any] | None = None) -> OpenTarockState:
        """A new match. ``deal``: ``{"dealer": 0|1, "stacks": [seat 0 stacks, seat 1 stacks]}``,
        each stack a list of card codes from its top (turned-up) card down; anything else is
        refused with ``InvalidDeal`` (ruling OT-18)."""
        state = OpenTarockState(self, seed)
        if deal is None:
            first = state.rng.randrange(2)
            state._deal(first)
            return state
        dealer, stacks = self._check_deal(deal)
        state._deal(dealer, stacks)
        return state

    def _check_deal(self, deal: object) -> tuple[int, list[list[list[str]]]]:
        """The deal's dealer and stacks, or ``InvalidDeal`` saying what is wrong (never another error)."""
        usage = "a deal is {'dealer': 0 or 1, 'stacks': [seat 0's stacks, seat 1's stacks]}"
        if not isinstance(deal, Mapping):
            raise InvalidDeal(f"{usage}, not {echo(deal)}")
        unknown = [k for k in deal if k not in ("dealer", "stacks")]
        if unknown:
            raise InvalidDeal(f"unknown deal keys {echo(unknown)}; {usage}")
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in (0, 1):
            raise InvalidDeal(f"the dealer must be seat 0 or 1, not {echo(dealer)}")
        if "stacks" not in deal:
            raise InvalidDeal(f"the deal has no 'stacks'; {usage}")
        stacks = deal["stacks"]
        if not isinstance(stacks, list | tuple) or len(stacks) != 2:
            raise InvalidDeal(f"'stacks' must hold two lists of stacks, one per seat, not {echo(stacks)}")
        pack = self.card_pack
        size = len(pack)
        out: list[list[list[str]]] = []
        dealt = 0
        for seat, seat_stacks in enumerate(stacks):
            if not isinstance(seat_stacks, list | tuple) or not seat_stacks:
                raise InvalidDeal(f"seat {seat} needs a list of at least one stack, not {echo(seat_stacks)}")
            mine: list[list[str]] = []
            for i, stack in enumerate(seat_stacks):
                if not isinstance(stack, list | tuple) or not stack:
                    raise InvalidDeal(
                        f"seat {seat}, stack {i}: a stack is a non-empty list of cards, not {echo(stack)}"
                    )
                dealt += len(stack)
                if dealt > size:
                    raise InvalidDeal(f"the stacks hold more cards than the {pack.title}")
                cards: list[str] = []
                for card in stack:
                    if not isinstance(card, str) or not pack.is_card(card.strip().upper()):
                        raise InvalidDeal(
                            f"seat {seat}, stack {i}: {echo(card)} is not a card of the {pack.title}"
                        )
                    cards.append(card.strip().upper())
                mine.append(cards)
            out.append(mine)
        sizes = [sum(len(s) for s in out[p]) for p in (0, 1)]
        if sizes[0] != sizes[1]:
            raise InvalidDeal(f"both players must hold as many cards (they hold {sizes[0]} and {sizes[1]})")
        dealt_cards = Counter(c for p in out for s in p for c in s)
        twice = dealt_cards - pack.counts()
        if twice:
            raise InvalidDeal(f"deal: too many of {echo(', '.join(sorted(twice)))} for the {pack.title}")
        missing = pack.counts() - dealt_cards
        if missing:
            raise InvalidDeal(
                f"deal: the whole pack must be dealt; missing {echo(', '.join(sorted(missing)))}"
            )
        return dealer, out

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> OpenTarockState:
        """Every face-down card (hidden from both players alike) resampled among the unseen cards."""
        state = OpenTarockState(self, rng.randrange(2**62))
        state.hand_number = int(view["hand_number"])
        state.dealer = int(view["dealer"])
        state.leader = int(view["leader"])
        state.turn = view["current_player"]
        state.totals = [float(x) for x in view["scores"]]
        state.hand_points = [list(p) for p in view["hand_points"]]
        state.trick = [(int(t["seat"]), str(t["card"])) for t in view["trick"]]
        state.tricks = [
            {"leader": t["leader"], "cards": [dict(c) for c in t["cards"]], "winner": t["winner"]}
            for t in view["tricks"]
        ]
        state.piles = [[], []]
        for t in state.tricks:
            state.piles[int(t["winner"])].extend(str(c["card"]) for c in t["cards"])
        seen = Counter(c for p in state.piles for c in p) + Counter(c for _, c in state.trick)
        for p in (0, 1):
            seen.update(s["up"] for s in view["stacks"][p] if s["up"] is not None)
        unseen = list((self.card_pack.counts() - seen).elements())
        rng.shuffle(unseen)
        state.stacks = [[], []]
        for p in (0, 1):
            for s in view["stacks"][p]:
                stack: list[str] = []
                if s["up"] is not None:
                    stack.append(str(s["up"]))
                    for _ in range(int(s["down"])):
                        stack.append(unseen.pop())
                state.stacks[p].append(stack)
        return state
