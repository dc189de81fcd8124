"""Every sideways-scrolling frame can be reached and scrolled with the keyboard and is named
(axe-core's ``scrollable-region-focusable``, issue 22.17): a sweep over every template."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
FRAME = re.compile(r'<div class="(?:[^"]* )?(?:table-scroll|heat-tables)(?: [^"]*)?"[^>]*>')


def test_every_scroll_frame_is_focusable_and_named() -> None:
    found = 0
    for template in sorted(ROOT.glob("*/**/templates/**/*.html")):
        if ".venv" in template.parts:
            continue
        text = template.read_text(encoding="utf-8")
        for match in FRAME.finditer(text):
            tag = match.group(0)
            # A frame whose every child is a frame does not scroll itself: its children do.
            if re.match(r"\{% for [^%]+%\}" + FRAME.pattern, text[match.end() :]):
                continue
            found += 1
            where = f"{template.relative_to(ROOT)}: {tag}"
            assert 'tabindex="0"' in tag, where
            assert 'role="region"' in tag, where
            assert "aria-label=" in tag, where
    assert found >= 6
