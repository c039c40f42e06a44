"""The player's puzzle dashboard: rating history as a chart, accuracy per theme, the weakest
themes and the reviews due. Read-only, from :mod:`puzzles.models` (the attempts are written by
:mod:`puzzles.play`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, Q
from django.utils import timezone

from .models import PlayerRating, PuzzleAttempt, PuzzleKind, Theme
from .play import Review, current_streak, player_rating, reviews


@dataclass(frozen=True)
class ThemeStat:
    slug: str
    label: str
    total: int
    right: int

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0

    @property
    def percent(self) -> int:
        return round(100 * self.accuracy)


@dataclass(frozen=True)
class Chart:
    """A line chart drawn server-side as inline SVG: coordinates already in the viewBox."""

    width: int
    height: int
    points: str = ""
    band: str = ""
    ticks: list[tuple[float, int]] = field(default_factory=list)
    last: tuple[float, float] | None = None
    lowest: int = 0
    highest: int = 0
    games: int = 0


def rating_chart(history: Sequence[dict[str, Any]], width: int = 640, height: int = 220) -> Chart:
    """The rating history as polyline points, the ± deviation band and y ticks.

    >>> chart = rating_chart([{"rating": 1500, "deviation": 350}, {"rating": 1600, "deviation": 300}])
    >>> chart.games, chart.lowest, chart.highest
    (1, 1500, 1600)
    """
    values = [(float(h["rating"]), float(h.get("deviation", 0))) for h in history]
    if not values:
        return Chart(width, height)
    left, right, top, bottom = 48, 12, 12, 24
    ratings = [r for r, _ in values]
    low = min(r - min(d, 150) for r, d in values)
    high = max(r + min(d, 150) for r, d in values)
    low, high = 50 * int(low // 50), 50 * (int(high // 50) + 1)
    span = high - low

    def x(i: int) -> float:
        n = len(values) - 1
        return left + (width - left - right) * (i / n if n else 0.5)

    def y(value: float) -> float:
        return top + (height - top - bottom) * (high - value) / span

    points = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (r, _) in enumerate(values))
    upper = [f"{x(i):.1f},{y(r + min(d, 150)):.1f}" for i, (r, d) in enumerate(values)]
    lower = [f"{x(i):.1f},{y(r - min(d, 150)):.1f}" for i, (r, d) in enumerate(values)]
    step = 100 if span > 300 else 50
    ticks = [(round(y(v), 1), v) for v in range(low, high + 1, step)]
    return Chart(
        width=width,
        height=height,
        points=points,
        band=" ".join(upper + lower[::-1]),
        ticks=ticks,
        last=(round(x(len(values) - 1), 1), round(y(ratings[-1]), 1)),
        lowest=round(min(ratings)),
        highest=round(max(ratings)),
        games=len(values) - 1,
    )


@dataclass(frozen=True)
class Dashboard:
    rating: PlayerRating
    chart: Chart
    themes: list[ThemeStat]
    weakest: list[ThemeStat]
    kinds: list[ThemeStat]
    recent_misses: list[PuzzleAttempt]
    reviews_due: list[Review]
    reviews_later: list[Review]
    streak: int
    rated: int
    solved: int


#: A theme needs this many rated attempts before it can be called one of the weakest.
WEAKEST_MIN_ATTEMPTS = 2


def dashboard(user: User, now: dt.datetime | None = None) -> Dashboard:
    """Everything the dashboard shows, in a handful of queries."""
    now = now or timezone.now()
    rating = player_rating(user)
    first = PuzzleAttempt.objects.filter(user=user, first_attempt=True)
    tally = {"total": Count("id"), "right": Count("id", filter=Q(correct=True))}
    by_theme = first.filter(puzzle__themes__isnull=False).values_list("puzzle__themes__slug")
    labels = {t.slug: t.label for t in Theme.objects.all()}
    themes = sorted(
        (
            ThemeStat(slug, labels.get(slug, slug), total, right)
            for slug, total, right in by_theme.annotate(**tally)
        ),
        key=lambda s: (-s.total, s.slug),
    )
    weakest = sorted(
        (s for s in themes if s.total >= WEAKEST_MIN_ATTEMPTS and s.right < s.total),
        key=lambda s: (s.accuracy, -s.total, s.slug),
    )[:3]
    kind_labels = dict(PuzzleKind.choices)
    by_kind = first.values_list("puzzle__kind").annotate(**tally).order_by("puzzle__kind")
    kinds = [
        ThemeStat(kind, str(kind_labels.get(kind, "")), total, right)
        for kind, total, right in by_kind
    ]
    misses = PuzzleAttempt.objects.filter(user=user, correct=False).select_related("puzzle")
    pending = reviews(user)
    totals = first.aggregate(rated=Count("id"), solved=Count("id", filter=Q(correct=True)))
    return Dashboard(
        rating=rating,
        chart=rating_chart(rating.history or []),
        themes=themes,
        weakest=weakest,
        kinds=kinds,
        recent_misses=list(misses.order_by("-created", "-id")[:8]),
        reviews_due=[r for r in pending if r.due <= now],
        reviews_later=[r for r in pending if r.due > now],
        streak=current_streak(rating, timezone.localdate(now)),
        rated=totals["rated"],
        solved=totals["solved"],
    )
