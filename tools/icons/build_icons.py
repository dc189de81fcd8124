"""Draw the app icons (static/icons/): the favicon's tile — a cream tile with a green border and a
red circle — on Tenbo's green, as PNG at 192 and 512 pixels, a maskable 512 (the tile inside the
safe zone) and an SVG. Pure Python (zlib and struct): run ``python tools/icons/build_icons.py``.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "static" / "icons"
GREEN = (0x1E, 0x5B, 0x45)
CREAM = (0xFF, 0xFA, 0xF0)
RED = (0xB8, 0x36, 0x2A)
SAMPLES = 3  # per side, per pixel (anti-aliasing)


def _rounded_box(x: float, y: float, cx: float, cy: float, hw: float, hh: float, r: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on (cx, cy)."""
    qx = abs(x - cx) - (hw - r)
    qy = abs(y - cy) - (hh - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _colour(x: float, y: float, scale: float) -> tuple[int, int, int]:
    """The colour at (x, y) in units of the 60 x 80 tile, centred on (0, 0); ``scale``: one
    tile unit in the icon's units (the tile's border and ring as in the favicon)."""
    tile = _rounded_box(x, y, 0, 0, 27, 37, 9)
    if tile > 3:  # outside the tile and its border
        return GREEN
    if tile > -3:  # the border
        return GREEN
    ring = abs(math.hypot(x, y) - 13)
    if ring < 3:
        return RED
    return CREAM


def draw(size: int, tile_height: float) -> bytes:
    """A ``size`` square PNG, the tile ``tile_height`` of it tall."""
    unit = size * tile_height / 80  # pixels per tile unit
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES - size / 2) / unit
                    y = (py + (sy + 0.5) / SAMPLES - size / 2) / unit
                    c = _colour(x, y, unit)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            n = SAMPLES * SAMPLES
            row += bytes(round(a / n) for a in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#1e5b45"/>
<g transform="translate(50 50) scale(1.05)">
<rect x="-27" y="-37" width="54" height="74" rx="9" fill="#fffaf0"/>
<circle r="13" fill="none" stroke="#b8362a" stroke-width="6"/>
</g>
</svg>
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon-192.png").write_bytes(draw(192, 0.84))
    (OUT / "icon-512.png").write_bytes(draw(512, 0.84))
    # Maskable: the launcher may crop to a circle of 80 % of the width; the tile stays inside.
    (OUT / "icon-maskable-512.png").write_bytes(draw(512, 0.62))
    (OUT / "icon.svg").write_text(SVG, "utf-8")
    print("icons written to", OUT)


if __name__ == "__main__":
    main()
