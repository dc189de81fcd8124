"""Acceptance 3: the engine's quick-reference tables equal seed 000's, cell for cell."""

from __future__ import annotations

import pytest

from scorer.engine.tables import FU_COLUMNS, cell, limit_table, myriad, table
from tests.engine.seed_tables import seed_tables

DEALER, NON_DEALER = seed_tables()


def test_the_seed_tables_were_read():
    # 4 rows of 11 columns plus 5 limit rows (each limit row spans the 11 columns).
    assert len(DEALER) == len(NON_DEALER) == 9 * 11


@pytest.mark.parametrize("dealer", [True, False], ids=["dealer", "non-dealer"])
def test_fu_han_rows_match_the_seed(dealer):
    seed = DEALER if dealer else NON_DEALER
    for han, row in zip((1, 2, 3, 4), table(dealer), strict=True):
        for fu, generated in zip(FU_COLUMNS, row, strict=True):
            expected = seed[(str(han), fu)]
            if expected == ("-",):
                assert not generated.exists, (han, fu)
                continue
            limit, ron, first, second = expected
            assert generated.limit == limit, (han, fu)
            assert generated.ron == ron, (han, fu)
            if dealer:
                assert generated.tsumo_others == first, (han, fu)
            else:
                assert (generated.tsumo_others, generated.tsumo_dealer) == (first, second)


@pytest.mark.parametrize("dealer", [True, False], ids=["dealer", "non-dealer"])
def test_limit_rows_match_the_seed(dealer):
    seed = DEALER if dealer else NON_DEALER
    labels = {
        "mangan": "5",
        "haneman": "6-7",
        "baiman": "8-10",
        "sanbaiman": "11-12",
        "kazoe_yakuman": "13-",
    }
    for name, _low, _high, generated in limit_table(dealer):
        limit, ron, first, second = seed[(labels[name], 30)]
        assert (generated.limit, generated.ron) == (limit, ron)
        if dealer:
            assert generated.tsumo_others == first
        else:
            assert (generated.tsumo_others, generated.tsumo_dealer) == (first, second)


def test_kiriage_cells_are_marked():
    from scorer.engine.rules import PRESETS

    assert cell(30, 4, False).ron == 7700
    kiriage = cell(30, 4, False, PRESETS["mleague"])
    assert (kiriage.ron, kiriage.kiriage) == (8000, True)
    assert cell(60, 3, True, PRESETS["mleague"]).ron == 12000


def test_twenty_fu_ron_and_one_han_cells_do_not_occur():
    assert not cell(20, 2, False).ron_exists
    assert not cell(20, 1, False).exists
    assert not cell(25, 1, True).exists


def test_myriad_units():
    assert myriad(48_318_382_100) == "483億1838万2100"
    assert myriad(10_000) == "1万"
    assert myriad(4_323_455_642_275_676_400).startswith("432京")
