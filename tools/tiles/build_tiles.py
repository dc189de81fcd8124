"""Generate Tenbo's SVG mahjong tile set.

Writes into ``static/tiles/``:

* one standalone SVG per tile code (``1m.svg`` ... ``7z.svg``, the red fives ``0m/0p/0s``
  and ``back.svg``);
* ``tiles.svg``, a sprite holding every tile as ``<symbol id="t-<code>">`` so a page can use
  ``<svg><use href="/static/tiles/tiles.svg#t-5p"/></svg>``;
* ``LICENSE-font.txt``, the licence of the font the CJK glyph outlines come from.

All artwork is drawn here from geometric primitives, except the CJK characters, whose
outlines are read from Noto Serif CJK JP Bold (SIL Open Font License 1.1) with fontTools and
written as plain ``<path>`` data, so the tiles never depend on a font being installed.

Run with ``.venv/bin/python tools/tiles/build_tiles.py``.  The output is deterministic.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

REPO = Path(__file__).resolve().parents[2]
OUT_DIR = REPO / "static" / "tiles"
FONT_PATH = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
FONT_FACE = "Noto Serif CJK JP Bold"
FONT_COPYRIGHT_DOC = Path("/usr/share/doc/fonts-noto-cjk/copyright")

# Geometry: the whole tile (face plus the visible depth) is 60 x 80 user units.
W, H = 60, 80
VIEWBOX = f"0 0 {W} {H}"
FACE_W, FACE_H = 56.0, 75.0  # the face rectangle, from (0.5, 0.5)
CX, CY = 28.5, 38.0  # centre of the face

# Palette.
INK = "#1a1d33"  # manzu numerals
BLACK = "#161616"  # winds
RED = "#c7252d"
GREEN = "#17784a"
BLUE = "#1f4f9e"
IVORY = "#fbf7ea"

SVG_NS = "http://www.w3.org/2000/svg"


# ---------------------------------------------------------------------------------------------
# Number formatting


def num(value: float) -> str:
    """Format a coordinate rounded to one decimal, without a trailing ``.0``."""
    text = f"{round(value, 1):.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    if text in ("-0", "-0.0"):
        text = "0"
    if text.startswith("0."):
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return text


def attrs(**values: float | str) -> str:
    """Render keyword arguments as SVG attributes (``fill_opacity`` -> ``fill-opacity``)."""
    parts = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, int | float) else value
        parts.append(f'{name}="{text}"')
    return " ".join(parts)


def circle(x: float, y: float, r: float, **extra: float | str) -> str:
    return f"<circle {attrs(cx=x, cy=y, r=r, **extra)}/>"


def rect(x: float, y: float, w: float, h: float, rx: float = 0, **extra: float | str) -> str:
    more = {"rx": rx} if rx else {}
    return f"<rect {attrs(x=x, y=y, width=w, height=h, **more, **extra)}/>"


def ellipse(x: float, y: float, rx: float, ry: float, **extra: float | str) -> str:
    return f"<ellipse {attrs(cx=x, cy=y, rx=rx, ry=ry, **extra)}/>"


def use(ref: str, transform: str = "", **extra: float | str) -> str:
    more = {"transform": transform} if transform else {}
    return f"<use {attrs(href='#' + ref, **more, **extra)}/>"


def translate(x: float, y: float) -> str:
    return f"translate({num(x)} {num(y)})"


def path_d(points: Iterable[tuple[float, float]], close: bool = True) -> str:
    pts = list(points)
    d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts)
    return d + ("Z" if close else "")


# ---------------------------------------------------------------------------------------------
# Glyph outlines


@dataclass(frozen=True)
class GlyphFont:
    font: TTFont

    @classmethod
    def load(cls, path: Path, face: str) -> GlyphFont:
        collection = TTCollection(str(path))
        for font in collection.fonts:
            if font["name"].getDebugName(4) == face:
                return cls(font)
        raise SystemExit(f"{face!r} not found in {path}")

    def _glyph(self, char: str) -> Any:
        cmap = self.font.getBestCmap()
        return self.font.getGlyphSet()[cmap[ord(char)]]

    def bounds(self, char: str) -> tuple[float, float, float, float]:
        pen = BoundsPen(self.font.getGlyphSet())
        self._glyph(char).draw(pen)
        xmin, ymin, xmax, ymax = pen.bounds
        return float(xmin), float(ymin), float(xmax), float(ymax)

    def path(self, char: str, x: float, y: float, sx: float, sy: float) -> str:
        """SVG path data of ``char`` scaled by (sx, sy) and centred on (x, y)."""
        xmin, ymin, xmax, ymax = self.bounds(char)
        gx, gy = (xmin + xmax) / 2, (ymin + ymax) / 2
        pen = SVGPathPen(self.font.getGlyphSet(), ntos=num)
        matrix = (sx, 0, 0, -sy, x - gx * sx, y + gy * sy)
        self._glyph(char).draw(TransformPen(pen, matrix))
        return str(pen.getCommands())

    def fit(self, char: str, x: float, y: float, w: float, h: float) -> str:
        """Path data of ``char`` as large as fits a w x h box centred on (x, y)."""
        xmin, ymin, xmax, ymax = self.bounds(char)
        scale = min(w / (xmax - xmin), h / (ymax - ymin))
        return self.path(char, x, y, scale, scale)


# ---------------------------------------------------------------------------------------------
# Shared definitions (gradients, the tile body, pips, bamboo sticks, glyphs)


def stick(length: float) -> str:
    """One bamboo stick, vertical, centred on the origin; its colour comes from ``fill``."""
    hw = 3.1  # half width
    half = length / 2
    parts = [
        rect(-hw, -half, 2 * hw, length, rx=2),
        # highlight along the stick
        rect(-1.9, -half + 2.2, 1.4, half - 3.6, rx=0.7, fill="#fff", fill_opacity=0.45),
        rect(-1.9, 1.4, 1.4, half - 3.6, rx=0.7, fill="#fff", fill_opacity=0.45),
    ]
    for node_y in (-half + 1, 0.0, half - 1):
        parts.append(rect(-hw - 0.7, node_y - 1, 2 * hw + 1.4, 2, rx=1))
        parts.append(
            rect(-hw - 0.7, node_y - 0.3, 2 * hw + 1.4, 0.6, fill="#000", fill_opacity=0.35)
        )
    return "".join(parts)


def pip() -> str:
    """A pinzu circle of radius 10 centred on the origin; its colour comes from ``fill``."""
    parts = [circle(0, 0, 10), circle(0, 0, 8.3, fill=IVORY), circle(0, 0, 6.9)]
    for i in range(8):
        angle = math.pi * i / 4
        parts.append(circle(5.1 * math.cos(angle), 5.1 * math.sin(angle), 0.95, fill=IVORY))
    parts += [circle(0, 0, 2.9, fill=IVORY), circle(0, 0, 1.6)]
    return "".join(parts)


def tile_base() -> str:
    return (
        rect(0.5, 0.5, W - 1, H - 1, rx=6, fill="url(#tl-ge)", stroke="#857a60", stroke_width=0.7)
        + rect(0.5, 0.5, FACE_W, FACE_H, rx=5.5, fill="url(#tl-gf)")
        + rect(0.9, 0.9, FACE_W - 0.8, FACE_H - 0.8, rx=5.1, fill="none", stroke="#fff",
               stroke_opacity=0.8, stroke_width=0.8)
    )  # fmt: skip


def back_base() -> str:
    return (
        rect(0.5, 0.5, W - 1, H - 1, rx=6, fill="#b8561a", stroke="#6e3510", stroke_width=0.7)
        + rect(0.5, 0.5, FACE_W, FACE_H, rx=5.5, fill="url(#tl-gb)")
        + rect(4, 4, FACE_W - 7, FACE_H - 7, rx=3.5, fill="none", stroke="#fff",
               stroke_opacity=0.35, stroke_width=0.8)
    )  # fmt: skip


def gradients() -> dict[str, str]:
    return {
        "tl-gf": (
            '<linearGradient id="tl-gf" x1="0" y1="0" x2="1" y2="1">'
            '<stop offset="0" stop-color="#fffdf6"/><stop offset="1" stop-color="#efe6cf"/>'
            "</linearGradient>"
        ),
        "tl-ge": (
            '<linearGradient id="tl-ge" x1="0" y1="0" x2="0" y2="1">'
            '<stop offset="0" stop-color="#ddd2b4"/><stop offset="1" stop-color="#ad9e78"/>'
            "</linearGradient>"
        ),
        "tl-gb": (
            '<linearGradient id="tl-gb" x1="0" y1="0" x2="1" y2="1">'
            '<stop offset="0" stop-color="#f6a948"/><stop offset="1" stop-color="#de7322"/>'
            "</linearGradient>"
        ),
    }


# ---------------------------------------------------------------------------------------------
# Tile faces


class Art:
    """Collects the shared definitions and the body of every tile."""

    def __init__(self, font: GlyphFont) -> None:
        self.font = font
        self.defs: dict[str, str] = dict(gradients())
        self.defs["tl-b"] = f'<g id="tl-b">{tile_base()}</g>'
        self.defs["tl-k"] = f'<g id="tl-k">{back_base()}</g>'
        self.defs["tl-p"] = f'<g id="tl-p">{pip()}</g>'
        self.defs["tl-sl"] = f'<g id="tl-sl">{stick(25)}</g>'
        self.defs["tl-ss"] = f'<g id="tl-ss">{stick(19)}</g>'

    def glyph_def(self, key: str, d: str) -> str:
        ident = f"tl-{key}"
        self.defs.setdefault(ident, f'<path id="{ident}" d="{d}"/>')
        return ident

    # -- manzu -----------------------------------------------------------------------------

    def manzu(self, rank: int, red: bool) -> str:
        numerals = "一二三四五六七八九"
        char = numerals[rank - 1]
        numeral = self.glyph_def(f"n{rank}", self.font.path(char, CX, 20.5, 0.044, 0.033))
        man = self.glyph_def("man", self.font.path("萬", CX, 55, 0.044, 0.035))
        colour = RED if red else INK
        # a thin outline of the same colour thickens the serif's hairline horizontals,
        # which otherwise vanish at small sizes
        outline = use(
            numeral, fill=colour, stroke=colour, stroke_width=1.2, stroke_linejoin="round"
        )
        return outline + use(man, fill=RED)

    # -- pinzu -----------------------------------------------------------------------------

    def pips(self, spots: Iterable[tuple[float, float, float, str]]) -> str:
        out = []
        for x, y, r, colour in spots:
            out.append(use("tl-p", f"{translate(x, y)} scale({num(r / 10)})", fill=colour))
        return "".join(out)

    def pinzu(self, rank: int, red: bool) -> str:
        b, g, r = BLUE, GREEN, RED
        if rank == 1:
            return self.big_pin()
        layouts: dict[int, list[tuple[float, float, float, str]]] = {
            2: [(CX, 22.5, 10.5, g), (CX, 53.5, 10.5, b)],
            3: [(13.5, 16.5, 8.7, b), (CX, CY, 8.7, r), (43.5, 59.5, 8.7, g)],
            4: [(17.5, 26, 9.3, b), (39.5, 26, 9.3, g), (17.5, 50, 9.3, g), (39.5, 50, 9.3, b)],
            5: [
                (15, 17.5, 8.4, b),
                (42, 17.5, 8.4, g),
                (CX, CY, 8.4, r),
                (15, 58.5, 8.4, g),
                (42, 58.5, 8.4, b),
            ],
            6: [
                *((x, 14.5, 7.8, g) for x in (18.5, 38.5)),
                *((x, y, 7.8, r) for y in (41.5, 60.5) for x in (18.5, 38.5)),
            ],
            7: [
                (13.5, 11.5, 6.6, g),
                (CX, 18.5, 6.6, g),
                (43.5, 25.5, 6.6, g),
                *((x, y, 7.3, r) for y in (45, 62) for x in (19, 38)),
            ],
            8: [(x, y, 7.3, b) for y in (13.5, 29.8, 46.2, 62.5) for x in (19, 38)],
            9: [
                (x, y, 7.1, colour)
                for y, colour in ((16, b), (CY, r), (60, g))
                for x in (13.5, CX, 43.5)
            ],
        }
        spots = layouts[rank]
        if red:
            spots = [(x, y, size, RED) for x, y, size, _ in spots]
        return self.pips(spots)

    def big_pin(self) -> str:
        x, y = CX, CY
        parts = [circle(x, y, 22.5, fill=GREEN), circle(x, y, 20.6, fill=IVORY)]
        for i in range(16):
            a = 2 * math.pi * i / 16
            parts.append(circle(x + 17.6 * math.cos(a), y + 17.6 * math.sin(a), 2.3, fill=BLUE))
        parts += [circle(x, y, 14.6, fill=BLUE), circle(x, y, 13.2, fill=IVORY)]
        parts.append(circle(x, y, 11.6, fill=RED))
        for i in range(8):
            a = 2 * math.pi * (i + 0.5) / 8
            parts.append(circle(x + 8 * math.cos(a), y + 8 * math.sin(a), 2.1, fill=IVORY))
        parts += [circle(x, y, 4.6, fill=IVORY), circle(x, y, 3, fill=GREEN)]
        parts.append(circle(x, y, 1.2, fill=IVORY))
        return "".join(parts)

    # -- souzu -----------------------------------------------------------------------------

    def sticks(self, spots: Iterable[tuple[float, float, float, str, str]]) -> str:
        out = []
        for x, y, angle, colour, kind in spots:
            transform = translate(x, y) + (f" rotate({num(angle)})" if angle else "")
            out.append(use(kind, transform, fill=colour))
        return "".join(out)

    def souzu(self, rank: int, red: bool) -> str:
        if rank == 1:
            return self.bird()
        g, r = GREEN, RED
        lo, hi = "tl-sl", "tl-ss"
        top, bottom = 23.5, 52.5
        rows3 = (13.5, CX, 43.5)
        layouts: dict[int, list[tuple[float, float, float, str, str]]] = {
            2: [(CX, top, 0, g, lo), (CX, bottom, 0, g, lo)],
            3: [(CX, top, 0, g, lo), (19.5, bottom, 0, g, lo), (37.5, bottom, 0, g, lo)],
            4: [(x, y, 0, g, lo) for y in (top, bottom) for x in (19.5, 37.5)],
            5: [*((x, y, 0, g, lo) for y in (top, bottom) for x in (13, 44)), (CX, CY, 0, r, lo)],
            6: [(x, y, 0, g, lo) for y in (top, bottom) for x in rows3],
            7: [(CX, 14.5, 0, r, hi), *((x, y, 0, g, hi) for y in (38, 61.5) for x in rows3)],
            8: [
                (10.5, top, 0, g, lo),
                (22, top, 17, g, lo),
                (35, top, -17, g, lo),
                (46.5, top, 0, g, lo),
                (10.5, bottom, 0, g, lo),
                (22, bottom, -17, g, lo),
                (35, bottom, 17, g, lo),
                (46.5, bottom, 0, g, lo),
            ],
            9: [(x, y, 0, r if x == CX else g, hi) for y in (14.5, CY, 61.5) for x in rows3],
        }
        spots = layouts[rank]
        if red:
            spots = [(x, y, a, RED, kind) for x, y, a, _, kind in spots]
        return self.sticks(spots)

    def bird(self) -> str:
        """A stylised peacock standing on a bamboo perch (the 1 of bamboo)."""
        parts: list[str] = []
        # tail feathers fanning up behind the bird
        for angle, length in ((-8, 22), (22, 23), (52, 21)):
            a = math.radians(angle)
            bx, by = 33.0, 47.0
            tx, ty = bx + length * math.sin(a), by - length * math.cos(a)
            mx, my = (bx + tx) / 2, (by + ty) / 2
            rot = f"rotate({num(angle)} {num(mx)} {num(my)})"
            parts.append(ellipse(mx, my, 4.6, length / 2 + 2, fill=GREEN, transform=rot))
            parts.append(circle(tx, ty, 3.6, fill=BLUE))
            parts.append(circle(tx, ty, 1.7, fill=RED))
        # body
        parts.append(
            f'<path fill="{GREEN}" d="M14.5 31C10 36 12 47 17 53C22 59 33 59 38 53'
            f'C42 48 40 41 34 39C28 37 23 37 21.5 31Z"/>'
        )
        # wing
        parts.append(
            f'<path fill="{BLUE}" '
            'd="M20 42C26 39 35 42 37 50C33 55 25 55 21 51C19 48 19 45 20 42Z"/>'
        )
        parts.append(
            '<path fill="none" stroke="#fff" stroke-opacity=".5" stroke-width=".8" '
            'd="M23 46C27 45 31 46 34 49M23 50C26 49.5 29 50 31.5 52"/>'
        )
        # head, eye, beak, crest
        parts.append(circle(17.5, 27, 6.5, fill=GREEN))
        parts.append(circle(15.8, 26, 2, fill=IVORY))
        parts.append(circle(15.5, 26, 1, fill="#111"))
        parts.append(f'<path fill="{RED}" d="M11.5 25.5L5 28.5L11.8 30.5Z"/>')
        parts.append(
            f'<path fill="none" stroke="{GREEN}" stroke-width="1" '
            'd="M17.5 20.5L14 14M18 20.5L18.5 13M18.5 20.5L22.5 14.5"/>'
        )
        parts += [circle(x, y, 1.5, fill=RED) for x, y in ((14, 14), (18.5, 13), (22.5, 14.5))]
        # legs and perch
        parts.append(
            f'<path fill="none" stroke="{RED}" stroke-width="1.6" stroke-linecap="round" '
            'd="M24 57L22.5 65M31 57L32 65"/>'
        )
        parts.append(rect(9, 64.8, 39, 3.4, rx=1.7, fill=GREEN))
        parts.append(rect(27, 64.3, 2, 4.4, rx=0.8, fill=GREEN))
        parts.append(rect(27.75, 64.3, 0.5, 4.4, fill="#000", fill_opacity=0.35))
        return "".join(parts)

    # -- honours ---------------------------------------------------------------------------

    def honour(self, rank: int) -> str:
        if rank == 5:  # haku: an empty face with a blue frame
            frame = rect(9, 11, 39, 54, rx=1.5, fill="none", stroke=BLUE, stroke_width=3.2)
            inner = rect(13.5, 15.5, 30, 45, rx=0.5, fill="none", stroke=BLUE, stroke_width=1)
            return frame + inner
        char, colour = {
            1: ("東", BLACK),
            2: ("南", BLACK),
            3: ("西", BLACK),
            4: ("北", BLACK),
            6: ("發", GREEN),
            7: ("中", RED),
        }[rank]
        width, height = (42, 56) if rank != 7 else (40, 58)
        ident = self.glyph_def(f"z{rank}", self.font.fit(char, CX, CY, width, height))
        return use(ident, fill=colour)

    # -- assembly --------------------------------------------------------------------------

    def body(self, code: str) -> str:
        if code == "back":
            return use("tl-k")
        rank, suit = int(code[0]), code[1]
        red = rank == 0
        rank = 5 if red else rank
        face = {
            "m": self.manzu,
            "p": self.pinzu,
            "s": self.souzu,
        }.get(suit)
        content = face(rank, red) if face else self.honour(rank)
        return use("tl-b") + content


TILE_CODES: list[str] = [
    *(f"{n}{s}" for s in "mps" for n in range(1, 10)),
    *(f"0{s}" for s in "mps"),
    *(f"{n}z" for n in range(1, 8)),
    "back",
]

TITLES: dict[str, str] = {
    "m": "{n} of characters (manzu)",
    "p": "{n} of circles (pinzu)",
    "s": "{n} of bamboo (souzu)",
}
HONOUR_TITLES = ["East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon"]


def title(code: str) -> str:
    if code == "back":
        return "Tile back"
    rank, suit = int(code[0]), code[1]
    if suit == "z":
        return HONOUR_TITLES[rank - 1]
    if rank == 0:
        return "Red " + TITLES[suit].format(n=5)
    return TITLES[suit].format(n=rank)


# ---------------------------------------------------------------------------------------------
# Output

REF = re.compile(r'(?:href="#|url\(#)([\w-]+)')


def closure(fragment: str, defs: dict[str, str]) -> list[str]:
    """The ids of ``defs`` that ``fragment`` needs, transitively, in a stable order."""
    seen: set[str] = set()
    pending = REF.findall(fragment)
    while pending:
        ident = pending.pop()
        if ident not in seen:
            seen.add(ident)
            pending.extend(REF.findall(defs[ident]))
    return [ident for ident in defs if ident in seen]


def standalone(code: str, body: str, defs: dict[str, str]) -> str:
    needed = "".join(defs[i] for i in closure(body, defs))
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="{VIEWBOX}" width="{W}" height="{H}" role="img">'
        f"<title>{title(code)}</title><defs>{needed}</defs>{body}</svg>\n"
    )


def sprite(bodies: dict[str, str], defs: dict[str, str]) -> str:
    symbols = "".join(
        f'<symbol id="t-{code}" viewBox="{VIEWBOX}"><title>{title(code)}</title>{body}</symbol>'
        for code, body in bodies.items()
    )
    needed = "".join(defs[i] for i in closure("".join(bodies.values()), defs))
    comment = (
        "<!-- Tenbo tile set. Artwork: Tenbo project. CJK glyph outlines from "
        f"{FONT_FACE} (SIL OFL 1.1), see LICENSE-font.txt. Generated by "
        "tools/tiles/build_tiles.py: do not edit. -->"
    )
    return f'<svg xmlns="{SVG_NS}">{comment}\n<defs>{needed}</defs>\n{symbols}\n</svg>\n'


def font_licence(font: GlyphFont) -> str:
    names = font.font["name"]
    version = names.getDebugName(5)
    copyright_notice = names.getDebugName(0)
    designer = names.getDebugName(9)
    trademark = names.getDebugName(7)
    licence = FONT_COPYRIGHT_DOC.read_text(encoding="utf-8")
    # the stand-alone licence paragraph: its lines are indented by one space
    match = re.search(r"^License: SIL-1\.1\n((?: .*\n?)+)", licence, re.M)
    if not match:
        raise SystemExit(f"OFL text not found in {FONT_COPYRIGHT_DOC}")
    ofl = "\n".join(
        "" if line.strip() == "." else line[1:] for line in match.group(1).rstrip().splitlines()
    )
    designers = textwrap.wrap(f"Designers: {designer}", 84, subsequent_indent="  ")
    lines = [
        "The CJK glyph outlines in the tile SVGs of this folder (the characters",
        "一 二 三 四 五 六 七 八 九 萬 東 南 西 北 發 中) were converted to SVG path data from",
        "",
        f"    {FONT_FACE}, {version}",
        f"    {copyright_notice}",
        *(f"    {line}" for line in designers),
        "    Debian package fonts-noto-cjk (NotoSerifCJK-Bold.ttc),",
        "    upstream https://github.com/notofonts/noto-cjk",
        "",
        "Those outlines are licensed under the SIL Open Font License, Version 1.1,",
        f"reproduced below. {trademark} The rest of the tile art is the",
        "Tenbo project's own drawing.",
        "",
        ofl,
    ]
    return "\n".join(lines) + "\n"


def build(out_dir: Path) -> dict[str, int]:
    font = GlyphFont.load(FONT_PATH, FONT_FACE)
    art = Art(font)
    bodies = {code: art.body(code) for code in TILE_CODES}
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes: dict[str, int] = {}

    def write(name: str, text: str) -> None:
        data = text.encode("utf-8")
        (out_dir / name).write_bytes(data)
        sizes[name] = len(data)

    for code, body in bodies.items():
        write(f"{code}.svg", standalone(code, body, art.defs))
    write("tiles.svg", sprite(bodies, art.defs))
    write("LICENSE-font.txt", font_licence(font))
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args(argv)
    sizes = build(args.out)
    print(f"wrote {len(sizes)} files to {args.out}; tiles.svg is {sizes['tiles.svg']} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
