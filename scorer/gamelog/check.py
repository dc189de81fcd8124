"""Score every win of a :class:`Game` with the engine and set it beside what Tenhou recorded.

A win agrees when fu (below 5 han and for no yakuman: above that Tenhou's fu does not change
the points), points, limit, yaku (with their han) and every player's score change are the
same. Each difference is named, so that a disagreement is shown, never hidden."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from scorer.engine import score_request

from .model import Game, Hand, Win


@dataclass(frozen=True)
class Checked:
    """One win with the engine's result and the differences from the record (empty: agrees)."""

    hand: Hand
    win: Win
    result: dict[str, Any]
    differences: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return not self.differences


def computed_deltas(win: Win, result: Mapping[str, Any], dealer: int, players: int) -> list[int]:
    """Each seat's score change from the engine's payments (riichi sticks to the winner)."""
    deltas = [0] * players
    payments = result["payments"]
    pao_amount = int(payments.get("pao") or 0)
    if win.pao is not None:
        deltas[win.pao] -= pao_amount
    if win.tsumo:
        for seat in range(players):
            if seat == win.who:
                continue
            if seat == dealer and payments["tsumo_dealer"] is not None:
                deltas[seat] -= int(payments["tsumo_dealer"])
            else:
                deltas[seat] -= int(payments["tsumo_others"] or 0)
    else:
        deltas[win.from_who] -= int(payments["ron"] or 0)
    deltas[win.who] += int(payments["total"]) + int(payments["sticks"])
    return deltas


def _yaku_of(result: Mapping[str, Any], nuki_as_dora: bool = False) -> list[tuple[str, int]]:
    """The result's yaku with their han, sorted; with ``nuki_as_dora`` the nuki dora's han are
    counted under dora, for a record that lists no nuki dora of its own."""
    han: dict[str, int] = {}
    for y in result["yaku"]:
        name = "dora" if nuki_as_dora and y["id"] == "nuki_dora" else y["id"]
        han[name] = han.get(name, 0) + int(y["han"])
    return sorted(han.items())


def differences(hand: Hand, win: Win, result: Mapping[str, Any], players: int) -> list[str]:
    """What the engine's result and the record disagree on, each as a short phrase."""
    rec = win.recorded
    if not result.get("ok"):
        error = result.get("error", {})
        return [f"the engine refused the hand: {error.get('code')}: {error.get('message')}"]
    out = []
    if rec.yakuman:
        ours = sorted(y["id"] for y in result["yaku"])
        if ours != sorted(rec.yakuman):
            out.append(f"yakuman {ours} != recorded {sorted(rec.yakuman)}")
    else:
        # A three-player record may count the norths set aside with the dora: compared so.
        nuki_as_dora = not any(name == "nuki_dora" for name, _han in rec.yaku)
        if _yaku_of(result, nuki_as_dora) != sorted(rec.yaku):
            out.append(f"yaku {_yaku_of(result)} != recorded {sorted(rec.yaku)}")
        # fu 0: the record does not say (the tenhou.net/6 JSON names a limit hand's limit only).
        if result["han"] < 5 and rec.fu and result["fu"] != rec.fu:
            out.append(f"fu {result['fu']} != recorded {rec.fu}")
    if result["limit"] != rec.limit and not (
        rec.limit == "yakuman" and result["limit"] == "kazoe_yakuman"
    ):
        out.append(f"limit {result['limit']} != recorded {rec.limit}")
    payments = result["payments"]
    points = int(payments["total"]) - int(payments["honba"])
    if points != rec.points:
        out.append(f"points {points} != recorded {rec.points}")
    deltas = computed_deltas(win, result, hand.dealer, players)
    if tuple(deltas) != rec.deltas:
        out.append(f"score changes {deltas} != recorded {list(rec.deltas)}")
    return out


def check_game(game: Game, steps: bool = False) -> list[Checked]:
    """Every win of the game, scored and compared, in order."""
    players = game.rules.players
    out = []
    for hand, win in game.wins:
        result = score_request(win.request, steps=steps)
        out.append(Checked(hand, win, result, tuple(differences(hand, win, result, players))))
    return out


def game_report(game: Game) -> dict[str, Any]:
    """The game as JSON: players, rules, every hand with its wins, each win's request, what
    Tenhou recorded, what the engine computed and where they differ; and the totals."""
    checked = iter(check_game(game))
    hands = []
    wins = agree = 0
    for hand in game.hands:
        listed = []
        for win in hand.wins:
            item = next(checked)
            wins += 1
            agree += item.agrees
            listed.append(
                {
                    "who": win.who,
                    "from_who": win.from_who,
                    "tsumo": win.tsumo,
                    "pao": win.pao,
                    "request": win.request,
                    "recorded": asdict(win.recorded),
                    "computed": item.result,
                    "agrees": item.agrees,
                    "differences": list(item.differences),
                }
            )
        # The play in order (deals, events) is for the replay page, not the report.
        entry = {f.name: getattr(hand, f.name) for f in fields(hand)}
        del entry["deals"], entry["events"]
        entry["wins"] = listed
        hands.append(entry)
    return {
        "ok": True,
        "source": game.source,
        "players": list(game.players),
        "rules": asdict(game.rules),
        "final_scores": game.final_scores,
        "final_points": game.final_points,
        "log_id": game.log_id,
        "played": game.played,
        "unfinished": game.unfinished,
        "hands": hands,
        "summary": {"hands": len(game.hands), "wins": wins, "agree": agree},
    }
