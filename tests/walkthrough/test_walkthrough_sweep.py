"""Acceptance for the sentences the walkthrough builds (issues 19 and 20): 200 generated hands,
each walked through in English and in Japanese, every sentence a learner reads checked for the
faults a reread found: honour tile codes in running text (5z, 555z), numbers of 1,000 or more
without grouping in English ("1500-point"), "x" between numbers, "Seed 0", and in Japanese
2倍役満 / 3倍役満 and han written before fu in one figure (4飜30符)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from django.utils import translation
from django.utils.html import strip_tags

from scorer.engine import ALL_PRESETS
from scorer.engine.generate import Shape, generate_request
from scorer.engine.rules import Rules, resolve_rules
from tutor.walkthrough.steps import DisplayStep, Walkthrough, build

#: An honour tile code in a sentence: 5z, 555z, (1111z).
HONOUR_CODE = re.compile(r"\d+[zh]\b")
#: A number of four digits or more with no grouping, not part of hand notation (2244506677899m).
#: (Japanese myriad units, 24万7000, shown beside a large English figure, are not this.)
UNGROUPED = re.compile(r"(?<![\d,.^万億兆])\d{4,}(?![\d,]|[mpszh万億兆])")
TIMES_X = re.compile(r"\d\s*x\s*\d")
#: A power written with a caret (2^(han+2)): the engine's sentence writes the power out.
CARET = re.compile(r"\^")
SEED = re.compile(r"\bSeed 0")
HAN_BEFORE_FU = re.compile(r"\d+\s*飜\s*\d+\s*符")
YAKUMAN_MULTIPLE = re.compile(r"[23]倍役満")

#: Rule sets the hands are drawn under: the presets whose sentences differ (50-fu chiitoitsu,
#: kiriage, aotenjou, wareme) besides the default.
RULES: tuple[str | dict[str, object] | None, ...] = (
    None,
    "classic",
    "mleague",
    "aotenjou",
    {"preset": "tenhou", "wareme": True},
)


def _requests(count: int = 200) -> list[dict[str, object]]:
    rng = random.Random(19_20)
    requests = []
    for index in range(count):
        rules = RULES[index % len(RULES)]
        wareme = isinstance(rules, dict)
        request = generate_request(rng, wareme=wareme, rules=rules, ensure_yaku=True)
        if wareme and not request.get("tsumo") and index % 2:
            # Half the wareme rons say who dealt in (the discarder field is kept).
            request["discarder"] = request["wareme"]
        requests.append(request)
    return requests


REQUESTS = _requests()


def _sentences(walk: Walkthrough) -> Iterator[tuple[str, str]]:
    """(where, sentence) for everything a learner reads on the walkthrough."""
    if walk.yakuman_headline:
        yield "header", walk.yakuman_headline
    else:
        yield "header", strip_tags(str(walk.figure))
    yield "header", walk.payment_display

    def of(step: DisplayStep) -> Iterator[tuple[str, str]]:
        where = f"step {step.number} ({step.kind})"
        yield where, step.title
        yield where, step.text
        for note in step.notes:
            yield where, note.text
        alternatives = step.extra.get("alternatives") or []
        assert isinstance(alternatives, list)
        for alternative in alternatives:
            yield where, str(alternative)
        for key in ("sum", "formula"):
            if step.extra.get(key):
                yield where, str(step.extra[key])
        for child in step.children:
            yield from of(child)

    for step in walk.steps:
        yield from of(step)


def _walk(language: str) -> Iterator[tuple[dict[str, object], str, str]]:
    with translation.override(language):
        for request in REQUESTS:
            walk = build(request)
            assert walk.ok, (request, walk.error)
            for where, sentence in _sentences(walk):
                yield request, where, sentence


def _faults(language: str, checks: dict[str, re.Pattern[str]]) -> list[str]:
    found = []
    for request, where, sentence in _walk(language):
        for name, pattern in checks.items():
            if pattern.search(sentence):
                found.append(f"{name}: {sentence!r} at {where} of {request}")
    return found


def test_two_hundred_walkthroughs_in_english_say_every_number_and_tile_as_a_reader_does():
    faults = _faults(
        "en",
        {
            "honour code": HONOUR_CODE,
            "ungrouped": UNGROUPED,
            "x": TIMES_X,
            "^": CARET,
            "seed": SEED,
        },
    )
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:40])


def test_two_hundred_walkthroughs_in_japanese_read_as_a_japanese_player_writes():
    faults = _faults(
        "ja",
        {
            "honour code": HONOUR_CODE,
            "x": TIMES_X,
            "^": CARET,
            "2倍役満": YAKUMAN_MULTIPLE,
            "飜 before 符": HAN_BEFORE_FU,
            "seed": SEED,
        },
    )
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(faults[:40])


def test_the_sweep_covers_the_sentences_that_vary():
    # The hands reach what the checks are about: honours, yakuman, tsumo and ron, every preset
    # drawn, wareme with and without the discarder.
    hands = [str(r["hand"]) + str(r["win"]) for r in REQUESTS]
    assert sum("z" in h for h in hands) > 50
    assert {str(r.get("rules")) for r in REQUESTS} >= {"classic", "mleague", "aotenjou"}
    assert any(r.get("tsumo") for r in REQUESTS)
    assert any(not r.get("tsumo") for r in REQUESTS)
    assert any("discarder" in r for r in REQUESTS)


#: Sentences that state a number or a limit a rule set decides, as today's wrong constants.
def _wrong_constants(rules: Rules) -> tuple[str, ...]:
    wrong = [f"fixed {75 - rules.chiitoitsu_fu} fu"]  # the other preset's chiitoitsu fu
    if rules.aotenjou:
        wrong.append("Below the limits")
        if rules.aotenjou_yakuman == "higher":
            wrong += ["whatever the fu and han", "whatever its han and fu"]
    return tuple(wrong)


@pytest.mark.parametrize("preset", sorted(ALL_PRESETS))
def test_every_step_template_under_every_preset_takes_its_numbers_from_the_rules(preset):
    # 30 hands per preset (chiitoitsu, yakuman and ordinary hands), every step rendered.
    rules = resolve_rules(preset)
    rng = random.Random(preset)
    wrong = _wrong_constants(rules)
    seen: set[str] = set()
    with translation.override("en"):
        for index in range(30):
            shape: Shape = ("chiitoitsu", "any", "standard")[index % 3]
            request = generate_request(
                rng,
                shape=shape,
                yakuman=True if index % 5 == 4 else None,
                ensure_yaku=True,
                sanma=rules.sanma,
                rules=preset,
            )
            walk = build(request)
            assert walk.ok, (request, walk.error)
            for where, sentence in _sentences(walk):
                seen.add(where.split("(")[-1].rstrip(")"))
                for words in wrong:
                    assert words not in sentence, (preset, where, sentence, request)
    assert {"fu", "fu_total", "limit", "payment"} <= seen
