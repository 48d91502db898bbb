#!/usr/bin/env python3
"""Writes the curated Lines tier packs in levels/lines/ with our own optimizer.

For each tier the script mills puzzles from consecutive seeds with `mill generate --mode lines`
(first candidates plus each tier's optimizer iterations, verified unique), keeps the first ten
that score at least the original collection's tenth percentile for the tier (rated by `mill rate`
from the corpus in the core's test data), orders them by score and writes them as a pack,
easiest first. The floor matters for hard and expert, where about two runs in five end below
the collection's median: without it the Expert pack opened at 270 against the collection's 399.
Every level keeps its code in a comment, so `mill regenerate CODE` gives it back. The tutorial
pack (levels/lines/tutorial.ron) is written by hand from boards that
`cargo run --release -p puzzlemill-core --example lines_tutorial` finds.

    cargo build --release -p puzzlemill-core --bin mill && scripts/make_lines_packs.py
"""
import json
import os
import re
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MILL = os.path.join(ROOT, "target", "release", "mill")

# (tier, title, description, first seed, names)
PACKS = [
    ("easy", "Easy", "Nine by six: cover the dots, fit the lines.", 1,
     ["Warm-up", "Stretch", "Reach out", "Side by side", "Corners", "Crosswalk",
      "Long and short", "Fences", "Tidy up", "Neat"]),
    ("medium", "Medium", "Ten by seven, and more numbers to fit.", 101,
     ["Grid lock", "Tracks", "Rails", "Ladders", "Weave", "Pathways", "Bricks", "Lattice",
      "Switchback", "Parquet"]),
    ("hard", "Hard", "Eleven by eight: pairs of dots that only go one way each.", 201,
     ["Crossroads", "Dominoes", "Squares", "Tug of war", "Deadlock", "Junction",
      "Compass", "Tangle", "Knots", "Gridiron"]),
    ("expert", "Expert", "Thirteen by nine: every way of reasoning you have learned.", 301,
     ["Cathedral", "Circuit board", "Loom", "Switchyard", "Fortress", "Clockwork",
      "Labyrinth", "Blueprint", "Mosaic", "Masterpiece"]),
]

CORPUS = os.path.join(ROOT, "crates", "puzzlemill-core", "tests", "data", "linjat", "puzzles.json")
# Seeds milled per tier at most, looking for puzzles above the floor.
MILLED = 30

ENTRY = re.compile(r"^\s*// (\S+): score (-?[\d.]+)\s*$")


def mill(tier, seed, count):
    out = subprocess.run(
        [MILL, "generate", "--mode", "lines", "--tier", tier, "--seed", str(seed),
         "--count", str(count)],
        check=True, capture_output=True, text=True).stdout.splitlines()
    levels = []
    for i, line in enumerate(out):
        m = ENTRY.match(line)
        if m:
            entry = out[i + 1].strip().rstrip(",")
            rows = re.search(r"rows:\[(.*?)\]", entry).group(1)
            levels.append((float(m.group(2)), m.group(1), rows))
    return levels


def floor(tier):
    """The original collection's tenth-percentile score for `tier`, by our rating."""
    with open(CORPUS) as f:
        boards = [p["puzzle"] for p in json.load(f)[tier] if p.get("puzzle")]
    levels = ",\n".join(
        f'(name: "{i}", rows: [{",".join(json.dumps(r) for r in rows)}])'
        for i, rows in enumerate(boards))
    with tempfile.NamedTemporaryFile("w", suffix=".ron") as pack:
        pack.write(f'(name: "Corpus", mode: Lines, description: "", levels: [{levels}])')
        pack.flush()
        rated = json.loads(subprocess.run([MILL, "rate", pack.name], check=True,
                                          capture_output=True, text=True).stdout)
    scores = sorted(r["score"] for r in rated)
    return scores[len(scores) // 10]


def main():
    for tier, title, description, seed, names in PACKS:
        least = floor(tier)
        kept = [l for l in mill(tier, seed, MILLED) if l[0] >= least][:len(names)]
        if len(kept) < len(names):
            raise SystemExit(f"{tier}: only {len(kept)} of {MILLED} seeds reach {least}")
        levels = sorted(kept, key=lambda l: l[0])
        path = os.path.join(ROOT, "levels", "lines", f"{tier}.ron")
        with open(path, "w") as f:
            f.write(f"// {title}: milled by scripts/make_lines_packs.py with our optimizer; each "
                    "level's code in its comment.\n")
            f.write(f"(\n    name: \"{title}\",\n    mode: Lines,\n")
            f.write(f"    description: \"{description}\",\n    levels: [\n")
            for name, (score, code, rows) in zip(names, levels):
                f.write(f"        // {code}: score {score:.0f}\n")
                f.write(f"        (name: \"{name}\", rows: [{rows}]),\n")
            f.write("    ],\n)\n")
        print(f"{path}: {len(levels)} levels at least {least:.0f}, scores "
              f"{[int(l[0]) for l in levels]}")


if __name__ == "__main__":
    main()
