"""A teacher edits or removes a worksheet's hands until a student has answered them (then a
hand is locked); later hands move up with their answers; every persona gets the right refusal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes import services
from classes.models import Assignment, AssignmentKind, Attempt, Progress

pytestmark = pytest.mark.django_db

DISCARD = {"type": "best_discard", "hand": "23467m456p789s11z1s"}  # discard 1s
WAITS = {"type": "waits", "hand": "23m456p789s11z111m"}  # waits on 1m, 4m and 1z
OTHER_DISCARD = {"type": "best_discard", "hand": "123m456p789s1177z1p"}  # discard 1p


@pytest.fixture
def sheet(world):
    return Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.EXERCISE,
        title="Sunday sheet",
        worksheet=[dict(DISCARD), dict(WAITS), dict(OTHER_DISCARD)],
    )


def _url(world, sheet, number, action="item_edit"):
    return reverse(f"classes:{action}", args=[world.classroom.pk, sheet.pk, number])


def _answer(sheet, student, item, correct):
    services.record_attempt(sheet, student, item, correct, answer="x", given={"tile": ["1"]})


# --- editing ---------------------------------------------------------------------------------


def test_the_edit_form_shows_the_hand_as_it_is(login, world, sheet):
    body = login(world.teacher).get(_url(world, sheet, 2)).content.decode()
    assert 'value="23m456p789s11z111m"' in body
    assert '<option value="waits" selected>' in body
    assert _url(world, sheet, 2) in body  # the form posts back to this hand


def test_a_teacher_edits_an_unanswered_hand_and_keeps_the_others_answers(login, world, sheet):
    _answer(sheet, world.student, "1", True)
    response = login(world.teacher).post(
        _url(world, sheet, 2), {"type": "waits", "hand": "1112345678999m"}
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.worksheet == [DISCARD, {"type": "waits", "hand": "1112345678999m"}, OTHER_DISCARD]
    assert list(Attempt.objects.values_list("item", "correct")) == [("1", True)]


def test_a_hand_changes_type_through_the_type_chooser(login, world, sheet):
    client = login(world.teacher)
    body = client.get(_url(world, sheet, 3) + "?type=shanten").content.decode()
    assert '<option value="shanten" selected>' in body
    assert 'value="123m456p789s1177z1p"' not in body  # another type starts empty
    response = client.post(_url(world, sheet, 3), {"type": "shanten", "hand": "123m456p789s1357z"})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.worksheet[2] == {"type": "shanten", "hand": "123m456p789s1357z"}


def test_an_answered_hand_is_locked_against_editing(login, world, sheet):
    _answer(sheet, world.student, "2", False)
    client = login(world.teacher)
    page = client.get(_url(world, sheet, 2)).content.decode()
    assert "A student has answered this hand" in page and 'name="hand"' not in page
    response = client.post(_url(world, sheet, 2), {"type": "waits", "hand": "1112345678999m"})
    assert response.status_code == 400
    assert "A student has answered this hand" in response.content.decode()
    sheet.refresh_from_db()
    assert sheet.worksheet[1] == WAITS
    # The worksheet page says which hands are locked and offers to change the others.
    body = client.get(reverse("classes:assignment", args=[world.classroom.pk, sheet.pk]))
    text = body.content.decode()
    assert text.count("Answered: locked") == 1
    assert _url(world, sheet, 1) in text and _url(world, sheet, 2) not in text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "riddle", "hand": "23467m456p789s11z1s"}, "exercise type that does not exist"),
        ({"type": "waits", "hand": "123m"}, "tiles"),
        ({"type": "waits", "hand": "123m456p789s1357z"}, "The engine finds 0 right answers"),
        ({"type": "waits"}, "This field is required."),
    ],
    ids=["unknown-type", "bad-notation", "not-tenpai", "no-hand"],
)
def test_a_tampered_or_wrong_edit_is_a_400_with_a_message_and_saves_nothing(
    login, world, sheet, data, message
):
    response = login(world.teacher).post(_url(world, sheet, 2), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    sheet.refresh_from_db()
    assert sheet.worksheet == [DISCARD, WAITS, OTHER_DISCARD]


def test_adding_a_hand_with_an_unknown_type_is_a_400(login, world, sheet):
    url = reverse("classes:item_new", args=[world.classroom.pk, sheet.pk])
    response = login(world.teacher).post(url, {"type": "riddle", "hand": "23467m456p789s11z1s"})
    assert response.status_code == 400
    assert "exercise type that does not exist" in response.content.decode()
    sheet.refresh_from_db()
    assert len(sheet.worksheet) == 3


# --- removing --------------------------------------------------------------------------------


def test_removing_a_hand_moves_the_later_hands_up_with_their_answers(login, world, sheet):
    _answer(sheet, world.student, "1", True)
    _answer(sheet, world.student, "3", True)
    progress = Progress.objects.get(assignment=sheet, student=world.student)
    assert (progress.score, progress.completed_at) == (67, None)
    client = login(world.teacher)
    confirm = client.get(_url(world, sheet, 2, "item_delete")).content.decode()
    assert "Remove hand 2?" in confirm and 'method="post"' in confirm
    response = client.post(_url(world, sheet, 2, "item_delete"))
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.worksheet == [DISCARD, OTHER_DISCARD]
    # The answer to the old hand 3 is now the answer to hand 2, the same position.
    assert sorted(Attempt.objects.values_list("item", flat=True)) == ["1", "2"]
    assert sheet.exercise("2").data == OTHER_DISCARD
    progress.refresh_from_db()
    assert progress.score == 100 and progress.completed_at is not None


def test_removing_a_hand_with_htmx_swaps_the_hands_in_place(login, world, sheet):
    response = login(world.teacher).post(
        _url(world, sheet, 1, "item_delete"), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="worksheet-items">') and "<html" not in body
    assert "Hand 1 was removed" in body
    assert body.count('class="card mb-3 worksheet-item"') == 2


def test_removing_a_hand_with_htmx_renames_an_untitled_worksheet_in_place(login, world, sheet):
    sheet.title = ""
    sheet.save(update_fields=["title"])
    response = login(world.teacher).post(
        _url(world, sheet, 1, "item_delete"), headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    # The page's title, breadcrumb and heading said "Worksheet of 3 hands": swapped out of band.
    assert "<title>Worksheet of 2 hands · Riichi Dojo</title>" in body
    assert 'id="assignment-crumb" hx-swap-oob="true">Worksheet of 2 hands</li>' in body
    assert 'id="assignment-title" hx-swap-oob="true">Worksheet of 2 hands</h1>' in body
    assert "3 hands" not in body


def test_an_answered_hand_and_the_last_hand_cannot_be_removed(login, world, sheet):
    _answer(sheet, world.student, "2", False)
    client = login(world.teacher)
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(_url(world, sheet, 2, "item_delete"), headers=headers)
        assert response.status_code == 400
        assert "A student has answered this hand" in response.content.decode()
    one = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.EXERCISE, worksheet=[dict(DISCARD)]
    )
    response = client.post(_url(world, one, 1, "item_delete"))
    assert response.status_code == 400
    assert "keeps at least one hand" in response.content.decode()
    sheet.refresh_from_db()
    one.refresh_from_db()
    assert len(sheet.worksheet) == 3 and one.worksheet == [DISCARD]
    assert list(Attempt.objects.values_list("item", flat=True)) == ["2"]


# --- who may ---------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["item_edit", "item_delete"])
@pytest.mark.parametrize("method", ["get", "post"])
def test_only_the_class_teachers_may_edit_or_remove_a_hand(
    client, login, world, sheet, action, method
):
    url = _url(world, sheet, 2, action)
    data = {"type": "waits", "hand": "1112345678999m"} if action == "item_edit" else {}
    anonymous = getattr(client, method)(url, data)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    assert getattr(login(world.student), method)(url, data).status_code == 403
    for outsider in (world.other_teacher, world.stranger_student, world.outsider):
        assert getattr(login(outsider), method)(url, data).status_code == 404
    sheet.refresh_from_db()
    assert sheet.worksheet == [DISCARD, WAITS, OTHER_DISCARD]


@pytest.mark.parametrize("action", ["item_edit", "item_delete"])
def test_no_such_hand_or_no_worksheet_is_a_404(login, world, sheet, action):
    client = login(world.teacher)
    for number in (0, 4, 99):
        assert client.get(_url(world, sheet, number, action)).status_code == 404
    puzzles = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=[]
    )
    assert client.post(_url(world, puzzles, 1, action)).status_code == 404


# --- the exercise layer's own complaints, in the teacher's language ------------------------


@pytest.mark.parametrize(
    ("language", "dora", "payment"),
    [
        ("en", "Give from 1 to 5 dora indicators.", "Say who dealt in: a ron is paid by"),
        ("es", "Escribe de 1 a 5 indicadores de dora.", "Indica quién dio el descarte ganador"),
    ],
)
def test_a_position_the_exercise_layer_refuses_is_explained_in_the_teachers_language(
    login, world, sheet, language, dora, payment
):
    from html import unescape

    client = login(world.teacher)
    client.cookies.load({"django_language": language})
    url = reverse("classes:item_new", args=[world.classroom.pk, sheet.pk])
    response = client.post(url, {"type": "dora", "indicators": "123456m"})
    body = unescape(response.content.decode())
    assert response.status_code == 400
    assert dora in body and "1 to 5 tiles" not in body
    assert 'id="error_1_id_indicators"' in body  # on the field it is about
    winning = {"hand": "234567m23455p678s", "win_tile": "5p", "win": "ron"}
    response = client.post(url, {"type": "payment", "seat": "south", "round": "east", **winning})
    body = unescape(response.content.decode())
    assert response.status_code == 400 and payment in body
    assert "required for a ron" not in body
    sheet.refresh_from_db()
    assert len(sheet.worksheet) == 3


def test_an_answer_to_a_hand_that_moved_is_not_recorded_against_another(login, world, sheet):
    from classes import worksheets

    shown = worksheets.fingerprint(sheet.worksheet[2])  # the student opened hand 3
    login(world.teacher).post(_url(world, sheet, 2, "item_delete"))  # hand 3 becomes hand 2
    answer_url = reverse("classes:answer", args=[world.classroom.pk, sheet.pk])
    student = login(world.student)
    stale = student.post(answer_url, {"item": "3", "position": shown, "tile": "1p"})
    assert stale.status_code == 404  # there is no hand 3 any more
    gone = worksheets.fingerprint(WAITS)  # another student had the removed hand 2 open
    moved = student.post(answer_url, {"item": "2", "position": gone, "tile": "1p"})
    assert moved.status_code == 400
    assert "Your teacher changed this worksheet" in moved.content.decode()
    assert not Attempt.objects.exists()
    page = student.get(reverse("classes:assignment", args=[world.classroom.pk, sheet.pk]))
    assert f'name="position" value="{worksheets.fingerprint(DISCARD)}"' in page.content.decode()
    fresh = worksheets.fingerprint(OTHER_DISCARD)
    answered = student.post(answer_url, {"item": "2", "position": fresh, "tile": "1p"})
    assert answered.status_code == 200
    assert list(Attempt.objects.values_list("item", flat=True)) == ["2"]
