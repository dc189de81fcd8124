"""Numbers and dates for the page's language: 万/億 grouping for aotenjou totals in Japanese,
plain digits for ordinary scores (192000点, never 19万2000点: 万 only where aotenjou reaches),
English thousands separators; the power of two written so it cannot be misread; Django's
localised date formats."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from scorer.engine import score_request
from scorer.numbers import MYRIAD_FROM, points_text, power_of_two

pytestmark = pytest.mark.django_db

AOTENJOU = "hand=111m22p666p222z88s&win=8s&tsumo=1&seat=2z&round=2z&rules=aotenjou"


@pytest.mark.parametrize(
    ("value", "en", "ja"),
    [
        (8000, "8,000", "8000"),
        (12000, "12,000", "12000"),
        (96000, "96,000", "96000"),
        (192000, "192,000", "192000"),  # six yakuman by tsumo: not 19万2000 (issue 28.5)
        (288000, "288,000", "288000"),
        (999999, "999,999", "999999"),
        (1000000, "1,000,000", "100万"),
        (52428800, "52,428,800", "5242万8800"),
        (123456789, "123,456,789", "1億2345万6789"),
        (100000000, "100,000,000", "1億"),
        ("—", "—", "—"),
    ],
)
def test_points_text(value: object, en: str, ja: str) -> None:
    with translation.override("en"):
        assert points_text(value) == en
    with translation.override("ja"):
        assert points_text(value) == ja
        assert Template("{% load points %}{{ v|points }}").render(Context({"v": value})) == ja


def test_no_limited_hand_reaches_the_myriad_units() -> None:
    """万 only under aotenjou: the largest payment the limits allow (six yakuman for the dealer,
    double yakuman counted, the wareme seat paying double, the most honba a request takes at
    1,500 each) stays below MYRIAD_FROM, which aotenjou passes from 13 han."""
    biggest = score_request(
        {
            "hand": "111z222z333z444z5z",
            "win": "5z",
            "tsumo": True,
            "seat": "1z",
            "tenhou": True,
            "honba": 99,
            "wareme": "2z",
            "rules": {"preset": "classic", "wareme": True},
        }
    )
    assert biggest["ok"], biggest
    assert biggest["yakuman"] >= 6
    assert biggest["payments"]["total"] < MYRIAD_FROM
    aotenjou = score_request(
        {
            "hand": "123p999p6z777z(5555z)",
            "win": "6z",
            "seat": "3z",
            "riichi": True,
            "dora": "8p8p",
            "rules": "aotenjou",
        }
    )
    assert aotenjou["payments"]["total"] >= MYRIAD_FROM


@pytest.mark.parametrize(
    ("han", "full", "short"),
    [
        (1, "2⁽¹⁺²⁾ = 2³ = 8", "2⁽¹⁺²⁾"),
        (4, "2⁽⁴⁺²⁾ = 2⁶ = 64", "2⁽⁴⁺²⁾"),
        (13, "2⁽¹³⁺²⁾ = 2¹⁵ = 32,768", "2⁽¹³⁺²⁾"),
    ],
)
def test_the_power_of_two_reads_as_one_exponent(han: int, full: str, short: str) -> None:
    """Issue 28: "2 to the power of 1 han + 2" reads as 2¹ + 2; the whole exponent is raised,
    and no caret (issue 19)."""
    with translation.override("en"):
        assert power_of_two(han) == full
        assert power_of_two(han, value=False) == short
    with translation.override("ja"):
        assert power_of_two(4) == "2⁽⁴⁺²⁾＝2⁶＝64"
        assert power_of_two(13) == "2⁽¹³⁺²⁾＝2¹⁵＝32768"


def total_of(html: str) -> str:
    match = re.search(r'<p class="total"><span class="num" aria-hidden="true">([^<]+)</span>', html)
    assert match
    return match.group(1)


def test_picker_writes_aotenjou_totals_in_myriad_units(client: Client) -> None:
    assert total_of(client.get(f"/ja/?{AOTENJOU}").content.decode()) == "5242万8800"
    assert total_of(client.get(f"/?{AOTENJOU}").content.decode()) == "52,428,800"
    ordinary = "hand=234m234m456p55s68p&win=7p&tsumo=1&riichi=1&dora=9s&ura=1z"
    assert total_of(client.get(f"/ja/?{ordinary}").content.decode()) == "11700"


def test_walkthrough_total_in_myriad_units(client: Client) -> None:
    html = client.get(f"/ja/tutor/explain?{AOTENJOU}").content.decode()
    total = re.search(r'<span data-testid="total">([^<]+)</span>', html)
    assert total
    assert "5242万8800" in total.group(1)
    assert "52,428,800" not in total.group(1)


def test_dates_use_the_localised_formats() -> None:
    when = datetime(2026, 11, 23, 18, 40, tzinfo=UTC)
    template = Template(
        '{{ d|date:"MONTH_DAY_FORMAT" }}|{{ d|date:"SHORT_DATETIME_FORMAT" }}|'
        '{{ d|date:"DATETIME_FORMAT" }}'
    )
    with translation.override("en"):
        assert template.render(Context({"d": when})) == "23 Nov|23 Nov, 18:40|23 Nov 2026, 18:40"
    with translation.override("ja"):
        assert (
            template.render(Context({"d": when})) == "11月23日|11月23日 18:40|2026年11月23日 18:40"
        )
