"""``manage.py score``: score one hand from arguments, or a JSON-lines batch from stdin."""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scorer.engine import ALL_PRESETS, score_request, steps_flag
from scorer.engine.request import BOOL_FIELDS, EngineError


class Command(BaseCommand):
    help = (
        'Score a riichi mahjong hand. One hand: score "234m234m456p55s68p" --win 7p --tsumo '
        "--riichi. Batch: score --jsonl < requests.jsonl (one API request object per line, one "
        "result per line, in order)."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("hand", nargs="?", help="Extended MPSZ, without the winning tile")
        parser.add_argument("--jsonl", action="store_true", help="read requests from stdin")
        parser.add_argument("--win", help="the winning tile, e.g. 5p")
        for name in BOOL_FIELDS:
            parser.add_argument(f"--{name.replace('_', '-')}", dest=name, action="store_true")
        parser.add_argument("--seat", default="1z", help="seat wind 1z-4z (1z = dealer)")
        parser.add_argument("--round", default="1z", help="round wind 1z-4z")
        parser.add_argument("--dora", default="", help="dora indicators, e.g. 1m5z")
        parser.add_argument("--ura", default="", help="ura dora indicators")
        parser.add_argument("--honba", type=int, default=0)
        parser.add_argument("--sticks", type=int, default=0)
        parser.add_argument("--rules", default="tenhou", help=f"one of {', '.join(ALL_PRESETS)}")
        parser.add_argument(
            "--steps",
            nargs="?",
            const="1",
            default=None,
            choices=("0", "1"),
            help="one hand: print the explanation too (off unless given); --jsonl: --steps 0 "
            "leaves the steps out of every result (a line's own 'steps' field wins)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["jsonl"]:
            self._batch(steps_flag(options["steps"]))
            return
        if not options["hand"]:
            raise CommandError("give a hand (e.g. 234m234m456p55s68p --win 7p) or --jsonl")
        request: dict[str, object] = {
            key: options[key]
            for key in ("hand", "win", "seat", "round", "dora", "ura", "honba", "sticks")
        }
        request.update({name: options[name] for name in BOOL_FIELDS})
        request["rules"] = options["rules"]
        steps = steps_flag(options["steps"], default=False)
        result = score_request(request, steps=steps)
        if not result["ok"]:
            error = result["error"]
            assert isinstance(error, dict)
            raise CommandError(f"{error['code']}: {error['message']}")
        if not steps:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
            return
        for step in result.pop("steps"):
            self.stdout.write(f"- {step['text']}")
        self.stdout.write(json.dumps(result, ensure_ascii=False))

    def _batch(self, steps: bool) -> None:
        out = self.stdout
        for number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except ValueError:
                result = EngineError("invalid_notation", f"line {number} is not JSON").as_dict()
            else:
                if isinstance(data, dict):
                    try:
                        wanted = steps_flag(data.pop("steps", None), default=steps)
                    except EngineError as exc:
                        result = exc.as_dict()
                    else:
                        result = score_request(data, steps=wanted)
                else:
                    result = EngineError(
                        "invalid_notation", f"line {number} is not a JSON object"
                    ).as_dict()
            out.write(json.dumps(result, ensure_ascii=False))
