"""No page of the site answers with a server error, whoever asks and whatever they send.

Every URL pattern of the project (read from the resolver, so a new page is walked without
editing this file) is requested by four personas -- a visitor, a learner in a class, an
instructor of *another* class, and staff -- with its path converters filled by real ids,
absurd ids and junk strings, by GET and by POST of junk bodies, with and without the
``HX-Request`` header. No answer may be a 500, and a refusal (4xx) must say something a person
can read rather than come back empty.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter, SlugConverter, StringConverter

from lessons.models import Step
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# 60 fields of 20,000 characters: 1.2 MB, under Django's 2.5 MB DATA_UPLOAD_MAX_MEMORY_SIZE, so
# every form reads them; "over the size limit" is one field past it, refused before any form.
HUGE = "x" * 20_000
OVER_THE_LIMIT = "x" * 2_700_000
FORTY_TILES = "1111222233334444m1111222233334444p11112222s"
# Every field name a form of the site reads; a junk body sets them all to one value.
FIELDS = (  # noqa: SIM905 - a word list reads better than 60 quoted names
    "step op tile stack shape pair number choice answer daily started kind difficulty after "
    "review hand title instructions due mode theme code name description username password "
    "password1 password2 old_password new_password1 new_password2 email preview shown "
    "exercise_kind win_tile riichi tsumo seat_wind round_wind dora puzzle_ids stage_slug message "
    "count seed target_difficulty language next user student teacher pay_E pay_S pay_W pay_N "
    "score_E score_S score_W score_N display_name discard tiles situation facts waits points "
    "ura honba sticks kans dora_indicators item puzzle type win seat round discarder discards "
    "passed river indicators choices pay_east pay_south pay_west pay_north"
).split()


def _body(value: Any) -> dict[str, Any]:
    return dict.fromkeys(FIELDS, value)


JUNK_BODIES: dict[str, dict[str, Any]] = {
    "empty": {},
    "huge strings": _body(HUGE),
    "malformed hand": _body("8z99m"),
    "forty tiles": _body(FORTY_TILES),
    "wrong types": {**_body(["1", "-1", "[]", "{}", "null", "NaN", "1e400"]), "number": "1e400"},
    "absurd numbers": _body(str(2**70)),
    "negative": _body("-1"),
    "nul bytes": _body("5m\x00' OR 1=1"),
    "endless digits": _body("9" * 5000),
    "over the size limit": {"hand": OVER_THE_LIMIT},
}
JUNK_QUERY = {
    "kind": "zz",
    "difficulty": "9e99",
    "after": "\x00nope",
    "review": "1",
    "page": "-3",
    "next": "//evil.example/",
    "theme": "../../etc",
    "date": "2026-02-30",
}


@dataclass(frozen=True)
class Hit:
    persona: str
    method: str
    url: str
    body: str
    htmx: bool
    status: int
    note: str = ""

    def __str__(self) -> str:
        hx = " HX" if self.htmx else ""
        return f"{self.persona}: {self.method}{hx} {self.url} [{self.body}] -> {self.status} {self.note}"


def _patterns(resolver: URLResolver, prefix: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if route.startswith("admin/"):
                continue  # Django's own admin; staff pages of our apps are walked below
            yield from _patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, dict(entry.pattern.converters)


def _alternatives(converter: Any) -> list[str]:
    if isinstance(converter, IntConverter):
        return ["0", str(2**40), str(2**70)]
    if isinstance(converter, SlugConverter):
        return ["no-such-thing", "a" * 300]
    if isinstance(converter, StringConverter):
        return ["no-such-thing", "%00", "2026-13-45", "a" * 300, "..", "'%20OR%201=1"]
    return []


def _fill(route: str, values: dict[str, str]) -> str:
    import re

    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], route)


@pytest.fixture
def site(settings, curriculum):
    """A small but complete world (see :func:`tests.factories.site_world`), and a second
    class whose teacher visits the first one's pages."""
    settings.DEBUG = False
    cache.clear()
    world = factories.site_world()
    other_teacher = factories.teacher("other_teacher")
    other = factories.classroom("Other class", other_teacher)
    today = world.today
    return {
        "personas": {
            "anonymous": None,
            "learner": world.learner,
            "instructor of another class": other_teacher,
            "staff": world.staff,
        },
        # Real values for each converter name; the first is the "base" used with junk elsewhere.
        "real": {
            "puzzle_id": [str(p.pk) for p in world.puzzles],
            "date": [today.isoformat(), (today - datetime.timedelta(days=1)).isoformat()],
            "batch_id": [str(world.batch.pk)],
            "class_id": [str(world.classroom.pk), str(other.pk)],
            "assignment_id": [str(a.pk) for a in world.assignments],
            "student_id": [str(world.learner.pk), str(world.teacher.pk)],
            "code": [world.classroom.join_code],
            "uidb64": ["MQ"],
            "token": ["set-password"],
        },
        "steps": _steps_of_each_kind(),
    }


def _steps_of_each_kind() -> list[Step]:
    """One step of each exercise type, and one explanation step."""
    chosen: dict[str, Step] = {}
    for step in Step.objects.select_related("stage").order_by("stage__number", "number"):
        chosen.setdefault(step.exercise.get("type", "explanation"), step)
    return list(chosen.values())


def _urls(site: dict[str, Any]) -> list[tuple[str, dict[str, str], bool]]:
    """(url, post fields to add, walk with every junk body) for every pattern and filling."""
    real = dict(site["real"])
    steps: list[Step] = site["steps"]
    out: list[tuple[str, dict[str, str], bool]] = []
    for route, converters in _patterns(get_resolver()):
        names = list(converters)
        if "slug" in names:
            # Lesson pages: every kind of step, with its real key so the answer is read.
            for step in steps:
                values = {"slug": step.stage.slug, "number": str(step.number)}
                out.append((_fill(route, values), {"step": step.key}, True))
            base = {"slug": steps[0].stage.slug, "number": str(steps[0].number)}
            for name in names:
                for alt in _alternatives(converters[name]):
                    out.append((_fill(route, {**base, name: alt}), {}, False))
            continue
        if not names:
            out.append((_fill(route, {}), {}, True))
            continue
        # Every real value of each converter gets the junk bodies (the others at their first
        # value); the rest of the product, a GET and an empty POST.
        base = {n: real.get(n, ["1"])[0] for n in names}
        for combo in itertools.product(*(real.get(n, ["1"]) for n in names)):
            values = dict(zip(names, combo, strict=True))
            near = sum(values[n] != base[n] for n in names) <= 1
            out.append((_fill(route, values), {}, near))
        for name in names:
            for alt in _alternatives(converters[name]):
                out.append((_fill(route, {**base, name: alt}), {}, False))
    return out


def _readable(response: Any) -> bool:
    if getattr(response, "streaming", False):
        return True
    if response.status_code in (301, 302, 303, 307, 308) or response.status_code < 400:
        return True
    return bool(response.content.strip())


def _walk(
    client: Client, persona: str, user: Any, urls: list[tuple[str, dict[str, str], bool]]
) -> list[Hit]:
    bad: list[Hit] = []

    def check(method: str, url: str, label: str, htmx: bool, response: Any) -> None:
        status = response.status_code
        # /healthz answers 503 on purpose when a service it checks is down.
        if status == 500 or (status > 500 and not url.startswith("/healthz")):
            bad.append(Hit(persona, method, url, label, htmx, status, "server error"))
        elif not _readable(response):
            bad.append(Hit(persona, method, url, label, htmx, status, "empty refusal"))

    for url, extra, full in urls:
        for htmx in (False, True):
            headers = {"HX-Request": "true"} if htmx else {}
            check("GET", url, "", htmx, client.get(url, headers=headers))
            if full and not htmx:
                check("GET", url, "junk query", htmx, client.get(url, JUNK_QUERY))
            bodies = JUNK_BODIES.items() if full else [("empty", {})]
            for label, body in bodies:
                if htmx and label not in ("empty", "malformed hand"):
                    continue
                response = client.post(url, {**body, **extra}, headers=headers)
                check("POST", url, label, htmx, response)
        # A tampered hidden field: the lesson step key of another step.
        if extra:
            check("POST", url, "tampered step", False, client.post(url, {"step": "nope"}))
        cache.clear()  # join throttles and log-in lockouts must not hide later answers
        if user is not None:
            client.force_login(user)  # the walk posts to log-out too
    return bad


@pytest.mark.parametrize(
    "persona", ["anonymous", "learner", "instructor of another class", "staff"]
)
def test_no_page_answers_with_a_server_error(site, persona):
    user = site["personas"][persona]
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    urls = _urls(site)
    bad = sorted(
        _walk(client, persona, user, urls), key=lambda b: (b.note != "server error", b.status)
    )
    assert not bad, f"{len(bad)} bad answers:\n" + "\n".join(str(b) for b in bad[:60])
