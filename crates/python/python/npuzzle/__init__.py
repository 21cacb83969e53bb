"""npuzzle: sliding-tile puzzles on any board.

Exact reachability with the invariant that differs, shortest solutions
(breadth-first search on small boards, IDA* with additive pattern
databases on rectangles), constructive solutions on any board, random
arrangements, and shortest-path searches split into subtrees
(``SplitSearch``) for many cores or a Ray cluster (``npuzzle.ray``).

>>> import npuzzle
>>> board = npuzzle.Board("3x3")
>>> npuzzle.reach(board, "8 2 0/4 6 1/3 7 5").reachable
True
>>> npuzzle.solve(board, [1, 2, 3, 4, 5, 6, 7, 0, 8]).moves
[(8, 7)]

Arrangements are strings (``"1 2 3/4 0 5"``), or sequences of integers:
lists, tuples, NumPy arrays, rows nested or not; ``0`` is the blank.
Boards are ``Board`` objects or specs (``"4x4"``).

Long searches release the GIL and stop on Ctrl-C (``KeyboardInterrupt``).
Pattern databases are cached in ``cache`` (a folder), by default in
``$NPUZZLE_CACHE`` or else the platform's cache folder
(``~/.cache/npuzzle`` on Linux), as the command line does; ``cache=False``
keeps them in memory only.
"""

from __future__ import annotations

from ._errors import Cancelled, LimitReached, NpuzzleError, PdbError, Unreachable, Unsupported
from ._npuzzle import (
    FRONTIER,
    Board,
    Frontier,
    Solution,
    SplitSearch,
    Verdict,
    apply,
    gen,
    prepare,
    reach,
    solve,
)

__all__ = [
    "FRONTIER",
    "Board",
    "Cancelled",
    "Frontier",
    "LimitReached",
    "NpuzzleError",
    "PdbError",
    "Solution",
    "SplitSearch",
    "Unreachable",
    "Unsupported",
    "Verdict",
    "apply",
    "gen",
    "prepare",
    "reach",
    "solve",
]
__version__ = "0.1.0"
