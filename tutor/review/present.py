"""What the review pages show: each hand's line, each win's tiles, situation and the two
results side by side. Words come from the catalogue; numbers from the record and the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scorer.engine.notation import Meld, NotationError, parse_hand
from scorer.gamelog import Game, Hand, RecordError, Win, read_record
from scorer.gamelog.check import Checked, check_game, computed_deltas
from scorer.gamelog.model import NO_HANDS
from scorer.gamelog.read import unpack
from scorer.gamelog.vocab import TENHOU_ID
from scorer.http import HtmxHttpRequest
from scorer.numbers import hand_value, points_text
from scorer.vocabulary import FLAG_LABELS, flag_label
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
            listed = pgettext("list separator", ", ").join(names[s] for s in hand.tenpai)
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
    """One line of the comparison: what the record says, what Tenbo computes."""

    label: str
    recorded: str
    computed: str
    same: bool = True


@dataclass
class Change:
    """One player's score change from a win, recorded and computed (one line per player)."""

    name: str
    recorded: str
    computed: str
    same: bool


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
    changes: list[Change] = field(default_factory=list)
    hand_number: int = 0
    who: int = 0
    from_who: int = 0
    tsumo: bool = False
    #: The owner's seat dealt in on this win (a ron from them).
    dealt_in: bool = False
    #: The record's figures (where Tenbo may differ): fu (0: not recorded), han, points.
    recorded: dict[str, Any] = field(default_factory=dict)

    @property
    def quizzable(self) -> bool:
        """Scored, and agreeing with the record: never grade a learner against a figure the
        page itself calls a possible bug (issue 30 item 3)."""
        return bool(self.rows) and self.agrees


@dataclass
class HandView:
    hand: Hand
    label: str
    end: str
    scores: list[tuple[str, int, int, int]]
    wins: list[WinView] = field(default_factory=list)
    replay: str = ""
    #: Each player's score change in this hand: (name, seat, change).
    changes: list[tuple[str, int, int]] = field(default_factory=list)


def _yaku_text(items: list[tuple[str, int]], yakuman: bool) -> str:
    # The list separator of the page's language: 、 in Japanese (no ASCII comma, issue 28).
    separator = pgettext("list separator", ", ")
    if yakuman:
        return separator.join(yaku_label(i) for i, _h in items)
    return separator.join(
        _("%(name)s %(han)s han") % {"name": yaku_label(i), "han": h} for i, h in sorted(items)
    )


def _tiles(text: str) -> list[str]:
    out = []
    for i in range(0, len(text), 2):
        out.append(text[i : i + 2])
    return out


def not_recorded() -> str:
    return _("not recorded")


def win_view(
    number: int, checked: Checked, names: list[str], seat: int | None, public_id: str
) -> WinView:
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
    changes: list[Change] = []
    refused = ""
    yakuman = bool(rec.yakuman)
    if result.get("ok"):
        ours_yaku = [(str(y["id"]), int(y["han"])) for y in result["yaku"]]
        rec_yaku = [(y, 13) for y in rec.yakuman] if yakuman else list(rec.yaku)
        differs = checked.differences

        def same(prefix: str) -> bool:
            return not any(d.startswith(prefix) for d in differs)

        total = hand_value(result["payments"])
        rows = [
            # A limit hand in the tenhou.net/6 JSON names its limit, not its fu (issue 30.6).
            Row(_("Fu"), str(rec.fu) if rec.fu else not_recorded(), str(result["fu"]), same("fu ")),
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
        changes = [
            Change(name, _signed(rec.deltas[s]), _signed(ours[s]), rec.deltas[s] == ours[s])
            for s, name in enumerate(names)
        ]
    else:
        refused = str(result.get("error", {}).get("message", ""))
    explain = reverse("tutor:explain") + "?" + request_query(req)
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
        explain=explain,
        mine=seat is not None and seat == win.who,
        refused=refused,
        anchor=f"win-{number}",
        title=f"{win_text(win, names)} ({round_label(checked.hand)})"[:80],
        result=result,
        changes=changes,
        hand_number=checked.hand.number,
        who=win.who,
        from_who=win.from_who,
        tsumo=win.tsumo,
        dealt_in=seat is not None and not win.tsumo and win.from_who == seat,
        recorded={
            "fu": rec.fu,
            "han": None if yakuman else rec.han,
            "points": rec.points,
            "limit": rec.limit,
            "yakuman": yakuman,
        },
    )


def _signed(value: int) -> str:
    return ("+" if value > 0 else "") + points_text(value) if value else "0"


def game_view(
    game: Game, seat: int | None, public_id: str = ""
) -> tuple[list[HandView], dict[str, int]]:
    """Every hand with its wins; ``seat`` is the viewer's own (the owner's choice, for the
    owner only)."""
    names = [name or "?" for name in game.players]
    checked = iter(check_game(game))
    hands = []
    wins = agree = 0
    for index, hand in enumerate(game.hands):
        view = HandView(
            hand,
            round_label(hand),
            "",
            [(names[s], s, hand.scores_before[s], hand.scores_after[s]) for s in range(len(names))],
            replay=(
                reverse("tutor:review_replay", args=[public_id, index + 1])
                if public_id and hand.events
                else ""
            ),
            changes=[
                (names[s], s, hand.scores_after[s] - hand.scores_before[s])
                for s in range(len(names))
            ],
        )
        for _win in hand.wins:
            wins += 1
            item = next(checked)
            agree += item.agrees
            view.wins.append(win_view(wins, item, names, seat, public_id))
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


# ----------------------------------------------------------------------------- the game's facts
def room_label(platform: str, room: str) -> str:
    """The room a game was played in, by the name its players know it by."""
    rooms = {
        "ippan": _("General room"),
        "joukyuu": _("Upper room"),
        "tokujou": _("Expert room"),
        "houou": _("Phoenix room"),
        "bronze": _("Bronze Room"),
        "silver": _("Silver Room"),
        "gold": _("Gold Room"),
        "jade": _("Jade Room"),
        "throne": _("Throne Room"),
        "casual": _("Casual match"),
        "friendly": _("Friendly match"),
        "tournament": _("Tournament"),
    }
    return rooms.get(room, "")


def platform_label(platform: str) -> str:
    return _("Mahjong Soul") if platform == "mahjongsoul" else _("Tenhou")


def rules_labels(meta: dict[str, Any]) -> list[str]:
    """The game's rules in a few words: length, players, red fives, open tanyao, speed."""
    out = [_("South game (hanchan)") if meta.get("hanchan") else _("East game (tonpuusen)")]
    if meta.get("players") == 3:
        out.append(_("three players"))
    out.append(_("with red fives") if meta.get("red_fives", True) else _("no red fives"))
    if not meta.get("open_tanyao", True):
        out.append(_("no open tanyao"))
    if meta.get("fast"):
        out.append(_("fast"))
    return out


def played_text(played: str) -> str:
    """When the game was played, as precise as the record says."""
    if not played:
        return ""
    try:
        when = datetime.fromisoformat(played)
    except ValueError:
        return ""
    if "T" not in played:
        return when.strftime("%Y-%m-%d")
    text = when.strftime("%Y-%m-%d %H:%M")
    if when.utcoffset() == timedelta(hours=9):
        return _("%(when)s (Japan time)") % {"when": text}
    if when.utcoffset() == timedelta(0):
        return _("%(when)s (UTC)") % {"when": text}
    return text


@dataclass
class Facts:
    """What tells this game apart: when, where, under which rules, and a link to it."""

    played: str
    platform: str
    room: str
    rules: list[str]
    link: str
    log_id: str

    @property
    def heading(self) -> str:
        """A short title: "2010-08-17 · Phoenix room" (or whatever of it is known)."""
        parts = [self.played.split(" ")[0] if self.played else "", self.room or self.platform]
        return " · ".join(p for p in parts if p)


def facts_of(stored: ReviewedGame, seat: int | None) -> Facts:
    meta = stored.meta or {}
    platform = str(meta.get("platform", ""))
    link = ""
    if platform == "tenhou" and TENHOU_ID.match(stored.log_id):
        link = f"https://tenhou.net/0/?log={stored.log_id}&tw={seat or 0}"
    return Facts(
        played=played_text(str(meta.get("played", ""))),
        platform=platform_label(platform) if platform else "",
        room=room_label(platform, str(meta.get("room", ""))),
        rules=rules_labels(meta) if meta else [],
        link=link,
        log_id=stored.log_id,
    )


@dataclass
class Standing:
    place: int
    name: str
    seat: int
    score: int
    points: str  # the recorded +/- (uma and oka), "" when the record gives none
    mine: bool


def standings(game: Game, seat: int | None) -> list[Standing]:
    """The final standings: place, final score and the +/- the record gives (Tenhou's owari,
    the JSON's sc; uma and oka included). Ties go to the player nearer the first dealer, as
    Tenhou and Mahjong Soul rank them."""
    names = [name or "?" for name in game.players]
    players = len(names)
    if game.final_scores is not None:
        scores = list(game.final_scores)
    elif game.hands:
        scores = list(game.hands[-1].scores_after)
    else:
        return []
    first_dealer = game.hands[0].dealer if game.hands else 0
    order = sorted(range(players), key=lambda s: (-scores[s], (s - first_dealer) % players))
    out = []
    for place, s in enumerate(order, start=1):
        plus = game.final_points[s] if game.final_points is not None else None
        out.append(
            Standing(
                place, names[s], s, scores[s], _plus_text(plus), seat is not None and s == seat
            )
        )
    return out


def _plus_text(value: float | None) -> str:
    if value is None:
        return ""
    text = f"{value:+.1f}"
    return text.replace("+0.0", "0.0").replace("-0.0", "0.0")


def quiz_order(hands: list[HandView], seat: int | None) -> list[WinView]:
    """The wins a learner is quizzed on, in order: with a seat chosen, that player's wins, then
    their deal-ins, then the rest; without, in play order. Only wins that agree with the record
    (WinView.quizzable)."""
    wins = [w for h in hands for w in h.wins if w.quizzable]
    if seat is None:
        return wins
    return sorted(wins, key=lambda w: (0 if w.who == seat else 1 if w.dealt_in else 2, w.number))


def game_context(
    request: HtmxHttpRequest, stored: ReviewedGame, learner: Learner | None
) -> dict[str, Any]:
    """The game page's context for ``learner`` (the request's, None when it has none). The
    owner's seat is the viewer's own only for the owner (issue 30 item 4)."""
    game = read_record(stored.record)
    owner = owns(stored, learner)
    seat = stored.seat if owner else None
    hands, summary = game_view(game, seat, stored.public_id)
    names = [name or "?" for name in game.players]
    scored = [w for h in hands for w in h.wins if w.rows]
    order = quiz_order(hands, seat)
    return {
        "stored": stored,
        "game": game,
        "names": list(enumerate(names)),
        "hands": hands,
        "summary": summary,
        "owner": owner,
        "seat": seat,
        "facts": facts_of(stored, seat),
        "standings": standings(game, seat),
        # Wins a collection or a live lesson may take: scored, and agreeing with the record.
        "scored_wins": [w for w in scored if w.agrees],
        "left_out": [w for w in scored if not w.agrees],
        "my_wins": sum(1 for w in scored if w.agrees and w.mine),
        "quiz_order": order,
        "is_teacher": bool(learner and learner.is_teacher),
        "share_url": request.build_absolute_uri(
            reverse("tutor:review_game", args=[stored.public_id])
        ),
    }
