"""The analyzer against a riichi: with the riichi player's river, a 14-tile hand shows each
tile's chance of dealing in, safest first, and why."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from puzzles.analyzer import analyze
from tutor.engine import defense as ed
from tutor.engine.tiles import parse_tile

pytestmark = pytest.mark.django_db

HAND = "234m4m66p789p4s56s77z"
RIVER = "1z9m2z1m8p7m"  # declared with the 7 of characters


def test_the_danger_table_lists_every_kind_in_hand_safest_first():
    report = analyze(HAND, RIVER)
    rows = report["danger"]
    assert len(rows) == 11
    assert [r["danger"] for r in rows] == sorted(r["danger"] for r in rows)
    assert rows[0]["tile"] == "8p"  # the only genbutsu
    assert rows[0]["reasons"][0]["code"] == "genbutsu"


def test_the_figures_are_the_engine_s():
    report = analyze(HAND, RIVER)
    four = next(r for r in report["danger"] if r["tile"] == "4m")
    state = ed.DefenseState.from_json(
        {
            "river": [
                {"tile": t, "riichi": i == 5}
                for i, t in enumerate(re.findall("..", "1z9m2z1m8p7m"))
            ],
            "visible": [min(4, c) for c in _visible()],
            "hand": _hand(),
            "turns_since_riichi": 0,
            "tiles_left": 46,
        }
    )
    assert four["danger"] == round(ed.danger(state, [parse_tile("4m")])[parse_tile("4m")], 4)
    assert any(
        "suji of one of characters and seven of characters" in t for t in four["reason_texts"]
    )


def _hand() -> list[int]:
    from tutor.engine.tiles import parse_tiles

    counts = [0] * 34
    for t in parse_tiles(HAND):
        counts[t] += 1
    return counts


def _visible() -> list[int]:
    from tutor.engine.tiles import parse_tiles

    counts = _hand()
    for t in parse_tiles(RIVER):
        counts[t] += 1
    return counts


def test_the_page_shows_the_table_with_the_reasons(client):
    html = client.get(reverse("puzzles:analyzer"), {"hand": HAND, "riichi": RIVER}).content.decode()
    assert 'data-testid="danger-table"' in html
    assert "genbutsu: the riichi player threw it (discard 5)" in html


def test_the_page_speaks_spanish(client):
    with translation.override("es"):
        client.cookies["django_language"] = "es"
        html = client.get(
            reverse("puzzles:analyzer"), {"hand": HAND, "riichi": RIVER}, HTTP_ACCEPT_LANGUAGE="es"
        ).content.decode()
    assert "Contra el riichi" in html
    assert "genbutsu: el jugador en riichi la tiró" in html


def test_a_bad_river_is_named_and_the_hand_still_analyzed(client):
    response = client.get(reverse("puzzles:analyzer"), {"hand": HAND, "riichi": "1z9x"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-testid="river-error"' in html and "at position 3" in html
    assert 'data-testid="discard-table"' in html


def test_too_many_copies_between_hand_and_river_is_refused():
    assert "more than four copies" in analyze(HAND, "7z7z7z")["river_error"]


def test_a_13_tile_hand_says_the_danger_needs_14():
    report = analyze("234m4m66p789p4s56s7z", RIVER)
    assert "danger" not in report and "14 tiles" in report["river_error"]


def test_without_a_river_nothing_changes():
    assert "danger" not in analyze(HAND) and "river_error" not in analyze(HAND)


def test_the_json_api_gives_the_danger_too(client):
    body = client.get(reverse("api:analyze"), {"hand": HAND, "riichi": RIVER}).json()
    assert body["danger"][0]["tile"] == "8p"
    assert body["danger"][0]["reasons"][0] == {"code": "genbutsu", "params": {"position": 5}}
    spec = client.get(reverse("api:openapi")).json()
    params = spec["paths"][reverse("api:analyze")]["get"]["parameters"]
    assert [p["name"] for p in params] == ["hand", "riichi", "riichi2"]


# Push or fold, the lessons' slow hand: 2-shanten, its best tile a bare 4m, the genbutsu inside
# its shapes, against a riichi declared with 5s.
SLOW = "478m3466p55789s11z"
PUSH_FOLD_RIVER = "1z9m3p6p2z5s"


def test_a_slow_hand_against_a_riichi_gets_a_clear_fold():
    facts = analyze(SLOW, PUSH_FOLD_RIVER)["push_fold"]
    assert facts["verdict"] == "fold" and facts["answer"] == "fold"
    assert facts["push"]["tile"] == "4m" and facts["push"]["shanten"] == 2
    assert facts["fold"]["danger"] < 0.005
    assert [r["code"] for r in facts["reasons"]][-1] == "lead"


def test_when_the_safest_tile_is_as_good_for_the_hand_there_is_nothing_to_weigh():
    facts = analyze("147m258p369s4567z6p", PUSH_FOLD_RIVER)["push_fold"]
    assert facts["verdict"] == "nothing" and facts["push"]["tile"] == facts["fold"]["tile"]


def test_a_tile_better_for_the_hand_and_nearly_as_safe_keeps_the_hand():
    # 9p (under 1 %) is as good for the hand as the dangerous 4m and better than the genbutsu
    facts = analyze("478m346689p55789s", PUSH_FOLD_RIVER)["push_fold"]
    assert facts["verdict"] == "keep" and facts["push"]["tile"] == "9p"
    assert facts["push"]["danger"] - facts["fold"]["danger"] < 0.02


def test_the_page_says_fold_and_why_in_both_languages(client):
    params = {"hand": SLOW, "riichi": PUSH_FOLD_RIVER}
    html = client.get(reverse("puzzles:analyzer"), params).content.decode()
    assert 'data-testid="push-fold-verdict"' in html
    assert "Fold: five of bamboo (5s) is clearly better" in html
    assert "Pushing four of characters leaves your hand 2-shanten." in html
    client.cookies["django_language"] = "es"
    html = client.get(reverse("puzzles:analyzer"), params).content.decode()
    assert "Retirarse: cinco de bambú (5s) es claramente mejor" in html


def test_the_json_api_gives_push_or_fold_too(client):
    body = client.get(reverse("api:analyze"), {"hand": SLOW, "riichi": PUSH_FOLD_RIVER}).json()
    assert body["push_fold"]["verdict"] == "fold"
    spec = client.get(reverse("api:openapi")).json()
    schema = spec["components"]["schemas"]
    assert any("push_fold" in (s.get("properties") or {}) for s in schema.values())


# --- two riichi --------------------------------------------------------------------------------

SECOND = "9s1z4p3z2s"  # declared with the 2 of bamboo; it never threw the 8 of circles


def test_against_two_rivers_each_tile_deals_in_to_either_and_has_a_row_against_each():
    report = analyze(HAND, RIVER, SECOND)
    rows = report["danger"]
    assert "push_fold" not in report and len(rows) == 11
    assert [r["danger"] for r in rows] == sorted(r["danger"] for r in rows)
    for row in rows:
        each = [one["danger"] for one in row["against"]]
        assert len(each) == 2 and max(each) - 1e-4 <= row["danger"] <= sum(each) + 1e-4
    # the 8 of circles, genbutsu against the first riichi, is no longer safe
    eight = next(r for r in rows if r["tile"] == "8p")
    assert eight["against"][0]["reasons"][0]["code"] == "genbutsu"
    assert eight["danger"] > 0.02 and rows[0]["tile"] != "8p"


def test_a_second_river_alone_is_read_as_the_one_riichi():
    assert analyze(HAND, "", RIVER)["danger"] == analyze(HAND, RIVER)["danger"]


def test_a_bad_second_river_is_named_and_the_hand_still_analyzed():
    report = analyze(HAND, RIVER, "9s1x")
    assert "danger" not in report and report["discards"]
    assert report["river_error"].startswith("The second riichi river:")
    too_many = analyze(HAND, RIVER, "7z7z7z")  # the hand holds two red dragons
    assert "more than four copies" in too_many["river_error"]


@pytest.mark.parametrize(
    ("language", "heading", "line"),
    [
        ("en", "Against both riichi", "The first riichi: "),
        ("es", "Contra los dos riichi", "El primer riichi: "),
    ],
)
def test_the_page_shows_both_riichi_in_both_languages(client, language, heading, line):
    client.cookies.load({"django_language": language})
    page = client.get(
        reverse("puzzles:analyzer"), {"hand": HAND, "riichi": RIVER, "riichi2": SECOND}
    ).content.decode()
    assert heading in page and 'value="9s1z4p3z2s"' in page
    assert page.count('class="danger-against"') == 2 * 11 and line in page
    assert 'data-testid="push-fold-verdict"' not in page
    assert "riichi2=9s1z4p3z2s" in page  # the JSON link carries both rivers


def test_the_json_api_gives_the_danger_against_two_riichi(client):
    body = client.get(
        reverse("api:analyze"), {"hand": HAND, "riichi": RIVER, "riichi2": SECOND}
    ).json()
    assert len(body["danger"][0]["against"]) == 2 and "push_fold" not in body
    bad = client.get(reverse("api:analyze"), {"hand": HAND, "riichi": RIVER, "riichi2": "x" * 500})
    assert bad.status_code == 200 and "second riichi river" in bad.json()["river_error"]
