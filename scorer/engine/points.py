"""Limits, base points and payments (RULES.md §4-§6), exact at any size."""

from __future__ import annotations

from typing import Final

from .rules import Rules

#: Base points of each limit, and the yakuman base (per multiple).
LIMIT_BASE: Final = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "kazoe_yakuman": 8000,
    "yakuman": 8000,
}
#: Aotenjou's fixed yakuman: 10,000,000 for a non-dealer = 4 x 2,500,000.
AOTENJOU_FIXED_BASE: Final = 2_500_000


def ceil100(points: int) -> int:
    return -(-points // 100) * 100


def base_points(fu: int, han: int) -> int:
    """fu x 2^(han+2); the +2 is bazoro, always included."""
    return fu << (han + 2)


def limit_for(han: int, fu: int, rules: Rules) -> tuple[str | None, int]:
    """The limit name (or None) and the base points of an ordinary hand."""
    raw = base_points(fu, han)
    if rules.aotenjou:
        return None, raw
    if han >= 13:
        return ("kazoe_yakuman", 8000) if rules.kazoe else ("sanbaiman", 6000)
    if han >= 11 or (han >= 10 and rules.sanbaiman_from_10):
        return "sanbaiman", 6000
    if han >= 8:
        return "baiman", 4000
    if han >= 6:
        return "haneman", 3000
    if han >= 5 or raw >= 2000 or (rules.kiriage and raw >= 1920):
        return "mangan", 2000
    return None, raw


class Payments:
    """What each payer pays (honba included), the total and the extras. API.md field names.

    Like the engine's other per-reading records, a plain class with slots: it is made for every
    reading of every hand, and that is several times cheaper than a NamedTuple (and much
    cheaper still when compiled). Treat it as read-only."""

    __slots__ = (
        "honba",
        "pao",
        "ron",
        "sticks",
        "total",
        "tsumo_dealer",
        "tsumo_others",
        "wareme_extra",
    )

    def __init__(
        self,
        ron: int | None,
        tsumo_dealer: int | None,
        tsumo_others: int | None,
        total: int,
        honba: int,
        sticks: int,
        wareme_extra: int = 0,
        pao: int | None = None,
    ) -> None:
        self.ron = ron
        self.tsumo_dealer = tsumo_dealer
        self.tsumo_others = tsumo_others
        self.total = total
        self.honba = honba
        self.sticks = sticks
        self.wareme_extra = wareme_extra
        #: What the player responsible (pao) pays; None when no one is.
        self.pao = pao

    def __repr__(self) -> str:
        return f"Payments({self.as_dict()})"

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "ron": self.ron,
            "tsumo_dealer": self.tsumo_dealer,
            "tsumo_others": self.tsumo_others,
            "total": self.total,
            "honba": self.honba,
            "sticks": self.sticks,
            "wareme_extra": self.wareme_extra,
        }
        if self.pao is not None:
            out["pao"] = self.pao
        return out


def raw_payments(base: int, dealer: bool, tsumo: bool) -> list[tuple[str, int, int, int]]:
    """Per kind of payer: (payer, multiplier, unrounded, rounded), before honba."""
    if not tsumo:
        mult = 6 if dealer else 4
        return [("discarder", mult, base * mult, ceil100(base * mult))]
    if dealer:
        return [("each", 2, base * 2, ceil100(base * 2))]
    return [
        ("dealer", 2, base * 2, ceil100(base * 2)),
        ("non_dealer", 1, base, ceil100(base)),
    ]


def sanma_tsumo_rows(base: int, dealer: bool, mode: str) -> list[tuple[str, object, int, int]]:
    """Three players, a tsumo: per payer (payer, multiplier of base, unrounded, rounded).

    "loss" (ツモ損): the payers pay as in four-player mahjong and the absent north's share is
    lost to the winner. "split": half the absent player's share (b, or 2b after a dealer's
    tsumo) is added to each payer before rounding. "dealer": on a non-dealer's tsumo the dealer
    pays it on top; on the dealer's own tsumo it is split."""
    if mode == "loss":
        if dealer:
            return [("each", 2, base * 2, ceil100(base * 2))]
        return [
            ("dealer", 2, base * 2, ceil100(base * 2)),
            ("non_dealer", 1, base, ceil100(base)),
        ]
    if dealer:
        return [("each", 3, base * 3, ceil100(base * 3))]
    if mode == "dealer":
        return [
            ("dealer", 3, base * 3, ceil100(base * 3)),
            ("non_dealer", 1, base, ceil100(base)),
        ]
    # base is fu x 2^(han+2) or a limit: always even, so the halves are whole points.
    return [
        ("dealer", 2.5, base * 5 // 2, ceil100(base * 5 // 2)),
        ("non_dealer", 1.5, base * 3 // 2, ceil100(base * 3 // 2)),
    ]


def pay_sanma(
    base: int, *, dealer: bool, tsumo: bool, honba: int, sticks: int, rules: Rules
) -> Payments:
    """Three players: a ron as with four; a tsumo by ``rules.sanma_tsumo``. Honba: a counter
    is worth ``honba_points / 3`` from each payer (100 of 300), so 200 on a ron too."""
    per = rules.honba_points // 3 * honba
    if not tsumo:
        ron = ceil100(base * (6 if dealer else 4)) + 2 * per
        return Payments(ron, None, None, ron, 2 * per, 1000 * sticks)
    rows = sanma_tsumo_rows(base, dealer, rules.sanma_tsumo)
    if dealer:
        each = rows[0][3] + per
        return Payments(None, None, each, 2 * each, 2 * per, 1000 * sticks)
    from_dealer = rows[0][3] + per
    other = rows[1][3] + per
    return Payments(None, from_dealer, other, from_dealer + other, 2 * per, 1000 * sticks)


def pay(
    base: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    rules: Rules,
    winner: int,
    wareme: int | None = None,
    discarder: int | None = None,
) -> Payments:
    """Payments for a hand of ``base`` points: round each payment, add honba, then wareme
    (three players: :func:`pay_sanma`)."""
    if rules.players == 3:
        return pay_sanma(base, dealer=dealer, tsumo=tsumo, honba=honba, sticks=sticks, rules=rules)
    per_honba = rules.honba_points
    if wareme is None or not rules.wareme:  # nothing doubles: the usual case, worked out directly
        if not tsumo:
            ron = ceil100(base * (6 if dealer else 4)) + per_honba * honba
            return Payments(ron, None, None, ron, per_honba * honba, 1000 * sticks)
        each = per_honba // 3 * honba
        if dealer:
            other = ceil100(base * 2) + each
            return Payments(None, None, other, 3 * other, per_honba * honba, 1000 * sticks)
        from_dealer = ceil100(base * 2) + each
        other = ceil100(base) + each
        return Payments(
            None, from_dealer, other, from_dealer + 2 * other, per_honba * honba, 1000 * sticks
        )
    rows = {payer: rounded for payer, _m, _r, rounded in raw_payments(base, dealer, tsumo)}
    on = wareme is not None and rules.wareme
    winner_doubles = on and wareme == winner
    if not tsumo:
        ron = rows["discarder"] + per_honba * honba
        if winner_doubles or (on and discarder is not None and discarder == wareme):
            ron *= 2
        return Payments(ron, None, None, ron, per_honba * honba, 1000 * sticks)
    each = per_honba // 3 * honba
    payers = [s for s in (27, 28, 29, 30) if s != winner]
    ordinary_other = (rows["each"] if dealer else rows["non_dealer"]) + each
    amounts = {
        seat: rows["dealer"] + each if seat == 27 and not dealer else ordinary_other
        for seat in payers
    }
    if winner_doubles:
        amounts = {seat: 2 * amount for seat, amount in amounts.items()}
        ordinary_other *= 2
    elif on and wareme in amounts:
        amounts[wareme] *= 2
    # tsumo_others is what an ordinary non-dealer pays; a doubled non-dealer's surplus is extra.
    extra = 0
    if on and not winner_doubles and wareme in amounts and wareme != 27:
        extra = amounts[wareme] - ordinary_other
    return Payments(
        None,
        None if dealer else amounts[27],
        ordinary_other,
        sum(amounts.values()),
        per_honba * honba,
        1000 * sticks,
        extra,
    )


#: The yakuman a responsible player (pao) can owe.
PAO_YAKUMAN: Final = ("daisangen", "daisuushii")


def pay_pao(payments: Payments, *, tsumo: bool, dealer: bool, pao_dealt_in: bool) -> Payments:
    """Tenhou's responsibility payment, on a hand with big three dragons or big four winds.

    A tsumo: the responsible player pays everything (honba included) and the others nothing.
    A ron from another player: the responsible player pays half the hand's value and the
    discarder the other half plus the honba. A ron from the responsible player: an ordinary
    ron (they pay it all as the discarder)."""
    if tsumo:
        return Payments(
            None,
            None if dealer else 0,
            0,
            payments.total,
            payments.honba,
            payments.sticks,
            payments.wareme_extra,
            payments.total,
        )
    if pao_dealt_in or payments.ron is None:
        return payments
    half = (payments.ron - payments.honba) // 2
    return Payments(
        payments.ron - half,
        None,
        None,
        payments.total,
        payments.honba,
        payments.sticks,
        payments.wareme_extra,
        half,
    )
