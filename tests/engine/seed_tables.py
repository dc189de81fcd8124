"""Read the quick-reference tables out of seed 000's text (the test's ground truth)."""

from __future__ import annotations

import re

from tests.conftest import DATA

LIMITS = {
    "満貫": "mangan",
    "ハネ満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "数え役満": "kazoe_yakuman",
}
FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
CELL = re.compile(
    r"(?:(満貫|ハネ満|倍満|三倍満|数え役満) )?(\d+) \((\d+)(?:,(\d+))?\)|(?<![\d(])-(?= \|)"
)


def seed_text() -> str:
    (path,) = sorted((DATA / "seeds").glob("000_*.txt"))
    return path.read_text(encoding="utf-8")


def parse_table(section: str) -> dict[tuple[str, int], tuple[object, ...]]:
    """{(row, fu): (limit or None, ron, first tsumo payment, second or None) or ("-",)}."""
    cells: dict[tuple[str, int], tuple[object, ...]] = {}
    rows = re.split(r"\n(\d+(?:-\d*)?)飜 \|", section)
    for label, body in zip(rows[1::2], rows[2::2], strict=True):
        column = 0
        for match in CELL.finditer(body):
            if match.group(0) == "-":
                cells[(label, FU[column])] = ("-",)
                column += 1
                continue
            limit, ron, first, second = match.groups()
            value = (LIMITS.get(limit or ""), int(ron), int(first), int(second) if second else None)
            span = FU[column:] if limit else FU[column : column + 1]
            for fu in span:
                cells[(label, fu)] = value
            column += len(span)
    return cells


Table = dict[tuple[str, int], tuple[object, ...]]


def seed_tables() -> tuple[Table, Table]:
    """(dealer table, non-dealer table)."""
    text = seed_text()
    dealer = text[text.index("[編集] 親") : text.index("[編集] 子")]
    non_dealer = text[text.index("[編集] 子") : text.index("[編集] 得点計算の例")]
    return parse_table(dealer), parse_table(non_dealer)
