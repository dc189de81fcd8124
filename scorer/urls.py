from django.urls import path

from scorer import api, views

app_name = "scorer"
urlpatterns = [
    path("", views.picker_view, name="picker"),
    path("api/score", api.score, name="api_score"),
    path("calc", views.calc_view, name="calc"),
]
