"""Leitner scheduling with a controllable clock."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from tutor.quiz import srs

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_right_answers_climb_the_boxes_and_wait_longer():
    box, at, gaps = 0, T0, []
    for _ in range(srs.MAX_BOX + 2):
        state = srs.schedule(box, True, at)
        assert state.box == min(box + 1, srs.MAX_BOX)
        gaps.append(state.due - at)
        box = state.box
    assert gaps == sorted(gaps)
    assert gaps[0] < gaps[-1]
    assert box == srs.MAX_BOX


def test_a_miss_goes_back_to_box_zero_and_comes_back_soonest():
    missed = srs.schedule(4, False, T0)
    right = srs.schedule(0, True, T0)
    assert missed.box == 0
    assert missed.due - T0 == srs.MISSED
    assert missed.due < right.due


def test_choose_prefers_due_items_then_unseen_then_soonest():
    rng = random.Random(1)
    states = {
        "a": srs.State(3, T0 + timedelta(days=1)),
        "b": srs.State(0, T0 + timedelta(minutes=1)),
    }
    assert srs.choose(["a", "b", "c"], states, T0, rng) == "c"  # nothing due: unseen first
    later = T0 + timedelta(minutes=2)
    assert srs.choose(["a", "b", "c"], states, later, rng) == "b"  # the missed one is due
    assert srs.choose(["a", "b"], states, T0, rng) == "b"  # all seen, none due: soonest
    with pytest.raises(ValueError, match="no items"):
        srs.choose([], {}, T0, rng)


def test_the_clock_can_be_replaced():
    with srs.use_clock(lambda: T0):
        assert srs.now() == T0
    assert srs.now() != T0


def test_mastery_levels():
    assert srs.mastery(None, 0, None) is None
    assert srs.mastery(3, 4, False) == 0
    assert srs.mastery(3, 4, True) == 3
