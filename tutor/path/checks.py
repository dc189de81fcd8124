"""The questions the path asks: a unit's check on its lesson's worked examples, and the
placement check.

A check question is the quiz's own :class:`~tutor.quiz.base.Question`, of the quiz kind that
drills the same thing (``fu``, ``yaku``, ``payments``, ``honba``) and under that kind's
spaced-repetition item (``fu:40``, ``yaku:4`` ...), built from the engine's result for the
lesson's example: :func:`tutor.quiz.check` scores it, :func:`tutor.quiz.feedback.slips` names
the slip, and :func:`tutor.quiz.progress.record_answer` stores it with the quiz's other answers,
where it feeds spaced repetition and mastery like any drill. Pure functions: the same unit and
number always give the same question.

The placement check asks the quiz's own generated questions (``tutor.quiz.make_question``), two
per unit, with fixed seeds: the same questions for everyone.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext as _

from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, cell
from scorer.engine.yaku import YAKU
from tutor.course.lessons import BY_SLUG as LESSONS
from tutor.course.lessons import score_example
from tutor.path import quizapi as quiz
from tutor.path.quizapi import Field, Question, hand_facts, number_field, steps_text
from tutor.path.units import UNITS, CheckItem, Unit

#: The seeds of the path's own questions start here: the quiz's sets never reach it (a set's
#: seeds are ``set * 1000 + n`` with set below 10**12), so a check answer is never taken for
#: one of a quiz set's.
SEED_BASE: Final = 10**15
#: Placement: two questions per unit (its drills in turn), at these seeds.
PLACEMENT_SEED: Final = SEED_BASE + 500_000
PLACEMENT_PER_UNIT: Final = 2


def check_seed(unit: Unit, n: int) -> int:
    """The seed a check question's answers are stored under (unit and position)."""
    return SEED_BASE + UNITS.index(unit) * 1000 + n


def _preset(request: Mapping[str, Any]) -> str:
    rules = request.get("rules") or "tenhou"
    if isinstance(rules, Mapping):
        return str(rules.get("preset", "tenhou"))
    return str(rules)


@functools.lru_cache(maxsize=64)
def _scored(lesson: str, example: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The example's request and the engine's result (with its steps), once per process."""
    ex = LESSONS[lesson].own_examples[example]
    scored = score_example(ex)
    if not scored.ok:
        raise ValueError(f"lesson {lesson} example {example} does not score")
    return dict(ex.request), scored.result


def _pay_fields(
    request: Mapping[str, Any], result: Mapping[str, Any], opts: Mapping[str, str], rng: Any
) -> tuple[list[Field], dict[str, Any]]:
    """The payment fields the payments drill asks (and, with honba or riichi sticks on the
    table, what the winner collects, as the honba drill asks)."""
    pay = result["payments"]
    dealer = request.get("seat", "1z") == "1z"
    cells = [cell(f, h, dealer) for h in (*HAN_ROWS, 5, 6, 8) for f in FU_COLUMNS]
    counters = bool(request.get("honba") or request.get("sticks"))

    def pool(name: str, amount: int) -> list[int]:
        if counters:
            return [amount + d for d in (-300, -200, -100, 100, 200, 300)]
        values = {"ron": [c.ron for c in cells], "tsumo_others": [c.tsumo_others for c in cells]}
        values["tsumo_dealer"] = [c.tsumo_dealer or 0 for c in cells]
        return [*values[name], amount * 2, amount // 2 // 100 * 100 or 100]

    fields: list[Field] = []
    expected: dict[str, Any] = {}
    if pay["ron"] is not None:
        names = [("ron", _("The discarder pays"))]
    elif dealer:
        names = [("tsumo_others", _("Each other player pays"))]
    else:
        names = [
            ("tsumo_others", _("Each non-dealer pays")),
            ("tsumo_dealer", _("The dealer pays")),
        ]
    for name, label in names:
        amount = int(pay[name])
        fields.append(number_field(name, label, amount, pool(name, amount), opts, rng))
        expected[name] = amount
    if counters:
        collect = int(pay["total"]) + int(pay["sticks"])
        spread = [collect + d for d in (-1000, -300, -200, -100, 100, 200, 300, 1000)]
        label = _("The winner collects in all")
        fields.append(number_field("collect", label, collect, spread, opts, rng))
        expected["collect"] = collect
    return fields, expected


def _yaku_choices(result: Mapping[str, Any], rng: random.Random) -> tuple[list[str], list[Any]]:
    """The yaku present (dora aside) and the choices offered: those and yaku the engine says
    the hand does not have, as the yaku drill offers them."""
    present = sorted(
        {y["id"] for y in result["yaku"] if y["id"] not in ("dora", "aka_dora", "ura_dora")}
    )
    absent = [
        s["id"] for s in result["steps"] if s["step"] == "yaku_absent" and s["id"] != "yakuhai"
    ]
    known = {y.id for y in YAKU}
    pool = sorted({y for y in absent if y in known and y not in present})
    rng.shuffle(pool)
    offered = set(present) | set(pool[: max(3, 8 - len(present))])
    return present, [(y.id, _(y.name)) for y in YAKU if y.id in offered]


def build(
    request: Mapping[str, Any], result: Mapping[str, Any], asks: str, seed: int, mode: str
) -> Question:
    """The question ``asks`` about a scored hand, as the quiz kind that drills it asks it."""
    rules = _preset(request)
    opts = {"mode": mode, "rules": rules}
    rng = random.Random(f"path:{seed}")
    fu, han = int(result["fu"]), int(result["han"])
    dealer = request.get("seat", "1z") == "1z"
    tsumo = bool(request.get("tsumo"))
    facts = hand_facts(request)
    if asks == "fu":
        return Question(
            kind="fu",
            seed=seed,
            key=f"fu:{fu}",
            options=opts,
            prompt=_("How many fu is this hand worth?"),
            fields=[number_field("fu", _("Fu"), fu, quiz.FU_TARGETS, opts, rng)],
            expected={"fu": fu},
            derivation=steps_text(result, ("reading", "wait", "fu", "fu_total")),
            request=dict(request),
            result=dict(result),
            rules=rules,
            facts=facts,
        )
    if asks in ("han", "yaku"):
        fields = [number_field("han", _("Total han (dora included)"), han, range(1, 14), opts, rng)]
        expected: dict[str, Any] = {"han": han}
        prompt = _("How many han does this hand have, dora included?")
        if asks == "yaku":
            present, choices = _yaku_choices(result, rng)
            fields.insert(
                0, Field("yaku", _("Yaku present"), choices=choices, multiple=True, numeric=False)
            )
            expected = {"yaku": present, "han": han}
            prompt = _("Which yaku does this hand have, and how many han in all?")
        return Question(
            kind="yaku",
            seed=seed,
            key=f"yaku:{min(han, 6)}",
            options=opts,
            prompt=prompt,
            fields=fields,
            expected=expected,
            derivation=steps_text(result, ("yaku", "dora", "han_total")),
            request=dict(request),
            result=dict(result),
            rules=rules,
            facts=facts,
        )
    fields, expected = _pay_fields(request, result, opts, rng)
    counters = "collect" in expected
    win = "tsumo" if tsumo else "ron"
    who = "d" if dealer else "n"
    limit = result["limit"] or f"{fu}:{han}"
    kinds = (
        ("payment", "honba", "sticks", "total") if counters else ("limit", "base_points", "payment")
    )
    return Question(
        kind="honba" if counters else "payments",
        seed=seed,
        key=f"honba:{who}:{win}" if counters else f"payments:{who}:{win}:{limit}"[:80],
        options=opts,
        prompt=_("Score this hand: what does each player pay?"),
        fields=fields,
        expected=expected,
        derivation=steps_text(result, ("fu_total", "yaku", "dora", "han_total", *kinds)),
        request=dict(request),
        result=dict(result),
        cell=(dealer, fu, han) if not result["limit"] else None,
        rules=rules,
        facts=facts,
    )


def check_question(unit: Unit, n: int) -> Question:
    """Question ``n`` (from 0) of the unit's check."""
    item: CheckItem = unit.check[n]
    request, result = _scored(unit.lesson, item.example)
    return build(request, result, item.asks, check_seed(unit, n), unit.mode)


def check_questions(unit: Unit) -> list[Question]:
    return [check_question(unit, n) for n in range(len(unit.check))]


def example_answers(unit: Unit, n: int) -> list[tuple[str, str]]:
    """The lesson's own self-check sentences for the example question ``n`` is about (filled in
    from the engine's result): shown with the verdict, as the why."""
    item = unit.check[n]
    scored = score_example(LESSONS[unit.lesson].own_examples[item.example])
    return scored.questions


# -- placement ------------------------------------------------------------------------------------


def placement_plan() -> list[tuple[Unit, int, str, dict[str, str]]]:
    """(unit, seed, kind, options) of every placement question, unit by unit."""
    plan = []
    for u, unit in enumerate(UNITS):
        for i in range(PLACEMENT_PER_UNIT):
            drill = unit.drills[i % len(unit.drills)]
            seed = PLACEMENT_SEED + u * 10 + i
            plan.append((unit, seed, drill.kind, {**drill.options, "mode": "type"}))
    return plan


def placement_question(n: int) -> tuple[Unit, Question]:
    unit, seed, kind, options = placement_plan()[n]
    return unit, quiz.make_question(kind, seed, options)
