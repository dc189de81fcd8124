"""Pick the real wins the final exam and the hand of the day ask (tutor/path/data/wins.json).

Run from the repository: ``python tools/path/select_wins.py``. It reads the 333 tenhou.net wins
of the test data (tests/data/tenhou/cases.jsonl, from the mjx project's fixtures, MIT licence),
keeps those the engine scores as Tenhou recorded them and that are not yakuman, and takes an
even spread over who won and how (dealer or not, ron or tsumo) and over the fu and the limits,
so that the exam is a fair sample of the hands a table scores. Deterministic: the same input
gives the same file.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorer.engine import score_request  # noqa: E402

SOURCE = ROOT / "tests" / "data" / "tenhou" / "cases.jsonl"
TARGET = ROOT / "tutor" / "path" / "data" / "wins.json"
COUNT = 80


def main() -> None:
    buckets: dict[tuple[bool, bool, str], list[dict[str, object]]] = defaultdict(list)
    for line in SOURCE.read_text("utf-8").splitlines():
        case = json.loads(line)
        request, expect = case["request"], case["expect"]
        if expect["yakuman"]:
            continue
        result = score_request(dict(request), steps=False)
        if not result.get("ok") or result["payments"]["total"] != expect["total"]:
            continue
        if result["han"] < 5 and result["fu"] != expect["fu"]:
            continue
        band = result["limit"] or ("20-30" if result["fu"] <= 30 else "40+")
        keep = {k: v for k, v in request.items() if v not in (False, "", 0) or k in ("hand", "win")}
        keep["rules"] = "tenhou"
        buckets[(request["seat"] == "1z", bool(request["tsumo"]), band)].append(
            {"id": case["id"], "request": keep}
        )
    picked: list[dict[str, object]] = []
    order = sorted(buckets)
    while len(picked) < COUNT and any(buckets.values()):
        for key in order:
            if buckets[key] and len(picked) < COUNT:
                picked.append(buckets[key].pop(0))
    picked.sort(key=lambda c: str(c["id"]))
    TARGET.write_text(json.dumps(picked, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"{len(picked)} wins -> {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
