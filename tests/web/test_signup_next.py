"""Sign-up keeps a join link's ``next`` from the log-in page through the form, and never
sends anyone off the site."""

from urllib.parse import quote

import pytest
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-dragons-42"
JOIN = "/classes/join/ABCD2345/"


def sign_up(client, url: str = "/accounts/signup/", **extra: str):
    data = {"username": "ana", "email": "", "password1": PASSWORD, "password2": PASSWORD, **extra}
    return client.post(url, data)


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/phish",
        "//evil.example/phish",
        "javascript:alert(1)",
        "http://testserver\\@evil.example/",
        "\x00/x",
    ],
)
def test_an_outside_next_is_ignored(client, target) -> None:
    response = sign_up(client, f"/accounts/signup/?next={quote(target)}")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert User.objects.filter(username="ana").exists()


def test_a_next_on_this_site_is_followed(client) -> None:
    response = sign_up(client, f"/accounts/signup/?next={quote(JOIN)}")
    assert response.status_code == 302
    assert response["Location"] == JOIN


def test_the_join_link_survives_log_in_page_and_sign_up_form(client) -> None:
    login_page = client.get(f"/accounts/login/?next={quote(JOIN)}").content.decode()
    signup_link = f'href="/accounts/signup/?next={quote(JOIN, safe="")}"'
    assert signup_link in login_page

    form_page = client.get(f"/accounts/signup/?next={quote(JOIN, safe='')}").content.decode()
    assert f'<input type="hidden" name="next" value="{JOIN}">' in form_page
    assert f'href="/accounts/login/?next={quote(JOIN, safe="")}"' in form_page
    assert 'action="/accounts/signup/"' in form_page

    # The form posts to its bare action, with ``next`` as a field, like the log-in form.
    response = sign_up(client, next=JOIN)
    assert response["Location"] == JOIN


def test_a_refused_sign_up_keeps_the_next_field(client) -> None:
    response = sign_up(client, password2="something-else-entirely", next=JOIN)
    assert response.status_code == 400
    assert f'name="next" value="{JOIN}"' in response.content.decode()


def test_an_outside_next_is_not_offered_to_the_form(client) -> None:
    html = client.get("/accounts/signup/?next=https://evil.example/").content.decode()
    assert "evil.example" not in html.split("<main", 1)[-1]


@pytest.mark.parametrize("target", ["8z99m", "home", "profile", "-1"])
def test_a_next_that_looks_like_a_url_name_is_an_address_not_a_crash(client, target) -> None:
    response = sign_up(client, next=target)
    assert response.status_code == 302
    client.force_login(User.objects.get(username="ana"))
    again = client.post("/accounts/signup/", {"next": target})
    assert again.status_code == 302
