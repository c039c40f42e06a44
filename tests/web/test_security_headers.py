"""Every page carries a Content-Security-Policy with no inline script or style, and a
Permissions-Policy; no template needs inline script or style to work."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.web.test_settings import LOCAL_ONLY, PRODUCTION_ENV

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def plain_paths(patterns=None, prefix: str = "") -> list[str]:
    """Every URL of the site that takes no argument."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = str(entry.pattern)
        if "<" in route or "(?P" in route or route.startswith("^"):
            continue
        if isinstance(entry, URLResolver):
            found += plain_paths(entry.url_patterns, prefix + route)
        elif isinstance(entry, URLPattern):
            found.append("/" + prefix + route)
    return sorted(set(found))


def assert_policy(response, path: str) -> None:
    policy = response.get("Content-Security-Policy", "")
    directives = dict(
        (part.split(" ", 1) + [""])[:2] for part in (p.strip() for p in policy.split(";")) if part
    )
    assert directives.get("default-src") == "'self'", (path, policy)
    assert directives.get("frame-ancestors") == "'none'", (path, policy)
    assert directives.get("script-src") == "'self'", (path, policy)
    assert directives.get("style-src") == "'self'", (path, policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "camera=()" in response.get("Permissions-Policy", ""), path


def test_every_page_has_the_policy(client, make_user) -> None:
    from tests.puzzles.play_factories import DISCARD_HAND, make_puzzle

    puzzle = make_puzzle(hand=DISCARD_HAND)
    paths = plain_paths() + ["/no-such-page/", "/static/css/site.css", f"/puzzles/{puzzle.pk}/"]
    assert len(paths) > 15
    staff = make_user("boss", is_staff=True, is_superuser=True)
    for who in (None, staff):
        if who is not None:
            client.force_login(who)
        for path in paths:
            assert_policy(client.get(path), path)
    assert_policy(client.post("/healthz"), "POST /healthz")  # a refusal too


TEMPLATE_DIRS = [ROOT / "templates"] + sorted(ROOT.glob("*/templates"))
INLINE = {
    "an inline <script>": re.compile(r"<script(?![^>]*\bsrc=)", re.I),
    "a <style> element": re.compile(r"<style\b", re.I),
    "a style attribute": re.compile(r"\sstyle\s*=", re.I),
    "an hx-on handler": re.compile(r"\shx-on", re.I),
    "an on* handler": re.compile(r"\son(click|change|submit|load|input)\s*=", re.I),
}


def test_no_template_has_inline_script_or_style() -> None:
    templates = [path for folder in TEMPLATE_DIRS for path in folder.rglob("*.html")]
    assert len(templates) > 30
    problems = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in templates
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


def test_the_layout_stylesheet_is_up_to_date() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from layout_css import OUT, stylesheet
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert OUT.read_text() == stylesheet(), "run python tools/layout_css.py"


def test_a_hand_gets_its_size_and_width_as_data_attributes(client) -> None:
    html = client.get("/tiles/").content.decode()
    assert re.search(r'class="tiles[^"]*" data-tile-h="\d+" data-tile-fit="\d+"', html)


def test_production_cookies_and_hsts_preload() -> None:
    script = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='tutor.config.settings';"
        "django.setup(); from django.conf import settings as s;"
        "print(s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE, s.SECURE_HSTS_PRELOAD)"
    )
    clean = {k: v for k, v in os.environ.items() if k not in LOCAL_ONLY}

    def run(**extra: str) -> str:
        env = {**clean, **PRODUCTION_ENV, **extra}
        result = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip().splitlines()[-1]

    assert run() == "True Lax False"
    assert run(SECURE_HSTS_PRELOAD="true") == "True Lax True"


def test_the_language_switcher_cookie_is_lax(client) -> None:
    response = client.post("/i18n/setlang/", {"language": "es", "next": "/"})
    cookie = response.cookies["django_language"]
    assert cookie["samesite"] == "Lax"
    assert cookie["httponly"]
