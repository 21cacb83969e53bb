"""npuzzle.ray on a local Ray cluster of two nodes on loopback (Ray's own
cluster utilities: a head and a second node, one CPU each, stopped
afterwards): batches answered in order by one actor per node, and one
instance split over both with the node counts of the single search."""

import os

import pytest

# Everything on loopback: with this, Ray takes 127.0.0.1 as every node's
# address (it would take the machine's outward address otherwise), and
# its own cluster utilities still start several nodes.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

ray = pytest.importorskip(
    "ray", reason="Ray is not installed (pip install ray): the cluster tests are skipped"
)

import npuzzle  # noqa: E402
import npuzzle.ray  # noqa: E402
from conftest import GOAL16, KORF_FIRST_TEN, SMALL  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        assert cluster.address.startswith("127.0.0.1:")
        ray.init(address=cluster.address, log_to_driver=False)
        yield cluster
    finally:
        ray.shutdown()
        cluster.shutdown()


def test_two_nodes_one_actor_each(cluster, cache):
    alive = [n for n in ray.nodes() if n["Alive"]]
    assert len(alive) == 2
    actors = npuzzle.ray._actors(npuzzle.ray.Solver, (True, cache, SMALL, {}), None, None)
    try:
        where = ray.get([a.where.remote() for a in actors])
        assert len({w["node"] for w in where}) == 2
    finally:
        for a in actors:
            ray.kill(a)


def test_solve_many_answers_in_input_order(cluster, cache):
    questions = [
        {"board": "4x4", "from": tiles, "to": GOAL16, "id": ident} for ident, _, tiles in KORF_FIRST_TEN[:6]
    ]
    questions.insert(2, {"board": "3x3", "from": "2 1 3/4 5 6/7 8 0", "id": "odd"})
    questions.insert(4, {"board": "3x3", "from": [1, 2, 3], "id": "short"})
    answers = npuzzle.ray.solve_many(questions, cache=cache, pattern_tiles=SMALL)
    assert [a["id"] for a in answers] == [q["id"] for q in questions]
    lengths = {ident: length for ident, length, _ in KORF_FIRST_TEN}
    for q, a in zip(questions, answers):
        if q["id"] == "odd":
            assert a["reachable"] is False and a["kind"] == "parity"
        elif q["id"] == "short":
            assert "error" in a
        else:
            assert a["length"] == lengths[q["id"]] and a["optimal"]
            assert a["nodes"] > 0 and a["seconds"] > 0
            assert npuzzle.apply("4x4", q["from"], a["moves"]) == GOAL16


def test_questions_past_a_limit_are_answered_with_what_was_ruled_out(cluster, cache):
    ident, length, tiles = KORF_FIRST_TEN[0]
    questions = [
        {"board": "4x4", "from": tiles, "to": GOAL16, "id": "hard"},
        {"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "id": "easy"},
    ]
    answers = npuzzle.ray.solve_many(questions, cache=cache, pattern_tiles=0, max_nodes=50_000)
    assert answers[0]["error"] == "limit reached" and answers[0]["id"] == "hard"
    assert 0 < answers[0]["lower_bound"] <= length and answers[0]["nodes"] >= 50_000
    assert answers[1]["length"] == 24 and answers[1]["id"] == "easy"


def test_actors_keep_to_the_memory_they_are_given(cluster):
    # 3×4's shortest search needs 95,040 + 2 × 665,280 entries of 4 bytes.
    questions = [{"board": "3x4", "from": "1 2 3 4/5 6 7 8/9 10 0 11", "id": "tables"}]
    small = npuzzle.ray.solve_many(questions, cache=False, max_table_memory=1 << 20)
    assert "bytes allowed" in small[0]["error"] and small[0]["id"] == "tables"
    roomy = npuzzle.ray.solve_many(questions, cache=False, max_table_memory=6 << 20, max_search_memory=1 << 20)
    assert roomy[0]["length"] == 1 and roomy[0]["optimal"]


def test_one_instance_split_over_the_cluster(cluster, cache):
    for _, length, tiles in KORF_FIRST_TEN[:2]:
        single = npuzzle.solve("4x4", tiles, GOAL16, pattern_tiles=SMALL, cache=cache, threads=1)
        local = npuzzle.SplitSearch("4x4", tiles, GOAL16, pattern_tiles=SMALL, cache=cache).solve(8)
        answer = npuzzle.ray.solve_split("4x4", tiles, GOAL16, depth=8, cache=cache, pattern_tiles=SMALL, chunk=20)
        assert answer["length"] == length
        # Ordered: the same nodes and the same solution as one thread.
        assert answer["nodes"] == single.nodes
        assert [tuple(m) for m in answer["moves"]] == single.moves
        assert [tuple(i) for i in answer["iterations"]] == local.iterations
        # Unordered: the first solution in time stops all; only the last
        # iteration's count may differ.
        fast = npuzzle.ray.solve_split(
            "4x4", tiles, GOAL16, depth=7, cache=cache, pattern_tiles=SMALL, ordered=False, workers=2
        )
        assert fast["length"] == length
        assert [tuple(i) for i in fast["iterations"][:-1]] == [
            i for i in npuzzle.SplitSearch("4x4", tiles, GOAL16, pattern_tiles=SMALL, cache=cache)
            .solve(7).iterations[:-1]
        ]
