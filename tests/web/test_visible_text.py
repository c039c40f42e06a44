"""Names and free text refuse invisible and control characters; usernames refuse mixed
scripts and lookalikes of existing names."""

import inspect

import pytest
from django import forms

import classes.forms
import puzzles.views_staff
import tutor.web.forms
from classes.forms import ClassroomForm, InstructorRequestForm, NewsForm
from tutor.web.models import Profile
from tutor.web.text import VisibleTextMixin

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-dragons-42"
RLO = "\u202e"  # right-to-left override: "Ana\u202egpj.exe" reads "Anaexe.jpg"
ZWSP = "\u200b"  # zero-width space: "ana\u200b" looks exactly like "ana"


def sign_up(client, username: str):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )


@pytest.mark.parametrize("name", [f"ana{ZWSP}", f"Ana{RLO}gpj", "ana\x00", "ana\u2028b"])
def test_a_username_with_hidden_characters_is_refused(client, name) -> None:
    response = sign_up(client, name)
    assert response.status_code == 400
    assert "invisible or control characters" in response.content.decode()


def test_a_display_name_with_a_bidi_override_is_refused(client, make_user) -> None:
    user = make_user("ana", password=PASSWORD)
    client.force_login(user)
    response = client.post(
        "/accounts/profile/", {"display_name": f"Teacher{RLO}", "language": "en", "email": ""}
    )
    assert response.status_code == 400
    assert "U+202E" in response.content.decode()


@pytest.mark.parametrize(
    ("form_class", "data", "field"),
    [
        (ClassroomForm, {"name": f"Riichi{ZWSP}101", "description": ""}, "name"),
        (ClassroomForm, {"name": "Riichi 101", "description": f"Sunday{RLO}"}, "description"),
        (NewsForm, {"body": f"**Tournament**{RLO} on Sunday"}, "body"),
        (InstructorRequestForm, {"message": "I teach\x07 at the club"}, "message"),
    ],
)
def test_class_names_and_free_text_refuse_hidden_characters(form_class, data, field) -> None:
    form = form_class(data=data)
    assert not form.is_valid()
    assert form.errors[field][0].startswith("Remove the invisible or control characters")


def test_free_text_keeps_its_line_breaks() -> None:
    assert NewsForm(data={"body": "Line one\r\nLine two\n\n- a list\twith a tab"}).is_valid()


def test_every_form_of_the_site_with_text_fields_checks_them() -> None:
    # One validator in one place: a new form that forgets the mixin fails here.
    modules = (tutor.web.forms, classes.forms, puzzles.views_staff)
    checked = []
    for module in modules:
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, forms.BaseForm) or cls.__module__ != module.__name__:
                continue
            fields = getattr(cls, "base_fields", {})
            if any(isinstance(f, forms.CharField) for f in fields.values()):
                assert issubclass(cls, VisibleTextMixin), cls
                checked.append(cls.__name__)
    assert {"SignUpForm", "ProfileForm", "ClassroomForm", "NewsForm"} <= set(checked)


@pytest.mark.parametrize("name", ["pаypal", "Ελeni"])  # a Cyrillic а; Greek with a Latin e
def test_a_username_mixing_alphabets_is_refused(client, name) -> None:
    response = sign_up(client, name)
    assert response.status_code == 400
    assert "one alphabet" in response.content.decode()


@pytest.mark.parametrize("name", ["Ελένη", "田中", "José_2"])
def test_a_username_in_one_alphabet_is_welcome(client, name) -> None:
    assert sign_up(client, name).status_code == 302


@pytest.mark.parametrize(
    ("existing", "lookalike"),
    [
        ("paypal", "раураl"),  # Cyrillic р, а, у and a Latin l: refused as mixed anyway
        ("paypal", "раура1"),  # all Cyrillic letters and a digit one for the l
        ("Ilya", "llya"),  # capital I and small l
        ("ana", "ANA"),
    ],
)
def test_a_lookalike_of_an_existing_name_is_refused(client, existing, lookalike) -> None:
    assert sign_up(client, existing).status_code == 302
    client.post("/accounts/logout/")
    response = sign_up(client, lookalike)
    assert response.status_code == 400
    html = response.content.decode()
    assert "too easy to mistake" in html or "one alphabet" in html or "already exists" in html


def test_a_name_made_in_the_admin_is_protected_too(client, make_user) -> None:
    make_user("Ilya")  # no profile: created outside sign-up
    assert not Profile.objects.exists()
    response = sign_up(client, "llya")
    assert response.status_code == 400
    assert "too easy to mistake" in response.content.decode()


def test_the_puzzle_report_note_refuses_hidden_characters(client, make_user) -> None:
    from tests.puzzles.play_factories import DISCARD_HAND, make_puzzle

    puzzle = make_puzzle(hand=DISCARD_HAND)
    client.force_login(make_user("ana", password=PASSWORD))
    url = f"/puzzles/{puzzle.pk}/report/"
    response = client.post(url, {"reason": "wrong", "note": f"bad{RLO}"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "invisible or control characters" in response.content.decode()
    # Without JavaScript: back to the puzzle, with the same message and nothing reported.
    page = client.post(url, {"reason": "wrong", "note": f"bad{RLO}"}, follow=True)
    assert "invisible or control characters" in page.content.decode()
    assert not puzzle.reports.exists()
