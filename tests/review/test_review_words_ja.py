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
