"""The score-table drill with three players (sanma): chosen like the other table settings, tsumo
questions with two payers and what the winner collects, answers checked by the engine, the slip
of counting the north player's share; and the three-player quick-reference tables."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from scorer.engine import ALL_PRESETS, score_request
from scorer.engine.tables import cell
from tests.quiz.quizhelp import answer, post_answer, right_answers
from tutor import quiz
from tutor.quiz import feedback
from tutor.quiz.models import Answer

HX = {"HX-Request": "true"}
SANMA = {"rules": "tenhou_sanma"}
pytestmark = pytest.mark.django_db


def engine_tsumo(dealer: bool) -> dict[str, int]:
    """The payments of a real 40 fu 2 han tsumo scored by the engine with three players:
    riichi and menzen tsumo, a concealed 9m triplet, a pair wait on a guest wind."""
    result = score_request(
        {
            "hand": "999m123456p789s3z",
            "win": "3z",
            "tsumo": True,
            "riichi": True,
            "seat": "1z" if dealer else "2z",
            "round": "1z",
            "rules": "tenhou_sanma",
        }
    )
    assert result["ok"], result
    assert (result["fu"], result["han"]) == (40, 2)
    pay: dict[str, int] = result["payments"]
    return pay


def test_the_table_drill_offers_the_sanma_presets_by_name(client):
    page = client.get("/tutor/quiz/").content.decode()
    form = re.search(r'<form class="quiz-filters"[^>]*table.*?</form>', page, re.S)
    assert form
    options = re.findall(r'<option value="(\w+)">([^<]*)<', form.group(0))
    assert ("tenhou_sanma", "Tenhou, three players") in options
    assert ("mahjongsoul_sanma", "Mahjong Soul, three players") in options
    assert ("tenhou", "Tenhou") in options


def test_only_the_table_drill_takes_three_players():
    assert quiz.normalise("table", SANMA)["rules"] == "tenhou_sanma"
    # The hand drills draw from the four-player set: they stay at four players.
    for kind in ("payments", "fu", "reverse", "honba"):
        assert quiz.normalise(kind, SANMA)["rules"] == "tenhou"


@pytest.mark.parametrize("dealer", [False, True])
def test_a_sanma_tsumo_question_asks_two_payers_and_the_total(dealer):
    item = quiz.table_key(dealer, "tsumo", 2, 40)
    q = quiz.make_question("table", 1, {**SANMA, "item": item})
    assert q.prompt.startswith("Three players (sanma). ")
    assert q.rules == "tenhou_sanma"
    pay = engine_tsumo(dealer)
    names = [f.name for f in q.fields]
    if dealer:
        assert names == ["tsumo_others", "collect"]
        assert q.fields[0].label == "Each of the two other players pays"
        assert q.expected == {"tsumo_others": pay["tsumo_others"], "collect": pay["total"]}
        assert pay["total"] == 2 * pay["tsumo_others"]
    else:
        assert names == ["tsumo_others", "tsumo_dealer", "collect"]
        assert q.fields[0].label == "The other non-dealer pays"
        assert q.expected == {
            "tsumo_others": pay["tsumo_others"],
            "tsumo_dealer": pay["tsumo_dealer"],
            "collect": pay["total"],
        }
    # The row that differs from four players: one payer fewer.
    four = cell(40, 2, dealer, ALL_PRESETS["tenhou"])
    assert q.expected["collect"] < four.tsumo_total
    assert q.expected["collect"] == four.tsumo_total - four.tsumo_others


def test_a_sanma_ron_question_is_paid_as_with_four():
    q = quiz.make_question("table", 1, {**SANMA, "item": quiz.table_key(False, "ron", 3, 40)})
    assert q.expected == {"ron": cell(40, 3, False).ron}
    assert "With three players a ron is paid as with four: the discarder pays all." in q.derivation


def test_the_derivation_is_the_engines_sentences_for_three_players():
    q = quiz.make_question("table", 1, {**SANMA, "item": quiz.table_key(False, "tsumo", 2, 40)})
    assert q.derivation[0] == "Base points = 40 × 2 to the power of (2 + 2) = 40 × 16 = 640."
    assert q.derivation[1].startswith("Three players: nobody sits north")
    assert "The other non-dealer pays 1 × 640 = 640, rounded up to 700." in q.derivation
    # In the page's number format, as the table beside it writes it (2,000; Japanese 2000).
    assert q.derivation[-1] == f"The winner collects {q.expected['collect']:,} in all (two payers)."


@pytest.mark.parametrize("htmx", [False, True])
def test_a_right_sanma_answer_is_accepted(client, htmx):
    opts = {**SANMA, "item": quiz.table_key(False, "tsumo", 2, 40)}
    _q, response = answer(client, "table", 2, opts, right=True, htmx=htmx)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Right!" in page
    assert Answer.objects.get().correct


@pytest.mark.parametrize("htmx", [False, True])
def test_a_four_player_total_is_named_as_the_north_share(client, htmx):
    opts = {**SANMA, "item": quiz.table_key(False, "tsumo", 2, 40)}
    q = quiz.make_question("table", 2, opts)
    four = cell(40, 2, False, ALL_PRESETS["tenhou"])
    given = right_answers(q) | {"a_collect": str(four.tsumo_total)}
    response = post_answer(client, q, given, htmx=htmx)
    page = html_lib.unescape(response.content.decode())
    assert "Not quite." in page
    assert not Answer.objects.get().correct
    assert 'data-slip="north_share_paid" data-field="collect"' in page
    assert (
        f"{four.tsumo_total:,} is what the winner would collect with four players; with three "
        "players nobody sits north, and under tsumo loss nobody pays the north player's share "
        f"({four.tsumo_others})."
    ) in page
    assert re.search(r'data-slip="north_share_paid".*?href="/tutor/lessons/points#p4"', page)


def test_swapped_payers_are_named_too():
    q = quiz.make_question("table", 2, {**SANMA, "item": quiz.table_key(False, "tsumo", 2, 40)})
    given = {
        "tsumo_others": str(q.expected["tsumo_dealer"]),
        "tsumo_dealer": str(q.expected["tsumo_others"]),
        "collect": str(q.expected["collect"]),
    }
    assert "tsumo_split_swapped" in [s.id for s in feedback.slips(q, given)]


def test_the_grid_beside_a_sanma_question_shows_what_the_winner_collects():
    grid = quiz.grid(False, "tsumo", "tenhou_sanma")
    row = next(r for r in grid["rows"] if r["han"] == 2)
    c = next(c for c in row["cells"] if c["fu"] == 40)
    sanma = cell(40, 2, False, ALL_PRESETS["tenhou_sanma"])
    assert c["text"] == f"700/1,300 = {sanma.tsumo_total:,}"
    four = quiz.grid(False, "tsumo", "tenhou")
    c4 = next(c for c in next(r for r in four["rows"] if r["han"] == 2)["cells"] if c["fu"] == 40)
    assert c4["text"] == "700/1,300"


@pytest.mark.parametrize("htmx", [False, True])
def test_sanma_tables_page(client, htmx):
    response = client.get("/tutor/tables?rules=tenhou_sanma", headers=HX if htmx else {})
    page = html_lib.unescape(response.content.decode())
    assert response.status_code == 200
    assert ("<html" in page) is not htmx
    if not htmx:
        assert '<option value="tenhou_sanma" selected' in page
    assert "Three players: in brackets, what the other non-dealer, then the dealer" in page
    sanma = cell(30, 4, False, ALL_PRESETS["tenhou_sanma"])
    assert sanma.tsumo_total == (sanma.tsumo_dealer or 0) + sanma.tsumo_others
    others, dealer = f"{sanma.tsumo_others:,}", f"{sanma.tsumo_dealer:,}"
    assert f"({others}/{dealer} = {sanma.tsumo_total:,})" in page
    dealer_cell = cell(30, 4, True, ALL_PRESETS["tenhou_sanma"])
    each = f"{dealer_cell.tsumo_others:,}"
    assert f"({each} all = {2 * dealer_cell.tsumo_others:,})" in page
    four = client.get("/tutor/tables?rules=tenhou").content.decode()
    assert "Three players" not in four


def test_the_quiz_index_links_a_three_player_table_drill(client):
    page = client.get("/tutor/quiz/").content.decode()
    link = re.search(r'<a href="([^"]+)" id="table-sanma">Three players \(sanma\)</a>', page)
    assert link
    question = client.get(html_lib.unescape(link.group(1))).content.decode()
    assert "Three players (sanma)." in question
