"""URLs. Pages carry no language prefix: the language comes from the cookie the switcher sets,
so a shared link (the daily puzzle, a class join link) works whatever the reader's language."""

from django.contrib import admin
from django.urls import include, path

from tutor.web import limits
from tutor.web.forms import AdminLoginForm

admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    # The admin's log-in costs a password hash like the site's: same limits, same counters.
    path("admin/login/", limits.limited(*limits.LOGIN, counts=limits.failed)(admin.site.login)),
    path("admin/", admin.site.urls),
    path("", include("tutor.web.urls")),
    path("learn/", include("lessons.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("classes/", include("classes.urls")),
    path("reviews/", include("reviews.urls")),
    path("api/", include("puzzles.api_urls")),
]
