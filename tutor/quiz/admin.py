from django.contrib import admin

from tutor.quiz.models import Answer, ItemProgress


@admin.register(ItemProgress)
class ItemProgressAdmin(admin.ModelAdmin[ItemProgress]):
    list_display = ("learner", "key", "box", "due", "attempts", "correct", "streak")
    list_filter = ("kind", "box")


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin[Answer]):
    list_display = ("learner", "kind", "key", "correct", "created")
    list_filter = ("kind", "correct")
