#!/usr/bin/env python3
"""Rates everything the original Linjat generator made, to put `mill bench lines` in context.

The original's repository (github.com/jsnell/linjat, MIT) keeps in `puzzledb/` every puzzle its
`gen.sh` produced: one optimizer run per puzzle, 400 per number count, 1,600 for each of hard
(11x8) and expert (13x9). Its published collection (our `tests/data/linjat/puzzles.json`) is the
top 99 of those by a selection score. This script writes each tier's puzzles into a Lines pack,
rates them with `mill rate` (our classification, under the tier's weights, as `bench lines` scores
its own puzzles) and prints the percentiles of the original's output beside the collection's.

    git clone https://github.com/jsnell/linjat /tmp/linjat
    cargo build --release -p puzzlemill-core --bin mill
    scripts/linjat_puzzledb_scores.py /tmp/linjat/puzzledb
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MILL = os.path.join(ROOT, "target", "release", "mill")
CORPUS = os.path.join(ROOT, "crates", "puzzlemill-core", "tests", "data", "linjat", "puzzles.json")
# (tier, puzzledb file prefix): the board sizes the original's gen.sh made.
TIERS = [("easy", "h=9_w=6_"), ("medium", "h=10_w=7_"), ("hard", "h=11_w=8_"),
         ("expert", "h=13_w=9_")]


def rate(boards):
    """Our scores for a list of boards (lists of rows); unrated boards are left out."""
    levels = ",\n".join(
        f'(name: "{i}", rows: {json.dumps(rows)})' for i, rows in enumerate(boards))
    pack = f'(name: "puzzledb", mode: Lines, levels: [\n{levels}\n])\n'
    with tempfile.NamedTemporaryFile("w", suffix=".ron", delete=False) as f:
        f.write(pack)
        path = f.name
    try:
        out = subprocess.run([MILL, "rate", path], check=True, capture_output=True, text=True)
    finally:
        os.unlink(path)
    return sorted(r["score"] for r in json.loads(out.stdout) if r.get("score") is not None)


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    db = sys.argv[1]
    with open(CORPUS) as f:
        corpus = json.load(f)
    print(f"{'tier':<7} {'runs':>5} {'p10':>5} {'p25':>5} {'median':>6} {'p75':>5} {'p90':>5} "
          f"{'p95':>5}   collection median (its percentile among the runs)")
    for tier, prefix in TIERS:
        boards = []
        for path in sorted(glob.glob(os.path.join(db, prefix + "*"))):
            with open(path) as f:
                for line in f:
                    line = line.strip().rstrip(",")
                    if line:
                        boards.append(json.loads(line)["puzzle"])
        if not boards:
            continue
        runs = rate(boards)
        collection = rate([p["puzzle"] for p in corpus[tier] if "classification" in p])
        median = percentile(collection, 0.5)
        below = sum(1 for s in runs if s < median) / len(runs)
        cols = " ".join(f"{percentile(runs, q):>5.0f}" for q in (0.1, 0.25))
        cols += f" {percentile(runs, 0.5):>6.0f} "
        cols += " ".join(f"{percentile(runs, q):>5.0f}" for q in (0.75, 0.9, 0.95))
        print(f"{tier:<7} {len(runs):>5} {cols}   {median:.0f} ({100 * below:.0f}%)")


if __name__ == "__main__":
    main()
