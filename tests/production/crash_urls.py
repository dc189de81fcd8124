"""The real URLs plus one view that fails, to see how a 500 is logged (tests only)."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import urlpatterns as real_urlpatterns


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("boom for the log test")


urlpatterns = [path("boom-for-tests", boom), *real_urlpatterns]
