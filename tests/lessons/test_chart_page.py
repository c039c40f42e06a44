"""The han × fu chart page: every number from the engine, in both languages, linked from the
points stage."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from lessons import text
from lessons.models import Step
from tutor.engine.scoring.chart import chart_cell

pytestmark = pytest.mark.django_db


def page(client, language: str = "en") -> str:
    client.cookies["django_language"] = language
    response = client.get(reverse("lessons:chart"))
    assert response.status_code == 200
    return unescape(response.content.decode())


def cell_text(html: str, table: str, fu: int, han: int) -> str:
    body = html.split(f'id="chart-{table}"', 1)[1].split("</table>", 1)[0]
    row = body.split(f'<th scope="row">{fu}</th>', 1)[1].split("</tr>", 1)[0]
    return row.split("<td")[han].split("</td>", 1)[0]


def test_the_chart_shows_the_engine_payments_for_both_winners(client):
    html = page(client)
    non_dealer = chart_cell(3, 30, dealer=False)
    assert f"{non_dealer.ron:,}" in cell_text(html, "non-dealer", 30, 3)
    assert "2,000/1,000" in cell_text(html, "non-dealer", 30, 3)
    assert f"{chart_cell(3, 30, dealer=True).ron:,}" in cell_text(html, "dealer", 30, 3)
    assert "2,000 all" in cell_text(html, "dealer", 30, 3)


def test_a_twenty_fu_ron_is_marked_impossible(client):
    html = page(client)
    assert "not possible by ron" in cell_text(html, "non-dealer", 20, 2)
    assert "700/400" in cell_text(html, "non-dealer", 20, 2)


def test_a_capped_cell_names_its_limit(client):
    assert "Mangan" in cell_text(page(client), "non-dealer", 40, 4)


def test_the_chart_reads_in_spanish(client):
    html = page(client, "es")
    assert "Tabla de han × fu" in html
    assert "3.900" in cell_text(html, "non-dealer", 30, 3)
    assert "2.000 cada uno" in cell_text(html, "dealer", 30, 3)


@pytest.mark.usefixtures("curriculum")
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_points_stage_links_to_the_chart(language):
    from lessons.models import localized

    step = Step.objects.get(stage__slug="points-and-payments", key="base-points")
    assert f'href="{reverse("lessons:chart")}"' in str(text.render(localized(step.text, language)))
