"""A terminal match put aside (``save``, or ``quit`` mid-match) and taken up again (``parlour resume``).

``quit`` used to throw the match away: a Bezique match to 1,000 or a Bishops Whist rubber outlasts a
sitting. Every bad file is refused with one line naming it, exit 2, and nothing is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import saved
from parlour.cli.app import app
from parlour.cli.terminal import TerminalGame
from parlour.engine import State
from parlour.players import make_player
from tests.cli_support import scripted

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "saves"
    monkeypatch.setenv("PARLOUR_SAVES", str(folder))
    yield folder


def words(text: str) -> str:
    """The output with its line breaks as spaces (a console may wrap at 80 columns)."""
    return " ".join(text.split())


def squeezed(text: str) -> str:
    """The output without any space: an 80-column console folds a long path mid-name."""
    return "".join(text.split())


def table(
    lines: Sequence[str], seed: int | None = 3, keep: Path | bool = True
) -> tuple[TerminalGame, Console]:
    """Roquet at seat 0 against a random player, the person typing ``lines``."""
    return scripted(parlour.make("roquet"), lines, seed, 200, keep)


def test_quit_mid_match_puts_it_aside_and_resume_takes_it_up(saves: Path) -> None:
    result = runner.invoke(app, ["play", "roquet", "--seed", "3"], input="1\n1\n1\nquit\n", env=WIDE)
    assert result.exit_code == 0, result.output
    files = list(saves.glob("*.json"))
    assert len(files) == 1 and files[0].name.startswith("roquet-"), files
    said = squeezed(result.output)
    assert squeezed(f"The match is saved in {files[0]}. To play on: parlour resume") in said, said
    aside = saved.PutAside.read(files[0])
    assert aside.humans == (0,) and aside.opponents == {1: "normal"} and aside.seed == 3
    assert not aside.state.is_over and aside.state.current_player == 0

    again = runner.invoke(app, ["resume"], input="quit\n", env=WIDE)
    assert again.exit_code == 0, again.output
    assert "taken up again where it was left" in words(again.output), again.output
    assert squeezed(f"(from {files[0]})") in squeezed(again.output), again.output
    # the same file is kept (not a second one), and the match in it is the one left
    assert list(saves.glob("*.json")) == files
    assert saved.PutAside.read(files[0]).state.to_json() == aside.state.to_json()


def test_save_names_a_file_and_play_goes_on(tmp_path: Path) -> None:
    target = tmp_path / "mine.json"
    terminal, console = table(["save " + str(target), "1", "quit"], keep=False)
    terminal.run()
    text = words(console.export_text())
    assert f"The match is saved in {target}. To play on: parlour resume {target}" in text, text
    # play went on after the save (seat 0's first move came after it), and leaving wrote the later
    # position to the same file
    after = saved.PutAside.read(target)
    assert [e for e in after.state.log if e.kind == "action" and e.data["seat"] == 0]
    assert terminal.keep == target


def test_a_save_that_cannot_be_written_is_told_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    terminal, console = table([f"save {blocker}/inside.json", "moves", "quit"], keep=False)
    terminal.run()
    text = words(console.export_text())
    assert f"The match could not be saved to {blocker}/inside.json" in text, text
    assert "moves: 1)" in text or "1) play" in text, text  # the next command was still taken
    assert blocker.read_text() == "x"


def test_a_test_table_without_keep_writes_nothing_on_quit(saves: Path) -> None:
    terminal, console = table(["quit"], keep=False)
    terminal.run()
    assert not saves.exists() or not list(saves.iterdir())
    assert "saved" not in console.export_text()


def test_a_match_played_out_from_the_folder_is_removed(saves: Path) -> None:
    terminal, _ = table(["quit"])
    terminal.run()
    (path,) = saves.glob("*.json")
    aside = saved.PutAside.read(path)
    game = aside.state.game
    bots = {1: make_player("random", game, 5)}
    console = Console(record=True, width=200, force_terminal=False)
    me = make_player("random", game, 6)
    holder: dict[str, State] = {}

    def ask(prompt: str, completions: Sequence[str]) -> str:
        state = holder["state"]
        if state.current_player != 0:
            return ""  # a pause: Enter
        return me.choose(state.view(0), game)

    resumed = TerminalGame(
        game, [0], bots, aside.seed, console, ask=ask, opponents=aside.opponents, keep=path
    )
    holder["state"] = aside.state
    resumed.run(aside.state)
    assert aside.state.is_over
    assert not path.exists()


def test_a_live_match_goes_on_live(saves: Path) -> None:
    terminal, _ = table(["1", "quit"], seed=None)
    terminal.run()
    (path,) = saves.glob("*.json")
    aside = saved.PutAside.read(path)
    assert aside.seed is None and aside.state.rng.live
    assert json.loads(path.read_text())["seed"] is None


def test_resume_with_nothing_put_aside() -> None:
    result = runner.invoke(app, ["resume"], env=WIDE)
    assert result.exit_code == 2
    assert "no match put aside in" in words(result.output), result.output


def _good(tmp_path: Path) -> dict[str, Any]:
    terminal, _ = table(["1", "quit"], keep=tmp_path / "good.json")
    terminal.run()
    data: dict[str, Any] = json.loads((tmp_path / "good.json").read_text())
    return data


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: "not json {", "not JSON"),
        (lambda d: json.dumps([1, 2]), "not a match parlour put aside"),
        (lambda d: json.dumps({**d, "format": "parlour-save"}), "not a match parlour put aside"),
        (lambda d: json.dumps({**d, "version": 9}), "version: 9 is not one this parlour reads"),
        (lambda d: json.dumps({**d, "humans": []}), "humans: a list of the people's seats"),
        (lambda d: json.dumps({**d, "humans": [0, 0]}), "humans: a list of the people's seats"),
        (lambda d: json.dumps({**d, "humans": [5]}), "humans: a list of the people's seats"),
        (lambda d: json.dumps({**d, "humans": [True]}), "humans: a list of the people's seats"),
        (lambda d: json.dumps({**d, "opponents": {}}), "opponents: a kind of computer player for each"),
        (lambda d: json.dumps({**d, "opponents": {"1": 3}}), "opponents: kinds of computer player are names"),
        (
            lambda d: json.dumps({**d, "opponents": {"1": "grandmaster"}}),
            "opponents: no player 'grandmaster'",
        ),
        (lambda d: json.dumps({**d, "seed": "3"}), "seed: a whole number or null"),
        (lambda d: json.dumps({**d, "seed": None}), "seed: a seeded match is saved with its seed"),
        (lambda d: json.dumps({**d, "match": None}), "match: the game's save is missing"),
        (lambda d: json.dumps({**d, "match": {**d["match"], "game": "chess"}}), "match: "),
        (lambda d: json.dumps({**d, "match": {**d["match"], "log": []}}), "match: "),
    ],
)
def test_bad_files_are_refused_with_one_line(tmp_path: Path, change: Any, said: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(change(_good(tmp_path)))
    before = bad.read_bytes()
    result = runner.invoke(app, ["resume", str(bad)], env=WIDE)
    assert result.exit_code == 2, result.output
    text = words(result.output)
    assert squeezed(text).startswith(f"{bad}:") and squeezed(said) in squeezed(text), text
    assert "Traceback" not in result.output
    assert bad.read_bytes() == before


@pytest.mark.parametrize("what", ["missing", "folder", "binary"])
def test_files_that_are_no_text_are_refused(tmp_path: Path, what: str) -> None:
    path = tmp_path / "x.json"
    if what == "folder":
        path.mkdir()
    elif what == "binary":
        path.write_bytes(b"\xff\xfe\x00\x81")
    result = runner.invoke(app, ["resume", str(path)], env=WIDE)
    assert result.exit_code == 2, result.output
    assert squeezed(result.output).startswith(f"{path}:"), result.output


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["format", "version", "humans", "opponents", "seed", "match"]), value=JSON)
def test_any_field_changed_is_a_bad_save_or_a_good_one(tmp_path: Path, key: str, value: Any) -> None:
    """A field replaced by any JSON value gives ``BadSave`` or a match that plays (never a crash)."""
    data = _good_cached(tmp_path)
    try:
        aside = saved.PutAside.from_json(json.dumps({**data, key: value}))
    except saved.BadSave:
        return
    assert aside.state.view(0) is not None


_CACHE: dict[str, dict[str, Any]] = {}


def _good_cached(tmp_path: Path) -> dict[str, Any]:
    if "good" not in _CACHE:
        _CACHE["good"] = _good(tmp_path)
    return _CACHE["good"]


def test_help_names_save_and_resume() -> None:
    result = runner.invoke(app, ["resume", "--help"], env=WIDE)
    assert result.exit_code == 0 and "Take up a match left unfinished" in result.output
    terminal, console = table(["help", "quit"], keep=False)
    terminal.run()
    assert "save (put the match aside" in words(console.export_text())


def test_saves_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PARLOUR_SAVES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saved.saves_folder() == tmp_path / "parlour" / "saves"
    assert os.fspath(saved.new_path("roquet")).startswith(
        os.fspath(tmp_path / "parlour" / "saves" / "roquet-")
    )


def test_list_shows_what_is_put_aside_and_resume_passes_over_a_stray_file(saves: Path) -> None:
    empty = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert empty.exit_code == 0 and "No match put aside in" in empty.output, empty.output
    terminal, _ = table(["1", "quit"])
    terminal.run()
    (good,) = saves.glob("*.json")
    stray = saves / "stray.json"
    stray.write_text("{}")
    os.utime(good, (1_000_000_000, 1_000_000_000))  # the stray file is the newest
    listed = runner.invoke(app, ["resume", "--list"], env=WIDE)
    assert listed.exit_code == 0, listed.output
    text = words(listed.output)
    assert "stray.json" in squeezed(listed.output) and "readable" in text, text
    assert good.name in squeezed(listed.output) and "roquet" in text and "hand 1" in text, text
    again = runner.invoke(app, ["resume"], input="quit\n", env=WIDE)
    assert again.exit_code == 0, again.output
    assert squeezed(f"(from {good})") in squeezed(again.output), again.output
    assert stray.read_text() == "{}"
