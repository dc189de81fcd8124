"""Scoring: value every reading of a hand, keep the best (高点法), explain it step by step."""

from __future__ import annotations

from typing import Any, Final

from .fu import FuItem, count_fu
from .hand import Reading, readings
from .points import AOTENJOU_FIXED_BASE, PAO_YAKUMAN, Payments, limit_for, pay, pay_pao
from .request import EngineError, Request
from .tiles import CODES, FIVES, KIND, NORTH, TileCode, dora_after
from .yaku import IMPLIED, Ctx, YakuDef, hand_facts, rows_for

# Per-reading records are slotted classes, not NamedTuples: several are made for every reading
# of every hand and a slotted class is cheaper to make (far cheaper when compiled). Read-only.


class YakuHit:
    """A yaku (or dora count) that scores: id, han, the tiles it is about, the reason key."""

    __slots__ = ("han", "id", "reason", "tiles")

    def __init__(self, id: str, han: int, tiles: tuple[TileCode, ...] = (), reason: str = ""):
        self.id = id
        self.han = han
        self.tiles = tiles
        self.reason = reason

    def __repr__(self) -> str:
        return f"YakuHit({self.id!r}, {self.han}, {self.tiles!r}, {self.reason!r})"


class DoraCount:
    """Dora found for one indicator (``dora``/``ura_dora``) or the red fives (``aka_dora``)."""

    __slots__ = ("dora", "id", "indicator", "number", "tiles")

    def __init__(
        self,
        id: str,
        number: int,
        tiles: tuple[TileCode, ...],
        indicator: TileCode | None = None,
        dora: TileCode | None = None,
    ) -> None:
        self.id = id
        self.number = number
        self.tiles = tiles
        self.indicator = indicator
        self.dora = dora

    def __repr__(self) -> str:
        return f"DoraCount({self.id!r}, {self.number}, {self.tiles!r}, {self.indicator!r})"


class Candidate:
    """One reading fully valued. ``yaku`` excludes dora; ``han`` includes them."""

    __slots__ = (
        "base",
        "ctx",
        "dora_han",
        "fu",
        "fu_items",
        "fu_raw",
        "han",
        "limit",
        "payments",
        "policy",
        "reading",
        "yaku",
        "yakuman",
    )

    def __init__(
        self,
        reading: Reading,
        yaku: tuple[YakuHit, ...],
        yakuman: int,
        han: int,
        fu_items: tuple[FuItem, ...],
        fu_raw: int,
        fu: int,
        limit: str | None,
        base: int,
        payments: Payments,
        dora_han: int,
        policy: str = "",
        ctx: Ctx | None = None,
    ) -> None:
        self.reading = reading
        self.yaku = yaku
        self.yakuman = yakuman
        self.han = han
        self.fu_items = fu_items
        self.fu_raw = fu_raw
        self.fu = fu
        self.limit = limit
        self.base = base
        self.payments = payments
        self.dora_han = dora_han
        self.policy = policy
        #: The facts the yaku judges used for this reading, kept for the "why not" steps.
        self.ctx = ctx

    def __repr__(self) -> str:
        ids = [h.id for h in self.yaku]
        return f"Candidate({self.han} han {self.fu} fu, {ids}, {self.payments.total})"

    @property
    def no_yaku(self) -> bool:
        return not self.yaku

    def key(self) -> tuple[bool, int, int, int, int]:
        """Best first: a hand with yaku, then points, then han, then fu (RULES.md §2).

        On equal points a true yakuman outranks a counted one (a 13+ han kazoe reading of the
        same tiles), as Tenhou reports it.
        """
        return (not self.no_yaku, self.payments.total, self.yakuman, self.han, self.fu)


class Result:
    """The scored hand: the best candidate, the other readings and the dora found.

    Read-only: ``request``, ``best``, ``others`` and ``dora`` are ``Final``; only the memo of
    the explanation and of the hand's notation fill in on first use. Equality, hashing and
    ``repr`` are those of the frozen dataclass it used to be (a hand-written class because
    mypyc compiles its constructor natively)."""

    __slots__ = ("_hand", "_steps", "best", "dora", "others", "request")

    request: Final[Request]
    best: Final[Candidate]
    others: Final[tuple[Candidate, ...]]
    dora: Final[tuple[DoraCount, ...]]
    #: The explanation once built (see :attr:`steps`).
    _steps: list[dict[str, object]] | None
    #: The hand's canonical notation once written (see :attr:`hand_text`).
    _hand: str

    def __init__(
        self,
        request: Request,
        best: Candidate,
        others: tuple[Candidate, ...],
        dora: tuple[DoraCount, ...] = (),
    ) -> None:
        self.request = request
        self.best = best
        self.others = others
        self.dora = dora
        self._steps = None
        self._hand = ""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Result)
        return (self.request, self.best, self.others, self.dora) == (
            other.request,
            other.best,
            other.others,
            other.dora,
        )

    def __hash__(self) -> int:
        return hash((self.request, self.best, self.others, self.dora))

    def __repr__(self) -> str:
        return (
            f"Result(request={self.request!r}, best={self.best!r}, others={self.others!r}, "
            f"dora={self.dora!r})"
        )

    @property
    def yaku_list(self) -> list[YakuHit]:
        """Scoring yaku in table order, then dora, ura dora, red fives and nuki dora (when any)."""
        hits = list(self.best.yaku)
        if self.best.yakuman and self.best.policy != "13han":
            return hits
        for dora_id, count in self._dora_totals():
            found = [t for d in self.dora if d.id == dora_id for t in d.tiles]
            hits.append(YakuHit(dora_id, count, tuple(found)))
        return hits

    def _dora_totals(self) -> list[tuple[str, int]]:
        """(id, han) of each kind of dora that counts, in the order dora, ura dora, red fives,
        nuki dora: one pass, as :func:`count_dora` lists them in that order."""
        totals: list[tuple[str, int]] = []
        current = ""
        rank = -1
        count = 0
        for found in self.dora:
            if found.id != current:
                if count:
                    totals.append((current, count))
                current = found.id
                count = 0
                next_rank = _DORA_RANK[current]
                if next_rank < rank:  # pragma: no cover - a Result made by hand, out of order
                    return self._dora_totals_merged()
                rank = next_rank
            count += found.number
        if count:
            totals.append((current, count))
        return totals

    def _dora_totals_merged(self) -> list[tuple[str, int]]:  # pragma: no cover
        merged = dict.fromkeys(_DORA_RANK, 0)
        for found in self.dora:
            merged[found.id] += found.number
        return [(dora_id, n) for dora_id, n in merged.items() if n]

    @property
    def hand_text(self) -> str:
        """The hand in canonical Extended MPSZ, written once for the result and its steps."""
        if not self._hand:
            self._hand = self.request.hand.notation()
        return self._hand

    @property
    def steps(self) -> list[dict[str, object]]:
        """The ordered explanation of this result, built on first use and kept.

        (A plain attribute rather than ``cached_property``, which mypyc would compile into a
        property that rebuilds the explanation on every access.)"""
        if self._steps is None:
            from .trace import build_steps

            self._steps = build_steps(self)
        assert self._steps is not None
        return self._steps

    def as_dict(self, steps: bool = True) -> dict[str, Any]:
        """The API.md result; ``steps=False`` leaves out the explanation (no ``steps`` key)."""
        best = self.best
        yaku: list[dict[str, object]] = [{"id": y.id, "han": y.han} for y in best.yaku]
        if not best.yakuman or best.policy == "13han":
            for dora_id, count in self._dora_totals():
                yaku.append({"id": dora_id, "han": count})
        out: dict[str, Any] = {
            "ok": True,
            "hand": self.hand_text,
            "win": self.request.win,
            "han": best.han,
            "fu": best.fu,
            "yakuman": best.yakuman,
            "limit": best.limit,
            "yaku": yaku,
            "fu_items": [{"id": i.id, "fu": i.fu, "tiles": list(i.tiles)} for i in best.fu_items],
            "payments": best.payments.as_dict(),
            "rules": self.request.rules.name,
        }
        if steps:
            out["steps"] = self.steps
        return out


#: Memo of :func:`rows_for` by the hand's facts (a dict lookup is cheaper than its
#: ``lru_cache``); emptied by ``api.clear_caches`` and at 16384 entries.
_ROWS: Final[dict[int, tuple[tuple[YakuDef, ...], tuple[YakuDef, ...]]]] = {}


def clear_memos() -> None:
    """Empty the memo of yaku rows (for benchmarks, see ``api.clear_caches``)."""
    _ROWS.clear()


#: The kinds of dora, in the order results list them.
_DORA_RANK: Final = {"dora": 0, "ura_dora": 1, "aka_dora": 2, "nuki_dora": 3}
#: The kind each indicator code points to.
_DORA_OF: Final = {code: dora_after(kind) for code, kind in KIND.items()}


def count_dora(request: Request) -> tuple[DoraCount, ...]:
    """Dora per indicator, ura dora (only with riichi), red fives (where the rules use them)
    and, three players, the nuki dora: each north set aside is 1 han, and it is also a dora (or
    ura dora) for each indicator pointing at north."""
    tiles = request.all_tiles
    counts = request.counts
    found: list[DoraCount] = []
    ura_counts = request.riichi or request.double_riichi
    sanma = request.rules.sanma
    nuki = request.nuki
    for dora_id, indicators in (("dora", request.dora), ("ura_dora", request.ura)):
        if dora_id == "ura_dora" and not ura_counts:
            continue
        for indicator in indicators:
            target = _DORA_OF[indicator]
            if sanma and target == 1:  # no 2m with three players: 1m points to 9m
                target = 8
            number = counts[target]
            if target == NORTH:  # the norths set aside count too
                number += nuki
            if not number:
                matched: tuple[TileCode, ...] = ()
            elif target in FIVES:  # a red five among them keeps its own code
                matched = tuple(t for t in tiles if KIND[t] == target)
            else:
                matched = (CODES[target],) * number
            found.append(DoraCount(dora_id, number, matched, indicator, CODES[target]))
    if request.rules.red_fives:
        if "0m" in tiles or "0p" in tiles or "0s" in tiles:
            reds = tuple(t for t in tiles if t[0] == "0")
        else:
            reds = ()
        found.append(DoraCount("aka_dora", len(reds), reds))
    if nuki:
        found.append(DoraCount("nuki_dora", nuki, ("4z",) * nuki))
    return tuple(found)


def _ordinary(ctx: Ctx, rows: tuple[YakuDef, ...]) -> list[YakuHit]:
    """The ordinary yaku of ``rows`` that hold for this reading, with their han."""
    closed = ctx.closed
    hits = []
    for y in rows:
        holds, reason, tiles = y.judge(ctx)
        if not holds:
            continue
        han = y.closed_han if closed else y.open_han
        if y.id == "chiitoitsu":
            han = 1 if ctx.request.rules.chiitoitsu_fu == 50 else 2
        if han:
            hits.append(YakuHit(y.id, han, tiles, reason))
    return hits


def _yakuman(ctx: Ctx, rows: tuple[YakuDef, ...]) -> list[YakuHit]:
    rules = ctx.request.rules
    hits = []
    for y in rows:
        holds, reason, tiles = y.judge(ctx)
        if holds:
            hits.append(
                YakuHit(y.id, 26 if y.double and rules.double_yakuman else 13, tiles, reason)
            )
    if len(hits) > 1 and not rules.yakuman_stacking:
        hits = [max(hits, key=lambda h: h.han)]
    return hits


def _candidate(
    request: Request,
    reading: Reading,
    fu: tuple[tuple[FuItem, ...], int, int],
    yaku: list[YakuHit],
    yakuman: int,
    han: int,
    limit: str | None,
    base: int,
    dora_han: int,
    policy: str = "",
    ctx: Ctx | None = None,
) -> Candidate:
    second = request.ron_order != 1  # a double ron's far winner: no honba, no sticks
    payments = pay(
        base,
        dealer=request.is_dealer,
        tsumo=request.tsumo,
        honba=0 if second else request.honba,
        sticks=0 if second else request.sticks,
        rules=request.rules,
        winner=request.seat,
        wareme=request.wareme,
        discarder=request.discarder,
    )
    if request.pao is not None and any(hit.id in PAO_YAKUMAN for hit in yaku):
        payments = pay_pao(
            payments,
            tsumo=request.tsumo,
            dealer=request.is_dealer,
            pao_dealt_in=request.discarder == request.pao,
        )
    items, raw, rounded = fu
    return Candidate(
        reading,
        tuple(yaku),
        yakuman,
        han,
        items,
        raw,
        rounded,
        limit,
        base,
        payments,
        dora_han,
        policy,
        ctx,
    )


def evaluate(
    request: Request,
    reading: Reading,
    dora_han: int,
    rows: tuple[tuple[YakuDef, ...], tuple[YakuDef, ...]] | None = None,
    facts: int = -1,
) -> Candidate:
    """Value one reading: yaku, fu, han, limit, base points and payments.

    ``facts``: the hand's :func:`hand_facts` when the caller has them; ``rows``: the
    (ordinary, yakuman) rows worth judging, from :func:`rows_for`; by default those the hand's
    facts allow.
    """
    if facts < 0:
        facts = hand_facts(request)
    ctx = Ctx(request, reading, False, facts)
    rules = request.rules
    ordinary_rows, yakuman_rows = rows or rows_for(facts)
    ordinary = _ordinary(ctx, ordinary_rows)
    pinfu = False
    for hit in ordinary:
        if hit.id == "pinfu":
            pinfu = True
            break
    items, raw, fu = count_fu(request, reading, pinfu)
    counted = (tuple(items), raw, fu)
    yakuman_hits = _yakuman(ctx, yakuman_rows) if yakuman_rows else []
    if not yakuman_hits:
        yaku_han = sum(h.han for h in ordinary)
        if not yaku_han:
            return _candidate(request, reading, counted, ordinary, 0, 0, None, 0, dora_han, "", ctx)
        han = yaku_han + dora_han
        limit, base = limit_for(han, fu, rules)
        return _candidate(
            request, reading, counted, ordinary, 0, han, limit, base, dora_han, "", ctx
        )
    multiples = sum(h.han for h in yakuman_hits) // 13
    # Outside aotenjou a yakuman is 8000 base points per multiple; aotenjou's "fixed" policy
    # pays its own fixed amount.
    fixed = _candidate(
        request,
        reading,
        counted,
        yakuman_hits,
        multiples,
        13 * multiples,
        "yakuman",
        (AOTENJOU_FIXED_BASE if rules.aotenjou else 8000) * multiples,
        dora_han,
        "fixed" if rules.aotenjou else "",
    )
    if not rules.aotenjou:
        return fixed
    implied = set().union(*(IMPLIED.get(h.id, frozenset()) for h in yakuman_hits))
    extra = [h for h in ordinary if h.id not in implied]
    han = 13 * multiples + sum(h.han for h in extra) + dora_han
    as_han = _candidate(
        request,
        reading,
        counted,
        yakuman_hits + extra,
        multiples,
        han,
        None,
        limit_for(han, fu, rules)[1],
        dora_han,
        "13han",
    )
    if rules.aotenjou_yakuman == "fixed":
        return fixed
    if rules.aotenjou_yakuman == "13han":
        return as_han
    return max((fixed, as_han), key=lambda c: c.payments.total)


def score(request: Request) -> Result:
    """Score a validated request: every reading valued, the best kept.

    Raises :class:`EngineError` with ``not_winning`` when the tiles are not a complete hand and
    ``no_yaku`` when no reading has a yaku (dora alone never make a win).
    """
    options = readings(request)
    if not options:
        raise EngineError(
            "not_winning",
            "these tiles are not a complete hand: it needs four sets and a pair, "
            "seven pairs, or the thirteen orphans",
            "hand",
        )
    dora = count_dora(request)
    dora_han = sum(d.number for d in dora)
    facts = hand_facts(request)
    rows = _ROWS.get(facts)
    if rows is None:
        rows = rows_for(facts)
        if len(_ROWS) >= 16384:
            _ROWS.clear()
        _ROWS[facts] = rows
    candidates = [evaluate(request, reading, dora_han, rows, facts) for reading in options]
    if len(candidates) > 1:
        candidates.sort(key=Candidate.key, reverse=True)
    best = candidates[0]
    if best.no_yaku:
        raise EngineError(
            "no_yaku",
            "the hand is complete but has no yaku; dora alone do not make a winning hand",
            "hand",
        )
    if request.pao is not None and not any(hit.id in PAO_YAKUMAN for hit in best.yaku):
        raise EngineError(
            "invalid_situation",
            "a responsibility payment (pao) needs big three dragons or big four winds",
            "pao",
        )
    return Result(request, best, tuple(candidates[1:]), dora)
