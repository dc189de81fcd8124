from django.urls import path

from tutor import views

urlpatterns = [
    path("", views.index, name="index"),
]
