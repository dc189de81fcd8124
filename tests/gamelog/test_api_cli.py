"""POST /api/games and manage.py review."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.management import call_command

from scorer.gamelog import MAX_RECORD_BYTES
from tests.conftest import LOGS

PAO = (LOGS / "pao-tsumo.mjlog").read_bytes()


def post(client, body: bytes, content_type: str = "application/xml"):
    return client.post("/api/games", data=body, content_type=content_type)


def test_api_reads_a_record(client):
    response = post(client, PAO)
    assert response.status_code == 200
    data = response.json()
    assert data["ok"] is True
    assert data["summary"] == {"hands": 5, "wins": 5, "agree": 5}
    assert len(data["players"]) == 4
    last = data["hands"][-1]["wins"][0]
    assert last["request"]["pao"] == "2z"
    assert last["computed"]["payments"]["pao"] == 32000
    assert last["recorded"]["deltas"] == [-32000, 0, 32000, 0]
    assert last["agrees"] is True


def test_api_reads_gzip_and_a_json_wrapper(client):
    assert post(client, gzip.compress(PAO), "application/octet-stream").json()["ok"]
    body = json.dumps({"record": PAO.decode()}).encode()
    assert post(client, body, "application/json").json()["summary"]["wins"] == 5


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"not a record", "not a game record"),
        (PAO[:500], "well-formed"),
        (PAO.replace(b"<T132/>", b"<T136/>"), "136"),
        (b'<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>', "DTD"),
        (b"{not json", "not valid JSON"),
    ],
)
def test_api_bad_records_are_400_with_the_error_object(client, body, words):
    response = post(client, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_record"
    assert error["field"] == "record"
    assert words in error["message"]


def test_api_refuses_a_record_over_the_limit(client):
    response = post(client, b"<mjloggm>" + b" " * MAX_RECORD_BYTES + b"</mjloggm>")
    assert response.status_code == 400
    assert "larger than" in response.json()["error"]["message"]


def test_api_refuses_a_gzip_bomb(client):
    bomb = gzip.compress(b"<mjloggm>" + b" " * (20 * MAX_RECORD_BYTES))
    assert len(bomb) < MAX_RECORD_BYTES
    response = post(client, bomb, "application/octet-stream")
    assert response.status_code == 400
    assert "larger than" in response.json()["error"]["message"]


def test_api_refuses_a_form_and_a_get(client):
    assert client.post("/api/games", {"record": "x"}).status_code == 400
    assert client.get("/api/games").status_code == 405


def test_cli_prints_a_line_per_hand_and_exits_zero(capsys):
    call_command("review", str(LOGS / "double-ron.mjlog"))
    out = capsys.readouterr().out.splitlines()
    assert out[-1].endswith("agree")
    assert any("double_ron" in line for line in out)
    hands, _wins = out[-1].split(", ")[:2]
    assert len(out) == int(hands.split()[0]) + 1


def test_cli_exits_non_zero_on_a_disagreement(tmp_path, capsys):
    # Tenhou's recorded points changed: the engine's 12,000 no longer agrees.
    wrong = PAO.replace(b'ten="30,12000,1"', b'ten="30,11000,1"')
    path = tmp_path / "wrong.mjlog"
    path.write_bytes(wrong)
    with pytest.raises(SystemExit) as info:
        call_command("review", str(path))
    assert info.value.code == 1
    assert "DIFFERS: points 12000 != recorded 11000" in capsys.readouterr().out


def test_cli_exits_two_on_an_unreadable_record(tmp_path, capsys):
    path = tmp_path / "bad.mjlog"
    path.write_bytes(b"<mjloggm><INIT/></mjloggm>")
    with pytest.raises(SystemExit) as info:
        call_command("review", str(path))
    assert info.value.code == 2
    assert "hand 1, tag <INIT>" in capsys.readouterr().err


def test_api_reads_the_tenhou6_json(client):
    from tests.gamelog.tenhou6_from_mjlog import convert

    body = json.dumps(convert(PAO.decode()), ensure_ascii=False).encode()
    data = post(client, body, "application/json").json()
    assert data["source"] == "tenhou6"
    assert data["summary"] == {"hands": 5, "wins": 5, "agree": 5}


def test_api_reads_a_record_larger_than_the_form_limit(client):
    # Form bodies stop at 64 kB (DATA_UPLOAD_MAX_MEMORY_SIZE); a record body has its own limit.
    padded = PAO.replace(b"</mjloggm>", b" " * 200_000 + b"</mjloggm>")
    response = post(client, padded)
    assert response.status_code == 200
    assert response.json()["summary"]["wins"] == 5
