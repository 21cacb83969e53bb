"""Shortest solutions on a Ray cluster.

Two workloads outgrow one machine: big sets of hard instances, and single
instances whose search takes days. Both run on Ray (``pip install
'npuzzle[ray]'``), on a laptop (``ray.init()``) or on a cluster
(``address="ray://head:10001"`` or ``"auto"``):

- ``solve_many(questions)``: one actor per node (or ``workers`` actors)
  loads the pattern databases once and answers instances; answers come
  back in input order (``iter_solve`` yields them as they are ready), in
  the batch format of the command line, with each instance's nodes and
  seconds.
- ``solve_split(board, from_)``: one instance, each IDA* iteration's
  frontier at ``depth`` moves cut into subtrees, handed out in chunks as
  tasks to the actors; the bound of the next iteration is agreed on by
  the driver from the least pruned value of every chunk; the first
  solution stops the other searches. With ``ordered=True`` (the default)
  only the subtrees after the solution's are stopped, so that the node
  counts are exactly those of ``npuzzle.solve(..., threads=1)`` whatever
  the number of workers; ``ordered=False`` stops all of them at once.

Tables: each actor reads them from ``cache`` (a folder that exists on
every node), else from ``$NPUZZLE_CACHE`` as set in the environment of
the node's ``ray start``, else from the platform's cache folder. Build
them on each node's local disk beforehand (``npuzzle pdb build --board
5x5 --blank 0``, or ``npuzzle.prepare("5x5")``); an actor that finds none
builds them (minutes for 5x5) and saves them there. Actors map the table
files read-only (``mapped=True``) rather than read them, so the actors of
a node share one copy of each table in the system's page cache.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any, Iterable, Iterator, Optional

import npuzzle

try:
    import ray as _ray
except ImportError:  # pragma: no cover - exercised where Ray is missing
    _ray = None

__all__ = ["solve_many", "iter_solve", "solve_split", "Solver", "SplitWorker"]


def _need_ray():
    if _ray is None:
        raise ImportError(
            "npuzzle.ray needs Ray: pip install 'ray>=2.9' (or npuzzle[ray])"
        )
    return _ray


def _connect(address: Optional[str]) -> None:
    ray = _need_ray()
    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)


def _answer(question: dict, solution: "npuzzle.Solution", seconds: float) -> dict:
    answer = {
        "reachable": True,
        "reason": None,
        "length": solution.length,
        "optimal": solution.optimal,
        "nodes": solution.nodes,
        "seconds": seconds,
        "moves": [list(m) for m in solution.moves],
    }
    if solution.multi_tile_moves is not None:
        answer["mtm"] = solution.multi_tile_moves
    if solution.directions is not None:
        answer["directions"] = solution.directions
    return answer


class Solver:
    """What each actor of ``solve_many`` runs: tables loaded once (the
    first question that needs them), kept for every later question."""

    def __init__(
        self, optimal: bool, cache: Any, pattern_tiles: Optional[int], limits: dict, threads: Optional[int]
    ):
        self.optimal = optimal
        self.cache = cache
        self.pattern_tiles = pattern_tiles
        self.limits = limits
        self.threads = threads

    def where(self) -> dict:
        """The node this actor runs on and its process."""
        return {"node": _ray.get_runtime_context().get_node_id(), "pid": os.getpid()}

    def answer(self, index: int, question: dict) -> tuple:
        started = time.perf_counter()
        out: dict
        try:
            board = question["board"]
            solution = npuzzle.solve(
                board,
                question["from"],
                question.get("to"),
                optimal=self.optimal,
                cache=self.cache,
                pattern_tiles=self.pattern_tiles,
                threads=self.threads,
                mapped=True,
                **self.limits,
            )
            out = _answer(question, solution, time.perf_counter() - started)
        except npuzzle.Unreachable as e:
            out = {"reachable": False, "reason": e.reason, "kind": e.kind}
        except npuzzle.LimitReached as e:
            # As the command line's batch answers a line past its limit.
            out = {"error": "limit reached", "question": index + 1, "lower_bound": e.lower_bound, "nodes": e.nodes}
        except (ValueError, TypeError, KeyError, npuzzle.NpuzzleError) as e:
            what = f"missing {e}" if isinstance(e, KeyError) else str(e)
            out = {"error": f"question {index + 1}: {what}"}
        if "id" in question:
            out["id"] = question["id"]
        return index, out


def _alive_nodes() -> list:
    return [n for n in _ray.nodes() if n.get("Alive")]


def _actors(cls, args: tuple, workers: Optional[int], threads: Optional[int], **remote_options) -> list:
    """One actor per alive node (using its CPUs), or ``workers`` actors of
    ``threads`` CPUs each, spread over the nodes."""
    ray = _need_ray()
    remote = ray.remote(**remote_options)(cls) if remote_options else ray.remote(cls)
    if workers is None:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        actors = []
        for node in _alive_nodes():
            cpus = int(node.get("Resources", {}).get("CPU", 1)) or 1
            n_threads = threads or cpus
            strategy = NodeAffinitySchedulingStrategy(node_id=node["NodeID"], soft=False)
            actors.append(
                remote.options(num_cpus=min(n_threads, cpus), scheduling_strategy=strategy).remote(
                    *args, n_threads
                )
            )
        return actors
    if workers < 1:
        raise ValueError("workers: at least 1")
    n_threads = threads or 1
    return [
        remote.options(num_cpus=n_threads, scheduling_strategy="SPREAD").remote(*args, n_threads)
        for _ in range(workers)
    ]


def iter_solve(
    questions: Iterable[dict],
    optimal: bool = True,
    address: Optional[str] = None,
    *,
    workers: Optional[int] = None,
    threads: Optional[int] = None,
    cache: Any = None,
    pattern_tiles: Optional[int] = None,
    in_flight: int = 2,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_table_memory: Optional[int] = None,
    max_search_memory: Optional[int] = None,
) -> Iterator[dict]:
    """Like ``solve_many``, but yields the answers one at a time, in input
    order, as soon as each and all before it are ready."""
    _connect(address)
    ray = _ray
    questions = list(questions)
    limits = {
        "time_limit": time_limit,
        "max_nodes": max_nodes,
        "max_table_memory": max_table_memory,
        "max_search_memory": max_search_memory,
    }
    actors = _actors(Solver, (optimal, cache, pattern_tiles, limits), workers, threads)
    try:
        pending = {}  # ref -> actor
        next_question = 0
        ready: dict = {}
        next_out = 0

        def submit(actor) -> None:
            nonlocal next_question
            ref = actor.answer.remote(next_question, questions[next_question])
            pending[ref] = actor
            next_question += 1

        for _ in range(in_flight):
            for actor in actors:
                if next_question < len(questions):
                    submit(actor)
        while next_out < len(questions):
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                actor = pending.pop(ref)
                index, answer = ray.get(ref)
                ready[index] = answer
                if next_question < len(questions):
                    submit(actor)
            while next_out in ready:
                yield ready.pop(next_out)
                next_out += 1
    finally:
        for actor in actors:
            ray.kill(actor)


def solve_many(
    questions: Iterable[dict],
    optimal: bool = True,
    address: Optional[str] = None,
    *,
    workers: Optional[int] = None,
    threads: Optional[int] = None,
    cache: Any = None,
    pattern_tiles: Optional[int] = None,
    time_limit: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_table_memory: Optional[int] = None,
    max_search_memory: Optional[int] = None,
) -> list:
    """Solves a batch of questions on a Ray cluster.

    ``questions``: dicts as in the command line's batch format, ``{"board":
    SPEC, "from": ARR, "to": ARR}`` (``to`` optional, ``id`` echoed back).
    Answers, in input order: ``{"reachable": True, "reason": None,
    "length", "optimal", "nodes", "seconds", "moves", "mtm",
    "directions"}``, ``{"reachable": False, "reason", "kind"}``, or
    ``{"error": ...}``.

    Connects to ``address`` (``None``: a local Ray, started when none is
    running; ``"auto"``: the cluster this machine is part of) unless Ray
    is already initialised. One actor per node, using all of its CPUs,
    unless ``workers`` is given (then ``workers`` actors of ``threads``
    CPUs each, spread). ``cache``, ``pattern_tiles``: as in
    ``npuzzle.solve``, for each actor on its own node. ``time_limit``,
    ``max_nodes``: per question, as in ``npuzzle.solve``; a question past
    its limit is answered ``{"error": "limit reached", "question",
    "lower_bound", "nodes"}``. ``max_table_memory``,
    ``max_search_memory``: bytes, per actor, as in ``npuzzle.solve`` (for
    an actor given a share of its node's memory).
    """
    return list(
        iter_solve(
            questions,
            optimal,
            address,
            workers=workers,
            threads=threads,
            cache=cache,
            pattern_tiles=pattern_tiles,
            time_limit=time_limit,
            max_nodes=max_nodes,
            max_table_memory=max_table_memory,
            max_search_memory=max_search_memory,
        )
    )


class SplitWorker:
    """What each actor of ``solve_split`` runs: the question's split search
    (tables loaded once), chunks of subtrees searched on its threads one
    at a time, and ``stop`` (in a concurrency group of its own) that stops
    the chunk running."""

    def __init__(self, question: dict, cache: Any, pattern_tiles: Optional[int], threads: Optional[int]):
        self.search_ = npuzzle.SplitSearch(
            question["board"],
            question["from"],
            question.get("to"),
            pattern_tiles=pattern_tiles,
            cache=cache,
            mapped=True,
        )
        self.threads = threads
        self.lock = threading.Lock()
        self.running = None  # (iteration, chunk) searched now
        self.stop_iteration = -1  # that iteration's chunks after stop_after stop
        self.stop_after = -1

    def where(self) -> dict:
        return {"node": _ray.get_runtime_context().get_node_id(), "pid": os.getpid()}

    def first_bound(self) -> int:
        return self.search_.first_bound

    def frontier(self, depth: int, bound: int) -> tuple:
        f = self.search_.frontier(depth, bound)
        return f.subtrees, f.nodes_before, f.nodes, f.pruned, f.found

    def solution(self, moves: list, nodes: int, seconds: float) -> dict:
        return _answer({}, self.search_.solution(moves, nodes, seconds), seconds)

    def _stopped(self, iteration: int, chunk: int) -> bool:
        return iteration == self.stop_iteration and chunk > self.stop_after

    def search(self, iteration: int, chunk: int, subtrees: list, bound: int, ordered: bool) -> tuple:
        """``(chunk, index of the first subtree with a solution, its moves,
        nodes of each subtree, least pruned f)``; a chunk stopped before
        its end gives no nodes."""
        with self.lock:
            self.running = (iteration, chunk)
            self.search_.reset()
            if self._stopped(iteration, chunk):
                self.running = None
                return chunk, None, None, [], None
        try:
            index, found, nodes, pruned = self.search_.search_many(
                subtrees, bound, ordered=ordered, threads=self.threads
            )
        except npuzzle.Cancelled:
            return chunk, None, None, [], None
        finally:
            with self.lock:
                self.running = None
        return chunk, index, found, nodes, pruned

    def stop(self, iteration: int, after: int) -> None:
        """Stops the chunks of ``iteration`` after chunk ``after``: the one
        running, and those still queued."""
        with self.lock:
            self.stop_iteration, self.stop_after = iteration, after
            if self.running is not None and self._stopped(*self.running):
                self.search_.cancel()


def solve_split(
    board: Any,
    from_: Any,
    to: Any = None,
    *,
    depth: int = 8,
    address: Optional[str] = None,
    workers: Optional[int] = None,
    threads: Optional[int] = None,
    cache: Any = None,
    pattern_tiles: Optional[int] = None,
    chunk: Optional[int] = None,
    ordered: bool = True,
) -> dict:
    """One hard instance split over the cluster.

    Each iteration: one actor lists the frontier ``depth`` moves down; the
    subtrees are cut into chunks (``chunk`` subtrees each; by default
    about 16 chunks per actor) handed out as tasks, two in flight per
    actor; the driver adds the nodes up and takes the least pruned value
    over all chunks for the next bound. The first solution stops the
    others: with ``ordered``, only the chunks and subtrees after it, so
    that the counts are exactly those of ``npuzzle.solve(...,
    threads=1)`` (and the solution the same); without, all at once.

    Returns the answer in the batch format (``length``, ``optimal``,
    ``nodes``, ``seconds``, ``moves``, ``directions``, ...), the solution
    replayed, with ``iterations``: each iteration's ``(bound, subtrees,
    nodes)``.
    """
    _connect(address)
    ray = _ray
    started = time.perf_counter()
    question = {
        "board": str(board) if isinstance(board, npuzzle.Board) else board,
        "from": _plain(from_),
        "to": _plain(to),
    }
    actors = _actors(SplitWorker, (question, cache, pattern_tiles), workers, threads,
                     concurrency_groups={"control": 1, "search": 1})
    try:
        first = ray.get(actors[0].first_bound.remote())
        bound = first
        iterations = []
        total = 0
        while True:
            subtrees, before, nodes, pruned, found = ray.get(actors[0].frontier.remote(depth, bound))
            if found is None and subtrees:
                size = chunk or max(1, len(subtrees) // (16 * len(actors)))
                chunks = [subtrees[i : i + size] for i in range(0, len(subtrees), size)]
                best, chunk_nodes, chunk_pruned = _run_iteration(
                    ray, actors, len(iterations), chunks, bound, ordered
                )
                if chunk_pruned is not None:
                    pruned = chunk_pruned if pruned is None else min(pruned, chunk_pruned)
                if best is not None and ordered:
                    # In order: the frontier's nodes before each subtree up
                    # to the solution's, and the subtrees' nodes up to it.
                    c, i, found = best
                    nodes = sum(before[: c * size + i + 1])
                    nodes += sum(sum(chunk_nodes[k]) for k in range(c)) + sum(chunk_nodes[c][: i + 1])
                else:
                    nodes += sum(sum(n) for n in chunk_nodes)
                    found = best[2] if best is not None else None
            iterations.append((bound, len(subtrees), nodes))
            total += nodes
            if found is not None:
                answer = ray.get(actors[0].solution.remote(found, total, time.perf_counter() - started))
                answer["iterations"] = iterations
                return answer
            if pruned is None:
                raise RuntimeError("nothing pruned and no solution: a bug")
            bound = pruned if pruned % 2 == first % 2 else pruned + 1
    finally:
        for actor in actors:
            ray.kill(actor)


def _plain(value: Any) -> Any:
    """An arrangement as plain data that crosses processes."""
    if value is None or isinstance(value, str):
        return value
    if hasattr(value, "tolist"):
        return value.tolist()
    return [v if isinstance(v, int) else _plain(v) for v in value]


def _run_iteration(ray, actors: list, iteration: int, chunks: list, bound: int, ordered: bool):
    """Hands the chunks out in order, two in flight per actor. Returns the
    first solution in order as ``(chunk, index, moves)`` (or None), each
    chunk's nodes per subtree, and the least pruned value."""
    pending = {}
    next_chunk = 0
    results: list = [[] for _ in chunks]
    best = None
    pruned = None

    def submit(actor) -> None:
        nonlocal next_chunk
        ref = actor.search.options(concurrency_group="search").remote(
            iteration, next_chunk, chunks[next_chunk], bound, ordered
        )
        pending[ref] = actor
        next_chunk += 1

    for _ in range(2):
        for actor in actors:
            if next_chunk < len(chunks):
                submit(actor)
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            actor = pending.pop(ref)
            c, index, found, nodes, p = ray.get(ref)
            results[c] = nodes
            if p is not None:
                pruned = p if pruned is None else min(pruned, p)
            if found is not None and (best is None or c < best[0]):
                best = (c, index, found)
                # Stop the chunks after it (all of them, unordered).
                after = c if ordered else -1
                for a in actors:
                    a.stop.options(concurrency_group="control").remote(iteration, after)
            if next_chunk < len(chunks) and (best is None or (ordered and next_chunk < best[0])):
                submit(actor)
    if best is not None and ordered:
        # Every chunk before the solution's was searched whole.
        assert all(len(results[k]) == len(chunks[k]) for k in range(best[0]))
    return best, results, pruned
