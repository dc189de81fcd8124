"""Quiz questions: reproducible from a seed, expected answers straight from the engine."""

from __future__ import annotations

import pytest

from scorer.engine import PRESETS, score_request
from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, LIMIT_ROWS, cell
from tutor import quiz
from tutor.quiz.cells import LIMIT_HAN, cell_ok, parse_table_key, payments_of

ALL_TABLE = {"dealer": "any", "win": "any", "limits": "1"}


@pytest.mark.parametrize("rules", quiz.RULE_SETS)
def test_every_table_question_matches_the_engine_table(rules):
    opts = dict(ALL_TABLE, rules=rules)
    keys = quiz.candidates("table", quiz.normalise("table", opts))
    # 2 dealers x 2 wins x (valid cells + 5 limit rows)
    assert len(keys) > 150
    for key in keys:
        q = quiz.make_question("table", 1, dict(opts, item=key))
        assert q.key == key
        dealer, win, han, fu = parse_table_key(key)
        c = cell(fu or 30, han, dealer, PRESETS[rules])
        if win == "ron":
            assert q.expected == {"ron": c.ron}
        elif dealer:
            assert q.expected == {"tsumo_others": c.tsumo_others}
        else:
            assert q.expected == {"tsumo_others": c.tsumo_others, "tsumo_dealer": c.tsumo_dealer}


def test_kiriage_changes_the_answer():
    key = quiz.table_key(False, "ron", 4, 30)
    plain = quiz.make_question("table", 1, {"item": key, "rules": "tenhou"})
    kiriage = quiz.make_question("table", 1, {"item": key, "rules": "mleague"})
    assert plain.expected == {"ron": 7700}
    assert kiriage.expected == {"ron": 8000}
    assert any("Kiriage" in line for line in kiriage.derivation)


def test_table_filters_limit_the_cells():
    opts = {"dealer": "dealer", "win": "tsumo", "han": "2", "fu": "30,40"}
    for seed in range(30):
        q = quiz.make_question("table", seed, opts)
        dealer, win, han, fu = parse_table_key(q.key)
        assert (dealer, win, han) == (True, "tsumo", 2)
        assert fu in (30, 40)
    limits = [quiz.make_question("table", s, {"limits": "1"}).key for s in range(200)]
    assert any(k.count(":") == 3 for k in limits), "limit rows are asked when limits are in"
    assert all(quiz.make_question("table", s, {}).key.count(":") == 4 for s in range(50)), (
        "no limit rows by default"
    )


@pytest.mark.parametrize("kind", quiz.KINDS)
def test_questions_are_reproducible_from_a_seed(kind):
    for seed in (1, 2, 99):
        a = quiz.make_question(kind, seed, {})
        b = quiz.make_question(kind, seed, {})
        assert (a.key, a.expected, a.prompt, a.request) == (b.key, b.expected, b.prompt, b.request)
    keys = {
        repr((q.prompt, q.request, q.expected))
        for q in (quiz.make_question(kind, seed, {}) for seed in range(12))
    }
    assert len(keys) > 1, "different seeds give different questions"


def test_right_and_wrong_answers_are_checked():
    q = quiz.make_question("table", 5, {"dealer": "non", "win": "tsumo"})
    right = {k: str(v) for k, v in q.expected.items()}
    assert quiz.check(q, right).correct
    wrong = dict(right, tsumo_dealer=str(q.expected["tsumo_dealer"] + 100))
    verdict = quiz.check(q, wrong)
    assert not verdict.correct
    assert [v.ok for v in verdict.fields] == [True, False]
    assert quiz.check(q, {k: f"{v:,}" for k, v in q.expected.items()}).correct, "1,000 is fine"
    assert not quiz.check(q, {}).correct


def test_reverse_accepts_any_pair_that_pays_the_same():
    # Non-dealer ron 2600: 2 han 40 fu or 1 han 80 fu; only pairs that really pay 2600.
    key = "reverse:n:ron:2:40"
    q = quiz.make_question("reverse", 1, {"item": key})
    assert (40, 2) in q.accepted
    assert (20, 3) not in q.accepted
    for fu, han in q.accepted:
        assert cell(fu, han, False).ron == 2600
        assert quiz.check(q, {"fu": str(fu), "han": str(han)}).correct
    assert (80, 1) in q.accepted
    assert len(q.accepted) >= 2
    assert not quiz.check(q, {"fu": "30", "han": "2"}).correct


def test_reverse_pairs_are_all_the_table_pairs():
    for seed in range(40):
        q = quiz.make_question("reverse", seed, {})
        dealer, win = q.key.split(":")[1] == "d", q.key.split(":")[2]
        shown = payments_of(cell(q.expected["fu"], q.expected["han"], dealer), win)
        every = [
            (f, h)
            for h in HAN_ROWS
            for f in FU_COLUMNS
            if cell_ok(c := cell(f, h, dealer), win) and payments_of(c, win) == shown
        ]
        assert q.accepted == every


@pytest.mark.parametrize("target", quiz.FU_TARGETS)
def test_fu_questions_hit_their_target_and_match_the_engine(target):
    for seed in range(15):
        q = quiz.make_question("fu", seed, {"target": str(target)})
        assert q.request is not None
        result = score_request(q.request)
        assert result["ok"]
        assert result["fu"] == target == q.expected["fu"]
        assert q.key == f"fu:{target}"
        assert quiz.check(q, {"fu": str(target)}).correct


@pytest.mark.parametrize("wait", quiz.WAITS)
@pytest.mark.parametrize("openness", ["open", "closed"])
def test_fu_hands_have_the_wanted_wait_and_openness(wait, openness):
    for seed in range(6):
        q = quiz.make_question("fu", seed, {"wait": wait, "open": openness})
        assert q.result is not None
        steps = q.result["steps"]
        assert next(s for s in steps if s["step"] == "wait")["wait"] == wait
        assert steps[0]["closed"] is (openness == "closed")


def test_impossible_fu_filters_raise_a_quiz_error():
    with pytest.raises(quiz.QuizError):
        quiz.make_question("fu", 1, {"target": "20", "wait": "kanchan"})


def test_itemised_fu_adds_up_to_the_engine_count():
    for seed in range(25):
        q = quiz.make_question("fu_items", seed, {})
        assert q.result is not None
        parts = [v for k, v in q.expected.items() if k != "fu"]
        raw = 20 + sum(parts)
        items = {i["id"] for i in q.result["fu_items"]}
        if "pinfu_tsumo" in items:
            assert q.expected["fu"] == 20
        elif "open_pinfu" in items:
            assert q.expected["fu"] == 30
        else:
            assert q.expected["fu"] == -(-raw // 10) * 10 == q.result["fu"]


@pytest.mark.parametrize("kind", ["payments", "honba"])
def test_hand_payments_match_score_request(kind):
    for seed in range(40):
        q = quiz.make_question(kind, seed, {})
        request = q.request or {}
        if kind == "payments":
            pay = score_request(request)["payments"]
            for name, value in q.expected.items():
                assert pay[name] == value
        else:
            assert "collect" in q.expected
            assert q.expected["collect"] > 0


def test_honba_question_adds_honba_and_sticks():
    for seed in range(30):
        q = quiz.make_question("honba", seed, {"win": "ron", "dealer": "non"})
        # The derivation ends with the total plus sticks; the discarder pays 300 per honba more.
        assert q.key == "honba:n:ron"
        assert q.expected["collect"] >= q.expected["ron"]
        assert (q.expected["collect"] - q.expected["ron"]) % 1000 == 0


def test_yaku_question_expects_the_engine_yaku_and_han():
    for seed in range(30):
        q = quiz.make_question("yaku", seed, {})
        assert q.result is not None
        ids = {y["id"] for y in q.result["yaku"]} - {"dora", "aka_dora", "ura_dora"}
        assert set(q.expected["yaku"]) == ids
        assert q.expected["han"] == q.result["han"]
        offered = {v for v, _label in q.fields[0].choices}
        assert ids <= offered
        assert len(offered) > len(ids)
        answer = {"yaku": list(ids), "han": str(q.result["han"])}
        assert quiz.check(q, answer).correct
        assert not quiz.check(q, {"yaku": [], "han": str(q.result["han"])}).correct


@pytest.mark.parametrize("pattern", quiz.QUICK_PATTERNS)
def test_quick_method_patterns(pattern):
    for seed in range(10):
        q = quiz.make_question("quick", seed, {"target": pattern})
        assert q.result is not None
        assert q.expected["pattern"] == pattern == quiz.quick_pattern(q.result)
        fu = q.result["fu"]
        floor = {"25": 25, "20": 20, "30": 30, "30+": 30, "40+": 40}[pattern]
        assert fu == floor if "+" not in pattern else fu >= floor


def test_multiple_choice_offers_the_right_answer():
    for kind in ("table", "fu", "payments", "reverse"):
        for seed in range(10):
            q = quiz.make_question(kind, seed, {"mode": "choice"})
            for f in q.fields:
                values = [v for v, _label in f.choices]
                assert str(q.expected[f.name]) in values
                assert len(values) == len(set(values)) >= 2


def test_set_seeds_are_distinct():
    seeds = {quiz.set_seed(7, n) for n in range(quiz.SET_LENGTH)}
    assert len(seeds) == quiz.SET_LENGTH


def test_grid_matches_tables():
    g = quiz.grid(True, "ron", highlight=(True, 40, 3))
    row = g["rows"][2]
    c40 = next(c for c in row["cells"] if c["fu"] == 40)
    assert c40["highlight"]
    assert c40["text"] == f"{cell(40, 3, True).ron:,}"  # 7,700: a thousands separator
    assert not g["rows"][0]["cells"][0]["exists"]  # 20 fu 1 han


def test_unknown_kind():
    with pytest.raises(quiz.QuizError):
        quiz.make_question("nope", 1, {})


def test_limit_rows_are_named():
    # Named in words, as a learner reads them ("kazoe yakuman", not the id kazoe_yakuman).
    names = {name.replace("_", " ") for name, _lo, _hi in LIMIT_ROWS}
    for low in LIMIT_HAN.values():
        q = quiz.make_question(
            "table", 1, {"item": quiz.table_key(True, "ron", low, None), "limits": "1"}
        )
        assert any(n.replace("_", " ") in q.prompt for n in names)  # in words, not ids
