from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from lessons.models import Stage
from puzzles.models import Puzzle, Theme
from puzzles.play import pick_puzzles
from tutor.engine.scoring.score import TENHOU_NAMES, YAKU_KEYS
from tutor.exercises import SEATS, exercise
from tutor.web.engine_text import error_text, yaku_name
from tutor.web.forms import SubmitMixin
from tutor.web.text import VisibleTextForm, VisibleTextModelForm

from . import worksheets
from .models import Classroom, Instructor, InstructorRequest, NewsPost

MAX_PUZZLES = 50


class InstructorRequestForm(SubmitMixin, VisibleTextModelForm[InstructorRequest]):
    submit = _("Send my request")

    class Meta:
        model = InstructorRequest
        fields = ("message",)
        widgets = {"message": forms.Textarea(attrs={"rows": 4})}
        help_texts = {"message": _("Tell the staff who you teach and how. A few lines are enough.")}


class ClassroomForm(SubmitMixin, VisibleTextModelForm[Classroom]):
    submit = _("Save the class")

    class Meta:
        model = Classroom
        fields = ("name", "description")
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}


class JoinForm(SubmitMixin, VisibleTextForm):
    submit = _("Join the class")
    code = forms.CharField(
        label=_("Join code"),
        max_length=64,
        help_text=_("The code your teacher gave you."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )


class AddTeacherForm(SubmitMixin, VisibleTextForm):
    username = forms.CharField(label=_("Username of another instructor"), max_length=150)
    submit = _("Add teacher")

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom

    def clean_username(self) -> User:
        name = self.cleaned_data["username"].strip()
        user = User.objects.filter(username__iexact=name).first()
        if user is None or not Instructor.is_instructor(user):
            raise forms.ValidationError(
                _("No instructor is called “%(name)s”. Only instructors can teach a class."),
                params={"name": name},
            )
        if self.classroom.is_student(user):
            raise forms.ValidationError(
                _("%(name)s is a student of this class."), params={"name": name}
            )
        if self.classroom.is_teacher(user):
            raise forms.ValidationError(
                _("%(name)s already teaches this class."), params={"name": user.username}
            )
        return user


class NewsForm(SubmitMixin, VisibleTextModelForm[NewsPost]):
    submit = _("Post")

    class Meta:
        model = NewsPost
        fields = ("body",)
        widgets = {"body": forms.Textarea(attrs={"rows": 3})}
        help_texts = {"body": _("Markdown: **bold**, *italics*, lists and links.")}


class AssignmentBaseForm(SubmitMixin, VisibleTextForm):
    """Fields every kind of assignment has; the kind's own fields come in subclasses."""

    title = forms.CharField(
        label=_("Title"),
        max_length=120,
        required=False,
        help_text=_("Leave empty for a title made from the content."),
    )
    instructions = forms.CharField(
        label=_("Instructions"),
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    due = forms.DateTimeField(
        label=_("Due"),
        required=False,
        widget=forms.DateTimeInput({"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        help_text=_("Optional. After this date unfinished work shows as late."),
    )

    kind_fields: tuple[str, ...] = ()
    form_tag = False  # the page writes the form tag, its buttons and htmx

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The kind's own fields first, then title, instructions and due date.
        self.order_fields([*self.kind_fields, "title", "instructions", "due"])


class StageAssignmentForm(AssignmentBaseForm):
    # choices as callables are read when the form is checked or drawn: the stored stages now
    stage = forms.ChoiceField(
        label=_("Lesson stage"),
        choices=lambda: [(s.slug, str(s)) for s in Stage.objects.order_by("number")],
    )
    kind_fields = ("stage",)


class ReviewAssignmentForm(AssignmentBaseForm):
    """Review a game of one's own (see the reviews app): no fields beyond the common ones."""


class PuzzleSetForm(AssignmentBaseForm):
    MODE_CHOSEN = "chosen"
    MODE_THEME = "theme"
    mode = forms.ChoiceField(
        label=_("Puzzles"),
        choices=(
            (MODE_THEME, _("N puzzles by theme and rating")),
            (MODE_CHOSEN, _("These puzzles (numbers)")),
        ),
        initial=MODE_THEME,
        widget=forms.RadioSelect,
    )
    theme = forms.ChoiceField(
        label=_("Theme"),
        choices=lambda: [("", _("Any theme")), *((t.slug, t.label) for t in Theme.objects.all())],
        required=False,
    )
    rating_min = forms.IntegerField(
        label=_("Lowest rating"), required=False, min_value=0, max_value=4000
    )
    rating_max = forms.IntegerField(
        label=_("Highest rating"), required=False, min_value=0, max_value=4000
    )
    count = forms.IntegerField(label=_("How many"), initial=10, min_value=1, max_value=MAX_PUZZLES)
    puzzle_ids = forms.CharField(
        label=_("Puzzle numbers"),
        required=False,
        max_length=400,
        help_text=_("Separated by commas or spaces, e.g. 12, 40, 41."),
    )
    kind_fields = ("mode", "theme", "rating_min", "rating_max", "count", "puzzle_ids")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        if data.get("mode") == self.MODE_CHOSEN:
            text = (data.get("puzzle_ids") or "").replace(",", " ").replace("#", " ").split()
            if not text:
                raise forms.ValidationError({"puzzle_ids": _("Give at least one puzzle number.")})
            if not all(part.isdigit() and len(part) < 10 for part in text):
                wrong = _("Use puzzle numbers only, e.g. 12, 40, 41.")
                raise forms.ValidationError({"puzzle_ids": wrong})
            ids = list(dict.fromkeys(int(part) for part in text))
            if len(ids) > MAX_PUZZLES:
                too_many = _("At most %(n)d puzzles.") % {"n": MAX_PUZZLES}
                raise forms.ValidationError({"puzzle_ids": too_many})
            found = dict(Puzzle.objects.filter(pk__in=ids).values_list("pk", "retired"))
            if missing := [str(i) for i in ids if i not in found]:
                none = _("There is no puzzle number %(ids)s.") % {"ids": ", ".join(missing)}
                raise forms.ValidationError({"puzzle_ids": none})
            if retired := [str(i) for i in ids if found[i] is not None]:
                gone = _(
                    "Puzzle %(ids)s was retired: the engine, judging it again, no longer stands "
                    "by its answer. Choose another."
                ) % {"ids": ", ".join(retired)}
                raise forms.ValidationError({"puzzle_ids": gone})
            data["chosen_ids"] = ids
        else:
            low, high = data.get("rating_min"), data.get("rating_max")
            if low is not None and high is not None and low > high:
                wrong = _("The highest rating is below the lowest.")
                raise forms.ValidationError({"rating_max": wrong})
            picked = pick_puzzles(
                theme=data.get("theme") or None,
                rating_min=low,
                rating_max=high,
                count=data["count"],
            )
            if not picked:
                raise forms.ValidationError(
                    _("No puzzle matches this theme and rating range. Widen the range.")
                )
            data["chosen_ids"] = [p.pk for p in picked]
        return data


SEAT_CHOICES = tuple(zip(SEATS, (_("East"), _("South"), _("West"), _("North")), strict=True))


def _tiles(label: Any, help_text: Any = "", required: bool = False) -> forms.CharField:
    text = forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"})
    return forms.CharField(
        label=label, max_length=120, required=required, help_text=help_text, widget=text
    )


def yaku_choices() -> list[tuple[str, str]]:
    """The yaku a teacher may offer, by the engine's name, labelled in the reader's language."""
    return [(name, yaku_name(YAKU_KEYS[i])) for i, name in sorted(TENHOU_NAMES.items()) if i < 36]


class ItemForm(SubmitMixin, VisibleTextForm):
    """One hand of a worksheet: the fields its exercise type needs (``worksheets.TYPES``),
    checked by building the exercise: ``cleaned_data["item"]`` is its data."""

    hand = _tiles(
        _("Hand"),
        _("In mpsz notation, called sets in brackets, e.g. 123m456p789s1122z [777p]."),
        required=True,
    )
    win_tile = _tiles(_("Winning tile"), _("One tile, e.g. 5p (0p for a red five)."), True)
    win = forms.ChoiceField(
        label=_("Won by"), choices=(("ron", _("Ron")), ("tsumo", _("Tsumo"))), initial="ron"
    )
    seat = forms.ChoiceField(label=_("Seat wind"), choices=SEAT_CHOICES, initial="south")
    round = forms.ChoiceField(label=_("Round wind"), choices=SEAT_CHOICES, initial="east")
    discarder = forms.ChoiceField(
        label=_("Who dealt in"), choices=(("", "—"), *SEAT_CHOICES), required=False
    )
    riichi = forms.BooleanField(label=_("Riichi declared"), required=False)
    dora = _tiles(_("Dora indicators"), _("E.g. 3m."))
    indicators = _tiles(_("Dora indicators"), _("E.g. 3m."), True)
    ura = _tiles(_("Ura-dora indicators"))
    discards = _tiles(_("Your discards"))
    tile = _tiles(_("The tile discarded (or drawn)"), required=True)
    passed = _tiles(_("Tiles that went by since your last discard"))
    river = _tiles(
        _("The riichi player's discards"), _("In order; the last one declared riichi."), True
    )
    choices = forms.MultipleChoiceField(
        label=_("Yaku to offer"),
        choices=yaku_choices,
        initial=["Riichi", "Menzen Tsumo", "Pinfu", "Tanyao", "Iipeikou", "Toitoi"],
        widget=forms.CheckboxSelectMultiple,
    )

    form_tag = False

    def __init__(self, *args: Any, item_type: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.item_type = item_type
        wanted = worksheets.TYPES[item_type][1]
        self.fields = {name: f for name, f in self.fields.items() if name in wanted}
        if item_type == "dora":
            self.fields["hand"].required = False

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        item: dict[str, Any] = {"type": self.item_type}
        item.update((k, v.strip() if isinstance(v, str) else v) for k, v in data.items() if v)
        if self.item_type == "furiten":
            item.setdefault("discards", "")  # no discards yet is a position too
        try:
            ex = exercise(item)
            found = len(ex.solutions())
        except ValueError as error:  # ContentError, or an engine error it did not wrap
            self._add_content_error(error)
            return data
        if found != 1:
            raise forms.ValidationError(
                _(
                    "The engine finds %(n)d right answers for this position; a worksheet item "
                    "needs exactly one. Change the hand."
                )
                % {"n": found}
            )
        data["item"] = item
        return data

    def _add_content_error(self, error: ValueError) -> None:
        """The engine's complaint, on the field it names when it names one."""
        cause = error.__cause__
        text = error_text(cause) if isinstance(cause, ValueError) else str(error)
        text = getattr(error, "text", "") or text  # the exercise layer's own, translated
        named = getattr(error, "field", "") or str(error).split(":")[0].strip()
        if named in self.fields and named != "choices":
            self.add_error(named, text)
        else:
            self.add_error(None, _("The engine cannot use this position: %(why)s") % {"why": text})
