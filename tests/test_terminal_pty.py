"""``parlour play`` end to end, through a pseudo-terminal, for every game (prompt_toolkit and all)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour

pexpect = pytest.importorskip(
    "pexpect", reason="the pseudo-terminal tests need pexpect (pip install -e '.[test]')"
)

GAMES = [info.name for info in parlour.list_games()]
ROOT = Path(__file__).parent.parent
PROMPTS = [r"your move>", r"press Enter", r"final score", pexpect.EOF]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
RANGE = re.compile(r"moves: (\w+) N \((\d+)-\d+\)")


def a_move(seen: str) -> str:
    """The move to type at the prompt just shown: where the last moves listed begin with a range,
    its least amount ("bet 1" beside "1) banco", where a bare "1" is refused as either), else the first
    move by its number. Lansquenet's walk typed "1" at every bet, each refused: fewer moves were played
    than the walk meant to play."""
    listed = ANSI.sub("", seen).rsplit("moves: ", 1)
    amount = RANGE.match("moves: " + listed[-1]) if len(listed) == 2 else None
    return f"{amount[1]} {amount[2]}" if amount else "1"


def spawn(*args: str, path: str = "") -> Any:
    """``parlour play`` in a fresh process on a pseudo-terminal (``path``: more of ``sys.path``)."""
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "120", "LINES": "50", "TERM": "xterm"}
    if path:
        env["PYTHONPATH"] = os.pathsep.join([path, str(ROOT), env.get("PYTHONPATH", "")])
    return pexpect.spawn(
        sys.executable,
        ["-m", "parlour", "play", *args],
        env=env,
        encoding="utf-8",
        codec_errors="replace",  # the echo of typed-ahead lines may split a character of the output
        timeout=60,
        dimensions=(50, 120),
        cwd=str(ROOT),
    )


@pytest.mark.parametrize("game", GAMES)
def test_play_in_a_terminal(game: str) -> None:
    """Thirty moves by number or amount (Enter at each pause), a bad line, then quit: no traceback
    anywhere, and no move refused but the bad line."""
    child = spawn(game, "--seed", "3", "--opponents", "random")
    moves = 0
    seen = ""
    while moves < 30:
        i = child.expect(PROMPTS)
        seen += child.before or ""
        if i == 0:
            child.sendline(a_move(seen) if moves != 3 else "play [/] ²")
            moves += 1
        elif i == 1:
            child.sendline("")
        else:
            break
    if moves == 30:
        child.expect("your move>")
        child.sendline("quit")
    child.expect(pexpect.EOF)
    seen += child.before or ""
    child.close()
    assert "Traceback" not in seen, seen[-2000:]
    assert child.exitstatus == 0, seen[-2000:]
    assert "could be move" not in ANSI.sub("", seen), seen[-2000:]


def test_a_whole_match_in_a_terminal() -> None:
    """Bishops Whist to the end of a one-hand match, Tab completion and history in use."""
    child = spawn("bishops-whist", "--seed", "5", "--opponents", "random", "-o", "hand_limit=1")
    seen = ""
    while True:
        i = child.expect(PROMPTS)
        seen += child.before or ""
        if i == 0:
            child.send("pla\t")  # Tab completes a legal move's start
            child.sendline("\x15" + "1")  # Ctrl-U clears the line, then a move by number
        elif i == 1:
            child.sendline("")
        elif i == 2:
            break
        else:
            raise AssertionError("the program ended before the match: " + seen[-2000:])
    child.expect(pexpect.EOF)
    assert "Traceback" not in seen


def test_a_game_installed_by_another_package_plays_in_a_terminal(tmp_path: Path) -> None:
    """The toy game, found through its entry point by a fresh process, played to the end."""
    info = tmp_path / "toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[parlour.games]\ntoy-tricks = tests.toy_game:MANIFEST\n")
    child = spawn("toy-tricks", "--seed", "3", "--opponents", "random", path=str(tmp_path))
    seen = ""
    while True:
        i = child.expect(PROMPTS)
        seen += child.before or ""
        if i == 0:
            child.sendline("1")
        elif i == 1:
            child.sendline("")
        elif i == 2:
            break
        else:
            raise AssertionError("the program ended before the match: " + seen[-2000:])
    child.expect(pexpect.EOF)
    assert "Traceback" not in seen and "Toy Tricks" in seen
