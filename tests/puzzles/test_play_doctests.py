"""The examples in the docstrings of the player-side modules run as tests (CI collects
doctests only under tutor/engine)."""

import doctest

import pytest

import puzzles.analyzer
import puzzles.play
import puzzles.ratings


@pytest.mark.parametrize("module", [puzzles.ratings, puzzles.play, puzzles.analyzer])
def test_the_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
