"""The review's 区分 row in Japanese (issue 28.6): a hand below the limits is 「満貫未満」, never
「上限なし」, which is the app's word for aotenjou (青天井) and is not used at all (termbase)."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from tests.conftest import LOGS
from tutor.course.names import limit_label
from tutor.review.models import ReviewedGame

pytestmark = pytest.mark.django_db

GAMES = ["2010081709gm-00a9-0000-fe3371ad.mjlog", "double-ron.mjlog", "upd-aft-ron3.mjlog"]


def test_the_label_of_no_limit_is_below_mangan() -> None:
    with translation.override("ja"):
        assert limit_label(None) == "満貫未満"
        assert limit_label("mangan") == "満貫"
    with translation.override("en"):
        assert limit_label(None) == "below mangan"


def test_japanese_review_rows_say_below_mangan_not_no_limit(client) -> None:
    cells: list[str] = []
    for name in GAMES:
        data = (LOGS / name).read_bytes()
        client.post("/ja/tutor/review/import", {"file": SimpleUploadedFile("g.mjlog", data)})
        game = ReviewedGame.objects.latest("id")
        html = client.get(f"/ja/tutor/review/{game.public_id}/").content.decode()
        assert "上限なし" not in html
        for row in re.findall(r'<th scope="row">区分</th><td>([^<]*)</td><td>([^<]*)<', html):
            cells += row
    assert "満貫未満" in cells, cells
    assert set(cells) <= {"満貫未満", "満貫", "跳満", "倍満", "三倍満", "数え役満", "役満"}, cells


def test_japanese_yaku_lists_use_japanese_marks(client) -> None:
    """Issue 28 (also): 「立直 1飜, ドラ 2飜」 listed with an ASCII comma and a stray space; a
    Japanese list is joined with 、 and each han is written beside its yaku."""
    cells: list[str] = []
    for name in GAMES:
        data = (LOGS / name).read_bytes()
        client.post("/ja/tutor/review/import", {"file": SimpleUploadedFile("g.mjlog", data)})
        game = ReviewedGame.objects.latest("id")
        html = client.get(f"/ja/tutor/review/{game.public_id}/").content.decode()
        for row in re.findall(r'<th scope="row">役</th><td>([^<]*)</td><td>([^<]*)<', html):
            cells += row
    assert any("、" in cell for cell in cells), cells
    for cell in cells:
        assert "," not in cell, cell
        assert not re.search(r" \d", cell), cell
    english = client.get(f"/tutor/review/{game.public_id}/").content.decode()
    assert re.search(r'<th scope="row">Yaku</th><td>[^<]*, [^<]*</td>', english)


def test_japanese_review_lists_are_joined_with_the_japanese_mark() -> None:
    """The tenpai players of a draw, the fields a quiz answer missed and the moves of a replay
    step: 、 on a Japanese page, never an ASCII comma or semicolon."""
    from types import SimpleNamespace

    from tutor.review.present import draw_text
    from tutor.review.quiz import SummaryRow

    hand = SimpleNamespace(end="exhaustive_draw", tenpai=[0, 2])
    row = SummaryRow(win=None, answered=True, correct=False, missed_on=["fu", "han"])  # type: ignore[arg-type]
    with translation.override("ja"):
        assert draw_text(hand, ["A", "B", "C", "D"]) == "流局（聴牌：A、C）"  # type: ignore[arg-type]
        assert row.missed_text == "符、飜"
    with translation.override("en"):
        assert row.missed_text == "fu, han"
