"""Every main page, read with the Spanish cookie, shows no leftover English.

Each page is rendered for the right persona; every visible text node (and the attributes a
screen reader or a hover reads: ``aria-label``, ``title``, ``alt``, ``placeholder``, button
values) is split into words, and words that only English uses ("the", "your", "Next",
"Check"...) are reported with the page and the sentence they sit in. Tile notation, Japanese
terms (riichi, tenpai, yaku names) and proper nouns are not in the list, so they never count.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from lessons.models import Stage
from puzzles.models import PuzzleKind
from tests import factories
from tests.lessons.answers import wrong_form

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Words that are English and not Spanish (nor mahjong terms used in both languages).
ENGLISH = set(
    re.findall(
        r"\w+",
        """
    the and your you next check hint log sign submit answer answers back continue save cancel
    delete edit show hide with from this that which what is are of to for hand hands tiles tile
    wait waits score points discard discards correct wrong try again password username class
    classes student students teacher teachers due start puzzle puzzles lesson lessons step steps
    learn home profile reset new join leave none not one two three four each every all more
    less than here there when how why who it its an be by or on at in out up yes today
    yesterday dashboard analyzer daily account name title instructions kind theme rating streak
    accuracy seconds minutes first last best stars completed done open close language
    skip content main change administration generation about after before any can cannot
    could should would will must may might have had was were been being do does did
    our their them they she his her we us my if then else so but only also just still
    already yet never always since until while where whose whom these those such same other
    another own very too most least many much few some see look click pick choose choosing
    select type enter send sent play played playing solve solved solving review reviews easier
    harder same round seat wind winds player players win wins won winning draw drawn
    wall dead break suit suits pair pairs set sets run runs
    sequence sequences triplet triplets quad quads call calls called claim claimed pass passed
    failed success errors message messages please welcome thanks thank sorry
    """,
    )
)
VISIBLE_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
SKIPPED_TAGS = {"script", "style", "noscript", "template", "code", "kbd", "samp"}


class _Text(HTMLParser):
    """Collects visible text and readable attributes, skipping code and hidden inputs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in SKIPPED_TAGS:
            self._skip += 1
        # English and Spanish names of the two languages are meant to show in the switcher.
        if values.get("lang") not in (None, "es") and tag not in {"html"}:
            if tag not in {"img", "input", "br", "hr", "meta", "link"}:
                self._skip += 1
                self._lang_tag = tag
            return
        for name in VISIBLE_ATTRIBUTES:
            if values.get(name):
                self.chunks.append(str(values[name]))
        if tag == "input" and values.get("type") in {"submit", "button"} and values.get("value"):
            self.chunks.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED_TAGS or tag == getattr(self, "_lang_tag", None):
            self._skip = max(0, self._skip - 1)
            if tag == getattr(self, "_lang_tag", None):
                self._lang_tag = None

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.chunks.append(" ".join(data.split()))


def english_in(html: str) -> list[str]:
    """The sentences of ``html`` a Spanish reader would see with English words in them."""
    parser = _Text()
    parser.feed(html)
    found = []
    for chunk in parser.chunks:
        text = re.sub(r"\S*://\S*|\S+@\S+", " ", chunk)  # addresses are not prose
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
        hits = sorted(words & ENGLISH)
        if hits:
            found.append(f"{chunk[:140]!r} ({', '.join(hits)})")
    return found


def test_the_detector_flags_english_and_spares_spanish_and_notation():
    assert english_in("<p>Check your answer</p>")
    assert english_in('<button aria-label="Next step">→</button>')
    assert not english_in("<p>Comprueba tu respuesta: 123m456p 東 riichi, tenpai, pinfu</p>")
    assert not english_in("<script>const the = 'and';</script><code>the</code>")
    assert not english_in("<p>Comparte http://example.com/puzzles/daily/</p>")


@pytest.fixture
def world(curriculum):
    cache.clear()
    return vars(
        factories.site_world(
            staff="jefa",
            teacher_name="profe",
            learner="alumna",
            class_name="Grupo Mahjong",
            exercise_title="Cuenta esta mano",
            puzzles_title="Cuatro problemas",
        )
    )


def _client(user=None) -> Client:
    client = Client()
    client.cookies.load({"django_language": "es"})
    if user is not None:
        client.force_login(user)
    return client


def _get(client: Client, url: str, status: int = 200) -> str:
    response = client.get(url, follow=True)
    assert response.status_code == status, f"{url} -> {response.status_code}"
    return response.content.decode()


def _report(pages: dict[str, str]) -> list[str]:
    problems = []
    for url, html in pages.items():
        problems += [f"{url}: {hit}" for hit in english_in(html)]
    return problems


def test_public_and_account_pages_are_all_in_spanish(world):
    anonymous = _client()
    urls = [
        reverse("home"),
        reverse("tiles"),
        reverse("login"),
        reverse("signup"),
        reverse("password_reset"),
        reverse("password_reset_done"),
        reverse("lessons:index"),
        reverse("puzzles:daily"),
        reverse("puzzles:analyzer"),
        reverse("puzzles:analyzer") + "?hand=123456789m1235p",
        reverse("puzzles:analyzer") + "?hand=123456789m12p35s",
        reverse("classes:index"),
    ]
    urls += [reverse("puzzles:detail", args=[p.pk]) for p in world["puzzles"]]
    pages = {url: _get(anonymous, url) for url in urls}
    first = Stage.objects.order_by("number").first()
    for url in [
        reverse("lessons:complete", args=[first.slug]),
        reverse("password_reset_confirm", args=["MQ", "set-password"]),
        reverse("password_reset_complete"),
        reverse("classes:join_link", args=[world["classroom"].join_code]),
    ]:
        pages[url] = _get(anonymous, url)
    pages["logged out"] = (
        _client(world["learner"]).post(reverse("logout"), follow=True).content.decode()
    )
    bad_hand = reverse("puzzles:analyzer") + "?hand=8z99m"
    pages[bad_hand] = _get(anonymous, bad_hand, status=400)
    learner = _client(world["learner"])
    for url in [
        reverse("home"),
        reverse("profile"),
        reverse("password_change"),
        reverse("puzzles:dashboard"),
        reverse("puzzles:index"),
    ]:
        pages[f"(learner) {url}"] = _get(learner, url)
    problems = _report(pages)
    assert not problems, f"{len(problems)} English leftovers:\n" + "\n".join(problems)


def test_every_stage_and_its_feedback_are_in_spanish(world):
    client = _client()
    pages = {}
    kinds_seen: set[str] = set()
    for stage in Stage.objects.order_by("number"):
        pages[reverse("lessons:stage", args=[stage.slug])] = _get(
            client, reverse("lessons:stage", args=[stage.slug])
        )
        for step in stage.steps.order_by("number"):
            url = reverse("lessons:step", args=[stage.slug, step.number])
            pages[url] = _get(client, url)
            kind = step.exercise.get("type")
            if kind and kind not in kinds_seen:
                kinds_seen.add(kind)
                answer = reverse("lessons:answer", args=[stage.slug, step.number])
                response = client.post(answer, {"step": step.key, **wrong_form(step.exercise)})
                pages[f"{url} (wrong answer)"] = response.content.decode()
    problems = _report(pages)
    assert not problems, f"{len(problems)} English leftovers:\n" + "\n".join(problems)


def test_puzzle_feedback_is_in_spanish(world):
    client = _client(world["learner"])
    pages = {}
    for puzzle in world["puzzles"]:
        answer = puzzle.analysis["answer"]
        wrong = "1z" if puzzle.kind != PuzzleKind.SHANTEN else str(int(answer) + 1)
        url = reverse("puzzles:answer", args=[puzzle.pk])
        pages[f"{url} {puzzle.kind} wrong"] = client.post(url, {"answer": wrong}).content.decode()
        right = answer if isinstance(answer, list) else [str(answer)]
        pages[f"{url} {puzzle.kind} right"] = client.post(url, {"answer": right}).content.decode()
    problems = _report(pages)
    assert not problems, f"{len(problems)} English leftovers:\n" + "\n".join(problems)


def test_classes_pages_are_in_spanish_for_teacher_student_and_staff(world):
    c = world["classroom"]
    teacher, student, staff = (
        _client(world["teacher"]),
        _client(world["learner"]),
        _client(world["staff"]),
    )
    pages = {}
    for url in [
        reverse("classes:index"),
        reverse("classes:new"),
        reverse("classes:detail", args=[c.pk]),
        reverse("classes:edit", args=[c.pk]),
        reverse("classes:dashboard", args=[c.pk]),
        reverse("classes:student", args=[c.pk, world["learner"].pk]),
        reverse("classes:assignment_new", args=[c.pk]),
        reverse("classes:assignment_new", args=[c.pk]) + "?kind=puzzles",
        reverse("classes:assignment_new", args=[c.pk]) + "?kind=stage",
        *[reverse("classes:assignment", args=[c.pk, a.pk]) for a in world["assignments"]],
        *[reverse("classes:assignment_edit", args=[c.pk, a.pk]) for a in world["assignments"]],
        reverse("classes:print", args=[c.pk, world["assignments"][0].pk]),
        *[
            reverse("classes:review", args=[c.pk, a.pk, world["learner"].pk])
            for a in world["assignments"][:2]
        ],
        *[
            reverse("classes:item_new", args=[c.pk, world["assignments"][0].pk]) + f"?type={t}"
            for t in ("furiten", "yaku", "payment", "safest_tile", "dora")
        ],
        reverse("classes:item_edit", args=[c.pk, world["assignments"][0].pk, 1]),
        reverse("classes:item_delete", args=[c.pk, world["assignments"][0].pk, 1]),
    ]:
        pages[f"(teacher) {url}"] = _get(teacher, url)
    for url in [
        reverse("classes:index"),
        reverse("classes:mine"),
        reverse("classes:join"),
        reverse("classes:request_instructor"),
        reverse("classes:detail", args=[c.pk]),
        *[reverse("classes:assignment", args=[c.pk, a.pk]) for a in world["assignments"]],
    ]:
        pages[f"(student) {url}"] = _get(student, url)
    exercise = world["assignments"][0]
    answer = reverse("classes:answer", args=[c.pk, exercise.pk])
    pages["(student) exercise answered"] = student.post(
        answer, {"item": "1", "pay_west": "1000"}, follow=True
    ).content.decode()
    pages["(teacher) the student's answer drawn"] = _get(
        teacher, reverse("classes:review", args=[c.pk, exercise.pk, world["learner"].pk])
    )
    for url in [
        reverse("puzzles:staff_batches"),
        reverse("puzzles:staff_batch", args=[world["batch"].pk]),
    ]:
        pages[f"(staff) {url}"] = _get(staff, url)
    problems = _report(pages)
    assert not problems, f"{len(problems)} English leftovers:\n" + "\n".join(problems)


def test_form_errors_are_in_spanish(world):
    c = world["classroom"]
    anonymous, teacher, student = (
        _client(),
        _client(world["teacher"]),
        _client(world["learner"]),
    )
    posts = [
        (anonymous, reverse("signup"), {"username": "a b", "password1": "x", "password2": "y"}),
        (anonymous, reverse("login"), {"username": "nobody", "password": "wrong"}),
        (anonymous, reverse("password_reset"), {"email": "not-an-email"}),
        (student, reverse("password_change"), {"old_password": "x", "new_password1": "1"}),
        (student, reverse("classes:join"), {"code": "nope"}),
        (student, reverse("classes:request_instructor"), {"message": ""}),
        (teacher, reverse("classes:new"), {"name": ""}),
        (teacher, reverse("classes:news", args=[c.pk]), {"body": ""}),
        (teacher, reverse("classes:add_teacher", args=[c.pk]), {"username": "alumna"}),
        (
            teacher,
            reverse("classes:assignment_new", args=[c.pk]),
            {"kind": "exercise", "type": "best_discard", "hand": "123m8z"},
        ),
        (
            teacher,
            reverse("classes:assignment_new", args=[c.pk]),
            {"kind": "exercise", "type": "waits", "hand": "123456789m1234p"},
        ),
        (
            teacher,
            reverse("classes:assignment_new", args=[c.pk]),
            {"kind": "puzzles", "mode": "chosen", "puzzle_ids": "abc"},
        ),
        (
            student,
            reverse("classes:answer", args=[c.pk, world["assignments"][0].pk]),
            {"item": "1", "pay_west": "mucho"},
        ),
    ]
    pages = {}
    for client, url, data in posts:
        response = client.post(url, data, follow=True)
        assert response.status_code < 500, url
        pages[f"POST {url} {sorted(data)}"] = response.content.decode()
    problems = _report(pages)
    assert not problems, f"{len(problems)} English leftovers:\n" + "\n".join(problems)
