"""The site's shell in a real browser: navigation, languages, accounts, the tiles page."""

import pytest

from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def nav_labels(page) -> list[str]:
    return [
        label.strip()
        for label in page.locator("#nav-menu .navbar-nav.me-auto .nav-link").all_inner_texts()
    ]


def test_the_home_page_renders_with_the_navigation(page) -> None:
    page.goto("/")
    assert page.title().endswith("Riichi Dojo")
    assert nav_labels(page) == ["Learn", "Puzzles", "Daily", "Analyzer", "Classes", "My games"]
    # The example hand on the home page is drawn with accessible tile images.
    assert page.get_by_role("img", name="red five of circles").count() == 1
    screenshot(page, "home-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    page.reload()
    assert page.locator(".navbar-toggler").is_visible()
    screenshot(page, "home-375")


def test_switching_to_spanish_changes_the_navigation_and_stays(page) -> None:
    page.goto("/")
    page.get_by_role("button", name="Español").click()
    page.wait_for_load_state()
    assert nav_labels(page) == [
        "Aprender",
        "Problemas",
        "Problema del día",
        "Analizador",
        "Clases",
        "Mis partidas",
    ]
    assert page.locator("html").get_attribute("lang") == "es"
    page.goto("/tiles/")
    assert "Aprender" in nav_labels(page)
    page.get_by_role("button", name="English").click()
    page.wait_for_load_state()
    assert nav_labels(page)[0] == "Learn"


def test_sign_up_log_out_and_log_in_again(page) -> None:
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.locator("#id_username").fill("kaede")
    page.locator("#id_email").fill("kaede@example.org")
    page.locator("#id_password1").fill("riichi-ippatsu-tsumo-8")
    page.locator("#id_password2").fill("riichi-ippatsu-tsumo-8")
    page.get_by_role("button", name="Create account").click()
    assert page.get_by_text("Welcome to the dojo, kaede!").is_visible()

    page.get_by_role("button", name="kaede").or_(page.get_by_role("link", name="kaede")).click()
    page.get_by_role("button", name="Log out").click()
    assert page.get_by_role("link", name="Log in").is_visible()

    page.get_by_role("link", name="Log in").click()
    page.locator("#id_username").fill("kaede")
    page.locator("#id_password").fill("riichi-ippatsu-tsumo-8")
    page.get_by_role("button", name="Log in").click()
    assert (
        page.get_by_role("link", name="kaede")
        .or_(page.get_by_role("button", name="kaede"))
        .is_visible()
    )


def test_a_bad_sign_up_shows_the_errors_in_the_form(page) -> None:
    page.goto("/accounts/signup/")
    page.locator("#id_username").fill("kaede")
    page.locator("#id_password1").fill("short")
    page.locator("#id_password2").fill("different")
    page.get_by_role("button", name="Create account").click()
    assert page.get_by_text("The two password fields didn’t match.").is_visible()


def test_the_tiles_page_shows_every_tile(page) -> None:
    page.goto("/tiles/")
    for name in (
        "one of characters",
        "nine of circles",
        "one of bamboo",
        "East wind",
        "red dragon",
    ):
        assert page.get_by_role("img", name=name).count() >= 1, name
    for red in ("red five of characters", "red five of circles", "red five of bamboo"):
        assert page.get_by_role("img", name=red).count() >= 1, red
    screenshot(page, "tiles-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    page.reload()
    # Nothing overflows sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "tiles-375")
