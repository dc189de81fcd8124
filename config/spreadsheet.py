"""CSV cells no spreadsheet reads as a formula, in any locale (issue 23 item 8, issue 21 item 8).

A spreadsheet starts a formula at ``=``, ``+``, ``-`` or ``@`` (Excel's Japanese input also at
their full-width forms ``＝＋－＠``), after any leading spaces, and a spreadsheet whose locale
separates lists with ``;`` (or that splits on tabs) opens ``x;=1+1`` as two cells, the second a
formula. :func:`safe_cell` therefore looks at the start of the text and at the start of every
piece after a list separator (``,`` ``;`` tab, and their full-width forms), each after trimming
spaces, and puts an apostrophe (the spreadsheet's "this is text" mark) before any piece that
would start a formula. Every CSV the app writes passes its text cells through it.
"""

from __future__ import annotations

import re
from typing import Final

#: What starts a formula (ASCII and full-width).
TRIGGERS: Final = frozenset("=+-@＝＋－＠")
#: What a spreadsheet may split a line into cells at.
SEPARATORS: Final = re.compile(r"([,;\t，；\r\n])")
#: Trimmed before looking at a piece's first character.
SPACE: Final = " \u3000\u00a0\t\r\n\v\f"


def safe_cell(value: object) -> str:
    """``value`` as text that no spreadsheet would evaluate (see the module)."""
    pieces = SEPARATORS.split(str(value))
    for i in range(0, len(pieces), 2):  # the pieces between the separators
        if pieces[i].lstrip(SPACE)[:1] in TRIGGERS:
            pieces[i] = "'" + pieces[i]
    return "".join(pieces)
