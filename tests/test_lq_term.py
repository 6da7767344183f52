"""Lansquenet's words while a bank is for sale and while Hoyle's banker chooses, and two faults of the
command line: ``parlour odds`` on a game without odds, and Ctrl-C during ``simulate`` and ``duplicate``."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.cli.terminal import TerminalGame
from parlour.engine import Game, Rng, State, derive_seed
from parlour.engine.views import View
from parlour.web import frames
from tests.audit_support import play

BANK_WINS = ["9C", "KD", "3H", "7S", "9H"]
"""The seed's example: the bank's card 9♣, the players' card K♦, then 3♥, 7♠ and 9♥, pairing the 9♣."""

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
"""Wide enough that no message wraps."""


def new(deal: dict[str, Any], **options: Any) -> tuple[Game[Any], State]:
    game = parlour.make("lansquenet", **options)
    return game, game.new(seed=1, deal=deal)


def roles(view: View[Any]) -> dict[int, list[str]]:
    return {s.seat: list(s.roles) for s in view.seats}


def drawn(game: Game[Any], state: State, seat: int) -> str:
    """The table as the terminal draws it for ``seat``, wide enough that no label wraps."""
    console = Console(record=True, width=160)
    TerminalGame(game, [seat], {}, 1, console).render(state.view(seat))
    return console.export_text()


def rows(text: str) -> dict[str, str]:
    """The terminal table's rows, label to value (a row's label is its first words)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        parts = re.split(r"\s{2,}", line.strip("│ "), maxsplit=1)
        if len(parts) == 2:
            out.setdefault(parts[0], parts[1])
    return out


# --- 1. a bank for sale: nobody banks, the seat that stopped sells it (ruling LQ-14) -----------------


def test_a_bank_for_sale_has_a_seller_and_no_banker() -> None:
    """ "A banker who has won may also stop. Any other player may then buy the bank": once seat 0 stops
    and takes the bank back nobody holds a bank, so no seat is the banker; seat 0 is the seller until
    a buyer puts the bank up, and the buyer is then the banker, seat 0 (who started it) the starter."""
    game, state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "stop")
    assert state.view(None).extra.phase == "buy"
    for seat in (None, 0, 1, 2, 3):
        assert roles(state.view(seat)) == {0: ["seller"], 1: ["player"], 2: ["player"], 3: ["player"]}
    assert {r for rs in roles(state.view(None)).values() for r in rs} <= set(game.seat_roles)
    text = drawn(game, state, 1)
    table = rows(text)
    # drawn for the engine's seat 1, at a terminal that numbers the seats from 1
    assert "banker" not in table and table.get("seller") == "seat 1", text
    assert table.get("players") == "you, seat 3, seat 4", text
    web = frames.state_frame(state, 1, 1, 0)["view"]
    assert [s["roles"] for s in web["seats"]] == [["seller"], ["player"], ["player"], ["player"]]
    play(state, "pass", "pass", "buy")
    assert roles(state.view(None)) == {0: ["player", "starter"], 1: ["player"], 2: ["player"], 3: ["banker"]}


def test_a_bought_bank_sold_again_names_its_seller_and_its_starter() -> None:
    """A buyer who wins may stop and sell in turn: the buyer is then the seller, and the player who
    started the bank stays its starter (a bank nobody buys passes on from the starter)."""
    _, state = new({"banker": 0, "stacks": [BANK_WINS, BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "stop", "pass", "pass", "buy")
    play(state, "bet 5", "pass", "pass", "pass", "stop")
    assert state.view(None).extra.phase == "buy"
    assert roles(state.view(None)) == {0: ["player", "starter"], 1: ["player"], 2: ["player"], 3: ["seller"]}


def test_a_world_of_a_bank_for_sale_keeps_its_seller() -> None:
    """The computer players' worlds are made from a view: the seller is read back as the seat that
    stopped (it was found by its "banker" role)."""
    game, state = new({"banker": 0, "stacks": [BANK_WINS]})
    play(state, "bank 10", "bet 6", "bet 4", "stop")
    seat = state.current_player
    assert seat is not None
    world = game.determinize(state.view(seat), Rng(1))
    assert world.view(seat).to_dict() == state.view(seat).to_dict()
    world.apply("pass")
    state.apply("pass")
    assert world.view(None).to_dict()["seats"] == state.view(None).to_dict()["seats"]


# --- 2. Hoyle's game: the matched marks stay while the cards lie there (ruling LQ-22) ----------------

HOYLE_BOTH = ["2C", "3C", "KC", "7H", "7S", "2D", "3D", "8D", "8S", "KD"]
"""Hand cards 2♣ 3♣, the bank's card K♣, the réjouissance 7♥; 7♠ pairs the réjouissance, 2♦ and 3♦
the hand cards; 8♦ is laid out; 8♠ pairs it and K♦ the bank's card: both hand cards were matched
first, so the banker may deal again."""


def table_labels(view: View[Any]) -> list[str]:
    return [z.label for z in view.zones if z.kind == "table"]


def test_hoyle_the_matched_marks_stay_while_the_banker_chooses() -> None:
    """While the banker chooses to deal again or stop the deal's cards still lie on the table, and
    what was matched is still matched: the marks the table showed a moment before stay on them."""
    game, state = new({"banker": 0, "stacks": [HOYLE_BOTH]}, variant="hoyle")
    play(state, "bet 2", "pass", "pass")
    before = state.view(None)
    assert before.extra.phase == "hbet" and table_labels(before) == [
        "the hand cards (2♣, 3♣ matched)",
        "the réjouissance (matched)",
        "laid out",
    ]
    play(state, "pass", "bet 3", "pass")
    view = state.view(None)
    assert view.extra.phase == "keep" and state.current_player == 0
    assert table_labels(view) == [
        "the hand cards, last deal (2♣, 3♣ matched)",
        "the réjouissance, last deal (matched)",
        "laid out, last deal (matched)",
    ]
    table = rows(drawn(game, state, 0))
    assert table.get("the hand cards, last deal (2♣, 3♣ matched)") == "2♣ 3♣", table
    assert table.get("laid out, last deal (matched)") == "8♦", table
    web = frames.state_frame(state, 0, 1, 0)["view"]
    assert [z["label"] for z in web["zones"] if z["kind"] == "table"] == table_labels(view)
    world = game.determinize(state.view(0), Rng(1))
    assert table_labels(world.view(0)) == table_labels(view), "a computer player's world says the same"
    play(state, "keep")
    assert table_labels(state.view(None))[0] == "the hand cards", "a new deal: its own cards, unmarked"


def test_hoyle_the_last_deal_keeps_its_marks_when_the_session_ends() -> None:
    """The session's last deal lies on the table at the end: one hand card matched, the other not, the
    réjouissance matched and its bets taken, the bank's card matched last."""
    _, state = new(
        {"banker": 0, "stacks": [["2C", "3C", "KC", "7H", "2D", "7S", "KD"]]},
        variant="hoyle",
        length="deals",
        deals=1,
    )
    play(state, "bet 2", "pass", "pass")
    assert state.is_over
    assert table_labels(state.view(None)) == [
        "the hand cards, last deal (2♣ matched)",
        "the réjouissance, last deal (matched)",
    ]


# --- 3. ``parlour odds`` on a game it has no odds for: parlour's own plain error -----------------------


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("bezique", "parlour odds has exact odds for lansquenet only, not for bezique"),
        ("no-such-game", "no game named 'no-such-game'; parlour odds has exact odds for lansquenet only"),
    ],
)
def test_odds_of_another_game_is_a_plain_error_naming_the_games_it_knows(game: str, words: str) -> None:
    """``parlour odds bezique`` erred in Typer's framed box ("Invalid value: ..."), where every other
    bad command gets one plain red line: it now says so in the words of the other commands."""
    result = runner.invoke(app, ["odds", game], env=WIDE)
    assert result.exit_code == 2, result.output
    assert result.stdout == "", result.stdout
    assert " ".join(result.stderr.split()) == words, result.stderr  # (a narrow console breaks the line)
    assert not set("╭╰│") & set(result.stderr) and "Invalid value" not in result.stderr


def test_odds_refuses_a_bad_seed_in_plain_words() -> None:
    """The seed, too, is refused as simulate and duplicate refuse it (it also came in Typer's box)."""
    result = runner.invoke(app, ["odds", "lansquenet", "--seed", "-1"], env=WIDE)
    assert result.exit_code == 2
    said = " ".join(result.stderr.split())
    assert said == "--seed: a seed is a whole number from 0 to 2**63 - 1", result.stderr


# --- 4. Ctrl-C during ``parlour simulate`` and ``parlour duplicate``: a word, and the figures so far ----


def stop_after(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, calls: int) -> None:
    """Ctrl-C while ``module.name`` runs for the ``calls + 1``-th time (a chunk of matches, a deal)."""
    real = getattr(module, name)
    count = [0]

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        if count[0] > calls:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, interrupted)


def test_ctrl_c_during_simulate_says_so_and_gives_the_figures_of_the_matches_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ctrl-C exited 130 without a word, and the matches played were lost. It still exits 130, says
    after how many matches of how many, and prints (and writes) the figures of the matches played:
    exactly those of a run of that many matches with the same seed, whose command it spells out."""
    import parlour.sim

    stop_after(monkeypatch, parlour.sim, "run_chunk", 2)  # 40 matches are 4 chunks of 10
    figures, records = tmp_path / "f.json", tmp_path / "r.jsonl"
    args = ["simulate", "roquet", "-n", "40", "--seed", "3", "--players", "heuristic,random"]
    result = runner.invoke(app, [*args, "--json", str(figures), "--records", str(records)], env=WIDE)
    assert result.exit_code == 130, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith("stopped by Ctrl-C after 20 of 40 matches"), said
    assert "parlour simulate roquet -n 20 --seed 3 --players heuristic,random" in said, said
    out = " ".join(result.stdout.split())  # the console's width decides where its lines break
    assert "roquet: 20 matches, seed 3" in out and "heuristic" in out, out
    assert "(the matches played before Ctrl-C)" in out
    monkeypatch.undo()
    again = parlour.sim.simulate("roquet", ["heuristic", "random"], 20, seed=3, keep_records=True)
    written = json.loads(figures.read_text())
    assert {k: written[k] for k in again.figures()} == json.loads(json.dumps(again.figures()))
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    # (each line names its run too, design-2: its own fields are the match's)
    own = [{k: line[k] for k in ("match", *again.records[0].to_dict())} for line in lines[:-1]]
    assert own == [{"match": i, **r.to_dict()} for i, r in enumerate(again.records)]
    # the file says it is partial (term-6): its last line is no match
    assert lines[-1] == {"partial": True, "stopped_by": "Ctrl-C", "matches": 20, "planned": 40}


def test_ctrl_c_in_a_sweep_names_the_run_stopped_and_the_runs_not_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import parlour.sim

    stop_after(monkeypatch, parlour.sim, "run_chunk", 5)  # each run of 8 matches is 4 chunks of 2
    result = runner.invoke(
        app, ["simulate", "roquet", "-n", "8", "--sweep", "target=100,150,200", "--seed", "1"], env=WIDE
    )
    assert result.exit_code == 130, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith(
        "stopped by Ctrl-C after 2 of 8 matches of the run target=150 (run 2 of 3; not played: target=200)"
    ), said
    assert "parlour simulate roquet -n 2 --seed 1 --players heuristic,heuristic -o target=150" in said
    out = " ".join(result.stdout.split())  # the console's width decides where its lines break
    assert "roquet: 8 matches, seed 1" in out and "roquet: 2 matches, seed 1" in out
    assert "target = 150 (stopped after 2 of 8 matches)" in out, out


def test_ctrl_c_before_any_match_says_there_are_no_figures(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import parlour.sim

    stop_after(monkeypatch, parlour.sim, "run_chunk", 0)
    figures = tmp_path / "f.json"
    result = runner.invoke(app, ["simulate", "roquet", "-n", "40", "--json", str(figures)], env=WIDE)
    assert result.exit_code == 130, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith("stopped by Ctrl-C after 0 of 40 matches No match of this run had finished"), said
    assert "parlour simulate roquet -n 40 --seed 0" in said and "nothing is written" in said, said
    assert not figures.exists() and result.stdout.strip() == ""


def test_ctrl_c_during_duplicate_says_so_and_gives_the_figure_of_the_deals_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import parlour.duplicate

    stop_after(monkeypatch, parlour.duplicate, "_one_deal", 2)
    out = tmp_path / "d.json"
    args = ["duplicate", "roquet", "--candidate", "random", "--deals", "5", "--seed", "4", "--json", str(out)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 130, result.output
    said = " ".join(result.stderr.split())
    assert said.startswith("stopped by Ctrl-C after 2 of 5 deals"), said
    command = "parlour duplicate roquet --candidate random --baseline heuristic --deals 2 --seed 4"
    assert command in said, said
    printed = " ".join(result.stdout.split())  # the console's width decides where its lines break
    assert "roquet: random vs heuristic:" in printed and "(2 deals, seats 1,2" in printed, printed
    monkeypatch.undo()
    again = parlour.duplicate.duplicate("roquet", "random", "heuristic", deals=2, seed=4)
    assert json.loads(out.read_text())["margins"] == list(again.margins)


def test_a_real_ctrl_c_at_the_terminal_stops_simulate_with_its_figures() -> None:
    """The Ctrl-C a person types: the terminal sends SIGINT to the whole process group once the
    progress bar shows matches played."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "COLUMNS": "120", "LINES": "24", "TERM": "xterm"}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent.parent), env.get("PYTHONPATH", "")])
    child = pexpect.spawn(
        sys.executable,
        ["-m", "parlour", "simulate", "roquet", "-n", "2000", "--players", "random,random"],
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=60,
        dimensions=(24, 120),
        # (a shell's background job ignores SIGINT, and a child would inherit that)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child.expect(r" ([1-9]\d*)/2000")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = " ".join(str(child.before).split())
    assert child.exitstatus == 130, text
    found = re.search(r"stopped by Ctrl-C after (\d+) of 2000 matches", text)
    assert found is not None and int(found.group(1)) >= 50, text
    assert f"roquet: {found.group(1)} matches, seed 0" in text, text
    assert "Traceback" not in text


def sleepy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, fast: Any) -> None:
    """``module.name`` sleeps 12 s but for ``fast(args)``: work a pool's worker would be stuck in."""
    real = getattr(module, name)

    def slow(*args: Any) -> Any:
        if not fast(*args):
            time.sleep(12)
        return real(*args)

    monkeypatch.setattr(module, name, slow)


def test_ctrl_c_ends_the_pools_workers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--jobs`` the run waited, after Ctrl-C, for the workers to play the chunks (the deals)
    they held and had queued: minutes with a searching player. The workers now end at once. (The
    pool's processes are forked from this one, so they play the patched, sleepy matches.)"""
    import parlour.duplicate
    import parlour.sim

    first = {derive_seed(0, "match", i) for i in range(5)}  # the first chunk of 40 matches on 2 jobs
    sleepy(monkeypatch, parlour.sim, "play_match", lambda game, kinds, seed, keep: seed in first)

    def ctrl_c(done: int) -> None:
        raise KeyboardInterrupt

    start = time.monotonic()
    with pytest.raises(parlour.sim.SimulationStopped) as stopped:
        parlour.sim.simulate("roquet", ["random", "random"], 40, jobs=2, progress=ctrl_c)
    assert stopped.value.played == 5 and stopped.value.planned == 40
    assert time.monotonic() - start < 20, "the workers were waited for"
    assert isinstance(stopped.value, KeyboardInterrupt)

    deal = derive_seed(0, "deal", 0)
    sleepy(monkeypatch, parlour.duplicate, "_play", lambda table, seed, players, seat: seed == deal)
    start = time.monotonic()
    with pytest.raises(parlour.duplicate.DuplicateStopped) as halted:
        parlour.duplicate.duplicate("roquet", "random", "heuristic", deals=6, jobs=2, progress=ctrl_c)
    assert halted.value.played == 1 and halted.value.planned == 6
    assert time.monotonic() - start < 20, "the workers were waited for"
