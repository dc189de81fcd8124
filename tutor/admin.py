"""Admin registrations live beside each feature's models; Django's autodiscovery imports this."""

from tutor.accounts import admin as accounts_admin
from tutor.quiz import admin as quiz_admin

__all__ = ["accounts_admin", "quiz_admin"]
