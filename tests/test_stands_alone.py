"""The repository stands alone: its tests read nothing beside the clone (issue 32 item 1).

The data the tests need is in tests/data with its provenance; tests/conftest.py installs an audit
hook that refuses any open() beside the clone for the whole run. These tests prove the hook is
active and that no test or benchmark still names the old folder beside the repository."""

from __future__ import annotations

import re

import pytest

from tests.conftest import DATA, REPO, load_examples, load_tenhou_cases


def test_a_file_beside_the_clone_cannot_be_opened_during_the_tests(tmp_path):
    beside = REPO.parent / "shared" / "spec" / "API.md"
    with pytest.raises(PermissionError, match="outside the repository"):
        beside.open(encoding="utf-8")
    # The temporary folder stays usable, wherever the clone lives.
    (tmp_path / "note.txt").write_text("ok", encoding="utf-8")
    assert (tmp_path / "note.txt").read_text(encoding="utf-8") == "ok"


def test_no_source_names_a_folder_beside_the_repository():
    pattern = re.compile(r"\.\./shared|parents\[\d\]\s*/\s*[\"']\.\.[\"']|parent\s*/\s*[\"']shared")
    sources = [*REPO.glob("tests/**/*.py"), *REPO.glob("bench/*.py"), *REPO.glob("tools/**/*.py")]
    offenders = [
        str(path.relative_to(REPO))
        for path in sources
        if path.name != "test_stands_alone.py" and pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_data_is_in_the_repository_with_its_provenance():
    assert len(load_tenhou_cases()) == 333
    assert load_examples()
    assert len(list((DATA / "tenhou-logs").glob("*.mjlog"))) == 69
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for licence in ("MIT", "CC BY-SA"):
        assert licence in readme
    assert (DATA / "tenhou" / "LICENSE-mjx").is_file()
    assert (DATA / "tenhou-logs" / "LICENSE-mjx").is_file()
