"""Game review under /tutor/review/ (namespace "tutor")."""

from django.urls import path

from tutor.review import views

urlpatterns = [
    path("", views.review_index, name="review"),
    path("import", views.review_import, name="review_import"),
    path("sample", views.review_sample, name="review_sample"),
    path("<str:public_id>/", views.review_game, name="review_game"),
    path("<str:public_id>/seat", views.review_seat, name="review_seat"),
    path("<str:public_id>/share", views.review_share, name="review_share"),
    path("<str:public_id>/collect", views.review_collect, name="review_collect"),
    path("<str:public_id>/delete", views.review_delete, name="review_delete"),
    path("<str:public_id>/hands/<int:number>/", views.review_replay, name="review_replay"),
    path("<str:public_id>/quiz/", views.review_quiz_start, name="review_quiz_start"),
    path("<str:public_id>/quiz/summary", views.review_quiz_summary, name="review_quiz_summary"),
    path("<str:public_id>/quiz/<int:number>/", views.review_quiz, name="review_quiz"),
    path(
        "<str:public_id>/quiz/<int:number>/answer",
        views.review_quiz_answer,
        name="review_quiz_answer",
    ),
]
