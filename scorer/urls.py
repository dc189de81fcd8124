"""The scorer's pages (namespace "scorer"); the JSON API is routed in config/urls.py, outside the
language prefix."""

from django.urls import path

from scorer import views

app_name = "scorer"
urlpatterns = [
    path("", views.picker_view, name="picker"),
    path("calc", views.calc_view, name="calc"),
]
