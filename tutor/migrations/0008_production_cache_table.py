"""The database cache's table (settings.CACHE_TABLE): production without REDIS_URL keeps the flood
counters there, shared by every worker and server. Made whatever the cache setting of the process
that migrates (Django's createcachetable makes only the configured ones), so a database migrated by
any process serves a production server; kept on the way back (it holds only counters)."""

from typing import Any, ClassVar

from django.conf import settings
from django.core.management.commands.createcachetable import Command
from django.db import migrations


def make_cache_table(apps: Any, schema_editor: Any) -> None:
    command = Command()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, settings.CACHE_TABLE, dry_run=False)


class Migration(migrations.Migration):
    dependencies: ClassVar = [
        ("tutor", "0007_review_game_facts"),
    ]

    operations: ClassVar = [
        migrations.RunPython(make_cache_table, migrations.RunPython.noop, elidable=False),
    ]
