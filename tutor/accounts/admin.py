from django.contrib import admin

from tutor.accounts.models import Learner


@admin.register(Learner)
class LearnerAdmin(admin.ModelAdmin[Learner]):
    list_display = ("id", "user", "created")
