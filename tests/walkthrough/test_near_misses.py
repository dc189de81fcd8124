"""The near misses ("Not sanshoku", ...) are one collapsible step (issue 11, item 11): step mode,
the all-steps view and the projector show one step "Yaku this hand does not have, and why"
whose reasons open on demand; every reason is still there, with its tiles lit."""

from __future__ import annotations

import re

import pytest

from scorer.engine import score_request
from tests.conftest import load_examples
from tests.walkthrough.test_walkthrough import explain_url, parse_steps
from tutor.walkthrough.display import page_steps
from tutor.walkthrough.steps import NEAR_MISSES, build

PLAIN = {"hand": "234m567m345p66s78s", "win": "6s", "riichi": True, "seat": "2z"}
EXAMPLES = load_examples()
GROUP = re.compile(r'<section class="step step-group"([^>]*)>(.*?)</section>', re.S)


def absent_ids(request: dict[str, object]) -> list[str]:
    return [str(s["id"]) for s in score_request(request)["steps"] if s["step"] == "yaku_absent"]


def test_a_plain_hand_has_one_step_for_all_its_near_misses():
    walk = build(PLAIN)
    trace = score_request(PLAIN)["steps"]
    absent = absent_ids(PLAIN)
    assert len(absent) >= 8
    kinds = [s.kind for s in walk.steps]
    assert "yaku_absent" not in kinds
    assert kinds.count(NEAR_MISSES) == 1
    # One step instead of many: the trace's steps, less the near misses, plus the group and
    # the rule summary.
    assert len(walk.steps) == len(trace) - len(absent) + 2
    group = walk.steps[kinds.index(NEAR_MISSES)]
    assert group.title == "Yaku this hand does not have, and why"
    assert [c.data["absent"] for c in group.children] == absent
    assert all(c.number == group.number for c in group.children)
    assert f"{len(absent)} common yaku are not in this hand" in group.text
    assert "Sanshoku" in group.text
    # It sits where the near misses were: after the yaku that hold, before the han total.
    assert kinds[kinds.index(NEAR_MISSES) - 1] == "yaku"
    assert kinds[kinds.index(NEAR_MISSES) + 1] == "han_total"


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_no_example_shows_near_misses_one_by_one(example):
    walk = build(example["request"])
    assert all(s.kind != "yaku_absent" for s in walk.steps)
    folded = [c.data["absent"] for s in walk.steps for c in s.children]
    assert folded == absent_ids(example["request"])


@pytest.mark.parametrize("present", [False, True])
def test_step_mode_shows_the_group_collapsed(client, present):
    # Numbered as the page numbers its steps (the fu items are one step there).
    steps = page_steps(build(PLAIN))
    number = next(s.number for s in steps if s.kind == NEAR_MISSES)
    extra = {"step": number, **({"present": 1} if present else {})}
    for headers in ({}, {"HX-Request": "true"}):
        page = client.get(explain_url(PLAIN, **extra), headers=headers).content.decode()
        (attrs, body) = GROUP.search(page).groups()  # type: ignore[union-attr]
        assert f'data-step-number="{number}"' in attrs
        assert f'data-count="{len(absent_ids(PLAIN))}"' in attrs
        assert "Yaku this hand does not have, and why" in body
        details = re.search(r"<details([^>]*)>", body)
        assert details
        assert "open" not in details.group(1)  # expanded on demand only
        assert "<summary>" in body
        inside = parse_steps(body)
        assert [s["data"]["absent"] for s in inside] == absent_ids(PLAIN)
        # Each reason still names and lights its tiles (in its own small hand).
        for shown in inside:
            assert shown["lit"] == len(shown["named"])
        assert f"Step {number} of {len(steps)}" in page
        if present:
            assert 'data-nav="exit"' in page


def test_all_steps_view_groups_them_too(client):
    page = client.get(explain_url(PLAIN, view="all")).content.decode()
    assert len(GROUP.findall(page)) == 1
    _attrs, body = GROUP.search(page).groups()  # type: ignore[union-attr]
    assert len(parse_steps(body)) == len(absent_ids(PLAIN))
    # Element ids stay unique when the reasons share their group's number.
    ids = re.findall(r'\bid="(step-[\w-]+)"', page)
    assert len(ids) == len(set(ids))


def test_a_yakuman_has_no_near_miss_step():
    walk = build({"hand": "555z666z777z12m99p", "win": "3m", "seat": "2z"})
    assert NEAR_MISSES not in [s.kind for s in walk.steps]
