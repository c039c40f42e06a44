"""Give every puzzle nobody has rated yet the starting rating read from its own features
(:func:`puzzles.starting.starting_rating`) instead of one of five values per difficulty level.
Puzzles that already had rated attempts keep the rating Glicko-2 gave them."""

from django.db import migrations


def spread(apps, schema_editor):
    from puzzles.starting import starting_rating
    from tutor.exercises.facts import Analysis

    Puzzle = apps.get_model("puzzles", "Puzzle")
    Through = Puzzle.themes.through
    themes: dict[int, list[str]] = {}
    for puzzle_id, slug in Through.objects.values_list("puzzle_id", "theme__slug"):
        themes.setdefault(puzzle_id, []).append(slug)
    changed = []
    for puzzle in Puzzle.objects.filter(attempts=0).only("id", "kind", "analysis", "rating"):
        analysis: Analysis = puzzle.analysis or Analysis()
        rating = starting_rating(puzzle.kind, analysis, themes.get(puzzle.pk, ()))
        if rating != puzzle.rating:
            puzzle.rating = rating
            changed.append(puzzle)
    Puzzle.objects.bulk_update(changed, ["rating"], batch_size=500)


def by_difficulty(apps, schema_editor):
    Puzzle = apps.get_model("puzzles", "Puzzle")
    for level in range(1, 6):
        Puzzle.objects.filter(attempts=0, difficulty=level).update(
            rating=1500.0 + 200.0 * (level - 3)
        )


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0003_puzzle_votes_and_reports")]

    operations = [migrations.RunPython(spread, by_difficulty)]
