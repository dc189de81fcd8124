from django.urls import path

from tutor import views

app_name = "tutor"
urlpatterns = [
    path("", views.index, name="index"),
]
