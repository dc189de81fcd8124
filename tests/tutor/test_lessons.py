"""Lessons and glossary: the course renders in order, worked examples are scored live, links go to
the walkthrough and the picker, self-check answers quote the engine, glossary anchors exist."""

from __future__ import annotations

import html
import re

import pytest

from scorer.engine import score_request
from tutor.course.glossary import BY_ID, TERMS, link_terms, marked_terms
from tutor.course.lessons import LESSONS, facts, score_example
from tutor.walkthrough.steps import build, request_query

SLUGS = [lesson.slug for lesson in LESSONS]


def test_the_course_is_in_the_order_of_the_brief():
    assert SLUGS == [
        "how-scoring-works",
        "fu",
        "exceptions",
        "han",
        "points",
        "honba",
        "quick-method",
        "aotenjou",
    ]


def test_lesson_index_lists_every_lesson(client):
    page = client.get("/tutor/lessons/").content.decode()
    assert re.findall(r'data-lesson="([\w-]+)"', page) == SLUGS


@pytest.mark.parametrize("lesson", LESSONS, ids=SLUGS)
def test_lesson_page(client, lesson):
    response = client.get(f"/tutor/lessons/{lesson.slug}")
    assert response.status_code == 200
    page = response.content.decode()
    assert str(lesson.title) in html.unescape(page)
    results = re.findall(
        r'data-testid="example-result" data-han="(\d+)" data-fu="(\d+)" data-total="(\d+)"', page
    )
    assert len(results) == len(lesson.examples) >= 1
    for example, (han, fu, total) in zip(lesson.examples, results, strict=True):
        result = score_request(dict(example.request))
        assert result["ok"], result
        assert (int(han), int(fu), int(total)) == (
            result["han"],
            result["fu"],
            result["payments"]["total"],
        )
        query = html.escape(request_query(example.request))
        assert f'href="/tutor/explain?{query}"' in page
        assert f'href="/?{query}"' in page  # try it in the picker
    questions = sum(len(e.questions) for e in lesson.examples) + len(lesson.questions)
    assert page.count("<details><summary>") == questions >= 1


@pytest.mark.parametrize("lesson", LESSONS, ids=SLUGS)
def test_self_check_answers_quote_the_live_result(lesson):
    for example in lesson.examples:
        scored = score_example(example)
        assert scored.ok
        values = facts(scored.result)
        assert len(scored.questions) == len(example.questions) >= 1
        for (_prompt, answer), question in zip(scored.questions, example.questions, strict=True):
            assert "{" not in answer
            assert "}" not in answer
            for key in re.findall(r"\{(\w+)\}", str(question.answer)):
                assert values[key] in answer


def test_answers_follow_the_engine_not_typed_numbers():
    scored = score_example(LESSONS[0].examples[0])
    assert scored.questions[1][1] == (
        f"{scored.result['fu']} fu and {scored.result['han']} han give 1920 base points."
    )
    assert scored.questions[2][1].startswith(str(scored.result["payments"]["tsumo_others"]))


def test_quick_method_table_comes_from_the_engine(client):
    page = client.get("/tutor/lessons/quick-method").content.decode()
    found = re.search(r'data-testid="quick-table">(.*?)</table>', page, re.S)
    assert found
    table = found.group(1)
    cells = [int(v) for v in re.findall(r"<td>(\d+)</td>", table)]
    # non-dealer ron, 30/40/50 fu by han: the seed 000 figures
    assert cells == [1000, 1300, 1600, 2000, 2600, 3200, 3900, 5200, 6400, 7700, 8000, 8000]


def test_unknown_lesson_is_404(client):
    assert client.get("/tutor/lessons/nope").status_code == 404


# ----------------------------------------------------------------------------- glossary

REQUIRED_TERMS = [
    "fu",
    "han",
    "yaku",
    "yakuhai",
    "tenpai",
    "ryanmen",
    "kanchan",
    "penchan",
    "tanki",
    "shanpon",
    "nobetan",
    "futei",
    "menzen",
    "tsumo",
    "ron",
    "dora",
    "ura-dora",
    "aka-dora",
    "kuisagari",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "kazoe-yakuman",
    "yakuman",
    "kiriage",
    "honba",
    "bazoro",
    "tenpane",
    "wareme",
    "aotenjou",
    "kouten",
]


def test_glossary_has_every_required_term_with_japanese_and_english(client):
    page = client.get("/tutor/glossary").content.decode()
    for term_id in REQUIRED_TERMS:
        term = BY_ID[term_id]
        assert f'id="{term_id}"' in page
        assert term.ja in page
        assert str(term.en) in html.unescape(page)
    assert "高点法" in page


def test_glossary_ids_are_unique():
    ids = [t.id for t in TERMS]
    assert len(ids) == len(set(ids))


def test_every_linked_term_exists():
    for lesson in LESSONS:
        for paragraph in lesson.paragraphs:
            for term_id in marked_terms(str(paragraph)):
                assert term_id in BY_ID, (lesson.slug, term_id)
    requests = [e.request for lesson in LESSONS for e in lesson.examples]
    for request in requests:
        for step in build(dict(request)).steps:
            for term_id in step.terms:
                assert term_id in BY_ID, (step.kind, term_id)


def test_link_terms_escapes_and_links():
    out = str(link_terms("<b>x</b> [[fu]] and [[han|doubles]] [[missing]]"))
    assert out.startswith("&lt;b&gt;x&lt;/b&gt; ")
    assert '<a class="term" href="/tutor/glossary#fu"' in out
    assert ">fu</a>" in out
    assert ">doubles</a>" in out
    assert "missing" in out
    assert "#missing" not in out
