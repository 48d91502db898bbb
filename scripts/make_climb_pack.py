#!/usr/bin/env python3
"""Writes the Climb starter pack, levels/climb/starter.ron: two seeds per tier milled with
`mill generate --mode climb` (Spelunky-style path, templates from levels/climb/rooms.ron,
verified reachable, gems on reachable places). A Climb pack entry is a level code, so the level
is regenerated from its seed when the pack loads; changing rooms.ron changes these levels, and
this script picks them again.

From each tier's first SEEDS seeds it keeps the two whose routes are nearest the tier's median
length (the rater's score is the number of steps on the shortest route), easiest tier first.

    cargo build --release -p puzzlemill-core --bin mill && scripts/make_climb_pack.py
"""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MILL = os.path.join(ROOT, "target", "release", "mill")
SEEDS = 12
TIERS = ["easy", "medium", "hard", "expert"]
NAMES = ["First Descent", "Mossy Steps", "Echo Hall", "Root Cellar", "Spike Gallery",
         "The Long Drop", "Razor Ridge", "The Abyss"]


def milled(tier):
    out = subprocess.run(
        [MILL, "generate", "--mode", "climb", "--tier", tier, "--seed", "1", "--count",
         str(SEEDS)],
        check=True, capture_output=True, text=True).stdout
    return [(code, float(score))
            for code, score in re.findall(r"// (C\w+-\w+-\w): score ([\d.]+)", out)]


def main():
    lines = [
        "// The Climb starter set: made by scripts/make_climb_pack.py from the mill's own seeds.",
        "// Each level is its code: the game regenerates it (and proves it finishable) on load.",
        "(",
        '    name: "Starter Caves",',
        "    mode: Climb,",
        '    description: "Run and jump down through the caves to the exit door. Gems are a '
        'bonus; spikes send you back.",',
        "    levels: [",
    ]
    names = iter(NAMES)
    for tier in TIERS:
        levels = milled(tier)
        median = sorted(s for _, s in levels)[len(levels) // 2]
        picked = sorted(levels, key=lambda l: (abs(l[1] - median), l[0]))[:2]
        for code, score in sorted(picked, key=lambda l: l[1]):
            lines.append(f"        // {tier}: a route of {score:.0f} steps")
            lines.append(f'        (name: "{next(names)}", code: "{code}"),')
    lines += ["    ],", ")", ""]
    path = os.path.join(ROOT, "levels", "climb", "starter.ron")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
