"""``parlour odds <game>``: a game's exact odds beside a Monte-Carlo check on the engine."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import parlour
from parlour.engine import check_seed
from parlour.engine.errors import echo

GAMES_WITH_ODDS = ("lansquenet",)
MAX_CHECK_DEALS = 10_000_000
"""The most deals the Monte-Carlo check plays (some minutes): a count past it is a slip of the keyboard."""


def _fraction(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _interval(lo: float, hi: float) -> str:
    """An interval of the engine's as the table prints it (``ENGINE_PLACES``), as ``--json``'s
    ``interval_printed`` gives it."""
    from parlour.sim import interval_text  # (this module is loaded with the game: parlour.sim is not)

    return interval_text(_measured(lo), _measured(hi), f".{ENGINE_PLACES}f")


def _estimate(value: float) -> str:
    """An estimate of the engine's as the table prints it (``ENGINE_PLACES``)."""
    return f"{_measured(value):.{ENGINE_PLACES}f}"


ENGINE_PLACES = 4
"""Decimal places of the engine's estimates and their intervals in the table (their own error is in
the second or third place), and of the interval ``--json`` gives as printed (``interval_printed``),
on which the exact value is judged in both. ``--json`` gives the engine's figures whole besides, for
a program (the mean gain is reckoned exactly: its float sum left noise, 0.010666666666666672)."""
EXACT_DIGITS = 12
"""Significant digits of an exact fraction's ``decimal`` in ``--json`` (its ``exact`` text is the value)."""


def _measured(value: float) -> float:
    """An estimate of the engine's as the table prints it, to ``ENGINE_PLACES`` decimal places."""
    return round(value, ENGINE_PLACES)


def _decimal(exact: Fraction) -> float:
    """An exact fraction as a decimal number to ``EXACT_DIGITS`` significant digits (0.0588235294118)."""
    return float(f"{float(exact):.{EXACT_DIGITS}g}")


def exact_inside(exact: Fraction, lo: float, hi: float) -> bool:
    """Whether the exact value lies in the engine's interval as printed (``ENGINE_PLACES``): judged
    before rounding, 1/17 = 0.058824 was "outside" [0.0588, 0.1956] (its low end 0.058826), and inside
    an interval printed as ending at 0.0588 (0.0588257)."""
    return Fraction(str(_measured(lo))) <= exact <= Fraction(str(_measured(hi)))


def _figure(name: str, exact: Fraction, estimate: float, interval: tuple[float, float]) -> dict[str, Any]:
    """A row of the table as ``--json`` writes it: the exact fraction as text ("1/17") and as a number,
    the engine's estimate and interval whole (a program's to round), the interval as the table prints
    it (``ENGINE_PLACES``), and whether the exact value lies in that printed interval, as the table
    judges it (judged on the whole one, 1/17 was "outside" an interval printed [0.0588, 0.1956])."""
    lo, hi = interval
    return {
        "name": name,
        "exact": _fraction(exact),
        "decimal": _decimal(exact),
        "engine": estimate,
        "interval": [lo, hi],
        "interval_printed": [_measured(lo), _measured(hi)],
        "exact_inside": exact_inside(exact, lo, hi),
    }


def _no_odds(game: str) -> str:
    """Why ``odds`` refuses ``game``, naming the games it knows (it erred in Typer's framed box)."""
    known = f"parlour odds has exact odds for {', '.join(GAMES_WITH_ODDS)} only"
    if game in {info.name for info in parlour.list_games()}:
        return f"{known}, not for {game}"
    return f"no game named {echo(game)}; {known}"


def odds(
    game: str = typer.Argument(..., metavar="GAME", help="The game (only lansquenet has exact odds)."),
    packs: int = typer.Option(1, min=1, max=8, help="1 pack, or a shoe of N packs."),
    twins: bool = typer.Option(False, "--twins", help="A same-rank start wins only half of each bet."),
    deals: int = typer.Option(
        20_000,
        min=2,
        help=f"Deals played on the engine for the Monte-Carlo check (at most {MAX_CHECK_DEALS}).",
    ),
    seed: int = typer.Option(0, help="Seed of the Monte-Carlo check."),
    reserve: int = typer.Option(
        25, min=0, max=90, help="With a shoe: the reshuffle point, per cent of the shoe left."
    ),
    bet: int = typer.Option(
        2,
        min=1,
        max=100_000,
        help="Chips bet in each deal (with --twins an odd bet gives the bank its odd chip).",
    ),
    json_file: Annotated[
        Path | None,
        typer.Option("--json", help="Write the figures to this file (strict JSON), as simulate does."),
    ] = None,
) -> None:
    """Print the bank's exact edge per chip bet and the chance of a same-rank start, with a check."""
    # the command line's own plain error, as every other command gives (imported here: this module is
    # loaded with the game, which must not load the command line)
    from parlour.cli.main import _check_writable, at_most, fail
    from parlour.sim import finite

    if game not in GAMES_WITH_ODDS:
        fail(_no_odds(game))
    try:
        check_seed(seed)  # as simulate and duplicate do: -1 was taken here and refused there
    except ValueError as exc:
        fail(f"--seed: {exc}")
    at_most("--deals", deals, MAX_CHECK_DEALS)
    if json_file is not None:
        _check_writable(json_file, "--json")  # before the deals are played, not after
    from parlour.games.lansquenet.odds import lansquenet_odds, monte_carlo, monte_carlo_through_shoe

    console = Console()
    exact = lansquenet_odds(packs, twins, bet)
    with console.status(f"playing {deals} deals on the engine ..."):
        mc = monte_carlo(packs, twins, deals, seed, bet)
    stock = "one pack, shuffled before every deal" if packs == 1 else f"a fresh shoe of {packs} packs"
    table = Table(title=f"Lansquenet: {stock}{', twins' if twins else ''}, bets of {bet}")
    table.add_column("figure")
    table.add_column("exact", justify="right")
    table.add_column("decimal", justify="right")
    # the engine's column as wide as its figures and its heading's words: "engine (3000 deals)" kept
    # whole took the room of the figures' names, broken over three lines in 80 columns
    engine = f"engine ({mc.deals} deals)"
    narrow = max(len(word) for word in [*engine.split(), "0.0000"])
    table.add_column(engine, justify="right", min_width=narrow, max_width=narrow)
    # an interval kept whole, as every table keeps it: in 60 columns it broke after its comma
    table.add_column("95% interval", justify="right", no_wrap=True)
    rows = [
        ("same-rank start", exact.same_rank, mc.same_rank, mc.same_rank_interval),
        ("bank's card paired first (cards differ)", exact.bank_first, mc.bank_first, mc.bank_first_interval),
        ("bank's edge per chip bet", exact.edge, mc.edge, mc.edge_interval),
    ]
    per = exact.deals_per_same_rank
    # the table's figures and the lines under it, for a reader of the file (who has no terminal)
    data: dict[str, Any] = {
        "game": game,
        "packs": packs,
        "twins": twins,
        "bet": bet,
        "cards": exact.cards,
        "seed": seed,
        "deals": mc.deals,
        "figures": {
            key: _figure(name, fraction, estimate, interval)
            for key, (name, fraction, estimate, interval) in zip(
                ("same_rank", "bank_first", "edge"), rows, strict=True
            )
        },
        "deals_per_same_rank": _fraction(per),
        "through_shoe": None,
        "twins_edge_by_bet": None,
        "parlour_version": parlour.__version__,
    }
    for name, fraction, estimate, (lo, hi) in rows:
        inside = exact_inside(fraction, lo, hi)
        table.add_row(
            name,
            _fraction(fraction),
            f"{float(fraction):.6f}",
            _estimate(estimate),
            _interval(lo, hi) + ("" if inside else " [red](exact outside)[/red]"),
        )
    console.print(table)
    if packs > 1:
        with console.status(f"playing {deals} deals through the shoe ..."):
            deep = monte_carlo_through_shoe(packs, twins, deals, reserve, seed, bet)
        lo, hi = deep.edge_interval
        slo, shi = deep.same_rank_interval
        console.print(
            f"Dealt through the shoe (reshuffled with {reserve}% left), engine, {deep.deals} deals: "
            f"same-rank start {_estimate(deep.same_rank)}, 95% interval {_interval(slo, shi)}; "
            f"bank's edge {_estimate(deep.edge)}, 95% interval {_interval(lo, hi)}. "
            "The exact figures are for a fresh shoe; deeper in, a deal's odds depend on the cards "
            "already gone."
        )
        data["through_shoe"] = {
            "reserve": reserve,
            "deals": deep.deals,
            "same_rank": deep.same_rank,  # (whole, as the figures above)
            "same_rank_interval": [slo, shi],
            "edge": deep.edge,
            "edge_interval": [lo, hi],
        }
    if twins:
        shown = ", ".join(
            f"{_fraction(lansquenet_odds(packs, True, b).edge)} for bets of {b}" for b in (1, 3, 5)
        )
        console.print(
            "With twins the bank takes half of each bet on a same-rank start and the odd chip of an odd "
            f"bet, so its edge per chip depends on the bet: {shown}, and "
            f"{_fraction(lansquenet_odds(packs, True, 2).edge)} for every even bet."
        )
        data["twins_edge_by_bet"] = {
            **{str(b): _fraction(lansquenet_odds(packs, True, b).edge) for b in (1, 3, 5)},
            "even": _fraction(lansquenet_odds(packs, True, 2).edge),
        }
    # "once in 311/23 deals" read as a date or a ratio of deals: the count of starts in the deals instead
    console.print(
        (
            f"A same-rank start comes once in {per.numerator} deals"
            if per.denominator == 1
            else f"A same-rank start comes {per.denominator} times in {per.numerator} deals "
            f"(about once in {float(per):.2f})"
        )
        + "; once the cards differ, the bank's card and the players' card are paired first equally often,"
        + " so the start is the bank's whole edge."
    )
    if json_file is not None:
        json_file.write_text(json.dumps(finite(data), indent=2, allow_nan=False))
        console.print(f"figures written to {json_file}")


def add_commands(app: typer.Typer) -> None:
    """``parlour odds lansquenet``: added to the command line through the game's manifest."""
    from parlour.cli.usage import for_games

    app.command()(for_games(*GAMES_WITH_ODDS)(odds))
