from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from . import health, limits
from .forms import ProfileForm, SignUpForm
from .models import Profile


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html")


def tiles(request: HttpRequest) -> HttpResponse:
    return render(request, "web/tiles.html")


@limits.limited(*limits.SIGNUP, counts=limits.succeeded)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Profile.objects.create(user=user, language=translation.get_language() or "en")
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to the dojo, %(name)s!") % {"name": user.username})
        return redirect(request.GET.get("next") or "home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    profile = Profile.for_user(request.user)
    # The language offered is the one the reader is using now (the switcher sets only the
    # cookie), so saving a display name never switches the site to another language.
    form = ProfileForm(
        request.POST or None, instance=profile, initial={"language": request.LANGUAGE_CODE}
    )
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, _("Your profile was saved."))
            response = redirect("profile")
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                profile.language,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
            return response
        return render(request, "registration/profile.html", {"form": form}, status=400)
    return render(request, "registration/profile.html", {"form": form})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {
        "database": health.check_database(),
        "broker": health.check_broker(),
        "worker": health.check_worker(),
    }
    ok = all(up for up, _detail in checks.values())
    body = {
        "status": "ok" if ok else "degraded",
        **{name: {"up": up, "detail": detail} for name, (up, detail) in checks.items()},
    }
    return JsonResponse(body, status=200 if ok else 503)
