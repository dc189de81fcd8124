"""The contract in docs/ says what the code does (issue 32 item 1).

docs/API.md and docs/RULES.md are the project's own contract, written by hand. These tests hold
them to the code: every example request in docs/API.md is scored and must give the result
printed under it; the ids, request fields, presets, switches and error codes listed there are
exactly the engine's; the tables of docs/RULES.md carry the numbers of the engine's rule
objects; every HTML hook the contract names exists on a page, and every ``data-testid`` of the
pages is in the contract. Links between the documents resolve, and nothing points at a folder
beside the repository any more.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorer.answers import AnswerError, Want, parse_points
from scorer.engine import ALL_PRESETS, Rules, score_request
from scorer.engine.fu import FU_RULES
from scorer.engine.points import LIMIT_BASE
from scorer.engine.request import REQUEST_ATTRIBUTES
from scorer.engine.score import _DORA_RANK
from scorer.engine.yaku import YAKU, YAKU_BY_ID, YAKUMAN
from tests.conftest import REPO

DOCS = REPO / "docs"
API = DOCS / "API.md"
RULES = DOCS / "RULES.md"

#: A fenced block: its info string (``json request``, ``json result``, ``text``...) and body.
_FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
#: An id as the documents write it: a backticked lower-case name.
_ID = re.compile(r"`([a-z][a-z0-9_]*)`")
_TESTID = re.compile(r'data-testid="([^"{}<>]+)"')


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def fenced_blocks(doc: str) -> list[tuple[str, str]]:
    """Every fenced block of ``doc`` as (info string, body), in order."""
    return [(m.group(1).strip(), m.group(2)) for m in _FENCE.finditer(doc)]


def examples(doc: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The (request, result) pairs: each ``json request`` block and the ``json result`` block
    that must come right after it."""
    blocks = [(info, body) for info, body in fenced_blocks(doc) if info.split()[:1] == ["json"]]
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for index, (info, body) in enumerate(blocks):
        if info == "json request":
            following = blocks[index + 1][0] if index + 1 < len(blocks) else ""
            assert following == "json result", (
                f"the request {body.strip()} has no ```json result block after it"
            )
            pairs.append((json.loads(body), json.loads(blocks[index + 1][1])))
        elif info == "json result":
            preceding = blocks[index - 1][0] if index else ""
            assert preceding == "json request", (
                f"a ```json result block without its request: {body[:80]}"
            )
    return pairs


def section(doc: str, heading: str) -> str:
    """The text under the heading that starts with ``heading`` (``## 2.`` or ``### Presets``),
    up to the next heading of the same or a higher level."""
    level = heading.split()[0]
    lines = doc.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith(heading)]
    assert starts, f"no heading {heading!r}"
    start = starts[0]
    end = len(lines)
    for index in range(start + 1, len(lines)):
        hashes = lines[index].split(" ")[0]
        if set(hashes) == {"#"} and len(hashes) <= len(level):
            end = index
            break
    return "\n".join(lines[start + 1 : end])


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the first Markdown table in ``text``, as stripped cells."""
    rows: list[list[str]] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if set("".join(cells)) <= set("-: "):
            continue  # the separator row
        rows.append(cells)
    return rows[1:]  # without the header


def first_column_ids(text: str) -> list[str]:
    return [m.group(1) for row in table_rows(text) for m in [_ID.fullmatch(row[0])] if m]


def ids_in(text: str, paragraphs: int = 1) -> set[str]:
    """The ids listed in the first ``paragraphs`` paragraphs of ``text`` (the lists; the notes
    after them may name switches and other things)."""
    listed = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()][:paragraphs]
    return set(_ID.findall("\n".join(listed)))


# ---------------------------------------------------------------------------- the examples

API_TEXT = _text(API)
EXAMPLES = examples(API_TEXT)


def _example_id(pair: tuple[dict[str, Any], dict[str, Any]]) -> str:
    request, _result = pair
    return f"{request.get('hand')}+{request.get('win')}"


def test_every_json_block_is_json() -> None:
    for info, body in fenced_blocks(API_TEXT):
        if info.split()[:1] == ["json"]:
            json.loads(body)  # raises on a block that is not JSON


def test_the_contract_shows_its_examples() -> None:
    assert len(EXAMPLES) >= 20
    codes = {result["error"]["code"] for _r, result in EXAMPLES if not result["ok"]}
    # An example for each error a request can get (invalid_record belongs to game records).
    assert codes == set(error_codes_in_the_code()) - {"invalid_record"}


@pytest.mark.parametrize(("request_", "stated"), EXAMPLES, ids=[_example_id(p) for p in EXAMPLES])
def test_each_example_scores_as_the_contract_states(
    request_: dict[str, object], stated: dict[str, object]
) -> None:
    assert score_request(request_, steps=False) == stated


def test_an_example_with_a_wrong_number_is_caught() -> None:
    """The comparison above is exact: one number changed in a stated result is a failure."""
    request, stated = next((r, s) for r, s in EXAMPLES if s["ok"])
    wrong = json.loads(json.dumps(stated))
    wrong["payments"]["total"] += 100
    assert score_request(request, steps=False) == stated
    assert score_request(request, steps=False) != wrong


def test_a_request_without_its_result_is_caught() -> None:
    doc = '```json request\n{"hand": "123m", "win": "1m"}\n```\n\ntext\n'
    with pytest.raises(AssertionError, match="no ```json result"):
        examples(doc)


# ---------------------------------------------------------------------------- names and ids


def test_the_request_fields_are_the_engines() -> None:
    fields = first_column_ids(section(API_TEXT, "## 2."))
    assert len(fields) == len(set(fields))
    assert set(fields) == set(REQUEST_ATTRIBUTES)


def test_the_yaku_ids_are_the_engines() -> None:
    documented = ids_in(section(API_TEXT, "### Yaku ids"), paragraphs=3)
    assert documented == set(YAKU_BY_ID) | set(_DORA_RANK)


def test_the_fu_item_ids_are_the_engines() -> None:
    assert ids_in(section(API_TEXT, "### Fu item ids")) == set(FU_RULES)


def test_the_limit_names_are_the_engines() -> None:
    assert ids_in(section(API_TEXT, "### Limit names")) == set(LIMIT_BASE)


def test_the_presets_are_the_engines() -> None:
    assert first_column_ids(section(API_TEXT, "### Presets")) == list(ALL_PRESETS)


def test_the_switches_are_the_engines() -> None:
    assert first_column_ids(section(API_TEXT, "### Switches")) == list(Rules().switches())


def error_codes_in_the_code() -> list[str]:
    """Every error code the product can answer with, read from its sources."""
    found: set[str] = set()
    pattern = re.compile(r'(?:EngineError\(\s*|"code": |^[A-Z] = )"([a-z_]+)"', re.M)
    for path in [*(REPO / "scorer").rglob("*.py"), REPO / "config" / "guard.py"]:
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return sorted(found)


def test_the_error_codes_are_the_codes() -> None:
    codes = error_codes_in_the_code()
    assert "invalid_record" in codes  # the pattern finds codes in the engine and beside it
    assert "not_winning" in codes
    assert first_column_ids(section(API_TEXT, "## 6.")) == [
        "invalid_notation",
        "invalid_tiles",
        "not_winning",
        "no_yaku",
        "invalid_situation",
        "invalid_rules",
        "invalid_record",
    ]
    assert set(first_column_ids(section(API_TEXT, "## 6."))) == set(codes)


# ---------------------------------------------------------------------------- RULES.md numbers

RULES_TEXT = _text(RULES)


def _value(cell: str) -> object:
    if cell in ("on", "off"):
        return cell == "on"
    return int(cell) if cell.isdigit() else cell


def test_the_preset_table_holds_each_presets_switches() -> None:
    text = section(RULES_TEXT, "## 7.")
    header = next(line for line in text.splitlines() if line.startswith("| switch"))
    presets = [cell.strip() for cell in header.strip().strip("|").split("|")][1:]
    assert presets == list(ALL_PRESETS)
    rows = table_rows(text)
    assert [row[0].strip("`") for row in rows] == list(Rules().switches())
    for row in rows:
        switch = row[0].strip("`")
        for preset, cell in zip(presets, row[1:], strict=True):
            assert _value(cell) == ALL_PRESETS[preset].switches()[switch], (preset, switch)


def _han(cell: str) -> int:
    return 0 if cell == "–" else int(cell)


def test_the_yaku_table_holds_the_engines_han() -> None:
    rows = table_rows(section(RULES_TEXT, "## 3."))
    table = {row[0].strip("`"): (_han(row[2]), _han(row[3])) for row in rows}
    assert table == {y.id: (y.closed_han, y.open_han) for y in YAKU}


def test_the_yakuman_table_holds_the_engines_yakuman() -> None:
    text = section(RULES_TEXT, "## 3.")
    start = text.index("| yakuman |")
    rows = table_rows(text[start:])
    table = {row[0].strip("`"): (row[2], row[3]) for row in rows}
    assert table == {
        y.id: ("closed" if not y.open_han else "open", "yes" if y.double else "no") for y in YAKUMAN
    }
    assert all(y.closed_han == 13 for y in YAKUMAN)


def test_the_fu_table_holds_the_engines_fu() -> None:
    rows = table_rows(section(RULES_TEXT, "## 2."))
    assert {row[0].strip("`"): int(row[1]) for row in rows} == {
        item: fu for item, (fu, _text) in FU_RULES.items()
    }


def test_the_limit_table_holds_the_engines_base_points() -> None:
    rows = table_rows(section(RULES_TEXT, "## 4."))
    assert {row[0].strip("`"): int(row[2].replace(",", "")) for row in rows} == LIMIT_BASE


# ---------------------------------------------------------------------------- HTML hooks


def _page_sources() -> Iterator[Path]:
    """Templates and the Python that writes HTML (format_html) in the product."""
    for root in ("scorer", "tutor", "templates"):
        yield from (REPO / root).rglob("*.html")
        yield from (REPO / root).rglob("*.py")


def hooks_in_pages() -> tuple[set[str], str]:
    """The ``data-testid`` values on the pages, and the pages' sources as one text."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in _page_sources())
    return set(_TESTID.findall(text)), text


def hook_gaps(doc: str) -> tuple[set[str], set[str]]:
    """(named in section 11 of ``doc`` but on no page, on a page but not named there)."""
    documented = set(_TESTID.findall(section(doc, "## 11.")))
    in_pages, _pages = hooks_in_pages()
    return documented - in_pages, in_pages - documented


def test_every_testid_of_the_contract_is_on_a_page_and_back() -> None:
    on_no_page, not_named = hook_gaps(API_TEXT)
    assert on_no_page == set(), "named in docs/API.md section 11 but on no page"
    assert not_named == set(), "on a page: name it in docs/API.md section 11"


def test_a_hook_gap_is_caught_both_ways() -> None:
    doc = API_TEXT.replace('`data-testid="calc-limit"`', '`data-testid="calc-limits"`')
    assert doc != API_TEXT
    assert hook_gaps(doc) == ({"calc-limits"}, {"calc-limit"})


def test_every_other_hook_of_the_contract_is_on_a_page() -> None:
    hooks = section(API_TEXT, "## 11.")
    _ids, pages = hooks_in_pages()
    attributes = set(re.findall(r"`?(data-[a-z-]+)", hooks)) - {"data-testid"}
    assert len(attributes) > 15
    missing = {name for name in attributes if f"{name}=" not in pages}
    # Exact attribute values the contract quotes (id="kita", name="unnuki", data-differs="1").
    for quoted in re.findall(r'`((?:id|name|data-[a-z-]+)="[^"<{]+")`', hooks):
        if not quoted.startswith("data-testid") and quoted not in pages:
            missing.add(quoted)
    assert missing == set()


# ---------------------------------------------------------------------------- typed answers

_CODE = re.compile(r"`([^`]+)`")


def answer_examples(doc: str) -> list[tuple[str, str, str]]:
    """The rows (typed, want, read as) of the table in ``### Typed answers``: ``read as`` is the
    stored form, or ``refused: <code>``."""
    text = section(doc, "### Typed answers")
    rows = table_rows(text[text.index("| typed |") :])
    out = []
    for row in rows:
        typed, want = (_CODE.fullmatch(cell) for cell in row[:2])
        assert typed, f"a typed answer without its backticks: {row}"
        assert want, f"a want without its backticks: {row}"
        read = row[2]
        refused = re.fullmatch(r"refused: `([a-z_]+)`", read)
        stored = refused or _CODE.fullmatch(read)
        assert stored, f"neither a stored form nor a refusal: {row}"
        out.append((typed[1], want[1], f"refused: {stored[1]}" if refused else stored[1]))
    return out


def read_as(typed: str, want: str) -> str:
    """What ``scorer.answers`` makes of ``typed``, written as the table writes it."""
    try:
        return parse_points(typed, Want(want)).stored
    except AnswerError as error:
        return f"refused: {error.code}"


ANSWERS = answer_examples(API_TEXT)


@pytest.mark.parametrize(
    ("typed", "want", "stated"), ANSWERS, ids=[f"{t}|{w}" for t, w, _s in ANSWERS]
)
def test_each_typed_answer_reads_as_the_contract_states(typed: str, want: str, stated: str) -> None:
    assert read_as(typed, want) == stated


def test_the_typed_answers_cover_the_grammar() -> None:
    """Every kind of question and a refusal of each code but length appear in the table, and
    the section names every code."""
    assert len(ANSWERS) >= 30
    assert {want for _t, want, _s in ANSWERS} == {w.value for w in Want}
    refused = {
        stated.removeprefix("refused: ") for _t, _w, stated in ANSWERS if "refused" in stated
    }
    assert refused == set(AnswerError.MESSAGES) - {"too_long"}
    text = section(API_TEXT, "### Typed answers")
    assert all(f"`{code}`" in text for code in AnswerError.MESSAGES)


def test_a_typed_answer_stated_wrong_is_caught() -> None:
    doc = API_TEXT.replace(
        "| `1300/2600` | `split` | `1300/2600` |", "| `1300/2600` | `split` | `2600/1300` |"
    )
    assert doc != API_TEXT
    wrong = [row for row in answer_examples(doc) if read_as(row[0], row[1]) != row[2]]
    assert wrong == [("1300/2600", "split", "2600/1300")]


# ---------------------------------------------------------------------------- links


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_links_between_the_documents_resolve() -> None:
    for doc in (API, RULES, REPO / "README.md", REPO / "tests" / "data" / "README.md"):
        text = _text(doc)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path_part, _hash, anchor = target.partition("#")
            path = (doc.parent / path_part).resolve() if path_part else doc
            assert path.is_file(), f"{doc.name}: {target}"
            if anchor and path.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", _text(path), re.M)
                assert anchor in {_slug(h) for h in headings}, f"{doc.name}: {target}"


def test_nothing_points_beside_the_repository_or_at_removed_docs() -> None:
    sources = [
        REPO / "README.md",
        *DOCS.glob("*.md"),
        *(
            path
            for root in ("scorer", "tutor", "config", "tests", "bench", "tools")
            for path in (REPO / root).rglob("*.py")
        ),
    ]
    beside = re.compile(r"\.\./shared|/work/shared")
    named_doc = re.compile(r"\bdocs/([\w.-]+\.md)\b")
    offenders = []
    for path in sources:
        if path == Path(__file__) or path.name == "test_stands_alone.py":
            continue
        text = path.read_text(encoding="utf-8")
        if beside.search(text):
            offenders.append(f"{path.relative_to(REPO)}: a folder beside the repository")
        for name in named_doc.findall(text):
            if not (DOCS / name).is_file():
                offenders.append(f"{path.relative_to(REPO)}: docs/{name} does not exist")
    assert offenders == []
