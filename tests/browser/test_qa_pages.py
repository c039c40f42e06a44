"""Every main page in Chromium, at desktop (1280 px) and phone (375 px) widths, in English and
Spanish: it loads, nothing makes the page scroll sideways, and a screenshot is kept in
``docs/screenshots/qa-*.png`` to be looked at. The keyboard reaches the navigation (also the
collapsed phone menu) and a puzzle answer, with a visible focus ring."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WIDTHS = (1280, 375)
LANGUAGES = ("en", "es")


@pytest.fixture
def world(curriculum):
    return vars(factories.site_world(staff="jefa", teacher_name="sensei", learner="kaede"))


def _log_in(page, live_server, user, language: str) -> None:
    page.context.clear_cookies()
    cookies = [{"name": "django_language", "value": language, "url": live_server.url}]
    if user is not None:
        client = Client()
        client.force_login(user)
        cookies.append(
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            }
        )
    page.context.add_cookies(cookies)


def _visit(page, url: str, name: str, problems: list[str]) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        response = page.goto(url)
        if response is None or response.status >= 400:
            problems.append(f"{name} {width}: {url} -> {response and response.status}")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 1:
            wide = page.evaluate(
                """() => [...document.querySelectorAll('body *')]
                    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
                    .slice(0, 3).map(e => e.tagName + '.' + e.className).join(' | ')"""
            )
            problems.append(f"{name} {width}: {url} is {overflow}px too wide ({wide})")
        screenshot(page, f"qa-{name}-{width}")


def _pages(world) -> dict[str, list[tuple[str, str]]]:
    c = world["classroom"]
    stage = world["stages"][0]
    later = world["stages"][-1]
    p = world["puzzles"]
    return {
        "anonymous": [
            ("home", "/"),
            ("tiles", "/tiles/"),
            ("login", "/accounts/login/"),
            ("signup", "/accounts/signup/"),
            ("learn", "/learn/"),
            ("stage", f"/learn/{stage.slug}/1/"),
            ("stage-last", f"/learn/{later.slug}/3/"),
            ("puzzle-discard", f"/puzzles/{p[0].pk}/"),
            ("puzzle-shanten", f"/puzzles/{p[3].pk}/"),
            ("daily", "/puzzles/daily/"),
            ("analyzer", "/puzzles/analyzer/?hand=123456789m1235p"),
            ("analyzer-bad", "/puzzles/analyzer/?hand=123m8z"),
            ("not-found", "/no-such-page/"),
        ],
        "learner": [
            ("profile", "/accounts/profile/"),
            ("dashboard", "/puzzles/dashboard/"),
            ("classes-student", "/classes/"),
            ("class-student", f"/classes/{c.pk}/"),
            ("exercise-student", f"/classes/{c.pk}/a/{world['exercise'].pk}/"),
        ],
        "teacher": [
            ("class-teacher", f"/classes/{c.pk}/"),
            ("class-dashboard", f"/classes/{c.pk}/dashboard/"),
            ("assign-new", f"/classes/{c.pk}/assign/"),
        ],
        "staff": [("staff-batches", "/puzzles/staff/batches/")],
    }


def test_every_main_page_fits_a_phone_and_a_desktop_in_both_languages(page, live_server, world):
    problems: list[str] = []
    users = {
        "anonymous": None,
        "learner": world["learner"],
        "teacher": world["teacher"],
        "staff": world["staff"],
    }
    for persona, pages in _pages(world).items():
        for language in LANGUAGES:
            _log_in(page, live_server, users[persona], language)
            for name, url in pages:
                expected_error = name in {"analyzer-bad", "not-found"}
                found: list[str] = []
                _visit(page, url, f"{name}-{language}", found)
                problems += [f for f in found if not (expected_error and "->" in f)]
    assert not problems, "\n".join(problems)


def _focus_ring(page) -> str:
    return page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
                   return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
                          ? 'outline' : (s.boxShadow !== 'none' ? 'shadow' : 'none'); }"""
    )


def test_the_keyboard_reaches_the_collapsed_menu_and_a_puzzle_answer(page, live_server, world):
    _log_in(page, live_server, None, "en")
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto("/")
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    page.keyboard.press("Tab")  # the brand
    page.keyboard.press("Tab")  # the menu button
    assert page.evaluate("document.activeElement.classList.contains('navbar-toggler')")
    assert _focus_ring(page) == "outline"
    page.keyboard.press("Enter")
    page.locator("#nav-menu.show").wait_for()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Learn"
    assert _focus_ring(page) == "outline"  # the amber ring, not Bootstrap's faint glow
    screenshot(page, "qa-keyboard-menu-375")

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/puzzles/{world['puzzles'][0].pk}/")
    first_tile = page.locator("form input[name=answer]").first
    first_tile.focus()
    assert _focus_ring(page) != "none" or page.evaluate(
        """() => { const l = document.activeElement.closest('label') ||
                     document.querySelector(`label[for="${document.activeElement.id}"]`);
                   if (!l) return false; const s = getComputedStyle(l);
                   return s.outlineStyle !== 'none' || s.boxShadow !== 'none'; }"""
    )
    page.keyboard.press("Space")
    assert first_tile.is_checked()
    screenshot(page, "qa-keyboard-puzzle-1280")
