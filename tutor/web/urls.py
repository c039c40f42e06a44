from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import limits, privacy_views, views
from .forms import LoginForm, QueuedPasswordResetForm

urlpatterns = [
    path("", views.home, name="home"),
    path("tiles/", views.tiles, name="tiles"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/profile/", views.profile, name="profile"),
    path("accounts/data.json", privacy_views.data_download, name="data_download"),
    path("accounts/delete/", privacy_views.account_delete, name="account_delete"),
    path("privacy/", privacy_views.privacy_page, name="privacy"),
    path("accounts/confirm-email/", views.send_confirmation, name="send_confirmation"),
    path("accounts/confirm-email/<str:token>/", views.confirm_email, name="confirm_email"),
    path(
        "accounts/login/",
        limits.limited(*limits.LOGIN, counts=limits.failed)(
            auth_views.LoginView.as_view(
                authentication_form=LoginForm, redirect_authenticated_user=True
            )
        ),
        name="login",
    ),
    path(
        "accounts/password_reset/",
        limits.limited(*limits.PASSWORD_RESET)(
            auth_views.PasswordResetView.as_view(form_class=QueuedPasswordResetForm)
        ),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
]
