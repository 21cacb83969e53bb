"""Shared fixtures: a cache folder for the small 4x4 tables, built once per
test session, and the first ten of Korf's 100."""

import pytest

import npuzzle

# Korf (1985), instances 1 to 10: id, published optimal length, tiles in
# row-major order (0 the blank), goal 0 1 2 ... 15 (blank top left).
KORF_FIRST_TEN = [
    (1, 57, [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]),
    (2, 55, [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6]),
    (3, 59, [14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15]),
    (4, 56, [5, 12, 10, 7, 15, 11, 14, 0, 8, 2, 1, 13, 3, 4, 9, 6]),
    (5, 56, [4, 7, 14, 13, 10, 3, 9, 12, 11, 5, 6, 15, 1, 2, 8, 0]),
    (6, 52, [14, 7, 1, 9, 12, 3, 6, 15, 8, 11, 2, 5, 10, 0, 4, 13]),
    (7, 52, [2, 11, 15, 5, 13, 4, 6, 7, 12, 8, 10, 1, 9, 3, 14, 0]),
    (8, 50, [12, 11, 15, 3, 8, 0, 4, 2, 6, 13, 9, 5, 14, 1, 10, 7]),
    (9, 46, [3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0]),
    (10, 59, [13, 11, 8, 9, 0, 15, 7, 10, 4, 3, 6, 14, 5, 12, 2, 1]),
]
GOAL16 = list(range(16))
# 5-5-5 tables on 4x4 (three of 524,160 entries, about a second to build):
# CI stays fast; the strong 7-7-1 tables would take minutes.
SMALL = 5


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    """A cache folder with the 5-5-5 tables for the blank's goal on cell 0."""
    folder = tmp_path_factory.mktemp("npuzzle-tables")
    npuzzle.prepare("4x4", blank=0, pattern_tiles=SMALL, cache=str(folder))
    return str(folder)
