"""Selectable tiles in a real browser: keyboard use, focus ring, artwork loading, narrow screens."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ONE = 'fieldset[data-tile-select="one"]'
MANY = 'fieldset[data-tile-select="many"]'


def active(page) -> dict[str, object]:
    return page.evaluate(
        """() => {
            const el = document.activeElement;
            return {tag: el.tagName, type: el.type || "", value: el.value || "",
                    checked: !!el.checked, tile: (el.dataset && el.dataset.tile) || ""};
        }"""
    )


def checked_values(page, group: str) -> list[str]:
    return page.eval_on_selector_all(f"{group} input:checked", "els => els.map(e => e.value)")


def test_every_tile_image_loads_on_the_tiles_page(page) -> None:
    page.goto("/tiles/")
    page.wait_for_load_state("load")
    broken = page.eval_on_selector_all(
        "img.tile", "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
    )
    assert broken == []
    assert page.locator("img.tile").count() > 38 * 3


def test_a_radio_hand_is_used_with_tab_arrows_and_enter(page) -> None:
    page.goto("/tiles/")
    page.click(f"{ONE} legend")  # start sequential focus navigation at the question
    page.keyboard.press("Tab")
    assert active(page)["type"] == "radio"
    assert checked_values(page, ONE) == []
    page.keyboard.press("Enter")  # picks the focused tile instead of submitting nothing
    assert checked_values(page, ONE) == ["1m"]
    assert page.url.endswith("/tiles/")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert active(page)["value"] == "3m"
    assert checked_values(page, ONE) == ["3m"]
    page.keyboard.press("ArrowLeft")
    assert checked_values(page, ONE) == ["2m"]
    page.keyboard.press("Enter")  # a second Enter sends the form, as a plain form does
    page.wait_for_url("**/tiles/?discard=2m*")
    assert checked_values(page, ONE) == ["2m"]


def test_a_checkbox_hand_is_one_tab_stop_with_arrows_space_and_enter(page) -> None:
    page.goto("/tiles/")
    page.click(f"{MANY} legend")
    page.keyboard.press("Tab")
    first = active(page)
    assert (first["type"], first["value"]) == ("checkbox", "0")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert active(page)["value"] == "3"
    assert checked_values(page, MANY) == ["0", "1"]
    page.keyboard.press("End")
    assert active(page)["value"] == "5"  # the called set [666z] cannot be chosen
    page.keyboard.press("ArrowRight")
    assert active(page)["value"] == "0"  # wraps around
    page.keyboard.press("Tab")  # one Tab leaves the whole hand
    assert active(page)["tag"] == "BUTTON"


def test_the_focused_tile_shows_a_focus_ring_and_the_chosen_one_rises(page) -> None:
    page.goto("/tiles/")
    page.click(f"{ONE} legend")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    style = page.evaluate(
        """() => {
            const img = document.activeElement.nextElementSibling;
            const s = getComputedStyle(img);
            return {outline: s.outlineStyle, width: parseFloat(s.outlineWidth),
                    transform: s.transform};
        }"""
    )
    assert style["outline"] == "solid" and style["width"] >= 2
    assert style["transform"] not in ("none", "")


def test_the_tiles_page_fits_a_375_pixel_screen(page) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto("/tiles/")
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # a 13-tile hand stays on one line, shrunk to fit
    tops = page.eval_on_selector_all(
        f"{ONE} img.tile", "imgs => imgs.map(i => Math.round(i.getBoundingClientRect().bottom))"
    )
    assert len(tops) == 13
    assert max(tops) - min(tops) < 20
