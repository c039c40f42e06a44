"""Refusals say something a person can read, in the reader's language."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

ES = {"django_language": "es"}


def spanish_client() -> Client:
    client = Client()
    client.cookies.load(ES)
    return client


def test_a_wrong_method_explains_itself_instead_of_a_blank_page(client):
    response = client.get(reverse("logout"))
    assert response.status_code == 405
    html = response.content.decode()
    assert "not meant to be opened that way" in html
    assert 'href="/"' in html  # the site's navigation and a way home


def test_a_wrong_method_is_explained_in_spanish():
    response = spanish_client().post(reverse("lessons:index"))
    assert response.status_code == 405
    assert "no está pensada para abrirse así" in response.content.decode()


def test_an_htmx_refusal_is_a_short_fragment(client):
    response = client.post(reverse("lessons:index"), headers={"HX-Request": "true"})
    assert response.status_code == 405
    html = response.content.decode()
    assert "<nav" not in html and 'role="alert"' in html


def test_an_unknown_page_is_a_readable_404_in_spanish(settings):
    settings.DEBUG = False
    response = spanish_client().get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Página no encontrada" in html and "Volver a la página de inicio" in html


def test_a_form_without_its_token_says_so(make_user):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert "Form expired" in response.content.decode()


def test_a_refusal_with_its_own_text_is_left_alone(client):
    response = client.get(reverse("puzzles:detail", args=[987654]))
    assert response.status_code == 404
    assert "not meant to be opened that way" not in response.content.decode()
