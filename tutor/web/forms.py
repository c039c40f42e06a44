from functools import cached_property
from typing import Any, ClassVar

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from . import mail
from .models import Profile
from .text import VisibleTextMixin, VisibleTextModelForm, username_skeleton, validate_single_script


class SubmitMixin:
    """A form that crispy-forms draws with one button labelled ``submit`` (none when empty);
    ``form_tag = False`` when the page writes the ``<form>`` tag itself."""

    submit: ClassVar[StrOrPromise] = ""
    form_tag: ClassVar[bool] = True

    @cached_property
    def helper(self) -> FormHelper:
        helper = FormHelper()
        helper.form_tag = self.form_tag
        if self.submit:
            helper.add_input(Submit("submit", self.submit))
        return helper


class BoundedCredentialsMixin:
    """Refuse over-long credentials before anything authenticates.

    Django only sets the username's ``max_length`` as an HTML attribute; without a validator a
    5,000-character name reached the failed-log-in record of django-axes, whose column holds 255
    (a server error on PostgreSQL).
    """

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.validators.append(MaxLengthValidator(getattr(username, "max_length", None) or 150))
        self.fields["password"].validators.append(MaxLengthValidator(4096))


class LoginForm(BoundedCredentialsMixin, VisibleTextMixin, AuthenticationForm):
    """Django's log-in form with bounded credentials and visible text only."""


class AdminLoginForm(BoundedCredentialsMixin, VisibleTextMixin, AdminAuthenticationForm):
    """The admin's log-in form, bounded like the site's (``admin.site.login_form``)."""


class SignUpForm(SubmitMixin, VisibleTextMixin, UserCreationForm[User]):
    email = forms.EmailField(
        label=_("E-mail"),
        required=False,
        max_length=254,
        help_text=_("Optional. Needed only to reset a forgotten password."),
    )

    submit = _("Create account")
    form_tag = False  # the page's own <form> carries ``next``

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_username(self) -> str:
        username = str(super().clean_username())
        validate_single_script(username)
        if lookalike_taken(username):
            raise ValidationError(
                _("This name is too easy to mistake for an existing user's. Choose another."),
                code="confusable",
            )
        return username


def lookalike_taken(username: str) -> bool:
    """Whether an existing user's name looks the same as ``username`` (see tutor.web.text)."""
    skeleton = username_skeleton(username)
    if Profile.objects.filter(name_skeleton=skeleton).exists():
        return True
    # Accounts made outside sign-up (the admin, createsuperuser) may have no profile yet.
    names = User.objects.filter(profile__isnull=True).values_list("username", flat=True)
    return any(username_skeleton(name) == skeleton for name in names.iterator())


class ProfileForm(SubmitMixin, VisibleTextModelForm[Profile]):
    email = forms.EmailField(label=_("E-mail"), required=False, max_length=254)
    submit = _("Save")
    form_tag = False  # the page has its own <form>

    class Meta:
        model = Profile
        fields = ("display_name", "language")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].initial = self.instance.user.email

    def save(self, commit: bool = True) -> Profile:
        profile = super().save(commit=commit)
        profile.user.email = self.cleaned_data["email"]
        if commit:
            profile.user.save(update_fields=["email"])
        return profile


class QueuedPasswordResetForm(VisibleTextMixin, PasswordResetForm):
    """Django's reset form, sending through Celery and only to confirmed addresses.

    Django's own form mails every account with the address, synchronously, confirmed or not.
    The answer is the same whether or not an account exists, as with Django's form.
    """

    # Django's save takes the mail templates and a dozen options as keywords; this one needs
    # only the request (the task renders the mail), so its signature is narrower.
    def save(self, request: HttpRequest | None = None, **kwargs: object) -> None:  # type: ignore[override]
        from .tasks import send_password_reset

        if request is None:
            raise ValueError("a password reset needs the request, for the link's address")
        mail.queue_for(request, send_password_reset, self.cleaned_data["email"])
