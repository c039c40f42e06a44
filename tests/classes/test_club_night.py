"""A club night: a whole class joins through one link from one network (issue 10, item 14)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes.models import Membership

pytestmark = pytest.mark.django_db


def test_forty_students_on_one_network_all_get_in_through_one_link(world, client, make_user):
    link = reverse("classes:join_link", args=[world.classroom.join_code])
    for i in range(40):
        pupil = make_user(f"club{i:02d}")
        client.force_login(pupil)
        # each opens the link (a view), then presses Join, all from the club's one address
        assert client.get(link, REMOTE_ADDR="203.0.113.7").status_code == 200
        response = client.post(link, REMOTE_ADDR="203.0.113.7")
        assert response.status_code == 302, f"student {i + 1} was refused"
    assert Membership.objects.filter(classroom=world.classroom).count() == 41  # and world.student


def test_guessing_codes_from_one_address_is_still_throttled(world, client, make_user):
    client.force_login(world.outsider)
    statuses = [
        client.post(
            reverse("classes:join"), {"code": f"guess-{i:04d}"}, REMOTE_ADDR="198.51.100.3"
        ).status_code
        for i in range(12)
    ]
    assert statuses[:10] == [400] * 10
    assert statuses[10:] == [429, 429]
    # the right code is refused too while the limit holds: guessing cannot end in a join
    right = client.post(
        reverse("classes:join"), {"code": world.classroom.join_code}, REMOTE_ADDR="198.51.100.3"
    )
    assert right.status_code == 429
