"""Saved hands as requests: reading a hand from a picker or walkthrough URL, and its links."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.http import QueryDict
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from config.i18n import strip_language
from scorer.engine.api import score_request
from scorer.engine.notation import NotationError, parse_hand, parse_tile
from scorer.numbers import hand_value, japanese, points_text
from scorer.templatetags.tiles import tile_label
from scorer.vocabulary import LIMIT_LABELS, YAKU_LABELS, yakuman_name
from tutor.walkthrough.steps import fixed_yakuman, request_from_query, request_query


def _hand_pages() -> tuple[str, str]:
    with translation.override(None):
        return reverse("tutor:explain"), reverse("scorer:picker")


def back_url(url: str, host: str) -> str:
    """Where to return after saving: ``url`` (a picker or walkthrough page of this site, as the
    Referer gives it) as a path, or "" for anything else."""
    parts = urlsplit(url)
    if parts.scheme not in ("", "http", "https") or parts.netloc not in ("", host):
        return ""
    if not parts.path.startswith("/") or strip_language(parts.path) not in _hand_pages():
        return ""
    return parts.path + (f"?{parts.query}" if parts.query else "")


def query_from_url(url: str) -> str | None:
    """The request query of a picker or walkthrough URL on this site (None for anything else)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    # A link in any language (/ja/tutor/explain or /tutor/explain) names the same hand.
    if strip_language(parts.path) not in _hand_pages():
        return None
    data = request_from_query(QueryDict(parts.query))
    if not str(data.get("hand", "")).strip() or not str(data.get("win", "")).strip():
        return None
    return request_query(data)


@dataclass
class Summary:
    """A saved hand as a learner reads it: its tiles, its yaku and what it scores."""

    hand: str
    win_code: str
    tiles: list[dict[str, str]]
    win: dict[str, str] | None
    yaku: str = ""
    score: str = ""

    @property
    def notation(self) -> str:
        return f"{self.hand} + {self.win_code}"


def _tile(code: str) -> dict[str, str]:
    return {"code": code, "src": static(f"tiles/{code}.svg"), "label": tile_label(code)}


def score_words(result: dict[str, Any]) -> str:
    """ "30 fu 4 han, 11,700 points" (30符4飜 11700点); a limit or yakuman by its name. The
    points are the hand's, without honba (scorer.numbers.hand_value), which are said apart."""
    payments = result["payments"]
    total = _("%(total)s points") % {"total": points_text(hand_value(payments))}
    honba = int(payments.get("honba") or 0)
    if honba:
        total = _("%(points)s, plus %(honba)s for honba") % {
            "points": total,
            "honba": points_text(honba),
        }
    if fixed_yakuman(result):
        how = yakuman_name(int(result.get("yakuman") or 1))
        how = how[:1].upper() + how[1:]
    else:
        how = _("%(fu)s fu %(han)s han") % {"fu": result.get("fu"), "han": result.get("han")}
        if result.get("limit") in LIMIT_LABELS:
            how = f"{how} {LIMIT_LABELS[str(result['limit'])]}"
    return _("%(how)s, %(total)s") % {"how": how, "total": total}


def summary(query: str) -> Summary:
    """The tiles, yaku and score of a saved hand's request query (in the active language)."""
    data = request_from_query(QueryDict(query))
    hand, win_code = str(data.get("hand", "")), str(data.get("win", ""))
    try:
        parsed = parse_hand(hand)
        tiles = [_tile(t) for t in parsed.concealed]
        tiles += [_tile(t) for m in parsed.melds for t in m.tiles]
    except NotationError:
        tiles = []
    try:
        # Only a real tile is drawn: an empty or unknown winning tile has no picture (the
        # hashed static manifest refuses a name it lacks: a 500 with DEBUG off).
        win: dict[str, str] | None = _tile(parse_tile(win_code))
    except NotationError:
        win = None
    result = score_request(data, steps=False)
    if not result.get("ok"):
        return Summary(hand, win_code, tiles, win)
    names = [str(YAKU_LABELS.get(y["id"], y["id"])) for y in result.get("yaku", [])]
    yaku = ("・" if japanese() else ", ").join(names)
    return Summary(hand, win_code, tiles, win, yaku, score_words(result))


def default_title(query: str) -> str:
    """A title a learner can read (its yaku and score), not the notation (issue 22.8)."""
    shown = summary(query)
    if not shown.score:
        return shown.notation[:80]
    title = (
        _("%(yaku)s — %(score)s") % {"yaku": shown.yaku, "score": shown.score}
        if shown.yaku
        else shown.score
    )
    return title if len(title) <= 80 else f"{title[:79]}…"


@dataclass
class HandLinks:
    explain: str
    present: str
    picker: str


def links(query: str) -> HandLinks:
    explain = reverse("tutor:explain") + "?" + query
    return HandLinks(explain, explain + "&present=1", reverse("scorer:picker") + "?" + query)
