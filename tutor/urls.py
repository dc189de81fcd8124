"""Tutor URLs: walkthroughs, lessons and tables (urls_tutor), quizzes (urls_quiz)."""

from django.urls import include, path

app_name = "tutor"
urlpatterns = [
    path("", include("tutor.urls_tutor")),
    path("quiz/", include("tutor.urls_quiz")),
]
