#!/usr/bin/env python3
"""Shortest solutions on Korf's 100 15-puzzles: npuzzle against slidy.

Builds (or loads) npuzzle's pattern databases for the 4x4 board with the
blank's goal on cell 0, solves all 100 instances with `npuzzle batch
--optimal` (both cores), checks every length against the published one,
then builds and runs slidy 0.4.0's 4x4 solver (bench/slidy-peer, one
core, from crates.io) on the same instances in the same run and prints
the times and the ratio.

    python3 bench/optimal.py [--skip-peer]
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "korf100.txt")


def instances():
    with open(DATA) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = list(map(int, line.split()))
            yield fields[0], fields[1], fields[2:18]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-peer", action="store_true")
    args = ap.parse_args()
    if not os.path.exists(DATA):
        sys.exit(f"{DATA} is not there")
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    npuzzle = os.path.join(ROOT, "target", "release", "npuzzle")

    t = time.perf_counter()
    subprocess.run([npuzzle, "pdb", "build", "--board", "4x4", "--blank", "0"], check=True)
    print(f"npuzzle pattern databases ready in {time.perf_counter() - t:.1f} s")

    lines = "".join(
        json.dumps({"board": "4x4", "from": tiles, "to": list(range(16)), "id": [i, length]}) + "\n"
        for i, length, tiles in instances()
    )
    t = time.perf_counter()
    done = subprocess.run([npuzzle, "batch", "--optimal"], input=lines.encode(), capture_output=True, check=True)
    ours = time.perf_counter() - t
    answers = [json.loads(l) for l in done.stdout.decode().splitlines()]
    wrong = [a["id"] for a in answers if a.get("length") != a["id"][1]]
    nodes = sum(a["nodes"] for a in answers)
    print(f"npuzzle: {len(answers)} solved, {len(answers) - len(wrong)} of published length, "
          f"{nodes} nodes, {ours:.2f} s (both cores, database loading included)")
    if wrong:
        sys.exit(f"wrong lengths: {wrong}")

    if args.skip_peer:
        return
    peer = os.path.join(ROOT, "bench", "slidy-peer")
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=peer, check=True)
    done = subprocess.run([os.path.join(peer, "target", "release", "slidy-peer"), DATA],
                          capture_output=True, check=True)
    out = done.stdout.decode().split("\n")
    build = float(out[0].split()[1])
    search = float([l for l in out if l.startswith("search")][0].split()[1])
    lengths = {int(l.split()[0]): int(l.split()[1]) for l in out[1:] if l and l[0].isdigit()}
    agree = sum(lengths.get(i) == length for i, length, _ in instances())
    print(f"slidy 0.4.0: databases {build:.1f} s, search {search:.2f} s (one core), "
          f"{agree} of 100 lengths agree")
    print(f"ratio (slidy search / npuzzle total): {search / ours:.1f}x")


if __name__ == "__main__":
    main()
