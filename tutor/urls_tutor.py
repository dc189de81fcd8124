from django.urls import path

from tutor import views

urlpatterns = [
    path("", views.index, name="index"),
    path("explain", views.explain, name="explain"),
    path("lessons/", views.lessons, name="lessons"),
    path("lessons/<slug:slug>", views.lesson, name="lesson"),
    path("glossary", views.glossary, name="glossary"),
    path("tables", views.tables, name="tables"),
]
