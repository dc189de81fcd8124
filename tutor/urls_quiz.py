"""Quiz URLs under /tutor/quiz/ (namespace "tutor", names prefixed quiz_)."""

from django.urls import path

from tutor import views_quiz

urlpatterns = [
    path("", views_quiz.quiz_index, name="quiz_index"),
    path("progress/", views_quiz.quiz_progress, name="quiz_progress"),
    path("<slug:kind>/", views_quiz.quiz_question, name="quiz_question"),
    path("<slug:kind>/answer/", views_quiz.quiz_answer, name="quiz_answer"),
]
