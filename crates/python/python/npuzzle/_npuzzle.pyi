"""Type stubs of the extension module (re-exported by ``npuzzle``)."""

from __future__ import annotations

import os
from typing import Any, Callable, Iterable, Optional, Sequence, Tuple, Union, overload

# A string such as "1 2 3/4 0 5", or integers (lists, tuples, NumPy
# arrays; rows may be nested).
ArrangementLike = Union[str, Iterable[int], Iterable[Iterable[int]]]
BoardLike = Union["Board", str]
CacheLike = Union[str, "os.PathLike[str]", bool, None]
ProgressLike = Union[Callable[[dict[str, Any]], Any], bool, None]
Move = Tuple[int, int]

FRONTIER: int
"""The depth each IDA* iteration of ``solve`` is split at."""

class Board:
    """A board: every spec the command line takes ("4x4", "3x5", "2x3x4",
    "mask:...", "graph:7:0-1,...", "15-puzzle", "@file")."""

    def __init__(self, spec: str) -> None: ...
    @property
    def cell_count(self) -> int:
        """The number of cells."""
    @property
    def dims(self) -> Optional[list[int]]:
        """The sides of a box, or None for other boards."""
    def solved(self) -> list[int]:
        """Tiles 1..N-1 in cell order, the blank last."""
    def neighbours(self, cell: int) -> list[int]:
        """The cells adjacent to ``cell``."""
    def __len__(self) -> int: ...

class Verdict:
    """Whether one arrangement can be turned into another; truthy when it
    can."""

    reachable: bool
    reason: Optional[str]
    """The invariant that differs, in words (None when reachable)."""
    kind: Optional[str]
    """The invariant's name for programs (None when reachable)."""
    explain: Optional[str]
    """The reason in a player's words (None when reachable)."""
    def __bool__(self) -> bool: ...

class Solution:
    """A move sequence, replayed before it was handed out."""

    @property
    def moves(self) -> list[Move]:
        """``(from, to)`` pairs: the token on ``from`` slides into the blank
        on ``to``."""
    @property
    def length(self) -> int: ...
    directions: Optional[str]
    """Direction letters ("D3L3U3"), on 2-D boards."""
    multi_tile_moves: Optional[int]
    """Multi-tile moves, on 2-D boards."""
    metric: str
    """The metric asked for, "stm" or "mtm": what ``optimal`` and
    ``lower_bound`` count."""
    optimal: bool
    lower_bound: int
    """A proven lower bound of the fewest moves in ``metric``: the count
    when ``optimal``, 0 when nothing is known."""
    nodes: int
    """Nodes expanded by the search (0 for constructive answers)."""
    seconds: float
    iterations: Optional[list[Tuple[int, int, int]]]
    """Split searches: each iteration's (bound, subtrees, nodes)."""
    def __len__(self) -> int: ...

class Frontier:
    """An iteration of a split search down to the cut depth."""

    subtrees: list[list[Move]]
    nodes_before: list[int]
    nodes: int
    pruned: Optional[int]
    found: Optional[list[Move]]

class SplitSearch:
    """One question's shortest-path search, split into subtrees that can be
    searched anywhere; node counts add up to the single search's."""

    def __init__(
        self,
        board: BoardLike,
        from_: ArrangementLike,
        to: Optional[ArrangementLike] = None,
        pattern_tiles: Optional[int] = None,
        cache: CacheLike = None,
        mapped: bool = False,
    ) -> None: ...
    @property
    def first_bound(self) -> int: ...
    def next_bound(self, pruned: int) -> Optional[int]: ...
    def frontier(self, depth: int, bound: int) -> Frontier: ...
    def search(
        self, moves: Sequence[Move], bound: int
    ) -> Tuple[Optional[list[Move]], int, Optional[int]]:
        """(solution from the start or None, nodes, least pruned f or None)."""
    def search_many(
        self,
        subtrees: Sequence[Sequence[Move]],
        bound: int,
        ordered: bool = True,
        threads: Optional[int] = None,
    ) -> Tuple[Optional[int], Optional[list[Move]], list[int], Optional[int]]:
        """(index of the first subtree with a solution, its moves, nodes of
        each subtree, least pruned f)."""
    def solve(self, depth: int = ..., threads: Optional[int] = None) -> Solution: ...
    def solution(
        self, moves: Sequence[Move], nodes: int = 0, seconds: float = 0.0
    ) -> Solution: ...
    def cancel(self) -> None: ...
    def reset(self) -> None: ...
    @property
    def cancelled(self) -> bool: ...

def reach(
    board: BoardLike, from_: ArrangementLike, to: Optional[ArrangementLike] = None
) -> Verdict:
    """Whether ``to`` (default: solved) can be reached from ``from_``."""

def solve(
    board: BoardLike,
    from_: ArrangementLike,
    to: Optional[ArrangementLike] = None,
    optimal: bool = False,
    cache: CacheLike = None,
    pattern_tiles: Optional[int] = None,
    threads: Optional[int] = None,
    mapped: bool = False,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    progress: ProgressLike = None,
    metric: str = "stm",
    max_table_memory: Optional[int] = None,
    max_search_memory: Optional[int] = None,
) -> Solution:
    """A move sequence from ``from_`` to ``to`` (default: solved). By
    default the command line's answer: shortest where that is cheap
    (rectangles of up to 16 cells, small state spaces), near-shortest on
    rectangles of up to 144 cells, constructive beyond; with
    ``optimal=True`` a shortest one. ``mapped``: tables from the cache are
    mapped read-only rather than read, one copy for all the processes of a
    machine. ``time_limit`` (seconds of search) and ``max_nodes`` bound a
    shortest-path search: past either it raises LimitReached
    (``.lower_bound``, ``.nodes``); on near-shortest answers
    ``time_limit`` is time to improve the answer. Neither counts building
    pattern databases (minutes on a first 5×5 search): ``progress`` hears
    of it, a callable given a dict per report (``kind``, ``message``,
    ``done``, ``total``, ``table``, ``seconds``, ``bytes``); by default a
    notice on ``sys.stderr`` when a long build starts and ends;
    ``False``: nothing. ``metric="mtm"``: the fewest multi-tile moves
    where breadth-first search covers the board (3×3, 2×4, 2×5);
    elsewhere the usual answer, ``optimal`` and ``lower_bound`` in
    multi-tile moves. ``max_table_memory``: bytes the pattern databases
    may take (a search that needs more raises Unsupported before building
    any); ``max_search_memory``: bytes the states of one near-shortest
    search may hold (past it the answer is longer, never wrong); by
    default half and a quarter of the memory this process may have (the
    machine's, ``ulimit -v``, its control groups'). Raises
    ValueError on bad input, Unreachable,
    Unsupported, PdbError; KeyboardInterrupt on Ctrl-C."""

def prepare(
    board: BoardLike,
    blank: int = 0,
    pattern_tiles: Optional[int] = None,
    cache: CacheLike = None,
    progress: ProgressLike = None,
) -> list[Tuple[Optional[str], int, float]]:
    """Builds or loads the pattern databases: (file, entries, seconds)
    each. ``progress`` as for ``solve``."""

@overload
def gen(
    board: BoardLike,
    count: None = None,
    seed: Optional[int] = None,
    moves: Optional[int] = None,
    to: Optional[ArrangementLike] = None,
) -> list[int]: ...
@overload
def gen(
    board: BoardLike,
    count: int,
    seed: Optional[int] = None,
    moves: Optional[int] = None,
    to: Optional[ArrangementLike] = None,
) -> list[list[int]]: ...
def gen(
    board: BoardLike,
    count: Optional[int] = None,
    seed: Optional[int] = None,
    moves: Optional[int] = None,
    to: Optional[ArrangementLike] = None,
) -> Union[list[int], list[list[int]]]:
    """A random arrangement that reaches ``to`` (a list of tokens), or with
    ``count`` a list of that many: uniform, or scrambles of ``moves``
    moves."""

def apply(board: BoardLike, from_: ArrangementLike, moves: Sequence[Move]) -> list[int]:
    """Where ``moves`` lead from ``from_``."""
