"""The classroom in Japanese: every page kind (teacher, student, joining, live lesson) shows the
classroom catalogue's Japanese and none of its English, dates read like 11月23日 or
2026年11月23日, form errors and the CSV header are Japanese, and the list separators follow the
language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from urllib.parse import quote
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone, translation

from tests.classroom.conftest import World
from tests.support.japanese import JA, both, en_url, english_left, get_en, get_ja, ja_url
from tutor import quiz
from tutor.classroom import assignments, live
from tutor.classroom.mistakes import meaning
from tutor.classroom.models import Assignment, Classroom

pytestmark = pytest.mark.django_db

#: A Japanese date through the language's named formats: 11月23日 or 2026年11月23日 (the short
#: ones are 2026/11/23 in Django's own Japanese formats, 11月23日 in config/formats/ja if present)
DATE = re.compile(r"(?:\d{4}年)?\d{1,2}月\d{1,2}日|\d{4}/\d{2}/\d{2}")
DUE = re.compile(rf"締切：(?:{DATE.pattern}) ?\d{{1,2}}:\d{{2}}")
HAND = "/tutor/explain?hand=234m234m456p55s68p&win=7p&seat=2z"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """A Japanese request leaves Japanese active in the thread: later tests expect English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def assert_japanese(en: str, ja: str, *expected: str) -> None:
    left = english_left("classroom", en, ja)
    assert not left, f"English left in the Japanese page: {left}"
    for text in expected:
        assert text in ja, text


def assign(world: World) -> Assignment:
    due = (timezone.now() + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M")
    data = {
        "title": "Table warm-up",
        "kind": "table",
        "count": "3",
        "han_min": "1",
        "han_max": "4",
        "fu_min": "20",
        "fu_max": "110",
        "dealer": "any",
        "win": "any",
        "due": due,
    }
    response = world.teacher.post(en_url("tutor:assignment_new", world.classroom.pk), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Assignment.objects.latest("id")


def wrong(q: quiz.Question) -> dict[str, str]:
    return {f"a_{k}": str(int(v) + 100) for k, v in q.expected.items()}


def test_the_teacher_pages(world: World) -> None:
    a = assign(world)
    aki = world.students["Aki"]
    aki.post(
        en_url("tutor:assignment_answer", world.classroom.pk, a.pk),
        {"number": "0", **wrong(assignments.question(a, 0))},
    )
    pk = world.classroom.pk

    en, ja = both(world.teacher, "tutor:class", pk)
    assert_japanese(en, ja, "参加コード", "ライブ授業", "生徒2人", "課題", "締切：")
    # the joined date and the due date, localised (no English month names, no "j M")
    assert len(DATE.findall(ja)) >= 3
    assert not DATE.search(en)
    assert DUE.search(ja)
    # the join code and URL are Latin on purpose: marked so, read out as letters
    assert 'data-testid="join-code" lang="en" translate="no"' in ja
    assert '<p class="mono join-url" lang="en" translate="no">' in ja

    en, ja = both(world.teacher, "tutor:classes")
    assert_japanese(en, ja, "担当しているクラス", "クラスを作成")
    en, ja = both(world.teacher, "tutor:class_code", pk)
    assert_japanese(en, ja, "Tuesday clubに参加", "QRコードを読み取るか")
    assert '<strong class="mono" lang="en" translate="no">http://testserver/' in ja
    en, ja = both(world.teacher, "tutor:assignment_new", pk)
    assert_japanese(en, ja, "新しい課題", "飜数（下限）", "親・子", "課題を出す")
    en, ja = both(world.teacher, "tutor:assignment", pk, a.pk)
    assert_japanese(en, ja, "結果：Table warm-up", "生徒 × 問題", "正答率", "よくある誤答")
    assert 'aria-label="不正解"' in ja
    assert 'aria-label="未回答"' in ja
    assert DUE.search(ja)
    assert re.search(r"締切：\d{4}年", ja)  # the results page gives the year

    csv = get_ja(world.teacher, "tutor:assignment_csv", pk, a.pk).content
    assert csv.startswith("\ufeff".encode())  # so that Excel in Japanese reads UTF-8
    ja_head = ",".join(f"問{n}の回答,問{n}の正誤,問{n}の秒数" for n in (1, 2, 3))
    assert csv.decode("utf-8-sig").splitlines()[0] == f"生徒,{ja_head},得点,正答率"
    english = get_en(world.teacher, "tutor:assignment_csv", pk, a.pk).content.decode()
    en_head = ",".join(f"Q{n} answer,Q{n} right,Q{n} seconds" for n in (1, 2, 3))
    assert english.splitlines()[0] == f"Student,{en_head},Score,Percent"


def test_the_assignment_form_errors(world: World) -> None:
    url = ja_url("tutor:assignment_new", world.classroom.pk)
    page = world.teacher.post(
        url,
        {
            "title": "",
            "kind": "table",
            "count": "3",
            "han_min": "3",
            "han_max": "2",
            "fu_min": "20",
            "fu_max": "110",
            "dealer": "any",
            "win": "any",
            "opens": "2026-11-23T10:00",
            "due": "2026-11-22T10:00",
        },
        headers=JA,
    ).content.decode()
    assert "このフィールドは必須です。" in page  # Django's own message, in Japanese
    assert "「飜数（上限）」は「飜数（下限）」以上にしてください。" in page
    assert "締切日時は公開日時より後にしてください。" in page


def test_the_student_pages(world: World) -> None:
    a = assign(world)
    aki = world.students["Aki"]
    pk = world.classroom.pk
    en, ja = both(aki, "tutor:class", pk)
    assert_japanese(en, ja, "このクラスにはAkiとして参加しています。", "3問中0問回答済み")
    assert DUE.search(ja)
    assert "新規登録</a>すると" in ja
    en, ja = both(aki, "tutor:assignment", pk, a.pk)
    assert_japanese(en, ja, "第1問／全3問", "答え合わせ")
    for n in range(3):
        q = assignments.question(a, n)
        page = aki.post(
            ja_url("tutor:assignment_answer", pk, a.pk), {"number": str(n), **wrong(q)}, headers=JA
        ).content.decode()
        assert "不正解です。" in page  # never 惜しい (issue 20)
        assert "惜しい" not in page
        assert "計算の手順" in page
    en, ja = both(aki, "tutor:assignment", pk, a.pk)
    assert_japanese(en, ja, "0問正解", "あなたの答え：", "正解：")
    en, ja = both(aki, "tutor:classes")
    assert_japanese(en, ja, "Akiとして参加", "受付中の課題")


def test_joining(world: World) -> None:
    en, ja = both(Client(), "tutor:join")
    assert_japanese(en, ja, "クラスに参加", "参加コード（先生の画面に表示されています）")
    page = Client().get(ja_url("tutor:join", query="code=NOPE99"), headers=JA).content.decode()
    assert "このコードのクラスはありません。先生に確認してください。" in page
    code = world.classroom.code
    en, ja = both(Client(), "tutor:join_code", code)
    assert_japanese(en, ja, "Tuesday clubに参加", "このクラスでの名前", "アカウントは不要です。")
    response = Client().post(ja_url("tutor:join_code", code), {"display_name": " "}, headers=JA)
    assert response.status_code == 400
    assert "このフィールドは必須です。" in response.content.decode()


def test_the_live_lesson(world: World) -> None:
    pk = world.classroom.pk
    en, ja = both(world.teacher, "tutor:live_new", query="from=" + quote(HAND))
    assert_japanese(en, ja, "この手牌の点数をクラス全員に答えてもらいます。", "ライブで出題する")
    world.teacher.post(en_url("tutor:live_new"), {"from": HAND, "classroom": pk})
    question = live.current(world.classroom)
    assert question is not None
    aki = world.students["Aki"]
    en, ja = both(aki, "tutor:live_play", pk)
    assert_japanese(en, ja, "第1問", "放銃者の支払いは何点ですか？", "自風：南。場風：東。", "送信")
    # The quiz's drawing (quiz/_hand.html): the hand in canonical order, honours by name.
    assert 'aria-label="手牌：223344m45668p55s＋7p"' in ja
    sent = {"question": str(question.pk), "a_points": "1300"}
    aki.post(ja_url("tutor:live_answer", pk), sent, headers=JA)
    en, ja = both(world.teacher, "tutor:live", pk)
    assert_japanese(en, ja, "答えを表示", "ライブ授業を終了")
    count = '<small>生徒2人中</small> <span data-testid="answer-count">1人が回答</span>'
    assert count in ja
    world.teacher.post(en_url("tutor:live_reveal", pk), {"question": str(question.pk)})
    en, ja = both(world.teacher, "tutor:live", pk, query="step=1")
    assert_japanese(en, ja, "答え：")
    en, ja = both(aki, "tutor:live_play", pk)
    assert_japanese(en, ja, "あなたの答え：1300点")


def test_the_mistake_phrases_and_separators() -> None:
    q = quiz.make_question("table", 1, {"item": "table:n:ron:3:30", "rules": "tenhou"})
    with translation.override("ja"):
        assert meaning(q, "ron", "5800") == "親のアガリの点数"
    yaku = next(
        quiz.make_question("yaku", seed, {})
        for seed in range(1, 200)
        if any(f.multiple for f in quiz.make_question("yaku", seed, {}).fields)
    )
    field = next(f for f in yaku.fields if f.multiple)
    picked = [value for value, _label in field.choices[:2]]
    with translation.override("ja"):
        text = assignments.given_text(yaku, {field.name: picked})
    assert "、" in text
    assert ", " not in text


def test_the_new_live_pages_and_the_report_in_japanese(world: World) -> None:
    pk = world.classroom.pk
    en, ja = both(world.teacher, "tutor:live_lobby", pk)
    assert_japanese(en, ja, "参加中の生徒2人", "授業の進め方")
    tsumo = HAND + "&tsumo=1&honba=1&sticks=1&riichi=1&dora=8s&ura=3m"
    world.teacher.post(
        en_url("tutor:live_new"), {"from": tsumo, "classroom": pk, "countdown": "30"}
    )
    question = live.current(world.classroom)
    assert question is not None
    aki = world.students["Aki"]
    en, ja = both(aki, "tutor:live_play", pk)
    assert_japanese(en, ja, "ツモ：それぞれ何点払いますか？", "1本場。", "供託リーチ棒：1本。")
    assert "ドラ表示牌" in ja
    assert "裏ドラ表示牌" in ja
    prompt = live.prompt_for(question)
    assert prompt.shares is not None
    others, dealer = prompt.shares
    aki.post(
        ja_url("tutor:live_answer", pk),
        {"question": str(question.pk), "a_points": f"{others}・{dealer}"},
        headers=JA,
    )
    world.teacher.post(en_url("tutor:live_end", pk), {"question": str(question.pk)})
    lesson = question.lesson
    assert lesson is not None
    en, ja = both(world.teacher, "tutor:lesson_report", pk, lesson.pk)
    assert_japanese(en, ja, "のライブ授業", f"{others}・{dealer}")
    ben = world.member("Ben")
    response = world.teacher.post(
        ja_url("tutor:student_remove", pk, ben.pk), headers={"Accept-Language": "ja"}
    )
    assert "Benをクラスから外しますか？" in response.content.decode()


def test_times_are_in_the_class_time_zone_and_labelled(world: World) -> None:
    # a class created on a Japanese page is in Japan's time; its times say JST
    world.teacher.post(ja_url("tutor:class_create"), {"name": "月曜クラブ", "rules": "tenhou"})
    monday = world.classroom.teacher.classes_taught.get(name="月曜クラブ")
    assert monday.time_zone == "Asia/Tokyo"
    # the Tuesday club was made in English without a browser zone: UTC, saved and said so
    assert world.classroom.time_zone == "UTC"
    a = assign(world)
    page = get_en(world.teacher, "tutor:class", world.classroom.pk).content.decode()
    assert re.search(r"due [^<]*\d{1,2}:\d{2} [AP]\.?M\.? UTC|due [^<]*\d{1,2}:\d{2} UTC", page)
    # the teacher sets the class's zone: due times read in JST, typed in JST
    world.teacher.post(
        en_url("tutor:class_rename", world.classroom.pk),
        {"name": "Tuesday club", "time_zone": "Asia/Tokyo"},
    )
    page = get_ja(world.teacher, "tutor:class", world.classroom.pk).content.decode()
    assert "JST" in page
    assert a.due is not None
    local = timezone.localtime(a.due, timezone=ZoneInfo("Asia/Tokyo"))
    assert f"{local.hour}:{local.minute:02d} JST" in page
    # a browser's zone (cookie from classroom.js) for a class created in English
    browser = world.teacher
    browser.cookies["tenbo_tz"] = "Europe/Paris"
    browser.post(en_url("tutor:class_create"), {"name": "Paris club", "rules": "tenhou"})
    assert world.classroom.teacher.classes_taught.get(name="Paris club").time_zone == (
        "Europe/Paris"
    )


def test_the_browser_zone_is_decoded_and_one_zone_shows_in_both_languages(world: World) -> None:
    # classroom.js writes the cookie URL-encoded, as a browser sends it
    world.teacher.cookies["tenbo_tz"] = "Asia%2FTokyo"
    form = get_en(world.teacher, "tutor:classes").content.decode()
    assert 'name="time_zone" maxlength="40" value="Asia/Tokyo"' in form
    world.teacher.post(en_url("tutor:class_create"), {"name": "Tokyo club", "rules": "tenhou"})
    tokyo = world.classroom.teacher.classes_taught.get(name="Tokyo club")
    assert tokyo.time_zone == "Asia/Tokyo"
    # a zone chosen on the form wins; a wrong one is said next to the field
    world.teacher.post(
        en_url("tutor:class_create"),
        {"name": "London club", "rules": "tenhou", "time_zone": "Europe/London"},
    )
    assert world.classroom.teacher.classes_taught.get(name="London club").time_zone == (
        "Europe/London"
    )
    bad = world.teacher.post(
        en_url("tutor:class_create"), {"name": "Mars", "rules": "tenhou", "time_zone": "Mars/X"}
    )
    assert bad.status_code == 400
    assert 'id="new-zone-error"' in bad.content.decode()
    # a class saved without a zone (before this fix) reads UTC on both pages, never JST on one
    Classroom.objects.filter(pk=tokyo.pk).update(time_zone="")
    en = get_en(world.teacher, "tutor:class", tokyo.pk).content.decode()
    ja = get_ja(world.teacher, "tutor:class", tokyo.pk).content.decode()
    assert 'value="UTC"' in en
    assert 'value="UTC"' in ja
