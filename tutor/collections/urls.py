"""Saved hands under /tutor/collections/ (namespace "tutor")."""

from django.urls import path

from tutor.collections import views

urlpatterns = [
    path("", views.collection_list, name="collections"),
    path("new", views.collection_create, name="collection_create"),
    path("save", views.hand_save, name="hand_save"),
    path("<str:public_id>/", views.collection_detail, name="collection"),
    path("<str:public_id>/move", views.collection_move, name="collection_move"),
    path("<str:public_id>/rename", views.collection_rename, name="collection_rename"),
    path("<str:public_id>/delete", views.collection_delete, name="collection_delete"),
    path("<str:public_id>/hands/<int:hand_id>/move", views.hand_move, name="hand_move"),
    path("<str:public_id>/hands/<int:hand_id>/delete", views.hand_delete, name="hand_delete"),
    path("<str:public_id>/hands/restore", views.hand_restore, name="hand_restore"),
]
