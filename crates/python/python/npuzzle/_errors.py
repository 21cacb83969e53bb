"""npuzzle's exceptions. Bad input (a malformed board spec or arrangement,
arrangements that do not fit the board or each other) raises the built-in
``ValueError``; these are the others."""

from __future__ import annotations


class NpuzzleError(Exception):
    """Base class of npuzzle's own exceptions."""


class Unreachable(NpuzzleError):
    """The target cannot be reached from the start.

    ``reason`` names the invariant that differs, in words; ``kind`` names
    it for programs (``"parity"``, ``"locked"``, ...).
    """

    def __init__(self, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind

    def __reduce__(self):  # picklable, so that it crosses Ray's processes
        return (type(self), (self.reason, self.kind))


class Unsupported(NpuzzleError, NotImplementedError):
    """The question is beyond npuzzle's methods (for instance a shortest
    solution on a board that is not a rectangle and too big to search
    breadth first)."""


class PdbError(NpuzzleError, OSError):
    """A pattern database could be neither loaded nor built (memory, or a
    cache folder that cannot be written)."""


class Cancelled(NpuzzleError):
    """A search was stopped by ``SplitSearch.cancel()``."""


class LimitReached(NpuzzleError):
    """A shortest-path search reached ``time_limit`` or ``max_nodes``.

    ``lower_bound``: every solution has at least this many moves (what the
    search ruled out); ``nodes``: nodes expanded before the limit.
    """

    def __init__(self, message: str, lower_bound: int, nodes: int) -> None:
        super().__init__(message)
        self.lower_bound = lower_bound
        self.nodes = nodes

    def __reduce__(self):  # picklable, so that it crosses Ray's processes
        return (type(self), (self.args[0], self.lower_bound, self.nodes))
