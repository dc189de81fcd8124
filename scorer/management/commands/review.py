"""``manage.py review FILE``: read a game record, print one line per hand (and per win, Tenhou's
result beside Tenbo's), exit 1 on any disagreement, 2 when the record cannot be read."""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from scorer.gamelog import MAX_RECORD_BYTES, RecordError, read_record
from scorer.gamelog.check import check_game


class Command(BaseCommand):
    help = (
        "Review a Tenhou game record (.mjlog, or tenhou.net/6 JSON): one line per hand, each "
        "win's recorded result beside Tenbo's; exit status 1 on any disagreement."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the record ('-' reads stdin)")

    def handle(self, *args: Any, **options: Any) -> None:
        name = str(options["file"])
        try:
            if name == "-":
                data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
            else:
                with Path(name).open("rb") as handle:
                    data = handle.read(MAX_RECORD_BYTES + 1)
            game = read_record(data)
        except OSError as exc:
            self.stderr.write(f"{name}: {exc.strerror or exc}")
            sys.exit(2)
        except RecordError as exc:
            self.stderr.write(f"{name}: {exc}")
            sys.exit(2)
        checked = {id(c.win): c for c in check_game(game)}
        bad = 0
        for hand in game.hands:
            before = " ".join(str(s) for s in hand.scores_before)
            after = " ".join(str(s) for s in hand.scores_after)
            line = f"{hand.number:>3} {hand.label():<20} {hand.end:<16} {before} -> {after}"
            parts = []
            for win in hand.wins:
                item = checked[id(win)]
                rec = win.recorded
                how = "tsumo" if win.tsumo else f"ron from {game.players[win.from_who]}"
                verdict = "agrees" if item.agrees else "DIFFERS: " + "; ".join(item.differences)
                parts.append(
                    f"{game.players[win.who]} {how}: {rec.fu} fu {rec.han} han {rec.points}"
                    f" [{win.request['hand']} + {win.request['win']}] {verdict}"
                )
                bad += not item.agrees
            self.stdout.write(line + ("  " + " | ".join(parts) if parts else ""))
        wins = len(checked)
        self.stdout.write(f"{len(game.hands)} hands, {wins} wins, {wins - bad} agree")
        if bad:
            sys.exit(1)
