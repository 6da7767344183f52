"""Computer players for Lansquenet: bettors with a style and bankers who stop by a rule.

Lansquenet is pure chance, so a player's only choices are how much to risk and
when to stop. Every bet loses the bank's edge on average (1/17 of a chip with one
pack), while banking earns it; the styles differ in how they trade that edge
against the swings that decide who ends the session with the most chips (ruling LQ-26).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from parlour.engine import Game
from parlour.engine.views import View
from parlour.games.lansquenet.rules import LansquenetExtra, Phase
from parlour.players import Advice, Player, PlayerFactory

LView = View[LansquenetExtra]


@dataclass(frozen=True)
class Style:
    """A bettor's and a banker's rules of thumb, all as shares of the seat's own chips."""

    bank_share: float
    """The bank put up, as a share of the purse."""
    stop_after: int
    """A banker stops (sells) after this many wins in a row."""
    stop_share: float
    """... or as soon as the bank holds more than this share of the seat's chips."""
    bet_share: float
    """A bet, as a share of the purse (0: never bet)."""
    per_bank: bool = False
    """Bet an equal share of the bank among the bettors instead of a share of the purse."""
    banco_share: float = 0.0
    """Bet the whole bank when it is at most this share of the purse."""
    buy_share: float = 0.0
    """Buy a bank for sale when it is at most this share of the purse."""
    takeout: bool = True
    """Take a same-rank start's winnings out of the bank when the rules allow it."""


STYLES: dict[str, Style] = {
    "cautious": Style(bank_share=0.1, stop_after=1, stop_share=0.25, bet_share=0.02, buy_share=0.1),
    "bold": Style(
        bank_share=0.5,
        stop_after=3,
        stop_share=0.9,
        bet_share=0.25,
        banco_share=0.5,
        buy_share=0.6,
        takeout=False,
    ),
    "proportional": Style(
        bank_share=0.2, stop_after=2, stop_share=0.5, bet_share=0.1, per_bank=True, buy_share=0.3
    ),
}
"""The registered fixed styles; ``heuristic`` (below) plays to the standings instead."""


def _amount(share: float, chips: int) -> int:
    return max(1, round(share * chips))


def amount_range(view: LView, verb: str) -> tuple[int, int] | None:
    """The smallest and largest amount ``verb N`` may name now (``view.legal_ranges``), if any."""
    for r in view.legal_ranges:
        if r.verb == verb:
            return r.min, r.max
    return None


def clamp(verb: str, want: int, span: tuple[int, int]) -> str:
    """``verb N`` with ``want`` brought inside the legal range."""
    lo, hi = span
    return f"{verb} {min(hi, max(lo, want))}"


class StylePlayer:
    """Plays every decision of either variant by its ``Style``; fast (no search), for simulation."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def choose(self, view: LView, game: Game[Any]) -> str:
        """Amounts come from ``view.legal_ranges``, the other moves from ``view.legal_actions``."""
        legal = list(view.legal_actions)
        seat, purse = _seat_and_purse(view)
        phase = view.extra.phase
        st = self.style
        if phase == Phase.BANK:
            span = amount_range(view, "bank")
            return clamp("bank", _amount(st.bank_share, purse), span) if span else legal[-1]
        if phase == Phase.BET:
            return self._bet(view, legal, seat, purse)
        if phase == Phase.HOYLE_BET:
            span = amount_range(view, "bet")
            if st.bet_share <= 0 or span is None:
                return "pass"
            return clamp("bet", _amount(st.bet_share, purse), span)
        if phase == Phase.KEEP:
            bank = view.extra.bank
            if view.extra.wins_in_row >= st.stop_after or bank > st.stop_share * (purse + bank):
                return "stop"
            return "takeout" if st.takeout and "takeout" in legal else "keep"
        if phase == Phase.BUY:
            size = view.extra.base_bank  # the size of the bank for sale
            return "buy" if size <= st.buy_share * purse else "pass"
        return legal[-1]

    def _bet(self, view: LView, legal: list[str], seat: int, purse: int) -> str:
        st = self.style
        bank = view.extra.bank
        if view.extra.bets[seat] > 0 or st.bet_share <= 0:
            return "pass"
        if "banco" in legal and bank <= st.banco_share * purse:
            return "banco"
        span = amount_range(view, "bet")
        if span is None:
            return "pass"
        if st.per_bank:
            chips = view.chips or []
            others = sum(1 for s, c in enumerate(chips) if "banker" not in view.seats[s].roles and c > 0)
            want = max(1, bank // max(1, others))
            want = min(want, _amount(st.bet_share * 2, purse))
        else:
            want = _amount(st.bet_share, purse)
        return clamp("bet", want, span)


class StandingsPlayer:
    """Plays for the most chips at the end, not for the mean.

    Every bet costs the bank's edge, so a leader keeps still: it passes as a punter,
    banks only a quarter of its lead (a lost bank cannot cost the lead) and stops
    after any win. A player behind needs swings, so it banks all it has, keeps a
    winning bank, buys banks for sale and bets just enough to draw level.
    """

    def __init__(self, lead_share: float = 0.25) -> None:
        self.lead_share = lead_share

    def choose(self, view: LView, game: Game[Any]) -> str:
        return self.advise(view, game).action

    def advise(self, view: LView, game: Game[Any]) -> Advice:
        """The choice and its reason: the standings decide everything in a game of pure chance."""
        legal = list(view.legal_actions)
        seat, purse = _seat_and_purse(view)
        phase = view.extra.phase
        scores = view.scores
        lead = int(scores[seat] - max(v for s, v in enumerate(scores) if s != seat))
        # (one chip is "1 chip": a hint said "you lead by 1 chips"; and level is "level on chips", as the
        # game counts them: a hint said "the scores are level")
        ahead = f"you lead by {_chips(lead)}" if lead > 0 else "you are level on chips" if lead == 0 else ""
        behind = f"you are {_chips(-lead)} behind" if lead < 0 else "you are level on chips"
        if phase == Phase.BANK:
            span = amount_range(view, "bank")
            amount = purse if lead <= 0 else int(lead * self.lead_share)
            if not span:
                return Advice(legal[-1], "there is no bank to put up")
            action = clamp("bank", amount, span)
            if lead > 0:
                # The words follow the amount the laws let it bank: a hint once said "bank a quarter of
                # the lead, so a lost bank cannot cost it" of a bank of 1 on a lead of 1.
                banked = int(action.split()[1])
                what = "a quarter of the lead" if banked == amount else "the least the laws allow"
                if banked < amount:
                    what = "the most the laws allow"
                safe = ", so a lost bank cannot cost it" if banked < lead else ""
                return Advice(action, f"{ahead}: bank {what}{safe}")
            if lead == 0:
                return Advice(action, "you are level on chips: a big bank's run is the way to get ahead")
            return Advice(action, f"{behind}: only a big bank's run can bring you level")
        if phase in (Phase.BET, Phase.HOYLE_BET):
            bets = view.extra.bets[seat] if phase == Phase.BET else 0
            if lead > 0:
                return Advice("pass", f"{ahead}: every bet costs the banker's edge, so keep still")
            if bets > 0:
                return Advice("pass", "you have a bet on this coup already")
            need = -lead + 1
            if "banco" in legal and need <= view.extra.bank <= purse:
                return Advice("banco", f"{behind}: the whole bank is what it takes to go ahead")
            span = amount_range(view, "bet")
            if not span:
                return Advice("pass", "no bet is open to you now")
            action = clamp("bet", need, span)
            if need > span[1] and span[1] >= purse:
                # The purse, not the bank, sets the most (a hint once said "as much as the bank allows"
                # of a purse of 50 against a bank of 200; ruling LQ-27).
                return Advice(action, f"{behind}: bet every chip you have, the nearest you can get")
            if need > span[1]:
                return Advice(action, f"{behind}: bet as much as the bank allows, the nearest you can get")
            return Advice(action, f"{behind}: bet just enough to go ahead if it wins")
        if phase == Phase.KEEP:
            if lead > 0:
                return Advice("stop", f"{ahead}: take the bank's winnings while you are ahead")
            return Advice("keep", f"{behind}: keep the bank running for the swing you need")
        if phase == Phase.BUY:
            if lead <= 0:
                return Advice("buy", f"{behind}: a bank is your best chance of a swing")
            return Advice("pass", f"{ahead}: a bank would only risk the lead")
        return Advice(legal[-1], "the only sensible move now")


def _seat_and_purse(view: LView) -> tuple[int, int]:
    """The seat choosing and the chips in its purse."""
    seat = view.seat
    assert seat is not None and view.chips is not None, "a player chooses from its own seat's view"
    return seat, view.chips[seat]


def _heuristic(game: Game[Any], seed: int) -> Player:
    """Plays to finish with the most chips rather than to win most on average: a leader sits still, a
    player behind takes risks to draw level; it answers at once.

    The normal and strong levels' words for the lobby (``describe_player``); ``StandingsPlayer`` says how."""
    return StandingsPlayer()


STOPPER = Style(bank_share=0.3, stop_after=1, stop_share=1.0, bet_share=0.02, buy_share=0.3)
"""A banker who stops after a set number of wins (kinds ``stop1`` to ``stop3``), for designers' sweeps."""


def _chips(n: int) -> str:
    """A number of chips in words: "1 chip", "5 chips"."""
    return f"{n} chip{'' if n == 1 else 's'}"


def _share(x: float) -> str:
    return f"{x:.0%}"


def describe_style(style: Style, name: str) -> str:
    """A style in one sentence, made from its numbers: ``parlour players`` said of all seven fixed styles
    alike "Plays every decision of either variant by its Style", so none could be told from another."""
    stops = "stops after a win" if style.stop_after == 1 else f"stops after {style.stop_after} wins in a row"
    if style.stop_share < 1:
        stops += f" or once the bank is over {_share(style.stop_share)} of its chips"
    parts = [f"banks {_share(style.bank_share)} of its chips", stops]
    if style.per_bank:
        parts.append("bets an equal part of the bank with the other bettors")
    elif style.bet_share > 0:
        parts.append(f"bets {_share(style.bet_share)} of its chips")
    else:
        parts.append("never bets")
    if style.banco_share > 0:
        parts.append(f"goes banco on a bank of at most {_share(style.banco_share)} of its chips")
    if style.buy_share > 0:
        parts.append(f"buys a bank for sale of at most {_share(style.buy_share)} of its chips")
    if not style.takeout:
        parts.append("never takes out")
    return f"{name} (the same shares whatever the score; it answers at once): " + ", ".join(parts) + "."


def _factory(style: Style, name: str) -> Any:
    def make(game: Game[Any], seed: int) -> Player:
        return StylePlayer(style)

    make.__doc__ = describe_style(style, name)  # what ``parlour players`` shows of the kind
    return make


PLAYERS: dict[str, PlayerFactory] = {
    "heuristic": _heuristic,
    # Lansquenet is pure chance: the levels differ in judgement of the standings, not in search.
    "easy": _factory(STYLES["bold"], "The bold style"),
    "normal": _heuristic,
    "strong": _heuristic,
    **{kind: _factory(style, kind.capitalize()) for kind, style in STYLES.items()},
    **{f"stop{k}": _factory(replace(STOPPER, stop_after=k), "A stopping banker") for k in (1, 2, 3)},
}
"""This game's computer players by kind (``random`` is every game's)."""
