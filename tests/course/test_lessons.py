"""Lessons and glossary: the course renders in order, worked examples are scored live, links go to
the walkthrough and the picker, self-check answers quote the engine, glossary anchors exist."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from scorer.engine import PRESETS, score_request
from scorer.engine.fu import FU_RULES
from scorer.engine.yaku import YAKU
from scorer.numbers import power_of_two
from tutor.course.glossary import BY_ID, TERMS, link_terms, marked_terms
from tutor.course.lessons import BY_SLUG, LESSONS, facts, score_example
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
        "limits",
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
    han = scored.result["han"]
    assert scored.questions[1][1] == (
        f"{scored.result['fu']} fu {han} han: {scored.result['fu']} × "
        f"{power_of_two(han, value=False)} = 1,920 base points, since {power_of_two(han)}."
    )
    assert scored.questions[2][1].startswith(f"{scored.result['payments']['tsumo_others']:,}")


def test_quick_method_table_comes_from_the_engine(client):
    page = client.get("/tutor/lessons/quick-method").content.decode()
    found = re.search(r'data-testid="quick-table">(.*?)</table>', page, re.S)
    assert found
    table = found.group(1)
    cells = [int(v.replace(",", "")) for v in re.findall(r"<td>([\d,]+)</td>", table)]
    assert "<td>7,700</td>" in table  # written as the tables and the picker write points
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


# ----------------------------------------------------------------------------- issue 9: exactness


def _holds(claim: str, result: dict[str, Any]) -> bool:
    """One ``shows`` claim of a lesson example, checked against the engine's trace."""
    steps = result["steps"]
    kind, _sep, value = claim.partition(":")
    if kind == "fu":
        return any(item["id"] == value for item in result["fu_items"])
    if kind == "yaku":
        return any(y["id"] == value for y in result["yaku"])
    if kind == "no-yaku":
        return not any(y["id"] == value for y in result["yaku"]) and any(
            s["step"] == "yaku_absent" and s["id"] == value for s in steps
        )
    if kind == "han":
        yaku_id, _eq, han = value.partition("=")
        return any(y["id"] == yaku_id and y["han"] == int(han) for y in result["yaku"])
    if kind == "wait":
        return bool(next(s for s in steps if s["step"] == "wait")["wait"] == value)
    if kind == "step":
        return any(s["step"] == value for s in steps)
    if kind == "limit":
        return bool(result["limit"] == value)
    if kind == "form":
        return bool(next(s for s in steps if s["step"] == "reading")["form"] == value)
    total = next(s for s in steps if s["step"] == "fu_total")
    if claim == "tenpane":
        return bool(total["tenpane"])
    if claim == "no-tenpane":
        return not total["tenpane"]
    raise AssertionError(f"unknown claim {claim!r}")


@pytest.mark.parametrize("lesson", LESSONS, ids=SLUGS)
def test_every_lesson_example_shows_what_it_is_there_to_show(lesson):
    # The open-pinfu example used to be read as a tanki wait: no open-pinfu step at all.
    for example in lesson.examples:
        assert example.shows, (lesson.slug, str(example.caption))
        result = score_request(dict(example.request))
        assert result["ok"], result
        for claim in example.shows:
            assert _holds(claim, result), (lesson.slug, str(example.caption), claim)


def test_the_open_pinfu_example_walkthrough_has_the_open_pinfu_step():
    example = next(e for e in BY_SLUG["exceptions"].examples if "fu:open_pinfu" in e.shows)
    walk = build(dict(example.request))
    assert any(s.kind == "fu" and s.data.get("id") == "open_pinfu" for s in walk.steps)
    assert next(s for s in walk.steps if s.kind == "wait").data == {"wait": "ryanmen"}


#: Every engine id with an underscore: none may reach text a learner reads.
RAW_IDS = sorted(
    {y.id for y in YAKU if "_" in y.id}
    | {"ura_dora", "aka_dora", "kazoe_yakuman"}
    | {f for f in FU_RULES if "_" in f}
)


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def assert_no_raw_ids(text: str, where: str) -> None:
    for raw in RAW_IDS:
        assert not re.search(rf"\b{raw}\b", text), (where, raw)


def test_no_raw_id_reaches_a_lesson_the_glossary_or_the_tables(client):
    pages = [f"/tutor/lessons/{slug}" for slug in SLUGS] + ["/tutor/glossary", "/tutor/lessons/"]
    pages += [f"/tutor/tables?rules={name}" for name in PRESETS]
    for url in pages:
        assert_no_raw_ids(visible_text(client.get(url).content.decode()), url)
    for lesson in LESSONS:
        for example in lesson.examples:
            for _prompt, answer in score_example(example).questions:
                assert_no_raw_ids(answer, lesson.slug)


def test_the_self_check_answers_name_limits_and_dora_in_words():
    scored = score_example(BY_SLUG["points"].examples[1])
    assert any("baiman" in answer and "_" not in answer for _p, answer in scored.questions)
    dora = score_example(BY_SLUG["points"].examples[0])
    assert facts(dora.result)["yaku"].endswith("Dora, Ura dora")


def test_wrc_limit_rows_are_named_after_their_own_limit(client):
    # WRC plays without kazoe yakuman: its 13+ han row is sanbaiman, not "三倍満 kazoe yakuman".
    page = client.get("/tutor/tables?rules=wrc").content.decode()
    rows = re.findall(r'data-limit-row="kazoe_yakuman"[^>]*><th scope="row">(.*?)</th>', page)
    assert rows
    assert all("三倍満" in r and "sanbaiman" in r and "kazoe" not in r for r in rows)


SLIPS = [
    "kiriage mangan mangan",
    "older rules",
    "old rules",
    "doubles three times",
    "never read as sequences",
    "rarely matter",
    "eight dora",
    "two honour triplets",
]


def test_known_slips_are_gone_from_every_lesson_and_the_glossary(client):
    pages = [f"/tutor/lessons/{slug}" for slug in SLUGS] + ["/tutor/glossary"]
    text = " ".join(visible_text(client.get(url).content.decode()) for url in pages)
    text += " ".join(
        answer
        for lesson in LESSONS
        for e in lesson.examples
        for _p, answer in score_example(e).questions
    )
    text = re.sub(r"\s+", " ", text)
    for slip in SLIPS:
        assert slip not in text, slip
    # mangan thresholds always carry "or more"
    for found in re.finditer(r"(4 han with 40 fu|3 han with 70 fu)(.{0,9})", text):
        assert found.group(2).startswith(" or more"), found.group(0)


def test_glossary_readings_are_written_one_way_in_katakana():
    """As the seeds and Japanese references give readings: 副底（フーテイ）, not ふーてい."""
    for term in TERMS:
        kana, _sep, romaji = term.reading.partition(" · ")
        assert romaji, term.id
        assert re.fullmatch(r"[\u30a1-\u30faー]+", kana), (term.id, kana)
    assert BY_ID["futei"].reading.startswith("フーテイ")
    assert BY_ID["pinfu"].reading.startswith("ピンフ")


SEED_VOCABULARY = [
    "明刻",
    "暗刻",
    "明槓",
    "暗槓",
    "中張牌",
    "幺九牌",
    "喰い平和",
    "ツモ符",
    "積み符",
]
SEED_VOCABULARY += ["場ゾロ", "早見表", "ダブル役満", "渋川式", "門前加符", "副底", "テンパネ"]


def test_glossary_covers_the_seeds_vocabulary_and_every_yaku():
    japanese = {form for term in TERMS for form in term.ja.split(" / ")}
    for word in SEED_VOCABULARY:
        assert word in japanese, word
    # all are yakuhai (north_wind: north as a value tile, a three-player rule switch)
    covered = set(BY_ID) | {"seat_wind", "round_wind", "north_wind"}
    covered |= {"kokushi_13", "suuankou_tanki", "junsei_chuuren"}  # under their base yakuman
    for yaku in YAKU:
        assert yaku.id in covered or yaku.id.replace("_", "-") in covered, yaku.id


def _engine_figures() -> dict[int, str]:
    """Every figure above 110 a lesson sentence may quote, each derived from the engine here."""
    from scorer.engine.points import base_points, pay
    from scorer.engine.tables import cell

    nd_30_3, nd_30_4 = cell(30, 3, False), cell(30, 4, False)
    tsumo_30_4 = pay(
        1920, dealer=False, tsumo=True, honba=0, sticks=0, rules=PRESETS["tenhou"], winner=28
    )
    aotenjou = PRESETS["aotenjou"]
    fixed = score_request(
        {
            "hand": "111m22p666p222z88s",
            "win": "8s",
            "tsumo": True,
            "seat": "2z",
            "round": "2z",
            "rules": {"preset": "aotenjou", "aotenjou_yakuman": "fixed"},
        }
    )
    fixed_dealer = score_request(
        {
            "hand": "111m22p666p222z88s",
            "win": "8s",
            "tsumo": True,
            "seat": "1z",
            "round": "2z",
            "rules": {"preset": "aotenjou", "aotenjou_yakuman": "fixed"},
        }
    )
    assert aotenjou.aotenjou
    return {
        100: "payments round up to a hundred",
        300: f"honba {PRESETS['tenhou'].honba_points}",
        1500: f"honba {PRESETS['classic'].honba_points}",
        500: f"1500 / 3 = {PRESETS['classic'].honba_points // 3}",
        200: f"two honba per tsumo payer: {PRESETS['tenhou'].honba_points // 3 * 2}",
        11600: f"dealer 30 fu 4 han ron: {cell_value(30, 4, True)}",
        1600: f"base of 25 fu 4 han: {base_points(25, 4)}",
        120: "the first fu column past the tables' 110",
        1000: "riichi stick",
        2000: f"mangan base {cell(40, 4, False).ron // 4}",
        960: f"{base_points(30, 3)}",
        1920: f"{base_points(30, 4)} = {base_points(60, 3)}",
        3840: f"{base_points(30, 3) * 4}",
        3900: f"{nd_30_3.ron}",
        4000: "the figure 3840 is not rounded to",
        5850: f"{nd_30_3.ron} x 1.5",
        5800: f"{cell(30, 3, True).ron}",
        7680: f"{base_points(30, 4) * 4}",
        7700: f"{nd_30_4.ron}",
        8000: f"{cell(30, 5, False).ron}",
        7900: f"{tsumo_30_4.total}",
        10_000_000: f"{fixed['payments']['total']}",
        15_000_000: f"{fixed_dealer['payments']['total']}",
    }


def test_every_figure_in_the_lesson_prose_comes_from_the_engine():
    figures = _engine_figures()
    checks = {
        3900: cell_value(30, 3, False),
        5800: cell_value(30, 3, True),
        7700: cell_value(30, 4, False),
        10_000_000: int(figures[10_000_000]),
        15_000_000: int(figures[15_000_000]),
        7900: int(figures[7900]),
        1920: 1920,
        960: int(figures[960]),
        3840: int(figures[3840]),
        7680: int(figures[7680]),
        200: int(figures[200].rsplit(" ", 1)[1]),
        500: int(figures[500].rsplit(" ", 1)[1]),
        11600: int(figures[11600].rsplit(" ", 1)[1]),
        1600: int(figures[1600].rsplit(" ", 1)[1]),
    }
    for number, value in checks.items():
        assert number == value, (number, figures[number])
    for lesson in LESSONS:
        texts = [str(p) for p in lesson.paragraphs]
        texts += [str(q.answer) for q in lesson.questions] + [
            str(q.prompt) for q in lesson.questions
        ]
        texts += [str(e.caption) for e in lesson.examples]
        texts += [str(q.answer) for e in lesson.examples for q in e.questions]
        for text in texts:
            # tiles (5m), fields ({han}) and the myriad units ("万 is 10,000") are not figures
            prose = re.sub(r"\b\d+[mpsz]\b|\{\w+\}|(?<=is )10,000\b", "", text)
            for raw in re.findall(r"\d[\d,]*", prose):
                number = int(raw.replace(",", "").rstrip(","))
                assert number <= 110 or number in figures, (lesson.slug, number, text)


def cell_value(fu: int, han: int, dealer: bool) -> int:
    from scorer.engine.tables import cell

    return cell(fu, han, dealer).ron
