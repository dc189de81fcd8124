"""One renderer per step kind (issue 32 item 3): the walkthrough draws every kind of step the
engine writes, each with its own small function, and nothing else."""

from __future__ import annotations

from scorer.engine.steps import KINDS
from tutor.walkthrough.steps import RENDERERS


def test_every_engine_step_kind_has_its_own_renderer():
    assert set(RENDERERS) == set(KINDS)
    assert len(set(RENDERERS.values())) == len(RENDERERS)
