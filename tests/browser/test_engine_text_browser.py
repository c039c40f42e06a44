"""Engine reasons in Spanish in Chromium: the analyzer's wait shapes on a phone and a desktop."""

from __future__ import annotations

import pytest

from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_analyzer_names_the_waits_in_spanish(page, live_server) -> None:
    page.context.add_cookies([{"name": "django_language", "value": "es", "url": live_server.url}])
    page.goto("/puzzles/analyzer/?hand=2345m456p789s111z")
    waits = page.get_by_test_id("waits")
    waits.wait_for()
    text = waits.inner_text()
    assert "espera de pareja (tanki)" in text  # 2345m waits on 2m and 5m, each as a pair
    assert "(nobetan)" in page.get_by_role("heading", name="Esperas").inner_text()
    assert "single" not in text
    screenshot(page, "engine-text-analyzer-es-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "engine-text-analyzer-es-375")
