"""What review-3 found in the day's merged changes, each with the test that failed before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.sim import read_records, simulate, write_records


def _records(path: Path) -> None:
    """A whole records file of six Roquet matches at ``path`` (through gzip where it ends in .gz)."""
    write_records(path, [simulate("roquet", ["random", "random"], matches=6, seed=5, keep_records=True)])


def test_a_truncated_gz_records_file_is_refused_as_a_bad_file(tmp_path: Path) -> None:
    """A run killed as it wrote its ``.gz`` file leaves it cut short: ``read_records`` promises a
    ``ValueError`` for a bad file, as a plain file cut mid-line gets ("line 7: not JSON"), but gzip's
    ``EOFError`` ("Compressed file ended before the end-of-stream marker was reached") came out."""
    whole = tmp_path / "whole.jsonl.gz"
    _records(whole)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole.read_bytes()[: len(whole.read_bytes()) // 2])
    with pytest.raises(ValueError, match=r"line \d+: .*gzip.*cut short"):
        read_records(cut)


def test_a_plain_records_file_named_gz_is_refused_as_a_bad_file(tmp_path: Path) -> None:
    """A plain text file renamed ``.gz`` (or written by hand so) raised gzip's ``BadGzipFile``, an
    ``OSError``, where a bad records file is a ``ValueError`` that says what is wrong."""
    plain = tmp_path / "plain.jsonl"
    _records(plain)
    named = tmp_path / "plain.jsonl.gz"
    named.write_bytes(plain.read_bytes())
    with pytest.raises(ValueError, match=r"line 1: .*not gzip"):
        read_records(named)


def test_turn_verbs_gathers_the_prompts_of_decisions_by_amount() -> None:
    """``tests/test_turn_verbs.py`` gathers the prompts put to render.js's ``turnVerb`` by random play,
    but ended a match at the first decision whose moves are all amounts (``legal_actions()`` empty,
    ``legal_ranges()`` not): classic Lansquenet stopped at its first bank, so its bets, the keeping and
    buying of the bank never reached the browser's check (only Hoyle's bets and deal did)."""
    from tests.test_turn_verbs import prompts

    gathered = [prompt for prompt, _ in prompts("lansquenet")]
    for opening in ("buy the bank of ", "keep the bank of "):  # (Hoyle's is "keep the deal, or stop")
        assert any(p.startswith(opening) for p in gathered), (opening, sorted(gathered))
    # a classic bet, "bet 1 to 100 chips, or pass" (Hoyle's names its card: "bet 1 to 100 chips on 7♣ ...")
    assert any(p.startswith("bet ") and " on " not in p for p in gathered), sorted(gathered)
