from django.contrib import admin

from tutor.accounts.models import Learner


@admin.register(Learner)
class LearnerAdmin(admin.ModelAdmin[Learner]):
    list_display = ("id", "user", "is_teacher", "created")
    list_filter = ("is_teacher",)
    list_editable = ("is_teacher",)
