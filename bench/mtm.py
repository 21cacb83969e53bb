#!/usr/bin/env python3
"""Fewest multi-tile moves on random 4x4 states: npuzzle against slidy.

Makes N seeded random solvable 4x4 states (blank last in the goal, as
slidy's), builds (or loads) npuzzle's colored table (`npuzzle pdb build
--board 4x4 --metric mtm`, once, cached), solves every state with one
`npuzzle batch --optimal --metric mtm` process (both cores), then runs
slidy 0.7.0's optimal multi-tile solver (bench/slidy-peer, one core,
one solver reused; it needs the nightly toolchain, and is skipped with a
message where that is missing) on the same states in the same run.
Every length must agree. Both are timed as whole processes, start-up
and tables included; slidy's table build and searches are also printed
apart.

    python3 bench/mtm.py [--count 10] [--seed 1] [--skip-peer]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

from optimal import processor  # the same processor line as the 15-puzzle benchmark

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def solvable(tiles):
    """Whether a 4x4 arrangement (0 the blank) reaches 1..15 with the blank last."""
    t = [x for x in tiles if x]
    inversions = sum(1 for i in range(len(t)) for j in range(i + 1, len(t)) if t[i] > t[j])
    return (inversions + 3 - tiles.index(0) // 4) % 2 == 0


def states(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        tiles = list(range(16))
        rng.shuffle(tiles)
        if solvable(tiles):
            out.append(tiles)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-peer", action="store_true")
    args = ap.parse_args()
    print(f"processor: {processor()}, {os.cpu_count()} CPUs")
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    npuzzle = os.path.join(ROOT, "target", "release", "npuzzle")
    t = time.perf_counter()
    subprocess.run([npuzzle, "pdb", "build", "--board", "4x4", "--metric", "mtm"], check=True)
    print(f"npuzzle colored table ready in {time.perf_counter() - t:.1f} s")

    every = states(args.count, args.seed)
    goal = " ".join(map(str, list(range(1, 16)) + [0]))
    lines = "".join(json.dumps({"board": "4x4", "from": " ".join(map(str, s)), "to": goal,
                                "id": i + 1}) + "\n" for i, s in enumerate(every))
    t = time.perf_counter()
    done = subprocess.run([npuzzle, "batch", "--optimal", "--metric", "mtm"],
                          input=lines.encode(), capture_output=True, check=True)
    ours = time.perf_counter() - t
    answers = [json.loads(l) for l in done.stdout.decode().splitlines()]
    lengths = {a["id"]: a["mtm"] for a in answers}
    nodes = sum(a["nodes"] for a in answers)
    if not all(a.get("optimal") for a in answers):
        sys.exit("an answer is not marked shortest")
    print(f"npuzzle: {len(answers)} solved, {nodes} nodes, whole process {ours:.2f} s "
          f"(both cores); multi-tile lengths {[lengths[i + 1] for i in range(len(every))]}")
    if args.skip_peer:
        return
    nightly = subprocess.run(["cargo", "+nightly", "--version"], capture_output=True)
    if nightly.returncode != 0:
        print("slidy 0.7.0 skipped: it needs the nightly toolchain "
              "(rustup toolchain install nightly)")
        return
    peer = os.path.join(ROOT, "bench", "slidy-peer")
    subprocess.run(["cargo", "+nightly", "build", "--release", "-q"], cwd=peer, check=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(" ".join(map(str, s)) + "\n" for s in every))
        path = f.name
    try:
        t = time.perf_counter()
        done = subprocess.run([os.path.join(peer, "target", "release", "slidy-peer"), "mtm", path],
                              capture_output=True, check=True)
        whole = time.perf_counter() - t
    finally:
        os.unlink(path)
    out = done.stdout.decode().split("\n")
    build = float(out[0].split()[1])
    search = float([l for l in out if l.startswith("search")][0].split()[1])
    theirs = {int(l.split()[0]): int(l.split()[1]) for l in out[1:] if l and l[0].isdigit()}
    agree = sum(theirs.get(i) == length for i, length in lengths.items())
    print(f"slidy 0.7.0: whole process {whole:.2f} s (one core): table {build:.1f} s, "
          f"search {search:.2f} s; {agree} of {len(every)} lengths agree")
    if agree != len(every):
        sys.exit("lengths differ")
    print(f"ratio, whole process against whole process: {whole / ours:.1f}x; "
          f"slidy's search alone against our whole process: {search / ours:.2f}x")


if __name__ == "__main__":
    main()
