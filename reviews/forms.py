"""The upload form of a game review: a log file or its pasted text, and whose seat to judge."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from puzzles.mining import MAX_LOG_BYTES
from puzzles.services_mining import UploadError, too_large

from .services import CheckedLog, check_upload, guess_seat

SEAT_LABELS = (
    gettext_lazy("East at the start"),
    gettext_lazy("South at the start"),
    gettext_lazy("West at the start"),
    gettext_lazy("North at the start"),
)


class UploadForm(forms.Form):
    log = forms.FileField(
        label=gettext_lazy("Game log file"),
        required=False,
        help_text=gettext_lazy("Tenhou mjlog XML or tenhou.net/6 JSON, at most 512 kB."),
    )
    pasted = forms.CharField(
        label=gettext_lazy("Or paste the log"),
        required=False,
        max_length=MAX_LOG_BYTES,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
    )
    player = forms.CharField(
        label=gettext_lazy("Your name in the game"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("We find your seat from it; or choose the seat below."),
    )
    seat = forms.TypedChoiceField(
        label=gettext_lazy("Seat"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", gettext_lazy("Find it from my name"))]
        + [(str(i), label) for i, label in enumerate(SEAT_LABELS)],
    )

    checked: CheckedLog | None = None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("log")
        pasted = (data.get("pasted") or "").strip()
        if upload is None and not pasted:
            raise forms.ValidationError(_("Choose a game log file or paste its text."))
        try:
            if upload is not None:
                if upload.size > MAX_LOG_BYTES:
                    raise too_large(upload.name)
                self.checked = check_upload(upload.name, upload.read())
            else:
                self.checked = check_upload(_("pasted log"), pasted.encode())
        except UploadError as exc:
            raise forms.ValidationError(str(exc)) from exc
        game = self.checked.game
        seat = data.get("seat")
        if seat is None:
            seat = guess_seat(game, data.get("player") or "")
        if seat is None:
            # Keep the log in the text box so that choosing the seat needs no second upload.
            self.data = {**self.data, "pasted": self.checked.text}
            seat_field = self.fields["seat"]
            assert isinstance(seat_field, forms.ChoiceField)  # declared above
            seat_field.choices = [("", _("Choose your seat"))] + [
                (str(i), f"{SEAT_LABELS[i]}: {name or '?'}") for i, name in enumerate(game.players)
            ]
            raise forms.ValidationError(
                _("Which seat is yours? The players are: %(names)s.")
                % {"names": ", ".join(n or "?" for n in game.players)}
            )
        data["seat"] = seat
        return data
