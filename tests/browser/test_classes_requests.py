"""An instructor request in Chromium: the user asks (in English or Spanish), the staff see the
count in the admin's list and approve it, and the user reads the answer on /classes/teach/."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.browser.test_classes import PASSWORD, both_sizes, log_in, open_tab, t

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def people(make_user, db):
    make_user("boss", PASSWORD, is_staff=True, is_superuser=True, email="boss@dojo.test")
    make_user("hopeful", PASSWORD)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_request_is_approved_and_the_requester_sees_it(
    browser_instance, live_server, people, language
) -> None:
    user = open_tab(browser_instance, live_server, language)
    staff = open_tab(browser_instance, live_server, "en")
    try:
        log_in(user, "hopeful")
        user.get_by_role("link", name=t(language, "Ask to become an instructor")).click()
        user.locator("#id_message").fill("I teach the Tuesday club, twelve players.")
        user.get_by_role("button", name=t(language, "Send my request")).click()
        user.locator(".alert-success").wait_for()
        user.locator(".request-status-pending").wait_for()
        both_sizes(user, f"classes-request-pending-{language}")
        # The live server runs in this process: its mail lands in the test outbox.
        assert [m.to for m in mail.outbox] == [["boss@dojo.test"]]

        log_in(staff, "boss")
        staff.goto("/admin/")
        badge = staff.locator(".model-instructorrequest .pending-requests")
        assert badge.inner_text() == "1"
        assert badge.get_attribute("aria-label") == "1 request waiting"
        both_sizes(staff, "classes-admin-pending-badge")
        staff.locator(".model-instructorrequest th a").click()
        staff.locator("#result_list tbody input.action-select").first.check()
        staff.locator("select[name=action]").select_option("approve")
        staff.locator("button[name=index]").click()
        staff.locator(".messagelist .success").wait_for()
        staff.goto("/admin/")
        assert staff.locator(".model-instructorrequest .pending-requests").count() == 0

        user.reload()
        user.locator(".request-status-approved").wait_for()
        user.get_by_role("link", name=t(language, "Create a class")).wait_for()
        both_sizes(user, f"classes-request-approved-{language}")
    finally:
        user.context.close()
        staff.context.close()
