"""WSGI entry point (gunicorn config.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# A Content-Type charset that is no text encoding is dropped before Django reads it (guard.py).
from config.guard import text_charset_only

application = text_charset_only(get_wsgi_application())
