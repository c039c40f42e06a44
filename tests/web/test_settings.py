"""Production settings are the same file with other environment values, and pass --deploy."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "k3#Vq9!pZ2@rT7$wL5^mN8&bX4*cJ6(dF1)hG0-sA+yE=uI~oP_lK;jH:gD",
    "ALLOWED_HOSTS": "dojo.example.org",
    "DATABASE_URL": "sqlite:////tmp/dojo-deploy-check.sqlite3",
}


# What the test process itself may have set (the browser tests allow sync ORM calls beside
# Playwright's event loop), which a production environment never has.
LOCAL_ONLY = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in LOCAL_ONLY}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_under_production_settings() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_settings_come_from_the_environment() -> None:
    script = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='tutor.config.settings';"
        "django.setup(); from django.conf import settings as s;"
        "print(s.DEBUG, s.ALLOWED_HOSTS, s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL)"
    )
    env = {
        **PRODUCTION_ENV,
        "DATABASE_URL": "postgres://u:p@db.internal:5432/dojo",
        "CELERY_BROKER_URL": "redis://broker.internal:6379/0",
    }
    clean = {k: v for k, v in os.environ.items() if k not in LOCAL_ONLY}
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "False",
        "['dojo.example.org']",
        "django.db.backends.postgresql",
        "redis://broker.internal:6379/0",
    ]


@pytest.mark.slow  # copies and compresses every static file: 12 s
def test_collectstatic_works_under_production_settings(tmp_path: Path) -> None:
    """The manifest storage rewrites every url() and source map reference; a missing file
    referenced by a vendored asset would break the deployment."""
    env = {**PRODUCTION_ENV, "STATIC_ROOT": str(tmp_path / "static")}
    result = run_manage("collectstatic", "--noinput", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "static" / "staticfiles.json").exists()
    assert list((tmp_path / "static" / "tiles").glob("5z.*.svg"))
