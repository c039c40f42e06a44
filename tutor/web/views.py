from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core import signing
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from . import health, limits, mail
from .forms import ProfileForm, SignUpForm
from .http import AuthenticatedHttpRequest
from .models import Profile


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html")


def tiles(request: HttpRequest) -> HttpResponse:
    return render(request, "web/tiles.html")


def safe_next(request: HttpRequest) -> str:
    """The ``next`` address sent with the request if it stays on this site, else ""."""
    target = str(request.POST.get("next") or request.GET.get("next") or "")
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else ""


def go_next(next_url: str) -> HttpResponse:
    """Redirect to a checked ``next`` address, as given (never read as a URL name), or home."""
    return HttpResponseRedirect(next_url) if next_url else redirect("home")


@limits.limited(*limits.SIGNUP, counts=limits.succeeded)
def signup(request: HttpRequest) -> HttpResponse:
    next_url = safe_next(request)
    if request.user.is_authenticated:
        return go_next(next_url)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Profile.objects.create(user=user, language=translation.get_language() or "en")
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to the dojo, %(name)s!") % {"name": user.username})
        ask_for_confirmation(request, user)
        return go_next(next_url)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "next": next_url}
    return render(request, "registration/signup.html", context, status=status)


@login_required
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    profile = Profile.for_user(request.user)
    # The language offered is the one the reader is using now (the switcher sets only the
    # cookie), so saving a display name never switches the site to another language.
    form = ProfileForm(
        request.POST or None, instance=profile, initial={"language": request.LANGUAGE_CODE}
    )
    status = 200
    if request.method == "POST":
        old_email = request.user.email.casefold()
        if form.is_valid():
            form.save()
            messages.success(request, _("Your profile was saved."))
            if profile.user.email.casefold() != old_email:
                ask_for_confirmation(request, profile.user)
            response = redirect("profile")
            # The same cookie, with the same flags, as the language switcher's.
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                profile.language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
            return response
        status = 400
    context = {"form": form, "profile": profile}
    return render(request, "registration/profile.html", context, status=status)


def ask_for_confirmation(request: HttpRequest, user: User) -> None:
    """Queue the mail that confirms the user's e-mail, and say so."""
    from .tasks import send_email_confirmation

    if not (email := user.email):
        return
    mail.queue_for(request, send_email_confirmation, user.pk, email)
    messages.info(
        request,
        _("We sent a link to %(email)s: follow it to confirm the address.") % {"email": email},
    )


@login_required
@require_POST
@limits.limited(*limits.CONFIRMATION)
def send_confirmation(request: AuthenticatedHttpRequest) -> HttpResponse:
    ask_for_confirmation(request, request.user)
    return redirect("profile")


@require_GET
def confirm_email(request: HttpRequest, token: str) -> HttpResponse:
    """Follow the link of a confirmation mail: the address is the user's from now on."""
    try:
        user_id, email = mail.read_confirmation_token(token)
    except signing.BadSignature:
        user_id, email = 0, ""
    profile = (
        Profile.objects.select_related("user").filter(user_id=user_id, user__is_active=True).first()
    )
    if profile is None or not email or profile.user.email.casefold() != email.casefold():
        return render(request, "registration/email_confirm.html", {"confirmed": False}, status=400)
    if profile.verified_email != email:
        profile.verified_email = email
        profile.save(update_fields=["verified_email"])
    return render(request, "registration/email_confirm.html", {"confirmed": True, "email": email})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    worker_up, heartbeat_age = health.check_worker()
    checks: dict[str, dict[str, Any]] = {
        "database": {"up": health.check_database()},
        "broker": {"up": health.check_broker()},
        "worker": {"up": worker_up, "heartbeat_age": heartbeat_age},
    }
    ok = all(check["up"] for check in checks.values())
    return JsonResponse({"status": "ok" if ok else "degraded", **checks}, status=200 if ok else 503)
