"""Shared fixtures: real services (PostgreSQL, Redis, a Celery worker, Chromium) and personas.

A test that needs a service skips with a printed reason when the service is missing, except
under CI (``CI=true``), where a missing service is a failure.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from lessons.content import StageContent

# The curriculum fixture and the class world's factories.
pytest_plugins = ["tests.factories"]

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


def _redis_test_db() -> int:
    """Redis database 1..15 for this test process; 0 is left for `make run`.

    Two test runs on one machine (developers working side by side) must neither share queues
    nor flush each other's data, and neither may the processes of one pytest-xdist run: those
    (``gw0``, ``gw1``, ...) take consecutive databases from their controller's process id, so
    they never collide with each other.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and worker[2:].isdigit():
        return 1 + (os.getppid() * 4 + int(worker[2:])) % 15
    return 1 + os.getpid() % 15


REDIS_TEST_URL = os.environ.get("TEST_REDIS_URL", f"redis://127.0.0.1:6379/{_redis_test_db()}")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db-only",
        action="store_true",
        help="run only tests that use the database (the PostgreSQL pass of `make test`)",
    )


def _uses_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(
        item.get_closest_marker("django_db")
        or fixtures & {"db", "transactional_db", "live_server", "django_db_setup", "client_user"}
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from django.conf import settings

    # A `postgres` test (row locks and the like) is left out of the SQLite run, not skipped in
    # it: it runs in the PostgreSQL pass of `make test`.
    if "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        postgres_only = [item for item in items if item.get_closest_marker("postgres")]
        if postgres_only:
            items[:] = [item for item in items if not item.get_closest_marker("postgres")]
            config.hook.pytest_deselected(items=postgres_only)
    if not config.getoption("--db-only"):
        return
    keep, drop = [], []
    for item in items:
        (keep if _uses_database(item) and not item.get_closest_marker("browser") else drop).append(
            item
        )
    items[:] = keep
    config.hook.pytest_deselected(items=drop)


def missing(reason: str) -> None:
    """Skip for a missing service, or fail when CI must have it."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: services must be present)")
    pytest.skip(reason)


@functools.cache
def curriculum_files() -> tuple[StageContent, ...]:
    """The lesson files of ``lessons/content/``, read once per session for every test module
    that walks them (``lessons.content.read_curriculum``: half a second each time)."""
    from lessons.content import read_curriculum

    return tuple(read_curriculum())


_CHECKED: dict[str, list[str]] = {}


def checked_stage(stage: StageContent) -> list[str]:
    """``lessons.content.check_stage``, run once per session for each distinct stage content.

    The check answers every exercise of the stage and 50 positions of each family step, about
    25 s of CPU for the curriculum; a session asked for it three times over the same files
    (``test_every_exercise_has_exactly_one_answer`` and ``test_loading_twice_changes_nothing``'s
    two loads; the ``curriculum_rows`` fixture loads without it). The key is the whole content
    read from the files, so a changed stage (a test's own files) is checked anew.
    """
    from lessons.content import check_stage

    key = repr((stage.slug, stage.number, stage.title, stage.summary, stage.steps))
    if key not in _CHECKED:
        _CHECKED[key] = check_stage(stage)
    return list(_CHECKED[key])


@pytest.fixture(autouse=True, scope="session")
def _content_checked_once() -> Iterator[None]:
    """``load_lessons`` checks each stage through :func:`checked_stage`."""
    from lessons.management.commands import load_lessons

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load_lessons, "check_stage", checked_stage)
        yield


def _port_open(port: int) -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def redis_url() -> str:
    if not _port_open(6379):
        missing("Redis is not running at 127.0.0.1:6379")
    import redis

    redis.Redis.from_url(REDIS_TEST_URL).flushdb()
    return REDIS_TEST_URL


def database_url_of(settings_dict: dict[str, object]) -> str:
    """The DATABASE_URL that points another process at the database Django is using now."""
    engine = str(settings_dict["ENGINE"])
    name = str(settings_dict["NAME"])
    if engine.endswith("sqlite3"):
        if name == ":memory:" or name.startswith("file:"):
            raise RuntimeError("a worker process cannot share an in-memory SQLite database")
        return f"sqlite:///{name}"
    user = settings_dict.get("USER") or ""
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    return f"postgres://{auth}{settings_dict.get('HOST') or '127.0.0.1'}:{settings_dict.get('PORT') or 5432}/{name}"


class WorkerProcess:
    """A real ``celery worker`` subprocess on the Redis test broker and the test database."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *extra: str) -> None:
        logfile = self.log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "tutor.config",
                "worker",
                "--loglevel=INFO",
                "--concurrency=1",
                "--without-gossip",
                "--without-mingle",
                *extra,
            ],
            cwd=ROOT,
            env=self.env,
            stdout=logfile,
            stderr=subprocess.STDOUT,
        )

    def stop(self, sig: int | None = None) -> None:
        if self.process is None:
            return
        if sig is None:
            self.process.terminate()
        else:
            self.process.send_signal(sig)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@pytest.fixture
def celery_worker_process(
    redis_url: str, transactional_db: None, tmp_path: Path
) -> Iterator[WorkerProcess]:
    """Start a real worker against Redis and the current test database; stop it afterwards.

    Tests using it write with ``transactional_db`` so the worker sees committed rows.
    The app in this process is pointed at the same broker, so ``task.delay()`` reaches it.
    """
    from django.db import connection

    from tutor.config.celery import app

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tutor.config.settings",
        "DATABASE_URL": database_url_of(connection.settings_dict),
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "PYTHONUNBUFFERED": "1",
    }
    old = (app.conf.broker_url, app.conf.result_backend, app.conf.broker_transport_options)
    point_app_at(app, redis_url, redis_url, {"visibility_timeout": 3600})
    worker = WorkerProcess(env, tmp_path / "worker.log")
    worker.start()
    try:
        _wait_for_worker(app, worker)
        yield worker
    finally:
        worker.stop()
        point_app_at(app, *old)


def point_app_at(
    app: Any, broker_url: str, result_backend: str | None, transport_options: dict[str, Any]
) -> None:
    """Re-point this process's Celery app at another broker and result backend.

    Pools and the cached backend are dropped so no connection to the old broker is reused
    (the same resets Celery does after a fork).
    """
    app.conf.broker_url = broker_url
    app.conf.result_backend = result_backend
    app.conf.broker_transport_options = transport_options
    import kombu.pools

    kombu.pools.reset()
    app._after_fork()
    app._backend_cache = None
    if hasattr(app._local, "backend"):
        del app._local.backend


def _wait_for_worker(app: object, worker: WorkerProcess, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if worker.process is not None and worker.process.poll() is not None:
            raise RuntimeError(f"the Celery worker exited early:\n{worker.output()}")
        if "ready." in worker.output():
            return
        time.sleep(0.3)
    raise RuntimeError(f"the Celery worker did not start in {timeout} s:\n{worker.output()}")


# --- the browser -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_instance() -> Iterator[object]:
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        missing(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
    # around it are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser_instance: object, live_server: object) -> Iterator[object]:
    """A fresh browser tab (its own cookies) whose relative URLs go to the live server."""
    context = browser_instance.new_context(  # type: ignore[attr-defined]
        base_url=live_server.url,  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 900},
        locale="en-US",
    )
    context.set_default_timeout(15_000)
    tab = context.new_page()
    yield tab
    context.close()


SCREENSHOTS = ROOT / "docs" / "screenshots"


def in_language(page: Any, base_url: str, language: str, width: int, height: int = 900) -> None:
    """Make ``page`` a reader of ``language`` (the site's language cookie for ``base_url``) on
    a screen ``width`` pixels wide."""
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    page.set_viewport_size({"width": width, "height": height})


def screenshot(page: object, name: str) -> Path:
    """Save a full-page screenshot in docs/screenshots/ (kept in the repo for the README), when
    ``SCREENSHOTS=1`` (``make screenshots``).

    Other runs (``make test``) skip the picture: about 250 of them cost some 40 s of a run's
    wall time, and rewrote every tracked PNG with bytes that differ each time.
    """
    path = SCREENSHOTS / f"{name}.png"
    if os.environ.get("SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


# --- personas ----------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A request made in Spanish leaves Spanish active in this thread; don't let it leak."""
    yield
    from django.utils import translation

    translation.activate("en")


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Rate limits count in the cache: every test starts with none used."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """Tests create many accounts; a deliberately slow hasher would only measure itself."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_user(db: None):
    from django.contrib.auth.models import User

    def make(username: str = "learner", password: str = "a-long-pass-phrase-9", **extra: object):
        return User.objects.create_user(username=username, password=password, **extra)

    return make
