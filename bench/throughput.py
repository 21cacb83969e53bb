#!/usr/bin/env python3
"""Throughput of `npuzzle judge` and `npuzzle batch` against the odd n×n
problem's reference program (C++).

Generates seeded inputs, each read from the file and through a pipe
(`cat FILE |`, the row marked `|`), builds the reference program (`seed000_odd.cpp`
in the folder NPUZZLE_PEERS names, g++ -O2) when it is there, runs each
command several times in the same run, checks that the outputs are
identical, and prints the medians, MB/s and the ratios (against the
reference and against `wc -w` on the same file). Then, per input, each
vector path of the parser this processor has (`NPUZZLE_VECTOR` = none,
ssse3, avx2, avx512, avx512vbmi2) timed side by side in the same turns, its output
checked against the default's.

    python3 bench/throughput.py [--runs 7] [--quick]
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.environ.get("NPUZZLE_PEERS", "")


def write_grid(out, cells, rng, rows):
    a = list(range(cells))
    rng.shuffle(a)
    width = cells // rows
    for r in range(rows):
        out.write(" ".join(map(str, a[r * width:(r + 1) * width])))
        out.write("\n")


def gen_odd(path, cases, n, seed):
    rng = random.Random(seed)
    with open(path, "w") as out:
        for _ in range(cases):
            out.write(f"{n}\n")
            write_grid(out, n * n, rng, n)
            write_grid(out, n * n, rng, n)


def gen_mxn(path, cases, m, n, seed):
    rng = random.Random(seed)
    with open(path, "w") as out:
        for _ in range(cases):
            out.write(f"{m} {n}\n")
            write_grid(out, m * n, rng, m)
        out.write("0 0\n")


def gen_commedia(path, cases, m, seed):
    rng = random.Random(seed)
    with open(path, "w") as out:
        out.write(f"{cases}\n")
        for _ in range(cases):
            out.write(f"{m}\n")
            write_grid(out, m ** 3, rng, m)


def gen_batch(path, lines, side, seed):
    rng = random.Random(seed)
    with open(path, "w") as out:
        for _ in range(lines):
            a = list(range(side * side))
            b = list(range(side * side))
            rng.shuffle(a)
            rng.shuffle(b)
            out.write('{"board":"%dx%d","from":[%s],"to":[%s]}\n'
                      % (side, side, ",".join(map(str, a)), ",".join(map(str, b))))


def run_once(cmd, stdin_path, pipe):
    """One run of `cmd` on the file as its standard input, or through a
    pipe from `cat`; the wall time and the output."""
    t = time.perf_counter()
    if pipe:
        cat = subprocess.Popen(["cat", stdin_path], stdout=subprocess.PIPE)
        done = subprocess.run(cmd, stdin=cat.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        cat.stdout.close()
        cat.wait()
    else:
        with open(stdin_path, "rb") as f:
            done = subprocess.run(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {done.stderr.decode()[:300]}")
    return elapsed, done.stdout


def timed(cmds, stdin_path, runs, pipe):
    """Median wall times of several commands, run in turns (so that the
    machine's drift touches them alike), and each one's output."""
    times = [[] for _ in cmds]
    outs = [b""] * len(cmds)
    for _ in range(runs):
        for k, cmd in enumerate(cmds):
            elapsed, outs[k] = run_once(cmd, stdin_path, pipe)
            times[k].append(elapsed)
    return [statistics.median(t) for t in times], outs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="smaller inputs")
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    npuzzle = os.path.join(ROOT, "target", "release", "npuzzle")
    tmp = tempfile.mkdtemp(prefix="npuzzle-bench-")
    reference_exe = None
    src = os.path.join(PEERS, "seed000_odd.cpp")
    if PEERS and os.path.exists(src) and shutil.which("g++"):
        reference_exe = os.path.join(tmp, "reference_odd")
        subprocess.run(["g++", "-O2", "-o", reference_exe, src], check=True)
    else:
        print("(no reference program: set NPUZZLE_PEERS to its folder; ratios against it are skipped)")

    scale = 4 if args.quick else 1
    inputs = {
        "odd": (os.path.join(tmp, "odd.txt"), lambda p: gen_odd(p, 20 // scale, 499, 1)),
        "odd-3x3": (os.path.join(tmp, "odd3.txt"), lambda p: gen_odd(p, 1_000_000 // scale, 3, 5)),
        "mxn": (os.path.join(tmp, "mxn.txt"), lambda p: gen_mxn(p, 8 // scale, 999, 999, 2)),
        "commedia": (os.path.join(tmp, "commedia.txt"), lambda p: gen_commedia(p, 8 // scale, 100, 3)),
        "batch": (os.path.join(tmp, "batch.jsonl"), lambda p: gen_batch(p, 8 // scale, 499, 4)),
    }
    print(f"processor: {processor()}, {os.cpu_count()} CPUs")
    paths = vector_paths()
    print(f"vector paths timed: {', '.join(paths)} (the default takes the widest)")
    columns = "".join(f" {p + ' s':>9}" for p in paths)
    print(f"{'input':<10} {'MB':>7} {'npuzzle s':>10} {'MB/s':>8} {'wc -w s':>8} {'vs wc':>6} {'ref s':>8} {'vs ref':>8}{columns}")
    for name, (path, gen) in inputs.items():
        gen(path)
        for pipe in (False, True):
            row_of(name, path, pipe, (npuzzle, paths), reference_exe, args.runs)
    shutil.rmtree(tmp)


def processor():
    """The processor's model name and its widest vector extensions."""
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read()
    except OSError:
        return "unknown"
    model = next((l.split(":", 1)[1].strip() for l in info.splitlines() if l.startswith("model name")), "unknown")
    flags = next((l.split(":", 1)[1].split() for l in info.splitlines() if l.startswith("flags")), [])
    have = [f for f in ("ssse3", "avx2", "avx512bw", "avx512vbmi", "avx512_vbmi2") if f in flags]
    return f"{model} ({' '.join(have) or 'no vector extensions'})"


def vector_paths():
    """The parser's vector paths this processor has, by their
    `NPUZZLE_VECTOR` names, "none" (the scalar paths alone) first."""
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read()
    except OSError:
        return ["none"]
    flags = next((l.split(":", 1)[1].split() for l in info.splitlines() if l.startswith("flags")), [])
    named = [("ssse3", "ssse3"), ("avx2", "avx2"), ("avx512bw", "avx512")]
    paths = ["none"] + [name for flag, name in named if flag in flags]
    if all(f in flags for f in ("avx512bw", "avx512vbmi", "avx512_vbmi2")):
        paths.append("avx512vbmi2")
    return paths


def row_of(name, path, pipe, npuzzle_paths, reference_exe, runs):
    """Times one input, from the file or through a pipe, and prints its row."""
    npuzzle, paths = npuzzle_paths
    mb = os.path.getsize(path) / 1e6
    fmt = name.split("-")[0]
    command = [npuzzle, "batch"] if name == "batch" else [npuzzle, "judge", fmt]
    cmds = [command, ["wc", "-w"]]
    with_reference = fmt == "odd" and reference_exe
    if with_reference:
        cmds.append([reference_exe])
    first_path = len(cmds)
    cmds += [["env", f"NPUZZLE_VECTOR={p}"] + command for p in paths]
    medians, outs = timed(cmds, path, runs, pipe)
    if any(out != outs[0] for out in outs[first_path:]):
        sys.exit("a vector path's output differs from the default's!")
    ours, wc = medians[0], medians[1]
    name = name + (" |" if pipe else "")
    row = f"{name:<10} {mb:>7.1f} {ours:>10.3f} {mb / ours:>8.0f} {wc:>8.3f} {wc / ours:>5.1f}x"
    if with_reference:
        if outs[2] != outs[0]:
            sys.exit("outputs differ from the reference program's!")
        row += f" {medians[2]:>8.3f} {medians[2] / ours:>7.1f}x"
    else:
        row += f" {'':>8} {'':>8}"
    row += "".join(f" {m:>9.3f}" for m in medians[first_path:])
    print(row, flush=True)


if __name__ == "__main__":
    main()
