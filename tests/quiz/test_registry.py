"""Drills as a registry (issue 32 item 2): each drill is one ``Drill`` registered by its own
module, every entry is complete, nothing outside a drill's module branches on its kind, and a
drill defined in one module alone (here, in this test) is served by the menu, the question and
answer URLs, the checking, the feedback and the progress page."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from django.urls import reverse

from tests.conftest import REPO
from tutor import quiz
from tutor.quiz import feedback, progress, questions, registry
from tutor.quiz.base import (
    Case,
    Drill,
    Field,
    Question,
    Variant,
    number,
    pick,
    preset_rules,
    rng_for,
    rules_option,
)
from tutor.quiz.models import Answer

DRILL_MODULES = REPO / "tutor" / "quiz" / "drills"


# -- every entry is complete ---------------------------------------------------------------------


@pytest.mark.parametrize("drill", registry.drills(), ids=lambda d: d.kind)
def test_each_drill_is_complete(drill: Drill) -> None:
    assert re.fullmatch(r"[a-z_]{1,20}", drill.kind), "a URL slug that fits Answer.kind"
    assert str(drill.name)
    assert str(drill.help)
    assert drill.build.__module__.startswith("tutor.quiz.drills."), "built in its own module"
    opts = registry.normalise(drill.kind, {})
    assert registry.normalise(drill.kind, opts) == opts, "normalised options are a fixed point"
    items = registry.candidates(drill.kind, opts)
    for seed in range(3):
        q = questions.make_question(drill.kind, seed, {})
        assert q.kind == drill.kind
        assert q.fields
        assert set(q.expected) >= {f.name for f in q.fields if drill.kind != "reverse"}
        if items:
            # The schedule can ask for every item a question is stored under.
            assert q.key in items, (q.key, items[:5])
            again = questions.make_question(drill.kind, seed, {"item": q.key})
            assert again.key == q.key


def test_the_menu_order_is_the_drills_order() -> None:
    assert quiz.KINDS == (
        "table",
        "reverse",
        "fu",
        "fu_items",
        "yaku",
        "payments",
        "honba",
        "quick",
        "estimate",
        "exact_fu",
        "sanma_tsumo",
    )
    assert [d.kind for d in registry.drills()] == list(quiz.KINDS)


def test_every_drill_module_registers_its_drills_and_only_its_own() -> None:
    modules = {p.stem for p in DRILL_MODULES.glob("*.py") if p.stem != "__init__"}
    by_module: dict[str, list[str]] = {}
    for drill in registry.drills():
        by_module.setdefault(drill.build.__module__.rsplit(".", 1)[1], []).append(drill.kind)
    assert set(by_module) == modules


def test_an_unknown_kind_is_a_quiz_error_and_two_drills_cannot_share_a_kind() -> None:
    with pytest.raises(quiz.QuizError):
        questions.make_question("nope", 1)
    assert registry.find("nope") is None
    table = registry.drill("table")
    registry.register(table)  # the same drill again changes nothing
    with pytest.raises(ValueError, match="two drills"):
        registry.register(Drill("table", "x", "y", 1, table.build, table.options))


# -- nothing outside a drill's module branches on its kind ---------------------------------------

#: The table drill's branches that the classroom still holds (its assignments can ask the limit
#: rows only, its "common wrong answers" read a table cell): the classroom's to move.
CLASSROOM_TABLE_BRANCHES = {
    ("tutor/classroom/assignments.py", "table"),
    ("tutor/classroom/forms.py", "table"),
    ("tutor/classroom/mistakes.py", "table"),
}


def _kind_branches(path: Path, kinds: set[str]) -> set[str]:
    """The drill kinds compared with something named ``kind`` in the module (``kind ==
    "table"``, ``question.kind in ("fu", "fu_items")``, ``data["kind"] != "table"``)."""

    def names_kind(node: ast.expr) -> bool:
        return (
            (isinstance(node, ast.Name) and node.id == "kind")
            or (isinstance(node, ast.Attribute) and node.attr == "kind")
            or (
                isinstance(node, ast.Subscript)
                and isinstance(node.slice, ast.Constant)
                and node.slice.value == "kind"
            )
        )

    def constants(node: ast.expr) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return {c for e in node.elts for c in constants(e)}
        return set()

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(names_kind(s) for s in sides):
                found |= {c for s in sides for c in constants(s)} & kinds
    return found


def _quiz_users() -> list[Path]:
    """The quiz's modules and every module that imports it (a walkthrough step's kind "fu" is
    not the fu drill)."""
    uses = re.compile(r"^\s*from tutor(\.quiz\b| import quiz\b)", re.MULTILINE)
    return [
        path
        for path in sorted((REPO / "tutor").rglob("*.py"))
        if path.is_relative_to(REPO / "tutor" / "quiz")
        or uses.search(path.read_text(encoding="utf-8"))
    ]


def test_no_module_but_the_drill_s_own_branches_on_its_kind() -> None:
    kinds = {d.kind for d in registry.drills()}
    own = {d.kind: d.build.__module__.replace(".", "/") + ".py" for d in registry.drills()}
    found = set()
    users = _quiz_users()
    assert REPO / "tutor" / "classroom" / "mistakes.py" in users
    assert REPO / "tutor" / "walkthrough" / "steps.py" not in users
    for path in users:
        name = str(path.relative_to(REPO))
        for kind in _kind_branches(path, kinds):
            if own[kind] != name:
                found.add((name, kind))
    assert found == CLASSROOM_TABLE_BRANCHES


def test_the_branch_finder_finds_a_branch(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        'if question.kind == "yaku" or kind in ("fu", "x") or data["kind"] != "table":\n    pass\n',
        encoding="utf-8",
    )
    assert _kind_branches(source, {"yaku", "fu", "table", "honba"}) == {"yaku", "fu", "table"}


# -- a drill in one module: the quiz serves it ----------------------------------------------------


def _rounding_options(raw: Mapping[str, str]) -> dict[str, str]:
    return {**rules_option(raw), "base": pick(raw.get("base"), ("any", "240", "480"), "any")}


def _rounding_items(opts: Mapping[str, str]) -> list[str]:
    return [f"rounding:{b}" for b in ("240", "480") if opts.get("base") in ("any", b)]


def _rounding_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("rounding", seed, opts)
    wanted = opts["item"].split(":")[1] if "item" in opts else opts["base"]
    base = rng.choice((240, 480)) if wanted == "any" else int(wanted)
    raw = 4 * base
    paid = -(-raw // 100) * 100
    return Question(
        kind="rounding",
        seed=seed,
        key=f"rounding:{base}",
        options=opts,
        prompt=f"A non-dealer wins by ron on {number(base)} base points: what is paid?",
        fields=[Field("ron", "The discarder pays")],
        expected={"ron": paid},
        derivation=[f"4 × {number(base)} = {number(raw)}, rounded up to {number(paid)}."],
        rules=opts["rules"],
    )


def _rounding_slips(question: Question, case: Case | None) -> list[Variant]:
    base = int(question.key.split(":")[1])
    return [("payment_not_rounded", {"ron": 4 * base}, {})]


ROUNDING = Drill(
    kind="rounding",
    name="Rounding a payment",
    help="Round a payment up to the hundred.",
    order=5,
    build=_rounding_question,
    options=_rounding_options,
    candidates=_rounding_items,
    rules=preset_rules,
    variants=_rounding_slips,
)


@pytest.fixture
def rounding(monkeypatch: pytest.MonkeyPatch) -> Drill:
    monkeypatch.setitem(registry.DRILLS, ROUNDING.kind, ROUNDING)
    return ROUNDING


def test_a_drill_registered_in_one_module_is_asked_checked_and_explained(rounding) -> None:
    q = quiz.make_question("rounding", 1, {"base": "240"})
    assert q.expected == {"ron": 1000}
    assert q.key == "rounding:240"
    assert quiz.normalise("rounding", {"item": "rounding:480", "mode": "choice"}) == {
        "rules": "tenhou",
        "base": "any",
        "mode": "choice",
        "item": "rounding:480",
    }
    assert quiz.check(q, {"ron": "1,000"}).correct
    assert not quiz.check(q, {"ron": "960"}).correct
    (slip,) = feedback.slips(q, {"ron": "960"})
    assert slip.id == "payment_not_rounded"
    assert slip.text.startswith("960 is the payment before rounding")
    assert feedback.slips(q, {"ron": "1000"}) == []


@pytest.mark.django_db
def test_the_menu_the_urls_and_the_progress_page_serve_a_new_drill(client, rounding) -> None:
    menu = client.get(reverse("tutor:quiz_index")).content.decode()
    assert reverse("tutor:quiz_question", args=["rounding"]) in menu
    assert "Rounding a payment" in menu
    assert "Round a payment up to the hundred." in menu
    every = menu[menu.index('<ul class="quiz-kinds">') :]
    assert every.index("Rounding a payment") < every.index("Score table")  # order 5 < 10

    page = client.get(reverse("tutor:quiz_question", args=["rounding"]), {"seed": 3})
    assert page.status_code == 200
    assert "what is paid?" in page.content.decode()
    scheduled = client.get(reverse("tutor:quiz_question", args=["rounding"]), {"base": "480"})
    assert "on 480 base points" in scheduled.content.decode()  # the one item these options allow

    answer = client.post(
        reverse("tutor:quiz_answer", args=["rounding"]),
        {"seed": "3", "base": "240", "a_ron": "960", "answer_key": "ab12"},
    )
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Not quite." in html
    assert "960 is the payment before rounding" in html
    stored = Answer.objects.get()
    assert (stored.kind, stored.key, stored.correct) == ("rounding", "rounding:240", False)

    right = client.post(
        reverse("tutor:quiz_answer", args=["rounding"]),
        {"seed": "3", "base": "240", "a_ron": "1000", "answer_key": "cd34"},
    )
    assert "Right!" in right.content.decode()

    stats = progress.stats(stored.learner)
    mine = next(k for k in stats.kinds if k.kind == "rounding")
    assert (mine.name, mine.answers, mine.correct) == ("Rounding a payment", 2, 1)
    assert "Rounding a payment" in client.get(reverse("tutor:quiz_progress")).content.decode()


def test_the_classroom_can_assign_a_new_drill(rounding) -> None:
    from tutor.classroom.forms import AssignmentForm

    assert '<option value="rounding">Rounding a payment</option>' in str(AssignmentForm()["kind"])


def test_a_question_no_drill_builds_is_checked_field_by_field() -> None:
    q = Question(
        "review", 1, "review:x:1", {}, "?", [Field("points", "Points")], {"points": 8000}, []
    )
    assert quiz.check(q, {"points": "8,000"}).correct
    assert feedback.slips(q, {"points": "7,700"}) == []  # no drill, no slips
