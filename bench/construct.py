#!/usr/bin/env python3
"""Constructive solutions: moves and time on n x n boxes, 3-D boxes and
irregular boards, against the Manhattan-distance lower bound.

Each instance is a random arrangement (seeded) to the solved one, made
reachable by swapping two tiles when needed. Prints, per board: moves,
moves / n^3 (2-D) or / N^1.5 (others), the Manhattan lower bound (2-D
boxes), and seconds (`npuzzle solve --fast --count --json`, replay
included: `--fast` asks for the constructive answer, which boards of up
to 144 cells would otherwise not get).
Square boards up to 100x100 are the mean of several instances. The
greedy method this improves on averages 8/3 n^3 = 2.67 n^3 (Parberry,
2015). `--big` adds 500x500, the largest odd puzzle (about a minute).

    python3 bench/construct.py [--big] [--npuzzle BIN]
"""
import argparse
import json
import os
import random
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(npuzzle, spec, tiles, tmp):
    path = os.path.join(tmp, "from.txt")
    with open(path, "w") as f:
        f.write(" ".join(map(str, tiles)))
    reach = subprocess.run([npuzzle, "reach", "--board", spec, "--from", "@" + path], capture_output=True)
    if reach.returncode == 1:
        # Swap two tiles: the other parity class.
        i, j = [k for k, t in enumerate(tiles) if t != 0][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
        with open(path, "w") as f:
            f.write(" ".join(map(str, tiles)))
    done = subprocess.run([npuzzle, "solve", "--board", spec, "--from", "@" + path, "--fast", "--count", "--json"],
                          capture_output=True, check=True)
    answer = json.loads(done.stdout)
    return answer["length"], answer["seconds"]


def manhattan(rows, cols, tiles):
    total = 0
    for cell, t in enumerate(tiles):
        if t == 0:
            continue
        goal = t - 1
        total += abs(cell // cols - goal // cols) + abs(cell % cols - goal % cols)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--big", action="store_true", help="also 500x500")
    ap.add_argument("--npuzzle", help="the binary to measure (default: this checkout's, built first)")
    args = ap.parse_args()
    npuzzle = args.npuzzle
    if npuzzle is None:
        subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
        npuzzle = os.path.join(ROOT, "target", "release", "npuzzle")
    tmp = tempfile.mkdtemp(prefix="npuzzle-construct-")
    rng = random.Random(1)
    print(f"{'board':<14} {'cells':>7} {'moves':>12} {'ratio':>14} {'manhattan':>11} {'seconds':>8}  samples, ratio range")
    sizes = [10, 50, 100, 200] + ([500] if args.big else [])
    for n in sizes:
        # Several random boards where they are quick; the mean of each
        # column is printed.
        samples = 20 if n <= 10 else 5 if n <= 100 else 1
        runs = []
        for _ in range(samples):
            tiles = list(range(n * n))
            rng.shuffle(tiles)
            moves, secs = run(npuzzle, f"{n}x{n}", tiles, tmp)
            runs.append((moves, secs, manhattan(n, n, tiles)))
        moves, secs, low = (sum(r[k] for r in runs) / samples for k in range(3))
        ratios = [r[0] / n**3 for r in runs]
        print(f"{n}x{n:<11} {n*n:>7} {moves:>12.0f} {moves / n**3:>9.2f} n^3 {low:>11.0f} {secs:>8.2f}"
              f"  {samples}, {min(ratios):.2f}-{max(ratios):.2f}")
    others = [("10x10x10", 1000), ("20x20x20", 8000), ("30x30x30", 27000), ("6x6x6x6", 1296)]
    for spec, cells in others:
        tiles = list(range(cells))
        rng.shuffle(tiles)
        moves, secs = run(npuzzle, spec, tiles, tmp)
        print(f"{spec:<14} {cells:>7} {moves:>12} {moves / cells**1.5:>8.2f} N^1.5 {'':>11} {secs:>8.2f}")
    # Irregular boards: a 40x40 mask with holes, and a 100x100 one with a
    # column of two-cell holes every nine columns.
    holes = ["#" * 40 if r % 6 != 3 else "#" * 12 + "..." + "#" * 10 + ".." + "#" * 13 for r in range(40)]
    columns = ["".join("." if r % 7 == 3 and x % 9 in (4, 5) else "#" for x in range(100)) for r in range(100)]
    for name, rows in [("40x40 holes", holes), ("100x100 holes", columns)]:
        spec = "mask:" + "/".join(rows)
        cells = sum(r.count("#") for r in rows)
        tiles = list(range(cells))
        rng.shuffle(tiles)
        moves, secs = run(npuzzle, spec, tiles, tmp)
        print(f"{name:<14} {cells:>7} {moves:>12} {moves / cells**1.5:>8.2f} N^1.5 {'':>11} {secs:>8.2f}")


if __name__ == "__main__":
    main()
