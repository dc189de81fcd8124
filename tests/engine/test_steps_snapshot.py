"""The explanation, byte for byte: the API's JSON (steps included) of every worked example, the
333 Tenhou wins and ~400 drawn hands over every step kind and rule switch, against a recorded
snapshot (``tests/data/steps-snapshot.jsonl``: each case's request and the SHA-256 of its JSON).

Recorded before the steps became typed (issue 32 item 3), so the refactor could not change a
byte of docs/API.md's result. A change to an engine sentence changes the JSON on purpose: check
the cases it names, then record again with ``python -m tests.engine.test_steps_snapshot``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorer.engine import score_request
from tests.conftest import DATA, load_examples, load_tenhou_cases

SNAPSHOT = DATA / "steps-snapshot.jsonl"

#: Drawn hands per block: (label, rules, generate_request's knobs), 25 each.
BLOCKS: list[tuple[str, Any, dict[str, Any]]] = [
    ("tenhou", "tenhou", {"ensure_yaku": True}),
    ("sanma", "tenhou_sanma", {"ensure_yaku": True}),
    ("sanma-split", {"preset": "tenhou_sanma", "sanma_tsumo": "split"}, {}),
    ("sanma-dealer", {"preset": "tenhou_sanma", "sanma_tsumo": "dealer"}, {}),
    ("yakuman", "tenhou", {"yakuman": True}),
    ("wareme", {"preset": "tenhou", "wareme": True}, {"wareme": True}),
    ("aotenjou", "aotenjou", {"shape": "standard"}),
    ("ao13", {"preset": "aotenjou", "aotenjou_yakuman": "13han"}, {}),
    ("aohigher", {"preset": "aotenjou", "aotenjou_yakuman": "higher"}, {"yakuman": True}),
    ("chiitoi", "tenhou", {"shape": "chiitoitsu"}),
    ("kokushi", "tenhou", {"shape": "kokushi"}),
    ("open", "tenhou", {"open": True, "kans": True}),
    ("classic", "classic", {"red_fives": False}),
    ("kiriage", {"preset": "tenhou", "kiriage": True}, {}),
]

_PAO = "11m99p[5=55z][6=66z][7+77z]"
_PLAIN = "234m456p678s345s2z"
#: Three players' tsumo rules, the dealer's tsumo and a non-dealer's.
_SANMA: list[dict[str, object]] = [
    {
        "hand": "111m999p22s33s789s",
        "win": "2s",
        "tsumo": True,
        "seat": seat,
        "riichi": True,
        "nuki": 2,
        "dora": "3z",
        "honba": 1,
        "rules": rules,
    }
    for rules in (
        "tenhou_sanma",
        {"preset": "tenhou_sanma", "sanma_tsumo": "split"},
        {"preset": "tenhou_sanma", "sanma_tsumo": "dealer"},
    )
    for seat in ("1z", "2z")
]
#: Steps no drawn hand reaches: pao, double ron, unused ura, three players' tsumo rules.
EXTRA: list[dict[str, object]] = [
    {"hand": _PAO, "win": "9p", "tsumo": True, "seat": "2z", "pao": "3z"},
    {"hand": _PAO, "win": "9p", "tsumo": False, "seat": "2z", "pao": "3z", "discarder": "4z"},
    {"hand": _PAO, "win": "9p", "tsumo": False, "seat": "2z", "pao": "3z", "discarder": "3z"},
    {
        "hand": _PLAIN,
        "win": "2z",
        "seat": "2z",
        "ron_order": 2,
        "honba": 2,
        "sticks": 1,
        "riichi": True,
    },
    {
        "hand": _PLAIN,
        "win": "2z",
        "tsumo": True,
        "seat": "2z",
        "honba": 2,
        "sticks": 3,
        "ura": "1m",
    },
    {
        "hand": _PLAIN,
        "win": "2z",
        "tsumo": True,
        "seat": "2z",
        "honba": 2,
        "sticks": 1,
        "riichi": True,
        "ura": "1m",
    },
    *_SANMA,
]


def cases() -> Iterator[tuple[str, dict[str, object]]]:
    """Every (id, request) of the snapshot, drawn the same way on every call."""
    from scorer.engine.generate import generate_request

    for example in load_examples():
        yield example["id"], example["request"]
    for case in load_tenhou_cases():
        yield case["id"], case["request"]
    for index, (label, rules, knobs) in enumerate(BLOCKS):
        rng = random.Random(777 + index)
        for number in range(25):
            yield f"{label}:{number}", generate_request(rng, rules=rules, **knobs)
    for number, request in enumerate(EXTRA):
        yield f"extra:{number}", request


def digest(request: dict[str, object]) -> str:
    """The SHA-256 of the API's JSON for ``request``, as /api/score writes it."""
    text = json.dumps(score_request(dict(request)), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def record(path: Path = SNAPSHOT) -> None:
    with path.open("w", encoding="utf-8") as out:
        for case_id, request in cases():
            line = {"id": case_id, "request": request, "sha256": digest(request)}
            out.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")


def test_every_result_is_byte_identical_to_the_snapshot():
    recorded = [json.loads(line) for line in SNAPSHOT.read_text("utf-8").splitlines()]
    assert len(recorded) > 700
    changed = [case["id"] for case in recorded if digest(case["request"]) != case["sha256"]]
    assert not changed, f"{len(changed)} results changed: {changed[:10]}"


def test_the_snapshot_covers_every_step_kind():
    from scorer.engine.steps import KINDS

    seen: set[str] = set()
    for line in SNAPSHOT.read_text("utf-8").splitlines():
        result = score_request(json.loads(line)["request"])
        seen.update(str(step["step"]) for step in result.get("steps", []))
    assert seen == set(KINDS)


if __name__ == "__main__":  # python -m tests.engine.test_steps_snapshot
    record()
    sys.stdout.write(f"recorded {SNAPSHOT}\n")
