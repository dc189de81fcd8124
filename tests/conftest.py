"""Shared test helpers: where the spec lives (read from ../shared, never copied)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SPEC = SHARED / "spec"
CONFORMANCE = SHARED / "conformance" / "tenhou" / "cases.jsonl"


def load_examples() -> list[dict[str, Any]]:
    examples: list[dict[str, Any]] = json.loads((SPEC / "examples.json").read_text("utf-8"))
    return examples


def load_tenhou_cases() -> list[dict[str, Any]]:
    with CONFORMANCE.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@pytest.fixture(scope="session")
def examples() -> list[dict[str, Any]]:
    return load_examples()
