"""E-mail the staff when someone asks for the instructor role, and the requester when staff
decide.

Sent with Django's mail (the console backend in development) once the request is committed,
so a rolled-back request sends nothing. A mail server that is down must not cost the user
their request: the failure is logged, and the admin's list still shows the pending count (and
a requester still sees the decision on the site).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _

from tutor.web.models import Profile

from .models import InstructorRequest

log = logging.getLogger(__name__)


def staff_addresses() -> list[str]:
    """The e-mail addresses of active staff accounts (each once, in a stable order)."""
    staff = User.objects.filter(is_staff=True, is_active=True).exclude(email="")
    return list(dict.fromkeys(staff.order_by("email").values_list("email", flat=True)))


def send_request_mail(request_id: int, review_url: str) -> bool:
    """Send the mail now; False when there is nobody to tell or the mail could not go."""
    req = InstructorRequest.objects.select_related("user").filter(pk=request_id).first()
    recipients = staff_addresses()
    if req is None or not recipients:
        log.warning("No staff address to tell about instructor request %s", request_id)
        return False
    pending = InstructorRequest.objects.filter(status=InstructorRequest.Status.PENDING).count()
    # The staff read the site's own language, whatever language the requester used.
    with translation.override(settings.LANGUAGE_CODE):
        subject = _("Instructor request from %(name)s") % {"name": req.user.get_username()}
        body = _(
            "%(name)s asks to become an instructor:\n\n%(message)s\n\n"
            "Approve or decline it here: %(url)s\n\n"
            "Requests waiting for an answer: %(pending)d"
        ) % {
            "name": req.user.get_username(),
            "message": req.message,
            "url": review_url,
            "pending": pending,
        }
    return _send(subject, body, recipients, "the staff about instructor request", request_id)


def decision_text(status: str) -> str:
    """What the requester is told of staff's decision, by mail and on their next visit."""
    if status == InstructorRequest.Status.APPROVED:
        return _("Your request to teach was approved: you can now create classes.")
    return _("Your request to teach was declined. You can ask again later.")


def send_decision_mail(request_id: int) -> bool:
    """Tell the requester that staff approved or declined their request, in the language of
    their profile. False when they have no address or the mail could not go."""
    req = InstructorRequest.objects.select_related("user").filter(pk=request_id).first()
    if req is None or not req.user.email:
        return False
    profile = Profile.objects.filter(user=req.user).first()
    with translation.override(profile.language if profile else settings.LANGUAGE_CODE):
        subject = _("Your request to teach")
        body = decision_text(req.status)
    return _send(subject, body, [req.user.email], "the decision on instructor request", request_id)


def _send(subject: str, body: str, to: list[str], about: str, request_id: int) -> bool:
    try:
        send_mail(subject, body, None, to)
    except Exception:  # any mail server failure: logged, the rows are kept (see above)
        log.exception("Could not e-mail %s %s", about, request_id)
        return False
    return True
