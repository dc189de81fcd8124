"""Every page that loads htmx settles a swap at once (defaultSettleDelay 0). htmx wires up the
hx-* attributes of swapped-in content when it settles; with its default 20 ms delay a change made
just after a swap (a keyboard user moving on through the tables' rule menus) was not heard, which
a browser run caught on the tables page (tests/browser/test_tables_sanma.py)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

PAGES = [
    "/",
    "/calc",
    "/tutor/tables",
    "/tutor/quiz/table/?seed=1",
    "/tutor/explain",
    "/ja/tutor/tables",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_a_swap_settles_at_once(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    assert "htmx" in page
    # htmx reads the first htmx-config on the page: that one must say it.
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', page)
    assert config, url
    assert json.loads(config.group(1))["defaultSettleDelay"] == 0
