"""config.settings with the crash view's URLs (tests/production/test_logging.py)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.production.crash_urls"
