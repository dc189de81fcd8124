"""The termbase (issue 20.8): one Japanese word for each thing, as data, and every catalogue of
the project held to it. A catalogue that writes a listed variant (食い下がり, 么九牌, 割れ目,
振り込んだ人, 子（各自）, 4人麻雀, 30+, 符がつきます, 2倍役満, 惜しい …) instead of the chosen
term fails here, with the file, the line and the msgid.

The glossary and the furigana take their words and readings from the termbase; the tests below
check they do (the headword is the termbase's, readings in katakana, furigana over kanji only)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.conftest import REPO
from tests.i18n import po
from tutor.course import termbase
from tutor.course.glossary import TERMS, link_terms
from tutor.course.names import LIMIT_KANJI, YAKU_KANJI
from tutor.course.termbase import BY_ID, CONCEPTS, KATAKANA, variants_in

#: Every Japanese catalogue in the repository: every one is checked.
CATALOGUES = sorted(
    str(p.relative_to(REPO))
    for p in REPO.glob("**/locale/ja/LC_MESSAGES/django.po")
    if ".venv" not in p.parts and "build" not in p.parts
)


def _found(catalogue: str) -> list[str]:
    """``line: msgid → variant (should be term)`` for each variant a catalogue's msgstr writes."""
    out = []
    for entry in po.messages(po.read(REPO / catalogue)):
        for text in entry.translations:
            for concept, variant in variants_in(text):
                out.append(f"{entry.label()}: {variant!r} → {concept.ja!r}")
    return out


def _params() -> list[object]:
    return [pytest.param(c, id=c.split("/locale")[0]) for c in CATALOGUES]


def test_every_catalogue_is_checked() -> None:
    """The site's catalogue, the scorer's and every tutor feature's (issue 28: every catalogue,
    not only the course's): a feature package with a ``locale`` folder is checked by being there."""
    assert len(CATALOGUES) >= 9
    names = {c.rsplit("locale/ja/", 1)[0].rstrip("/") or "locale" for c in CATALOGUES}
    features = {
        f"tutor/{p.name}" for p in (REPO / "tutor").iterdir() if (p / "locale" / "ja").is_dir()
    }
    expected = {"locale", "scorer", "tutor/accounts", "tutor/classroom", "tutor/collections"}
    expected |= {"tutor/course", "tutor/quiz", "tutor/review", "tutor/walkthrough"}
    assert expected | features <= names, sorted((expected | features) - names)


@pytest.mark.parametrize("catalogue", _params())
def test_no_catalogue_writes_a_variant(catalogue: str) -> None:
    found = _found(catalogue)
    assert not found, "\n".join([catalogue, *found])


# ------------------------------------------------------------------------- the check itself
@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("1飜下がります（食い下がり）。", "kuisagari"),
        ("么九牌の暗刻は8符です。", "yaochuuhai"),
        ("搶槓で和了", "chankan"),
        ("割れ目の席", "wareme"),
        ("鳴いた平和形（30符に切り上げ）", "kuipinfu"),
        ("食い平和", "kuipinfu"),
        ("和了り方", "agarikata"),
        ("和了の方法", "agarikata"),
        ("和了者の収入は合計8000点です。", "winner_receives"),
        ("アガった人が受け取るのは", "winner_receives"),
        ("アガった人はいくら受け取りますか？", "winner_receives"),
        ("振り込んだ人が払います", "houjuusha"),
        ("場に出ている立直棒", "riichi_sticks"),
        ("供託のリーチ棒は含めません", "riichi_sticks"),
        ("子（各自）", "each_pays"),
        ("4人麻雀と同じ額", "four_player"),
        ("3人麻雀", "three_player"),
        ("25 / 20 / 30 / 30+ / 40+", "plus_alpha"),
        ("この待ちには2符がつきます。", "tsukimasu"),
        ("門風の刻子", "seat_wind"),
        ("1倍ではなく2倍役満", "double-yakuman"),
        ("3倍役満", "triple-yakuman"),
        ("惜しい、不正解です。", "wrong"),
        ("1 x 1280", "times"),
        ("国士無双の13面待ち", "kokushi_13"),
        # issue 28's doublets: one concept, one word
        ("ツモ平和ありのルール", "pinfu_tsumo"),
        ("平和のツモ和了を認めるルールなら", "pinfu_tsumo"),
        ("他家（それぞれ）", "each_pays"),
        ("他家2人（それぞれ）", "each_pays"),
        ("他家の支払い（それぞれ）", "each_pays"),
        ("各自の支払い", "each_pays"),
        ("いつもの30符", "usual"),
        ("ふつうの役やドラは加えません", "usual"),
        ("東家に座る打ち手", "player"),
        ("赤五が2枚あります", "aka-dora"),
        ("青天井（上限なし）", "aotenjou"),
        ("上限のない点数計算", "aotenjou"),
        ("区分：上限なし", "aotenjou"),
        ("いちばん符の高いブロック", "mentsu"),
        ("同じ色の123・456・789", "suit"),
        ("1色の1112345678999の形", "suit"),
        ("各色の1と9", "suit"),
        ("支払者1人につき100点", "houjuusha"),
        ("抜きドラ（北抜き）", "nuki-dora"),
        ("和了%(n)s件を保存", "wins"),
        ("%(winner)sのツモアガリ", "tsumo_win"),
        ("ツモアガリの支払いはすべて", "tsumo_win"),
        ("自分の和了13件だけ保存", "wins"),
    ],
)
def test_each_listed_variant_is_caught(text: str, concept: str) -> None:
    assert concept in {c.id for c, _variant in variants_in(text)}


@pytest.mark.parametrize(
    "text",
    [
        "喰い下がり",
        "幺九牌の暗刻",
        "槍槓",
        "ワレメ",
        "喰い平和形（30符扱い）",
        "アガリ方",
        "和了者の受け取り",
        "放銃者",
        "供託リーチ棒",
        "子（それぞれ）",
        "四人麻雀",
        "30+α",
        "2符付きます",
        "自風",
        "ダブル役満",
        "4倍役満",  # the seed's own word for four yakuman
        "不正解です",
        "1 × 1280",
        "国士無双十三面",
        "2つの数は1つの計算式で結びつきます",  # つきます that is not about fu
        "Mリーグ",
        "平和ツモは20符です。",
        "平和ツモありのルール",
        "子はそれぞれ700点ずつ支払います。",
        "子2人（それぞれ）",
        "役満が成立すると通常の役やドラは数えません。",
        "プレイヤー",
        "赤ドラ",
        "赤五萬",  # a tile's name
        "青天井",
        "上限のあるルール（青天井以外のすべて）",  # rules with limits: another thing
        "面子",
        "1種類の数牌と字牌だけで作る役",
        "三色同順",
        "混一色",
        "習熟度で色分けした早見表",
        "1人400点ずつ",
        "抜きドラ",
        "北を抜く",
        "和了13回",
        "%(winner)sのツモ和了",
        "手牌%(n)s件",  # saved hands are counted in 件
    ],
)
def test_the_chosen_terms_pass(text: str) -> None:
    assert variants_in(text) == []


def test_every_variant_the_termbase_lists_is_caught_as_that_concept() -> None:
    """Each written variant of each concept, on its own and inside a sentence, is caught as the
    concept it replaces: a variant listed but never matched would let a catalogue through."""
    for concept in CONCEPTS:
        for variant in concept.variants:
            for text in (variant, f"これは{variant}です。"):
                assert concept.id in {c.id for c, _v in variants_in(text)}, (concept.id, text)


# ----------------------------------------------------------------------- the termbase as data
def test_termbase_ids_are_unique_and_readings_in_katakana() -> None:
    assert len(BY_ID) == len(CONCEPTS)
    for concept in CONCEPTS:
        assert KATAKANA.fullmatch(concept.reading), (concept.id, concept.reading)
        assert concept.en, concept.id
        if concept.variant_re is not None:  # the chosen term is never its own variant
            assert not concept.variant_re.search(concept.ja), concept.id


def test_the_brief_choices_are_in_the_termbase() -> None:
    chosen = {
        "kuisagari": "喰い下がり",
        "yaochuuhai": "幺九牌",
        "chankan": "槍槓",
        "wareme": "ワレメ",
        "ron": "ロン",
        "kokushi_13": "国士無双十三面",
        "kuipinfu": "喰い平和形",
        "agarikata": "アガリ方",
        "winner_receives": "和了者の受け取り",
        "houjuusha": "放銃者",
        "riichi_sticks": "供託リーチ棒",
        "four_player": "四人麻雀",
        "three_player": "三人麻雀",
        "plus_alpha": "30+α",
        "tsukimasu": "付きます",
        "seat_wind": "自風",
        "double-yakuman": "ダブル役満",
        "triple-yakuman": "トリプル役満",
        "wrong": "不正解です",
        "han": "飜",
        # issue 28's doublets
        "pinfu_tsumo": "平和ツモ",
        "each_pays": "子はそれぞれ",
        "usual": "通常の",
        "player": "プレイヤー",
        "aka-dora": "赤ドラ",
        "aotenjou": "青天井",
        "mentsu": "面子",
        "suit": "種類",
        "nuki-dora": "抜きドラ",
        "wins": "和了N回",
        "tsumo_win": "ツモ和了",
    }
    assert {key: BY_ID[key].ja for key in chosen} == chosen
    assert BY_ID["ron"].alternatives == ("栄和",)
    assert BY_ID["futei"].reading == "フーテイ"
    assert BY_ID["pinfu"].reading == "ピンフ"
    assert BY_ID["chiitoitsu"].reading == "チートイツ"


def test_readings_are_written_one_way() -> None:
    """One reading for one sound, as the references write them: 刻 is コー (ミンコー, アンコー,
    サンアンコー, スーアンコー), 和 at the end of a yaku is ホー (トイトイホー, テンホー),
    幺九 is ヤオチュー (タンヤオチュー, ヤオチューハイ)."""
    for concept in CONCEPTS:
        if "刻" in concept.ja:
            assert "コー" in concept.reading, concept.id
            assert "コウ" not in concept.reading, concept.id
        if "幺九" in concept.ja:
            assert "ヤオチュー" in concept.reading, concept.id
        if concept.ja.endswith("和") and concept.id != "pinfu":
            assert concept.reading.endswith("ホー"), concept.id
    assert [BY_ID[i].reading for i in ("minko", "anko", "sanankou", "suuankou")] == [
        "ミンコー",
        "アンコー",
        "サンアンコー",
        "スーアンコー",
    ]
    assert BY_ID["yaochuuhai"].reading == "ヤオチューハイ"
    assert BY_ID["houtei"].reading.startswith("ホー")


def test_the_glossary_and_the_names_use_the_termbase() -> None:
    for term in TERMS:
        assert term.ja.split(" / ")[0] == BY_ID[term.id].ja, term.id
        assert term.reading.split(" · ")[0] == BY_ID[term.id].reading, term.id
    assert [t.id for t in TERMS] == [c.id for c in CONCEPTS[: len(TERMS)]]
    for name in [*YAKU_KANJI.values(), *LIMIT_KANJI.values()]:
        assert variants_in(name) == [], name
    assert YAKU_KANJI["chankan"] == BY_ID["chankan"].ja


# ----------------------------------------------------------------- furigana match their word
def _first_use(term_id: str) -> str:
    with translation.override("ja"):
        return str(link_terms(f"[[{term_id}]]"))


@pytest.mark.parametrize(
    ("term_id", "ruby"),
    [
        ("menzen_tsumo", "<ruby>門前清自摸和<rt>メンゼンチンツモホー</rt></ruby>"),
        ("tanyao", "<ruby>断幺九<rt>タンヤオチュー</rt></ruby>"),
        ("chanta", "<ruby>混全帯幺九<rt>ホンチャンタイヤオチュー</rt></ruby>"),
        ("junchan", "<ruby>純全帯幺九<rt>ジュンチャンタイヤオチュー</rt></ruby>"),
        ("toitoi", "<ruby>対々和<rt>トイトイホー</rt></ruby>"),
        # no reading over the kana of 喰い下がり
        ("kuisagari", "<ruby>喰<rt>ク</rt></ruby>い<ruby>下<rt>サ</rt></ruby>がり"),
        (
            "kiriage",
            "<ruby>切<rt>キ</rt></ruby>り<ruby>上<rt>ア</rt></ruby>げ<ruby>満貫<rt>マンガン</rt></ruby>",
        ),
        ("ura-dora", "<ruby>裏<rt>ウラ</rt></ruby>ドラ"),
        ("futei", "<ruby>副底<rt>フーテイ</rt></ruby>"),
    ],
)
def test_furigana_match_the_word_under_them(term_id: str, ruby: str) -> None:
    assert f">{ruby}</a>" in _first_use(term_id)


def test_no_furigana_over_kana_or_everyday_words() -> None:
    for term_id in ("ron", "dora", "tenpane", "wareme", "oya"):
        assert "<ruby>" not in _first_use(term_id), term_id
    assert ">ロン</a>" in _first_use("ron")


def test_every_reading_follows_the_kana_of_its_term() -> None:
    """The reading of a term with kana in it repeats that kana (クイサガリ for 喰い下がり), so the
    furigana can be cut to sit over the kanji alone."""
    for concept in termbase.CONCEPTS:
        pieces = concept.ruby()
        assert "".join(text for text, _r in pieces) == concept.ja, concept.id
        if re.search(r"[\u4e00-\u9fff]", concept.ja) and re.search(r"[\u3041-\u30fa]", concept.ja):
            assert len(pieces) > 1, (concept.id, pieces)
