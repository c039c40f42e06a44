"""The scoring drill (item 10 of curriculum v2): a generated winning hand whose han, fu and
payment are graded apart, each wrong one with the line that differs."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from lessons.drill import Drill
from tutor.engine.positions import draw_winning

pytestmark = [pytest.mark.django_db]
URL = reverse("lessons:drill")


def right(seed: int) -> dict[str, str]:
    drill = Drill.of(seed)
    result = drill.fu().result()
    form = {"seed": str(seed), "han": str(result.han), "fu": str(result.fu)}
    for seat, amount in drill.payment().solution():
        form[f"pay_{seat}"] = str(amount)
    return form


def post(client, form: dict[str, str], language: str = "en") -> str:
    client.cookies["django_language"] = language
    response = client.post(URL, form)
    assert response.status_code == 200
    return unescape(response.content.decode())


def part(html: str, name: str) -> str:
    return html.split(f'id="feedback-{name}"', 1)[1].split("</div>", 1)[0]


def test_a_visit_without_a_seed_is_sent_to_a_fresh_position(client):
    response = client.get(URL)
    assert response.status_code == 302 and "?seed=" in response["Location"]


def test_two_learners_get_different_hands(client):
    seeds = {client.get(URL)["Location"] for _ in range(5)}
    hands = {draw_winning(int(s.split("=")[1])).hand for s in seeds}
    assert len(hands) >= 4


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_right_answers_are_each_marked_right(client, seed):
    html = post(client, right(seed))
    for name in ("han", "fu", "payment"):
        assert "feedback-correct" in html.split(f'id="feedback-{name}"', 1)[0].rsplit("<div", 1)[1]


def test_each_part_is_graded_on_its_own(client):
    form = right(3)
    form["han"] = str(int(form["han"]) + 1)
    html = post(client, form)
    assert "You counted" in part(html, "han") and "1 too many" in part(html, "han")
    assert "feedback-correct" in html.split('id="feedback-fu"', 1)[0].rsplit("<div", 1)[1]
    assert "feedback-correct" in html.split('id="feedback-payment"', 1)[0].rsplit("<div", 1)[1]


def test_a_wrong_fu_names_the_slip_against_the_number_typed(client):
    seed = next(s for s in range(100) if Drill.of(s).fu().result().fu >= 40)
    form = right(seed)
    form["fu"] = str(int(form["fu"]) + 30)
    assert "too many" in part(post(client, form), "fu")


def test_an_unrounded_payment_is_named(client):
    seed = next(s for s in range(100) if Drill.of(s).data["win"] == "ron")
    form = right(seed)
    name = next(k for k in form if k.startswith("pay_"))
    form[name] = str(int(form[name]) - 10)
    assert "feedback-wrong" in post(client, form).split('id="feedback-payment"', 1)[0]


def test_the_drill_reads_in_spanish(client):
    form = right(2)
    form["han"] = "13"
    html = post(client, form, "es")
    assert "Práctica de puntuación" in html and "Contaste 13 han" in html


def test_a_tampered_seed_is_refused_clearly(client):
    response = client.post(URL, {"seed": "x", "han": "1"})
    assert response.status_code == 400
    assert "does not exist" in response.content.decode()


def test_a_missing_number_asks_for_it(client):
    response = client.post(URL, {"seed": "1"})
    assert response.status_code == 200
    assert "Type a number first." in unescape(response.content.decode())


@pytest.mark.usefixtures("curriculum")
@pytest.mark.parametrize("slug", ["fu", "points-and-payments"])
def test_the_scoring_stages_end_with_a_link_to_the_drill(client, slug):
    html = client.get(reverse("lessons:complete", args=[slug])).content.decode()
    assert f'href="{URL}"' in html


@pytest.fixture
def ana(client):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("ana", "ana@example.org", "pw-123456789")
    client.force_login(user)
    return user


def test_a_learners_first_answer_is_stored_with_each_part_graded_apart(client, ana):
    from lessons.models import DrillAttempt

    form = right(3)
    form["han"] = str(int(form["han"]) + 1)
    post(client, form)
    attempt = DrillAttempt.objects.get(user=ana)
    assert attempt.seed == 3 and attempt.han == int(form["han"])
    assert (attempt.han_right, attempt.fu_right, attempt.payment_right) == (False, True, True)
    payers = [k.removeprefix("pay_") for k in form if k.startswith("pay_")]
    assert [seat for seat, _amount in attempt.payments] == payers


def test_answering_the_same_hand_again_is_practice_and_not_stored(client, ana):
    from lessons.models import DrillAttempt

    wrong = right(4)
    wrong["fu"] = str(int(wrong["fu"]) + 10)
    post(client, wrong)
    post(client, right(4))
    attempt = DrillAttempt.objects.get(user=ana, seed=4)
    assert not attempt.fu_right  # the first answer stands


def test_the_page_shows_the_learners_record(client, ana):
    post(client, right(1))
    wrong = right(2)
    wrong["han"] = str(int(wrong["han"]) + 2)
    html = post(client, wrong)
    record = html.split('id="drill-record"', 1)[1]
    assert "2 hands answered" in record
    assert 'id="record-han">1/2<' in record and 'id="record-fu">2/2<' in record
    assert 'id="record-all">1/2<' in record
    assert "?seed=2" in record and "?seed=1" in record


def test_another_learner_does_not_see_my_record(client, ana):
    from django.test import Client

    post(client, right(1))
    html = unescape(Client().get(f"{URL}?seed=1").content.decode())
    assert 'id="drill-record"' not in html


def test_a_visitor_keeps_a_record_in_their_session_in_spanish(client):
    post(client, right(5), "es")
    html = post(client, right(6), "es")
    record = html.split('id="drill-record"', 1)[1]
    assert "Tu historial" in record and "2 manos respondidas" in record
    assert 'id="record-all">2/2<' in record


def test_a_malformed_answer_is_not_stored(client, ana):
    from lessons.models import DrillAttempt

    form = right(3)
    form["fu"] = "lots"
    response = client.post(URL, form)
    assert response.status_code == 400
    assert not DrillAttempt.objects.filter(user=ana).exists()
