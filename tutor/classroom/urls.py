"""Classroom URLs under /tutor/class/ (namespace "tutor")."""

from django.urls import path

from tutor.classroom import views

urlpatterns = [
    path("", views.classes, name="classes"),
    path("new", views.class_create, name="class_create"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join_code, name="join_code"),
    path("live/new", views.live_new, name="live_new"),
    path("<int:pk>/", views.class_page, name="class"),
    path("<int:pk>/code", views.class_code, name="class_code"),
    path("<int:pk>/rename", views.class_rename, name="class_rename"),
    path("<int:pk>/regenerate", views.class_regenerate, name="class_regenerate"),
    path("<int:pk>/students/<int:member>/rename", views.student_rename, name="student_rename"),
    path("<int:pk>/students/<int:member>/remove", views.student_remove, name="student_remove"),
    path("<int:pk>/assign", views.assignment_new, name="assignment_new"),
    path("<int:pk>/a/<int:aid>/", views.assignment_page, name="assignment"),
    path("<int:pk>/a/<int:aid>/answer", views.assignment_answer, name="assignment_answer"),
    path("<int:pk>/a/<int:aid>/edit", views.assignment_edit, name="assignment_edit"),
    path("<int:pk>/a/<int:aid>/delete", views.assignment_delete, name="assignment_delete"),
    path("<int:pk>/a/<int:aid>/preview", views.assignment_preview, name="assignment_preview"),
    path("<int:pk>/a/<int:aid>/results.csv", views.assignment_csv, name="assignment_csv"),
    path("<int:pk>/live/", views.live_projector, name="live"),
    path("<int:pk>/live/panel", views.live_panel, name="live_panel"),
    path("<int:pk>/live/reveal", views.live_reveal, name="live_reveal"),
    path("<int:pk>/live/next", views.live_next, name="live_next"),
    path("<int:pk>/live/end", views.live_end, name="live_end"),
    path("<int:pk>/live/play", views.live_play, name="live_play"),
    path("<int:pk>/live/state", views.live_state, name="live_state"),
    path("<int:pk>/live/answer", views.live_answer, name="live_answer"),
    path("<int:pk>/live/banner", views.live_banner, name="live_banner"),
    path("<int:pk>/live/lobby", views.live_lobby, name="live_lobby"),
    path("<int:pk>/lessons/<int:lid>/", views.lesson_report, name="lesson_report"),
    path("<int:pk>/lessons/<int:lid>/report.csv", views.lesson_csv, name="lesson_csv"),
]
