"""Every default a game's rules text states in its prose is the option's real default.

The options table at the end of each rules text is checked elsewhere; the prose above it names
defaults too ("the session lasts until each player has started the bank `rounds` times (default
2)"), and Lansquenet's said 2 where the game starts three banks each (ruling LQ-16). A player reads
the prose, so each such claim is found here and compared with the game's ``option_specs``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import parlour
from parlour.engine import Option

GAMES = [info.name for info in parlour.list_games()]

NAMED = [
    # "option `deals`, default 4" and "option `stake`, default 100, at most ..."
    re.compile(r"option `(\w+)`, default ([\w.,]+?)(?=[,.;:)]*(?:\s|$))"),
    # "`deals` hands (default 2)", "`hand_limit` (1 to 1000, default 200: ..."
    re.compile(r"`(\w+)`[^`()]{0,60}\((?:[^()]*?, )?default ([\w.,]+?)(?=[,.;:)]*(?:\s|$))"),
    # "the default `laws=strict`", "by default (`short_batch=thirds`)"
    re.compile(r"default \(?`(\w+)=([\w.-]+)`"),
    # a list of options, each with its default: "- `target` (100): ...", "- `turn_up` (`table`): ..."
    re.compile(r"- `(\w+)` \(`?([\w.-]+)`?\):"),
]
FIRST_IS_DEFAULT = re.compile(r"The first of each pair of choices is the default: (.*?)\. ")
"""Bishops Whist's way: "`laws` (strict | table), `partners` (fixed | cut), ..."."""
CHOICE = re.compile(r"`([\w-]+)` \((?:the )?default\)")
"""A choice named as the default: "`tarock54` (the default)", "`banks` (default)"."""


def prose(game: str) -> str:
    """The rules text without its options table, on one line (a claim may be wrapped)."""
    text = parlour.game_class(game).rules_text()
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("|")]
    return " ".join(" ".join(lines).replace("*", "").split())


def same(option: Option, said: str) -> bool:
    """Whether the words ``said`` name the option's default (numbers with or without commas)."""
    default: Any = option.default
    said = said.rstrip(".,")
    if isinstance(default, bool):
        return said.lower() == str(default).lower()
    if isinstance(default, int | float):
        try:
            return float(said.replace(",", "")) == float(default)
        except ValueError:
            return False
    return said == str(default)


def claims(game: str) -> list[tuple[str, str]]:
    """(option, value said to be its default) for every such claim in the prose."""
    text = prose(game)
    found = [(m.group(1), m.group(2)) for pattern in NAMED for m in pattern.finditer(text)]
    specs = parlour.game_class(game).option_specs
    for listing in FIRST_IS_DEFAULT.finditer(text):
        found += [(m.group(1), m.group(2)) for m in re.finditer(r"`(\w+)` \(([\w-]+) \|", listing.group(1))]
    for m in CHOICE.finditer(text):
        # a choice of no option is a player's level ("`normal` (the default)"), not a rule
        found += [(o.name, m.group(1)) for o in specs if o.choices is not None and m.group(1) in o.choices]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_defaults_said_in_the_rules_are_the_options_defaults(game: str) -> None:
    specs = {o.name: o for o in parlour.game_class(game).option_specs}
    wrong = []
    for name, said in claims(game):
        if name not in specs:
            continue  # a field of an explicit deal, or a player's kind: not an option
        if not same(specs[name], said):
            wrong.append(f"`{name}`: the text says {said}, the game's default is {specs[name].default!r}")
    assert not wrong, f"{game}: " + "; ".join(wrong)


def test_the_claims_are_found() -> None:
    """The patterns find the claims they are written for (a pattern that matched nothing would pass
    every game)."""
    found = {game: claims(game) for game in GAMES}
    assert ("rounds", "3") in found["lansquenet"] or ("rounds", "2") in found["lansquenet"], found[
        "lansquenet"
    ]
    assert ("deals", "30") in found["lansquenet"], found["lansquenet"]
    assert ("stake", "100") in found["lansquenet"], found["lansquenet"]
    assert ("length", "banks") in found["lansquenet"], found["lansquenet"]
    assert ("deals", "2") in found["open-tarock"], found["open-tarock"]
    assert ("pack", "tarock54") in found["open-tarock"], found["open-tarock"]
    assert ("short_batch", "thirds") in found["open-tarock"], found["open-tarock"]
    assert ("deals", "4") in found["apology"], found["apology"]
    assert ("hand_limit", "200") in found["bishops-whist"], found["bishops-whist"]
    assert ("laws", "strict") in found["bishops-whist"], found["bishops-whist"]
    assert ("misdeal_chance", "0") in found["bishops-whist"], found["bishops-whist"]
    assert ("revoking_side", "play-on") in found["bishops-whist"], found["bishops-whist"]
    assert ("tie", "play-on") in found["roquet"] and ("max_sequence", "5") in found["roquet"], found["roquet"]
    assert len(dict(found["roquet"])) == len(parlour.game_class("roquet").option_specs), found["roquet"]


def table_rows(game: str) -> list[tuple[list[str], str]]:
    """(options, default) from the rows of the rules text's options table (a table whose header
    begins "| option |"): the options a row's first cell names ("`target_0` .. `target_3`" is four)
    and its default cell without backticks."""
    rows: list[tuple[list[str], str]] = []
    in_table = False
    for line in parlour.game_class(game).rules_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            in_table = False
        elif cells[0] == "option":
            in_table = True
        elif in_table and len(cells) >= 2 and cells[0].startswith("`"):
            names = re.findall(r"`(\w+)`", cells[0])
            if (m := re.fullmatch(r"`(\w+)_(\d+)` \.\. `\1_(\d+)`", cells[0])) is not None:
                names = [f"{m.group(1)}_{k}" for k in range(int(m.group(2)), int(m.group(3)) + 1)]
            rows.append((names, cells[1].strip("`")))
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_the_options_tables_defaults_are_the_options_defaults(game: str) -> None:
    specs = {o.name: o for o in parlour.game_class(game).option_specs}
    rows = table_rows(game)
    listed = [name for names, _ in rows for name in names]
    assert set(listed) <= set(specs), (
        f"{game}: the table names options the game lacks: {set(listed) - set(specs)}"
    )
    if rows:  # a game with an options table lists every option in it
        assert set(specs) <= set(listed), (
            f"{game}: options missing from the table: {set(specs) - set(listed)}"
        )
    wrong = [
        f"`{names[0]}`: {said} against {specs[names[0]].default!r}"
        for names, said in rows
        if len(names) == 1 and not same(specs[names[0]], said)
    ]
    assert not wrong, f"{game}: " + "; ".join(wrong)
    several = [(names, said) for names, said in rows if len(names) > 1]
    for names, said in several:  # "62, 56, 45, 40": one default each, in order
        values = [v.strip() for v in said.split(",")]
        assert len(values) == len(names), (game, names, said)
        assert all(same(specs[n], v) for n, v in zip(names, values, strict=True)), (game, names, said)
