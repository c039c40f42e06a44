"""Account mail: confirming an e-mail address and resetting a password.

Views never send mail themselves: they queue a Celery task with plain values (an address, the
site's base URL, a language) once their transaction commits, so a slow or broken mail server
costs the visitor nothing. The tasks call the ``send_*`` functions here.

A password reset goes only to a *confirmed* address, in one mail whatever the number of
accounts that share it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

CONFIRMATION_SALT = "tutor.web.mail.confirm-email"
CONFIRMATION_MAX_AGE = 3 * 24 * 3600
# One reset mail lists at most this many accounts sharing the address.
RESET_ACCOUNTS_PER_MAIL = 10


def confirmation_token(user_id: int, email: str) -> str:
    """A signed, expiring token saying "user ``user_id`` receives mail at ``email``"."""
    return signing.dumps({"u": user_id, "e": email}, salt=CONFIRMATION_SALT, compress=True)


def read_confirmation_token(token: str) -> tuple[int, str]:
    """The (user id, e-mail) a token vouches for; ``signing.BadSignature`` if it is not ours.

    An expired token raises ``signing.SignatureExpired``, a subclass of ``BadSignature``.
    """
    data = signing.loads(token, salt=CONFIRMATION_SALT, max_age=CONFIRMATION_MAX_AGE)
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        raise signing.BadSignature("malformed confirmation token")
    return data["u"], str(data.get("e", ""))


def queue(task: Any, *args: Any) -> None:
    """Queue ``task`` with ``args`` after the current transaction commits.

    A broker that is down is logged, not shown: the visitor's page still answers.
    """

    def send() -> None:
        try:
            task.apply_async(
                args=args,
                retry=True,
                retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.5},
            )
        except Exception:  # the broker is unreachable: the mail is lost, the page is not
            log.exception("Could not queue %s", getattr(task, "name", task))

    transaction.on_commit(send)


def queue_for(request: HttpRequest, task: Any, *args: Any) -> None:
    """:func:`queue` ``task`` with ``args``, the site's base URL and the reader's language."""
    queue(task, *args, request.build_absolute_uri("/"), translation.get_language() or "en")


def send_confirmation_mail(user_id: int, email: str, base_url: str, language: str) -> bool:
    """Mail ``email`` a link that confirms it for user ``user_id``; False if nothing was sent."""
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None or not email or user.email.casefold() != email.casefold():
        return False  # the address changed again before the task ran: confirm the new one
    link = base_url.rstrip("/") + reverse(
        "confirm_email", kwargs={"token": confirmation_token(user_id, email)}
    )
    with translation.override(language):
        subject = _("Confirm your e-mail for the Riichi Dojo")
        body = _(
            "Hello %(name)s,\n\n"
            "Follow this link to confirm that this address is yours, so that you can reset "
            "your password if you forget it:\n\n%(link)s\n\n"
            "The link works for three days. If you did not sign up, ignore this mail."
        ) % {"name": user.get_username(), "link": link}
    return send_mail(subject, body, None, [email]) > 0


def reset_accounts(email: str) -> list[User]:
    """Active accounts whose confirmed address is ``email`` and that have a usable password."""
    email = email.strip()
    users = User.objects.filter(
        is_active=True, email__iexact=email, profile__verified_email__iexact=email
    ).order_by("pk")[:RESET_ACCOUNTS_PER_MAIL]
    return [user for user in users if user.has_usable_password()]


def send_password_reset_mail(email: str, base_url: str, language: str) -> int:
    """Mail one message with a reset link for each account confirmed at ``email``.

    Returns the number of links sent (0 when no account has confirmed that address).
    """
    users = reset_accounts(email)
    if not users:
        return 0
    lines = []
    for user in users:
        path = reverse(
            "password_reset_confirm",
            kwargs={
                "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
                "token": default_token_generator.make_token(user),
            },
        )
        lines.append(f"{user.get_username()}: {base_url.rstrip('/')}{path}")
    with translation.override(language):
        subject = _("Reset your password at the Riichi Dojo")
        body = _(
            "Someone asked to reset the password of the accounts below. If it was you, "
            "follow the link for your account to choose a new password:\n\n%(links)s\n\n"
            "If it was not you, ignore this mail: nothing changes."
        ) % {"links": "\n".join(lines)}
    send_mail(subject, body, None, [users[0].email])
    return len(users)
