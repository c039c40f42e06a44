from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class Profile(models.Model):
    """What a learner tells the dojo about themselves, beside Django's user."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    created = models.DateTimeField(auto_now_add=True)
    # The address the learner proved is theirs by following the confirmation link. Only that
    # address receives password-reset mail; changing the e-mail needs a new confirmation.
    verified_email = models.EmailField(_("confirmed e-mail"), max_length=254, blank=True)
    # What the username looks like (tutor.web.text.username_skeleton): a new name with the same
    # skeleton as an existing one is refused at sign-up.
    name_skeleton = models.CharField(max_length=600, blank=True, db_index=True, editable=False)

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    def save(self, *args: Any, **kwargs: Any) -> None:
        from .text import username_skeleton

        self.name_skeleton = username_skeleton(self.user.get_username())
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_skeleton"}
        super().save(*args, **kwargs)

    @property
    def email_confirmed(self) -> bool:
        """Whether the user's current e-mail is the one they confirmed."""
        email = self.user.email.strip()
        return bool(email) and email.casefold() == self.verified_email.casefold()

    @classmethod
    def for_user(cls, user: "User") -> "Profile":
        profile, _created = cls.objects.get_or_create(user=user)
        return profile


class WorkerHeartbeat(models.Model):
    """The last time each Celery worker proved it was consuming tasks (see tasks.heartbeat)."""

    hostname = models.CharField(max_length=255, unique=True)
    seen = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.seen:%Y-%m-%d %H:%M:%S}"
