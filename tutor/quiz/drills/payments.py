"""Whole-hand drill: score a generated hand and name every payment."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, cell
from tutor.quiz import feedback
from tutor.quiz.base import (
    Drill,
    Field,
    Question,
    number_field,
    payment_options,
    rng_for,
    steps_text,
)
from tutor.quiz.hands import hand_facts, scored_hand
from tutor.quiz.registry import register


def payments_question(seed: int, opts: dict[str, str]) -> Question:
    rng = rng_for("payments", seed, opts)
    request, result = scored_hand(rng, opts, honba=False)
    pay = result["payments"]
    tsumo = bool(request["tsumo"])
    dealer = request.get("seat") == "1z"
    pool_cells = [cell(f, h, dealer) for h in (*HAN_ROWS, 5, 6, 8) for f in FU_COLUMNS]
    fields: list[Field]
    if not tsumo:
        expected = {"ron": pay["ron"]}
        fields = [
            number_field(
                "ron", _("The discarder pays"), pay["ron"], [c.ron for c in pool_cells], opts, rng
            )
        ]
    elif dealer:
        expected = {"tsumo_others": pay["tsumo_others"]}
        fields = [
            number_field(
                "tsumo_others",
                _("Each other player pays"),
                pay["tsumo_others"],
                [c.tsumo_others for c in pool_cells],
                opts,
                rng,
            )
        ]
    else:
        expected = {"tsumo_others": pay["tsumo_others"], "tsumo_dealer": pay["tsumo_dealer"]}
        fields = [
            number_field(
                "tsumo_others",
                _("Each non-dealer pays"),
                pay["tsumo_others"],
                [c.tsumo_others for c in pool_cells],
                opts,
                rng,
            ),
            number_field(
                "tsumo_dealer",
                _("The dealer pays"),
                pay["tsumo_dealer"],
                [c.tsumo_dealer or 0 for c in pool_cells],
                opts,
                rng,
            ),
        ]
    limit = result["limit"] or f"{result['fu']}:{result['han']}"
    return Question(
        kind="payments",
        seed=seed,
        key=f"payments:{'d' if dealer else 'n'}:{'tsumo' if tsumo else 'ron'}:{limit}"[:80],
        options=opts,
        prompt=_("Score this hand: what does each player pay?"),
        fields=fields,
        expected=expected,
        derivation=steps_text(
            result, ("fu_total", "yaku", "dora", "han_total", "limit", "base_points", "payment")
        ),
        request=request,
        result=result,
        cell=(dealer, int(result["fu"]), int(result["han"])) if not result["limit"] else None,
        rules=opts["rules"],
        facts=hand_facts(request),
    )


register(
    Drill(
        kind="payments",
        name=gettext_lazy("Whole hand: every payment"),
        help=gettext_lazy("Score a whole hand: every payment."),
        order=60,
        build=payments_question,
        options=payment_options,
        variants=feedback.payment_slips,
    )
)
