"""The privacy page, the data download and the account deletion (see :mod:`tutor.web.privacy`)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from . import privacy
from .http import AuthenticatedHttpRequest


def privacy_page(request: HttpRequest) -> HttpResponse:
    return render(request, "web/privacy.html")


@require_GET
@login_required
def data_download(request: AuthenticatedHttpRequest) -> HttpResponse:
    """All the user's data as a JSON file."""
    data = privacy.export_data(request.user)
    body = json.dumps(data, ensure_ascii=False, indent=1)  # export_data made it plain JSON
    name = f"riichi-dojo-{request.user.pk}.json"
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
    return HttpResponse(body, content_type="application/json; charset=utf-8", headers=headers)


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password, to confirm"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return str(password)


@login_required
def account_delete(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Delete the account after a confirmation page that says what goes and what stays."""
    user = request.user
    form = DeleteAccountForm(request.POST or None, user=user)
    blockers = privacy.deletion_blockers(user)
    context = {"form": form, "blockers": blockers, "superuser": user.is_superuser}
    if request.method == "POST":
        if blockers or user.is_superuser or not form.is_valid():
            return render(request, "registration/account_delete.html", context, status=400)
        privacy.delete_account(user)
        logout(request)
        messages.success(request, _("Your account was deleted. Thank you for practising here."))
        return redirect("home")
    return render(request, "registration/account_delete.html", context)
