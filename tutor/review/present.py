"""What the review pages show: each hand's line, each win's tiles, situation and the two
results side by side. Words come from the catalogue; numbers from the record and the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorer.engine.notation import Meld, NotationError, parse_hand
from scorer.forms import FLAG_LABELS, flag_label
from scorer.gamelog import Game, Hand, RecordError, Win, read_record
from scorer.gamelog.check import Checked, check_game, computed_deltas
from scorer.gamelog.model import NO_HANDS
from scorer.gamelog.read import unpack
from scorer.http import HtmxHttpRequest
from scorer.numbers import points_text
from tutor.accounts.models import Learner
from tutor.course.names import limit_label, yaku_label
from tutor.review.fetch import UNREACHABLE
from tutor.review.models import ReviewedGame
from tutor.walkthrough.steps import request_query


def wind_name(code: str) -> str:
    return {"1z": _("East"), "2z": _("South"), "3z": _("West"), "4z": _("North")}[code]


#: A pasted record travels as a form field, which Django caps at DATA_UPLOAD_MAX_MEMORY_SIZE
#: (a file upload is not capped by it): the page states both limits.
PASTE_LIMIT_BYTES: Final = settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def record_error(exc: RecordError) -> dict[str, Any]:
    """The refusal as the page shows it: a sentence in the page's language (what the record is
    and what would work, where the reader could tell), and the parser's own detail (hand and
    tag) beside it."""
    detail = ""
    if exc.reason == "":
        message = _("Choose a record file, or paste a record.")
    elif exc.reason == "link":
        message = _(
            "This server does not fetch records from tenhou.net. Download the record "
            "(.mjlog) from Tenhou and upload it here."
        )
    elif exc.reason == UNREACHABLE:
        message = _("tenhou.net did not answer. Download the record (.mjlog) and upload it here.")
    elif exc.reason == NO_HANDS:
        message = _("This record holds no finished hand.")
    elif exc.kind == "mahjongsoul_raw":
        message = _(
            "This is a Mahjong Soul record in the game's own format. Convert it to tenhou.net/6 "
            "JSON first (see “From Mahjong Soul” above), then paste or upload that."
        )
    elif exc.kind == "mahjongsoul_link":
        message = _(
            "This is a link to a Mahjong Soul game, which Tenbo cannot fetch. Convert the game "
            "to tenhou.net/6 JSON (see “From Mahjong Soul” above) and paste that."
        )
    elif exc.kind == "tenhou_link":
        message = _("This is a tenhou.net log link. Download the record (.mjlog) and upload it.")
    elif exc.kind == "mjai":
        message = _(
            "This is an mjai event log (what AI reviewers read), not a game record. Paste the "
            "tenhou.net/6 JSON the log was made from."
        )
    elif exc.kind == "unknown_yaku" and exc.platform == "mahjongsoul":
        message = _(
            "This is a Mahjong Soul record with a yaku outside the ranked rules (“%(name)s”, "
            "hand %(hand)s). Tenbo scores the ranked rules only: games of special modes "
            "cannot be reviewed."
        ) % {"name": exc.name, "hand": exc.hand}
    elif exc.kind == "unknown_yaku":
        message = _(
            "This record names a yaku Tenbo does not know (“%(name)s”, hand %(hand)s). Tenbo "
            "reads Tenhou's and Mahjong Soul's ranked yaku, in Japanese or English."
        ) % {"name": exc.name, "hand": exc.hand}
    elif exc.hand is not None:
        message = _("This record could not be read: it fails at hand %(hand)s, tag <%(tag)s>.") % {
            "hand": exc.hand,
            "tag": exc.tag or "?",
        }
        detail = exc.reason
    else:
        message = _("This record could not be read.")
        detail = str(exc)
    return {"code": "invalid_record", "message": message, "detail": detail, "field": "record"}


def too_many(limit: int) -> dict[str, Any]:
    message = _("You keep %(n)s games already: delete one before importing another.") % {"n": limit}
    return {"code": "invalid_record", "message": message, "detail": "", "field": "record"}


def record_text(data: bytes) -> str:
    return unpack(data).decode("utf-8", errors="replace")


def round_label(hand: Hand) -> str:
    text = _("%(wind)s %(number)s") % {
        "wind": wind_name(hand.round_wind),
        "number": hand.round_number,
    }
    honba = ngettext("%(n)s honba", "%(n)s honba", hand.honba) % {"n": hand.honba}
    return f"{text} · {honba}"


def draw_text(hand: Hand, names: list[str]) -> str:
    if hand.end == "exhaustive_draw":
        if hand.tenpai:
            listed = ", ".join(names[s] for s in hand.tenpai)
            return _("Exhaustive draw; tenpai: %(names)s") % {"names": listed}
        return _("Exhaustive draw; no one tenpai")
    if hand.end == "nagashi_mangan":
        return _("Nagashi mangan")
    kinds = {
        "yao9": _("Abortive draw: nine different terminals and honours"),
        "reach4": _("Abortive draw: four riichi"),
        "ron3": _("Abortive draw: three players called ron"),
        "kan4": _("Abortive draw: four kans"),
        "kaze4": _("Abortive draw: the same wind discarded four times"),
    }
    return kinds.get(hand.draw_kind or "", _("Abortive draw"))


def win_text(win: Win, names: list[str]) -> str:
    if win.tsumo:
        return _("%(winner)s won by tsumo") % {"winner": names[win.who]}
    return _("%(winner)s won by ron from %(loser)s") % {
        "winner": names[win.who],
        "loser": names[win.from_who],
    }


@dataclass
class Row:
    """One line of the comparison: what Tenhou recorded, what Tenbo computes."""

    label: str
    recorded: str
    computed: str
    same: bool = True


@dataclass
class WinView:
    number: int
    text: str
    concealed: list[str]
    win_tile: str
    melds: list[Meld]
    situation: list[str]
    dora: list[str]
    ura: list[str]
    rows: list[Row]
    agrees: bool
    explain: str
    mine: bool
    refused: str = ""
    anchor: str = ""
    title: str = ""
    result: dict[str, Any] = field(default_factory=dict)


@dataclass
class HandView:
    hand: Hand
    label: str
    end: str
    scores: list[tuple[str, int, int, int]]
    wins: list[WinView] = field(default_factory=list)


def _yaku_text(items: list[tuple[str, int]], yakuman: bool) -> str:
    if yakuman:
        return ", ".join(yaku_label(i) for i, _h in items)
    return ", ".join(
        _("%(name)s %(han)s han") % {"name": yaku_label(i), "han": h} for i, h in sorted(items)
    )


def _tiles(text: str) -> list[str]:
    out = []
    for i in range(0, len(text), 2):
        out.append(text[i : i + 2])
    return out


def _win_view(number: int, checked: Checked, names: list[str], seat: int | None) -> WinView:
    win, result = checked.win, checked.result
    req = win.request
    rec = win.recorded
    try:
        parsed = parse_hand(str(result.get("hand") or req["hand"]))
        concealed = list(parsed.concealed)
        melds = list(parsed.melds)
    except NotationError:
        concealed, melds = [], []
    situation = [
        _("Seat wind: %(wind)s") % {"wind": wind_name(str(req["seat"]))},
        _("Round wind: %(wind)s") % {"wind": wind_name(str(req["round"]))},
        _("Tsumo") if win.tsumo else _("Ron"),
        # The picker's labels (three players draw a replacement tile after a kita too).
        *[str(flag_label(name, len(names) == 3)) for name in FLAG_LABELS if req.get(name)],
    ]
    if req.get("nuki"):
        n = int(str(req["nuki"]))
        situation.append(
            ngettext("%(n)s north set aside (nuki dora)", "%(n)s norths set aside (nuki dora)", n)
            % {"n": n}
        )
    if req.get("honba"):
        situation.append(
            ngettext("%(n)s honba", "%(n)s honba", int(str(req["honba"]))) % {"n": req["honba"]}
        )
    if req.get("sticks"):
        n = int(str(req["sticks"]))
        situation.append(ngettext("%(n)s riichi stick", "%(n)s riichi sticks", n) % {"n": n})
    if win.pao is not None:
        situation.append(_("Responsibility payment (pao): %(name)s") % {"name": names[win.pao]})
    if req.get("ron_order") == 2:
        situation.append(_("Double ron: the other winner sits nearer the discarder"))
    rows: list[Row] = []
    refused = ""
    if result.get("ok"):
        yakuman = bool(rec.yakuman)
        ours_yaku = [(str(y["id"]), int(y["han"])) for y in result["yaku"]]
        rec_yaku = [(y, 13) for y in rec.yakuman] if yakuman else list(rec.yaku)
        payments = result["payments"]
        differs = checked.differences

        def same(prefix: str) -> bool:
            return not any(d.startswith(prefix) for d in differs)

        total = int(payments["total"]) - int(payments["honba"])
        rows = [
            Row(_("Fu"), str(rec.fu), str(result["fu"]), same("fu ")),
            Row(
                _("Han"),
                _("yakuman") if yakuman else str(rec.han),
                _("yakuman") if result["yakuman"] else str(result["han"]),
                same("yaku"),
            ),
            Row(_("Limit"), limit_label(rec.limit), limit_label(result["limit"]), same("limit")),
            Row(
                _("Yaku"),
                _yaku_text(rec_yaku, yakuman),
                _yaku_text(ours_yaku, bool(result["yakuman"])),
                same("yaku"),
            ),
            Row(_("Points"), points_text(rec.points), points_text(total), same("points")),
        ]
        ours = computed_deltas(win, result, checked.hand.dealer, len(rec.deltas))
        for s, name in enumerate(names):
            rows.append(
                Row(
                    _("Score change: %(name)s") % {"name": name},
                    _signed(rec.deltas[s]),
                    _signed(ours[s]),
                    rec.deltas[s] == ours[s],
                )
            )
    else:
        refused = str(result.get("error", {}).get("message", ""))
    return WinView(
        number=number,
        text=win_text(win, names),
        concealed=concealed,
        win_tile=str(req["win"]),
        melds=melds,
        situation=situation,
        dora=_tiles(str(req.get("dora", ""))),
        ura=_tiles(str(req.get("ura", ""))),
        rows=rows,
        agrees=checked.agrees,
        explain=reverse("tutor:explain") + "?" + request_query(req),
        mine=seat is not None and seat == win.who,
        refused=refused,
        anchor=f"win-{number}",
        title=f"{win_text(win, names)} ({round_label(checked.hand)})"[:80],
        result=result,
    )


def _signed(value: int) -> str:
    return ("+" if value > 0 else "") + points_text(value) if value else "0"


def game_view(game: Game, seat: int | None) -> tuple[list[HandView], dict[str, int]]:
    names = [name or "?" for name in game.players]
    checked = iter(check_game(game))
    hands = []
    wins = agree = 0
    for hand in game.hands:
        view = HandView(
            hand,
            round_label(hand),
            "",
            [(names[s], s, hand.scores_before[s], hand.scores_after[s]) for s in range(len(names))],
        )
        for _win in hand.wins:
            wins += 1
            item = next(checked)
            agree += item.agrees
            view.wins.append(_win_view(wins, item, names, seat))
        if hand.wins:
            view.end = " · ".join(w.text for w in view.wins)
            if hand.end == "double_ron":
                view.end = _("Double ron: %(wins)s") % {"wins": view.end}
        else:
            view.end = draw_text(hand, names)
        hands.append(view)
    return hands, {"hands": len(game.hands), "wins": wins, "agree": agree}


def owns(stored: ReviewedGame, learner: Learner | None) -> bool:
    return learner is not None and stored.owner_id == learner.pk


def game_context(
    request: HtmxHttpRequest, stored: ReviewedGame, learner: Learner | None
) -> dict[str, Any]:
    """The game page's context for ``learner`` (the request's, None when it has none)."""
    game = read_record(stored.record)
    hands, summary = game_view(game, stored.seat)
    names = [name or "?" for name in game.players]
    return {
        "stored": stored,
        "game": game,
        "names": list(enumerate(names)),
        "hands": hands,
        "summary": summary,
        "owner": owns(stored, learner),
        "seat": stored.seat,
        # Wins the engine scored (those a collection or a live lesson can ask about).
        "scored_wins": [w for h in hands for w in h.wins if w.rows],
        "my_wins": sum(1 for h in hands for w in h.wins if w.rows and w.mine),
        "is_teacher": bool(learner and learner.is_teacher),
        "share_url": request.build_absolute_uri(
            reverse("tutor:review_game", args=[stored.public_id])
        ),
    }
