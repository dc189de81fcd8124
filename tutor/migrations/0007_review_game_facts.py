"""Reviewed games keep their id and the facts the list shows (issue 30 item 9); the games
imported before are read once to fill them (a record that no longer reads keeps none)."""

from typing import Any, ClassVar

from django.db import migrations, models


def fill(apps: Any, schema_editor: Any) -> None:
    from scorer.gamelog import RecordError, read_record

    games = apps.get_model("tutor", "ReviewedGame")
    for stored in games.objects.all().iterator():
        try:
            game = read_record(stored.record)
        except RecordError:
            continue
        rules = game.rules
        stored.log_id = game.log_id
        stored.meta = {
            "played": game.played,
            "platform": rules.platform,
            "room": rules.room,
            "players": rules.players,
            "hanchan": rules.hanchan,
            "red_fives": rules.red_fives,
            "open_tanyao": rules.open_tanyao,
            "fast": rules.fast,
        }
        stored.save(update_fields=["log_id", "meta"])


class Migration(migrations.Migration):
    dependencies: ClassVar = [
        ("tutor", "0006_classroom_live_reports"),
    ]

    operations: ClassVar = [
        migrations.AddField(
            model_name="reviewedgame",
            name="log_id",
            field=models.CharField(blank=True, default="", max_length=64, verbose_name="game id"),
        ),
        migrations.AddField(
            model_name="reviewedgame",
            name="meta",
            field=models.JSONField(blank=True, default=dict, verbose_name="game facts"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
