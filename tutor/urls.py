"""Tutor URLs (namespace "tutor"): each feature subpackage brings its own URL module."""

from django.urls import include, path

app_name = "tutor"
urlpatterns = [
    path("", include("tutor.course.urls")),
    path("", include("tutor.walkthrough.urls")),
    path("quiz/", include("tutor.quiz.urls")),
    path("collections/", include("tutor.collections.urls")),
    path("class/", include("tutor.classroom.urls")),
    path("review/", include("tutor.review.urls")),
    path("", include("tutor.path.urls")),
]
