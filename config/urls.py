"""Root URLs: the scorer (picker, API) at the top, the tutor under /tutor/."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("scorer.urls")),
    path("tutor/", include("tutor.urls")),
    path("accounts/", include("tutor.accounts.urls")),
    path("admin/", admin.site.urls),
]
