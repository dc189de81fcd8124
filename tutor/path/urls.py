"""The path's URLs under /tutor/ (namespace "tutor"): the path, Today, the hand of the day."""

from django.urls import path

from tutor.path import views

urlpatterns = [
    path("today/", views.today, name="today"),
    path("today/settings", views.today_settings, name="today_settings"),
    path("daily/", views.path_daily, name="path_daily"),
    path("daily/answer", views.path_daily_answer, name="path_daily_answer"),
    path("offline/", views.offline, name="offline"),
    path("path/", views.path_index, name="path_index"),
    path("path/placement/", views.path_placement, name="path_placement"),
    path("path/placement/answer", views.path_placement_answer, name="path_placement_answer"),
    path("path/exam/", views.path_exam, name="path_exam"),
    path("path/exam/answer", views.path_exam_answer, name="path_exam_answer"),
    path("path/read/<slug:lesson>", views.path_read, name="path_read"),
    path("path/<slug:slug>/", views.path_unit, name="path_unit"),
    path("path/<slug:slug>/check/", views.path_check, name="path_check"),
    path("path/<slug:slug>/check/answer", views.path_check_answer, name="path_check_answer"),
    path("path/<slug:slug>/check/debrief", views.path_check_debrief, name="path_check_debrief"),
]
