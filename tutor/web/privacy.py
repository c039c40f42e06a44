"""Data rights: a learner downloads everything the dojo keeps about them, and deletes their
account.

What is theirs is found, not listed: every row of every installed model that points at the
user with a foreign key that deletes along with the user (their profile, lesson progress,
puzzle attempts and rating, votes, class work...). So a model added later is exported and
erased without touching this module. Rows that only name the user as the one who did
something to another's row (``decided_by``, ``created_by``: ``SET_NULL`` keys) are not theirs
and are left out.

Deleting keeps what a class's teachers count on: the student's work in their classes stays,
under an anonymous name, so the teachers' totals and grids stay whole. Everything else is
erased and the account can no longer log in.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.utils import timezone

# Class records kept (anonymised) when a student deletes their account.
KEPT_FOR_CLASSES = {"classes.membership", "classes.attempt", "classes.progress"}
# The admin's audit trail of what staff did to other rows: not the user's own data.
NOT_THEIRS = {"admin.logentry"}
USER_FIELDS = ("username", "email", "first_name", "last_name", "date_joined", "last_login")


class AccountDeletionRefused(ValueError):
    """The account cannot be deleted now; the message says what to do first."""


def _owned(user: User) -> Iterator[tuple[str, str, models.QuerySet[Any]]]:
    """(model label, field name, rows) for every relation that belongs to ``user``."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if (
                isinstance(field, models.ForeignKey)  # OneToOneField is one too
                and field.related_model is user_model
                and field.remote_field.on_delete is models.CASCADE
                and model._meta.label_lower not in NOT_THEIRS
            ):
                rows = model._default_manager.filter(**{field.name: user})
                yield model._meta.label_lower, field.name, rows


def export_data(user: User) -> dict[str, Any]:
    """Everything kept about ``user``, as JSON-ready data (no password hash)."""
    records: dict[str, list[dict[str, Any]]] = {}
    for label, _field, rows in _owned(user):
        for row in serializers.serialize("python", rows.order_by("pk")):
            records.setdefault(label, []).append({"id": row["pk"], **row["fields"]})
    data = {
        "exported": timezone.now(),
        "account": {name: getattr(user, name, None) for name in USER_FIELDS},
        "classes_taught": list(user.taught_classes.order_by("pk").values("id", "name", "created")),
        "records": records,
    }
    # One round through the encoder: dates, decimals and UUIDs become plain JSON values.
    exported: dict[str, Any] = json.loads(json.dumps(data, cls=DjangoJSONEncoder))
    return exported


def deletion_blockers(user: User) -> list[str]:
    """Names of the classes ``user`` is the only teacher of (they must hand them over)."""
    from classes.models import Classroom

    return [
        c.name
        for c in Classroom.objects.filter(teachers=user).prefetch_related("teachers")
        if c.teachers.count() == 1
    ]


def delete_account(user: User) -> None:
    """Erase the account: its own records go, its class work stays under an anonymous name.

    Raises :class:`AccountDeletionRefused` for the only teacher of a class, and for a
    superuser (another administrator must do it in the admin).
    """
    if user.is_superuser:
        raise AccountDeletionRefused("superuser")
    if deletion_blockers(user):
        raise AccountDeletionRefused("only teacher")
    with transaction.atomic():
        for label, _field, rows in _owned(user):
            if label not in KEPT_FOR_CLASSES and label != user._meta.label_lower:
                rows.delete()
        user.taught_classes.clear()

        user.username = f"deleted-{secrets.token_hex(6)}"
        user.email = user.first_name = user.last_name = ""
        user.is_active = user.is_staff = False
        user.set_unusable_password()  # also ends every other session of the account
        user.save()
