"""Quiz URLs under /tutor/quiz/ (namespace "tutor", names prefixed quiz_)."""

from django.urls import path

from tutor.quiz import views

urlpatterns = [
    path("", views.quiz_index, name="quiz_index"),
    path("progress/", views.quiz_progress, name="quiz_progress"),
    path("<slug:kind>/", views.quiz_question, name="quiz_question"),
    path("<slug:kind>/answer/", views.quiz_answer, name="quiz_answer"),
]
