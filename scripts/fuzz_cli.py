#!/usr/bin/env python3
"""Hostile command lines for the `huarong` binary, drawn from a seed.

Each run is one random command (a subcommand, flags from its vocabulary,
values that are good, huge, negative, empty, non-numeric or very long). A
run fails if the binary panics (exit 101, or "panicked" on stderr), ends
with an exit status the help does not list, writes more than one line on
stderr for bad input, or outlives its timeout. Usage:

    scripts/fuzz_cli.py BINARY [--seed N] [--runs N] [--timeout SECS]

It prints the seed, the count and each failing command; exit 1 if any.
"""

import argparse
import random
import subprocess
import sys
import tempfile

VALUES = [
    "1", "0", "-1", "2", "0.5", "1e308", "-1e308", "1e-9", "nan", "inf", "",
    "x", "3x3", "4x4", "5x5", "0x0", "99x99", "1x1", "9" * 400, "'", "\u00e9",
    "1 2 3 4 5 6 0 7 8", "1 2 3 4 5 6 7 8 0", "8 6 7 2 5 4 3 0 1",
    "1 2 3", "1 1 2 3 4 5 6 7 0",
    "BAAC/BAAC/DEEF/DGHF/I..J", "AA/AA", ".E..B.../.E....../.FFAA.C./...AA.../.D......",
    "1", "横刀立马", "100", "all",
]
STRATEGIES = ["bfs", "bfs-mirror", "astar", "idastar", "ids", "dfs", "weighted",
              "fast", "annealing", "tabu", "greedy", "nope"]
HEURISTICS = ["misplaced", "manhattan", "linear-conflict", "pdb", "pdb78", "pdb6666", "nope"]
COMMON = ["--time-limit", "--max-memory", "--max-nodes", "--json"]
FLAGS = {
    "solve": ["--state", "--size", "--goal", "--klotski", "--layout", "-s", "-H",
              "--metric", "--weight", "--t0", "--alpha", "--seed", "--tenure",
              "--depth", "--anatomy", "--trace"],
    "hint": ["--state", "--size", "--klotski", "--layout", "-H"],
    "distances": ["--size", "--goal"],
    "compare": ["--state", "--size", "--klotski", "--layout", "--strategies"],
    "experiment": ["--size", "--count", "--shuffle", "--seed", "--strategies",
                   "--layout", "--klotski", "--total-time-limit"],
    "bench": ["--layouts", "-s", "--total-time-limit"],
    "layouts": [],
}
BARE = {"--json", "--anatomy"}
# The exit statuses `huarong --help` lists.
EXITS = {0, 2, 3, 4}


def command(rng, trace_dir):
    sub = rng.choice(list(FLAGS))
    args = [sub]
    # Most runs start from a good puzzle, so the hostile values reach the
    # searches and not only the parser.
    if sub in ("solve", "hint", "compare") and rng.random() < 0.7:
        args += rng.choice([["--state", "8 6 7 2 5 4 3 0 1"], ["--layout", "1"],
                            ["--state", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"]])
    for _ in range(rng.randint(0, 3)):
        flag = rng.choice(FLAGS[sub] + COMMON)
        args.append(flag)
        if flag in BARE:
            continue
        if flag == "-s":
            args.append(rng.choice(STRATEGIES))
        elif flag == "-H":
            args.append(rng.choice(HEURISTICS))
        elif flag == "--strategies":
            args.append(",".join(rng.sample(STRATEGIES, rng.randint(1, 3))))
        elif flag == "--trace":
            args.append(rng.choice(["-", f"{trace_dir}/t.jsonl", "/dev/null", trace_dir]))
        else:
            args.append(rng.choice(VALUES))
    return args


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--seed", type=int, default=30)
    p.add_argument("--runs", type=int, default=500)
    p.add_argument("--timeout", type=float, default=20.0)
    a = p.parse_args()
    rng = random.Random(a.seed)
    failures = 0
    exits = {}
    with tempfile.TemporaryDirectory() as trace_dir:
        for _ in range(a.runs):
            args = command(rng, trace_dir)
            # Bound every run, so a command without limits ends too.
            if "--time-limit" not in args and args[0] != "layouts":
                args += ["--time-limit", "2"]
            try:
                r = subprocess.run([a.binary, *args], capture_output=True, timeout=a.timeout)
            except subprocess.TimeoutExpired:
                failures += 1
                print("TIMEOUT", args)
                continue
            exits[r.returncode] = exits.get(r.returncode, 0) + 1
            err = r.stderr.decode("utf-8", "replace")
            lines = [l for l in err.splitlines() if l.strip()]
            panicked = r.returncode == 101 or "panicked" in err
            bad_exit = r.returncode not in EXITS
            # Bad input: one line (clap's usage help for a flag it does not
            # know is its own form and is allowed to follow it).
            chatty = r.returncode == 2 and len(lines) > 1 and "Usage:" not in err
            if panicked or bad_exit or chatty:
                failures += 1
                print(f"FAIL exit {r.returncode}:", args, "|", " / ".join(lines[:3]))
    tally = ", ".join(f"exit {k}: {v}" for k, v in sorted(exits.items()))
    print(f"seed {a.seed}: {a.runs} command lines ({tally}), {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
