#!/usr/bin/env python3
"""Writes the curated Slide and Trio packs in levels/slide/ and levels/trio/ with our generator.

Each pack takes levels of two tiers, milled from consecutive seeds with `mill generate --mode
slide|trio` (reverse simulation, verified by the forward solver, rated), orders them by the
rater's score and writes them easiest first. Every level keeps its code in a comment, so `mill
regenerate CODE` gives it back, and its shortest solution length, which the curated test checks.

    cargo build --release -p puzzlemill-core --bin mill && scripts/make_slide_packs.py
"""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MILL = os.path.join(ROOT, "target", "release", "mill")

# (mode, file, title, description, [(tier, first seed, count)], names)
PACKS = [
    ("slide", "first-flicks", "First Flicks",
     "Flick a box and it slides until something stops it. Park every box on a ring.",
     [("easy", 1, 8), ("medium", 101, 8)],
     ["Nudge", "Across", "Round the corner", "Backstop", "Two step", "Pinball", "Side door",
      "Park it", "Double park", "Relay", "Carom", "Stopper", "Bank shot", "Ricochet",
      "Shunting", "Queue"]),
    ("slide", "hard-stops", "Hard Stops",
     "More boxes, longer runs: use one box to stop another.",
     [("hard", 201, 8), ("expert", 301, 8)],
     ["Freight", "Sidings", "Marshalling", "Ice rink", "Curling", "Billiards", "Avalanche",
      "Caravan", "Convoy", "Rush hour", "Switchyard", "Logjam", "Gridlock", "Glacier",
      "Deep freeze", "Grand central"]),
    ("trio", "in-step", "In Step",
     "Every box moves at once. Find the turns that bring them home together.",
     [("easy", 1, 8), ("medium", 101, 8)],
     ["Together", "March", "Drill", "Parade", "Formation", "Lockstep", "Conga", "Waltz",
      "Flock", "Shoal", "Swarm", "Herd", "Troupe", "Choir", "Regiment", "Crew"]),
    ("trio", "three-of-a-kind", "Three of a Kind",
     "Long ways round: let the walls and each other line the boxes up.",
     [("hard", 201, 8), ("expert", 301, 8)],
     ["Triad", "Trident", "Tripod", "Triangle", "Trefoil", "Trilogy", "Triptych", "Trinity",
      "Troika", "Tricycle", "Triathlon", "Trireme", "Trellis", "Tribute", "Triumph",
      "Three peaks"]),
]

ENTRY = re.compile(r"^\s*// (\S+): score (-?[\d.]+)\s*$")


def mill(mode, tier, seed, count):
    out = subprocess.run(
        [MILL, "generate", "--mode", mode, "--tier", tier, "--seed", str(seed),
         "--count", str(count)],
        check=True, capture_output=True, text=True).stdout.splitlines()
    levels = []
    for i, line in enumerate(out):
        m = ENTRY.match(line)
        if m:
            entry = out[i + 1].strip().rstrip(",")
            rows = re.search(r"rows:\[(.*?)\]", entry).group(1)
            optimum = int(re.search(r"optimum:(\d+)", entry).group(1))
            levels.append((float(m.group(2)), m.group(1), rows, optimum))
    return levels


def main():
    for mode, file, title, description, tiers, names in PACKS:
        levels = []
        for tier, seed, count in tiers:
            levels += mill(mode, tier, seed, count)
        levels.sort(key=lambda l: l[0])
        assert len(levels) == len(names), (file, len(levels), len(names))
        path = os.path.join(ROOT, "levels", mode, f"{file}.ron")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(f"// {title}: milled by scripts/make_slide_packs.py; each level's code and score "
                    "in its comment.\n")
            f.write(f"(\n    name: \"{title}\",\n    mode: {mode.capitalize()},\n")
            f.write(f"    description: \"{description}\",\n    levels: [\n")
            for name, (score, code, rows, optimum) in zip(names, levels):
                f.write(f"        // {code}: score {score:.2f}\n")
                f.write(f"        (name: \"{name}\", rows: [{rows}], optimum: {optimum}),\n")
            f.write("    ],\n)\n")
        print(f"{path}: {len(levels)} levels, scores {[round(l[0], 1) for l in levels]}")


if __name__ == "__main__":
    main()
