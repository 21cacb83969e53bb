#!/usr/bin/env python3
"""Default answers on the 24-puzzle: Korf & Felner's 50 instances.

Runs `npuzzle solve` with no flags (the near-shortest default) on each
of the 50 instances, one process each, and prints its length against the
published shortest one, the lower bound npuzzle proves, the states it
expanded and its wall-clock time (process start and table loading
included). In the same run it asks for the constructive answer
(`--fast`), the method every 24-puzzle answer came from before, and
prints the ratio between the two.

The tables are built once before the timed runs (in the cache that
NPUZZLE_CACHE names, else the usual one): about ten seconds, once.

Target: every answer within 1.5 times the shortest, each under a second.

Then, on other rectangles of 17 to 36 cells, ten random instances each
(`npuzzle gen --seed 1`): the mean default length against the mean
constructive one, the mean ratio of the length to the proven lower
bound, and the mean and worst seconds (tables built beforehand).

    python3 bench/near.py [--count 50] [--skip-rectangles]
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA24 = os.path.join(ROOT, "bench", "data", "korf24.txt")
GOAL = " ".join(str(i) for i in range(25))


def instances():
    """(id, shortest length, tiles) of each data line."""
    with open(DATA24) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            yield int(fields[0]), int(fields[1]), " ".join(fields[3:28])


RECTANGLES = ["4x5", "3x7", "4x6", "5x6", "6x6", "4x8", "3x12", "2x16"]


def solve(binary, tiles, *flags, board="5x5", to=GOAL):
    """The JSON answer of one `npuzzle solve`, and its wall-clock time."""
    started = time.perf_counter()
    goal = ["--to", to] if to else []
    out = subprocess.run(
        [binary, "solve", "--board", board, "--from", tiles, *goal,
         "--count", "--json", *flags],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out), time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--skip-rectangles", action="store_true")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    binary = os.path.join(ROOT, "target", "release", "npuzzle")
    cases = list(instances())[: args.count]
    print("building the tables (once)...", file=sys.stderr)
    solve(binary, cases[0][2])
    print(f"{'id':>3} {'shortest':>8} {'npuzzle':>7} {'ratio':>6} {'bound':>5} "
          f"{'states':>8} {'seconds':>7} {'--fast':>6}")
    ratios, seconds, fast_ratios = [], [], []
    for ident, shortest, tiles in cases:
        answer, took = solve(binary, tiles)
        fast, _ = solve(binary, tiles, "--fast")
        length = answer["length"]
        assert answer["lower_bound"] <= shortest <= length, (ident, answer)
        ratios.append(length / shortest)
        seconds.append(took)
        fast_ratios.append(fast["length"] / length)
        print(f"{ident:>3} {shortest:>8} {length:>7} {length / shortest:>6.3f} "
              f"{answer['lower_bound']:>5} {answer['nodes']:>8} {took:>7.3f} "
              f"{fast['length']:>6}")
    print(f"\nlength / shortest: mean {sum(ratios) / len(ratios):.3f}, "
          f"worst {max(ratios):.3f} (target 1.5)")
    print(f"seconds: mean {sum(seconds) / len(seconds):.3f}, "
          f"worst {max(seconds):.3f} (target 1)")
    print(f"constructive (--fast) / default length: mean "
          f"{sum(fast_ratios) / len(fast_ratios):.2f}")
    ok = max(ratios) <= 1.5 and max(seconds) < 1.0
    print("target met" if ok else "TARGET MISSED")
    if not args.skip_rectangles:
        rectangles(binary)
    return 0 if ok else 1


def rectangles(binary):
    """Ten random instances on each of `RECTANGLES`: default against --fast."""
    print(f"\n{'board':>5} {'default':>8} {'--fast':>7} {'fast/default':>12} "
          f"{'length/bound':>12} {'mean s':>7} {'worst s':>7}")
    for board in RECTANGLES:
        starts = subprocess.run(
            [binary, "gen", "--board", board, "--count", "10", "--seed", "1"],
            check=True, capture_output=True, text=True,
        ).stdout.split("\n")[:10]
        solve(binary, starts[0], board=board, to=None)  # tables, once
        lengths, fasts, bounds, seconds = [], [], [], []
        for tiles in starts:
            answer, took = solve(binary, tiles, board=board, to=None)
            fast, _ = solve(binary, tiles, "--fast", board=board, to=None)
            lengths.append(answer["length"])
            fasts.append(fast["length"])
            bounds.append(answer["length"] / max(answer["lower_bound"], 1))
            seconds.append(took)
        mean = lambda v: sum(v) / len(v)
        print(f"{board:>5} {mean(lengths):>8.1f} {mean(fasts):>7.1f} "
              f"{mean(fasts) / mean(lengths):>12.2f} {mean(bounds):>12.2f} "
              f"{mean(seconds):>7.3f} {max(seconds):>7.3f}")


if __name__ == "__main__":
    sys.exit(main())
