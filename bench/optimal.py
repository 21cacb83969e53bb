#!/usr/bin/env python3
"""Shortest solutions on Korf's 100 15-puzzles: npuzzle against slidy;
and Korf & Felner's 24-puzzles.

Builds (or loads) npuzzle's pattern databases for the 4x4 board with the
blank's goal on cell 0 (the strongest set the cache holds: 7-8 where it
is built, else 7-7-1; `--pattern-tiles 7` forces 7-7-1, `8` builds 7-8),
solves all 100 instances with one `npuzzle batch --optimal` process
(both cores), checks every length against the published one, then builds
and runs slidy 0.7.0's optimal 4x4 solver (bench/slidy-peer, one core,
one solver reused for every instance, from crates.io; it needs the
nightly toolchain, and is skipped with a message where that is missing)
on the same instances in the same run. Both are timed as whole
processes, start-up and tables included; the peer's table build and
searches are also printed apart, and npuzzle's start and table loading
(a run that answers one solved instance, and a run that solves the
easiest instance) and its page faults.

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
import resource
import subprocess
import sys
import tempfile
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


def run_measured(cmd):
    """Runs `cmd` to the end: (its completed process, text, and its own
    peak resident memory in KB, mapped tables' pages it touched included)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen(cmd, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(cmd, p.returncode, out.read(), err.read()), usage.ru_maxrss


def korf24(npuzzle, count, max_seconds=None, pattern_tiles=None):
    t = time.perf_counter()
    tiles_flag = ["--pattern-tiles", str(pattern_tiles)] if pattern_tiles else []
    subprocess.run([npuzzle, "pdb", "build", "--board", "5x5", "--blank", "0", *tiles_flag],
                   check=True)
    chosen = "6-6-6-6 alone" if pattern_tiles else "the small catalogue where memory allows"
    print(f"5x5 pattern databases ({chosen}) ready in {time.perf_counter() - t:.1f} s")
    zpdb = {fields[0]: fields[3] for fields in rows(ZPDB24)}
    easiest = sorted(instances24(), key=lambda i: i[2])[:count]
    print(f"{'id':>3} {'length':>6} {'published':>9} {'nodes':>14} {'Korf-Felner':>14} "
          f"{'small-zpdb':>12} {'/zpdb':>6} {'seconds':>8} {'peak MB':>8}")
    limit = ["--time-limit", str(max_seconds)] if max_seconds else []
    total_time, total_nodes, total_kf, total_zpdb, stopped = 0.0, 0, 0, 0, 0
    for ident, length, their_nodes, tiles in easiest:
        t = time.perf_counter()
        done, peak_kb = run_measured(
            [npuzzle, "solve", "--optimal", "--json", "--board", "5x5",
             "--from", " ".join(map(str, tiles)), "--to", " ".join(map(str, range(25))), *limit,
             *tiles_flag])
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
              f"{zpdb[ident]:>12} {nodes / zpdb[ident]:>6.2f} {elapsed:>8.1f} "
              f"{peak_kb / 1024:>8.0f}", flush=True)
    note = f", {stopped} stopped at {max_seconds} s (their nodes so far)" if stopped else ""
    print(f"{count} instances: {total_nodes} nodes ({total_nodes / total_zpdb:.2f}x small-zpdb's "
          f"{total_zpdb}, {total_nodes / total_kf:.2f}x Korf & Felner's {total_kf}), "
          f"{total_time:.1f} s (both cores, loading included){note}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-peer", action="store_true")
    ap.add_argument("--pattern-tiles", type=int, help="7 (7-7-1) or 8 (7-8) on 4x4; "
                    "6 on 5x5 (--korf24): the 6-6-6-6 set alone, not the catalogue; "
                    "without it, the strongest set the cache holds")
    ap.add_argument("--korf24", type=int, default=0, metavar="K",
                    help="also solve the K easiest 24-puzzles")
    ap.add_argument("--skip-korf100", action="store_true")
    ap.add_argument("--runs", type=int, default=5, help="npuzzle runs of Korf's 100 (the best counts)")
    ap.add_argument("--peer-runs", type=int, default=2, help="slidy runs of Korf's 100 (the best counts)")
    ap.add_argument("--max-seconds", type=float, metavar="S",
                    help="stop each 24-puzzle at S seconds (and say so)")
    ap.add_argument("--npuzzle", metavar="PATH",
                    help="time this npuzzle binary instead of building this checkout's "
                         "(to compare two builds on the same machine)")
    args = ap.parse_args()
    npuzzle = args.npuzzle
    if not npuzzle:
        subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
        npuzzle = os.path.join(ROOT, "target", "release", "npuzzle")
    if not args.skip_korf100:
        korf100(npuzzle, args)
    if args.korf24:
        if not os.path.exists(DATA24):
            sys.exit(f"{DATA24} is not there")
        korf24(npuzzle, args.korf24, args.max_seconds, args.pattern_tiles)


def processor():
    """The processor's model name."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown processor"


def timed(cmd, stdin=None):
    """Runs `cmd` to the end: (seconds, stdout, minor and major page faults)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(cmd, input=stdin, capture_output=True, check=True)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (elapsed, done.stdout.decode(), after.ru_minflt - before.ru_minflt,
            after.ru_majflt - before.ru_majflt)


def korf100(npuzzle, args):
    if not os.path.exists(DATA):
        sys.exit(f"{DATA} is not there")
    print(f"processor: {processor()}, {os.cpu_count()} CPUs")
    tiles_flag = ["--pattern-tiles", str(args.pattern_tiles)] if args.pattern_tiles else []
    t = time.perf_counter()
    subprocess.run([npuzzle, "pdb", "build", "--board", "4x4", "--blank", "0"] + tiles_flag,
                   check=True)
    print(f"npuzzle pattern databases ready in {time.perf_counter() - t:.1f} s")

    def batch(lines):
        return timed([npuzzle, "batch", "--optimal"] + tiles_flag, lines.encode())

    def line(tiles, ident=None):
        return json.dumps({"board": "4x4", "from": tiles, "to": list(range(16)), "id": ident}) + "\n"

    every = list(instances())
    # Start alone: one instance already solved (no table is touched).
    start = min(batch(line(list(range(16))))[0] for _ in range(3))
    # Loading: the easiest instance (fewest moves), which maps the tables.
    easiest = min(every, key=lambda i: i[1])
    loading = min(batch(line(easiest[2]))[0] for _ in range(3))
    lines = "".join(line(tiles, [i, length]) for i, length, tiles in every)
    runs = [batch(lines) for _ in range(args.runs)]
    ours, out, minor, major = min(runs, key=lambda r: r[0])
    answers = [json.loads(l) for l in out.splitlines()]
    wrong = [a["id"] for a in answers if a.get("length") != a["id"][1]]
    nodes = sum(a["nodes"] for a in answers)
    print(f"npuzzle: {len(answers)} solved, {len(answers) - len(wrong)} of published length, "
          f"{nodes} nodes; whole process {ours:.3f} s (best of {args.runs}: "
          f"{', '.join(f'{r[0]:.3f}' for r in runs)}; both cores), of which start "
          f"{start:.3f} s and table loading (the easiest instance) {loading - start:.3f} s; "
          f"{minor} minor and {major} major page faults")
    if wrong:
        sys.exit(f"wrong lengths: {wrong}")

    if args.skip_peer:
        return
    peer = os.path.join(ROOT, "bench", "slidy-peer")
    nightly = subprocess.run(["cargo", "+nightly", "--version"], capture_output=True)
    if nightly.returncode != 0:
        print("slidy 0.7.0 skipped: it needs the nightly toolchain "
              "(rustup toolchain install nightly)")
        return
    subprocess.run(["cargo", "+nightly", "build", "--release", "-q"], cwd=peer, check=True)
    peer_runs = [timed([os.path.join(peer, "target", "release", "slidy-peer"), "stm", DATA])
                 for _ in range(args.peer_runs)]
    whole, text, _, _ = min(peer_runs, key=lambda r: r[0])
    out = text.split("\n")
    build = float(out[0].split()[1])
    peer_search = float([l for l in out if l.startswith("search")][0].split()[1])
    lengths = {int(l.split()[0]): int(l.split()[1]) for l in out[1:] if l and l[0].isdigit()}
    agree = sum(lengths.get(i) == length for i, length, _ in every)
    print(f"slidy 0.7.0: whole process {whole:.3f} s (best of {args.peer_runs}: "
          f"{', '.join(f'{r[0]:.3f}' for r in peer_runs)}; one core): tables {build:.3f} s, "
          f"search {peer_search:.3f} s; {agree} of 100 lengths agree")
    print(f"ratio, whole process against whole process: {whole / ours:.1f}x")


if __name__ == "__main__":
    main()
