"""Settings for the riichi dojo, read from the environment.

One file for every environment: development runs on the embedded defaults (SQLite and a
filesystem Celery broker under ``var/``), production sets ``DEBUG=false`` and real values for
``SECRET_KEY``, ``DATABASE_URL``, ``CELERY_BROKER_URL`` and ``ALLOWED_HOSTS``.
"""

import os
from pathlib import Path
from typing import Literal

import dj_database_url
import django_stubs_ext
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

# Django's generic classes (ModelAdmin, ModelForm, QuerySet...) can then be subscripted at run
# time, as their types in django-stubs are: `admin.ModelAdmin[Stage]`.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("TUTOR_VAR_DIR", BASE_DIR / "var"))
# Runtime files of the embedded defaults (SQLite, broker folders, beat schedule) live here.
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

_DEV_SECRET = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set in the environment when DEBUG is off.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "tutor.web",
    "lessons",
    "puzzles",
    "classes",
    "reviews",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Tells a requester on their next page that staff decided their instructor request.
    "classes.middleware.DecisionNoticeMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Gives empty refusals (405 from require_POST ...) a readable page in the reader's language.
    "tutor.web.middleware.ReadableRefusalMiddleware",
    # Axes goes last so that it sees the outcome of authentication.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tutor.config.urls"
WSGI_APPLICATION = "tutor.config.wsgi.application"
ASGI_APPLICATION = "tutor.config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["django.templatetags.i18n", "django.templatetags.static"],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (site, worker, beat) share one file: wait for locks, don't fail.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
    # A file, not memory, so that a real Celery worker started by the tests sees the test data;
    # one per test process, so that two test runs on one machine never share it.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Failed log-ins: after AXES_FAILURE_LIMIT failures for one username from one address,
# that pair is locked out for AXES_COOLOFF_TIME hours.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_CLIENT_IP_CALLABLE = "tutor.web.client.client_address"

# How many reverse proxies (each appending to X-Forwarded-For) stand between the site and the
# Internet. 0: the connecting address is the client's. Every per-address limit uses
# tutor.web.client.client_address, which reads this.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

# Per-address and site-wide limits on what costs a password hash or a mail (tutor/web/limits.py),
# as "count/period" (s, m, h, d; "20/10m" is 20 per 10 minutes). Log-ins count failures only,
# sign-ups count created accounts, password resets count requests. Each can be changed with
# RATE_LIMIT_<NAME>, e.g. RATE_LIMIT_LOGIN_ADDRESS=40/10m; an empty value turns a limit off.
_RATE_LIMIT_DEFAULTS = {
    "login-address": "20/10m",
    "login-site": "300/10m",
    "signup-address": "50/h",
    "signup-site": "500/h",
    "reset-address": "10/h",
    "reset-email": "3/h",
    "reset-site": "200/h",
    "confirm-address": "10/h",
    # Game reviews one learner may start (each costs a worker some CPU per decision).
    "review-user": "20/h",
}
# A cache that cannot be reached lets requests through rather than locking everyone out.
RATELIMIT_FAIL_OPEN = True
RATE_LIMITS = {
    name: os.environ.get("RATE_LIMIT_" + name.upper().replace("-", "_"), default)
    for name, default in _RATE_LIMIT_DEFAULTS.items()
}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish"))]
# The exercise layer is not an app, so its Spanish catalog is listed here.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "tutor" / "exercises" / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# E-mail (password resets). Development prints messages on the console; production sends
# through SMTP with EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS.
_MAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
MAILERS = {
    "default": {
        "BACKEND": _MAIL_BACKEND,
        "OPTIONS": (
            {
                "host": os.environ.get("EMAIL_HOST", "localhost"),
                "port": int(os.environ.get("EMAIL_PORT", "25")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", False),
            }
            if _MAIL_BACKEND.endswith("smtp.EmailBackend")
            else {}
        ),
    }
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "dojo@localhost")

# Security: strict in production, relaxed only where DEBUG needs plain http on localhost.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
# Preloading is hard to undo (browsers ship the list): only when the operator asks for it.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# check --deploy warns when preload is off; off is this site's deliberate default.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# The language switcher's cookie, like the session and CSRF cookies.
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE: Literal["Lax", "Strict", "None"] = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True

# Content-Security-Policy (Django's own middleware): everything from this site, no inline
# script or style anywhere (sizes and positions are data-* attributes styled by
# static/css/layout.css), no framing. Bootstrap draws a few icons as data: SVG images.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
}
# No page needs the camera, the microphone, the location or the like (django-permissions-policy).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
    )
}

# Celery. The embedded default broker is kombu's filesystem transport: it needs no server,
# survives restarts (messages are files under var/celery/) and lets the site, the worker and
# beat on one machine share queues. Workers on other machines need a real broker: set
# CELERY_BROKER_URL=redis://host:6379/0.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
_BROKER_DIR = VAR_DIR / "celery" / "broker"
CELERY_BROKER_TRANSPORT_OPTIONS = (
    {
        "data_folder_in": str(_BROKER_DIR),
        "data_folder_out": str(_BROKER_DIR),
        "control_folder": str(VAR_DIR / "celery" / "control"),
        "processed_folder": str(VAR_DIR / "celery" / "processed"),
        "store_processed": False,
    }
    if CELERY_BROKER_URL.startswith("filesystem")
    else {"visibility_timeout": 3600}
)
CELERY_RESULT_BACKEND = os.environ.get(
    "CELERY_RESULT_BACKEND", f"db+sqlite:///{VAR_DIR / 'celery-results.sqlite3'}"
)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Beat entries are added by the apps in their AppConfig.ready() through
# tutor.config.celery.add_periodic_task; the heartbeat lets /healthz see a worker.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # A heartbeat no worker picked up within a minute says nothing any more: drop it.
    "worker-heartbeat": {
        "task": "tutor.web.tasks.heartbeat",
        "schedule": 30.0,
        "options": {"expires": 60},
    },
    # Idempotent: picks today's and tomorrow's daily puzzle if they are not picked yet.
    "puzzles-daily": {"task": "puzzles.tasks.pick_daily_puzzle", "schedule": 3600.0},
    # Django never deletes expired sessions by itself.
    "clear-expired-sessions": {
        "task": "tutor.web.tasks.clear_expired_sessions",
        "schedule": 24 * 3600.0,
    },
    "puzzles-requeue-stalled": {"task": "puzzles.tasks.requeue_stalled_batches", "schedule": 600.0},
    # After an engine upgrade that changed its judgment (tutor.engine.judgment.VERSION): stored
    # puzzles and reviews judged with an older version are judged again, a bounded share an hour.
    "puzzles-recheck-stale": {"task": "puzzles.tasks.recheck_stale_puzzles", "schedule": 3600.0},
    "reviews-rejudge-stale": {"task": "reviews.tasks.rejudge_stale_reviews", "schedule": 3600.0},
}
# A worker counts as alive when its last heartbeat is younger than this.
WORKER_HEARTBEAT_MAX_AGE = int(os.environ.get("WORKER_HEARTBEAT_MAX_AGE", "120"))
# The heartbeat has a queue of its own, so that it never waits behind a long backlog of
# generation chunks on the default queue. Workers consume both (the queues listed here are
# what a worker started without -Q consumes; `make worker` and `make run` name them).
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES: dict[str, dict[str, str]] = {"celery": {}, "heartbeat": {}}
CELERY_TASK_ROUTES = {"tutor.web.tasks.heartbeat": {"queue": "heartbeat"}}
# /healthz gives up on the broker after this many seconds (no retry).
HEALTH_BROKER_TIMEOUT = float(os.environ.get("HEALTH_BROKER_TIMEOUT", "0.5"))

CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["CACHE_URL"],
        }
        if os.environ.get("CACHE_URL", "").startswith("redis")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
