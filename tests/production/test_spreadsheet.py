"""CSV cells never read as a formula, whatever the spreadsheet's locale or list separator."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from config.spreadsheet import SEPARATORS, SPACE, TRIGGERS, safe_cell
from tests.classroom.conftest import World, _fast_passwords, world
from tests.classroom.test_assignments import assign

__all__ = ["_fast_passwords", "world"]  # the classroom's fixtures, used here too


@pytest.mark.parametrize(
    ("text", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("＝1+1", "'＝1+1"),  # full-width, as typed with a Japanese IME
        ("＋1", "'＋1"),
        ("－1", "'－1"),
        ("＠x", "'＠x"),
        ("  =1+1", "'  =1+1"),  # after trimming
        ("\u3000=1+1", "'\u3000=1+1"),
        ("a;=1+1", "a;'=1+1"),  # Excel in a ";" locale splits here
        ("x;=1+1", "x;'=1+1"),
        ("a,=1+1", "a,'=1+1"),
        ("a\t=1+1", "a\t'=1+1"),
        ("a; =1+1", "a;' =1+1"),
        ("a；＝1", "a；'＝1"),
        ("\t=1", "\t'=1"),
        ("\r=1", "\r'=1"),
        ("Aki", "Aki"),
        ("Aki-chan", "Aki-chan"),
        ("1,300/2,600", "1,300/2,600"),
        ("", ""),
    ],
)
def test_cells(text: str, safe: str) -> None:
    assert safe_cell(text) == safe


@given(st.text(alphabet=st.sampled_from(list("=+-@＝＋－＠,;\t，；\r\n a1　")), max_size=12))
def test_no_piece_of_any_cell_starts_a_formula(text: str) -> None:
    cell = safe_cell(text)
    for i, piece in enumerate(SEPARATORS.split(cell)):
        if i % 2 == 0:
            assert piece.lstrip(SPACE)[:1] not in TRIGGERS, (text, cell)
    assert cell.replace("'", "") == text.replace("'", "")


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["x;=1+1", "＝1+1", "a,=1+1", " +1", "a\t@x"])
def test_the_assignment_csv_neutralises_every_formula(world: World, name: str) -> None:
    a = assign(world, count="1")
    member = world.member("Aki")
    member.display_name = name
    member.save()
    body = world.teacher.get(f"/tutor/class/{a.classroom_id}/a/{a.pk}/results.csv")
    assert safe_cell(name) in body.content.decode()
    assert safe_cell(name) != name
