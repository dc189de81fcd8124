"""Forms of the classroom: a class, an assignment (a quiz kind and its filters), joining."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorer.engine.tables import FU_COLUMNS, HAN_ROWS, LIMIT_ROWS
from scorer.vocabulary import PRESET_CHOICES
from tutor.classroom.roster import NAME_MAX, clean_name
from tutor.quiz import services as quiz


def _rule_choices() -> list[tuple[str, str]]:
    """The quiz's rule sets by their display names (as the picker shows them)."""
    labels = dict(PRESET_CHOICES)
    return [(name, str(labels.get(name, name))) for name in quiz.RULE_SETS]


class ClassForm(forms.Form):
    name = forms.CharField(label=_("Class name"), max_length=80)
    rules = forms.ChoiceField(label=_("Rules"), choices=_rule_choices, initial="tenhou")

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"], 80)
        if not name:
            raise forms.ValidationError(_("Give the class a name."))
        return name


def _han_choices() -> list[tuple[int, str]]:
    """1 to 4 han, then the limit rows by their lowest han: 5 (mangan), 6 (haneman) …"""
    from tutor.course.names import limit_label

    rows = [(h, str(h)) for h in HAN_ROWS]
    for limit, low, _high in LIMIT_ROWS:
        rows.append((low, _("%(han)s (%(limit)s)") % {"han": low, "limit": limit_label(limit)}))
    return rows


#: The lowest han of each limit row (5, 6, 8, 11, 13)
LIMIT_LOWS = tuple(low for _limit, low, _high in LIMIT_ROWS)


def _when() -> forms.DateTimeInput:
    return forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


#: Years a form accepts, as typed in the class's zone: 0001-01-01 or 9999-12-31 moved to UTC (or
#: to a reader's zone, at most 14 hours away) leaves the calendar, and a stored one broke every
#: page that showed it.
FIRST_YEAR, LAST_YEAR = 2000, 2099


class WhenField(forms.DateTimeField):
    """A date and time typed in the class's zone, in the years FIRST_YEAR to LAST_YEAR."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(widget=_when(), **kwargs)

    def to_python(self, value: Any) -> datetime | None:
        try:
            when = super().to_python(value)
            if when is None:
                return None
            when.astimezone(UTC)  # raises past the calendar's ends
            within = FIRST_YEAR <= when.year <= LAST_YEAR
        except (OverflowError, ValueError):
            within = False
        if not within:
            raise forms.ValidationError(
                _("Choose a date from %(first)d to %(last)d.")
                % {"first": FIRST_YEAR, "last": LAST_YEAR},
                code="out_of_range",
            )
        return when


class AssignmentForm(forms.Form):
    """A drill kind, its filters, how many questions, and when it is open."""

    title = forms.CharField(label=_("Title"), max_length=80)
    kind = forms.ChoiceField(
        label=_("Drill"), choices=lambda: [(d.kind, d.name) for d in quiz.drills()]
    )
    count = forms.IntegerField(
        label=_("Number of questions"), min_value=1, max_value=50, initial=10
    )
    shuffled = forms.BooleanField(label=_("Shuffle the order for each student"), required=False)
    # Fu before han, as the seeds and every page write them (30符4飜; issue 28).
    fu_min = forms.TypedChoiceField(
        label=_("Fu from"), choices=[(f, f) for f in FU_COLUMNS], coerce=int, initial=FU_COLUMNS[0]
    )
    fu_max = forms.TypedChoiceField(
        label=_("Fu to"), choices=[(f, f) for f in FU_COLUMNS], coerce=int, initial=FU_COLUMNS[-1]
    )
    han_min = forms.TypedChoiceField(
        label=_("Han from"), choices=_han_choices, coerce=int, initial=1
    )
    han_max = forms.TypedChoiceField(
        label=_("Han to"), choices=_han_choices, coerce=int, initial=HAN_ROWS[-1]
    )
    dealer = forms.ChoiceField(
        # The field's label, not its "Dealer" choice: Japanese names the two apart (親・子 / 親)
        label=pgettext_lazy("assignment filter: dealer or non-dealer", "Dealer"),
        choices=[("any", _("Either")), ("dealer", _("Dealer")), ("non", _("Non-dealer"))],
        initial="any",
    )
    win = forms.ChoiceField(
        label=_("Win"),
        choices=[("any", _("Either")), ("ron", _("Ron")), ("tsumo", _("Tsumo"))],
        initial="any",
    )
    limits = forms.BooleanField(label=_("Include limit hands (mangan and up)"), required=False)
    choice = forms.BooleanField(label=_("Multiple choice"), required=False)
    timed = forms.IntegerField(
        label=_("Seconds per question (empty: untimed)"), min_value=5, max_value=600, required=False
    )
    opens = WhenField(label=_("Opens (empty: now)"), required=False)
    due = WhenField(label=_("Due (empty: no due date)"), required=False)
    also = forms.MultipleChoiceField(
        label=_("Also set it for"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("han_min", 0) > data.get("han_max", 99):
            self.add_error("han_max", _("'Han to' must not be below 'Han from'."))
        if data.get("fu_min", 0) > data.get("fu_max", 999):
            self.add_error("fu_max", _("'Fu to' must not be below 'Fu from'."))
        opens = data.get("opens") or timezone.now()
        data["opens"] = opens
        if data.get("due") and data["due"] <= opens:
            self.add_error("due", _("The due date must come after the opening date."))
        return data

    def options(self, rules: str) -> dict[str, str]:
        """The quiz options of this assignment (normalised by the quiz itself). A han range
        reaching the limit rows (5 mangan, 6 haneman …) asks those rows: ``limit_han`` names
        them and ``formula_han`` the rows 1–4 in the range (tutor.classroom.assignments)."""
        data = self.cleaned_data
        hans = [h for h in HAN_ROWS if data["han_min"] <= h <= data["han_max"]]
        lows = [h for h in LIMIT_LOWS if data["han_min"] <= h <= data["han_max"]]
        fus = [f for f in FU_COLUMNS if data["fu_min"] <= f <= data["fu_max"]]
        raw = {
            "rules": rules,
            "han": ",".join(map(str, hans or HAN_ROWS)),
            "fu": ",".join(map(str, fus)),
            "dealer": data["dealer"],
            "win": data["win"],
            "limits": "1" if data["limits"] or lows else "0",
            "mode": "choice" if data.get("choice") else "type",
        }
        options = quiz.normalise(data["kind"], raw)
        if lows and data["kind"] == "table":
            options["limit_han"] = ",".join(map(str, lows))
            options["formula_han"] = ",".join(map(str, hans))
        if data.get("timed"):
            options["timed"] = str(data["timed"])
        return options


class AssignmentEditForm(forms.Form):
    """What may change once students have answered: the title and when it is open (extend)."""

    title = forms.CharField(label=_("Title"), max_length=80)
    opens = WhenField(label=_("Opens"))
    due = WhenField(label=_("Due (empty: no due date)"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("due") and data.get("opens") and data["due"] <= data["opens"]:
            self.add_error("due", _("The due date must come after the opening date."))
        return data


class JoinForm(forms.Form):
    display_name = forms.CharField(
        label=_("Your name in this class"), max_length=NAME_MAX, required=True
    )

    def clean_display_name(self) -> str:
        name = clean_name(self.cleaned_data["display_name"])
        if not name:
            raise forms.ValidationError(_("Type the name your teacher will see."))
        return name
