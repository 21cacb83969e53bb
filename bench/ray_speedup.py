#!/usr/bin/env python3
"""Speed-up of npuzzle.ray on this machine: the K easiest of Korf & Felner's
50 24-puzzles (fewest nodes in their search) with the 6-6-6-6 databases,
answered by `npuzzle.ray.solve_many` with 1 and then 2 workers (actors of
one thread each, on a local Ray); then one instance split over 1 and 2
workers by `npuzzle.ray.solve_split`, its node count checked against the
single search on one thread.

Run it with the Python that has npuzzle and Ray installed (`.ci/run`
makes target/venv), after the tables are built (`npuzzle pdb build
--board 5x5 --blank 0`, or the first run builds them):

    target/venv/bin/python bench/ray_speedup.py [--count 10] [--split 40]

The tables are read from $NPUZZLE_CACHE, else the platform's cache
folder, as the command line does.
"""
import argparse
import os
import sys
import time

# A local Ray on loopback only (one node: nothing else to reach).
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

import npuzzle  # noqa: E402
import npuzzle.ray  # noqa: E402
import ray  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA24 = os.path.join(ROOT, "bench", "data", "korf24.txt")
GOAL = list(range(25))


def instances24():
    """(id, optimal length, Korf & Felner's nodes, tiles)."""
    with open(DATA24) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = list(map(int, line.split()))
            yield fields[0], fields[1], fields[2], fields[3:28]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--split", type=int, default=40, help="the instance split over the workers (0: none)")
    ap.add_argument("--depth", type=int, default=8)
    args = ap.parse_args()
    if not os.path.exists(DATA24):
        sys.exit(f"{DATA24} is not there")
    t = time.perf_counter()
    npuzzle.prepare("5x5", blank=0)
    print(f"5x5 tables (6-6-6-6) ready in {time.perf_counter() - t:.1f} s", flush=True)
    easiest = sorted(instances24(), key=lambda i: i[2])[: args.count]
    questions = [{"board": "5x5", "from": tiles, "to": GOAL, "id": ident} for ident, _, _, tiles in easiest]
    published = {ident: length for ident, length, _, _ in easiest}
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    times = {}
    for workers in (1, 2):
        t = time.perf_counter()
        answers = npuzzle.ray.solve_many(questions, workers=workers, threads=1)
        times[workers] = time.perf_counter() - t
        wrong = [a["id"] for a in answers if a.get("length") != published[a["id"]]]
        if wrong:
            sys.exit(f"wrong lengths: {wrong}")
        nodes = sum(a["nodes"] for a in answers)
        print(f"solve_many, {workers} worker(s) of one thread: {len(answers)} at the published "
              f"lengths, {nodes} nodes, {times[workers]:.1f} s", flush=True)
        if workers == 1:
            print(f"{'id':>3} {'length':>6} {'nodes':>14} {'seconds':>8}")
            for a in answers:
                print(f"{a['id']:>3} {a['length']:>6} {a['nodes']:>14} {a['seconds']:>8.1f}")
    print(f"speed-up with 2 workers: {times[1] / times[2]:.2f}x")
    if args.split:
        tiles = next(t for i, _, _, t in instances24() if i == args.split)
        t = time.perf_counter()
        single = npuzzle.solve("5x5", tiles, GOAL, threads=1)
        print(f"instance {args.split}, single search on one thread: {single.length} moves, "
              f"{single.nodes} nodes, {time.perf_counter() - t:.1f} s", flush=True)
        for workers in (1, 2):
            t = time.perf_counter()
            answer = npuzzle.ray.solve_split("5x5", tiles, GOAL, depth=args.depth, workers=workers, threads=1)
            same = "equal" if answer["nodes"] == single.nodes else "DIFFERENT"
            print(f"instance {args.split} split at depth {args.depth} over {workers} worker(s): "
                  f"{answer['length']} moves, {answer['nodes']} nodes ({same}), "
                  f"{len(answer['iterations'])} iterations, {time.perf_counter() - t:.1f} s", flush=True)
    ray.shutdown()


if __name__ == "__main__":
    main()
