"""Honba drill: add the honba and the riichi sticks to a payment."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorer.engine import score_request
from tutor.quiz import feedback
from tutor.quiz.base import (
    Drill,
    Field,
    Question,
    all_text,
    number_field,
    payment_options,
    rng_for,
    ron_text,
    split_text,
    steps_text,
    who,
)
from tutor.quiz.hands import hand_facts, scored_hand
from tutor.quiz.registry import register


def honba_question(seed: int, opts: dict[str, str]) -> Question:
    """A table payment plus honba and riichi sticks, worked out by the engine on a real hand."""
    rng = rng_for("honba", seed, opts)
    request, result = scored_hand(rng, opts, steps=False, honba=False)  # numbers only
    request = dict(request, honba=rng.randint(1, 4), sticks=rng.choice((0, 1, 1, 2, 3)))
    plain = result["payments"]
    result = score_request(request)
    pay = result["payments"]
    tsumo = bool(request["tsumo"])
    dealer = request.get("seat") == "1z"
    honba, sticks = request["honba"], request["sticks"]
    if not tsumo:
        before = _("a ron for %(ron)s") % {"ron": ron_text(plain["ron"])}
    elif dealer:
        before = _("a dealer tsumo for %(each)s") % {"each": all_text(plain["tsumo_others"])}
    else:
        before = _("a tsumo for %(split)s") % {
            "split": split_text(plain["tsumo_others"], plain["tsumo_dealer"])
        }
    prompt = ngettext(
        "%(who)s: %(before)s, with %(honba)d honba and %(sticks)d riichi stick on the table. "
        "What is paid, and what does the winner collect in all?",
        "%(who)s: %(before)s, with %(honba)d honba and %(sticks)d riichi sticks on the table. "
        "What is paid, and what does the winner collect in all?",
        sticks,
    ) % {
        "who": who(dealer, "tsumo" if tsumo else "ron"),
        "before": before,
        "honba": honba,
        "sticks": sticks,
    }
    expected: dict[str, Any] = {}
    fields: list[Field] = []
    collect = int(pay["total"]) + int(pay["sticks"])
    spread = [collect + d for d in (-1000, -300, -200, -100, 100, 200, 300, 1000)]
    if not tsumo:
        expected["ron"] = pay["ron"]
        fields.append(
            number_field(
                "ron",
                _("The discarder pays"),
                pay["ron"],
                [pay["ron"] + d for d in (-300, -100, 100, 300, 600)],
                opts,
                rng,
            )
        )
    else:
        expected["tsumo_others"] = pay["tsumo_others"]
        label = _("Each other player pays") if dealer else _("Each non-dealer pays")
        fields.append(
            number_field(
                "tsumo_others",
                label,
                pay["tsumo_others"],
                [pay["tsumo_others"] + d for d in (-200, -100, 100, 200, 300)],
                opts,
                rng,
            )
        )
        if not dealer:
            expected["tsumo_dealer"] = pay["tsumo_dealer"]
            fields.append(
                number_field(
                    "tsumo_dealer",
                    _("The dealer pays"),
                    pay["tsumo_dealer"],
                    [pay["tsumo_dealer"] + d for d in (-200, -100, 100, 300)],
                    opts,
                    rng,
                )
            )
    expected["collect"] = collect
    fields.append(
        number_field("collect", _("The winner collects in all"), collect, spread, opts, rng)
    )
    # The engine's last step says what the winner collects: payments plus riichi sticks.
    derivation = steps_text(result, ("payment", "honba", "sticks", "total"))
    return Question(
        kind="honba",
        seed=seed,
        key=f"honba:{'d' if dealer else 'n'}:{'tsumo' if tsumo else 'ron'}",
        options=opts,
        prompt=prompt,
        fields=fields,
        expected=expected,
        derivation=derivation,
        # The hand and its situation go with the question: the feedback re-works the payment
        # from them (honba forgotten, counted once ...).
        request=request,
        result=result,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


register(
    Drill(
        kind="honba",
        name=gettext_lazy("Honba and riichi sticks"),
        help=gettext_lazy("Add the honba and the riichi sticks to a payment."),
        order=70,
        build=honba_question,
        options=payment_options,
        variants=feedback.payment_slips,
    )
)
