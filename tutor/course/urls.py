"""Course URLs under /tutor/: the landing page, lessons, glossary and tables."""

from django.urls import path

from tutor.course import views

urlpatterns = [
    path("", views.index, name="index"),
    path("lessons/", views.lessons, name="lessons"),
    path("lessons/<slug:slug>", views.lesson, name="lesson"),
    path("glossary", views.glossary, name="glossary"),
    path("tables", views.tables, name="tables"),
]
