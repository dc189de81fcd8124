"""Root URLs. Pages are language-prefixed (config/i18n.py): English unprefixed, Japanese under
/ja/ — the scorer's pages at the top, the tutor under /tutor/, accounts under /accounts/. What is
not a page keeps one URL in every language: the JSON API, the admin, the language switch."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from config.converters import bound
from scorer import api, games_api

# Every integer path parameter bounded to the database's range, every text one free of NUL and
# of bounded length (config/converters.py): beyond them a route does not match (404).
urlpatterns = bound(
    [
        path("api/score", api.score, name="api_score"),
        path("api/games", games_api.games, name="api_games"),
        path("admin/", admin.site.urls),
        path("i18n/setlang/", set_language, name="set_language"),
        # The web app manifest and the service worker (tutor/path/pwa.py): one URL for both
        # languages, the worker at the root so that its scope is the whole site.
        path("", include("tutor.path.pwa_urls")),
        *i18n_patterns(
            path("", include("scorer.urls")),
            path("tutor/", include("tutor.urls")),
            path("accounts/", include("tutor.accounts.urls")),
            prefix_default_language=False,
        ),
    ]
)

# A full disk answers "storage full" (503, Retry-After) instead of the 500 page (config/sqlite.py).
handler500 = "config.sqlite.server_error"
