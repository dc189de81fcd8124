"""Review a game: import a Tenhou record, list its hands, and set every win's recorded result
beside Tenbo's, with a link to the walkthrough of the whole situation.

Every game is looked up through its owner (the request's learner), or by its public id when the
owner has shared it; anyone else gets a 404."""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from django.contrib import messages
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.guard import field_errors, input_errors
from scorer.gamelog import MAX_RECORD_BYTES, RecordError, read_record
from scorer.http import HtmxHttpRequest
from scorer.numbers import points_text
from tutor.accounts.learners import learner_for
from tutor.accounts.models import Learner
from tutor.collections import hands, store
from tutor.collections.store import TITLE_MAX
from tutor.quiz.services import ANSWER_PREFIX, check, form, record_answer
from tutor.review import fetch, present, quiz, replay
from tutor.review.models import ReviewedGame
from tutor.review.store import MAX_GAMES, keep, log_id_in, with_id

#: The game "Try a sample game" imports: a whole phoenix-room game from the test records'
#: source (mjx, MIT licence; tutor/review/samples/README.md).
SAMPLE: Final = (
    Path(__file__).resolve().parent / "samples" / "2010081709gm-00a9-0000-fe3371ad.mjlog"
)


def _games(request: HtmxHttpRequest) -> list[dict[str, Any]]:
    """The learner's games, each with the facts that tell it apart (from its stored meta)."""
    learner = learner_for(request, create=False)
    stored = list(ReviewedGame.objects.filter(owner=learner)) if learner else []
    return [{"stored": g, "facts": present.facts_of(g, None)} for g in stored]


def _index(
    request: HtmxHttpRequest, error: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    context = {
        "games": _games(request),
        "error": error,
        "fetch_enabled": fetch.fetch_enabled(),
        "max_kb": MAX_RECORD_BYTES // 1000,
        "pasted": request.POST.get("record", "") if request.method == "POST" else "",
        "paste_kb": present.PASTE_LIMIT_BYTES // 1024,
        # What the paste itself may take, leaving room for the form's other fields.
        "paste_field_bytes": present.PASTE_LIMIT_BYTES - 2048,
    }
    return render(request, "review/index.html", context, status=status)


@require_GET
def review_index(request: HtmxHttpRequest) -> HttpResponse:
    """The import form and the learner's games."""
    return _index(request)


def _record_bytes(request: HtmxHttpRequest) -> tuple[bytes, str]:
    """The record sent (a file, a paste, a fetched tenhou.net link) and the game id found
    beside it (the file's name, the link), "" when none."""
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size is None or upload.size > MAX_RECORD_BYTES:
            raise RecordError(f"the record is larger than {MAX_RECORD_BYTES:,} bytes")
        data: bytes = upload.read(MAX_RECORD_BYTES + 1)
        return data, log_id_in(upload.name or "")
    text = request.POST.get("record", "").strip()
    if not text:
        raise RecordError("")
    log_id = fetch.log_link(text)
    if log_id is not None:
        if not fetch.fetch_enabled():
            raise RecordError("link")
        return fetch.fetch_log(log_id), log_id
    return text.encode("utf-8"), ""


def _import(request: HtmxHttpRequest, data: bytes, log_id: str) -> HttpResponse:
    """Read a record; keep it and open it, or show why it was refused (nothing is stored)."""
    try:
        game = with_id(read_record(data), log_id)
    except RecordError as exc:
        return _index(request, present.record_error(exc), status=400)
    learner = learner_for(request)
    assert learner is not None
    if ReviewedGame.objects.filter(owner=learner).count() >= MAX_GAMES:
        return _index(request, present.too_many(MAX_GAMES), status=400)
    text = present.record_text(data)
    stored = keep(learner, game, text)
    return redirect("tutor:review_game", public_id=stored.public_id)


@require_POST
def review_import(request: HtmxHttpRequest) -> HttpResponse:
    """Read the uploaded or pasted record; keep it and open it, or show why it was refused
    (nothing is stored then)."""
    try:
        data, log_id = _record_bytes(request)
    except RecordError as exc:
        return _index(request, present.record_error(exc), status=400)
    return _import(request, data, log_id)


@require_POST
def review_sample(request: HtmxHttpRequest) -> HttpResponse:
    """ "Try a sample game": import the bundled game (tutor/review/samples/), as an upload of
    it would."""
    return _import(request, SAMPLE.read_bytes(), log_id_in(SAMPLE.name))


def _visible(request: HtmxHttpRequest, public_id: str) -> tuple[ReviewedGame, Learner | None]:
    """The game and the request's learner (None if it has none): the owner's, or a shared one."""
    stored = get_object_or_404(ReviewedGame, public_id=public_id)
    learner = learner_for(request, create=False)
    if not present.owns(stored, learner) and not stored.shared:
        raise Http404
    return stored, learner


def _owned(request: HtmxHttpRequest, public_id: str) -> tuple[ReviewedGame, Learner]:
    stored, learner = _visible(request, public_id)
    if learner is None or not present.owns(stored, learner):
        raise Http404
    return stored, learner


@require_GET
def review_game(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The game: every hand, every win beside Tenbo's result."""
    stored, learner = _visible(request, public_id)
    context = present.game_context(request, stored, learner)
    if request.htmx:
        return render(request, "review/game.html#hands", context)
    return render(request, "review/game.html", context)


@require_POST
def review_seat(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """ "Which one were you?": the learner's seat in the record (chosen once, changeable)."""
    stored, learner = _owned(request, public_id)
    value = request.POST.get("seat", "")
    if value.isdigit() and int(value) < 4:
        stored.seat = int(value)
        stored.save(update_fields=["seat"])
    if request.htmx:
        return render(
            request, "review/game.html#hands", present.game_context(request, stored, learner)
        )
    return redirect("tutor:review_game", public_id=public_id)


@require_POST
def review_share(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    stored, _learner = _owned(request, public_id)
    stored.shared = request.POST.get("shared") == "1"
    stored.save(update_fields=["shared"])
    return redirect("tutor:review_game", public_id=public_id)


@require_POST
def review_collect(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Save the game's wins to a new collection: every one, or with ``only=mine`` the
    learner's own. With ``live=1`` a teacher goes on to teach that deck live (the class is
    chosen there)."""
    stored, learner = _visible(request, public_id)
    context = present.game_context(request, stored, learner)
    wins = context["scored_wins"]
    # "Your wins" are the owner's (the seat they chose); a visitor of a shared game has none.
    mine = request.POST.get("only") == "mine"
    if mine:
        wins = [w for w in wins if w.mine and context["owner"]]
    saved = [(w.title, query) for w in wins if (query := hands.query_from_url(w.explain))]
    if not saved:
        if mine:
            messages.error(request, _("You won no hand in this game: nothing was saved."))
        else:
            messages.error(request, _("This game has no win to save."))
        return redirect("tutor:review_game", public_id=public_id)
    learner = learner or learner_for(request)  # a visitor of a shared game may have none yet
    assert learner is not None
    title = _("My wins: %(game)s") if mine else _("Game: %(game)s")
    collection = store.create_collection(learner, (title % {"game": stored.title})[:TITLE_MAX])
    store.save_hands(collection, saved)
    if request.POST.get("live") == "1" and learner.is_teacher:
        return redirect(f"{reverse('tutor:live_new')}?deck={collection.public_id}")
    return redirect("tutor:collection", public_id=collection.public_id)


@require_POST
def review_delete(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    _owned(request, public_id)[0].delete()
    return redirect("tutor:review")


def _quiz_context(request: HtmxHttpRequest, public_id: str, number: int) -> dict[str, Any]:
    """The quiz on win ``number``: its question when the win can be asked (scored, and agreeing
    with the record), else the reason it is left out; the next win in the quiz's order (the
    viewer's wins, deal-ins, then the rest; with ``missed=1`` only those answered wrong)."""
    stored, learner = _visible(request, public_id)
    context = present.game_context(request, stored, learner)
    view = next((w for h in context["hands"] for w in h.wins if w.number == number), None)
    if view is None:
        raise Http404
    order: list[present.WinView] = context["quiz_order"]
    retrying = request.GET.get("missed") == "1"
    if retrying:
        missed = quiz.missed_numbers(learner, stored.public_id, [w.number for w in order])
        order = [w for w in order if w.number in missed or w.number == number]
    numbers = [w.number for w in order]
    position = numbers.index(number) if number in numbers else -1
    later = numbers[position + 1 :] if position >= 0 else []
    context.update(
        {
            "win": view,
            "question": (
                quiz.question_for(stored.public_id, number, view) if view.quizzable else None
            ),
            "next_number": later[0] if later else None,
            "position": position + 1,
            "count": len(numbers),
            "retrying": retrying,
            "answer_key": uuid.uuid4().hex,
        }
    )
    if context["question"] is not None:
        # each box: its field, the text typed (kept when refused) and the message beside it
        context["answer_fields"] = [(f, "", "") for f in context["question"].fields]
    return context


@require_GET
def review_quiz(request: HtmxHttpRequest, public_id: str, number: int) -> HttpResponse:
    """One win of the game as a question (or why it is left out)."""
    context = _quiz_context(request, public_id, number)
    return render(request, "review/quiz.html", context)


@field_errors(("fu", "han", "points"))
@require_POST
def review_quiz_answer(request: HtmxHttpRequest, public_id: str, number: int) -> HttpResponse:
    """Check the answer, store it with the learner's quiz progress, show the verdict. A win
    left out of the quiz takes no answer (nothing is stored)."""
    context = _quiz_context(request, public_id, number)
    question = context["question"]
    if question is None:
        return render(request, "review/quiz.html", context, status=400)
    # The form's boxes are named after the fields ("fu", "han", "points"); the quiz's form reads
    # them as its answer fields, so a box that cannot be read is refused as the quiz refuses it.
    data = QueryDict(mutable=True)
    for f in question.fields:
        data.setlist(ANSWER_PREFIX + f.name, request.POST.getlist(f.name))
    # the input guard's messages (a NUL, thousands of characters) name the box: as the form's
    guard = {
        ANSWER_PREFIX + name: m.replace(name, ANSWER_PREFIX + name)
        for name, m in input_errors(request).items()
    }
    # each message names its box shortly ("Points: …"): the boxes' labels are whole questions
    named = replace(
        question,
        fields=[replace(f, label=capfirst(quiz.field_label(f.name))) for f in question.fields],
    )
    errors = {**form.answer_errors(data, named), **form.labelled(named, guard)}
    if errors:
        # Neither checked nor stored: the form again, the typed text kept, each message beside
        # its box.
        given_back = form.given(data, question)
        context["answer_fields"] = [
            (f, str(given_back.get(f.name, "")), errors.get(ANSWER_PREFIX + f.name, ""))
            for f in question.fields
        ]
        context["answer_key"] = request.POST.get("answer_key", "")[:64] or context["answer_key"]
        template = "review/quiz.html#answer" if request.htmx else "review/quiz.html"
        return render(request, template, context, status=400)
    given = form.given(data, question)
    verdict = check(question, given)
    record_answer(request, question, verdict, given, request.POST.get("answer_key", "")[:64])
    context["verdict"] = verdict
    context["answer_rows"] = [
        (v.label, v.given, points_text(question.expected[v.name]), v.ok) for v in verdict.fields
    ]
    if request.htmx:
        return render(request, "review/quiz.html#answer", context)
    return render(request, "review/quiz.html", context)


@require_GET
def review_quiz_start(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """ "Quiz me on this game": the first win in the quiz's order (or the summary when there is
    none to ask)."""
    stored, learner = _visible(request, public_id)
    order = present.game_context(request, stored, learner)["quiz_order"]
    if not order:
        return redirect("tutor:review_quiz_summary", public_id=public_id)
    return redirect("tutor:review_quiz", public_id=public_id, number=order[0].number)


@require_GET
def review_quiz_summary(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The quiz's end: each win asked, right or missed (on fu, han or points), with its
    walkthrough and a way to try the missed ones again."""
    stored, learner = _visible(request, public_id)
    context = present.game_context(request, stored, learner)
    context["rows"] = quiz.summary(learner, stored.public_id, context["quiz_order"])
    context["missed"] = [r for r in context["rows"] if r.answered and not r.correct]
    return render(request, "review/quiz_summary.html", context)


@require_GET
def review_replay(request: HtmxHttpRequest, public_id: str, number: int) -> HttpResponse:
    """Hand ``number`` (1-based) as it was played, one step per URL (``?step=N``); htmx swaps
    the board only."""
    stored, learner = _visible(request, public_id)
    context = present.game_context(request, stored, learner)
    hands = context["hands"]
    if not 1 <= number <= len(hands) or not hands[number - 1].hand.events:
        raise Http404
    context.update(replay.replay_context(context, number, request.GET.get("step")))
    if request.htmx:
        return render(request, "review/replay.html#board", context)
    return render(request, "review/replay.html", context)
