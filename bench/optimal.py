#!/usr/bin/env python3
"""Shortest solutions on Korf's 100 15-puzzles: npuzzle against slidy;
and Korf & Felner's 24-puzzles.

Builds (or loads) npuzzle's pattern databases for the 4x4 board with the
blank's goal on cell 0 (7-7-1 by default, `--pattern-tiles 8` for 7-8),
solves all 100 instances with `npuzzle batch --optimal` (both cores),
checks every length against the published one, then builds and runs
slidy 0.4.0's 4x4 solver (bench/slidy-peer, one core, from crates.io) on
the same instances in the same run and prints the times and the ratio.
npuzzle's search time is its total less a run that only loads the
databases and answers one solved instance.

With `--korf24 K`, solves the K easiest of Korf & Felner's 50 24-puzzles
(fewest nodes in their search: ids 38, 40, 25, 32, 44, 37, 30, 13, 1,
28) with the 6-6-6-6 databases, one `npuzzle solve --optimal` each, and
prints per instance the length, our nodes beside Korf & Felner's and
those of Clausecker & Reinefeld's small-zpdb catalogue
(bench/data/korf24_small_zpdb.txt), the ratio to small-zpdb's and the
seconds, then the totals. `--max-seconds S` stops each instance at S
seconds (`--time-limit`) and says so; its nodes then count as far as
they went. The quick loop for the 24-puzzle:

    python3 bench/optimal.py --skip-korf100 --korf24 5 [--max-seconds 60]

    python3 bench/optimal.py [--pattern-tiles 8] [--skip-peer] [--korf24 10]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "bench", "data", "korf100.txt")
DATA24 = os.path.join(ROOT, "bench", "data", "korf24.txt")
ZPDB24 = os.path.join(ROOT, "bench", "data", "korf24_small_zpdb.txt")


def rows(path):
    """The numbers of each data line of `path` (comments and blank lines skipped)."""
    with open(path) as f:
        for line in f:
            if not line.startswith("#") and line.strip():
                yield list(map(int, line.split()))


def instances():
    """(id, optimal length, tiles)."""
    for fields in rows(DATA):
        yield fields[0], fields[1], fields[2:18]


def instances24():
    """(id, optimal length, Korf & Felner's nodes, tiles)."""
    for fields in rows(DATA24):
        yield fields[0], fields[1], fields[2], fields[3:28]


def korf24(npuzzle, count, max_seconds=None):
    t = time.perf_counter()
    subprocess.run([npuzzle, "pdb", "build", "--board", "5x5", "--blank", "0"], check=True)
    print(f"5x5 pattern databases (6-6-6-6) ready in {time.perf_counter() - t:.1f} s")
    zpdb = {fields[0]: fields[3] for fields in rows(ZPDB24)}
    easiest = sorted(instances24(), key=lambda i: i[2])[:count]
    print(f"{'id':>3} {'length':>6} {'published':>9} {'nodes':>14} {'Korf-Felner':>14} "
          f"{'small-zpdb':>12} {'/zpdb':>6} {'seconds':>8}")
    limit = ["--time-limit", str(max_seconds)] if max_seconds else []
    total_time, total_nodes, total_kf, total_zpdb, stopped = 0.0, 0, 0, 0, 0
    for ident, length, their_nodes, tiles in easiest:
        t = time.perf_counter()
        done = subprocess.run(
            [npuzzle, "solve", "--optimal", "--json", "--board", "5x5",
             "--from", " ".join(map(str, tiles)), "--to", " ".join(map(str, range(25))), *limit],
            capture_output=True, text=True)
        elapsed = time.perf_counter() - t
        reached = re.search(r"limit reached after (\d+) nodes", done.stderr)
        if done.returncode == 2 and reached:
            nodes, found = int(reached.group(1)), f"stopped at {max_seconds} s"
            stopped += 1
        elif done.returncode == 0:
            answer = json.loads(done.stdout)
            nodes, found = answer["nodes"], answer["length"]
            if found != length:
                sys.exit(f"instance {ident}: length {found}, published {length}")
        else:
            sys.exit(f"instance {ident}: exit {done.returncode}: {done.stderr}")
        total_time += elapsed
        total_nodes += nodes
        total_kf += their_nodes
        total_zpdb += zpdb[ident]
        print(f"{ident:>3} {found!s:>6} {length:>9} {nodes:>14} {their_nodes:>14} "
              f"{zpdb[ident]:>12} {nodes / zpdb[ident]:>6.2f} {elapsed:>8.1f}", flush=True)
    note = f", {stopped} stopped at {max_seconds} s (their nodes so far)" if stopped else ""
    print(f"{count} instances: {total_nodes} nodes ({total_nodes / total_zpdb:.2f}x small-zpdb's "
          f"{total_zpdb}, {total_nodes / total_kf:.2f}x Korf & Felner's {total_kf}), "
          f"{total_time:.1f} s (both cores, loading included){note}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-peer", action="store_true")
    ap.add_argument("--pattern-tiles", type=int, default=7, help="7 (7-7-1) or 8 (7-8) on 4x4")
    ap.add_argument("--korf24", type=int, default=0, metavar="K",
                    help="also solve the K easiest 24-puzzles")
    ap.add_argument("--skip-korf100", action="store_true")
    ap.add_argument("--max-seconds", type=float, metavar="S",
                    help="stop each 24-puzzle at S seconds (and say so)")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    npuzzle = os.path.join(ROOT, "target", "release", "npuzzle")
    if not args.skip_korf100:
        korf100(npuzzle, args)
    if args.korf24:
        if not os.path.exists(DATA24):
            sys.exit(f"{DATA24} is not there")
        korf24(npuzzle, args.korf24, args.max_seconds)


def korf100(npuzzle, args):
    if not os.path.exists(DATA):
        sys.exit(f"{DATA} is not there")
    tiles_flag = ["--pattern-tiles", str(args.pattern_tiles)]
    t = time.perf_counter()
    subprocess.run([npuzzle, "pdb", "build", "--board", "4x4", "--blank", "0"] + tiles_flag, check=True)
    print(f"npuzzle pattern databases ready in {time.perf_counter() - t:.1f} s")

    def batch(lines):
        t = time.perf_counter()
        done = subprocess.run([npuzzle, "batch", "--optimal"] + tiles_flag, input=lines.encode(),
                              capture_output=True, check=True)
        return time.perf_counter() - t, done.stdout.decode()

    # Loading alone: one instance already solved.
    solved = json.dumps({"board": "4x4", "from": list(range(16)), "to": list(range(16))}) + "\n"
    loading = min(batch(solved)[0] for _ in range(3))
    lines = "".join(
        json.dumps({"board": "4x4", "from": tiles, "to": list(range(16)), "id": [i, length]}) + "\n"
        for i, length, tiles in instances()
    )
    ours, out = batch(lines)
    answers = [json.loads(l) for l in out.splitlines()]
    wrong = [a["id"] for a in answers if a.get("length") != a["id"][1]]
    nodes = sum(a["nodes"] for a in answers)
    search = ours - loading
    print(f"npuzzle: {len(answers)} solved, {len(answers) - len(wrong)} of published length, "
          f"{nodes} nodes, {ours:.2f} s in all (both cores), of which {loading:.2f} s "
          f"start and database loading, {search:.2f} s search")
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
    peer_search = float([l for l in out if l.startswith("search")][0].split()[1])
    lengths = {int(l.split()[0]): int(l.split()[1]) for l in out[1:] if l and l[0].isdigit()}
    agree = sum(lengths.get(i) == length for i, length, _ in instances())
    print(f"slidy 0.4.0: databases {build:.1f} s, search {peer_search:.2f} s (one core), "
          f"{agree} of 100 lengths agree")
    print(f"ratio (slidy search / npuzzle search): {peer_search / search:.1f}x; "
          f"against npuzzle's total: {peer_search / ours:.1f}x")


if __name__ == "__main__":
    main()
