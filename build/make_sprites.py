"""Draw the deck, the table marks and the app icon as SVG files in ``sprites/``.

Run ``python build/make_sprites.py`` from the repository root. Everything is drawn here
from paths and circles (nanosvg, which pygame uses, ignores ``<text>``, ``<use>`` and
``<symbol>``), so ranks and suits are our own path glyphs. The output is committed;
the game only reads the SVG files and renders them at whatever pixel size it needs.

Layout of the output:
  sprites/cards/AS.svg … KD.svg, back-red.svg, back-blue.svg   the classic deck
  sprites/cards-4c/*.svg                                       clubs green, diamonds blue
  sprites/cards-hc/*.svg                                       high contrast: big indices, bold
  sprites/marks/*.svg                                          white suit / ace marks for slots
  sprites/icon.svg, icon.png, icon.ico                         the app icon
"""

from __future__ import annotations

import math
import os
import struct
import sys
import tempfile
from pathlib import Path

W, H = 250, 350
ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"

RED = "#c41e2e"
INK = "#1b1e27"
GREEN = "#17803d"
BLUE = "#1f5fb4"
GOLD = "#e3ad2b"
GOLD_DARK = "#9a6a12"
SKIN = "#f5d5b5"
LINE = "#241d1a"
CREAM = "#fbf3dc"
WHITE = "#ffffff"

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PALETTES = {
    "classic": {"C": INK, "D": RED, "H": RED, "S": INK},
    "four": {"C": GREEN, "D": BLUE, "H": RED, "S": INK},
}
SECOND = {INK: RED, RED: "#2d56a3", GREEN: "#b8322f", BLUE: "#c8392f"}
HAIR = {"C": "#6b4423", "D": "#c89a3c", "H": "#8e3b1e", "S": "#4a4a52"}


def n(v: float) -> str:
    """A coordinate in short form, so the files stay small and quick to parse."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


# --- suit shapes, drawn in a 100 x 100 box centred on (50, 50) -------------------------

HEART = (
    "M50,93 C38,79 4,58 4,31 C4,14 16,4 29,4 C39,4 46,10 50,20 "
    "C54,10 61,4 71,4 C84,4 96,14 96,31 C96,58 62,79 50,93 Z"
)
DIAMOND = "M50,2 C58,19 71,36 88,50 C71,64 58,81 50,98 C42,81 29,64 12,50 C29,36 42,19 50,2 Z"
SPADE = (
    "M50,3 C60,22 95,40 95,63 C95,77 85,85 73,85 C64,85 57,81 53,74 "
    "C54,85 58,92 67,97 L33,97 C42,92 46,85 47,74 C43,81 36,85 27,85 "
    "C15,85 5,77 5,63 C5,40 40,22 50,3 Z"
)
CLUB_STEM = "M46,56 L54,56 C54,78 58,89 68,97 L32,97 C42,89 46,78 46,56 Z"
CLUB_LOBES = ((50, 27, 21), (27, 60, 21), (73, 60, 21), (50, 52, 11))


def suit_body(suit: str, colour: str) -> str:
    """The suit's shape in its 100-box, filled with ``colour``."""
    if suit == "C":
        lobes = "".join(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>' for x, y, r in CLUB_LOBES
        )
        return lobes + f'<path d="{CLUB_STEM}" fill="{colour}"/>'
    shape = {"D": DIAMOND, "H": HEART, "S": SPADE}[suit]
    return f'<path d="{shape}" fill="{colour}"/>'


def suit_at(suit: str, colour: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    """A suit of width ``size`` centred on (cx, cy); ``flip`` turns it upside down."""
    s = size / 100
    turn = " rotate(180 50 50)" if flip else ""
    return (
        f'<g transform="translate({n(cx - size / 2)},{n(cy - size / 2)}) scale({s:.4f}){turn}">'
        f"{suit_body(suit, colour)}</g>"
    )


# --- rank glyphs: strokes in a box 100 high, each with its width -----------------------

GLYPHS: dict[str, tuple[float, str]] = {
    "A": (64, "M2,100 L32,0 L62,100 M14,66 L50,66"),
    "2": (58, "M5,25 C5,9 16,0 30,0 C45,0 55,10 55,25 C55,44 38,57 4,100 L57,100"),
    "3": (
        58,
        "M6,14 C12,5 20,0 30,0 C44,0 53,9 53,23 C53,37 42,46 26,46 "
        "C44,46 56,56 56,72 C56,89 44,100 29,100 C17,100 8,95 3,86",
    ),
    "4": (62, "M44,100 L44,0 L3,70 L61,70"),
    "5": (
        58,
        "M52,0 L13,0 L8,45 C15,39 22,37 30,37 C46,37 56,49 56,67 "
        "C56,87 44,100 28,100 C17,100 8,95 3,86",
    ),
    "6": (
        60,
        "M51,9 C45,3 38,0 31,0 C14,0 5,21 5,55 C5,85 16,100 31,100 "
        "C47,100 56,88 56,70 C56,52 45,42 31,42 C18,42 8,50 5,61",
    ),
    "7": (58, "M2,0 L57,0 C40,28 29,60 25,100"),
    "8": (
        60,
        "M30,46 C17,46 8,38 8,24 C8,10 17,0 30,0 C43,0 52,10 52,24 "
        "C52,38 43,46 30,46 C15,46 5,57 5,73 C5,90 16,100 30,100 "
        "C44,100 55,90 55,73 C55,57 45,46 30,46 Z",
    ),
    "9": (
        60,
        "M9,91 C15,97 22,100 29,100 C46,100 55,79 55,45 C55,15 44,0 29,0 "
        "C13,0 4,12 4,30 C4,48 15,58 29,58 C42,58 52,50 55,39",
    ),
    "10": (
        84,
        "M3,17 L19,0 L19,100 M57,0 C41,0 34,22 34,50 C34,78 41,100 57,100 "
        "C73,100 80,78 80,50 C80,22 73,0 57,0 Z",
    ),
    "J": (56, "M20,0 L54,0 M42,0 L42,70 C42,90 34,100 22,100 C11,100 4,92 2,80"),
    "Q": (
        64,
        "M32,0 C13,0 4,22 4,50 C4,78 13,100 32,100 C51,100 60,78 60,50 "
        "C60,22 51,0 32,0 Z M38,72 L62,104",
    ),
    "K": (60, "M6,0 L6,100 M56,0 L6,64 M23,44 L58,100"),
}


def glyph(text: str, colour: str, cx: float, top: float, height: float, weight=12.5) -> str:
    """A rank drawn as a round-capped stroke, centred on ``cx``, ``height`` tall."""
    width, d = GLYPHS[text]
    s = height / 100
    return (
        f'<path transform="translate({n(cx - width * s / 2)},{n(top)}) scale({s:.4f})" '
        f'd="{d}" fill="none" stroke="{colour}" stroke-width="{weight}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>'
    )


# --- the card itself --------------------------------------------------------------------


def svg(body: str, defs: str = "", width: int = W, height: int = H) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><defs>{defs}</defs>{body}</svg>\n'
    )


PAPER_DEFS = (
    '<linearGradient id="paper" x1="0" y1="0" x2="0.35" y2="1">'
    '<stop offset="0" stop-color="#fffefb"/><stop offset="1" stop-color="#f1ede3"/>'
    "</linearGradient>"
)


def blank_face() -> str:
    """Rounded white card with a thin grey border."""
    return (
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="15" ry="15" '
        f'fill="url(#paper)" stroke="#8f887c" stroke-width="2.2"/>'
    )


def half_turn(body: str) -> str:
    """The same drawing turned 180 degrees about the card's centre."""
    return f'<g transform="rotate(180 {W / 2} {H / 2})">{body}</g>'


def index(rank: str, suit: str, colour: str) -> str:
    """Rank over suit in the top-left corner, and the same upside down bottom-right."""
    corner = glyph(rank, colour, 29, 14, 52, 14 if rank != "10" else 12.5) + suit_at(
        suit, colour, 29, 90, 32
    )
    return corner + half_turn(corner)


COLS = (87, 125, 163)
TOP, BOTTOM = 78, 272
PIP = 48


def pip_layout(rank: int) -> list[tuple[float, float]]:
    """Pip centres for 2..10 in the usual arrangement."""
    h = BOTTOM - TOP
    mid = (TOP + BOTTOM) / 2
    left, centre, right = COLS
    two_rows = [(x, y) for y in (TOP, BOTTOM) for x in (left, right)]
    three_rows = [(x, y) for y in (TOP, mid, BOTTOM) for x in (left, right)]
    four_rows = [(x, TOP + h * k / 3) for k in range(4) for x in (left, right)]
    layouts = {
        2: [(centre, TOP), (centre, BOTTOM)],
        3: [(centre, TOP), (centre, mid), (centre, BOTTOM)],
        4: two_rows,
        5: [*two_rows, (centre, mid)],
        6: three_rows,
        7: [*three_rows, (centre, TOP + h / 4)],
        8: [*three_rows, (centre, TOP + h / 4), (centre, BOTTOM - h / 4)],
        9: [*four_rows, (centre, mid)],
        10: [*four_rows, (centre, TOP + h / 6), (centre, BOTTOM - h / 6)],
    }
    return layouts[rank]


def pips(rank: int, suit: str, colour: str) -> str:
    size = PIP if rank < 9 else PIP - 4
    return "".join(
        suit_at(suit, colour, x, y, size, flip=y > H / 2 + 1) for x, y in pip_layout(rank)
    )


def ace(suit: str, colour: str) -> str:
    if suit != "S":
        return suit_at(suit, colour, W / 2, H / 2, 108)
    return ornate_spade(colour)


def ornate_spade(colour: str) -> str:
    """The ace of spades: a big spade on a gold rosette, with an inlaid outline."""
    cx, cy = W / 2, H / 2
    petals = []
    for k in range(16):
        a = k * 360 / 16
        petals.append(
            f'<ellipse cx="{n(cx)}" cy="{n(cy - 66)}" rx="9" ry="20" '
            f'transform="rotate({a:.1f} {n(cx)} {n(cy)})" fill="{GOLD}" '
            f'stroke="{GOLD_DARK}" stroke-width="1.2"/>'
        )
    ring = (
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="66" fill="{CREAM}" stroke="{GOLD_DARK}" '
        f'stroke-width="2"/><circle cx="{n(cx)}" cy="{n(cy)}" r="59" fill="none" '
        f'stroke="{colour}" stroke-width="1.2"/>'
    )
    dots = "".join(
        f'<circle cx="{n(cx + 62.5 * math.sin(math.radians(a)))}" '
        f'cy="{n(cy - 62.5 * math.cos(math.radians(a)))}" r="1.7" fill="{colour}"/>'
        for a in range(0, 360, 15)
    )
    big = suit_at("S", colour, cx, cy + 2, 104)
    inlay = (
        f'<g transform="translate({n(cx - 38)},{n(cy + 2 - 38)}) scale(0.76)">'
        f'<path d="{SPADE}" fill="none" stroke="{GOLD}" stroke-width="3.2"/></g>'
    )
    jewel = (
        f'<circle cx="{n(cx)}" cy="{n(cy + 6)}" r="6.5" fill="{GOLD}" stroke="{CREAM}" '
        f'stroke-width="1.5"/><circle cx="{n(cx)}" cy="{n(cy + 6)}" r="2.6" fill="{RED}"/>'
    )
    return "".join(petals) + ring + dots + big + inlay + jewel


# --- court cards ----------------------------------------------------------------------

FX0, FX1, FY0, FY1 = 52, 198, 24, 326
MID = H / 2


def outlined(d: str, fill: str, width: float = 1.4) -> str:
    return (
        f'<path d="{d}" fill="{fill}" stroke="{LINE}" stroke-width="{width}" '
        'stroke-linejoin="round"/>'
    )


def court_frame(colour: str) -> str:
    w, h = FX1 - FX0, FY1 - FY0
    return (
        f'<rect x="{FX0}" y="{FY0}" width="{w}" height="{h}" rx="5" fill="url(#court)" '
        f'stroke="{colour}" stroke-width="2.4"/>'
        f'<rect x="{FX0 + 4}" y="{FY0 + 4}" width="{w - 8}" height="{h - 8}" rx="3" '
        f'fill="none" stroke="{GOLD}" stroke-width="1.3"/>'
    )


COURT_DEFS = (
    '<linearGradient id="court" x1="0" y1="0" x2="1" y2="1">'
    f'<stop offset="0" stop-color="{CREAM}"/><stop offset="1" stop-color="#f2e4bd"/>'
    "</linearGradient>"
)


def shoulders(primary: str, second: str, rank: str) -> str:
    robe = outlined(
        "M64,175 L65,156 C67,143 86,136 108,133 L142,133 C164,136 183,143 185,156 L186,175 Z",
        primary,
    )
    stripes = outlined("M65,175 L66,156 C67,149 72,144 80,141 L86,175 Z", second, 1.1) + outlined(
        "M185,175 L184,156 C183,149 178,144 170,141 L164,175 Z", second, 1.1
    )
    band = outlined("M116,134 L134,134 L141,175 L109,175 Z", GOLD, 1.2)
    studs = "".join(
        f'<circle cx="125" cy="{y}" r="2.6" fill="{second}" stroke="{LINE}" stroke-width="0.8"/>'
        for y in (146, 157, 168)
    )
    collar = {
        "K": outlined("M86,141 C103,149 147,149 164,141 L168,152 C148,161 102,161 82,152 Z", WHITE)
        + "".join(
            f'<path d="M{x},{151 + (x % 3)} l-1.8,4 l3.6,0 z" fill="{LINE}"/>'
            for x in range(92, 162, 9)
        ),
        "Q": "".join(
            f'<circle cx="{x}" cy="{140 + abs(x - 125) * 0.12:.1f}" r="6.5" fill="{WHITE}" '
            f'stroke="{LINE}" stroke-width="1"/>'
            for x in range(95, 160, 10)
        ),
        "J": outlined("M100,136 L125,152 L150,136 L156,142 L125,163 L94,142 Z", second, 1.1),
    }[rank]
    return robe + stripes + band + studs + collar


def face(rank: str, suit: str) -> str:
    hair = HAIR[suit]
    back_hair = {
        "K": outlined("M104,92 C102,108 104,122 110,130 L140,130 C146,122 148,108 146,92 Z", hair),
        "Q": outlined(
            "M103,86 C94,104 92,128 84,150 C96,150 106,142 110,128 L140,128 "
            "C144,142 154,150 166,150 C158,128 156,104 147,86 Z",
            hair,
        ),
        "J": "".join(
            f'<circle cx="{x}" cy="{y}" r="7.5" fill="{hair}" stroke="{LINE}" stroke-width="1.1"/>'
            for x, y in ((107, 108), (143, 108), (106, 120), (144, 120))
        ),
    }[rank]
    neck = outlined("M117,118 L133,118 L134,136 L116,136 Z", SKIN, 1.1)
    head = (
        f'<ellipse cx="125" cy="102" rx="16.5" ry="20.5" fill="{SKIN}" stroke="{LINE}" '
        'stroke-width="1.4"/>'
    )
    eyes = (
        '<ellipse cx="119" cy="100" rx="2" ry="2.3" fill="#26303d"/>'
        '<ellipse cx="131" cy="100" rx="2" ry="2.3" fill="#26303d"/>'
        f'<path d="M115,95 Q119,93 123,95 M127,95 Q131,93 135,95" fill="none" stroke="{hair}" '
        'stroke-width="1.6" stroke-linecap="round"/>'
        '<path d="M125,101 L123,109 L126,110" fill="none" stroke="#a06a4a" stroke-width="1.1" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )
    cheeks = (
        '<circle cx="115.5" cy="108" r="3.2" fill="#f0a89a" fill-opacity="0.55"/>'
        '<circle cx="134.5" cy="108" r="3.2" fill="#f0a89a" fill-opacity="0.55"/>'
    )
    mouth = {
        "K": outlined(
            "M109,106 C110,122 116,134 125,138 C134,134 140,122 141,106 "
            "C137,114 131,116 125,114 C119,116 113,114 109,106 Z",
            hair,
            1.1,
        )
        + outlined(
            "M115,112 C119,109 123,110 125,112 C127,110 131,109 135,112 "
            "C131,115 127,114 125,113 C123,114 119,115 115,112 Z",
            hair,
            0.9,
        ),
        "Q": '<path d="M121,114 Q125,117 129,114 Q125,115.5 121,114 Z" fill="#c0283a" '
        'stroke="#9a1f2e" stroke-width="1"/>',
        "J": '<path d="M121,114 Q125,117 129,114" fill="none" stroke="#9a4a3a" '
        'stroke-width="1.3" stroke-linecap="round"/>',
    }[rank]
    fringe = {
        "K": outlined("M109,92 C112,84 138,84 141,92 C134,89 116,89 109,92 Z", hair, 1.0),
        "Q": outlined(
            "M108,96 C110,82 140,82 142,96 C136,88 128,86 125,92 C122,86 114,88 108,96 Z", hair, 1.0
        ),
        "J": outlined(
            "M108,97 C108,82 142,82 142,97 C136,90 132,92 128,88 C124,93 116,90 108,97 Z", hair, 1.0
        ),
    }[rank]
    return back_hair + neck + head + cheeks + eyes + mouth + fringe


def headgear(rank: str, primary: str, second: str) -> str:
    if rank == "K":
        velvet = outlined("M106,76 C106,56 144,56 144,76 Z", primary, 1.2)
        crown = outlined(
            "M103,88 L101,58 L113,70 L118,48 L125,66 L132,48 L137,70 L149,58 L147,88 Z", GOLD
        )
        tips = "".join(
            f'<circle cx="{x}" cy="{y}" r="3.2" fill="{GOLD}" stroke="{LINE}" stroke-width="1"/>'
            for x, y in ((101, 57), (118, 47), (132, 47), (149, 57))
        )
        band = outlined("M102,80 L148,80 L147,90 L103,90 Z", GOLD_DARK, 1.1)
        jewels = (
            f'<ellipse cx="125" cy="85" rx="4" ry="3" fill="{second}"/>'
            f'<circle cx="111" cy="85" r="2.4" fill="{WHITE}"/>'
            f'<circle cx="139" cy="85" r="2.4" fill="{WHITE}"/>'
        )
        return velvet + crown + tips + band + jewels
    if rank == "Q":
        veil = outlined(
            "M104,92 C96,74 106,62 125,62 C144,62 154,74 146,92 C140,80 110,80 104,92 Z",
            second,
            1.2,
        )
        tiara = outlined(
            "M106,86 C108,74 114,70 118,76 C119,66 131,66 132,76 C136,70 142,74 144,86 Z", GOLD
        )
        orb = (
            f'<circle cx="125" cy="64" r="4.5" fill="{GOLD}" stroke="{LINE}" stroke-width="1"/>'
            f'<path d="M125,59.5 L125,55" stroke="{LINE}" stroke-width="1.4"/>'
        )
        pearls = "".join(
            f'<circle cx="{x}" cy="86" r="2.2" fill="{WHITE}" stroke="{LINE}" stroke-width="0.6"/>'
            for x in range(110, 142, 5)
        )
        return veil + tiara + orb + pearls
    cap = outlined(
        "M98,88 C96,70 112,62 128,63 C146,64 156,74 154,88 C140,82 112,82 98,88 Z", primary
    )
    brim = outlined("M95,90 C110,80 142,80 157,90 C142,86 110,86 95,90 Z", GOLD, 1.2)
    feather = (
        outlined("M146,74 C158,62 168,50 182,44 C178,56 170,68 150,82 Z", second, 1.1)
        + f'<path d="M149,78 C158,68 168,56 179,48" fill="none" stroke="{LINE}" '
        'stroke-width="0.8"/>'
    )
    return feather + cap + brim


def emblem(rank: str, primary: str, second: str) -> str:
    """What each rank holds: the king a sword, the queen a rose, the jack a halberd."""
    if rank == "K":
        blade = outlined("M171,42 L177,42 L177,150 L174,156 L171,150 Z", "#dfe3e8", 1.1)
        guard = outlined("M162,152 L186,152 L186,158 L162,158 Z", GOLD, 1.1)
        grip = outlined("M171,158 L177,158 L177,172 L171,172 Z", primary, 1.0)
        return blade + guard + grip
    if rank == "Q":
        stem = (
            '<path d="M80,172 C82,150 84,132 86,116" fill="none" stroke="#2f6b2f" '
            'stroke-width="2.6"/>'
        )
        leaf = outlined("M85,140 C74,136 70,128 72,122 C80,124 86,130 85,140 Z", "#3d8a3d", 0.9)
        petals = "".join(
            f'<ellipse cx="86" cy="104" rx="6" ry="9" transform="rotate({a} 86 112)" '
            f'fill="{second}" stroke="{LINE}" stroke-width="0.8"/>'
            for a in range(0, 360, 72)
        )
        heart = f'<circle cx="86" cy="112" r="4" fill="{GOLD}" stroke="{LINE}" stroke-width="0.8"/>'
        return stem + leaf + petals + heart
    shaft = outlined("M174,56 L178,56 L178,175 L174,175 Z", "#8a5a2b", 0.9)
    head = outlined("M176,30 L183,50 L176,60 L169,50 Z", "#dfe3e8", 1.0)
    axe = outlined("M178,62 C190,60 194,70 192,82 C188,76 184,74 178,76 Z", "#dfe3e8", 1.0)
    return shaft + head + axe


def court(rank: str, suit: str, colour: str) -> str:
    second = SECOND[colour]
    head = face(rank, suit) + headgear(rank, colour, second)
    if rank == "K":
        head = headgear(rank, colour, second) + face(rank, suit)
    stretch = f"translate(0,{MID}) scale(1,1.21) translate(0,{-MID})"
    torso = f'<g transform="{stretch}">{shoulders(colour, second, rank)}</g>'
    half = torso + f'<g transform="translate(0,-10)">{head}</g>'
    half += emblem(rank, colour, second) + suit_at(suit, colour, 70, 44, 24)
    divider = (
        f'<path d="M{FX0 + 4},{MID} L{FX1 - 4},{MID}" stroke="{GOLD_DARK}" stroke-width="1.6"/>'
        f'<path d="M{W / 2 - 7},{MID} L{W / 2},{MID - 5} L{W / 2 + 7},{MID} L{W / 2},{MID + 5} Z" '
        f'fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1"/>'
    )
    return court_frame(colour) + half + half_turn(half) + divider


def face_card(rank_i: int, suit: str, colour: str) -> str:
    rank = RANKS[rank_i - 1]
    if rank_i == 1:
        middle = ace(suit, colour)
    elif rank_i <= 10:
        middle = pips(rank_i, suit, colour)
    else:
        middle = court(rank, suit, colour)
    defs = PAPER_DEFS + (COURT_DEFS if rank_i > 10 else "")
    return svg(blank_face() + middle + index(rank, suit, colour), defs)


HC = {"C": "#000000", "D": "#b00000", "H": "#b00000", "S": "#000000"}


def high_contrast_card(rank_i: int, suit: str) -> str:
    """Pure white, a black border, corner indices half again as big and bold, and a
    large plain rank in the middle of the court cards instead of a figure."""
    rank = RANKS[rank_i - 1]
    colour = HC[suit]
    card = (
        f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="15" ry="15" '
        f'fill="#ffffff" stroke="#000000" stroke-width="6"/>'
    )
    corner = glyph(rank, colour, 36, 14, 74, 19 if rank != "10" else 16) + suit_at(
        suit, colour, 36, 114, 46
    )
    if rank_i == 1:
        middle = suit_at(suit, colour, W / 2, H / 2, 120)
    elif rank_i <= 10:
        spots = [(W / 2 + (x - W / 2) * 0.7, H / 2 + (y - H / 2) * 0.84)
                 for x, y in pip_layout(rank_i)]  # fmt: skip
        middle = "".join(suit_at(suit, colour, x, y, PIP * 0.9, flip=y > H / 2) for x, y in spots)
    else:
        middle = glyph(rank, colour, W / 2, H / 2 - 80, 110, 22) + suit_at(
            suit, colour, W / 2, H / 2 + 70, 70
        )
    return svg(card + middle + corner + half_turn(corner))


# --- backs ----------------------------------------------------------------------------

BACKS = {"red": ("#a61c2b", "#c9384a", "#7d1220"), "blue": ("#1d4585", "#3a66ad", "#132f5e")}


def lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways, clipped by hand to the rectangle (no clipPath in nanosvg)."""
    w, h = x1 - x0, y1 - y0
    parts = []
    for sign in (1, -1):
        c = -w - h
        while c < w + h:
            lo, hi = (-c, h - c) if sign > 0 else (c - h, c)
            lo, hi = max(lo, 0), min(hi, w)
            if hi - lo > 0.5:
                a, b = (x0 + lo, y0 + c + sign * lo), (x0 + hi, y0 + c + sign * hi)
                parts.append(f"M{n(a[0])},{n(a[1])} L{n(b[0])},{n(b[1])}")
            c += step
    return " ".join(parts)


def back(name: str) -> str:
    main, light, dark = BACKS[name]
    x0, y0, x1, y1 = 14, 14, W - 14, H - 14
    field = (
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="{main}"/>'
        f'<path d="{lattice(x0 + 1, y0 + 1, x1 - 1, y1 - 1, 15)}" stroke="{light}" '
        f'stroke-width="2.2" fill="none"/>'
    )
    frames = (
        f'<rect x="{x0 + 7}" y="{y0 + 7}" width="{x1 - x0 - 14}" height="{y1 - y0 - 14}" rx="5" '
        f'fill="none" stroke="{WHITE}" stroke-width="2.4" stroke-opacity="0.9"/>'
        f'<rect x="{x0 + 12}" y="{y0 + 12}" width="{x1 - x0 - 24}" height="{y1 - y0 - 24}" '
        f'rx="3" fill="none" stroke="{WHITE}" stroke-width="1" stroke-opacity="0.7"/>'
    )
    cx, cy = W / 2, H / 2
    medallion = (
        f'<ellipse cx="{cx}" cy="{cy}" rx="66" ry="92" fill="{dark}" stroke="{WHITE}" '
        f'stroke-width="3"/><ellipse cx="{cx}" cy="{cy}" rx="58" ry="84" fill="none" '
        f'stroke="{light}" stroke-width="1.4"/>'
    )
    petals = "".join(
        f'<ellipse cx="{cx}" cy="{cy - 34}" rx="10" ry="28" transform="rotate({a} {cx} {cy})" '
        f'fill="{main}" stroke="{WHITE}" stroke-width="1.6"/>'
        for a in range(0, 360, 30)
    )
    inner = "".join(
        f'<ellipse cx="{cx}" cy="{cy - 16}" rx="5" ry="13" transform="rotate({a + 15} {cx} {cy})" '
        f'fill="{WHITE}" fill-opacity="0.85"/>'
        for a in range(0, 360, 30)
    )
    hub = (
        f'<circle cx="{cx}" cy="{cy}" r="9" fill="{GOLD}" stroke="{WHITE}" stroke-width="1.5"/>'
        f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="{dark}"/>'
    )
    tips = "".join(
        f'<circle cx="{n(cx + 75 * math.sin(math.radians(a)))}" '
        f'cy="{n(cy - 101 * math.cos(math.radians(a)))}" r="3" fill="{WHITE}" fill-opacity="0.9"/>'
        for a in range(0, 360, 30)
    )
    corners = "".join(
        f'<path d="M{n(x)},{n(y - 9)} L{n(x + 9)},{n(y)} L{n(x)},{n(y + 9)} L{n(x - 9)},{n(y)} Z" '
        f'fill="{WHITE}" fill-opacity="0.9"/>'
        for x, y in ((x0 + 30, y0 + 30), (x1 - 30, y0 + 30), (x0 + 30, y1 - 30), (x1 - 30, y1 - 30))
    )
    return svg(
        blank_face() + field + frames + medallion + petals + inner + hub + tips + corners,
        PAPER_DEFS,
    )


# --- marks for empty slots, and the icon ---------------------------------------------


def marks() -> dict[str, str]:
    """White shapes the table tints and fades: a suit each, the ace and 'any suit'."""
    out = {s: svg(suit_at(s, WHITE, 50, 50, 96), width=100, height=100) for s in SUITS}
    out["A"] = svg(glyph("A", WHITE, 50, 8, 84, 12), width=100, height=100)
    four = "".join(
        suit_at(s, WHITE, x, y, 40)
        for s, (x, y) in zip("SHDC", ((28, 28), (72, 28), (28, 72), (72, 72)), strict=True)
    )
    out["any"] = svg(four, width=100, height=100)
    return out


def icon() -> str:
    """Two fanned cards, a red heart behind a black spade, on a felt square."""
    felt = (
        '<radialGradient id="felt" cx="0.5" cy="0.42" r="0.7">'
        '<stop offset="0" stop-color="#2f8a55"/><stop offset="1" stop-color="#0f4a2b"/>'
        "</radialGradient>"
    )
    base = '<rect x="8" y="8" width="240" height="240" rx="44" fill="url(#felt)"/>'

    def card(angle: float, dx: float, inner: str) -> str:
        return (
            f'<g transform="translate({dx},0) rotate({angle} 128 200)">'
            '<rect x="76" y="44" width="104" height="146" rx="12" fill="#000" fill-opacity="0.25" '
            'transform="translate(4,5)"/>'
            '<rect x="76" y="44" width="104" height="146" rx="12" fill="#fffdf6" '
            'stroke="#8f887c" stroke-width="2"/>'
            f"{inner}</g>"
        )

    heart = suit_at("H", RED, 128, 117, 60) + glyph("A", RED, 93, 52, 22, 14)
    spade = suit_at("S", INK, 128, 117, 64) + glyph("A", INK, 93, 52, 22, 14)
    crown = (
        f'<path d="M92,40 L88,14 L106,28 L128,6 L150,28 L168,14 L164,40 Z" fill="{GOLD}" '
        f'stroke="{GOLD_DARK}" stroke-width="3" stroke-linejoin="round"/>'
    )
    body = base + card(-16, -22, heart) + card(10, 20, spade) + crown
    return svg(body, felt, 256, 256)


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def ico_from_pngs(pngs: list[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding PNG images (allowed since Vista, and what PyInstaller takes)."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in pngs:
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def write_icon_bitmaps(icon_svg: Path) -> None:
    """Render the icon with pygame into icon.png (window icon) and icon.ico (PyInstaller)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pngs = []
    for size in (16, 32, 48, 64, 256):
        surf = pygame.image.load_sized_svg(str(icon_svg), (size, size))
        fd, tmp = tempfile.mkstemp(suffix=".png")
        os.close(fd)
        pygame.image.save(surf, tmp)
        pngs.append((size, Path(tmp).read_bytes()))
        os.unlink(tmp)
    write_atomic(SPRITES / "icon.png", dict(pngs)[64])
    write_atomic(SPRITES / "icon.ico", ico_from_pngs(pngs))


def main() -> int:
    count = 0
    for palette, folder in (("classic", "cards"), ("four", "cards-4c")):
        colours = PALETTES[palette]
        for suit in SUITS:
            if palette == "four" and suit in "HS":
                continue
            for rank_i in range(1, 14):
                text = face_card(rank_i, suit, colours[suit])
                write_atomic(SPRITES / folder / f"{RANKS[rank_i - 1]}{suit}.svg", text.encode())
                count += 1
    for suit in SUITS:
        for rank_i in range(1, 14):
            text = high_contrast_card(rank_i, suit)
            write_atomic(SPRITES / "cards-hc" / f"{RANKS[rank_i - 1]}{suit}.svg", text.encode())
            count += 1
    for name in BACKS:
        write_atomic(SPRITES / "cards" / f"back-{name}.svg", back(name).encode())
        count += 1
    for name, text in marks().items():
        write_atomic(SPRITES / "marks" / f"{name}.svg", text.encode())
        count += 1
    write_atomic(SPRITES / "icon.svg", icon().encode())
    write_icon_bitmaps(SPRITES / "icon.svg")
    print(f"wrote {count} card and mark SVGs, icon.svg, icon.png and icon.ico to {SPRITES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
