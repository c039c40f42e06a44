"""The game review against a riichi: every tile's danger, the pick marked, and a deal-in-prone
pick flagged as a big mistake with a message naming it, in both languages."""

from __future__ import annotations

import importlib
from functools import cache

import pytest
from django.test import Client
from django.urls import reverse

from reviews import services
from reviews.judge import (
    JudgedDecision,
    judge_decision,
    judged_from_json,
    judged_to_json,
    seat_decisions,
    seat_positions,
)
from reviews.models import GameReview, ReviewedDecision, ReviewStatus
from tests.conftest import missing
from tests.engine.test_gamelog import LOGS
from tests.factories import user
from tests.puzzles.test_mining import XML
from tests.reviews.test_judge import decision
from tutor.engine.gamelog.mjlog import load_mjlog
from tutor.engine.push_fold import DEAL_IN_LOSS
from tutor.engine.tiles import parse_tiles

GAME = LOGS / "2022010102gm-00e1-0000-9d1c81a9.xml"
"""A Phoenix game where seat 0 pushes 4m (about 29% danger) from a 1-shanten hand in round 8
while genbutsu 4p is in hand, and pushes 9p from a tenpai hand in round 3."""


@cache
def _judged(round_seq: int, turn: int, seat: int = 0) -> JudgedDecision:
    if not GAME.exists():
        missing(f"the shared Phoenix logs are not in {LOGS}")
    game = load_mjlog(GAME)
    positions = seat_positions(game, seat)
    d = next(d for d in seat_decisions(game, seat) if (d.round_seq, d.turn) == (round_seq, turn))
    return judge_decision(d, 0, None, positions.get((d.round_seq, d.seat, d.turn)))


def test_a_weak_hand_pushing_a_dangerous_tile_is_a_deal_in_prone_big_mistake() -> None:
    judged = _judged(8, 14)
    assert judged.defense is not None
    assert judged.played == "4m" and judged.deal_in_prone and judged.is_big_mistake
    tiles = [row["tile"] for row in judged.defense["tiles"]]
    assert sorted(tiles) == sorted({"4m", "5m", "4p", "5p", "6p", "7p", "1s", "3s", "4s", "5s"})
    dangers = [row["danger"] for row in judged.defense["tiles"]]
    assert dangers == sorted(dangers)  # safest first
    assert judged.defense["tiles"][0]["reasons"][0]["code"] == "genbutsu"
    mine = judged.defense["played"]
    assert mine["tile"] == "4m" and mine["shanten"] >= 1
    assert judged.defense["push_fold"]["fold"]["value"] - mine["value"] >= DEAL_IN_LOSS


def test_a_tenpai_push_is_never_called_deal_in_prone() -> None:
    judged = _judged(3, 13)
    assert judged.defense is not None and judged.defense["played"]["shanten"] == 0
    assert judged.defense["played"]["danger"] > 0.05
    assert not judged.deal_in_prone


def test_a_sound_fold_gives_nothing_away_though_the_value_ranking_disagrees() -> None:
    # Seat 1 folds with genbutsu 1s in the first round; the value ranking, blind to the
    # danger, had it 400 points worse than pushing 9m: a big mistake before the loss counted
    # the deal-in risk. Push or fold says fold, so the pick gives nothing away.
    judged = _judged(0, 15, seat=1)
    assert judged.defense is not None and judged.played == "1s"
    assert judged.defense["push_fold"]["answer"] == "fold"
    assert judged.defense["push_fold"]["fold"]["tile"] == "1s"
    assert judged.loss == 0.0 and judged.pick_chance is None
    assert not judged.is_big_mistake


def test_against_two_riichi_every_tile_has_its_danger_against_each_and_no_loss_is_claimed() -> None:
    # Seat 3 cuts 1m in East 3 with seats 1 and 2 in riichi. The value ranking, blind to the
    # danger, says the cut gives 1,000 points away; push or fold has no figures against two
    # riichi, so the review claims no loss and calls nothing a mistake, but it shows each
    # tile's chance of dealing in to either riichi, and its danger against each.
    judged = _judged(6, 14, seat=3)
    assert judged.played == "1m" and judged.facing_riichi and judged.pick_chance is None
    assert judged.defense is not None
    assert [r["seat"] for r in judged.defense["riichi"]] == [1, 2]
    assert judged.loss == 0.0 and not judged.is_big_mistake and not judged.deal_in_prone
    rows = judged.defense["tiles"]
    dangers = [row["danger"] for row in rows]
    assert dangers == sorted(dangers)  # safest first
    for row in rows:
        each = [one["danger"] for one in row["against"]]
        assert len(each) == 2
        # a tile is at least as dangerous as against the worse riichi, and no more than both
        assert max(each) - 1e-4 <= row["danger"] <= sum(each) + 1e-4
    assert set(judged.defense["waits"]) == {t for r in judged.defense["riichi"] for t in r["waits"]}


PRONE_AGAINST_TWO = LOGS / "2022010103gm-00a9-0000-8beb2987.xml"
"""A Phoenix game where seat 3, 1-shanten, pushes 3p (about 29% to deal in to one of two riichi)
in its second round while a tile under 1% was there, and deals in."""


def test_a_hand_short_of_tenpai_pushing_against_two_riichi_is_a_deal_in_prone_big_mistake() -> None:
    if not PRONE_AGAINST_TWO.exists():
        missing(f"the shared Phoenix logs are not in {LOGS}")
    game = load_mjlog(PRONE_AGAINST_TWO)
    positions = seat_positions(game, 3)
    d = next(d for d in seat_decisions(game, 3) if (d.round_seq, d.turn) == (1, 17))
    judged = judge_decision(d, 0, None, positions.get((d.round_seq, d.seat, d.turn)))
    assert judged.defense is not None and len(judged.defense["riichi"]) == 2
    played = judged.defense["played"]
    assert (played["tile"], played["shanten"]) == ("3p", 1) and played["danger"] > 0.2
    assert judged.defense["tiles"][0]["danger"] < 0.01
    assert judged.deal_in_prone and judged.is_big_mistake and judged.loss == 0.0
    assert judged.defense["dealt_in"]
    from reviews.defense import defense_context

    context = defense_context(judged)
    assert context is not None
    assert context["mistake"].startswith("You pushed three of circles (")
    assert (
        "with a 1-shanten hand: against two riichi a hand short of tenpai folds."
        in context["mistake"]
    )


def test_the_defense_facts_survive_the_stored_json() -> None:
    judged = _judged(8, 14)
    again = judged_from_json(judged_to_json(judged))
    assert again == judged and again.deal_in_prone


def test_a_decision_without_a_riichi_has_no_defense_facts() -> None:
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z"), 0)
    assert judged.defense is None and not judged.deal_in_prone


def _stored(owner: object, judged: JudgedDecision) -> GameReview:
    review = GameReview.objects.create(
        owner=owner, name="game.xml", text="", seat=0, status=ReviewStatus.DONE, total=1
    )
    ReviewedDecision.objects.create(
        review=review, index=0, big_mistake=judged.is_big_mistake, data=judged_to_json(judged)
    )
    return review


@pytest.mark.django_db
def test_the_review_page_names_the_deal_in_prone_pick_and_shows_every_tiles_danger() -> None:
    judged = _judged(8, 14)
    learner = user("learner")
    client = Client()
    client.force_login(learner)
    review = _stored(learner, judged)
    page = client.get(reverse("reviews:detail", args=[review.pk])).content.decode()
    assert 'data-testid="danger-table"' in page and 'data-testid="deal-in-prone"' in page
    assert page.count('data-testid="my-danger"') == 1
    danger = f"{100 * judged.defense['played']['danger']:.1f}%"  # type: ignore[index]
    assert f"You pushed four of characters ({danger} danger) with a 1-shanten hand" in page
    assert "four of circles was genbutsu." in page
    assert "Pushing with four of characters was worth" in page
    assert "The riichi was waiting on two of bamboo and five of bamboo." in page
    assert 'data-testid="risky-links"' in page and 'href="?d=0"' in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading", "named"),
    [
        ("en", "Against 2 riichi: the chance each tile deals in to any of them", "wind riichi: "),
        ("es", "Contra 2 riichi: la probabilidad de que cada ficha dé ron a alguno", "riichi de "),
    ],
)
def test_the_review_page_shows_each_tiles_danger_against_two_riichi(
    language: str, heading: str, named: str
) -> None:
    judged = _judged(6, 14, seat=3)
    learner = user("learner")
    client = Client()
    client.force_login(learner)
    client.cookies["django_language"] = language
    review = _stored(learner, judged)
    page = client.get(
        reverse("reviews:detail", args=[review.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert heading in page
    assert page.count('data-testid="my-danger"') == 1
    # every row names both riichi by their seat winds
    rows = len(judged.defense["tiles"])  # type: ignore[index]
    assert page.count('<div class="danger-against">') == 2 * rows
    assert page.count(named) >= 2 * rows
    assert " expected points given away<" not in page and " puntos esperados perdidos<" not in page


@pytest.mark.django_db
def test_the_deal_in_message_speaks_spanish() -> None:
    judged = _judged(8, 14)
    learner = user("learner")
    client = Client()
    client.force_login(learner)
    client.cookies["django_language"] = "es"
    review = _stored(learner, judged)
    page = client.get(
        reverse("reviews:detail", args=[review.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Arriesgaste" in page and "era genbutsu" in page
    assert "Ataques arriesgados contra un riichi:" in page
    assert "Contra el riichi: el peligro de cada ficha" in page
    assert "You pushed" not in page


@pytest.mark.django_db
def test_a_judged_upload_stores_the_danger_of_each_tile_facing_a_riichi() -> None:
    learner = user("learner")
    review = services.create_review(learner, services.check_upload(XML.name, XML.read_bytes()), 0)
    services.run_review(review.pk)
    facing = [d for d in review.decisions.all() if d.judged.defense is not None]
    assert facing, "seat 0 faces a riichi in round 2 of the fixture"
    judged = facing[0].judged
    hand = {k for k in parse_tiles(judged.hand.replace("0", "5"))}
    assert {parse_tiles(r["tile"])[0] for r in judged.defense["tiles"]} == hand  # type: ignore[index]
    client = Client()
    client.force_login(learner)
    url = reverse("reviews:detail", args=[review.pk]) + f"?d={judged.index}"
    page = client.get(url).content.decode()
    assert 'data-testid="danger-table"' in page and 'data-testid="my-danger"' in page


def test_a_position_the_danger_model_cannot_read_is_judged_for_value_alone() -> None:
    from tests.reviews.test_judge import decision

    unreadable = {"river": [], "visible": [0] * 34, "hand": [0] * 34, "discard": "7z"}
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z"), 0, None, [unreadable])
    assert judged.defense is None and judged.best and judged.best[0]["discard"] == "7z"


@pytest.mark.django_db
def test_migration_0004_judges_stored_decisions_facing_a_riichi_again() -> None:
    from django.apps import apps

    rejudge = importlib.import_module("reviews.migrations.0004_big_mistakes_facing_riichi")
    review = GameReview.objects.create(
        owner=user("learner"), name="game.xml", text="", seat=1, status=ReviewStatus.DONE
    )
    # stored by the old rule: the sound fold was a rare pick giving 405 points away
    fold = {**judged_to_json(_judged(0, 15, seat=1)), "loss": 405.5, "pick_chance": 0.0341}
    prone = judged_to_json(_judged(8, 14))
    calm = judged_to_json(judge_decision(decision("123m456p789s23m55p7z", "7z", "4m"), 2))
    calm["pick_chance"], calm["loss"] = 0.01, 900.0
    for index, data in enumerate((fold, prone, calm)):
        ReviewedDecision.objects.create(review=review, index=index, big_mistake=True, data=data)
    review.big_mistakes = 3
    review.save()
    rejudge.rejudge(apps, None)
    rows = {r.index: r for r in ReviewedDecision.objects.filter(review=review)}
    assert [rows[i].big_mistake for i in range(3)] == [False, True, True]
    assert rows[0].data["pick_chance"] is None and rows[2].data["pick_chance"] == 0.01
    assert rows[0].judged.is_big_mistake is False and rows[1].judged.is_big_mistake
    review.refresh_from_db()
    assert review.big_mistakes == 2


def test_a_decision_against_two_riichi_the_model_cannot_read_is_judged_for_value_alone() -> None:
    from tutor.engine.defense import EXAMPLE

    # two readable riichi records, but the discard they name is not in the hand
    two = [{**EXAMPLE, "riichi_seat": 1, "discard": "9s"}, {**EXAMPLE, "riichi_seat": 2}]
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z"), 0, None, two)
    assert judged.defense is None and judged.best and judged.best[0]["discard"] == "7z"
