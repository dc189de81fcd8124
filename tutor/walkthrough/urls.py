"""Walkthrough URL under /tutor/."""

from django.urls import path

from tutor.walkthrough import views

urlpatterns = [
    path("explain", views.explain, name="explain"),
]
