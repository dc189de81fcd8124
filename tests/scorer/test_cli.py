"""manage.py score: one hand from arguments, or a JSON-lines batch, results in order."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command


def test_one_hand():
    out = io.StringIO()
    call_command("score", "234m234m456p55s68p", win="7p", tsumo=True, riichi=True, stdout=out)
    result = json.loads(out.getvalue())
    assert (result["han"], result["fu"], result["payments"]["total"]) == (4, 30, 11700)


def test_one_hand_with_steps():
    out = io.StringIO()
    call_command("score", "234m234m456p55s68p", win="7p", tsumo=True, steps=True, stdout=out)
    assert "rounded up to 30" in out.getvalue()


def test_bad_hand_is_a_command_error():
    with pytest.raises(CommandError, match="invalid_notation"):
        call_command("score", "12x", win="7p", stdout=io.StringIO())


def test_jsonl_batch_in_order(monkeypatch):
    lines = [
        json.dumps({"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True}),
        "not json",
        json.dumps([1]),
        json.dumps({"hand": "234m567p23s44z678s", "win": "4s", "riichi": True}),
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    out = io.StringIO()
    call_command("score", jsonl=True, stdout=out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in results] == [True, False, False, True]
    assert results[3]["payments"]["ron"] == 2900  # dealer riichi pinfu 30 fu 2 han


def test_jsonl_steps_0_leaves_the_steps_out(monkeypatch):
    lines = [
        json.dumps({"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True}),
        json.dumps({"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True, "steps": 1}),
        json.dumps({"hand": "234m234m456p55s68p", "win": "7p", "steps": "maybe"}),
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    out = io.StringIO()
    call_command("score", "--jsonl", "--steps", "0", stdout=out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert "steps" not in results[0]
    assert results[0]["payments"]["total"] == 6000
    assert results[1]["steps"]  # a line's own field wins
    assert results[2]["error"]["field"] == "steps"


def test_jsonl_keeps_the_steps_by_default(monkeypatch):
    line = json.dumps({"hand": "234m234m456p55s68p", "win": "7p", "tsumo": True})
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    out = io.StringIO()
    call_command("score", "--jsonl", stdout=out)
    assert json.loads(out.getvalue())["steps"]
