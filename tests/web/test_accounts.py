import pytest
from django.contrib.auth.models import User

from tutor.web.models import Profile

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-dragons-42"


def signup(client, **overrides):
    data = {"username": "ana", "email": "ana@example.org", "password1": PASSWORD}
    data["password2"] = data["password1"]
    data.update(overrides)
    return client.post("/accounts/signup/", data)


def test_signing_up_creates_an_account_and_logs_in(client) -> None:
    response = signup(client)
    assert response.status_code == 302
    user = User.objects.get(username="ana")
    assert Profile.objects.get(user=user).language == "en"
    assert client.get("/").context["user"] == user


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"username": ""}, "This field is required."),
        ({"username": "x" * 151}, "Ensure this value has at most 150 characters"),
        ({"username": "bad name!"}, "Enter a valid username"),
        ({"password2": "something-else-entirely"}, "The two password fields"),
        ({"password1": "123", "password2": "123"}, "This password is too short"),
        ({"email": "not-an-email"}, "Enter a valid email address"),
    ],
)
def test_bad_sign_up_input_gets_a_clear_message(client, overrides, message) -> None:
    response = signup(client, **overrides)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not User.objects.filter(username="ana").exists()


def test_a_taken_username_is_refused_and_the_existing_account_is_kept(client, make_user) -> None:
    existing = make_user("ana", password=PASSWORD)
    response = signup(client, password1="another-pass-phrase-7", password2="another-pass-phrase-7")
    assert response.status_code == 400
    assert "already exists" in response.content.decode()
    existing.refresh_from_db()
    assert existing.check_password(PASSWORD)


def test_log_in_and_log_out(client, make_user) -> None:
    make_user("ana", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/accounts/profile/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/accounts/profile/").status_code == 302


def test_repeated_failed_log_ins_are_throttled(client, make_user) -> None:
    make_user("ana", password=PASSWORD)
    for _ in range(5):
        response = client.post("/accounts/login/", {"username": "ana", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed log-ins" in response.content.decode()


def test_a_wrong_password_says_so_without_a_server_error(client, make_user) -> None:
    make_user("ana", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "ana", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_profile_saves_display_name_language_and_email(client, make_user) -> None:
    user = make_user("ana", password=PASSWORD)
    client.force_login(user)
    response = client.post(
        "/accounts/profile/",
        {"display_name": "Ana", "language": "es", "email": "ana@example.org"},
    )
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "es"
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.language) == ("Ana", "es")
    user.refresh_from_db()
    assert user.email == "ana@example.org"


def test_the_profile_offers_the_language_the_reader_is_using(client, make_user) -> None:
    # Switched to Spanish with the nav buttons (a cookie only): the profile must not offer
    # English, or saving a display name would switch the site back.
    client.force_login(make_user("ana", password=PASSWORD))
    client.cookies.load({"django_language": "es"})
    html = client.get("/accounts/profile/").content.decode()
    assert '<option value="es" selected>' in html
    assert '<option value="en" selected>' not in html


@pytest.mark.parametrize(
    "data",
    [
        {"display_name": "x" * 41, "language": "en", "email": ""},
        {"display_name": "Ana", "language": "klingon", "email": ""},
        {"display_name": "Ana", "language": "en", "email": "nope"},
    ],
)
def test_bad_profile_input_is_refused_and_nothing_is_lost(client, make_user, data) -> None:
    user = make_user("ana", password=PASSWORD)
    Profile.objects.create(user=user, display_name="Before")
    client.force_login(user)
    response = client.post("/accounts/profile/", data)
    assert response.status_code == 400
    assert "invalid-feedback" in response.content.decode()
    assert Profile.objects.get(user=user).display_name == "Before"


def test_password_change_requires_the_old_password(client, make_user) -> None:
    user = make_user("ana", password=PASSWORD)
    client.force_login(user)
    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": "wrong",
            "new_password1": "x-new-phrase-88",
            "new_password2": "x-new-phrase-88",
        },
    )
    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_an_endless_username_is_refused_before_any_log_in_attempt_is_recorded(client) -> None:
    from axes.models import AccessAttempt

    response = client.post("/accounts/login/", {"username": "9" * 5000, "password": "x"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters" in response.content.decode()
    assert not AccessAttempt.objects.exists()


def test_the_admin_log_in_refuses_an_endless_username_the_same_way(client) -> None:
    from axes.models import AccessAttempt

    response = client.post("/admin/login/", {"username": "9" * 5000, "password": "x"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters" in response.content.decode()
    assert not AccessAttempt.objects.exists()
