"""The slip oracle (issue 19 item 1): for every drill kind, every rule preset and every slip in
the catalogue, questions drawn over seeds are answered the way a learner who made that slip
would answer them (the slip applied through the engine's payment and fu rules under the
question's rule set), and the feedback must

(a) name the slip applied;
(b) name only slips whose re-worked answer gives every wrong number the learner gave;
(c) say "this is what you get if you ..., or if you ..." (likeliest first) when two or more
    slips give the same numbers, never state each as a fact;

and a right answer never gets a slip, a wrong answer no slip explains gets none (only the
derivation). Bounded in time: a few seeds per kind and preset (hypothesis, no deadline).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import PRESETS
from scorer.engine.yaku import YAKU_BY_ID
from tutor import quiz
from tutor.quiz import feedback
from tutor.quiz.base import RULE_SETS, TABLE_RULE_SETS, Question, Slip
from tutor.quiz.feedback import SLIP_TEXT, SLIP_TOPICS, _case, _pay, reproduces, slips, variants

#: The kinds whose answers are numbers a slip can change, and the presets each is asked under.
SANMA = tuple(p for p in TABLE_RULE_SETS if p not in RULE_SETS)
CASES = [
    *(("table", p) for p in TABLE_RULE_SETS),
    *(("sanma_tsumo", p) for p in SANMA),
    *(
        (kind, p)
        for kind in ("payments", "honba", "estimate", "fu", "fu_items", "yaku")
        for p in RULE_SETS
    ),
]
#: Kinds whose answer is a choice or a pair: no numeric slip, only the plain derivation.
PLAIN_KINDS = ("reverse", "quick", "exact_fu")
ORACLE = settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def right_answers(q: Question) -> dict[str, Any]:
    return {k: (v if isinstance(v, list) else str(v)) for k, v in q.expected.items()}


def named_ids(found: list[Slip]) -> list[str]:
    return [i for s in found for i in s.ids]


def check_question(q: Question, templates: set[str] | None = None) -> set[str]:
    """Every oracle assertion on one question; returns the slips it exercised (and adds the
    sentence templates it said to ``templates``: "kuisagari_forgotten.many" ...)."""
    right = right_answers(q)
    assert slips(q, right) == [], "a right answer never gets a slip"
    case = _case(q)
    if case is not None and q.kind in ("table", "payments", "honba"):
        # The re-working without any slip is the engine's own answer: slips are re-worked by
        # the same rules the engine scores with.
        plain = _pay(case)
        for name in q.expected:
            if name in plain:
                assert plain[name] == q.expected[name], (q.kind, q.rules, name)
    exercised: set[str] = set()
    for variant in variants(q):
        slip, numbers, _params = variant
        base = slip.split(".")[0]
        answers = dict(right)
        for name, value in numbers.items():
            if name in answers:
                answers[name] = str(value)
        given = feedback.given_numbers(q, answers)
        if all(given.get(k) == q.expected.get(k) for k in given):
            continue  # the slip changes no field this question asks
        exercised.add(base)
        if templates is not None:
            templates.add(slip)
        found = [s for s in slips(q, answers) if s.ids]
        ids = named_ids(found)
        assert base in ids, (q.kind, q.rules, q.seed, slip, answers, found)  # (a)
        every = variants(q)
        for named in ids:  # (b)
            assert any(v[0].split(".")[0] == named and reproduces(v, q, given) for v in every), (
                q.kind,
                q.rules,
                q.seed,
                named,
                answers,
            )
        assert len(found) == 1, found
        if len(ids) >= 2:  # (c)
            text = found[0].text
            assert " is what you get if you " in text, text
            assert ", or if you " in text, text
            order = list(SLIP_TOPICS)
            assert ids == sorted(ids, key=order.index), ids
            assert "would be right" not in text
    # A wrong number no slip gives: nothing is named, the derivation says how it is done.
    odd = dict(right)
    for f in q.fields:
        if f.numeric and not f.multiple and f.name in q.expected:
            odd[f.name] = str(int(q.expected[f.name]) + 7)
    assert named_ids(slips(q, odd)) == []
    assert q.derivation
    return exercised


@pytest.mark.parametrize(("kind", "preset"), CASES)
@ORACLE
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_the_slip_oracle(kind: str, preset: str, seed: int) -> None:
    check_question(quiz.make_question(kind, seed, {"rules": preset}))


@pytest.mark.parametrize(("kind", "preset"), [(k, p) for k in PLAIN_KINDS for p in RULE_SETS])
@ORACLE
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_choice_and_pair_drills_name_no_slip(kind: str, preset: str, seed: int) -> None:
    q = quiz.make_question(kind, seed, {"rules": preset})
    assert variants(q) == []
    assert slips(q, right_answers(q)) == []
    wrong = dict.fromkeys(q.expected, "1")
    assert slips(q, wrong) == []
    assert q.derivation


#: Questions chosen so that every slip of the catalogue is exercised at least once.
TARGETED = [
    ("table", {"rules": "mleague", "item": "table:n:tsumo:4:30"}),
    ("table", {"item": "table:n:ron:4:30"}),
    ("table", {"item": "table:n:ron:3:30"}),
    ("table", {"item": "table:d:tsumo:3:30"}),
    ("table", {"rules": "tenhou_sanma", "item": "table.sanma:n:ron:3:30"}),
    ("table", {"rules": "tenhou_sanma", "item": "table.sanma:n:tsumo:3:30"}),
    ("sanma_tsumo", {"item": "sanma_tsumo:split:n:3:30"}),
    ("fu", {"target": "25"}),
    ("fu", {"target": "20"}),
    ("fu", {"wait": "kanchan", "target": "40"}),
    ("fu", {"wait": "shanpon", "target": "50"}),
    ("fu", {"open": "open", "target": "30"}),
    ("fu_items", {"wait": "shanpon", "target": "60"}),
    ("fu_items", {"target": "20"}),
    ("honba", {"win": "tsumo"}),
    ("honba", {"win": "ron"}),
    ("estimate", {"item": "estimate:40+"}),
    ("estimate", {"item": "estimate:30+"}),
    ("yaku", {}),
    ("payments", {}),
    ("payments", {"win": "ron"}),
    ("table", {"item": "table:n:ron:2:25"}),
    ("table", {"rules": "mleague", "item": "table:d:tsumo:4:30"}),
    ("honba", {"rules": "classic", "win": "ron"}),
]


def test_every_slip_in_the_catalogue_is_exercised() -> None:
    seen: set[str] = set()
    templates: set[str] = set()
    for kind, opts in TARGETED:
        for seed in range(12):
            try:
                q = quiz.make_question(kind, seed, opts)
            except quiz.QuizError:
                continue
            seen |= check_question(q, templates)
    for kind, seeds in TEN_HAN.items():
        for seed in seeds:
            seen |= check_question(quiz.make_question(kind, seed, {}), templates)
    for preset in RULE_SETS:
        for seed in range(6):
            seen |= check_question(quiz.make_question("fu", seed, {"rules": preset}), templates)
    unmatched = set(SLIP_TOPICS) - seen - {"wrong_yaku", "missed_yaku", "estimate_off"}
    assert not unmatched, sorted(unmatched)
    # Every sentence template, not only every slip: "… each …" for several yaku, the dealer
    # assumed on a tsumo (issue 28: the kuisagari template had escaped the oracle).
    said = set(SLIP_TEXT) - templates - {"estimate_off"}
    assert not said, sorted(said)


#: Hands of 10 han (a baiman's top): the "10 han taken as sanbaiman" slip; open hands with two
#: yaku worth one han less open (the "each" sentence).
TEN_HAN = {"payments": (69, 118, 31), "honba": (5, 7), "estimate": (1, 16), "yaku": (47, 149)}


@pytest.mark.parametrize("preset", RULE_SETS)
def test_every_preset_exercises_its_slips(preset: str) -> None:
    """Every rule preset, the ones without red fives too: the drills' slips hold under it,
    and a red five is never blamed where the rules have none."""
    seen: set[str] = set()
    for kind, opts in TARGETED:
        if kind == "table" and "item" in opts and opts["item"].startswith("table.sanma"):
            continue
        if kind == "sanma_tsumo":
            continue
        for seed in range(4):
            try:
                q = quiz.make_question(kind, seed, {**opts, "rules": preset})
            except quiz.QuizError:
                continue
            seen |= check_question(q)
    assert {"honba_forgotten", "dealer_forgotten", "dora_forgotten"} <= seen
    if not PRESETS[preset].red_fives:
        assert "red_five_forgotten" not in seen


def _tick_han(q: Question, ticked: set[str]) -> int:
    """The han the learner's ticks give, worked out here from the engine's yaku values (a
    yaku the hand does not have at its value in the yaku table), dora added."""
    result = q.result or {}
    values = {y["id"]: int(y["han"]) for y in result["yaku"]}
    closed = next(s for s in result["steps"] if s["step"] == "hand")["closed"]
    han = sum(v for k, v in values.items() if k in ("dora", "ura_dora", "aka_dora"))
    for y in ticked:
        if y in values:
            han += values[y]
        else:
            d = YAKU_BY_ID[y]
            han += d.closed_han if closed or not d.open_han else d.open_han
    return han


@pytest.mark.parametrize("preset", RULE_SETS)
def test_yaku_han_slips_rework_the_learners_own_ticks(preset: str) -> None:
    """Issue 28 item 1: a han slip is named only when the learner's own ticks, re-worked with
    it, give their number: kuisagari for a yaku they ticked, at its closed value; a han that
    the ticks give as they are (a yaku missed) is blamed on no counting slip."""
    for seed in range(12):
        q = quiz.make_question("yaku", seed, {"rules": preset})
        present = set(q.expected["yaku"])
        offered = {v for f in q.fields if f.name == "yaku" for v, _label in f.choices}
        tick_sets = [present, *(present - {y} for y in present)]
        tick_sets += [present | {y} for y in sorted(offered - present)[:3]]
        for ticked in tick_sets:
            base = _tick_han(q, ticked)
            for han in range(1, q.expected["han"] + 4):
                if han == q.expected["han"]:
                    continue
                answers = {"yaku": sorted(ticked), "han": str(han)}
                for slip in slips(q, answers):
                    if slip.field != "han":
                        continue
                    for named in slip.ids:
                        assert named in (
                            "kuisagari_forgotten",
                            "dora_forgotten",
                            "red_five_forgotten",
                            "indicator_as_dora",
                        ), named
                        if named == "kuisagari_forgotten":
                            assert han > base, (seed, ticked, han, slip.text)
                            assert "would be right" not in slip.text
                            assert "closed value" in slip.text
                        elif named in ("dora_forgotten", "red_five_forgotten"):
                            assert han < base, (seed, ticked, han, slip.text)
                if han == base and ticked != present:
                    # The ticks give this number: the mistake is the yaku, not the counting.
                    assert [s for s in slips(q, answers) if s.field == "han"] == []


def test_open_junchan_is_counted_at_its_closed_value_not_called_a_closed_hand() -> None:
    """/tutor/quiz/yaku/?seed=16: closed, this hand would have more yaku (menzen tsumo):
    "5 han would be right for a closed hand" was false. The sentence says what the learner
    did: counted Junchan at its closed value."""
    q = quiz.make_question("yaku", 16, {})
    assert q.expected == {"yaku": ["haitei", "junchan"], "han": 4}
    found = slips(q, {"yaku": ["haitei", "junchan"], "han": "5"})
    assert [s.id for s in found] == ["kuisagari_forgotten"]
    assert found[0].text == (
        "Counting Junchan at its closed value gives 5 han; the hand is open, so Junchan is "
        "worth one han less (kuisagari)."
    )
    # Junchan not ticked: 5 han does not come from counting it closed.
    assert slips(q, {"yaku": ["haitei"], "han": "5"})[0].id == "missed_yaku"
    assert [s.id for s in slips(q, {"yaku": ["haitei"], "han": "5"})] == ["missed_yaku"]


def test_multiple_choice_distractors_are_the_slips_answers() -> None:
    """Issue 28: the wrong choices come from the slips, not from nearby cells: for 3,900 (a
    non-dealer's ron at 30 fu 3 han) 4,000 (2,000 doubled), 5,800 (the dealer's) and 3,840
    (unrounded)."""
    q = quiz.make_question("table", 1, {"item": "table:n:ron:3:30", "mode": "choice"})
    assert sorted(int(v) for v, _label in q.fields[0].choices) == [3840, 3900, 4000, 5800]


@pytest.mark.parametrize("preset", RULE_SETS)
@pytest.mark.parametrize("kind", ["table", "payments", "fu", "honba", "yaku"])
def test_every_wrong_choice_a_slip_gives_comes_first(kind: str, preset: str) -> None:
    for seed in range(6):
        q = quiz.make_question(kind, seed, {"rules": preset, "mode": "choice"})
        ranked = sorted(variants(q), key=lambda v: list(SLIP_TOPICS).index(v[0].split(".")[0]))
        for f in q.fields:
            if not f.choices or f.multiple or not f.numeric:
                continue
            want = q.expected[f.name]
            offered = [int(v) for v, _label in f.choices]
            assert want in offered
            assert len(set(offered)) == len(offered)
            from_slips: list[int] = []
            for _s, numbers, _p in ranked:
                value = numbers.get(f.name)
                if value and value != want and value not in from_slips:
                    from_slips.append(value)
            # The likeliest slips' answers are all offered (up to three of them).
            assert set(from_slips[:3]) <= set(offered), (kind, preset, seed, f.name)
