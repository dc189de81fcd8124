"""The join QR code, drawn on the server as inline SVG (segno; no third-party request)."""

from __future__ import annotations

import segno


def qr_svg(url: str, title: str) -> str:
    """An ``<svg>`` element for ``url``, scalable (no fixed size), dark modules on white."""
    code = segno.make(url, error="m")
    svg: str = code.svg_inline(
        scale=1, border=2, dark="#111", light="#fff", omitsize=True, title=title
    )
    return svg
