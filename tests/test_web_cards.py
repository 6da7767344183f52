"""The card pictures: every card of every pack draws a well-formed, titled, distinct SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from parlour.cards import PACKS, get_pack
from parlour.web import cards
from parlour.web.cards import back_svg, card_svg, pack_cards

SVG = "{http://www.w3.org/2000/svg}"
PACK_NAMES = [*PACKS, "french52x2", "french52x6"]


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 240 336"
    assert root.get("role") == "img"
    return root


def _title(root: ET.Element) -> str:
    title = root.find(f"{SVG}title")
    assert title is not None
    return title.text or ""


@pytest.mark.parametrize("pack", PACK_NAMES)
def test_every_card_renders_with_its_name(pack: str) -> None:
    the_pack = get_pack(pack)
    pictures: dict[str, str] = {}
    for code in set(the_pack.cards):
        svg = card_svg(pack, code)
        root = _parse(svg)
        assert _title(root) == the_pack.card_name(code)
        assert root[0].tag == f"{SVG}title"
        pictures[code] = re.sub(r"<title>.*?</title>", "", svg)
    assert len(set(pictures.values())) == len(pictures), "two distinct cards share a picture"


@pytest.mark.parametrize("pack", PACK_NAMES)
def test_pack_cards_lists_distinct_codes_in_sorting_order(pack: str) -> None:
    the_pack = get_pack(pack)
    listed = pack_cards(pack)
    codes = [code for code, _ in listed]
    assert len(codes) == len(set(codes)) == len(set(the_pack.cards))
    assert codes == sorted(codes, key=the_pack.sort_key)
    assert all(name == the_pack.card_name(code) for code, name in listed)


def test_some_names_and_counts() -> None:
    assert len(pack_cards("bishops52")) == 49
    assert ("N", "knight") in pack_cards("bishops52")
    assert ("E", "Till Eulenspiegel") in pack_cards("bishops65")
    assert pack_cards("tarock54")[-1] == ("I", "tarock I")
    assert len(pack_cards("bezique64")) == 32
    assert pack_cards("french52x4") == pack_cards("french52")


def test_shoes_look_like_the_french_pack() -> None:
    assert card_svg("french52x2", "QH") == card_svg("french52", "QH")
    assert back_svg("french52x8") == back_svg("french52")


def test_a_huge_shoe_is_not_built() -> None:
    huge = "french52x" + "9" * 15
    assert card_svg(huge, "AS") == card_svg("french52", "AS")
    assert len(pack_cards(huge)) == 52
    assert back_svg("french52x" + "9" * 5000) == back_svg("french52")


@pytest.mark.parametrize(
    ("pack", "code"),
    [("french52", "CS"), ("french52", "1H"), ("bishops52", "LS"), ("bishops52", "E"), ("tarock54", "TH"),
     ("tarock54", "6S"), ("roquet60", "N"), ("bezique64", "2C"), ("french52", ""), ("tarot78", "XXII")],
)  # fmt: skip
def test_a_code_not_in_the_pack_is_refused(pack: str, code: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        card_svg(pack, code)


@pytest.mark.parametrize(
    "pack", ["", "whist", "french52x0", "french52x00", "french52x", "french52x-1", "french53", "FRENCH52"]
)
def test_an_unknown_pack_is_refused(pack: str) -> None:
    with pytest.raises(ValueError):
        card_svg(pack, "AS")
    with pytest.raises(ValueError):
        back_svg(pack)
    with pytest.raises(ValueError):
        pack_cards(pack)


@pytest.mark.parametrize("pack", PACK_NAMES)
def test_the_back_renders(pack: str) -> None:
    root = _parse(back_svg(pack))
    assert _title(root) == "face-down card"


def test_backs_are_tinted_per_pack() -> None:
    assert len({back_svg(pack) for pack in PACKS}) == len(PACKS)


def test_pictures_are_cached() -> None:
    assert card_svg("tarot78", "SK") is card_svg("tarot78", "SK")


def test_no_text_glyphs_for_suits() -> None:
    svg = "".join(card_svg("french52", code) for code, _ in pack_cards("french52"))
    assert not any(symbol in svg for symbol in "♠♥♦♣")


def test_gallery_writes_every_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gallery.html"
    assert cards.main(["--gallery", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>")
    for pack in PACKS.values():
        assert pack.title in page
    assert page.count("<img") >= sum(len(pack_cards(p)) + 1 for p in PACKS)
    assert str(out) in capsys.readouterr().out


def test_gallery_of_one_pack(tmp_path: Path) -> None:
    out = tmp_path / "one.html"
    assert cards.main(["--gallery", str(out), "--pack", "bishops65"]) == 0
    page = out.read_text(encoding="utf-8")
    assert "extended Bishops Whist" in page
    assert "Bezique" not in page
