"""The yaku table's ``needs``: scoring skips a judge when the hand lacks a needed fact, so every
need must be a true necessary condition. Checked on every reading of thousands of hands with
every situation flag, yakuman included: a yaku that holds must have all its needs."""

from __future__ import annotations

import random
from collections import Counter

from scorer.engine import EngineError, parse_request
from scorer.engine.generate import generate_request, generate_requests
from scorer.engine.hand import readings
from scorer.engine.request import BOOL_FIELDS
from scorer.engine.yaku import ALL_FACTS, YAKU, YAKUMAN, Ctx, fact_names, hand_facts, rows_for
from tests.conftest import load_examples, load_tenhou_cases


def corpus() -> list[dict[str, object]]:
    requests = generate_requests(20261122, 6000)
    requests += generate_requests(7, 2000, red_fives=False)
    requests += [case["request"] for case in load_tenhou_cases()]
    requests += [example["request"] for example in load_examples()]
    # Three players with north as a value tile: the only hands that reach the north_wind row.
    rng = random.Random(20261123)
    north = {"preset": "tenhou_sanma", "north_yakuhai": True}
    requests += [generate_request(rng, rules=north, sanma=True) for _ in range(1500)]
    return requests


def test_every_need_is_a_necessary_condition():
    held: Counter[str] = Counter()
    for data in corpus():
        try:
            request = parse_request(data)
        except EngineError:
            continue
        facts = hand_facts(request)
        assert 0 <= facts <= ALL_FACTS
        for reading in readings(request):
            ctx = Ctx(request, reading)
            for row in (*YAKU, *YAKUMAN):
                holds, _reason, _tiles = row.judge(ctx)
                if holds:
                    held[row.id] += 1
                    missing = fact_names(row.needs & ~facts)
                    assert not missing, (row.id, sorted(missing), data)
    # The corpus reaches every row, a rare yakuman at least ten times, so no check is empty.
    assert min(held[row.id] for row in (*YAKU, *YAKUMAN)) >= 10, held


def test_rows_for_keeps_table_order():
    everything = rows_for(ALL_FACTS)
    assert everything == (YAKU, YAKUMAN)
    assert rows_for(0) == (
        tuple(y for y in YAKU if not y.needs),
        tuple(y for y in YAKUMAN if not y.needs),
    )


def test_needs_read_as_names():
    tanyao = next(y for y in YAKU if y.id == "tanyao")
    assert fact_names(tanyao.needs) == {"simples_only"}
    chuuren = next(y for y in YAKUMAN if y.id == "chuuren")
    assert fact_names(chuuren.needs) == {"no_melds", "one_suit", "no_honours"}


def test_an_ordinary_hand_judges_few_rows():
    request = parse_request({"hand": "234m567p23s44z678s", "win": "4s", "riichi": True})
    ordinary, yakuman = rows_for(hand_facts(request))
    assert {y.id for y in ordinary} == {"riichi", "pinfu", "iipeikou", "ryanpeikou", "sanshoku"}
    assert yakuman == ()


def test_each_situation_flag_is_its_own_fact():
    plain = {"hand": "234m567p23s44z678s", "win": "4s"}
    on: dict[str, dict[str, object]] = {
        "tsumo": {"tsumo": True},
        "riichi": {"riichi": True},
        "double_riichi": {"double_riichi": True},
        "ippatsu": {"riichi": True, "ippatsu": True},
        "haitei": {"tsumo": True, "haitei": True},
        "houtei": {"houtei": True},
        "rinshan": {"hand": "234m567p23s44z(6666s)", "win": "4s", "tsumo": True, "rinshan": True},
        "chankan": {"chankan": True},
        "tenhou": {"tsumo": True, "tenhou": True},
        "chiihou": {"tsumo": True, "chiihou": True, "seat": "2z"},
    }
    assert set(on) == set(BOOL_FIELDS)
    for name, flags in on.items():
        request = parse_request({**plain, **flags})
        set_flags = {flag for flag in BOOL_FIELDS if getattr(request, flag)}
        assert fact_names(hand_facts(request)) & set(BOOL_FIELDS) == set_flags, name
        assert name in set_flags
