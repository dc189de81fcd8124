"""Requests under /ja/ leave Japanese active in the thread (LocaleMiddleware never deactivates):
put English back after each test, so later tests that call reverse() or gettext outside a request
see the default language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language_after() -> Iterator[None]:
    yield
    translation.activate(settings.LANGUAGE_CODE)
