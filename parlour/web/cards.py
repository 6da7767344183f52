"""The card pictures: an SVG card set drawn here, for every pack in :mod:`parlour.cards`.

Every card is a standalone SVG document of ``240 × 336`` units with big corner indices (rank and
a drawn suit symbol, top left and turned bottom right), so a fanned hand stays readable on a
phone. The suit symbols, chess pieces and figures are paths written here; the only text is the
indices and numerals, in a generic serif. Bishops Whist packs are a chess deck (castle, king,
queen, bishop as chess pieces, the suitless knights as a horse head); the tarock packs have Roman
numerals on their trumps; Bezique and French packs have ordinary double-ended court cards.

``python -m parlour.web.cards --gallery out.html`` writes every pack to one HTML page.
"""

from __future__ import annotations

import argparse
import base64
import functools
import math
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from parlour.cards import (
    BEZIQUE_64,
    BISHOPS_WHIST,
    EXTENDED_65,
    FRENCH_52,
    PACKS,
    ROMAN,
    ROQUET_60,
    TAROCK_54,
    TAROT_78,
    Pack,
    get_pack,
)

W, H = 240, 336
FONT = "Georgia, 'DejaVu Serif', serif"
RED, BLACK, INK = "#c1121f", "#17171c", "#2a2233"
GOLD, IVORY, SKIN, STEEL, WOOD = "#dba21c", "#fffdf6", "#f6d9bd", "#7d8794", "#7a4a21"
SUIT_INK = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
DARK = {BLACK: "#000000", RED: "#6e0a12"}
ROBE = {"S": "#2c4f94", "H": "#b3202e", "D": "#c47f12", "C": "#2e6b3c"}
BACK_TINT = {
    BISHOPS_WHIST.name: "#1f5a3c", EXTENDED_65.name: "#5b2750", ROQUET_60.name: "#7a4518",
    BEZIQUE_64.name: "#1f3f7a", TAROCK_54.name: "#8a1c24", TAROT_78.name: "#3d3585",
    FRENCH_52.name: "#1d3557",
}  # fmt: skip


def _circle(x: float, y: float, r: float) -> str:
    """A circle as a path piece (counter-clockwise, so pieces union under nonzero filling)."""
    return f"M{x - r:g},{y:g} a{r:g},{r:g} 0 1,0 {2 * r:g},0 a{r:g},{r:g} 0 1,0 {-2 * r:g},0 Z"


# Suit symbols in a box from -50 to 50 each way.
SUIT_D = {
    "S": "M0,-50 C-6,-34 -50,-14 -50,14 C-50,32 -36,40 -24,40 C-14,40 -6,35 -3,29 C-4,40 -10,47 -20,50 "
    "L20,50 C10,47 4,40 3,29 C6,35 14,40 24,40 C36,40 50,32 50,14 C50,-14 6,-34 0,-50 Z",
    "H": "M0,46 C-8,34 -50,12 -50,-18 C-50,-38 -34,-48 -24,-48 C-12,-48 -4,-40 0,-30 "
    "C4,-40 12,-48 24,-48 C34,-48 50,-38 50,-18 C50,12 8,34 0,46 Z",
    "D": "M0,-50 Q14,-20 38,0 Q14,20 0,50 Q-14,20 -38,0 Q-14,-20 0,-50 Z",
    "C": _circle(0, -25, 22)
    + _circle(-25, 12, 22)
    + _circle(25, 12, 22)
    + _circle(0, 4, 12)
    + "M-5,8 Q-3,36 -18,50 L18,50 Q3,36 5,8 Z",
}

# Chess pieces, a base 72 wide at y=60, about 135 tall.
_BASE = "M-36,60 L36,60 L36,48 L28,42 "
_BASE_L = " L-28,42 L-36,48 Z"
PIECE_D = {
    "C": _BASE + "L24,-8 L32,-16 L32,-50 L19,-50 L19,-38 L7,-38 L7,-50 L-7,-50 L-7,-38 "
    "L-19,-38 L-19,-50 L-32,-50 L-32,-16 L-24,-8" + _BASE_L,
    "K": _BASE + "L22,-2 L30,-8 L30,-16 L22,-18 Q36,-32 30,-44 Q22,-54 6,-50 L6,-56 L15,-56 L15,-65 "
    "L6,-65 L6,-76 L-6,-76 L-6,-65 L-15,-65 L-15,-56 L-6,-56 L-6,-50 Q-22,-54 -30,-44 "
    "Q-36,-32 -22,-18 L-30,-16 L-30,-8 L-22,-2" + _BASE_L,
    "Q": _BASE + "L20,-2 L28,-8 L28,-16 L20,-18 L32,-50 L22,-38 L16,-58 L8,-40 L0,-62 L-8,-40 L-16,-58 "
    "L-22,-38 L-32,-50 L-20,-18 L-28,-16 L-28,-8 L-20,-2"
    + _BASE_L
    + "".join(_circle(x, y, 6) for x, y in ((32, -53), (16, -61), (0, -66), (-16, -61), (-32, -53))),
    "B": _BASE + "Q22,30 20,-2 L26,-6 L26,-13 L12,-15 Q30,-30 20,-48 Q10,-62 0,-66 Q-10,-62 -20,-48 "
    "Q-30,-30 -12,-15 L-26,-13 L-26,-6 L-20,-2 Q-22,30" + _BASE_L + _circle(0, -72, 7),
    "N": "M-26,60 L36,60 L36,48 L29,43 C34,16 32,-16 20,-36 C11,-50 0,-57 -9,-59 L-6,-72 L-17,-62 "
    "L-24,-70 L-28,-55 C-40,-47 -47,-31 -51,-15 L-53,-3 C-53,6 -46,10 -39,8 L-30,2 "
    "C-24,0 -18,-2 -12,-7 C-9,5 -16,13 -24,22 C-32,32 -34,40 -29,48 Z",
}
PIECE_EXTRA = {  # ivory details drawn over the silhouette: the bishop's slit, the knight's eye and mane
    "B": '<path d="M5,-50 L-9,-32" stroke="{c}" stroke-width="5" stroke-linecap="round"/>',
    "N": '<circle cx="-24" cy="-40" r="4.5" fill="{c}"/><path d="M-2,-52 C14,-40 22,-18 22,8" '
    'stroke="{c}" stroke-width="3" fill="none" stroke-dasharray="7 5"/>',
}


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pip(suit: str, x: float, y: float, size: float, *, flip: bool = False, fill: str = "") -> str:
    """A suit symbol ``size`` units tall centred on ``(x, y)``."""
    turn = " rotate(180)" if flip else ""
    return (
        f'<path d="{SUIT_D[suit]}" fill="{fill or SUIT_INK[suit]}" '
        f'transform="translate({_f(x)},{_f(y)}){turn} scale({size / 100:g})"/>'
    )


def _piece(kind: str, x: float, y: float, scale: float, fill: str, detail: str = IVORY) -> str:
    extra = PIECE_EXTRA.get(kind, "").format(c=detail)
    return (
        f'<g transform="translate({_f(x)},{_f(y)}) scale({scale:g})">'
        f'<path d="{PIECE_D[kind]}" fill="{fill}" stroke="{DARK.get(fill, "#000")}" stroke-width="2" '
        f'stroke-linejoin="round"/>{extra}</g>'
    )


def _star(x: float, y: float, r: float, fill: str, points: int = 5, stroke: str = INK) -> str:
    pts = []
    for i in range(points * 2):
        a = math.pi * i / points - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.42
        pts.append(f"{_f(x + rr * math.cos(a))},{_f(y + rr * math.sin(a))}")
    return (
        f'<path d="M{" L".join(pts)} Z" fill="{fill}" stroke="{stroke}" stroke-width="2" '
        'stroke-linejoin="round"/>'
    )


def _text(x: float, y: float, s: str, size: float, fill: str, width: float = 0.0) -> str:
    fit = f' textLength="{_f(width)}" lengthAdjust="spacingAndGlyphs"' if width else ""
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="{escape(FONT)}" font-size="{_f(size)}" '
        f'font-weight="bold" text-anchor="middle" fill="{fill}"{fit}>{escape(s)}</text>'
    )


def _turned(body: str) -> str:
    return f'<g transform="rotate(180 {W // 2} {H // 2})">{body}</g>'


# --- corner indices -------------------------------------------------------------------------------


def _index(label: str, mark: str, colour: str) -> str:
    """``label`` (the rank) over ``mark`` (a drawn symbol centred on (0, 0)) top left and bottom right."""
    width = 46.0 if len(label) > 1 else 0.0
    top = _text(27, 49, label, 46, colour, width) if label else ""
    mark_y = 80 if label else 44
    one = f'{top}<g transform="translate(27,{mark_y})">{mark}</g>'
    return one + _turned(one)


def _suit_index(label: str, suit: str) -> str:
    return _index(label, _pip(suit, 0, 0, 34), SUIT_INK[suit])


# --- pip cards ------------------------------------------------------------------------------------

_L, _C, _R = 82.0, 120.0, 158.0
_T, _M, _B = 70.0, 168.0, 266.0
_ROWS4 = (70.0, 135.3, 200.7, 266.0)
LAYOUTS: dict[int, list[tuple[float, float]]] = {
    2: [(_C, _T), (_C, _B)],
    3: [(_C, _T), (_C, _M), (_C, _B)],
    4: [(_L, _T), (_R, _T), (_L, _B), (_R, _B)],
    5: [(_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)],
    6: [(x, y) for y in (_T, _M, _B) for x in (_L, _R)],
    7: [(x, y) for y in (_T, _M, _B) for x in (_L, _R)] + [(_C, 119)],
    8: [(x, y) for y in (_T, _M, _B) for x in (_L, _R)] + [(_C, 119), (_C, 217)],
    9: [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, _M)],
    10: [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_C, 102.6), (_C, 233.4)],
}


def _pips(suit: str, n: int) -> str:
    if n == 1:
        ring = f'<circle cx="120" cy="168" r="70" fill="none" stroke="{GOLD}" stroke-width="3"/>'
        fancy = ring if suit == "S" else ""
        return fancy + _pip(suit, 120, 168, 104)
    size = 44 if n < 9 else 42
    return "".join(_pip(suit, x, y, size, flip=y > _M + 1) for x, y in LAYOUTS[n])


# --- figures --------------------------------------------------------------------------------------


def _frame(fill: str = "#f6eedb", edge: str = GOLD) -> str:
    return (
        f'<rect x="54" y="22" width="132" height="292" rx="8" fill="{fill}" stroke="{edge}" '
        'stroke-width="3"/>'
        f'<rect x="59" y="27" width="122" height="282" rx="5" fill="none" stroke="{edge}" stroke-width="1"/>'
    )


def _chess(kind: str, suit: str) -> str:
    """A castle, king, queen or bishop: the chess piece in the suit's colour with the suit on a roundel."""
    colour = SUIT_INK[suit]
    roundel = (
        f'<circle cx="120" cy="{_f(204 if kind != "B" else 210)}" r="19" fill="{IVORY}" '
        f'stroke="{GOLD}" stroke-width="3"/>' + _pip(suit, 120, 204 if kind != "B" else 210, 24)
    )
    return _frame() + _piece(kind, 120, 190, 1.55, colour) + roundel


def _lehnritter(suit: str) -> str:
    colour = SUIT_INK[suit]
    lance = (
        f'<path d="M84,296 L166,48" stroke="{WOOD}" stroke-width="7" stroke-linecap="round"/>'
        f'<path d="M166,48 L163,30 L172,34 Z" fill="{STEEL}" stroke="#333" stroke-width="1.5"/>'
        f'<path d="M160,64 L104,58 L122,74 L100,92 L152,88 Z" fill="{IVORY}" stroke="{colour}" '
        f'stroke-width="3" stroke-linejoin="round"/>' + _pip(suit, 136, 76, 22)
    )
    shield = (
        f'<path d="M136,212 L176,212 L176,240 Q176,262 156,272 Q136,262 136,240 Z" fill="{IVORY}" '
        f'stroke="{GOLD}" stroke-width="3"/>' + _pip(suit, 156, 238, 26)
    )
    return _frame() + _piece("N", 108, 214, 1.25, colour) + lance + shield


def _knight() -> str:
    return _frame("#efe8f4", "#6c5a8e") + _piece("N", 126, 184, 1.45, INK)


def _hat(x: float, y: float, s: float) -> str:
    """A landsknecht's slashed beret with plumes."""
    return (
        f'<g transform="translate({_f(x)},{_f(y)}) scale({s:g})">'
        + "".join(
            f'<path d="M0,0 C-12,-22 -8,-52 8,-74 C18,-50 14,-22 0,0 Z M0,0 Q2,-40 8,-74" fill="{c}" '
            f'stroke="#333" stroke-width="2" transform="translate({x},-6) rotate({a})"/>'
            for x, a, c in ((-10, -38, "#fff"), (10, 34, "#e8c547"), (0, -4, "#fff"))
        )
        + '<ellipse cx="2" cy="-14" rx="28" ry="13" fill="#8f1622" stroke="#333" stroke-width="2"/>'
        '<ellipse cx="0" cy="-3" rx="46" ry="15" fill="#b3202e" stroke="#333" stroke-width="2"/>'
        '<path d="M-32,-5 l6,6 M-16,-9 l6,8 M0,-9 l6,8 M16,-9 l6,8 M30,-6 l5,6" stroke="#f1cf4a" '
        'stroke-width="5" stroke-linecap="round"/></g>'
    )


# A halberd crossed with a sword, for the Landsknecht's corners.
_WEAPONS = (
    f'<g stroke="{INK}" stroke-linecap="round" fill="{INK}">'
    '<path d="M-18,24 L16,-22 M-18,-4 L-4,8" stroke-width="5"/>'
    '<path d="M16,-22 L20,-32 L10,-24 Z M8,-16 L20,-8 L26,-16 L16,-26 Z" stroke-width="2"/>'
    '<path d="M18,24 L-14,-18 M8,20 L22,8" stroke-width="5"/>'
    '<path d="M-14,-18 L-20,-28 L-8,-22 Z" stroke-width="3"/></g>'
)


def _landsknecht() -> str:
    sword = (
        '<g transform="translate(120,196) rotate(32)">'
        f'<path d="M-6,50 L-6,-96 L0,-112 L6,-96 L6,50 Z" fill="#d7dde4" stroke="#333" stroke-width="2"/>'
        f'<path d="M-34,50 Q-40,44 -34,40 L34,40 Q40,44 34,50 Z" fill="{STEEL}" stroke="#333" '
        'stroke-width="2"/>'
        f'<rect x="-5" y="50" width="10" height="38" fill="{WOOD}" stroke="#333" stroke-width="2"/>'
        f'<circle cx="0" cy="94" r="8" fill="{STEEL}" stroke="#333" stroke-width="2"/></g>'
    )
    halberd = (
        '<g transform="translate(120,196) rotate(-32)">'
        f'<rect x="-4" y="-104" width="8" height="214" fill="{WOOD}" stroke="#333" stroke-width="2"/>'
        f'<path d="M4,-96 L34,-106 Q44,-82 34,-58 L4,-68 Z" fill="#d7dde4" stroke="#333" stroke-width="2"/>'
        f'<path d="M-4,-104 L0,-138 L4,-104 Z M-4,-92 L-24,-78 L-4,-80 Z" fill="#d7dde4" stroke="#333" '
        'stroke-width="2"/></g>'
    )
    return _frame("#f4ecd8", "#b3202e") + halberd + sword + _hat(120, 86, 1.05)


def _owl(x: float, y: float, s: float) -> str:
    return (
        f'<g transform="translate({_f(x)},{_f(y)}) scale({s:g})">'
        '<path d="M-30,-26 L-26,-50 L-12,-36 Q0,-40 12,-36 L26,-50 L30,-26 Q38,10 28,34 Q0,52 -28,34 '
        'Q-38,10 -30,-26 Z" fill="#8a5a2b" stroke="#3b2410" stroke-width="2.5"/>'
        '<ellipse cx="0" cy="16" rx="17" ry="20" fill="#e2c08d"/>'
        '<circle cx="-12" cy="-20" r="11" fill="#f3d36b" stroke="#3b2410" stroke-width="2"/>'
        '<circle cx="12" cy="-20" r="11" fill="#f3d36b" stroke="#3b2410" stroke-width="2"/>'
        '<circle cx="-12" cy="-20" r="5" fill="#111"/><circle cx="12" cy="-20" r="5" fill="#111"/>'
        '<path d="M-4,-10 L4,-10 L0,0 Z" fill="#e07b1a"/></g>'
    )


def _jester_cap(x: float, y: float, s: float) -> str:
    return (
        f'<g transform="translate({_f(x)},{_f(y)}) scale({s:g})">'
        '<path d="M-30,0 Q-40,-30 -58,-24 Q-34,-40 -4,-34 Z" fill="#2e6b3c" stroke="#222" stroke-width="2"/>'
        '<path d="M30,0 Q40,-30 58,-24 Q34,-40 4,-34 Z" fill="#c47f12" stroke="#222" stroke-width="2"/>'
        '<path d="M-30,0 Q-20,-50 0,-62 Q20,-50 30,0 Z" fill="#b3202e" stroke="#222" stroke-width="2"/>'
        '<rect x="-32" y="-4" width="64" height="10" rx="4" fill="#e8c547" stroke="#222" stroke-width="2"/>'
        f'<circle cx="-58" cy="-22" r="6" fill="{GOLD}" stroke="#222" stroke-width="1.5"/>'
        f'<circle cx="58" cy="-22" r="6" fill="{GOLD}" stroke="#222" stroke-width="1.5"/>'
        f'<circle cx="0" cy="-64" r="6" fill="{GOLD}" stroke="#222" stroke-width="1.5"/></g>'
    )


def _eulenspiegel() -> str:
    mirror = (
        f'<rect x="152" y="186" width="10" height="78" rx="4" fill="{WOOD}" stroke="#333" stroke-width="2"/>'
        f'<circle cx="157" cy="160" r="30" fill="{GOLD}" stroke="#333" stroke-width="2"/>'
        '<circle cx="157" cy="160" r="22" fill="#cfe3ee"/>' + _ln("M145,150 Q150,141 160,140", "#fff", 4)
    )
    return _frame("#f1f1e2", "#2e6b3c") + _jester_cap(120, 94, 0.95) + mirror + _owl(92, 214, 0.95)


def _fool() -> str:
    face = (
        f'<circle cx="120" cy="176" r="24" fill="{SKIN}" stroke="#333" stroke-width="2"/>'
        '<circle cx="112" cy="172" r="2.6" fill="#222"/><circle cx="128" cy="172" r="2.6" fill="#222"/>'
        '<path d="M110,184 Q120,194 130,184" stroke="#a33" stroke-width="2.5" fill="none"/>'
        '<path d="M70,276 L80,222 L96,212 L104,200 L120,210 L136,200 L144,212 L160,222 L170,276 Z" '
        'fill="#2e6b3c" stroke="#333" stroke-width="2"/>'
        '<path d="M120,210 L120,276 L170,276 L160,222 L144,212 L136,200 Z" fill="#b3202e" stroke="#333" '
        'stroke-width="2"/>'
        '<path d="M96,212 L104,226 L112,212 L120,226 L128,212 L136,226 L144,212" stroke="#e8c547" '
        'stroke-width="4" fill="none"/>'
        f'<path d="M84,262 L160,236" stroke="{WOOD}" stroke-width="6" stroke-linecap="round"/>'
        '<circle cx="102" cy="256" r="2" fill="#fff"/><circle cx="116" cy="251" r="2" fill="#fff"/>'
    )
    return _frame("#eef0f8", "#3d3585") + _star(120, 66, 34, GOLD) + _jester_cap(120, 160, 0.8) + face


# Trump ornaments, in a box about 100 across centred on (0, 0).
_ORNAMENTS: tuple[str, ...] = (
    "".join(
        f'<path d="M0,0 L{_f(52 * math.cos(i * math.pi / 8))},{_f(52 * math.sin(i * math.pi / 8))}" '
        f'stroke="{GOLD}" stroke-width="{6 if i % 2 else 9}" stroke-linecap="round"/>'
        for i in range(16)
    )
    + '<circle r="30" fill="#f3c33c" stroke="#a66f00" stroke-width="3"/>',  # sun
    '<path d="M14,-44 A46,46 0 1,0 14,44 A48,48 0 0,1 14,-44 Z" fill="#e8d27a" stroke="#7a6a2a" '
    'stroke-width="3"/>' + _star(34, -20, 10, "#fff6c8", stroke="#7a6a2a"),  # moon
    _star(0, 0, 50, "#f3c33c", stroke="#a66f00") + _star(0, 0, 18, "#fff6c8", stroke="#a66f00"),  # star
    '<path d="M-26,50 L-22,-20 L-32,-28 L-32,-50 L-20,-50 L-20,-40 L-6,-40 L-6,-50 L6,-50 L6,-40 L20,-40 '
    'L20,-50 L32,-50 L32,-28 L22,-20 L26,50 Z" fill="#c9b79a" stroke="#4a3b2a" stroke-width="3"/>'
    '<path d="M-8,50 L-8,30 Q0,18 8,30 L8,50 Z M-5,-14 L-5,-2 L5,-2 L5,-14 Z" fill="#4a3b2a"/>',  # tower
    f'<rect x="-7" y="8" width="14" height="44" fill="{WOOD}" stroke="#3b2410" stroke-width="2"/>'
    '<path d="' + _circle(0, -22, 28) + _circle(-26, 4, 20) + _circle(26, 4, 20) + '" fill="#3f8a4a" '
    'stroke="#1e4a26" stroke-width="3"/>',  # tree
    '<path d="M-50,-4 Q-30,-34 -6,-8 Q10,-40 48,-30 Q24,-18 14,2 Q32,8 40,20 Q10,18 -8,10 Q-30,14 -50,-4 Z" '
    'fill="#3d6fb0" stroke="#1c3560" stroke-width="3" stroke-linejoin="round"/>'
    '<circle cx="-32" cy="-8" r="3" fill="#fff"/>',  # bird
    '<path d="'
    + "".join(
        _circle(26 * math.cos(a * math.pi / 2.5), 26 * math.sin(a * math.pi / 2.5), 18) for a in range(5)
    )
    + f'" fill="#d9476a" stroke="#7a1430" stroke-width="3"/><circle r="14" fill="{GOLD}" stroke="#7a5a00" '
    'stroke-width="3"/>',  # flower
)


def _trump(n: int) -> str:
    numeral = ROMAN[n - 1]
    width = min(108.0, 34.0 * len(numeral))
    rules = '<path d="M70,206 L170,206 M70,286 L170,286" stroke="#a66f00" stroke-width="2"/>'
    return (
        _frame("#f7efdc", "#a66f00")
        + f'<g transform="translate(120,118)">{_ORNAMENTS[(n - 1) % len(_ORNAMENTS)]}</g>'
        + rules
        + _text(120, 268, numeral, 64, INK, width)
    )


# --- court cards ----------------------------------------------------------------------------------


def _sh(d: str, fill: str) -> str:
    """A filled, outlined shape."""
    return f'<path d="{d}" fill="{fill}" stroke="#222" stroke-width="2" stroke-linejoin="round"/>'


def _ln(d: str, colour: str, width: float) -> str:
    """A stroked line."""
    return f'<path d="{d}" stroke="{colour}" stroke-width="{width:g}" fill="none" stroke-linecap="round"/>'


def _bust(kind: str, suit: str) -> str:
    """The upper half of a double-ended court card: a king, queen, jack or cavalier."""
    robe, steel = ROBE[suit], "#d7dde4"
    back = {
        "Q": _sh("M97,92 Q94,122 104,134 L136,134 Q146,122 143,92 Q140,70 120,70 Q100,70 97,92 Z", "#6b3f1d"),
    }.get(kind, "")
    body = (
        _sh("M68,168 L69,148 Q72,130 100,124 L140,124 Q168,130 171,148 L172,168 Z", robe)
        + f'<path d="M114,146 L126,146 L126,168 L114,168 Z" fill="{GOLD}"/>'
        + _sh("M112,106 L128,106 L128,128 L112,128 Z", SKIN)
        + _sh("M100,124 Q120,140 140,124 L136,134 Q120,150 104,134 Z", GOLD)
        + _sh(_circle(120, 96, 20), SKIN)
        + '<circle cx="113" cy="94" r="2.2" fill="#222"/><circle cx="127" cy="94" r="2.2" fill="#222"/>'
        + _ln("M115,106 Q120,109 125,106", "#a33", 2)
    )
    top = {
        "K": _sh("M101,102 Q104,126 120,130 Q136,126 139,102 Q130,110 120,110 Q110,110 101,102 Z", "#8a5a2b")
        + _sh("M99,80 L98,58 L108,68 L114,52 L120,64 L126,52 L132,68 L142,58 L141,80 Z", GOLD)
        + _ln("M162,166 L164,66", GOLD, 5)
        + _sh(_circle(164, 60, 8), GOLD),
        "Q": _sh("M102,80 L104,64 L112,72 L120,60 L128,72 L136,64 L138,80 Z", GOLD)
        + '<circle cx="120" cy="70" r="3" fill="#b3202e"/>'
        + _ln("M80,166 L82,108", "#2e6b3c", 3)
        + _sh(_circle(82, 100, 8) + _circle(75, 108, 7) + _circle(89, 108, 7), "#d9476a"),
        "J": _ln("M100,96 Q96,112 104,118 M140,96 Q144,112 136,118", "#6b3f1d", 6)
        + _sh("M142,74 C150,58 160,48 176,40 C164,56 156,66 146,78 Z", "#fff")
        + _sh("M98,82 Q98,62 120,60 Q142,62 142,82 Z", robe)
        + _sh("M94,78 L146,78 L146,86 L94,86 Z", GOLD)
        + _ln("M164,166 L164,56", WOOD, 5)
        + _sh("M164,70 L180,62 Q184,74 180,86 L164,80 Z M162,58 L164,40 L166,58 Z", steel),
        "C": _sh("M120,68 C128,50 146,44 160,44 C150,52 140,62 134,74 Z", "#fff")
        + _sh("M98,98 Q98,68 120,66 Q142,68 142,98 L136,98 L136,86 L104,86 L104,98 Z", STEEL)
        + _ln("M164,166 L166,56", WOOD, 5)
        + _sh("M166,56 L161,40 L171,42 Z", STEEL)
        + f'<g transform="translate(92,136) scale(0.5)">{_sh(PIECE_D["N"], "#8a5a2b")}'
        + '<circle cx="-24" cy="-40" r="4.5" fill="#fff"/></g>',
    }.get(kind, "")
    figure = f'<g transform="translate(120,168) scale(1.1) translate(-120,-168)">{back}{body}{top}</g>'
    return figure + _pip(suit, 74, 42, 24)


def _court(kind: str, suit: str) -> str:
    half = _bust(kind, suit)
    return (
        _frame()
        + f'<svg x="56" y="24" width="128" height="288" viewBox="56 24 128 288">{half}{_turned(half)}</svg>'
        + f'<path d="M56,168 L184,168" stroke="{GOLD}" stroke-width="3"/>'
    )


# --- the cards ------------------------------------------------------------------------------------

_LABEL = {"T": "10"}
_STYLE: dict[str, str] = {
    BISHOPS_WHIST.name: "chess", EXTENDED_65.name: "chess", ROQUET_60.name: "chess",
    TAROCK_54.name: "tarock", TAROT_78.name: "tarock", BEZIQUE_64.name: "french", FRENCH_52.name: "french",
}  # fmt: skip
_NUMBER = {"A": 1, "1": 1, "T": 10, **{str(i): i for i in range(2, 10)}}


def _style(pack: Pack) -> str:
    return _STYLE.get(pack.name, "french")


def _special(pack: Pack, code: str) -> tuple[str, str]:
    """The corner index and the picture of a card outside the suits."""
    if code in ROMAN:
        n = ROMAN.index(code) + 1
        return _index(str(n), _star(0, 0, 16, "#3d3585", stroke="#3d3585"), INK), _trump(n)
    if code == "SK":
        return _index("", _star(0, 0, 26, GOLD), INK), _fool()
    if code == "E":
        return _index("", _owl(0, 0, 0.62), INK), _eulenspiegel()
    if code == "N" and pack.name == EXTENDED_65.name:
        return _index("", _WEAPONS, INK), _landsknecht()
    if code == "N":
        return _index("", _piece("N", 2, -4, 0.4, INK), INK), _knight()
    raise ValueError(f"no picture for {code!r} of the {pack.title}")  # pragma: no cover


def _picture(pack: Pack, code: str) -> str:
    suit = pack.suit(code)
    if suit is None:
        index, picture = _special(pack, code)
        return picture + index
    rank = pack.rank(code)
    index = _suit_index(_LABEL.get(rank, rank), suit)
    style = _style(pack)
    if style == "chess" and rank in "CKQB":
        return _chess(rank, suit) + index
    if style == "chess" and rank == "L":
        return _lehnritter(suit) + index
    if rank in _NUMBER:
        return _pips(suit, _NUMBER[rank]) + index
    return _court(rank, suit) + index


def _document(title: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img">'
        f"<title>{escape(title)}</title>"
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="{IVORY}" stroke="#8c877a" '
        f'stroke-width="2"/>{body}</svg>'
    )


def _pack(name: str) -> Pack:
    """The pack named ``name``, one of :data:`PACKS`: a shoe ``french52xN`` looks like the French pack.

    A shoe is never built here, so a request for ``french52x99999999`` costs nothing.
    """
    if name.startswith("french52x") and name[9:].isdigit() and name[9:].strip("0"):
        return FRENCH_52
    return PACKS[get_pack(name).name]


def card_svg(pack: str, code: str) -> str:
    """The face of card ``code`` of pack ``pack`` as a standalone SVG document."""
    the_pack = _pack(pack)
    if not the_pack.is_card(code):
        raise ValueError(f"{code!r} is not a card of the {the_pack.title} ({pack})")
    return _card_svg(the_pack.name, code)


@functools.lru_cache(maxsize=512)
def _card_svg(pack: str, code: str) -> str:
    the_pack = PACKS[pack]
    return _document(the_pack.card_name(code), _picture(the_pack, code))


def back_svg(pack: str) -> str:
    """The back of pack ``pack``'s cards: a lattice in the pack's tint inside a border."""
    return _back_svg(_pack(pack).name)


@functools.lru_cache(maxsize=16)
def _back_svg(pack: str) -> str:
    tint = BACK_TINT[pack]
    x0, y0, w, h = 16, 16, W - 32, H - 32
    step = 16
    lines = []
    for k in range(-h // step, w // step + 1):
        a = x0 + k * step
        lines.append(f"M{a},{y0} l{h},{h} M{a + h},{y0} l{-h},{h}")
    dots = "".join(
        f"M{x0 + i * step},{y0 + j * step + step // 2} l{step // 2},{-step // 2} l{step // 2},{step // 2} "
        f"l{-step // 2},{step // 2} Z"
        for i in range(w // step)
        for j in range(h // step)
        if (i + j) % 2 == 0
    )
    body = (
        f'<rect x="8" y="8" width="{W - 16}" height="{H - 16}" rx="9" fill="{tint}"/>'
        f'<svg x="{x0}" y="{y0}" width="{w}" height="{h}" viewBox="{x0} {y0} {w} {h}">'
        f'<path d="{" ".join(lines)}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.5"/>'
        f'<path d="{dots}" fill="#ffffff" fill-opacity="0.22"/></svg>'
        f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="5" fill="none" stroke="{GOLD}" '
        'stroke-width="3"/>'
        f'<rect x="{x0 - 4}" y="{y0 - 4}" width="{w + 8}" height="{h + 8}" rx="7" fill="none" stroke="#fff" '
        'stroke-opacity="0.7" stroke-width="1.5"/>'
        f'<ellipse cx="120" cy="168" rx="38" ry="50" fill="{tint}" stroke="{GOLD}" stroke-width="3"/>'
        + _star(120, 168, 28, GOLD, points=8, stroke="#fff")
    )
    return _document("face-down card", body)


def pack_cards(pack: str) -> list[tuple[str, str]]:
    """The pack's distinct card codes in its sorting order, each with its name."""
    the_pack = _pack(pack)
    codes = sorted(set(the_pack.cards), key=the_pack.sort_key)
    return [(code, the_pack.card_name(code)) for code in codes]


# --- the gallery ----------------------------------------------------------------------------------


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def gallery_html(packs: Sequence[str] = tuple(PACKS)) -> str:
    """An HTML page showing every card of ``packs``, large and as a small fanned hand."""
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parlour cards</title><style>'
        "body{font-family:Georgia,serif;background:#2f5d46;color:#fff;margin:16px}"
        ".row{display:flex;flex-wrap:wrap;gap:8px}.row img{width:110px}"
        ".fan{display:flex;margin:10px 0 24px}.fan img{width:70px;margin-right:-48px;"
        "filter:drop-shadow(-1px 0 1px rgba(0,0,0,.4))}</style></head><body>"
    ]
    for name in packs:
        pack = get_pack(name)
        cards = pack_cards(name)
        imgs = [
            f'<img src="{_data_uri(card_svg(name, code))}" alt="{escape(title)}">' for code, title in cards
        ]
        back = f'<img src="{_data_uri(back_svg(name))}" alt="face-down card">'
        parts.append(f"<h2>{escape(pack.title)} — {escape(name)}</h2>")
        parts.append(f'<div class="row">{"".join(imgs)}{back}</div>')
        parts.append(f'<div class="fan">{"".join(imgs[:26])}</div>')
    parts.append("</body></html>")
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m parlour.web.cards", description="Draw the card pictures."
    )
    parser.add_argument(
        "--gallery", type=Path, required=True, help="write an HTML gallery of every pack here"
    )
    parser.add_argument("--pack", action="append", help="only this pack (may be repeated)")
    args = parser.parse_args(argv)
    packs: list[str] = args.pack or list(PACKS)
    for name in packs:
        get_pack(name)
    path: Path = args.gallery
    path.write_text(gallery_html(packs), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
