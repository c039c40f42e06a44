"""The site's navigation, computed once per page in ``templates/base.html``."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_account_menu_and_its_profile_item_both_link_to_the_profile(client, make_user):
    client.force_login(make_user("nav"))
    html = client.get(reverse("lessons:index")).content.decode()
    assert html.count(f'href="{reverse("profile")}"') == 2


def test_a_visitor_sees_log_in_and_sign_up_not_the_profile(client):
    html = client.get(reverse("lessons:index")).content.decode()
    assert f'href="{reverse("profile")}"' not in html
    assert f'href="{reverse("signup")}"' in html
